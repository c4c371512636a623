/* collect_abi.c — partial reductions, scans and floods through the runtime
 * ABI, called exactly as generated code does (collection buffers filled
 * over the source region's local part, then _end), plus flood arrays
 * (stride 0, replicated, halos) and `by` regions, in ranks 1, 2 and 3.
 * Every result is checked against a formula on every PE (report()), and
 * the printed arrays are compared with the serial run by the test driver.
 *
 *   config var n = 7, m = 5, p = 3, k0 = 2, r0 = 3;
 *   region R = [1..n, 1..m]; BigR = [0..n+1, 0..m+1]; R3 = [1..n, 1..m, 1..p]; L = [1..n];
 *   region FR = [1..n, *]; FC = [*, 1..m]; FH = [*, *, 1..p];
 *   [1..n, 1] S := +<< [R] A;  [1, 1..m] S := max<< [R] A;  [FR] F := +<< [R] A; ...
 *   [R] K := +|| One;  [R] B := +|| [1] A;  ...
 *   [FR] F := >>[1..n, k0] A;  [FC] G := >>[r0, 1..m] A;  [R] B := A - F; ...
 */
#include "abi_util.h"

#include <math.h>

static double fa(int64_t i, int64_t j) { return (double)(10 * i + j); }
static int64_t fk(int64_t i, int64_t j) { return (i * 7 + j * 3) % 11; }
static double f3(int64_t i, int64_t j, int64_t k) { return (double)(100 * i + 10 * j + k); }

void zpl_main(void) {
  int64_t n = zrt_config_i64("n", 7);
  int64_t m = zrt_config_i64("m", 5);
  int64_t p = zrt_config_i64("p", 3);
  int64_t k0 = zrt_config_i64("k0", 2);
  int64_t r0 = zrt_config_i64("r0", 3);
  int64_t probe = zrt_config_i64("probe", 0);
  zrt_config_done();

  zrt_region R = zrt_region_make(2, 1, n, 1, m, 0, 0);
  zrt_region BigR = zrt_region_make(2, 0, n + 1, 0, m + 1, 0, 0);
  zrt_region R3 = zrt_region_make(3, 1, n, 1, m, 1, p);
  zrt_region L = zrt_region_make(1, 1, n, 0, 0, 0, 0);
  zrt_region FR = zrt_region_flood(zrt_region_make(2, 1, n, 1, 1, 0, 0), 1);
  zrt_region FC = zrt_region_flood(zrt_region_make(2, 1, 1, 1, m, 0, 0), 0);
  zrt_region FH = zrt_region_flood(zrt_region_flood(zrt_region_make(3, 1, 1, 1, 1, 1, p), 0), 1);
  zrt_region Empty = zrt_region_make(2, 1, n, 3, 2, 0, 0);
  zrt_region_check("R", R);
  zrt_region_check("BigR", BigR);
  zrt_region_check("R3", R3);
  zrt_region_check("L", L);
  zrt_region_check("FR", FR);
  zrt_region_check("FC", FC);
  zrt_region_check("FH", FH);
  if (probe == 1)
    zrt_region_check("Empty", Empty);
  zrt_dist_add(R);
  zrt_dist_add(BigR);
  zrt_dist_add(R3);
  zrt_dist_add(L);
  zrt_dist_add(FR);
  zrt_dist_add(FC);
  zrt_dist_add(FH);

  zrt_array *A = zrt_array_new("A", BigR, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *S = zrt_array_new("S", R, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *SK = zrt_array_new("SK", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *K = zrt_array_new("K", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *B = zrt_array_new("B", R, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *C = zrt_array_new("C", R, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *F = zrt_array_new("F", FR, ZRT_F64, 1, 1, 0, 0, 0, 0);
  zrt_array *G = zrt_array_new("G", FC, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *A3 = zrt_array_new("A3", R3, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *S3 = zrt_array_new("S3", R3, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *H = zrt_array_new("H", FH, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *V = zrt_array_new("V", L, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *W = zrt_array_new("W", L, ZRT_I64, 0, 0, 0, 0, 0, 0);
  acc a = acc_of(A, ZRT_F64), s = acc_of(S, ZRT_F64), sk = acc_of(SK, ZRT_I64),
      kk = acc_of(K, ZRT_I64), b = acc_of(B, ZRT_F64), c = acc_of(C, ZRT_F64),
      f = acc_of(F, ZRT_F64), g = acc_of(G, ZRT_F64), a3 = acc_of(A3, ZRT_F64),
      s3 = acc_of(S3, ZRT_F64), h = acc_of(H, ZRT_F64), v = acc_of(V, ZRT_I64),
      w = acc_of(W, ZRT_I64);

  /* the flood array's layout: stride 0 in the flood dimension */
  {
    int64_t e = 0;
    if (zrt_array_stride(F, 1) != 0 || zrt_array_stride(G, 0) != 0 ||
        zrt_array_stride(H, 0) != 0 || zrt_array_stride(H, 1) != 0 || zrt_array_stride(A, 1) != 1)
      ++e;
    if (zrt_local_lo(FR, 1) != 1 || zrt_local_hi(FR, 1) != 1)
      ++e;
    zrt_region fr = zrt_array_region(F);
    if (zrt_region_lo(fr, 0) != 1 || zrt_region_hi(fr, 0) != n)
      ++e;
    report("flood layout", e);
  }

  /* [R] A := 10*Index1 + Index2; K := (7i + 3j) % 11; [R3] A3 := ...; [L] V := Index1 */
  FOR_LOCAL(R, i, j, k) {
    AT_F64(a, i, j, k) = fa(i, j);
    AT_I64(kk, i, j, k) = fk(i, j);
  }
  FOR_LOCAL(R3, i, j, k) AT_F64(a3, i, j, k) = f3(i, j, k);
  FOR_LOCAL(L, i, j, k) AT_I64(v, i, j, k) = i;

  /* ---- partial reductions ---- */
  {
    zrt_region dr = zrt_region_make(2, 1, n, 1, 1, 0, 0);
    zrt_collect *hc = zrt_preduce_begin(S, dr, R, ZRT_SUM);
    double *buf = zrt_collect_f64(hc);
    int64_t o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0),
            c1 = zrt_collect_stride(hc, 1), c2 = zrt_collect_stride(hc, 2);
    FOR_LOCAL(R, i, j, k) {
      int64_t x = o + i * c0 + j * c1 + k * c2;
      buf[x] = buf[x] + AT_F64(a, i, j, k);
    }
    zrt_preduce_end(hc);
    int64_t e = 0;
    FOR_LOCAL(dr, i, j, k) e += AT_F64(s, i, j, k) != (double)(10 * i * m + m * (m + 1) / 2);
    report("preduce +<< rows into [1..n, 1]", e);
    print_array("S[1..n, 1]", S, dr, "");
  }
  {
    zrt_region dr = zrt_region_make(2, 1, 1, 1, m, 0, 0);
    zrt_collect *hc = zrt_preduce_begin(S, dr, R, ZRT_MAX);
    double *buf = zrt_collect_f64(hc);
    int64_t o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0),
            c1 = zrt_collect_stride(hc, 1);
    FOR_LOCAL(R, i, j, k) {
      int64_t x = o + i * c0 + j * c1;
      buf[x] = fmax(buf[x], AT_F64(a, i, j, k));
    }
    zrt_preduce_end(hc);
    int64_t e = 0;
    FOR_LOCAL(dr, i, j, k) e += AT_F64(s, i, j, k) != fa(n, j);
    report("preduce max<< columns into [1, 1..m]", e);
    print_array("S[1, 1..m]", S, dr, "");
  }
  {
    zrt_collect *hc = zrt_preduce_begin(F, FR, R, ZRT_SUM);
    double *buf = zrt_collect_f64(hc);
    int64_t o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0),
            c1 = zrt_collect_stride(hc, 1);
    FOR_LOCAL(R, i, j, k) {
      int64_t x = o + i * c0 + j * c1;
      buf[x] = buf[x] + AT_F64(a, i, j, k);
    }
    zrt_preduce_end(hc);
    int64_t e = 0;
    FOR_LOCAL(R, i, j, k) e += AT_F64(f, i, j, k) != (double)(10 * i * m + m * (m + 1) / 2);
    report("preduce +<< into flood array [1..n, *]", e);
    print_array("F over R", F, R, "");
  }
  {
    zrt_region dr = zrt_region_make(2, 1, n, 2, 2, 0, 0);
    zrt_region sr = zrt_region_make(2, 1, n, 2, m, 0, 0);
    zrt_collect *hc = zrt_preduce_begin(SK, dr, sr, ZRT_MIN);
    int64_t *buf = zrt_collect_i64(hc);
    int64_t o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0),
            c1 = zrt_collect_stride(hc, 1);
    FOR_LOCAL(sr, i, j, k) {
      int64_t x = o + i * c0 + j * c1;
      int64_t y = AT_I64(kk, i, j, k);
      buf[x] = y < buf[x] ? y : buf[x];
    }
    zrt_preduce_end(hc);
    int64_t e = 0;
    FOR_LOCAL(dr, i, j, k) {
      int64_t want = INT64_MAX;
      for (int64_t jj = 2; jj <= m; ++jj)
        want = fk(i, jj) < want ? fk(i, jj) : want;
      e += AT_I64(sk, i, j, k) != want;
    }
    report("preduce min<< integer rows into [1..n, 2]", e);
  }
  {
    zrt_region dr = zrt_region_make(3, 1, n, 1, m, 1, 1);
    zrt_collect *hc = zrt_preduce_begin(S3, dr, R3, ZRT_SUM);
    double *buf = zrt_collect_f64(hc);
    int64_t o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0),
            c1 = zrt_collect_stride(hc, 1), c2 = zrt_collect_stride(hc, 2);
    FOR_LOCAL(R3, i, j, k) {
      int64_t x = o + i * c0 + j * c1 + k * c2;
      buf[x] = buf[x] + AT_F64(a3, i, j, k);
    }
    zrt_preduce_end(hc);
    zrt_region dr2 = zrt_region_make(3, 1, 1, 2, 2, 1, p);
    hc = zrt_preduce_begin(S3, dr2, R3, ZRT_SUM);
    buf = zrt_collect_f64(hc);
    o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0), c1 = zrt_collect_stride(hc, 1),
    c2 = zrt_collect_stride(hc, 2);
    FOR_LOCAL(R3, i, j, k) {
      int64_t x = o + i * c0 + j * c1 + k * c2;
      buf[x] = buf[x] + AT_F64(a3, i, j, k);
    }
    zrt_preduce_end(hc);
    int64_t e = 0;
    FOR_LOCAL(dr, i, j, k) {
      if (i == 1 && j == 2)
        continue; /* overwritten by the second reduction */
      e += AT_F64(s3, i, j, k) != (double)(p * (100 * i + 10 * j) + p * (p + 1) / 2);
    }
    FOR_LOCAL(dr2, i, j, k) {
      double want = 0;
      for (int64_t ii = 1; ii <= n; ++ii)
        for (int64_t jj = 1; jj <= m; ++jj)
          want += f3(ii, jj, k);
      e += AT_F64(s3, i, j, k) != want;
    }
    report("preduce rank 3 (collapse dim 3; collapse dims 1 and 2)", e);
    print_array("S3[1, 2, 1..p]", S3, dr2, "");
  }
  {
    zrt_region dr = zrt_region_make(1, 1, 1, 0, 0, 0, 0);
    zrt_collect *hc = zrt_preduce_begin(W, dr, L, ZRT_SUM);
    int64_t *buf = zrt_collect_i64(hc);
    int64_t o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0);
    FOR_LOCAL(L, i, j, k) buf[o + i * c0] = buf[o + i * c0] + AT_I64(v, i, j, k);
    zrt_preduce_end(hc);
    int64_t e = 0;
    FOR_LOCAL(dr, i, j, k) e += AT_I64(w, i, j, k) != n * (n + 1) / 2;
    report("preduce rank 1 into [1]", e);
  }

  /* ---- scans ---- */
  {
    zrt_collect *hc = zrt_scan_begin(K, R, ZRT_SUM, -1);
    int64_t *buf = zrt_collect_i64(hc);
    int64_t o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0),
            c1 = zrt_collect_stride(hc, 1);
    FOR_LOCAL(R, i, j, k) buf[o + i * c0 + j * c1] = 1;
    zrt_scan_end(hc);
    int64_t e = 0;
    FOR_LOCAL(R, i, j, k) e += AT_I64(kk, i, j, k) != (i - 1) * m + j;
    report("scan +|| over R (row-major)", e);
    print_array("K := +|| 1", K, R, "%3d");
  }
  {
    zrt_collect *hc = zrt_scan_begin(B, R, ZRT_SUM, 0);
    double *buf = zrt_collect_f64(hc);
    int64_t o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0),
            c1 = zrt_collect_stride(hc, 1);
    FOR_LOCAL(R, i, j, k) buf[o + i * c0 + j * c1] = AT_F64(a, i, j, k);
    zrt_scan_end(hc);
    int64_t e = 0;
    FOR_LOCAL(R, i, j, k) e += AT_F64(b, i, j, k) != (double)(10 * i * (i + 1) / 2 + i * j);
    report("scan +|| [1] (along dimension 1)", e);
    print_array("B := +|| [1] A", B, R, "");
    hc = zrt_scan_begin(C, R, ZRT_SUM, 1);
    buf = zrt_collect_f64(hc);
    o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0), c1 = zrt_collect_stride(hc, 1);
    FOR_LOCAL(R, i, j, k) buf[o + i * c0 + j * c1] = AT_F64(a, i, j, k);
    zrt_scan_end(hc);
    e = 0;
    FOR_LOCAL(R, i, j, k) e += AT_F64(c, i, j, k) != (double)(10 * i * j + j * (j + 1) / 2);
    report("scan +|| [2] (along dimension 2)", e);
    print_array("C := +|| [2] A", C, R, "");
  }
  {
    /* max scan of a non-monotone integer pattern over a sub-region */
    zrt_region sub = zrt_region_make(2, 2, n, 2, m - 1, 0, 0);
    FOR_LOCAL(R, i, j, k) AT_I64(sk, i, j, k) = -1;
    zrt_collect *hc = zrt_scan_begin(SK, sub, ZRT_MAX, -1);
    int64_t *buf = zrt_collect_i64(hc);
    int64_t o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0),
            c1 = zrt_collect_stride(hc, 1);
    FOR_LOCAL(sub, i, j, k) buf[o + i * c0 + j * c1] = fk(i, j);
    zrt_scan_end(hc);
    int64_t e = 0;
    FOR_LOCAL(R, i, j, k) {
      int64_t want = -1;
      if (i >= 2 && j >= 2 && j <= m - 1) {
        want = INT64_MIN;
        for (int64_t ii = 2; ii <= i; ++ii)
          for (int64_t jj = 2; jj <= m - 1 && (ii < i || jj <= j); ++jj)
            want = fk(ii, jj) > want ? fk(ii, jj) : want;
      }
      e += AT_I64(sk, i, j, k) != want;
    }
    report("scan max|| over a sub-region", e);
    print_array("SK := max|| over [2..n, 2..m-1]", SK, R, "%2d");
  }
  {
    zrt_collect *hc = zrt_scan_begin(S3, R3, ZRT_SUM, 2);
    double *buf = zrt_collect_f64(hc);
    int64_t o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0),
            c1 = zrt_collect_stride(hc, 1), c2 = zrt_collect_stride(hc, 2);
    FOR_LOCAL(R3, i, j, k) buf[o + i * c0 + j * c1 + k * c2] = AT_F64(a3, i, j, k);
    zrt_scan_end(hc);
    int64_t e = 0;
    FOR_LOCAL(R3, i, j, k) e += AT_F64(s3, i, j, k) != (double)(k * (100 * i + 10 * j) + k * (k + 1) / 2);
    report("scan rank 3 along dimension 3", e);
    hc = zrt_scan_begin(S3, R3, ZRT_SUM, -1);
    buf = zrt_collect_f64(hc);
    o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0), c1 = zrt_collect_stride(hc, 1),
    c2 = zrt_collect_stride(hc, 2);
    FOR_LOCAL(R3, i, j, k) buf[o + i * c0 + j * c1 + k * c2] = 1.0;
    zrt_scan_end(hc);
    e = 0;
    FOR_LOCAL(R3, i, j, k) e += AT_F64(s3, i, j, k) != (double)(((i - 1) * m + (j - 1)) * p + k);
    report("scan rank 3 row-major", e);
    hc = zrt_scan_begin(S3, R3, ZRT_SUM, 0);
    buf = zrt_collect_f64(hc);
    o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0), c1 = zrt_collect_stride(hc, 1),
    c2 = zrt_collect_stride(hc, 2);
    FOR_LOCAL(R3, i, j, k) buf[o + i * c0 + j * c1 + k * c2] = AT_F64(a3, i, j, k);
    zrt_scan_end(hc);
    e = 0;
    FOR_LOCAL(R3, i, j, k) e += AT_F64(s3, i, j, k) != (double)(100 * i * (i + 1) / 2 + i * (10 * j + k));
    report("scan rank 3 along dimension 1", e);
    print_array("S3 := +|| [1] A3", S3, R3, "");
  }
  {
    zrt_collect *hc = zrt_scan_begin(W, L, ZRT_SUM, -1);
    int64_t *buf = zrt_collect_i64(hc);
    int64_t o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0);
    FOR_LOCAL(L, i, j, k) buf[o + i * c0] = AT_I64(v, i, j, k);
    zrt_scan_end(hc);
    int64_t e = 0;
    FOR_LOCAL(L, i, j, k) e += AT_I64(w, i, j, k) != i * (i + 1) / 2;
    report("scan rank 1", e);
    print_array("W := +|| V", W, L, "");
  }
  {
    /* an exact operator over part of a rank-1 region: each PE scans its
     * block from the blocks before it (empty blocks on many PEs) */
    zrt_region sub = zrt_region_make(1, 2, n, 0, 0, 0, 0);
    FOR_LOCAL(L, i, j, k) AT_I64(w, i, j, k) = -1;
    zrt_collect *hc = zrt_scan_begin(W, sub, ZRT_MIN, -1);
    int64_t *buf = zrt_collect_i64(hc);
    int64_t o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0);
    FOR_LOCAL(sub, i, j, k) buf[o + i * c0] = (i * 5) % 7;
    zrt_scan_end(hc);
    int64_t e = 0;
    FOR_LOCAL(L, i, j, k) {
      int64_t want = i < 2 ? -1 : INT64_MAX;
      for (int64_t ii = 2; ii <= i; ++ii)
        want = (ii * 5) % 7 < want ? (ii * 5) % 7 : want;
      e += AT_I64(w, i, j, k) != want;
    }
    report("scan min|| rank 1 over [2..n]", e);
    print_array("W := min|| over [2..n]", W, L, "");
  }

  /* ---- floods ---- */
  {
    zrt_region sr = zrt_region_make(2, 1, n, k0, k0, 0, 0);
    zrt_collect *hc = zrt_flood_begin(F, FR, sr);
    double *buf = zrt_collect_f64(hc);
    int64_t o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0),
            c1 = zrt_collect_stride(hc, 1);
    FOR_LOCAL(sr, i, j, k) buf[o + i * c0 + j * c1] = AT_F64(a, i, j, k);
    zrt_flood_end(hc);
    int64_t e = 0;
    FOR_LOCAL(R, i, j, k) e += AT_F64(f, i, j, k) != fa(i, k0);
    report("flood >>[1..n, k0] into flood array [1..n, *]", e);
    print_array("F over R", F, R, "");
    /* [R] B := A - F (a flood array combines with any extent) */
    FOR_LOCAL(R, i, j, k) AT_F64(b, i, j, k) = AT_F64(a, i, j, k) - AT_F64(f, i, j, k);
    e = 0;
    FOR_LOCAL(R, i, j, k) e += AT_F64(b, i, j, k) != (double)(j - k0);
    report("[R] B := A - F", e);
    /* halo of a flood array: [2..n, 1..m] B := F@north; along * nothing moves */
    zrt_region R2 = zrt_region_make(2, 2, n, 1, m, 0, 0);
    im_transfer *t = im_halo(NULL, 1, F, R2, -1, 0, 0);
    im_dr(t);
    im_sr(t);
    im_dn(t);
    FOR_LOCAL(R2, i, j, k) AT_F64(b, i, j, k) = AT_F64(f, i - 1, j, k);
    im_sv(t);
    e = 0;
    FOR_LOCAL(R2, i, j, k) e += AT_F64(b, i, j, k) != fa(i - 1, k0);
    report("flood array halo F@north", e);
    zrt_region R4 = zrt_region_make(2, 1, n - 1, 1, m, 0, 0);
    im_transfer *t2 = im_halo(NULL, 2, F, R4, 1, 1, 0);
    im_dr(t2);
    im_sr(t2);
    im_dn(t2);
    FOR_LOCAL(R4, i, j, k) AT_F64(b, i, j, k) = AT_F64(f, i + 1, j + 1, k);
    im_sv(t2);
    e = 0;
    FOR_LOCAL(R4, i, j, k) e += AT_F64(b, i, j, k) != fa(i + 1, k0);
    report("flood array halo F@[1,1]", e);
  }
  {
    /* into an ordinary array: the value lands at every index of the * dimension */
    zrt_region sr = zrt_region_make(2, 1, n, k0, k0, 0, 0);
    FOR_LOCAL(R, i, j, k) AT_F64(c, i, j, k) = -1;
    zrt_collect *hc = zrt_flood_begin(C, FR, sr);
    double *buf = zrt_collect_f64(hc);
    int64_t o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0),
            c1 = zrt_collect_stride(hc, 1);
    FOR_LOCAL(sr, i, j, k) buf[o + i * c0 + j * c1] = AT_F64(a, i, j, k) * 2;
    zrt_flood_end(hc);
    int64_t e = 0;
    FOR_LOCAL(R, i, j, k) e += AT_F64(c, i, j, k) != 2 * fa(i, k0);
    report("flood >>[1..n, k0] into an ordinary array over [1..n, *]", e);
    /* over an ordinary destination region */
    zrt_region dr = zrt_region_make(2, 2, n, 2, m, 0, 0);
    hc = zrt_flood_begin(C, dr, sr);
    buf = zrt_collect_f64(hc);
    o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0), c1 = zrt_collect_stride(hc, 1);
    FOR_LOCAL(sr, i, j, k) buf[o + i * c0 + j * c1] = AT_F64(a, i, j, k) * 3;
    zrt_flood_end(hc);
    e = 0;
    FOR_LOCAL(R, i, j, k) e += AT_F64(c, i, j, k) != (i >= 2 && j >= 2 ? 3 : 2) * fa(i, k0);
    report("flood >>[1..n, k0] over [2..n, 2..m]", e);
    print_array("C", C, R, "");
  }
  {
    zrt_region sr = zrt_region_make(2, r0, r0, 1, m, 0, 0);
    zrt_collect *hc = zrt_flood_begin(G, FC, sr);
    double *buf = zrt_collect_f64(hc);
    int64_t o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0),
            c1 = zrt_collect_stride(hc, 1);
    FOR_LOCAL(sr, i, j, k) buf[o + i * c0 + j * c1] = AT_F64(a, i, j, k);
    zrt_flood_end(hc);
    int64_t e = 0;
    FOR_LOCAL(R, i, j, k) e += AT_F64(g, i, j, k) != fa(r0, j);
    report("flood >>[r0, 1..m] into flood array [*, 1..m]", e);
    print_array("G over R", G, R, "");
  }
  {
    zrt_region sr = zrt_region_make(3, n, n, 1, 1, 1, p);
    zrt_collect *hc = zrt_flood_begin(H, FH, sr);
    double *buf = zrt_collect_f64(hc);
    int64_t o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0),
            c1 = zrt_collect_stride(hc, 1), c2 = zrt_collect_stride(hc, 2);
    FOR_LOCAL(sr, i, j, k) buf[o + i * c0 + j * c1 + k * c2] = AT_F64(a3, i, j, k);
    zrt_flood_end(hc);
    int64_t e = 0;
    FOR_LOCAL(R3, i, j, k) e += AT_F64(h, i, j, k) != f3(n, 1, k);
    report("flood rank 3 >>[n, 1, 1..p] into [*, *, 1..p]", e);
    print_array("H over R3", H, R3, "");
    /* reduce a flood array: every PE along * holds the same values, counted once */
    zrt_region dr = zrt_region_make(3, 1, 1, 1, 1, 1, p);
    hc = zrt_preduce_begin(S3, dr, FH, ZRT_SUM);
    buf = zrt_collect_f64(hc);
    o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0), c1 = zrt_collect_stride(hc, 1),
    c2 = zrt_collect_stride(hc, 2);
    FOR_LOCAL(FH, i, j, k) {
      int64_t x = o + i * c0 + j * c1 + k * c2;
      buf[x] = buf[x] + AT_F64(h, i, j, k);
    }
    zrt_preduce_end(hc);
    e = 0;
    FOR_LOCAL(dr, i, j, k) e += AT_F64(s3, i, j, k) != f3(n, 1, k);
    report("preduce over a flood region counts each value once", e);
  }

  /* ---- by regions ---- */
  {
    zrt_region RB = zrt_region_by(R, 2, 3, 1);
    int64_t e = 0;
    if (zrt_region_step(RB, 0) != 2 || zrt_region_step(RB, 1) != 3 || zrt_region_step(R, 0) != 1)
      ++e;
    FOR_LOCAL(R, i, j, k) AT_F64(b, i, j, k) = 0;
    FOR_LOCAL(RB, i, j, k) {
      if ((i - 1) % 2 != 0 || (j - 1) % 3 != 0)
        ++e;
      AT_F64(b, i, j, k) = AT_F64(b, i, j, k) + fa(i, j);
    }
    FOR_LOCAL(R, i, j, k)
      e += AT_F64(b, i, j, k) != ((i - 1) % 2 == 0 && (j - 1) % 3 == 0 ? fa(i, j) : 0.0);
    report("[R by [2, 3]] visits every lattice point once", e);
    print_array("[R by [2, 3]] B", B, RB, "");
    print_array("B", B, R, "");
    /* a scan over a strided region follows the lattice */
    zrt_collect *hc = zrt_scan_begin(K, RB, ZRT_SUM, -1);
    int64_t *buf = zrt_collect_i64(hc);
    int64_t o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0),
            c1 = zrt_collect_stride(hc, 1);
    FOR_LOCAL(RB, i, j, k) buf[o + i * c0 + j * c1] = 1;
    zrt_scan_end(hc);
    e = 0;
    int64_t per_row = (m - 1) / 3 + 1;
    FOR_LOCAL(RB, i, j, k) e += AT_I64(kk, i, j, k) != (i - 1) / 2 * per_row + (j - 1) / 3 + 1;
    report("scan over [R by [2, 3]]", e);
  }
  report_all();
}
