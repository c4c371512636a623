/* fail.c — errors and termination: a local error (zrt_fail), one every PE
 * detects together (zrt_fail_all), and halt. */
#define _POSIX_C_SOURCE 199309L
#include "zplrt_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void zrt_fail(const char *message) {
  fflush(stdout);
  if (zrt_g.be && zrt_g.npes > 1 && zrt_g.me > 0) {
    /* An error often strikes several PEs at once; PE 0 (then the lower
     * ranks) get a head start so that usually one line is printed before
     * the abort takes every PE down. */
    int64_t ms = 30 * (zrt_g.me < 10 ? zrt_g.me : 10);
    struct timespec ts = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
  }
  fprintf(stderr, "%s: error: %s\n", zrt_g.prog ? zrt_g.prog : "zpl", message);
  fflush(stderr);
  if (zrt_g.be && zrt_g.npes > 1)
    zrt_g.be->abort(2);
  if (zrt_g.be)
    zrt_g.be->finalize();
  exit(2);
}

ZRT_NORETURN void zrt_failf(const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  zrt_fail(msg);
  exit(2); /* not reached */
}

ZRT_NORETURN void zrt_fail_all(const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fflush(stdout);
  if (zrt_g.me == 0) {
    fprintf(stderr, "%s: error: %s\n", zrt_g.prog ? zrt_g.prog : "zpl", msg);
    fflush(stderr);
  }
  if (zrt_g.be)
    zrt_g.be->finalize();
  exit(2);
}

void zrt_halt(void) {
  fflush(stdout);
  fflush(stderr);
  if (zrt_g.be)
    zrt_g.be->finalize();
  exit(1);
}

/* s as it may be quoted in a message: bytes that do not print (controls,
 * DEL and bytes above 0x7f) as \xNN and the backslash as \\, cut to fit
 * buf (ending in "..." when cut). Returns buf. */
const char *zrt_printable(const char *s, char *buf, size_t n) {
  size_t at = 0;
  for (const unsigned char *p = (const unsigned char *)s; *p; ++p) {
    char one[5];
    if (*p == '\\')
      snprintf(one, sizeof one, "\\\\");
    else if (*p < 0x20 || *p >= 0x7f)
      snprintf(one, sizeof one, "\\x%02x", *p);
    else
      snprintf(one, sizeof one, "%c", *p);
    size_t len = strlen(one);
    if (at + len + 4 > n) {
      snprintf(buf + at, n - at, "...");
      return buf;
    }
    memcpy(buf + at, one, len);
    at += len;
  }
  buf[at] = '\0';
  return buf;
}

