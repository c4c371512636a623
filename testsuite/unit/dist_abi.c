/* dist_abi.c — explicit grids and distributions at the ABI level, as
 * generated code uses them: `grid G = [gr, gc]; distribution D : G =
 * [kind0, kind1]` (kinds and block sizes from the command line), regions
 * bound to D, statements looping over tiles (zrt_tiles, zrt_tile_lo/hi,
 * zrt_array_tile_offset), and every kind of communication: halos (4
 * neighbours, a corner, a shift of 2), wrap and reflect, reductions,
 * partial reductions, scans, floods (into an ordinary and a flood array),
 * array output, gather and scatter, and redistributions to and from a
 * second distribution E on grid H. Every result is compared with a plain
 * sequential computation on whole arrays in this program (every PE
 * computes it). Config: --n --m (region R = [1..n, 1..m], BigR one wider),
 * --kind0 --kind1 --bs0 --bs1 (D), --ekind0 --ekind1 (E, same block
 * sizes), --gr --gc / --hr --hc (grids; 0 0: the default grid),
 * --iters, --col (the flooded column), --chained (every transfer chained). */
#define _POSIX_C_SOURCE 200809L
#include "abi_util.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int64_t n, m;
static bool chained;

/* Reference arrays cover rows -2..n+3 and columns -2..m+3 (zero outside
 * what a test writes), so that reads up to two beyond BigR are defined. */
#define PAD 2
static int64_t ref_cols(void) { return m + 2 + 2 * PAD; }
static int64_t IX(int64_t i, int64_t j) { return (i + PAD) * ref_cols() + (j + PAD); }
static double *ref_new(void) {
  double *r = calloc((size_t)((n + 2 + 2 * PAD) * ref_cols()), sizeof *r);
  if (!r)
    abort();
  return r;
}

typedef struct view {
  double *b;
  int64_t s0, s1;
} view;
static view view_of(zrt_array *a) {
  view v = {zrt_array_f64(a), zrt_array_stride(a, 0), zrt_array_stride(a, 1)};
  return v;
}
#define AT(V, off, i, j) ((V).b[(off) + (i) * (V).s0 + (j) * (V).s1])

/* the tiles of R, and the indices of tile t */
#define FOR_TILES(R, t) for (int64_t t = 0, t##_count = zrt_tiles(R); t < t##_count; ++t)
#define FOR_IN_TILE(R, t, i, j)                                                             \
  for (int64_t i = zrt_tile_lo(R, t, 0); i <= zrt_tile_hi(R, t, 0); i += zrt_region_step(R, 0)) \
    for (int64_t j = zrt_tile_lo(R, t, 1); j <= zrt_tile_hi(R, t, 1); j += zrt_region_step(R, 1))

static zrt_region sub(zrt_region like, int64_t lo0, int64_t hi0, int64_t lo1, int64_t hi1) {
  zrt_region r = zrt_region_make(2, lo0, hi0, lo1, hi1, 0, 0);
  r.dist = like.dist; /* a literal region of a statement follows its array */
  return r;
}

/* Elements of X over Q (its tiles on this PE) that differ from ref. */
static int64_t mismatches(zrt_array *X, zrt_region Q, const double *ref) {
  Q = zrt_region_align(Q, X);
  view V = view_of(X);
  int64_t bad = 0;
  FOR_TILES(Q, t) {
    int64_t o = zrt_array_tile_offset(X, Q, t);
    FOR_IN_TILE(Q, t, i, j)
    bad += AT(V, o, i, j) != ref[IX(i, j)];
  }
  return bad;
}

static void fill(zrt_array *X, zrt_region Q, const double *ref) {
  Q = zrt_region_align(Q, X);
  view V = view_of(X);
  FOR_TILES(Q, t) {
    int64_t o = zrt_array_tile_offset(X, Q, t);
    FOR_IN_TILE(Q, t, i, j)
    AT(V, o, i, j) = ref[IX(i, j)];
  }
}

static void run(im_transfer *t) {
  if (chained)
    im_strategy(t, IM_CHAINED);
  im_dr(t);
  im_sr(t);
  im_dn(t);
  im_sv(t);
}

static im_transfer *handles[32];
static void halo(int id, zrt_array *a, zrt_region r, int64_t d0, int64_t d1) {
  zrt_array_check(a, r, d0, d1, 0);
  handles[id] = im_halo(handles[id], id, a, r, d0, d1, 0);
  run(handles[id]);
}

/* ---- the checks --------------------------------------------------------------------------- */

/* Every index of Q lies in exactly one tile of one PE, and the tiles lie
 * within zrt_local_lo/hi. */
static void check_cover(const char *name, zrt_region Q, zrt_region big) {
  int64_t bad = 0;
  double *count = ref_new();
  FOR_TILES(Q, t) {
    for (int k = 0; k < 2; ++k)
      bad += zrt_tile_lo(Q, t, k) < zrt_local_lo(Q, k) || zrt_tile_hi(Q, t, k) > zrt_local_hi(Q, k);
    FOR_IN_TILE(Q, t, i, j)
    count[IX(i, j)] += 1;
  }
  for (int64_t i = big.lo[0]; i <= big.hi[0]; ++i)
    for (int64_t j = big.lo[1]; j <= big.hi[1]; ++j) {
      int64_t c = zrt_allreduce_i64(ZRT_SUM, (int64_t)count[IX(i, j)]);
      bool in = i >= Q.lo[0] && i <= Q.hi[0] && j >= Q.lo[1] && j <= Q.hi[1];
      bad += c != (in ? 1 : 0);
    }
  free(count);
  report(name, bad);
}

static double stencil(const double *a, int64_t i, int64_t j) {
  return 0.25 * (a[IX(i - 1, j)] + a[IX(i + 1, j)] + a[IX(i, j - 1)] + a[IX(i, j + 1)]) -
         0.5 * a[IX(i, j)] + 0.125 * a[IX(i - 1, j + 1)] + 0.0625 * a[IX(i, j + 2)];
}

/* [R] T := stencil(A); [R] A := T, iters times, with the halos first. */
static void check_stencil(zrt_array *A, zrt_array *T, zrt_region R, double *ref, int64_t iters) {
  view VA = view_of(A), VT = view_of(T);
  double *tmp = ref_new();
  for (int64_t it = 0; it < iters; ++it) {
    halo(1, A, R, -1, 0);
    halo(2, A, R, 1, 0);
    halo(3, A, R, 0, 1);
    halo(4, A, R, 0, -1);
    halo(5, A, R, -1, 1);
    halo(6, A, R, 0, 2);
    FOR_TILES(R, t) {
      int64_t oa = zrt_array_tile_offset(A, R, t), ot = zrt_array_tile_offset(T, R, t);
      FOR_IN_TILE(R, t, i, j)
      AT(VT, ot, i, j) = 0.25 * (AT(VA, oa, i - 1, j) + AT(VA, oa, i + 1, j) +
                                 AT(VA, oa, i, j - 1) + AT(VA, oa, i, j + 1)) -
                         0.5 * AT(VA, oa, i, j) + 0.125 * AT(VA, oa, i - 1, j + 1) +
                         0.0625 * AT(VA, oa, i, j + 2);
    }
    FOR_TILES(R, t) {
      int64_t oa = zrt_array_tile_offset(A, R, t), ot = zrt_array_tile_offset(T, R, t);
      FOR_IN_TILE(R, t, i, j)
      AT(VA, oa, i, j) = AT(VT, ot, i, j);
    }
    for (int64_t i = 1; i <= n; ++i)
      for (int64_t j = 1; j <= m; ++j)
        tmp[IX(i, j)] = stencil(ref, i, j);
    for (int64_t i = 1; i <= n; ++i)
      for (int64_t j = 1; j <= m; ++j)
        ref[IX(i, j)] = tmp[IX(i, j)];
  }
  free(tmp);
  report("stencil with halos", mismatches(A, zrt_region_make(2, 0, n + 1, 0, m + 1, 0, 0), ref));
}

/* [R] A := A@west through a temporary with A's layout. */
static void check_temp(zrt_array *A, zrt_region R, double *ref) {
  zrt_array *tmp = zrt_array_temp(A);
  view VA = view_of(A), VT = view_of(tmp);
  int64_t bad = VT.s0 != VA.s0 || VT.s1 != VA.s1;
  halo(7, A, R, 0, -1);
  FOR_TILES(R, t) {
    int64_t oa = zrt_array_tile_offset(A, R, t), ot = zrt_array_tile_offset(tmp, R, t);
    bad += oa != ot;
    FOR_IN_TILE(R, t, i, j)
    AT(VT, ot, i, j) = AT(VA, oa, i, j - 1);
  }
  FOR_TILES(R, t) {
    int64_t oa = zrt_array_tile_offset(A, R, t), ot = zrt_array_tile_offset(tmp, R, t);
    FOR_IN_TILE(R, t, i, j)
    AT(VA, oa, i, j) = AT(VT, ot, i, j);
  }
  zrt_array_free(tmp);
  for (int64_t i = 1; i <= n; ++i)
    for (int64_t j = m; j >= 1; --j)
      ref[IX(i, j)] = ref[IX(i, j - 1)];
  report("A := A@west through a temporary",
         bad + mismatches(A, zrt_region_make(2, 0, n + 1, 0, m + 1, 0, 0), ref));
}

/* [east of R] wrap A; [north of R] wrap A; [west of R] reflect A. */
static void check_boundaries(zrt_array *A, zrt_region R, double *ref) {
  handles[10] = im_wrap(handles[10], 10, A, R, 0, 1, 0);
  run(handles[10]);
  handles[11] = im_wrap(handles[11], 11, A, R, -1, 0, 0);
  run(handles[11]);
  handles[12] = im_reflect(handles[12], 12, A, R, 0, -1, 0);
  run(handles[12]);
  for (int64_t i = 1; i <= n; ++i)
    ref[IX(i, m + 1)] = ref[IX(i, 1)];
  for (int64_t j = 1; j <= m; ++j)
    ref[IX(0, j)] = ref[IX(n, j)];
  for (int64_t i = 1; i <= n; ++i)
    ref[IX(i, 0)] = ref[IX(i, 1)];
  report("wrap and reflect", mismatches(A, zrt_region_make(2, 0, n + 1, 0, m + 1, 0, 0), ref));
}

/* +<< [R] A and max<< [R] A. */
static void check_reductions(zrt_array *A, zrt_region R, const double *ref) {
  view VA = view_of(A);
  double sum = 0.0, mx = -1e300;
  FOR_TILES(R, t) {
    int64_t o = zrt_array_tile_offset(A, R, t);
    FOR_IN_TILE(R, t, i, j) {
      sum += AT(VA, o, i, j);
      mx = AT(VA, o, i, j) > mx ? AT(VA, o, i, j) : mx;
    }
  }
  sum = zrt_allreduce_f64(ZRT_SUM, sum);
  mx = zrt_allreduce_f64(ZRT_MAX, mx);
  double want_sum = 0.0, want_max = -1e300;
  for (int64_t i = 1; i <= n; ++i)
    for (int64_t j = 1; j <= m; ++j) {
      want_sum += ref[IX(i, j)];
      want_max = ref[IX(i, j)] > want_max ? ref[IX(i, j)] : want_max;
    }
  report("reductions", (sum != want_sum) + (mx != want_max));
  zrt_write_str("sum ");
  zrt_write_f64(sum, "%.6f");
  zrt_write_str(" max ");
  zrt_write_f64(mx, "%.6f");
  zrt_writeln();
}

/* [1..n, 1] S := +<< [R] A and [1, 1..m] S := max<< [R] A. */
static void check_partial(zrt_array *S, zrt_array *A, zrt_region R, const double *ref) {
  view VA = view_of(A);
  double *want = ref_new();
  for (int pass = 0; pass < 2; ++pass) {
    zrt_region dr = pass == 0 ? sub(R, 1, n, 1, 1) : sub(R, 1, 1, 1, m);
    int64_t op = pass == 0 ? ZRT_SUM : ZRT_MAX;
    zrt_collect *h = zrt_preduce_begin(S, dr, R, op);
    double *b = zrt_collect_f64(h);
    int64_t co = zrt_collect_offset(h), c0 = zrt_collect_stride(h, 0),
            c1 = zrt_collect_stride(h, 1);
    FOR_TILES(R, t) {
      int64_t o = zrt_array_tile_offset(A, R, t);
      FOR_IN_TILE(R, t, i, j) {
        double *x = &b[co + i * c0 + j * c1];
        *x = pass == 0 ? *x + AT(VA, o, i, j) : (AT(VA, o, i, j) > *x ? AT(VA, o, i, j) : *x);
      }
    }
    zrt_preduce_end(h);
    for (int64_t i = 1; i <= n; ++i)
      for (int64_t j = 1; j <= m; ++j) {
        double v = ref[IX(i, j)];
        if (pass == 0)
          want[IX(i, 1)] = (j == 1 ? 0.0 : want[IX(i, 1)]) + v;
        else if (i == 1 || v > want[IX(1, j)])
          want[IX(1, j)] = v;
      }
    report(pass == 0 ? "partial reduction +<< rows" : "partial reduction max<< columns",
           mismatches(S, dr, want));
  }
  free(want);
}

/* [R] C := +|| A (row-major) and [R] C := +|| [2] A (along the rows). */
static void check_scans(zrt_array *C, zrt_array *A, zrt_region R, const double *ref) {
  view VA = view_of(A);
  double *want = ref_new();
  for (int64_t dim = -1; dim <= 1; dim += 2) {
    zrt_collect *h = zrt_scan_begin(C, R, ZRT_SUM, dim);
    double *b = zrt_collect_f64(h);
    int64_t co = zrt_collect_offset(h), c0 = zrt_collect_stride(h, 0),
            c1 = zrt_collect_stride(h, 1);
    FOR_TILES(R, t) {
      int64_t o = zrt_array_tile_offset(A, R, t);
      FOR_IN_TILE(R, t, i, j)
      b[co + i * c0 + j * c1] = AT(VA, o, i, j);
    }
    zrt_scan_end(h);
    double run_sum = 0.0;
    for (int64_t i = 1; i <= n; ++i)
      for (int64_t j = 1; j <= m; ++j) {
        if (dim < 0)
          run_sum += ref[IX(i, j)];
        else
          run_sum = (j == 1 ? 0.0 : run_sum) + ref[IX(i, j)];
        want[IX(i, j)] = run_sum;
      }
    report(dim < 0 ? "scan +|| row-major" : "scan +|| [2]", mismatches(C, R, want));
  }
  free(want);
}

/* [R] F := >>[1..n, col] A; [FR] FC := >>[1..n, col] A; [R] B := A - FC;
 * [2..n, 1..m] B := FC@north (a halo of a flood array). */
static void check_floods(zrt_array *F, zrt_array *FC, zrt_array *B, zrt_array *A, zrt_region R,
                         zrt_region FR, int64_t col, const double *ref) {
  view VA = view_of(A), VB = view_of(B), VC = view_of(FC);
  zrt_region src = sub(R, 1, n, col, col);
  for (int pass = 0; pass < 2; ++pass) {
    zrt_collect *h = pass == 0 ? zrt_flood_begin(F, R, src) : zrt_flood_begin(FC, FR, src);
    double *b = zrt_collect_f64(h);
    int64_t co = zrt_collect_offset(h), c0 = zrt_collect_stride(h, 0),
            c1 = zrt_collect_stride(h, 1);
    FOR_TILES(src, t) {
      int64_t o = zrt_array_tile_offset(A, src, t);
      FOR_IN_TILE(src, t, i, j)
      b[co + i * c0 + j * c1] = AT(VA, o, i, j);
    }
    zrt_flood_end(h);
  }
  FOR_TILES(R, t) {
    int64_t oa = zrt_array_tile_offset(A, R, t), ob = zrt_array_tile_offset(B, R, t),
            oc = zrt_array_tile_offset(FC, R, t);
    FOR_IN_TILE(R, t, i, j)
    AT(VB, ob, i, j) = AT(VA, oa, i, j) - AT(VC, oc, i, j);
  }
  double *want = ref_new(), *diff = ref_new();
  for (int64_t i = 1; i <= n; ++i)
    for (int64_t j = 1; j <= m; ++j) {
      want[IX(i, j)] = ref[IX(i, col)];
      diff[IX(i, j)] = ref[IX(i, j)] - ref[IX(i, col)];
    }
  report("flood into an array", mismatches(F, R, want));
  report("flood array read over R", mismatches(B, R, diff));
  zrt_region below = sub(R, 2, n, 1, m);
  halo(13, FC, below, -1, 0);
  FOR_TILES(below, t) {
    int64_t ob = zrt_array_tile_offset(B, below, t), oc = zrt_array_tile_offset(FC, below, t);
    FOR_IN_TILE(below, t, i, j)
    AT(VB, ob, i, j) = AT(VC, oc, i - 1, j);
  }
  for (int64_t i = 2; i <= n; ++i)
    for (int64_t j = 1; j <= m; ++j)
      want[IX(i, j)] = ref[IX(i - 1, col)];
  report("flood array shifted", mismatches(B, below, want));
  free(want);
  free(diff);
}

/* writeln(A) over R, captured on the PE that prints, against the text of
 * the reference. */
static void check_output(zrt_array *A, zrt_region R, const double *ref) {
  fflush(stdout);
  FILE *cap = tmpfile();
  int saved = dup(1);
  if (!cap || saved < 0)
    abort();
  dup2(fileno(cap), 1);
  zrt_write_array(A, R, "%g");
  fflush(stdout);
  dup2(saved, 1);
  close(saved);
  long len = ftell(cap);
  char *got = calloc((size_t)len + 1, 1);
  rewind(cap);
  if (!got || fread(got, 1, (size_t)len, cap) != (size_t)len)
    abort();
  fclose(cap);
  size_t cap_want = (size_t)(n * m * 32 + 1);
  char *want = calloc(cap_want, 1);
  size_t w = 0;
  for (int64_t i = 1; i <= n; ++i)
    for (int64_t j = 1; j <= m; ++j)
      w += (size_t)snprintf(want + w, cap_want - w, "%s%g", j > 1 ? " " : i > 1 ? "\n" : "",
                            ref[IX(i, j)]);
  int64_t printers = zrt_allreduce_i64(ZRT_SUM, len > 0);
  report("array output", (printers != 1) + (len > 0 && strcmp(got, want) != 0));
  free(got);
  free(want);
  zrt_write_array(A, R, "%g");
  zrt_writeln();
}

static void set_index(zrt_array *I, zrt_region R, int64_t (*f)(int64_t, int64_t)) {
  int64_t *b = zrt_array_i64(I), s0 = zrt_array_stride(I, 0), s1 = zrt_array_stride(I, 1);
  FOR_TILES(R, t) {
    int64_t o = zrt_array_tile_offset(I, R, t);
    FOR_IN_TILE(R, t, i, j)
    b[o + i * s0 + j * s1] = f(i, j);
  }
}
static int64_t gather_row(int64_t i, int64_t j) { return (i * j) % n + 1; }
static int64_t gather_col(int64_t i, int64_t j) { return (i + 2 * j) % m + 1; }
static int64_t same_row(int64_t i, int64_t j) { return (void)j, i; }
static int64_t next_col(int64_t i, int64_t j) { return (void)i, j % m + 1; }

/* [R] G := A#[I1, I2]; [R] Z#[J1, J2] := A (a permutation). */
static void check_remap(zrt_array *G, zrt_array *Z, zrt_array *I1, zrt_array *I2, zrt_array *A,
                        zrt_region R, const double *ref) {
  set_index(I1, R, gather_row);
  set_index(I2, R, gather_col);
  zrt_gather(G, R, A, I1, I2, NULL);
  double *want = ref_new();
  for (int64_t i = 1; i <= n; ++i)
    for (int64_t j = 1; j <= m; ++j)
      want[IX(i, j)] = ref[IX(gather_row(i, j), gather_col(i, j))];
  report("gather", mismatches(G, R, want));
  set_index(I1, R, same_row);
  set_index(I2, R, next_col);
  zrt_scatter(Z, R, A, I1, I2, NULL);
  for (int64_t i = 1; i <= n; ++i)
    for (int64_t j = 1; j <= m; ++j)
      want[IX(i, next_col(i, j))] = ref[IX(i, j)];
  report("scatter", mismatches(Z, R, want));
  free(want);
}

/* [BigR] AE := A (D -> E); [R] TE := AE@east + 2 AE@south in E; [R] B := TE (E -> D). */
static void check_redistribution(zrt_array *AE, zrt_array *TE, zrt_array *B, zrt_array *A,
                                 zrt_region R, zrt_region BigR, const double *ref) {
  handles[20] = im_redist(handles[20], 20, AE, A, BigR);
  run(handles[20]);
  report("redistribution D -> E", mismatches(AE, BigR, ref));
  zrt_region RE = zrt_region_align(R, AE);
  halo(21, AE, RE, 0, 1);
  halo(22, AE, RE, 1, 0);
  view VA = view_of(AE), VT = view_of(TE);
  FOR_TILES(RE, t) {
    int64_t oa = zrt_array_tile_offset(AE, RE, t), ot = zrt_array_tile_offset(TE, RE, t);
    FOR_IN_TILE(RE, t, i, j)
    AT(VT, ot, i, j) = AT(VA, oa, i, j + 1) + 2.0 * AT(VA, oa, i + 1, j);
  }
  handles[23] = im_redist(handles[23], 23, B, TE, R);
  run(handles[23]);
  double *want = ref_new();
  for (int64_t i = 1; i <= n; ++i)
    for (int64_t j = 1; j <= m; ++j)
      want[IX(i, j)] = ref[IX(i, j + 1)] + 2.0 * ref[IX(i + 1, j)];
  report("stencil in E, redistribution E -> D", mismatches(B, R, want));
  free(want);
}

void zpl_main(void) {
  n = zrt_config_i64("n", 9);
  m = zrt_config_i64("m", 7);
  int64_t k0 = zrt_config_i64("kind0", ZRT_DIST_CYCLIC), k1 = zrt_config_i64("kind1", ZRT_DIST_CYCLIC);
  int64_t b0 = zrt_config_i64("bs0", 2), b1 = zrt_config_i64("bs1", 2);
  int64_t e0 = zrt_config_i64("ekind0", ZRT_DIST_BLOCK), e1 = zrt_config_i64("ekind1", ZRT_DIST_BLOCK);
  int64_t gr = zrt_config_i64("gr", 0), gc = zrt_config_i64("gc", 0);
  int64_t hr = zrt_config_i64("hr", 0), hc = zrt_config_i64("hc", 0);
  int64_t iters = zrt_config_i64("iters", 3), col = zrt_config_i64("col", 2);
  chained = zrt_config_bool("chained", false);
  zrt_config_done();
  int64_t G = gr || gc ? zrt_grid_new("G", 2, gr, gc, 0) : 0;
  int64_t D = zrt_dist_new("D", G, 2, k0, b0, k1, b1, 0, 0);
  int64_t H = hr || hc ? zrt_grid_new("H", 2, hr, hc, 0) : 0;
  int64_t E = zrt_dist_new("E", H, 2, e0, b0, e1, b1, 0, 0);
  zrt_region R = zrt_region_dist(zrt_region_make(2, 1, n, 1, m, 0, 0), D);
  zrt_region_check("R", R);
  zrt_region BigR = zrt_region_dist(zrt_region_make(2, 0, n + 1, 0, m + 1, 0, 0), D);
  zrt_region FR = zrt_region_dist(zrt_region_flood(zrt_region_make(2, 1, n, 1, 1, 0, 0), 1), D);
  zrt_region BigE = zrt_region_dist(zrt_region_make(2, 0, n + 1, 0, m + 1, 0, 0), E);
  zrt_array *A = zrt_array_new("A", BigR, ZRT_F64, 1, 1, 1, 2, 0, 0);
  zrt_array *T = zrt_array_new("T", BigR, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *S = zrt_array_new("S", BigR, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *F = zrt_array_new("F", BigR, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *FC = zrt_array_new("FC", FR, ZRT_F64, 1, 0, 0, 0, 0, 0);
  zrt_array *I1 = zrt_array_new("I1", BigR, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *I2 = zrt_array_new("I2", BigR, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *AE = zrt_array_new("AE", BigE, ZRT_F64, 0, 1, 0, 1, 0, 0);
  zrt_array *TE = zrt_array_new("TE", BigE, ZRT_F64, 0, 0, 0, 0, 0, 0);

  check_cover("tiles of R cover it once", R, BigR);
  check_cover("tiles of BigR cover it once", BigR, BigR);
  double *ref = ref_new();
  for (int64_t i = 0; i <= n + 1; ++i)
    for (int64_t j = 0; j <= m + 1; ++j)
      ref[IX(i, j)] = (double)((i * 37 + j * 11) % 23);
  fill(A, BigR, ref);
  check_stencil(A, T, R, ref, iters);
  check_temp(A, R, ref);
  check_boundaries(A, R, ref);
  check_reductions(A, R, ref);
  check_partial(S, A, R, ref);
  check_scans(T, A, R, ref);
  check_floods(F, FC, S, A, R, FR, col, ref);
  check_output(A, R, ref);
  check_remap(T, F, I1, I2, A, R, ref);
  check_redistribution(AE, TE, S, A, R, BigR, ref);
  free(ref);
  report_all();
}
