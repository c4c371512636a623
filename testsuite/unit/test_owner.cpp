// Ownership with fewer indices than PEs (empty blocks), the per-dimension
// owner functions, and halo sections for shifts wider than a neighbouring
// block (owner-based splitting): completeness, send/receive agreement.
#include <catch2/catch.hpp>

#include "zplrt_internal.h"

#include <cstdlib>
#include <map>
#include <set>
#include <tuple>
#include <vector>

namespace {

zrt_region box2(int64_t a, int64_t b, int64_t c, int64_t d) {
  zrt_region r{};
  r.rank = 2;
  r.lo[0] = a;
  r.hi[0] = b;
  r.lo[1] = c;
  r.hi[1] = d;
  return r;
}

zrt_decomp make2(int64_t gr, int64_t gc, zrt_region bbox) {
  zrt_decomp D{};
  D.rank = 2;
  D.grid[0] = gr;
  D.grid[1] = gc;
  D.grid[2] = 1;
  D.bbox = bbox;
  return D;
}

bool same(const zrt_region &a, const zrt_region &b) {
  for (int k = 0; k < a.rank; ++k)
    if (a.lo[k] != b.lo[k] || a.hi[k] != b.hi[k])
      return false;
  return a.rank == b.rank;
}

bool holds(const zrt_region &b, int64_t i, int64_t j) {
  return i >= b.lo[0] && i <= b.hi[0] && j >= b.lo[1] && j <= b.hi[1];
}

} // namespace

TEST_CASE("fewer indices than PEs: the last PEs along the dimension are empty", "[owner]") {
  // 3 indices (5..7) over 4 PEs
  zrt_decomp D{};
  D.rank = 1;
  D.grid[0] = 4;
  D.grid[1] = D.grid[2] = 1;
  D.bbox.rank = 1;
  D.bbox.lo[0] = 5;
  D.bbox.hi[0] = 7;
  CHECK(zrt_dim_owners(&D, 0) == 3);
  for (int64_t c = 0; c < 4; ++c) {
    zrt_region b = zrt_decomp_block(&D, c, false);
    zrt_region e = zrt_decomp_block(&D, c, true);
    if (c < 3) {
      CHECK(b.lo[0] == 5 + c);
      CHECK(b.hi[0] == 5 + c);
      CHECK_FALSE(zrt_box_empty(&e));
    } else {
      CHECK(zrt_box_empty(&b));
      CHECK(zrt_box_empty(&e));
    }
  }
  // the infinite ends attach to the first and last PEs that own something
  CHECK(zrt_decomp_block(&D, 0, true).lo[0] == -ZRT_INF);
  CHECK(zrt_decomp_block(&D, 2, true).hi[0] == ZRT_INF);
  CHECK(zrt_decomp_block(&D, 1, true).hi[0] == 6);
  for (int64_t x = -10; x <= 20; ++x) {
    int64_t idx[3] = {x, 0, 0};
    int64_t want = x <= 5 ? 0 : x >= 7 ? 2 : 1;
    CHECK(zrt_decomp_owner(&D, idx) == want);
  }
  // one index over 5 PEs: PE 0 owns everything
  D.grid[0] = 5;
  D.bbox.hi[0] = 5;
  CHECK(zrt_dim_owners(&D, 0) == 1);
  zrt_region e0 = zrt_decomp_block(&D, 0, true);
  CHECK(e0.lo[0] == -ZRT_INF);
  CHECK(e0.hi[0] == ZRT_INF);
  for (int64_t c = 1; c < 5; ++c) {
    zrt_region e = zrt_decomp_block(&D, c, true);
    CHECK(zrt_box_empty(&e));
  }
}

TEST_CASE("every index has exactly one owner, also with empty blocks", "[owner]") {
  for (int64_t gr : {1, 2, 3, 4, 5})
    for (int64_t gc : {1, 2, 3, 4, 6})
      for (int64_t n0 : {1, 2, 3, 4})
        for (int64_t n1 : {1, 2, 5}) {
          zrt_decomp D = make2(gr, gc, box2(1, n0, -1, n1 - 2));
          INFO("grid " << gr << "x" << gc << " n " << n0 << "x" << n1);
          int64_t np = zrt_decomp_npes(&D);
          std::vector<zrt_region> ext, blk;
          for (int64_t p = 0; p < np; ++p) {
            ext.push_back(zrt_decomp_block(&D, p, true));
            blk.push_back(zrt_decomp_block(&D, p, false));
            int64_t c[3];
            zrt_decomp_coords(&D, p, c);
            bool empty = c[0] >= n0 || c[1] >= n1;
            REQUIRE(zrt_box_empty(&blk[p]) == empty);
            REQUIRE(zrt_box_empty(&ext[p]) == empty);
          }
          for (int64_t i = -3; i <= n0 + 3; ++i)
            for (int64_t j = -4; j <= n1 + 2; ++j) {
              int owners = 0, inner = 0;
              int64_t who = -1;
              for (int64_t p = 0; p < np; ++p) {
                if (holds(ext[p], i, j)) {
                  ++owners;
                  who = p;
                }
                if (!zrt_box_empty(&blk[p]) && holds(blk[p], i, j)) {
                  ++inner;
                  REQUIRE(holds(ext[p], i, j));
                }
              }
              REQUIRE(owners == 1);
              bool in_box = i >= 1 && i <= n0 && j >= -1 && j <= n1 - 2;
              REQUIRE(inner == (in_box ? 1 : 0));
              int64_t idx[3] = {i, j, 0};
              REQUIRE(zrt_decomp_owner(&D, idx) == who);
            }
          // runs cover an interval in order, each inside its owner's block
          for (int k = 0; k < 2; ++k) {
            int n = zrt_dim_split(&D, k, -6, 9, nullptr, 0);
            std::vector<zrt_run> runs((size_t)n);
            REQUIRE(zrt_dim_split(&D, k, -6, 9, runs.data(), n) == n);
            int64_t next = -6;
            for (auto &u : runs) {
              REQUIRE(u.lo == next);
              REQUIRE(u.hi >= u.lo);
              int64_t lo, hi;
              zrt_dim_block(&D, k, u.c, true, &lo, &hi);
              REQUIRE(u.lo >= lo);
              REQUIRE(u.hi <= hi);
              next = u.hi + 1;
            }
            REQUIRE(next == 10);
            REQUIRE(n == zrt_dim_owners(&D, k));
          }
        }
}

namespace {

struct Plan {
  std::vector<zrt_section> recv, send;
};

Plan plan(const zrt_decomp &D, int64_t pe, const zrt_region &R, const int64_t d[3],
          int64_t flood, int64_t fluff) {
  zrt_region st = zrt_decomp_block(&D, pe, false);
  zrt_region e = zrt_decomp_block(&D, pe, true);
  for (int k = 0; k < 2; ++k) {
    if ((flood >> k) & 1) {
      st.lo[k] = st.hi[k] = R.lo[k];
      continue;
    }
    // edge PEs store the region's indices beyond the box, like zrt_array_new
    if (e.lo[k] == -ZRT_INF && R.lo[k] < st.lo[k])
      st.lo[k] = R.lo[k];
    if (e.hi[k] == ZRT_INF && R.hi[k] > st.hi[k])
      st.hi[k] = R.hi[k];
    st.lo[k] -= fluff;
    st.hi[k] += fluff;
  }
  zrt_section *rs = nullptr, *ss = nullptr;
  int nr = -1, ns = -1;
  char err[256] = "";
  int rc = zrt_halo_compute(&D, pe, R, d, flood, 9, &st, &rs, &nr, &ss, &ns, err, sizeof err);
  INFO("pe " << pe << ": " << err);
  REQUIRE(rc == 0);
  Plan p;
  p.recv.assign(rs, rs + nr);
  p.send.assign(ss, ss + ns);
  std::free(rs);
  std::free(ss);
  return p;
}

// Every cell a PE reads and does not own comes from its owner exactly once;
// every receive has exactly one matching send (same box, tag) and back.
void check_far(int64_t gr, int64_t gc, zrt_region bbox, zrt_region R, int64_t maxd,
               int64_t flood = 0) {
  zrt_decomp D = make2(gr, gc, bbox);
  int64_t np = gr * gc;
  for (int64_t di = -maxd; di <= maxd; ++di)
    for (int64_t dj = -maxd; dj <= maxd; ++dj) {
      int64_t d[3] = {(flood & 1) ? 0 : di, (flood & 2) ? 0 : dj, 0};
      INFO("grid " << gr << "x" << gc << " d=(" << d[0] << "," << d[1] << ")");
      std::vector<Plan> plans;
      for (int64_t p = 0; p < np; ++p)
        plans.push_back(plan(D, p, R, d, flood, maxd));
      for (int64_t p = 0; p < np; ++p) {
        const Plan &P = plans[(size_t)p];
        int64_t pc[3];
        zrt_decomp_coords(&D, p, pc);
        zrt_region ext = zrt_decomp_block(&D, p, true);
        for (int k = 0; k < 2; ++k)
          if ((flood >> k) & 1) {
            ext.lo[k] = -ZRT_INF;
            ext.hi[k] = ZRT_INF;
          }
        zrt_region mine = zrt_box_intersect(&R, &ext);
        zrt_region need = zrt_box_shift(&mine, d);
        std::map<std::pair<int64_t, int64_t>, int> got;
        for (const auto &s : P.recv) {
          REQUIRE(s.peer != p);
          REQUIRE(s.peer >= 0);
          REQUIRE(s.peer < np);
          REQUIRE(zrt_box_contains(&need, &s.box));
          int64_t qc[3];
          zrt_decomp_coords(&D, s.peer, qc);
          for (int64_t i = s.box.lo[0]; i <= s.box.hi[0]; ++i)
            for (int64_t j = s.box.lo[1]; j <= s.box.hi[1]; ++j) {
              ++got[{i, j}];
              int64_t idx[3] = {i, j, 0};
              int64_t oc[3];
              zrt_decomp_coords(&D, zrt_decomp_owner(&D, idx), oc);
              for (int k = 0; k < 2; ++k)
                REQUIRE(qc[k] == (((flood >> k) & 1) ? pc[k] : oc[k]));
            }
        }
        if (!zrt_box_empty(&need))
          for (int64_t i = need.lo[0]; i <= need.hi[0]; ++i)
            for (int64_t j = need.lo[1]; j <= need.hi[1]; ++j) {
              int want = holds(ext, i, j) ? 0 : 1;
              REQUIRE(got[{i, j}] == want);
            }
        // one message per (peer, direction): (peer, tag) pairs are unique
        std::set<std::pair<int64_t, int>> rkeys, skeys;
        for (const auto &s : P.recv)
          REQUIRE(rkeys.insert({s.peer, s.tag}).second);
        for (const auto &t : P.send)
          REQUIRE(skeys.insert({t.peer, t.tag}).second);
        for (const auto &s : P.recv) {
          int matches = 0;
          for (const auto &t : plans[(size_t)s.peer].send)
            if (t.peer == p && t.tag == s.tag) {
              ++matches;
              REQUIRE(same(t.box, s.box));
            }
          REQUIRE(matches == 1);
        }
        for (const auto &t : P.send) {
          REQUIRE(t.peer != p);
          REQUIRE(zrt_box_contains(&ext, &t.box));
          int matches = 0;
          for (const auto &s : plans[(size_t)t.peer].recv)
            if (s.peer == p && s.tag == t.tag)
              ++matches;
          REQUIRE(matches == 1);
        }
      }
    }
}

} // namespace

TEST_CASE("halo sections: shifts of 1..3 over 1-wide blocks", "[owner][halo]") {
  check_far(1, 4, box2(1, 4, 1, 4), box2(1, 4, 1, 4), 3); // n=4 on 1x4
  check_far(3, 3, box2(1, 3, 1, 3), box2(1, 3, 1, 3), 3); // n=3 on 3x3
  check_far(4, 1, box2(1, 4, 1, 4), box2(1, 4, 1, 4), 3);
  // a region inside a larger box, blocks of 1 and 2
  check_far(2, 3, box2(0, 4, 0, 5), box2(1, 3, 1, 4), 3);
}

TEST_CASE("halo sections with empty blocks", "[owner][halo]") {
  check_far(4, 1, box2(1, 2, 1, 2), box2(1, 2, 1, 2), 3); // n=2 on 4x1
  check_far(1, 4, box2(1, 3, 1, 2), box2(1, 3, 1, 2), 2); // 3x2 on 1x4
  check_far(3, 3, box2(1, 2, 1, 2), box2(1, 2, 1, 2), 3); // n=2 on 3x3
  check_far(4, 4, box2(1, 3, 1, 1), box2(1, 3, 1, 1), 2);
}

TEST_CASE("halo sections keep to the grid slice along a flood dimension", "[owner][halo]") {
  check_far(2, 2, box2(1, 4, 1, 4), box2(3, 3, 1, 4), 3, 1);
  check_far(4, 3, box2(1, 2, 1, 3), box2(1, 1, 1, 3), 3, 1); // empty along the flood dim
  check_far(3, 4, box2(1, 3, 1, 2), box2(1, 3, 2, 2), 2, 2);
}

TEST_CASE("halo sections: a 1-wide neighbour still gives the neighbour sections", "[owner][halo]") {
  // n=4 on 1x4, shift east by 1: each PE receives one column from the next
  zrt_decomp D = make2(1, 4, box2(1, 4, 1, 4));
  zrt_region R = box2(1, 4, 1, 4);
  int64_t east[3] = {0, 1, 0}, far[3] = {0, 3, 0};
  for (int64_t p = 0; p < 3; ++p) {
    Plan P = plan(D, p, R, east, 0, 1);
    REQUIRE(P.recv.size() == 1);
    CHECK(P.recv[0].peer == p + 1);
    CHECK(same(P.recv[0].box, box2(1, 4, p + 2, p + 2)));
  }
  // shift 3: PE 0 (column 1) reads column 4 from PE 3; PEs 1 and 2 read
  // columns 5 and 6 (beyond R, in the fluff of PE 3's extended block)
  Plan P0 = plan(D, 0, R, far, 0, 3);
  REQUIRE(P0.recv.size() == 1);
  CHECK(P0.recv[0].peer == 3);
  CHECK(same(P0.recv[0].box, box2(1, 4, 4, 4)));
  Plan P3 = plan(D, 3, R, far, 0, 3);
  REQUIRE(P3.send.size() == 3);
  for (int64_t p = 0; p < 3; ++p) {
    CHECK(P3.send[(size_t)p].peer == p);
    CHECK(same(P3.send[(size_t)p].box, box2(1, 4, p + 4, p + 4)));
  }
  CHECK(P3.recv.empty());
}
