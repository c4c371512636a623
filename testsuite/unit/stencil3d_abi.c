/* stencil3d_abi.c — ABI-level test of rank-3 and rank-1 distributions:
 * 3D shifts with one, two and three nonzero components (up to 7
 * neighbours), a rank-1 array in the same program, i64/f32/bool arrays and
 * gathered output. Output must not depend on the PEs or the grid.
 *
 *   config var n = 6, m = 10;
 *   region C = [1..n, 1..n, 1..n]; BigC = [0..n+1, 0..n+1, 0..n+1];
 *   region L = [1..m]; BigL = [0..m+1];
 *   [BigC] A := Index1*100 + Index2*10 + Index3;
 *   [C] T := A@[1,1,1] + 2*A@[-1,0,1] + 3*A@[0,-1,0];
 *   [BigL] V := Index1 * 1.5;  [L] W := V@[-1] - V@[1];
 *   writeln(T); writeln(W); ...
 */
#include "ironman.h"
#include "zplrt.h"

void zpl_main(void) {
  int64_t n = zrt_config_i64("n", 6);
  int64_t m = zrt_config_i64("m", 10);
  float f = zrt_config_f32("f", 0.5f);
  zrt_config_done();

  zrt_region C = zrt_region_make(3, 1, n, 1, n, 1, n);
  zrt_region BigC = zrt_region_make(3, 0, n + 1, 0, n + 1, 0, n + 1);
  zrt_region L = zrt_region_make(1, 1, m, 0, 0, 0, 0);
  zrt_region BigL = zrt_region_make(1, 0, m + 1, 0, 0, 0, 0);
  zrt_dist_add(C);
  zrt_dist_add(BigC);
  zrt_dist_add(L);
  zrt_dist_add(BigL);
  zrt_array *A = zrt_array_new("A", BigC, ZRT_I64, 1, 1, 1, 1, 1, 1);
  zrt_array *T = zrt_array_new("T", C, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *V = zrt_array_new("V", BigL, ZRT_F32, 1, 1, 0, 0, 0, 0);
  zrt_array *W = zrt_array_new("W", L, ZRT_F32, 0, 0, 0, 0, 0, 0);
  zrt_array *B = zrt_array_new("B", L, ZRT_BOOL, 0, 0, 0, 0, 0, 0);

  int64_t *a = zrt_array_i64(A);
  int64_t oa = zrt_array_offset(A), a0 = zrt_array_stride(A, 0), a1 = zrt_array_stride(A, 1),
          a2 = zrt_array_stride(A, 2);
  int64_t *t = zrt_array_i64(T);
  int64_t ot = zrt_array_offset(T), t0 = zrt_array_stride(T, 0), t1 = zrt_array_stride(T, 1),
          t2 = zrt_array_stride(T, 2);
  for (int64_t i = zrt_local_lo(BigC, 0); i <= zrt_local_hi(BigC, 0); ++i)
    for (int64_t j = zrt_local_lo(BigC, 1); j <= zrt_local_hi(BigC, 1); ++j)
      for (int64_t k = zrt_local_lo(BigC, 2); k <= zrt_local_hi(BigC, 2); ++k)
        a[oa + i * a0 + j * a1 + k * a2] = i * 100 + j * 10 + k;

  static im_transfer *h[3];
  static const int64_t d[3][3] = {{1, 1, 1}, {-1, 0, 1}, {0, -1, 0}};
  for (int r = 0; r < 2; ++r) { /* twice: the second time the handles are cached */
    for (int x = 0; x < 3; ++x) {
      zrt_array_check(A, C, d[x][0], d[x][1], d[x][2]);
      h[x] = im_halo(h[x], x, A, C, d[x][0], d[x][1], d[x][2]);
      im_dr(h[x]);
      im_sr(h[x]);
    }
    for (int x = 0; x < 3; ++x)
      im_dn(h[x]);
    for (int64_t i = zrt_local_lo(C, 0); i <= zrt_local_hi(C, 0); ++i)
      for (int64_t j = zrt_local_lo(C, 1); j <= zrt_local_hi(C, 1); ++j)
        for (int64_t k = zrt_local_lo(C, 2); k <= zrt_local_hi(C, 2); ++k)
          t[ot + i * t0 + j * t1 + k * t2] =
              a[oa + (i + 1) * a0 + (j + 1) * a1 + (k + 1) * a2] +
              2 * a[oa + (i - 1) * a0 + j * a1 + (k + 1) * a2] +
              3 * a[oa + i * a0 + (j - 1) * a1 + k * a2] + (int64_t)r;
    for (int x = 0; x < 3; ++x)
      im_sv(h[x]);
  }

  float *v = zrt_array_f32(V), *w = zrt_array_f32(W);
  bool *b = zrt_array_bool(B);
  int64_t ov = zrt_array_offset(V), ow = zrt_array_offset(W), ob = zrt_array_offset(B);
  for (int64_t i = zrt_local_lo(BigL, 0); i <= zrt_local_hi(BigL, 0); ++i)
    v[ov + i] = (float)i * 1.5f * f * 2.0f;
  im_transfer *hl = NULL, *hr = NULL;
  hl = im_halo(hl, 10, V, L, -1, 0, 0);
  hr = im_halo(hr, 11, V, L, 1, 0, 0);
  im_dr(hl);
  im_dr(hr);
  im_sr(hl);
  im_sr(hr);
  im_dn(hl);
  im_dn(hr);
  int64_t cnt = 0;
  for (int64_t i = zrt_local_lo(L, 0); i <= zrt_local_hi(L, 0); ++i) {
    w[ow + i] = v[ov + i - 1] * (float)i - v[ov + i + 1];
    b[ob + i] = w[ow + i] > 0.0f;
    cnt += b[ob + i];
  }
  im_sv(hl);
  im_sv(hr);

  zrt_write_array(T, C, "");
  zrt_writeln();
  zrt_write_array(T, zrt_region_make(3, 2, 3, n, n, 1, n), "%5d");
  zrt_writeln();
  zrt_write_array(W, L, "%.2f");
  zrt_writeln();
  zrt_write_array(B, L, "");
  zrt_writeln();
  zrt_write_array(V, BigL, "");
  zrt_writeln();
  zrt_write_str("positive: ");
  zrt_write_i64(zrt_allreduce_i64(ZRT_SUM, cnt), "");
  zrt_write_str(" any: ");
  zrt_write_bool(zrt_allreduce_bool(ZRT_OR, cnt > 0), "");
  zrt_write_str(" fmin: ");
  float fl = 1e30f;
  for (int64_t i = zrt_local_lo(L, 0); i <= zrt_local_hi(L, 0); ++i)
    fl = w[ow + i] < fl ? w[ow + i] : fl;
  zrt_write_f32(zrt_allreduce_f32(ZRT_MIN, fl), "%.3f");
  zrt_write_str(" prod: ");
  int64_t pr = 1;
  for (int64_t i = zrt_local_lo(L, 0); i <= zrt_local_hi(L, 0); ++i)
    pr *= i % 3 + 1;
  zrt_write_i64(zrt_allreduce_i64(ZRT_PROD, pr), "%lld");
  zrt_writeln();
}
