/* fileio.c — files: open/close, write redirected to a file, read of
 * scalars and arrays in the text format `write` prints.
 *
 * A file lives where PE 0 runs: only PE 0 opens, reads and writes it.
 * Every PE keeps the same table of handles (name, mode, open or not), so
 * the errors every PE can see (a write to a file opened for reading, a
 * handle that is not open) end all PEs together (zrt_fail_all); the ones
 * only PE 0 sees (a missing file, a malformed number, the end of the
 * file) end them through zrt_failf, whose abort takes every PE down. A
 * scalar PE 0 reads is broadcast; an array is read in row blocks
 * (zrt_io_block_rows), each sent in pieces to the PEs that own it, so no
 * PE holds more than about one PE's share of it. On a back end that
 * models time, PE 0 is charged one library call per value it converts. */
#define _POSIX_C_SOURCE 200809L
#include "zplrt_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct zrt_file {
  char *name;
  char mode;    /* 'r', 'w' or 'a' */
  bool open;
  FILE *fp;     /* PE 0 only */
  int64_t line; /* reading: the line of the next value (1-based) */
} zrt_file;

static ZRT_PE_LOCAL zrt_file *files;
static ZRT_PE_LOCAL int64_t nfiles;

/* Handle f (1-based), which must be open in a mode `want` allows. */
static zrt_file *file_of(int64_t f, const char *doing, bool reading) {
  if (f < 1 || f > nfiles || !files[f - 1].open)
    zrt_fail_all("%s a file variable that is not open", doing);
  zrt_file *file = &files[f - 1];
  if (reading != (file->mode == 'r'))
    zrt_fail_all("file '%s', line %lld: cannot %s a file opened for %s", file->name,
                 (long long)file->line, reading ? "read from" : "write to",
                 file->mode == 'r' ? "reading" : "writing");
  return file;
}

/* PE 0's conversions of `values` values: local time on back ends that
 * model it. */
static void charge_conversions(int64_t values) {
  if (zrt_g.me != 0 || !zrt_g.be->compute || values <= 0)
    return;
  zrt_op_counts c = {0, 0, 1, 0, 0, 0};
  zrt_g.be->compute(values, 0, &c);
}

int64_t zrt_file_open(const char *name, const char *mode) {
  if (strcmp(mode, "r") != 0 && strcmp(mode, "w") != 0 && strcmp(mode, "a") != 0) {
    char shown[ZRT_PRINTABLE_MAX];
    zrt_fail_all("open of file '%s': unknown mode '%s' (expected \"r\", \"w\" or \"a\")", name,
                 zrt_printable(mode, shown, sizeof shown));
  }
  zrt_file *grown = realloc(files, (size_t)(nfiles + 1) * sizeof *files);
  char *copy = strdup(name);
  if (!grown || !copy)
    zrt_failf("out of memory opening file '%s'", name);
  files = grown;
  zrt_file *file = &files[nfiles++];
  *file = (zrt_file){copy, mode[0], true, NULL, 1};
  int64_t err = 0;
  if (zrt_g.me == 0 && !(file->fp = fopen(name, mode)))
    err = errno ? errno : EIO;
  zrt_g.be->broadcast(&err, sizeof err, 0);
  if (err)
    zrt_fail_all("cannot open file '%s' for %s: %s", name,
                 mode[0] == 'r' ? "reading" : "writing", strerror((int)err));
  return nfiles;
}

void zrt_file_close(int64_t f) {
  if (f < 1 || f > nfiles || !files[f - 1].open)
    zrt_fail_all("close of a file variable that is not open");
  zrt_file *file = &files[f - 1];
  if (file->fp && fclose(file->fp) != 0)
    zrt_failf("file '%s': error closing it: %s", file->name, strerror(errno));
  file->fp = NULL;
  file->open = false;
}

void zrt_file_output(int64_t f) {
  zrt_file *file = file_of(f, "write to", false);
  zrt_output_values();
  zrt_output_to(file->fp, true);
}

void zrt_file_output_end(void) {
  zrt_output_to(NULL, false);
  charge_conversions(zrt_output_values());
}

/* ---- reading (PE 0) ------------------------------------------------------------------------ */
enum { TOKEN_MAX = 64 };

/* The next whitespace-separated word of the file into tok (false at the
 * end of the file); file->line follows the newlines passed. */
static bool next_token(zrt_file *file, char tok[TOKEN_MAX + 1], bool *too_long) {
  int c, last = 0;
  while ((c = fgetc(file->fp)) != EOF && (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
                                          c == '\f' || c == '\v')) {
    file->line += c == '\n';
    last = c;
  }
  if (c == EOF) {
    file->line -= last == '\n' && file->line > 1; /* the end follows the last line */
    return false;
  }
  size_t n = 0;
  *too_long = false;
  do {
    if (n < TOKEN_MAX)
      tok[n++] = (char)c;
    else
      *too_long = true;
  } while ((c = fgetc(file->fp)) != EOF && !(c == ' ' || c == '\t' || c == '\n' ||
                                              c == '\r' || c == '\f' || c == '\v'));
  if (c != EOF)
    ungetc(c, file->fp);
  tok[n] = '\0';
  return true;
}

/* An int32: an integer within int32_t's range. */
static bool parse_i32(const char *tok, int32_t *out) {
  int64_t v;
  if (!zrt_parse_i64(tok, &v) || v < INT32_MIN || v > INT32_MAX)
    return false;
  *out = (int32_t)v;
  return true;
}

static const char *type_word(int type) {
  switch (type) {
  case ZRT_I64: return "an integer";
  case ZRT_I32: return "an int32";
  case ZRT_F64: return "a double";
  case ZRT_F32: return "a float";
  default: return "a boolean (true or false)";
  }
}

/* Reads one value of element type `type` into out (esz bytes); `element`
 * names what is being read, for the error. PE 0 only. */
static void read_value(zrt_file *file, int type, void *out, const char *element) {
  if (ferror(file->fp))
    zrt_failf("file '%s', line %lld: reading %s: %s", file->name, (long long)file->line,
              element, strerror(errno));
  char tok[TOKEN_MAX + 1];
  bool too_long = false;
  if (!next_token(file, tok, &too_long))
    zrt_failf("file '%s', line %lld: reading %s: the file ends (short read)", file->name,
              (long long)file->line, element);
  bool ok = !too_long;
  if (ok) {
    switch (type) {
    case ZRT_I64: ok = zrt_parse_i64(tok, (int64_t *)out); break;
    case ZRT_I32: ok = parse_i32(tok, (int32_t *)out); break;
    case ZRT_F64: ok = zrt_parse_f64(tok, (double *)out); break;
    case ZRT_F32: ok = zrt_parse_f32(tok, (float *)out); break;
    default: ok = zrt_parse_bool(tok, (bool *)out); break;
    }
  }
  if (!ok) {
    char shown[ZRT_PRINTABLE_MAX];
    zrt_failf("file '%s', line %lld: reading %s: '%s%s' is not %s", file->name,
              (long long)file->line, element, zrt_printable(tok, shown, sizeof shown),
              too_long ? "..." : "", type_word(type));
  }
}

/* A scalar: PE 0 reads it, every PE gets it. */
static void read_scalar(int64_t f, int type, void *out, size_t esz, const char *what) {
  zrt_file *file = file_of(f, "read from", true);
  if (zrt_g.me == 0)
    read_value(file, type, out, what);
  zrt_g.be->broadcast(out, esz, 0);
  charge_conversions(1);
}

int64_t zrt_file_read_i64(int64_t f, const char *what) {
  int64_t v = 0;
  read_scalar(f, ZRT_I64, &v, sizeof v, what);
  return v;
}

int32_t zrt_file_read_i32(int64_t f, const char *what) {
  int32_t v = 0;
  read_scalar(f, ZRT_I32, &v, sizeof v, what);
  return v;
}

double zrt_file_read_f64(int64_t f, const char *what) {
  double v = 0;
  read_scalar(f, ZRT_F64, &v, sizeof v, what);
  return v;
}

float zrt_file_read_f32(int64_t f, const char *what) {
  float v = 0;
  read_scalar(f, ZRT_F32, &v, sizeof v, what);
  return v;
}

bool zrt_file_read_bool(int64_t f, const char *what) {
  bool v = false;
  read_scalar(f, ZRT_BOOL, &v, sizeof v, what);
  return v;
}

/* "A[3, 1]": element e (row-major) of block b of array a. */
static void element_name(char *buf, size_t n, const char *what, const zrt_region *b, int64_t e) {
  int64_t idx[ZRT_MAX_RANK];
  for (int k = b->rank - 1; k >= 0; --k) {
    int64_t cnt = zrt_lattice_count(b, k);
    idx[k] = b->lo[k] + (e % cnt) * zrt_step(b, k);
    e /= cnt;
  }
  int used = snprintf(buf, n, "%s[", what);
  for (int k = 0; k < b->rank && used > 0 && (size_t)used < n; ++k)
    used += snprintf(buf + used, n - (size_t)used, k ? ", %lld" : "%lld", (long long)idx[k]);
  if (used > 0 && (size_t)used < n)
    snprintf(buf + used, n - (size_t)used, "]");
}

void zrt_file_read_array(int64_t f, zrt_array *a, zrt_region r, const char *what) {
  zrt_array_wrote(a);
  zrt_file *file = file_of(f, "read from", true);
  r = zrt_io_region(a, r, "read of");
  for (int k = 0; k < r.rank; ++k)
    if (zrt_is_flood(&a->decl, k))
      zrt_fail_all("read of array %s: its region has a flood dimension (read a plain array and "
                   "flood it)",
                   what);
  if (zrt_box_empty(&r))
    return;
  int64_t rows = zrt_lattice_count(&r, 0), per = zrt_io_block_rows(&r), per_row = 1;
  for (int k = 1; k < r.rank; ++k)
    per_row *= zrt_lattice_count(&r, k);
  char *block_values = NULL;
  if (zrt_g.me == 0 && !(block_values = malloc((size_t)(per * per_row) * a->esz)))
    zrt_failf("out of memory reading array %s", what);
  for (int64_t first = 0; first < rows; first += per) {
    zrt_region block = zrt_io_block(&r, first, per);
    int64_t n = zrt_lattice_count(&block, 0) * per_row;
    for (int64_t e = 0; e < n && zrt_g.me == 0; ++e) {
      char element[160];
      element_name(element, sizeof element, what, &block, e);
      read_value(file, a->type, block_values + (size_t)e * a->esz, element);
    }
    charge_conversions(n);
    zrt_io_scatter_block(a, &block, block_values);
  }
  free(block_values);
}
