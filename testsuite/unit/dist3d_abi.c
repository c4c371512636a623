/* dist3d_abi.c — rank 3 under an explicit distribution D = [kind0, kind1,
 * kind2] (blockcyclic block size 2) on the default grid: a halo with a
 * shift in all three dimensions (one of them 2 wide) and one along the
 * first, a wrap along the third, and a redistribution to a block
 * distribution E; each result is compared with the formula the sequential
 * program gives. Config: --n (R = [1..n]^3, Big one wider), --kind0..2. */
#include "abi_util.h"

static int64_t n;

/* A's initial value; 0 outside Big (fluff that nothing writes). */
static double init(int64_t i, int64_t j, int64_t k) {
  bool in = i >= 0 && i <= n + 1 && j >= 0 && j <= n + 1 && k >= 0 && k <= n + 1;
  return in ? (double)(i * 100 + j * 10 + k) : 0.0;
}

static double stencil(int64_t i, int64_t j, int64_t k) {
  return init(i + 1, j - 1, k + 2) + init(i - 1, j, k);
}

#define FOR_TILE3(R, t, i, j, k)                                                              \
  for (int64_t i = zrt_tile_lo(R, t, 0); i <= zrt_tile_hi(R, t, 0); ++i)                        \
    for (int64_t j = zrt_tile_lo(R, t, 1); j <= zrt_tile_hi(R, t, 1); ++j)                      \
      for (int64_t k = zrt_tile_lo(R, t, 2); k <= zrt_tile_hi(R, t, 2); ++k)

static void run(im_transfer *t) {
  im_dr(t);
  im_sr(t);
  im_dn(t);
  im_sv(t);
}

void zpl_main(void) {
  n = zrt_config_i64("n", 5);
  int64_t k0 = zrt_config_i64("kind0", ZRT_DIST_CYCLIC);
  int64_t k1 = zrt_config_i64("kind1", ZRT_DIST_BLOCKCYCLIC);
  int64_t k2 = zrt_config_i64("kind2", ZRT_DIST_BLOCK);
  zrt_config_done();
  int64_t D = zrt_dist_new("D", 0, 3, k0, 2, k1, 2, k2, 2);
  int64_t E = zrt_dist_new("E", 0, 3, ZRT_DIST_BLOCK, 0, ZRT_DIST_BLOCK, 0, ZRT_DIST_BLOCK, 0);
  zrt_region R = zrt_region_dist(zrt_region_make(3, 1, n, 1, n, 1, n), D);
  zrt_region Big = zrt_region_dist(zrt_region_make(3, 0, n + 1, 0, n + 1, 0, n + 1), D);
  zrt_region BigE = zrt_region_dist(zrt_region_make(3, 0, n + 1, 0, n + 1, 0, n + 1), E);
  zrt_array *A = zrt_array_new("A", Big, ZRT_F64, 1, 1, 1, 1, 0, 2);
  zrt_array *B = zrt_array_new("B", Big, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *BE = zrt_array_new("BE", BigE, ZRT_F64, 0, 0, 0, 0, 0, 0);
  acc a = acc_of(A, ZRT_F64), b = acc_of(B, ZRT_F64), be = acc_of(BE, ZRT_F64);

  for (int64_t t = 0; t < zrt_tiles(Big); ++t) {
    a.off = zrt_array_tile_offset(A, Big, t);
    FOR_TILE3(Big, t, i, j, k)
    AT_F64(a, i, j, k) = init(i, j, k);
  }
  /* [R] B := A@[1, -1, 2] + A@[-1, 0, 0] */
  im_transfer *far = im_halo(NULL, 1, A, R, 1, -1, 2), *up = im_halo(NULL, 2, A, R, -1, 0, 0);
  run(far);
  run(up);
  int64_t bad = 0;
  for (int64_t t = 0; t < zrt_tiles(R); ++t) {
    a.off = zrt_array_tile_offset(A, R, t);
    b.off = zrt_array_tile_offset(B, R, t);
    FOR_TILE3(R, t, i, j, k) {
      AT_F64(b, i, j, k) = AT_F64(a, i + 1, j - 1, k + 2) + AT_F64(a, i - 1, j, k);
      bad += AT_F64(b, i, j, k) != stencil(i, j, k);
    }
  }
  report("rank 3: halos in three dimensions", bad);
  /* [back of R] wrap A (the band k = n + 1 gets k = 1) */
  run(im_wrap(NULL, 3, A, R, 0, 0, 1));
  zrt_region band = zrt_region_of(R, 0, 0, 1);
  bad = 0;
  for (int64_t t = 0; t < zrt_tiles(band); ++t) {
    a.off = zrt_array_tile_offset(A, band, t);
    FOR_TILE3(band, t, i, j, k)
    bad += AT_F64(a, i, j, k) != init(i, j, 1);
  }
  report("rank 3: wrap", bad);
  /* [R] BE := B (D -> E) */
  run(im_redist(NULL, 4, BE, B, R));
  zrt_region RE = zrt_region_align(R, BE);
  bad = 0;
  for (int64_t t = 0; t < zrt_tiles(RE); ++t) {
    be.off = zrt_array_tile_offset(BE, RE, t);
    FOR_TILE3(RE, t, i, j, k)
    bad += AT_F64(be, i, j, k) != stencil(i, j, k);
  }
  report("rank 3: redistribution", bad);
  zrt_write_array(BE, zrt_region_make(3, 1, 2, 1, 2, 1, 3), "%g");
  zrt_writeln();
  report_all();
}
