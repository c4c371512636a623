/* abi_util.h — helpers for the hand-written ABI test programs: they access
 * arrays exactly as generated code does (base pointer, offset, strides from
 * the runtime) and check their own results against formulas, so a wrong
 * serial run cannot pass. Each check sums its local mismatches over all PEs
 * and PE 0 prints "name: PASS" or "name: FAIL (k)"; the program ends with
 * "ALL PASS" or "SOME FAILED". */
#ifndef ABI_UTIL_H
#define ABI_UTIL_H

#include "ironman.h"
#include "zplrt.h"

#include <stdio.h>

typedef struct acc {
  void *b;
  int64_t off, s0, s1, s2;
} acc;

static inline acc acc_of(zrt_array *a, int64_t type) {
  acc x;
  x.b = type == ZRT_F64   ? (void *)zrt_array_f64(a)
        : type == ZRT_I64 ? (void *)zrt_array_i64(a)
        : type == ZRT_F32 ? (void *)zrt_array_f32(a)
                          : (void *)zrt_array_bool(a);
  x.off = zrt_array_offset(a);
  x.s0 = zrt_array_stride(a, 0);
  x.s1 = zrt_array_stride(a, 1);
  x.s2 = zrt_array_stride(a, 2);
  return x;
}

#define AT_F64(A, i, j, k) (((double *)(A).b)[(A).off + (i) * (A).s0 + (j) * (A).s1 + (k) * (A).s2])
#define AT_I64(A, i, j, k) (((int64_t *)(A).b)[(A).off + (i) * (A).s0 + (j) * (A).s1 + (k) * (A).s2])

/* for (i, j, k) over this PE's part of region R (lattice steps included) */
#define FOR_LOCAL(R, i, j, k)                                                                \
  for (int64_t i = zrt_local_lo(R, 0); i <= zrt_local_hi(R, 0); i += zrt_region_step(R, 0)) \
    for (int64_t j = zrt_local_lo(R, 1); j <= zrt_local_hi(R, 1); j += zrt_region_step(R, 1)) \
      for (int64_t k = zrt_local_lo(R, 2); k <= zrt_local_hi(R, 2); k += zrt_region_step(R, 2))

static int64_t abi_failures = 0;

static inline void report(const char *name, int64_t local_errors) {
  int64_t e = zrt_allreduce_i64(ZRT_SUM, local_errors);
  zrt_write_str(name);
  if (e == 0) {
    zrt_write_str(": PASS\n");
  } else {
    zrt_write_str(": FAIL (");
    zrt_write_i64(e, "");
    zrt_write_str(" wrong)\n");
    ++abi_failures;
  }
}

static inline void report_all(void) {
  zrt_write_str(abi_failures ? "SOME FAILED\n" : "ALL PASS\n");
}

static inline void print_array(const char *title, zrt_array *a, zrt_region r, const char *fmt) {
  zrt_write_str(title);
  zrt_writeln();
  zrt_write_array(a, r, fmt);
  zrt_writeln();
}

#endif
