// Halo section computation: all 8 directions of a 2D stencil on 2x2 and 3x3
// grids (and 1x4/4x1), checked for completeness and send/receive agreement.
#include <catch2/catch.hpp>

#include "zplrt_internal.h"

#include <cstring>
#include <map>
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

bool same(const zrt_region &a, const zrt_region &b) {
  if (a.rank != b.rank)
    return false;
  for (int k = 0; k < a.rank; ++k)
    if (a.lo[k] != b.lo[k] || a.hi[k] != b.hi[k])
      return false;
  return true;
}

struct Plan {
  std::vector<zrt_section> recv, send;
};

zrt_decomp make(int64_t gr, int64_t gc, int64_t n) {
  zrt_decomp D{};
  D.rank = 2;
  D.grid[0] = gr;
  D.grid[1] = gc;
  D.grid[2] = 1;
  D.bbox = box2(0, n + 1, 0, n + 1);
  return D;
}

zrt_region storage_of(const zrt_decomp &D, int64_t pe, int64_t fluff) {
  zrt_region b = zrt_decomp_block(&D, pe, false);
  for (int k = 0; k < 2; ++k) {
    b.lo[k] -= fluff;
    b.hi[k] += fluff;
  }
  return b;
}

Plan plan(const zrt_decomp &D, int64_t pe, const zrt_region &R, const int64_t d[3], int64_t fluff) {
  zrt_section *rs = nullptr, *ss = nullptr;
  int nr = -1, ns = -1;
  char err[256] = "";
  zrt_region st = storage_of(D, pe, fluff);
  int rc = zrt_halo_compute(&D, pe, R, d, 0, 3, &st, &rs, &nr, &ss, &ns, err, sizeof err);
  INFO(err);
  REQUIRE(rc == 0);
  Plan p;
  p.recv.assign(rs, rs + nr);
  p.send.assign(ss, ss + ns);
  free(rs);
  free(ss);
  return p;
}

void check_grid(int64_t gr, int64_t gc, int64_t n) {
  zrt_decomp D = make(gr, gc, n);
  zrt_region R = box2(1, n, 1, n);
  int64_t np = gr * gc;
  for (int64_t di = -1; di <= 1; ++di)
    for (int64_t dj = -1; dj <= 1; ++dj) {
      if (di == 0 && dj == 0)
        continue;
      int64_t d[3] = {di, dj, 0};
      INFO("grid " << gr << "x" << gc << " d=(" << di << "," << dj << ")");
      std::vector<Plan> plans;
      for (int64_t p = 0; p < np; ++p)
        plans.push_back(plan(D, p, R, d, 1));
      for (int64_t p = 0; p < np; ++p) {
        const Plan &P = plans[p];
        zrt_region ext = zrt_decomp_block(&D, p, true);
        zrt_region mine = zrt_box_intersect(&R, &ext);
        zrt_region need = zrt_box_shift(&mine, d);
        zrt_region local = zrt_box_intersect(&need, &ext);
        // completeness: local part + received parts = the needed cells
        int64_t got = zrt_box_count(&local);
        for (const auto &s : P.recv) {
          zrt_region eq = zrt_decomp_block(&D, s.peer, true);
          REQUIRE(s.peer != p);
          REQUIRE(zrt_box_contains(&need, &s.box));
          REQUIRE(zrt_box_contains(&eq, &s.box));
          got += zrt_box_count(&s.box);
        }
        REQUIRE(got == zrt_box_count(&need));
        // every receive has exactly one matching send at the peer
        for (const auto &s : P.recv) {
          int matches = 0;
          for (const auto &t : plans[s.peer].send)
            if (t.peer == p && t.tag == s.tag) {
              ++matches;
              REQUIRE(same(t.box, s.box));
            }
          REQUIRE(matches == 1);
        }
        // and every send a matching receive; sent data lies in the sender's block
        zrt_region blk = zrt_decomp_block(&D, p, false);
        for (const auto &t : P.send) {
          REQUIRE(zrt_box_contains(&ext, &t.box));
          REQUIRE(zrt_box_contains(&blk, &t.box));
          int matches = 0;
          for (const auto &s : plans[t.peer].recv)
            if (s.peer == p && s.tag == t.tag)
              ++matches;
          REQUIRE(matches == 1);
        }
        // tags of one PE's receives are distinct
        for (size_t i = 0; i < P.recv.size(); ++i)
          for (size_t j = i + 1; j < P.recv.size(); ++j)
            REQUIRE(P.recv[i].tag != P.recv[j].tag);
      }
    }
}

} // namespace

TEST_CASE("halo sections on a 2x2 grid, all 8 directions", "[halo]") { check_grid(2, 2, 8); }
TEST_CASE("halo sections on a 3x3 grid, all 8 directions", "[halo]") { check_grid(3, 3, 10); }
TEST_CASE("halo sections on 1x4, 4x1 and 2x3 grids", "[halo]") {
  check_grid(1, 4, 9);
  check_grid(4, 1, 9);
  check_grid(2, 3, 7);
}

TEST_CASE("halo neighbour counts on the centre PE of a 3x3 grid", "[halo]") {
  zrt_decomp D = make(3, 3, 10);
  zrt_region R = box2(1, 10, 1, 10);
  int64_t north[3] = {-1, 0, 0}, ne[3] = {-1, 1, 0}, sw[3] = {1, -1, 0};
  Plan p = plan(D, 4, R, north, 1);
  REQUIRE(p.recv.size() == 1);
  REQUIRE(p.send.size() == 1);
  CHECK(p.recv[0].peer == 1);
  CHECK(p.send[0].peer == 7);
  // the centre block is rows 4..7 (sizes 4,4,4 of 12): it needs row 3 of cols 4..7
  CHECK(same(p.recv[0].box, box2(3, 3, 4, 7)));
  CHECK(same(p.send[0].box, box2(7, 7, 4, 7)));
  Plan q = plan(D, 4, R, ne, 1);
  REQUIRE(q.recv.size() == 3);
  REQUIRE(q.send.size() == 3);
  std::map<int64_t, zrt_region> by;
  for (auto &s : q.recv)
    by[s.peer] = s.box;
  CHECK(same(by.at(1), box2(3, 3, 5, 7)));  // north: row above, cols shifted east
  CHECK(same(by.at(5), box2(4, 6, 8, 8)));  // east: column to the right
  CHECK(same(by.at(2), box2(3, 3, 8, 8)));  // corner
  Plan s = plan(D, 4, R, sw, 1);
  std::map<int64_t, zrt_region> sent;
  for (auto &t : s.send)
    sent[t.peer] = t.box;
  REQUIRE(sent.size() == 3);
  CHECK(sent.count(1) == 1); // north neighbour needs my top row shifted
  CHECK(sent.count(5) == 1);
  CHECK(sent.count(2) == 1);
}

TEST_CASE("halo edge PEs have no neighbour beyond the grid", "[halo]") {
  zrt_decomp D = make(2, 2, 8);
  zrt_region R = box2(1, 8, 1, 8);
  int64_t north[3] = {-1, 0, 0};
  Plan p0 = plan(D, 0, R, north, 1);
  CHECK(p0.recv.empty());
  CHECK(p0.send.size() == 1);
  Plan p2 = plan(D, 2, R, north, 1);
  CHECK(p2.recv.size() == 1);
  CHECK(p2.send.empty());
}

TEST_CASE("halo: a shift past the neighbour is fine, fluff too small is an error", "[halo]") {
  zrt_decomp D = make(1, 4, 6); // columns 0..7 over 4 PEs: 2 each
  zrt_region R = box2(1, 6, 1, 6);
  zrt_section *rs = nullptr, *ss = nullptr;
  int nr, ns;
  char err[256];
  int64_t far[3] = {0, 3, 0};
  zrt_region st = storage_of(D, 1, 3);
  REQUIRE(zrt_halo_compute(&D, 1, R, far, 0, 0, &st, &rs, &nr, &ss, &ns, err, sizeof err) == 0);
  // PE 1 holds columns 2..3 and reads 5..6: PE 2 (column 5) and PE 3 (6)
  REQUIRE(nr == 2);
  CHECK(rs[0].peer == 2);
  CHECK(same(rs[0].box, box2(1, 6, 5, 5)));
  CHECK(rs[1].peer == 3);
  CHECK(same(rs[1].box, box2(1, 6, 6, 6)));
  // nobody in R reads its columns 2..3 (they would be read from columns -1..0)
  CHECK(ns == 0);
  free(rs);
  free(ss);
  // PE 2 (columns 4..5) feeds PE 0 (reads 4) and PE 1 (reads 5)
  st = storage_of(D, 2, 3);
  REQUIRE(zrt_halo_compute(&D, 2, R, far, 0, 0, &st, &rs, &nr, &ss, &ns, err, sizeof err) == 0);
  REQUIRE(ns == 2);
  CHECK(ss[0].peer == 0);
  CHECK(same(ss[0].box, box2(1, 6, 4, 4)));
  CHECK(ss[1].peer == 1);
  CHECK(same(ss[1].box, box2(1, 6, 5, 5)));
  free(rs);
  free(ss);
  int64_t east[3] = {0, 1, 0};
  zrt_region nofluff = storage_of(D, 1, 0);
  CHECK(zrt_halo_compute(&D, 1, R, east, 0, 0, &nofluff, &rs, &nr, &ss, &ns, err, sizeof err) ==
        -1);
  CHECK(std::strstr(err, "outside the array's storage") != nullptr);
  CHECK(rs == nullptr);
  CHECK(ss == nullptr);
}

TEST_CASE("halo sections of a strided region hold its lattice points only", "[halo]") {
  // rows 1..8, columns 1..8 by 2 (columns 1, 3, 5, 7) over a 1x2 grid:
  // PE 0 holds columns 1..4, PE 1 columns 5..8; A@[0, 2] on PE 0 reads
  // column 5 of PE 1 (its lattice), never column 6
  zrt_decomp D = make(1, 2, 8);
  zrt_region R = box2(1, 8, 1, 7);
  R.step[1] = 2;
  int64_t east[3] = {0, 2, 0};
  zrt_region st = storage_of(D, 0, 2);
  zrt_section *rs = nullptr, *ss = nullptr;
  int nr, ns;
  char err[256] = "";
  REQUIRE(zrt_halo_compute(&D, 0, R, east, 0, 0, &st, &rs, &nr, &ss, &ns, err, sizeof err) == 0);
  REQUIRE(nr == 1);
  CHECK(rs[0].peer == 1);
  CHECK(same(rs[0].box, box2(1, 8, 5, 5)));
  CHECK(rs[0].box.step[1] == 2);
  CHECK(zrt_box_points(&rs[0].box) == 8);
  free(rs);
  free(ss);
  // two strides east: columns 5 and 7 of PE 1, as one box with step 2
  int64_t east2[3] = {0, 4, 0};
  st = storage_of(D, 0, 4);
  REQUIRE(zrt_halo_compute(&D, 0, R, east2, 0, 0, &st, &rs, &nr, &ss, &ns, err, sizeof err) == 0);
  REQUIRE(nr == 1);
  CHECK(same(rs[0].box, box2(1, 8, 5, 7)));
  CHECK(rs[0].box.step[1] == 2);
  CHECK(zrt_box_points(&rs[0].box) == 16);
  free(rs);
  free(ss);
}
