/* rename_abi.c — array renaming (zrt_array_rename) through the runtime ABI:
 * `[R] A := T` over most of the storage exchanges the two arrays' storage
 * (and A keeps its boundary ring); over one row of a loop over rows, where
 * the exchange would copy every other row back, the runtime declines and
 * the caller copies (tomcatv's tridiagonal solve took twice as long as
 * without renaming before it declined). Values are checked against
 * formulas on every PE; whether each call renamed is summed over all PEs.
 *
 *   [I] A := T;          -- renamed: A's storage is T's old storage
 *   for i: [i, I] A := T; -- copied: the storage stays
 */
#include "abi_util.h"

static double a_value(int64_t i, int64_t j) { return 100.0 * (double)i + (double)j; }
static double t_value(int64_t i, int64_t j, int64_t round) { return -1000.0 * (double)round - 10.0 * (double)i - (double)j; }

static void fill_t(zrt_array *T, zrt_region R, int64_t round) {
  acc t = acc_of(T, ZRT_F64);
  FOR_LOCAL(R, i, j, k)
  AT_F64(t, i, j, k) = t_value(i, j, round);
}

/* The copy the generated code makes when the runtime declines. */
static void copy_region(zrt_array *A, zrt_array *T, zrt_region R) {
  acc a = acc_of(A, ZRT_F64), t = acc_of(T, ZRT_F64);
  FOR_LOCAL(R, i, j, k)
  AT_F64(a, i, j, k) = AT_F64(t, i, j, k);
}

/* A's local elements of the whole region D: inside `written` the round's
 * T values, elsewhere A's own. */
static int64_t wrong_values(zrt_array *A, zrt_region D, int64_t lo0, int64_t hi0, int64_t lo1,
                            int64_t hi1, int64_t round) {
  acc a = acc_of(A, ZRT_F64);
  int64_t wrong = 0;
  FOR_LOCAL(D, i, j, k) {
    bool inside = i >= lo0 && i <= hi0 && j >= lo1 && j <= hi1;
    double want = inside ? t_value(i, j, round) : a_value(i, j);
    wrong += AT_F64(a, i, j, k) != want;
  }
  return wrong;
}

void zpl_main(void) {
  int64_t n = zrt_config_i64("n", 24);
  zrt_config_done();

  zrt_region D = zrt_region_make(2, 0, n + 1, 0, n + 1, 0, 0);
  zrt_region I = zrt_region_make(2, 1, n, 1, n, 0, 0);
  zrt_region_check("D", D);
  zrt_region_check("I", I);
  zrt_dist_add(D);
  zrt_array *A = zrt_array_new("A", D, ZRT_F64, 1, 1, 1, 1, 0, 0);
  zrt_array *T = zrt_array_new("T", D, ZRT_F64, 1, 1, 1, 1, 0, 0);
  acc a0 = acc_of(A, ZRT_F64);
  FOR_LOCAL(D, i, j, k)
  AT_F64(a0, i, j, k) = a_value(i, j);

  /* The interior, more than half of every PE's storage: renamed. */
  zrt_region IA = zrt_region_align(I, A);
  fill_t(T, IA, 1);
  void *t_storage = zrt_array_f64(T);
  bool renamed = zrt_array_rename(A, T, IA);
  if (!renamed)
    copy_region(A, T, IA);
  int64_t pes = zrt_allreduce_i64(ZRT_SUM, 1);
  report("interior renamed on every PE",
         pes - zrt_allreduce_i64(ZRT_SUM, renamed && zrt_array_f64(A) == t_storage));
  report("interior values", wrong_values(A, D, 1, n, 1, n, 1));

  /* Restore A's interior, then one row at a time: every call declines. */
  a0 = acc_of(A, ZRT_F64);
  FOR_LOCAL(D, i, j, k)
  AT_F64(a0, i, j, k) = a_value(i, j);
  int64_t renames = 0;
  for (int64_t row = 1; row <= n; ++row) {
    zrt_region R = zrt_region_align(zrt_region_make(2, row, row, 1, n, 0, 0), A);
    fill_t(T, R, 2);
    void *a_storage = zrt_array_f64(A);
    bool r = zrt_array_rename(A, T, R);
    if (!r)
      copy_region(A, T, R);
    renames += r || zrt_array_f64(A) != a_storage;
  }
  report("rows copied, not renamed", renames);
  report("row values", wrong_values(A, D, 1, n, 1, n, 2));

  zrt_array_free(A);
  zrt_array_free(T);
  report_all();
}
