/* config.c — the command line: config vars and runtime options. */
#include "zplrt_internal.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool zrt_parse_i64(const char *s, int64_t *out) {
  const char *p = s;
  if (*p == '+' || *p == '-')
    ++p;
  if (!isdigit((unsigned char)*p))
    return false;
  for (const char *q = p; *q; ++q)
    if (!isdigit((unsigned char)*q))
      return false;
  errno = 0;
  char *end;
  long long v = strtoll(s, &end, 10);
  if (errno == ERANGE || *end != '\0')
    return false;
  *out = (int64_t)v;
  return true;
}

bool zrt_parse_f64(const char *s, double *out) {
  if (*s == '\0' || isspace((unsigned char)*s))
    return false;
  errno = 0;
  char *end;
  double v = strtod(s, &end);
  if (*end != '\0' || end == s)
    return false;
  if (errno == ERANGE && isinf(v))
    return false;
  *out = v;
  return true;
}

bool zrt_parse_f32(const char *s, float *out) {
  double v;
  if (!zrt_parse_f64(s, &v))
    return false;
  if (isfinite(v) && fabs(v) > 3.4028234663852886e38)
    return false;
  *out = (float)v;
  return true;
}

bool zrt_parse_bool(const char *s, bool *out) {
  if (strcmp(s, "true") == 0) {
    *out = true;
    return true;
  }
  if (strcmp(s, "false") == 0) {
    *out = false;
    return true;
  }
  return false;
}

/* ---- registry of the program's config vars (for --help) ---------------------- */
typedef struct cvar {
  const char *name;
  const char *type;
  char dflt[48];
} cvar;

static ZRT_PE_LOCAL cvar *cvars;
static ZRT_PE_LOCAL int ncvars, capcvars;

static void remember(const char *name, const char *type, const char *dflt) {
  if (ncvars == capcvars) {
    capcvars = capcvars ? 2 * capcvars : 16;
    cvars = realloc(cvars, (size_t)capcvars * sizeof *cvars);
    if (!cvars)
      zrt_fail_all("out of memory");
  }
  cvars[ncvars].name = name;
  cvars[ncvars].type = type;
  snprintf(cvars[ncvars].dflt, sizeof cvars[ncvars].dflt, "%s", dflt);
  ++ncvars;
}

/* The value of `--name=value` (last one wins), or NULL; marks it used. */
static const char *lookup(const char *name) {
  const char *val = NULL;
  size_t n = strlen(name);
  for (int i = 1; i < zrt_g.argc; ++i) {
    const char *a = zrt_g.argv[i];
    if (a[0] != '-' || a[1] != '-' || strncmp(a + 2, name, n) != 0)
      continue;
    if (a[2 + n] == '=') {
      val = a + 3 + n;
      zrt_g.arg_used[i] = true;
    } else if (a[2 + n] == '\0') {
      zrt_fail_all("missing value for config var %s (write --%s=value)", name, name);
    }
  }
  return val;
}

/* A command-line word as the error that rejects it quotes it. */
static const char *quoted(const char *word) {
  static ZRT_PE_LOCAL char buf[ZRT_PRINTABLE_MAX]; /* a simulated PE is a thread */
  return zrt_printable(word, buf, sizeof buf);
}

int64_t zrt_config_i64(const char *name, int64_t dflt) {
  char buf[48];
  snprintf(buf, sizeof buf, "%lld", (long long)dflt);
  remember(name, "integer", buf);
  const char *s = lookup(name);
  if (!s)
    return dflt;
  int64_t v;
  if (!zrt_parse_i64(s, &v))
    zrt_fail_all("bad value '%s' for config var %s (expected integer)", quoted(s), name);
  return v;
}

int32_t zrt_config_i32(const char *name, int32_t dflt) {
  char buf[48];
  snprintf(buf, sizeof buf, "%d", (int)dflt);
  remember(name, "int32", buf);
  const char *s = lookup(name);
  if (!s)
    return dflt;
  int64_t v;
  if (!zrt_parse_i64(s, &v) || v < INT32_MIN || v > INT32_MAX)
    zrt_fail_all("bad value '%s' for config var %s (expected int32)", quoted(s), name);
  return (int32_t)v;
}

double zrt_config_f64(const char *name, double dflt) {
  char buf[48];
  snprintf(buf, sizeof buf, "%g", dflt);
  remember(name, "double", buf);
  const char *s = lookup(name);
  if (!s)
    return dflt;
  double v;
  if (!zrt_parse_f64(s, &v))
    zrt_fail_all("bad value '%s' for config var %s (expected double)", quoted(s), name);
  return v;
}

float zrt_config_f32(const char *name, float dflt) {
  char buf[48];
  snprintf(buf, sizeof buf, "%g", (double)dflt);
  remember(name, "float", buf);
  const char *s = lookup(name);
  if (!s)
    return dflt;
  float v;
  if (!zrt_parse_f32(s, &v))
    zrt_fail_all("bad value '%s' for config var %s (expected float)", quoted(s), name);
  return v;
}

bool zrt_config_bool(const char *name, bool dflt) {
  remember(name, "boolean", dflt ? "true" : "false");
  const char *s = lookup(name);
  if (!s)
    return dflt;
  bool v;
  if (!zrt_parse_bool(s, &v))
    zrt_fail_all("bad value '%s' for config var %s (expected boolean: true or false)", quoted(s), name);
  return v;
}

static void print_help(void) {
  printf("usage: %s [--name=value ...] [--grid=PxQ] [--stats]\n", zrt_g.prog);
  printf("runtime options:\n");
  printf("  --grid=P[xQ[xR]]  PE grid (default: as square as possible; the product must be "
         "the number of PEs)\n");
  printf("  --stats           print communication statistics after the program's output "
         "(default: off)\n");
  printf("  --help            print this help and exit\n");
  if (zrt_g.be->help)
    printf("%s", zrt_g.be->help);
  printf("config vars:\n");
  if (ncvars == 0)
    printf("  (none)\n");
  for (int i = 0; i < ncvars; ++i) {
    char opt[128];
    snprintf(opt, sizeof opt, "--%s=%s", cvars[i].name, cvars[i].dflt);
    printf("  %-24s %s\n", opt, cvars[i].type);
  }
}

void zrt_config_done(void) {
  if (zrt_g.config_done)
    return;
  zrt_g.config_done = true;
  for (int i = 1; i < zrt_g.argc; ++i) {
    if (strcmp(zrt_g.argv[i], "--help") == 0 || strcmp(zrt_g.argv[i], "-h") == 0) {
      if (zrt_g.me == 0)
        print_help();
      fflush(stdout);
      zrt_g.be->finalize();
      exit(0);
    }
  }
  for (int i = 1; i < zrt_g.argc; ++i) {
    if (zrt_g.arg_used[i])
      continue;
    const char *a = zrt_g.argv[i];
    if (zrt_g.be->accepts_option && zrt_g.be->accepts_option(a))
      continue;
    if (a[0] == '-' && a[1] == '-')
      zrt_fail_all("unknown option '%s' (see --help)", quoted(a));
    zrt_fail_all("unexpected argument '%s' (see --help)", quoted(a));
  }
  if (zrt_g.grid_rank) {
    int64_t prod = 1;
    for (int k = 0; k < zrt_g.grid_rank; ++k)
      prod *= zrt_g.grid_dims[k];
    if (prod != zrt_g.npes)
      zrt_fail_all("grid %s has %lld PEs but the program runs on %d", zrt_g.grid_text,
                   (long long)prod, zrt_g.npes);
  }
}

/* Runtime options, recognised at start-up. */
void zrt_parse_runtime_options(void) {
  for (int i = 1; i < zrt_g.argc; ++i) {
    const char *a = zrt_g.argv[i];
    if (strcmp(a, "--stats") == 0) {
      zrt_g.stats = true;
      zrt_g.arg_used[i] = true;
    } else if (strncmp(a, "--grid=", 7) == 0) {
      zrt_g.arg_used[i] = true;
      zrt_g.grid_text = a + 7;
      zrt_g.grid_rank = zrt_parse_grid(a + 7, zrt_g.grid_dims);
      if (zrt_g.grid_rank == 0)
        zrt_fail_all("bad value '%s' for --grid (expected P, PxQ or PxQxR)", quoted(a + 7));
    } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      zrt_g.arg_used[i] = true;
    }
  }
}
