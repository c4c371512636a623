/* combine_abi.c — combined transfers (im_combine) through the runtime ABI as
 * generated code calls them, checked against formulas on every PE.
 *
 *   config var n = 6, chained = 0;
 *   region R = [1..n, 1..n];  var A, B, W : [R] double (fluff 1);
 *   round r = 1, 2, 3 (the same handles, cached, after the first):
 *     [R] A := fa(r), B := fb(r), W := fw(r);
 *     combine(A@north, B@north, A@east, [east of R] wrap W) under
 *       `chained` (IM_CHAINED if 1), then read every ghost cell they fill;
 *     combine(A@north, A@north-west), chained: overlapping received
 *       cells; the transfer keeps its strategy, and the second member's
 *       pieces are trimmed to the cells the first does not bring: every
 *       message carries each cell once and has a chained form.
 * Also: a combined transfer sends one message per peer PE that any member
 * sends to (counted from the members' own message lists), and its members'
 * handles are not rebuilt by combining. */
#include "abi_util.h"
#include "zplrt_internal.h"

#include <string.h>

static double fa(int64_t r, int64_t i, int64_t j) { return (double)(r * 10000 + 100 * i + j); }
static double fb(int64_t r, int64_t i, int64_t j) { return -fa(r, i, j) - 0.5; }
static double fw(int64_t r, int64_t i, int64_t j) { return fa(r, i, j) + 0.25; }

static void xfer(im_transfer *t) {
  im_dr(t);
  im_sr(t);
  im_dn(t);
  im_sv(t);
}

/* The distinct peers the members send to: what one combined message per
 * peer means for this PE. */
static int64_t distinct_peers(im_transfer **members, int n) {
  int64_t peers[64], count = 0;
  for (int m = 0; m < n; ++m)
    for (int i = 0; i < members[m]->nsend; ++i) {
      int64_t p = members[m]->send[i].peer, k = 0;
      while (k < count && peers[k] != p)
        ++k;
      if (k == count && count < 64)
        peers[count++] = p;
    }
  return count;
}

/* The distinct cells of a 2-D message's pieces (or its own box), each
 * index in [-8, 23] (the test's n is small). */
static int64_t distinct_cells(const zrt_msg *m) {
  static bool seen[32][32];
  memset(seen, 0, sizeof seen);
  int64_t count = 0;
  int np = m->npieces ? m->npieces : 1;
  for (int p = 0; p < np; ++p) {
    const zrt_region *b = m->npieces ? &m->pieces[p].box : &m->box;
    for (int64_t i = b->lo[0]; i <= b->hi[0]; ++i)
      for (int64_t j = b->lo[1]; j <= b->hi[1]; ++j)
        if (!seen[i + 8][j + 8]) {
          seen[i + 8][j + 8] = true;
          ++count;
        }
  }
  return count;
}

static im_transfer *ha, *hb, *he, *hw, *hnw, *c1, *c2;

void zpl_main(void) {
  int64_t n = zrt_config_i64("n", 6);
  int64_t chained = zrt_config_i64("chained", 0);
  zrt_config_done();
  int64_t strategy = chained ? IM_CHAINED : IM_PACKED;

  zrt_region R = zrt_region_make(2, 1, n, 1, n, 0, 0);
  zrt_region_check("R", R);
  zrt_dist_add(R);
  zrt_region east = zrt_region_of(R, 0, 1, 0);
  zrt_array *A = zrt_array_new("A", R, ZRT_F64, 1, 1, 1, 1, 0, 0);
  zrt_array *B = zrt_array_new("B", R, ZRT_F64, 1, 1, 1, 1, 0, 0);
  zrt_array *W = zrt_array_new("W", R, ZRT_F64, 1, 1, 1, 1, 0, 0);
  acc a = acc_of(A, ZRT_F64), b = acc_of(B, ZRT_F64), w = acc_of(W, ZRT_F64);

  for (int64_t r = 1; r <= 3; ++r) {
    FOR_LOCAL(R, i, j, k) {
      AT_F64(a, i, j, k) = fa(r, i, j);
      AT_F64(b, i, j, k) = fb(r, i, j);
      AT_F64(w, i, j, k) = fw(r, i, j);
    }
    ha = im_halo(ha, 0, A, R, -1, 0, 0);
    hb = im_halo(hb, 1, B, R, -1, 0, 0);
    he = im_halo(he, 2, A, R, 0, 1, 0);
    hw = im_wrap(hw, 3, W, R, 0, 1, 0);
    im_transfer *members[4] = {ha, hb, he, hw};
    im_transfer *before = c1;
    c1 = im_combine(c1, 10, 4, ha, hb, he, hw);
    im_strategy(c1, strategy);
    int64_t sent = zrt_g.n_messages;
    xfer(c1);
    sent = zrt_g.n_messages - sent;

    char name[96];
    int64_t e = 0;
    FOR_LOCAL(R, i, j, k) {
      if (i > 1) {
        e += AT_F64(a, i - 1, j, k) != fa(r, i - 1, j);
        e += AT_F64(b, i - 1, j, k) != fb(r, i - 1, j);
      }
      if (j < n)
        e += AT_F64(a, i, j + 1, k) != fa(r, i, j + 1);
    }
    snprintf(name, sizeof name, "round %lld: combined halos of A and B", (long long)r);
    report(name, e);
    e = 0;
    FOR_LOCAL(east, i, j, k) e += AT_F64(w, i, j, k) != fw(r, i, 1);
    snprintf(name, sizeof name, "round %lld: combined wrap of W", (long long)r);
    report(name, e);
    snprintf(name, sizeof name, "round %lld: one message per peer", (long long)r);
    report(name, sent != distinct_peers(members, 4));
    snprintf(name, sizeof name, "round %lld: the handle is reused", (long long)r);
    report(name, r > 1 && before != c1);

    /* Overlapping receives: north and north-west of A. */
    FOR_LOCAL(R, i, j, k) AT_F64(a, i, j, k) = fa(r + 10, i, j);
    ha = im_halo(ha, 0, A, R, -1, 0, 0);
    hnw = im_halo(hnw, 4, A, R, -1, -1, 0);
    c2 = im_combine(c2, 11, 2, ha, hnw);
    im_strategy(c2, IM_CHAINED);
    xfer(c2);
    e = 0;
    FOR_LOCAL(R, i, j, k) {
      if (i > 1)
        e += AT_F64(a, i - 1, j, k) != fa(r + 10, i - 1, j);
      if (i > 1 && j > 1)
        e += AT_F64(a, i - 1, j - 1, k) != fa(r + 10, i - 1, j - 1);
    }
    snprintf(name, sizeof name, "round %lld: overlapping members", (long long)r);
    report(name, e);
    /* From the north neighbour both bring the row above (north-west
     * shifted by one): the second member's piece is trimmed to the cells
     * the first does not bring, so every message carries each cell once
     * (counted on a grid of marks) and has a chained form. */
    int64_t wrong = c2->strategy != IM_CHAINED;
    for (int i = 0; i < c2->nrecv; ++i) {
      wrong += !zrt_msg_chainable(c2, &c2->recv[i]);
      wrong += c2->recv[i].bytes != distinct_cells(&c2->recv[i]) * sizeof(double);
    }
    snprintf(name, sizeof name, "round %lld: overlapping pieces are trimmed", (long long)r);
    report(name, wrong);
  }
  report_all();
}
