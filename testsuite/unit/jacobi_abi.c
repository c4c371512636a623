/* jacobi_abi.c — a hand-written stand-in for zplc output: it calls the
 * runtime ABI exactly as generated code does (config vars, regions,
 * distribution, arrays, halo transfers with DR/SR/DN/SV, a max reduction,
 * output). Its output must not depend on the number of PEs or the grid.
 *
 *   config var n = 12, iters = 40;
 *   region R = [1..n, 1..n]; BigR = [0..n+1, 0..n+1];
 *   var A, Temp : [BigR] double;
 *   [south of R] A := 1.0; [east of R] A := 0.5;
 *   for it := 1 to iters do
 *     [R] Temp := (A@north + A@east + A@south + A@west) / 4.0;
 *     [R] err := max<< abs(Temp - A);
 *     [R] A := Temp;
 *   end;
 *   [R] Temp := A@nw - A@se;     -- diagonal shifts (corners)
 *   writeln(...); [R] writeln(A); ...
 */
#include "ironman.h"
#include "zplrt.h"

#include <math.h>

#define AT(base, a, i, j) (base)[off_##a + (i) * s0_##a + (j) * s1_##a]

void zpl_main(void) {
  int64_t n = zrt_config_i64("n", 12);
  int64_t iters = zrt_config_i64("iters", 40);
  double scale = zrt_config_f64("scale", 1.0);
  bool verbose = zrt_config_bool("verbose", true);
  int64_t probe = zrt_config_i64("probe", 0); /* error-path tests */
  zrt_config_done();

  zrt_region R = zrt_region_make(2, 1, n, 1, n, 0, 0);
  zrt_region BigR = zrt_region_make(2, 0, n + 1, 0, n + 1, 0, 0);
  zrt_dist_add(R);
  zrt_dist_add(BigR);
  zrt_array *A = zrt_array_new("A", BigR, ZRT_F64, 1, 1, 1, 1, 0, 0);
  zrt_array *Temp = zrt_array_new("Temp", BigR, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *Cnt = zrt_array_new("Cnt", R, ZRT_I64, 0, 0, 0, 0, 0, 0);

  if (probe == 1) /* out-of-storage read seen by some PEs only */
    zrt_array_check(A, R, 0, 2, 0);
  if (probe == 2) { /* shift past the neighbour's block */
    im_transfer *x = im_halo(NULL, 9, A, R, 0, 3, 0);
    im_dr(x);
  }
  if (probe == 3) {
    zrt_write_str("halting\n");
    zrt_halt();
  }
  if (probe == 4)
    zrt_fail("failure requested");

  double *a = zrt_array_f64(A);
  int64_t off_a = zrt_array_offset(A), s0_a = zrt_array_stride(A, 0), s1_a = zrt_array_stride(A, 1);
  double *t = zrt_array_f64(Temp);
  int64_t off_t = zrt_array_offset(Temp), s0_t = zrt_array_stride(Temp, 0),
          s1_t = zrt_array_stride(Temp, 1);
  int64_t *c = zrt_array_i64(Cnt);
  int64_t off_c = zrt_array_offset(Cnt), s0_c = zrt_array_stride(Cnt, 0),
          s1_c = zrt_array_stride(Cnt, 1);

  /* [south of R] A := 1.0 * scale; [east of R] A := 0.5 * scale; */
  {
    zrt_region S = zrt_region_of(R, 1, 0, 0);
    for (int64_t i = zrt_local_lo(S, 0); i <= zrt_local_hi(S, 0); ++i)
      for (int64_t j = zrt_local_lo(S, 1); j <= zrt_local_hi(S, 1); ++j)
        AT(a, a, i, j) = 1.0 * scale;
    zrt_region E = zrt_region_of(R, 0, 1, 0);
    for (int64_t i = zrt_local_lo(E, 0); i <= zrt_local_hi(E, 0); ++i)
      for (int64_t j = zrt_local_lo(E, 1); j <= zrt_local_hi(E, 1); ++j)
        AT(a, a, i, j) = 0.5 * scale;
  }
  /* [R] Cnt := Index1 * 100 + Index2 */
  for (int64_t i = zrt_local_lo(R, 0); i <= zrt_local_hi(R, 0); ++i)
    for (int64_t j = zrt_local_lo(R, 1); j <= zrt_local_hi(R, 1); ++j)
      AT(c, c, i, j) = i * 100 + j;

  static im_transfer *h[6];
  static const int64_t dirs[6][2] = {{-1, 0}, {0, 1}, {1, 0}, {0, -1}, {-1, -1}, {1, 1}};
  double err = 0.0;
  int64_t it;
  for (it = 1; it <= iters; ++it) {
    for (int k = 0; k < 4; ++k)
      h[k] = im_halo(h[k], k, A, R, dirs[k][0], dirs[k][1], 0);
    for (int k = 0; k < 4; ++k)
      im_dr(h[k]);
    for (int k = 0; k < 4; ++k)
      im_sr(h[k]);
    for (int k = 0; k < 4; ++k)
      im_dn(h[k]);
    int64_t ilo = zrt_local_lo(R, 0), ihi = zrt_local_hi(R, 0);
    int64_t jlo = zrt_local_lo(R, 1), jhi = zrt_local_hi(R, 1);
    for (int64_t i = ilo; i <= ihi; ++i)
      for (int64_t j = jlo; j <= jhi; ++j)
        AT(t, t, i, j) = (AT(a, a, i - 1, j) + AT(a, a, i, j + 1) + AT(a, a, i + 1, j) +
                          AT(a, a, i, j - 1)) /
                         4.0;
    double e = 0.0;
    for (int64_t i = ilo; i <= ihi; ++i)
      for (int64_t j = jlo; j <= jhi; ++j)
        e = fmax(e, fabs(AT(t, t, i, j) - AT(a, a, i, j)));
    err = zrt_allreduce_f64(ZRT_MAX, e);
    for (int k = 0; k < 4; ++k)
      im_sv(h[k]);
    for (int64_t i = ilo; i <= ihi; ++i)
      for (int64_t j = jlo; j <= jhi; ++j)
        AT(a, a, i, j) = AT(t, t, i, j);
  }

  /* [R] Temp := A@nw - A@se; (diagonal transfers: edges + corner) */
  for (int k = 4; k < 6; ++k) {
    zrt_array_check(A, R, dirs[k][0], dirs[k][1], 0);
    h[k] = im_halo(h[k], k, A, R, dirs[k][0], dirs[k][1], 0);
    im_dr(h[k]);
    im_sr(h[k]);
  }
  for (int k = 4; k < 6; ++k)
    im_dn(h[k]);
  for (int64_t i = zrt_local_lo(R, 0); i <= zrt_local_hi(R, 0); ++i)
    for (int64_t j = zrt_local_lo(R, 1); j <= zrt_local_hi(R, 1); ++j)
      AT(t, t, i, j) = AT(a, a, i - 1, j - 1) - AT(a, a, i + 1, j + 1);
  for (int k = 4; k < 6; ++k)
    im_sv(h[k]);

  double s = 0.0;
  int64_t cs = 0;
  for (int64_t i = zrt_local_lo(R, 0); i <= zrt_local_hi(R, 0); ++i)
    for (int64_t j = zrt_local_lo(R, 1); j <= zrt_local_hi(R, 1); ++j) {
      s += AT(t, t, i, j);
      cs += AT(c, c, i, j);
    }
  (void)s0_t;
  double smax = zrt_allreduce_f64(ZRT_MAX, fabs(s) < 1e300 ? 1.0 : 0.0);
  int64_t csum = zrt_allreduce_i64(ZRT_SUM, cs);
  bool all_pos = zrt_allreduce_bool(ZRT_AND, cs >= 0);

  zrt_write_str("iterations: ");
  zrt_write_i64(it - 1, "");
  zrt_write_str(" err: ");
  zrt_write_f64(err, "%.3e");
  zrt_writeln();
  zrt_write_str("finite: ");
  zrt_write_f64(smax, "");
  zrt_write_str(" csum: ");
  zrt_write_i64(csum, "%d");
  zrt_write_str(" pos: ");
  zrt_write_bool(all_pos, "");
  zrt_writeln();
  if (verbose) {
    zrt_write_array(A, R, "%.5f");
    zrt_writeln();
    zrt_write_array(Temp, R, "%.4f");
    zrt_writeln();
    zrt_write_array(Cnt, zrt_region_make(2, 1, n, 2, 3, 0, 0), "");
    zrt_writeln();
    zrt_write_array(A, zrt_region_of(R, 1, 0, 0), "");
    zrt_writeln();
  }
  zrt_array_free(Cnt);
  zrt_array_free(Temp);
  zrt_array_free(A);
}
