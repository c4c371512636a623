/* checks.c — errors of the program itself that C leaves undefined or
 * reports only as a signal: integer division by zero (and INT64_MIN / -1),
 * shifts by less than 0 or more than 63 bits,
 * the index of a family's element outside the family,
 * failed checks the compiler emits (a loop step below 1, a region bound
 * that overflows), sizes beyond what the runtime can index, and a stack
 * overflow (unbounded recursion). Each prints one line and
 * ends every PE with exit status 2. */
#define _GNU_SOURCE
#include "zplrt_internal.h"

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

void zrt_fail_division(const char *where, int64_t dividend, int64_t divisor) {
  if (divisor == 0)
    zrt_failf("%s: division by zero", where);
  zrt_failf("%s: integer overflow in division: %lld / %lld", where, (long long)dividend,
            (long long)divisor);
}

void zrt_fail_shift(const char *where, int64_t amount) {
  zrt_failf("%s: shift by %lld bits (the amount must be 0 to 63)", where, (long long)amount);
}

void zrt_fail_family(const char *where, const char *family, int64_t index, int64_t first,
                     int64_t last) {
  zrt_failf("%s: index %lld is outside the bounds %lld..%lld of family '%s'", where,
            (long long)index, (long long)first, (long long)last, family);
}

void zrt_fail_at(const char *where, const char *message) {
  zrt_failf("%s: %s", where, message);
}

/* Every PE evaluates the declarations with the same config values, so all
 * of them fail here together. */
void zrt_fail_bound(const char *what) {
  zrt_fail_all("%s is too large (a bound overflows 64-bit integers)", what);
}

/* ---- sizes ------------------------------------------------------------------
 * Bounds, directions, ghost widths and numbers of indices within
 * ZRT_INDEX_LIMIT (2^60) keep every sum of a few of them, and every
 * extent, inside int64_t: the runtime's index arithmetic cannot overflow. */
bool zrt_index_too_large(int64_t x) { return x > ZRT_INDEX_LIMIT || x < -ZRT_INDEX_LIMIT; }

bool zrt_region_too_large(const zrt_region *r) {
  uint64_t count = 1;
  for (int k = 0; k < r->rank; ++k) {
    if (zrt_is_flood(r, k))
      continue;
    if (zrt_index_too_large(r->lo[k]) || zrt_index_too_large(r->hi[k]))
      return true;
    if (r->hi[k] < r->lo[k])
      continue; /* empty: the caller says so */
    uint64_t extent = (uint64_t)(r->hi[k] - r->lo[k]) + 1;
    if (__builtin_mul_overflow(count, extent, &count) || count > (uint64_t)ZRT_INDEX_LIMIT)
      return true;
  }
  return false;
}

void zrt_check_direction(int64_t rank, const int64_t d[ZRT_MAX_RANK]) {
  for (int k = 0; k < rank; ++k)
    if (zrt_index_too_large(d[k])) {
      char b[96];
      int w = snprintf(b, sizeof b, "[");
      for (int j = 0; j < rank; ++j)
        w += snprintf(b + w, sizeof b - (size_t)w, "%s%lld", j ? ", " : "", (long long)d[j]);
      snprintf(b + w, sizeof b - (size_t)w, "]");
      zrt_failf("direction %s is too large (components are limited to 2^60)", b);
    }
}

/* ---- stack overflow ---------------------------------------------------------
 * A fault next to the interrupted stack pointer is a stack overflow: the
 * stack ran into the guard page below it (the main thread's, or a
 * simulated PE's). The handler runs on a stack of its own, since the
 * overflowed one has no room left. Any other fault is not ours: the
 * previous handler (the default, or a sanitizer's) gets it. */
enum { ALT_STACK_BYTES = 64 * 1024, NEAR_STACK_POINTER = 64 * 1024 };
/* PE-local like all runtime state (the simulator's PEs share one thread:
 * the first PE installs the handler and the thread's alternate stack). */
static ZRT_PE_LOCAL void *alt_stack;
static ZRT_PE_LOCAL struct sigaction previous_segv;

static uintptr_t interrupted_stack_pointer(void *context) {
  const ucontext_t *uc = context;
#if defined(__x86_64__)
  return (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
#elif defined(__aarch64__)
  return (uintptr_t)uc->uc_mcontext.sp;
#else
  (void)uc;
  return 0; /* unknown: never claim a fault */
#endif
}

/* Appends s to the line in buf (of size cap) at *len, as room allows. */
static void append(char *buf, size_t cap, size_t *len, const char *s) {
  while (*s && *len + 1 < cap)
    buf[(*len)++] = *s++;
}

static void on_segv(int sig, siginfo_t *info, void *context) {
  uintptr_t sp = interrupted_stack_pointer(context), addr = (uintptr_t)info->si_addr;
  uintptr_t distance = addr > sp ? addr - sp : sp - addr;
  if (sp == 0 || distance > NEAR_STACK_POINTER) {
    sigaction(sig, &previous_segv, NULL); /* the fault repeats under it */
    return;
  }
  /* The program's own output comes first, as with every other error. */
  fflush(stdout);
  /* One write, so that lines of several PEs do not interleave. */
  char line[256];
  size_t len = 0;
  append(line, sizeof line, &len, zrt_g.prog ? zrt_g.prog : "zpl");
  append(line, sizeof line, &len, ": error: stack overflow (recursion too deep)\n");
  ssize_t written = write(STDERR_FILENO, line, len);
  (void)written; /* nothing more to do if it failed: the program ends */
  /* Ends this PE; mpirun ends the others when a rank exits with status 2. */
  _exit(2);
}

void zrt_install_stack_guard(void) {
  stack_t ss;
  if (sigaltstack(NULL, &ss) != 0)
    return;
  if (ss.ss_flags & SS_DISABLE) { /* this thread has none yet (a sanitizer may have one) */
    alt_stack = malloc(ALT_STACK_BYTES);
    memset(&ss, 0, sizeof ss);
    ss.ss_sp = alt_stack;
    ss.ss_size = ALT_STACK_BYTES;
    if (!alt_stack || sigaltstack(&ss, NULL) != 0)
      return; /* no alternate stack: an overflow stays a plain SIGSEGV */
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_segv;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  struct sigaction old;
  if (sigaction(SIGSEGV, &sa, &old) == 0 && old.sa_sigaction != on_segv)
    previous_segv = old;
}
