/* boundary_abi.c — `[d of R] wrap A;` and `[d of R] reflect A;` through the
 * runtime ABI (im_wrap / im_reflect with DR/SR/DN/SV and cached handles):
 * all 8 directions of width 1 and some of width 2 in rank 2 (an array over
 * a larger declared region, and one over R whose bands live in its fluff),
 * rank 1, rank 3 (faces and a corner) and a flood array. Every band cell is
 * checked against the formula (wrap: periodic inside R; reflect: hi+k gets
 * hi-k+1), cells outside R and the band must stay untouched, and the bands
 * are printed for comparison with the serial run.
 */
#include "abi_util.h"

static int64_t wrap_src(int64_t x, int64_t lo, int64_t hi) {
  int64_t e = hi - lo + 1;
  return x < lo ? x + e : x > hi ? x - e : x;
}

static int64_t refl_src(int64_t x, int64_t lo, int64_t hi) {
  return x < lo ? 2 * lo - 1 - x : x > hi ? 2 * hi + 1 - x : x;
}

static int64_t src_of(int kind, int64_t x, int64_t lo, int64_t hi) {
  return kind == 0 ? wrap_src(x, lo, hi) : refl_src(x, lo, hi);
}

static double val(int64_t round, int64_t i, int64_t j, int64_t k) {
  return (double)(round * 100000 + 1000 * i + 10 * j + k);
}

static bool inside(zrt_region r, int64_t i, int64_t j, int64_t k) {
  int64_t x[3] = {i, j, k};
  for (int64_t d = 0; d < 3; ++d)
    if (x[d] < zrt_region_lo(r, d) || x[d] > zrt_region_hi(r, d))
      return false;
  return true;
}

static im_transfer *cache[64];

/* One boundary statement on array `arr` (storage checked over `all`), kind
 * 0 = wrap, 1 = reflect; transfer id `id`. */
static int64_t run(const char *title, int kind, int64_t id, int64_t round, zrt_array *arr,
                   zrt_region R, zrt_region all, int64_t d0, int64_t d1, int64_t d2) {
  acc w = acc_of(arr, ZRT_F64);
  zrt_region band = zrt_region_of(R, d0, d1, d2);
  FOR_LOCAL(all, i, j, k) AT_F64(w, i, j, k) = -1;
  FOR_LOCAL(R, i, j, k) AT_F64(w, i, j, k) = val(round, i, j, k);
  im_transfer *t = kind == 0 ? im_wrap(cache[id], id, arr, R, d0, d1, d2)
                             : im_reflect(cache[id], id, arr, R, d0, d1, d2);
  cache[id] = t;
  im_dr(t);
  im_sr(t);
  im_dn(t);
  im_sv(t);
  int64_t e = 0;
  FOR_LOCAL(all, i, j, k) {
    double want = -1;
    if (inside(R, i, j, k)) {
      want = val(round, i, j, k);
    } else if (inside(band, i, j, k)) {
      int64_t si = src_of(kind, i, zrt_region_lo(R, 0), zrt_region_hi(R, 0));
      int64_t sj = src_of(kind, j, zrt_region_lo(R, 1), zrt_region_hi(R, 1));
      int64_t sk = src_of(kind, k, zrt_region_lo(R, 2), zrt_region_hi(R, 2));
      want = val(round, si, sj, sk);
    }
    e += AT_F64(w, i, j, k) != want;
  }
  char name[128];
  snprintf(name, sizeof name, "%s %s [%lld, %lld, %lld] round %lld", title,
           kind == 0 ? "wrap" : "reflect", (long long)d0, (long long)d1, (long long)d2,
           (long long)round);
  report(name, e);
  zrt_write_array(arr, band, "");
  zrt_writeln();
  return e;
}

void zpl_main(void) {
  int64_t n = zrt_config_i64("n", 7);
  int64_t m = zrt_config_i64("m", 6);
  int64_t p = zrt_config_i64("p", 4);
  zrt_config_done();

  zrt_region R = zrt_region_make(2, 1, n, 1, m, 0, 0);
  zrt_region Big = zrt_region_make(2, -1, n + 2, -1, m + 2, 0, 0);
  zrt_region L = zrt_region_make(1, 1, n, 0, 0, 0, 0);
  zrt_region BigL = zrt_region_make(1, -1, n + 2, 0, 0, 0, 0);
  zrt_region R3 = zrt_region_make(3, 1, n, 1, m, 1, p);
  zrt_region Big3 = zrt_region_make(3, 0, n + 1, 0, m + 1, 0, p + 1);
  zrt_region FR = zrt_region_flood(zrt_region_make(2, 1, n, 1, 1, 0, 0), 1);
  zrt_dist_add(R);
  zrt_dist_add(Big);
  zrt_dist_add(L);
  zrt_dist_add(BigL);
  zrt_dist_add(R3);
  zrt_dist_add(Big3);
  zrt_dist_add(FR);

  zrt_array *W = zrt_array_new("W", Big, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *X = zrt_array_new("X", R, ZRT_F64, 2, 2, 2, 2, 0, 0);
  zrt_array *V = zrt_array_new("V", BigL, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *W3 = zrt_array_new("W3", Big3, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *F = zrt_array_new("F", FR, ZRT_F64, 1, 1, 0, 0, 0, 0);

  static const int64_t dirs[][2] = {{-1, 0}, {1, 0},  {0, -1}, {0, 1},  {-1, -1}, {-1, 1},
                                    {1, -1}, {1, 1},  {0, 2},  {-2, 0}, {2, -2},  {-2, 2}};
  int nd = (int)(sizeof dirs / sizeof dirs[0]);
  for (int64_t round = 1; round <= 2; ++round) { /* round 2 reuses the cached handles */
    for (int kind = 0; kind < 2; ++kind)
      for (int q = 0; q < nd; ++q)
        run("W", kind, kind * 16 + q, round, W, R, Big, dirs[q][0], dirs[q][1], 0);
  }
  /* X over R: the bands live in the edge PEs' fluff (storage checked over
   * the region R widened by 2, which every band lies in) */
  zrt_region XR = zrt_region_make(2, -1, n + 2, -1, m + 2, 0, 0);
  for (int kind = 0; kind < 2; ++kind)
    for (int q = 4; q < nd; q += 3) {
      acc x = acc_of(X, ZRT_F64);
      zrt_region band = zrt_region_of(R, dirs[q][0], dirs[q][1], 0);
      int64_t e = 0;
      FOR_LOCAL(R, i, j, k) AT_F64(x, i, j, k) = val(3, i, j, k);
      im_transfer *t = kind == 0 ? im_wrap(cache[40 + q], 40 + q, X, R, dirs[q][0], dirs[q][1], 0)
                                 : im_reflect(cache[50 + q], 50 + q, X, R, dirs[q][0], dirs[q][1], 0);
      cache[(kind == 0 ? 40 : 50) + q] = t;
      im_dr(t);
      im_sr(t);
      im_dn(t);
      im_sv(t);
      FOR_LOCAL(band, i, j, k) {
        int64_t si = src_of(kind, i, 1, n), sj = src_of(kind, j, 1, m);
        e += AT_F64(x, i, j, k) != val(3, si, sj, 0);
      }
      (void)XR;
      char name[96];
      snprintf(name, sizeof name, "X (bands in fluff) %s [%lld, %lld]", kind ? "reflect" : "wrap",
               (long long)dirs[q][0], (long long)dirs[q][1]);
      report(name, e);
    }
  /* rank 1 */
  run("V", 0, 60, 1, V, L, BigL, 1, 0, 0);
  run("V", 0, 61, 1, V, L, BigL, -2, 0, 0);
  run("V", 1, 62, 1, V, L, BigL, 2, 0, 0);
  run("V", 1, 63, 1, V, L, BigL, -1, 0, 0);
  /* rank 3: faces and corners */
  run("W3", 0, 30, 1, W3, R3, Big3, 0, 0, 1);
  run("W3", 0, 31, 1, W3, R3, Big3, 1, 1, 1);
  run("W3", 0, 32, 1, W3, R3, Big3, -1, 1, -1);
  run("W3", 1, 33, 1, W3, R3, Big3, -1, 0, 0);
  run("W3", 1, 34, 1, W3, R3, Big3, 1, -1, 1);
  /* a flood array: along * nothing moves */
  {
    acc f = acc_of(F, ZRT_F64);
    FOR_LOCAL(R, i, j, k) AT_F64(f, i, j, k) = (double)(7 * i);
    zrt_region band = zrt_region_of(R, 1, 0, 0);
    im_transfer *t = im_wrap(NULL, 35, F, R, 1, 0, 0);
    im_dr(t);
    im_sr(t);
    im_dn(t);
    im_sv(t);
    im_transfer *t2 = im_reflect(NULL, 36, F, R, 0, 1, 0);
    im_dr(t2);
    im_sr(t2);
    im_dn(t2);
    im_sv(t2);
    int64_t e = 0;
    FOR_LOCAL(band, i, j, k) e += AT_F64(f, i, j, k) != 7.0;
    FOR_LOCAL(R, i, j, k) e += AT_F64(f, i, j, k) != (double)(7 * i);
    report("flood array F [south of R] wrap", e);
  }
  report_all();
}
