/* farshift_abi.c — halo exchanges for shifts wider than a PE's block, and
 * regions with fewer indices than PEs (empty blocks), through the runtime
 * ABI as generated code calls it. Meant to run on grids where blocks are 1
 * wide or empty (e.g. n=4 on 1x4, n=2 on 4x1).
 *
 *   config var n = 4, m = 4, s = 3, l = 3;
 *   region R = [1..n, 1..m]; L = [1..l];
 *   var A : [R] double (fluff s);  C : [L] integer (fluff s);
 *   [R] A := f(Index1, Index2);  [d of R] wrap A  (all 8 directions, width s);
 *   for every d in [-s..s]^2: [R] B := A@d   -- periodic values
 *   [R ∩ (R - d)] B := A@d (no wrap, values of a second round)
 *   [L] C := 7*Index1; [L] D := C@e for e in -s..s (rank 1)
 *   +<< A, +|| A, max<< rows, flood of a column, array output.
 * Each check compares with a formula on every PE (report()); the printed
 * arrays are compared with the serial run by the test driver. */
#include "abi_util.h"

static double fv(int64_t round, int64_t i, int64_t j) {
  return (double)(round * 10000 + 100 * i + j);
}

static int64_t wrapx(int64_t x, int64_t lo, int64_t hi) {
  int64_t e = hi - lo + 1;
  while (x < lo)
    x += e;
  while (x > hi)
    x -= e;
  return x;
}

static im_transfer *hcache[128], *wcache[16], *lcache[32];

static void xfer(im_transfer *t) {
  im_dr(t);
  im_sr(t);
  im_dn(t);
  im_sv(t);
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

void zpl_main(void) {
  int64_t n = zrt_config_i64("n", 4);
  int64_t m = zrt_config_i64("m", 4);
  int64_t s = zrt_config_i64("s", 3);
  int64_t l = zrt_config_i64("l", 3);
  zrt_config_done();
  if (s > n || s > m || s > l || s > 5) {
    zrt_write_str("need s <= n, m, l and s <= 5\n");
    return;
  }

  zrt_region R = zrt_region_make(2, 1, n, 1, m, 0, 0);
  zrt_region L = zrt_region_make(1, 1, l, 0, 0, 0, 0);
  zrt_region_check("R", R);
  zrt_region_check("L", L);
  zrt_dist_add(R);
  zrt_dist_add(L);
  zrt_array *A = zrt_array_new("A", R, ZRT_F64, s, s, s, s, 0, 0);
  zrt_array *B = zrt_array_new("B", R, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *C = zrt_array_new("C", L, ZRT_I64, s, s, 0, 0, 0, 0);
  zrt_array *D = zrt_array_new("D", L, ZRT_I64, 0, 0, 0, 0, 0, 0);
  acc a = acc_of(A, ZRT_F64), b = acc_of(B, ZRT_F64), c = acc_of(C, ZRT_I64),
      dd = acc_of(D, ZRT_I64);

  /* every PE's part of R is inside R, and together they cover R once */
  {
    int64_t cnt = 0, e = 0;
    FOR_LOCAL(R, i, j, k) {
      ++cnt;
      e += i < 1 || i > n || j < 1 || j > m;
    }
    e += zrt_allreduce_i64(ZRT_SUM, cnt) != n * m;
    cnt = 0;
    FOR_LOCAL(L, i, j, k) {
      ++cnt;
      e += i < 1 || i > l;
    }
    e += zrt_allreduce_i64(ZRT_SUM, cnt) != l;
    report("local parts cover the regions once", e);
  }

  for (int64_t round = 1; round <= 2; ++round) {
    /* [R] A := f; [d of R] wrap A for the 8 directions of width s */
    FOR_LOCAL(R, i, j, k) AT_F64(a, i, j, k) = fv(round, i, j);
    int64_t wid = 0;
    for (int64_t di = -1; di <= 1; ++di)
      for (int64_t dj = -1; dj <= 1; ++dj) {
        if (di == 0 && dj == 0)
          continue;
        wcache[wid] = im_wrap(wcache[wid], 100 + wid, A, R, di * s, dj * s, 0);
        xfer(wcache[wid]);
        ++wid;
      }
    /* [R] B := A@d, d in [-s..s]^2 (cached handles in round 2) */
    int64_t e = 0, hid = 0;
    for (int64_t di = -s; di <= s; ++di)
      for (int64_t dj = -s; dj <= s; ++dj, ++hid) {
        hcache[hid] = im_halo(hcache[hid], 200 + hid, A, R, di, dj, 0);
        xfer(hcache[hid]);
        zrt_array_check(A, R, di, dj, 0);
        FOR_LOCAL(R, i, j, k) AT_F64(b, i, j, k) = AT_F64(a, i + di, j + dj, k);
        FOR_LOCAL(R, i, j, k) e += AT_F64(b, i, j, k) != fv(round, wrapx(i + di, 1, n),
                                                           wrapx(j + dj, 1, m));
        if (di == s && dj == -s) {
          zrt_write_str("B = A@^[s, -s]\n");
          zrt_write_array(B, R, "");
          zrt_writeln();
        }
      }
    char name[96];
    snprintf(name, sizeof name, "periodic shifts up to %lld, round %lld", (long long)s,
             (long long)round);
    report(name, e);

    /* no wrap: [R ∩ (R - d)] B := A@d reads inside R only; A's band cells
     * keep the other round's (wrapped) values, which must not be read */
    e = 0;
    FOR_LOCAL(R, i, j, k) AT_F64(a, i, j, k) = fv(round + 2, i, j);
    for (int64_t di = -s; di <= s; ++di)
      for (int64_t dj = -s; dj <= s; ++dj, ++hid) {
        zrt_region In = zrt_region_make(2, max64(1, 1 - di), min64(n, n - di), max64(1, 1 - dj),
                                        min64(m, m - dj), 0, 0);
        if (zrt_region_hi(In, 0) < zrt_region_lo(In, 0) ||
            zrt_region_hi(In, 1) < zrt_region_lo(In, 1))
          continue;
        hcache[hid] = im_halo(hcache[hid], 200 + hid, A, In, di, dj, 0);
        xfer(hcache[hid]);
        FOR_LOCAL(In, i, j, k) e += AT_F64(a, i + di, j + dj, k) != fv(round + 2, i + di, j + dj);
      }
    snprintf(name, sizeof name, "inner shifts up to %lld, round %lld", (long long)s,
             (long long)round);
    report(name, e);

    /* rank 1: [L] D := C@e with wrap */
    FOR_LOCAL(L, i, j, k) AT_I64(c, i, j, k) = 7 * i + round;
    lcache[0] = im_wrap(lcache[0], 300, C, L, s, 0, 0);
    xfer(lcache[0]);
    lcache[1] = im_wrap(lcache[1], 301, C, L, -s, 0, 0);
    xfer(lcache[1]);
    e = 0;
    for (int64_t di = -s; di <= s; ++di) {
      im_transfer **h = &lcache[2 + di + s];
      *h = im_halo(*h, 310 + di + s, C, L, di, 0, 0);
      xfer(*h);
      FOR_LOCAL(L, i, j, k) AT_I64(dd, i, j, k) = AT_I64(c, i + di, j, k);
      FOR_LOCAL(L, i, j, k) e += AT_I64(dd, i, j, k) != 7 * wrapx(i + di, 1, l) + round;
    }
    snprintf(name, sizeof name, "rank-1 shifts up to %lld, round %lld", (long long)s,
             (long long)round);
    report(name, e);
    zrt_write_str("D = C@^[s]\n");
    zrt_write_array(D, L, "");
    zrt_writeln();
  }

  /* reductions over regions with empty blocks */
  {
    FOR_LOCAL(R, i, j, k) AT_F64(a, i, j, k) = fv(0, i, j);
    double sum = 0;
    FOR_LOCAL(R, i, j, k) sum += AT_F64(a, i, j, k);
    sum = zrt_allreduce_f64(ZRT_SUM, sum);
    double want = 0;
    for (int64_t i = 1; i <= n; ++i)
      for (int64_t j = 1; j <= m; ++j)
        want += fv(0, i, j);
    report("+<< A", sum != want);
    /* [1..n, 1] B := max<< [R] A */
    zrt_region dr = zrt_region_make(2, 1, n, 1, 1, 0, 0);
    zrt_collect *hc = zrt_preduce_begin(B, dr, R, ZRT_MAX);
    double *buf = zrt_collect_f64(hc);
    int64_t o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0),
            c1 = zrt_collect_stride(hc, 1);
    FOR_LOCAL(R, i, j, k) {
      int64_t x = o + i * c0 + j * c1;
      if (AT_F64(a, i, j, k) > buf[x])
        buf[x] = AT_F64(a, i, j, k);
    }
    zrt_preduce_end(hc);
    int64_t e = 0;
    FOR_LOCAL(dr, i, j, k) e += AT_F64(b, i, j, k) != fv(0, i, m);
    report("max<< rows", e);
    /* [R] B := +|| A (scan) */
    hc = zrt_scan_begin(B, R, ZRT_SUM, -1);
    buf = zrt_collect_f64(hc);
    o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0), c1 = zrt_collect_stride(hc, 1);
    FOR_LOCAL(R, i, j, k) buf[o + i * c0 + j * c1] = AT_F64(a, i, j, k);
    zrt_scan_end(hc);
    e = 0;
    FOR_LOCAL(R, i, j, k) {
      double w = 0;
      for (int64_t ii = 1; ii <= n; ++ii)
        for (int64_t jj = 1; jj <= m; ++jj)
          if (ii < i || (ii == i && jj <= j))
            w += fv(0, ii, jj);
      e += AT_F64(b, i, j, k) != w;
    }
    report("+|| A", e);
    zrt_write_str("B = +|| A\n");
    zrt_write_array(B, R, "");
    zrt_writeln();
    /* [R] B := >>[1..n, m] A (flood of the last column) */
    zrt_region col = zrt_region_make(2, 1, n, m, m, 0, 0);
    hc = zrt_flood_begin(B, R, col);
    buf = zrt_collect_f64(hc);
    o = zrt_collect_offset(hc), c0 = zrt_collect_stride(hc, 0), c1 = zrt_collect_stride(hc, 1);
    FOR_LOCAL(col, i, j, k) buf[o + i * c0 + j * c1] = AT_F64(a, i, j, k);
    zrt_flood_end(hc);
    e = 0;
    FOR_LOCAL(R, i, j, k) e += AT_F64(b, i, j, k) != fv(0, i, m);
    report(">>[1..n, m] A", e);
  }
  zrt_array_free(A);
  zrt_array_free(B);
  zrt_array_free(C);
  zrt_array_free(D);
  report_all();
}
