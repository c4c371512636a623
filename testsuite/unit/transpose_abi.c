/* transpose_abi.c — transposes through im_transpose, as generated code calls
 * them (a static handle per transfer, im_strategy, DR/SR/DN/SV), under both
 * orientations (strided loads, strided stores) and both strategies:
 *
 *   [QT] T := A#[Index2, Index1]     A over Q = [1..n, 1..m] with ghost cells
 *   [Q]  A2 := T#[Index2, Index1]    and back
 *   [C3T] X := B#[Index3, Index1, Index2]   rank 3
 *   [QT by [2, 3]] T := A#[Index2, Index1]  a strided region
 *   [1, 1..n] RT := W#[Index2, Index1]      one row from one column
 *   [QT] T := F#[Index2, Index1]    F over [1..n, *] (flood: the inspector)
 *
 * Every transpose runs twice with new source values (the second run reuses
 * the handle) and every result is checked against formulas on every PE.
 * --probe=1: a transpose reading outside the source's declared region must
 * stop every PE with status 2. */
#include "abi_util.h"

static int64_t n, m, l;

/* A handle per static transfer, as generated code keeps them. */
static im_transfer *handles[16];

static void run(int64_t id, zrt_array *dst, zrt_region r, zrt_array *src, int64_t p0, int64_t p1,
                int64_t p2, int64_t orientation, int64_t strategy) {
  handles[id] = im_transpose(handles[id], id, dst, r, src, p0, p1, p2, orientation);
  im_strategy(handles[id], strategy);
  im_dr(handles[id]);
  im_sr(handles[id]);
  im_dn(handles[id]);
  im_sv(handles[id]);
}

static double a_value(int64_t i, int64_t j, int64_t round) { return 100.0 * i + j + 1000.0 * round; }

static void fill_a(zrt_array *A, zrt_region Q, int64_t round) {
  acc a = acc_of(A, ZRT_F64);
  FOR_LOCAL(Q, i, j, k) AT_F64(a, i, j, k) = a_value(i, j, round);
}

/* [QT] T := A#[Index2, Index1] and [Q] A2 := T#[Index2, Index1], twice. */
static void square_and_back(zrt_array *A, zrt_array *T, zrt_array *A2, zrt_region Q,
                            zrt_region QT, int64_t orientation, int64_t strategy, int64_t id) {
  acc t = acc_of(T, ZRT_F64), a2 = acc_of(A2, ZRT_F64);
  int64_t e = 0;
  for (int64_t round = 0; round < 2; ++round) {
    fill_a(A, Q, round);
    run(id, T, QT, A, 2, 1, 0, orientation, strategy);
    FOR_LOCAL(QT, i, j, k) e += AT_F64(t, i, j, k) != a_value(j, i, round);
    run(id + 1, A2, Q, T, 2, 1, 0, orientation, strategy);
    FOR_LOCAL(Q, i, j, k) e += AT_F64(a2, i, j, k) != a_value(i, j, round);
  }
  char name[80];
  snprintf(name, sizeof name, "transpose and back, %s, %s",
           orientation == IM_LOADS ? "strided loads" : "strided stores",
           strategy == IM_CHAINED ? "chained" : "packed");
  report(name, e);
}

static double b_value(int64_t i, int64_t j, int64_t k) { return 10000.0 * i + 100.0 * j + k; }

/* [C3T] X := B#[Index3, Index1, Index2]: X(i, j, k) = B(k, i, j). */
static void rank3(zrt_array *B, zrt_array *X, zrt_region C3, zrt_region C3T, int64_t orientation,
                  int64_t strategy, int64_t id) {
  acc b = acc_of(B, ZRT_F64), x = acc_of(X, ZRT_F64);
  FOR_LOCAL(C3, i, j, k) AT_F64(b, i, j, k) = b_value(i, j, k);
  run(id, X, C3T, B, 3, 1, 2, orientation, strategy);
  int64_t e = 0;
  FOR_LOCAL(C3T, i, j, k) e += AT_F64(x, i, j, k) != b_value(k, i, j);
  report(orientation == IM_LOADS ? "rank 3, strided loads" : "rank 3, strided stores", e);
}

void zpl_main(void) {
  n = zrt_config_i64("n", 7);
  m = zrt_config_i64("m", 5);
  l = zrt_config_i64("l", 3);
  int64_t probe = zrt_config_i64("probe", 0);
  zrt_config_done();

  zrt_region Q = zrt_region_make(2, 1, n, 1, m, 0, 0);
  zrt_region QT = zrt_region_make(2, 1, m, 1, n, 0, 0);
  zrt_region QQ = zrt_region_make(2, 1, n, 1, n, 0, 0);
  zrt_region Row = zrt_region_make(2, 1, 1, 1, n, 0, 0);
  zrt_region FQ = zrt_region_flood(zrt_region_make(2, 1, n, 1, 1, 0, 0), 1);
  zrt_region C3 = zrt_region_make(3, 1, n, 1, m, 1, l);
  zrt_region C3T = zrt_region_make(3, 1, m, 1, l, 1, n);
  zrt_region_check("Q", Q);
  zrt_dist_add(Q);
  zrt_dist_add(QT);
  zrt_dist_add(QQ);
  zrt_dist_add(FQ);
  zrt_dist_add(C3);
  zrt_dist_add(C3T);

  zrt_array *A = zrt_array_new("A", Q, ZRT_F64, 1, 1, 2, 1, 0, 0);
  zrt_array *A2 = zrt_array_new("A2", Q, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *T = zrt_array_new("T", QT, ZRT_F64, 0, 2, 1, 0, 0, 0);
  zrt_array *RT = zrt_array_new("RT", Row, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *F = zrt_array_new("F", FQ, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *B = zrt_array_new("B", C3, ZRT_F64, 0, 0, 1, 1, 0, 0);
  zrt_array *X = zrt_array_new("X", C3T, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *W = zrt_array_new("W", QQ, ZRT_F64, 0, 0, 0, 0, 0, 0);

  if (probe == 1) /* [QQ] W := A#[Index2, Index1]: A has only m columns */
    run(15, W, QQ, A, 2, 1, 0, IM_LOADS, IM_PACKED);

  square_and_back(A, T, A2, Q, QT, IM_LOADS, IM_PACKED, 0);
  square_and_back(A, T, A2, Q, QT, IM_LOADS, IM_CHAINED, 2);
  square_and_back(A, T, A2, Q, QT, IM_STORES, IM_PACKED, 4);
  square_and_back(A, T, A2, Q, QT, IM_STORES, IM_CHAINED, 6);
  rank3(B, X, C3, C3T, IM_LOADS, IM_CHAINED, 8);
  rank3(B, X, C3, C3T, IM_STORES, IM_PACKED, 9);

  /* [QT by [2, 3]] T := A#[Index2, Index1]: only the lattice points change */
  acc t = acc_of(T, ZRT_F64);
  FOR_LOCAL(QT, i, j, k) AT_F64(t, i, j, k) = -1.0;
  fill_a(A, Q, 0);
  zrt_region QTby = zrt_region_by(QT, 2, 3, 0);
  run(10, T, QTby, A, 2, 1, 0, IM_STORES, IM_CHAINED);
  int64_t e = 0;
  FOR_LOCAL(QT, i, j, k) {
    bool on = (i - 1) % 2 == 0 && (j - 1) % 3 == 0;
    e += AT_F64(t, i, j, k) != (on ? a_value(j, i, 0) : -1.0);
  }
  report("transpose over a strided region", e);

  /* [Row] RT := W#[Index2, Index1], W over [1..n, 1..n]: RT(1, j) = W(j, 1) */
  acc rt = acc_of(RT, ZRT_F64), w = acc_of(W, ZRT_F64);
  FOR_LOCAL(QQ, i, j, k) AT_F64(w, i, j, k) = a_value(i, j, 0);
  run(11, RT, Row, W, 2, 1, 0, IM_LOADS, IM_CHAINED);
  e = 0;
  FOR_LOCAL(Row, i, j, k) e += AT_F64(rt, i, j, k) != a_value(j, 1, 0);
  report("one row from one column", e);

  /* [QT] T := F#[Index2, Index1] with F over [1..n, *]: T(i, j) = F(j) */
  acc f = acc_of(F, ZRT_F64);
  FOR_LOCAL(FQ, i, j, k) AT_F64(f, i, j, k) = 7.0 * i;
  run(13, T, QT, F, 2, 1, 0, IM_LOADS, IM_CHAINED);
  e = 0;
  FOR_LOCAL(QT, i, j, k) e += AT_F64(t, i, j, k) != 7.0 * j;
  report("transpose of a flood array", e);

  print_array("T", T, QT, "");
  report_all();
}
