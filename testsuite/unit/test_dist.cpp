// Grids and distributions: ownership along a dimension for every kind
// (hand-computed cases), tiles and the tiled storage layout of arrays
// (posing as each PE of a grid), grid and distribution errors' conditions,
// and the halo, boundary and redistribution sections under tiled
// distributions: every cell moves exactly once, from its owner tile to the
// tile that needs it, and both sides of every message agree piece by piece.
#include <catch2/catch.hpp>

#include "pose.h"
#include "zplrt_internal.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <tuple>
#include <vector>

namespace {

zrt_region box1(int64_t lo, int64_t hi) {
  zrt_region r{};
  r.rank = 1;
  r.lo[0] = lo;
  r.hi[0] = hi;
  return r;
}

zrt_region box2(int64_t a, int64_t b, int64_t c, int64_t d) {
  zrt_region r{};
  r.rank = 2;
  r.lo[0] = a;
  r.hi[0] = b;
  r.lo[1] = c;
  r.hi[1] = d;
  return r;
}

zrt_decomp dim1(int kind, int64_t bsize, int64_t P, int64_t lo, int64_t hi) {
  zrt_decomp D{};
  D.rank = 1;
  D.grid[0] = P;
  D.grid[1] = D.grid[2] = 1;
  D.kind[0] = kind;
  D.bsize[0] = bsize;
  D.bbox = box1(lo, hi);
  return D;
}

zrt_decomp dim2(int k0, int k1, int64_t bs, int64_t g0, int64_t g1, zrt_region bbox) {
  zrt_decomp D{};
  D.rank = 2;
  D.grid[0] = g0;
  D.grid[1] = g1;
  D.grid[2] = 1;
  D.kind[0] = k0;
  D.kind[1] = k1;
  D.bsize[0] = D.bsize[1] = bs;
  D.bbox = bbox;
  return D;
}

std::vector<int64_t> local_blocks(const zrt_decomp &D, int k, int64_t c) {
  std::vector<int64_t> v;
  for (int64_t j = 0; j < zrt_dim_nlocal(&D, k, c); ++j)
    v.push_back(zrt_dim_global(&D, k, c, j));
  return v;
}

} // namespace

TEST_CASE("cyclic over 3 coordinates: blocks of one, dealt round-robin", "[dist]") {
  zrt_decomp D = dim1(ZRT_DIST_CYCLIC, 1, 3, 1, 8);
  CHECK(zrt_dim_blocks(&D, 0) == 8);
  CHECK(zrt_dim_owners(&D, 0) == 8);
  // coordinate 0 holds 1, 4, 7; 1 holds 2, 5, 8; 2 holds 3, 6
  CHECK(local_blocks(D, 0, 0) == std::vector<int64_t>{0, 3, 6});
  CHECK(local_blocks(D, 0, 1) == std::vector<int64_t>{1, 4, 7});
  CHECK(local_blocks(D, 0, 2) == std::vector<int64_t>{2, 5});
  for (int64_t x = 1; x <= 8; ++x) {
    int64_t B = zrt_dim_owner(&D, 0, x);
    CHECK(B == x - 1);
    CHECK(zrt_dim_coord(&D, 0, B) == (x - 1) % 3);
    CHECK(zrt_dim_local(&D, 0, B) == (x - 1) / 3);
  }
  // beyond the box: the first block's coordinate below, the last one's above
  int64_t lo = 0, hi = 0;
  zrt_dim_block(&D, 0, 0, true, &lo, &hi);
  CHECK(lo == -ZRT_INF);
  CHECK(hi == 1);
  zrt_dim_block(&D, 0, 7, true, &lo, &hi);
  CHECK(lo == 8);
  CHECK(hi == ZRT_INF);
  int64_t below[3] = {-5, 0, 0}, above[3] = {100, 0, 0};
  CHECK(zrt_decomp_owner(&D, below) == 0);
  CHECK(zrt_decomp_owner(&D, above) == 1);
  // a PE's block is the bounding box of its blocks
  zrt_region b1 = zrt_decomp_block(&D, 1, false), e1 = zrt_decomp_block(&D, 1, true);
  CHECK(b1.lo[0] == 2);
  CHECK(b1.hi[0] == 8);
  CHECK(e1.hi[0] == ZRT_INF);
}

TEST_CASE("blockcyclic(2) with a partial last block", "[dist]") {
  zrt_decomp D = dim1(ZRT_DIST_BLOCKCYCLIC, 2, 2, 1, 7);
  CHECK(zrt_dim_blocks(&D, 0) == 4); // [1,2] [3,4] [5,6] [7]
  int64_t lo, hi;
  zrt_dim_block(&D, 0, 3, false, &lo, &hi);
  CHECK(lo == 7);
  CHECK(hi == 7);
  zrt_dim_block(&D, 0, 2, false, &lo, &hi);
  CHECK(lo == 5);
  CHECK(hi == 6);
  CHECK(local_blocks(D, 0, 0) == std::vector<int64_t>{0, 2});
  CHECK(local_blocks(D, 0, 1) == std::vector<int64_t>{1, 3});
  int64_t want_owner[8] = {0, 0, 0, 1, 1, 2, 2, 3}; // x = 0..7
  for (int64_t x = 0; x <= 7; ++x)
    CHECK(zrt_dim_owner(&D, 0, x) == want_owner[x]);
  // runs of one owner block over [2..7]
  zrt_run runs[8];
  REQUIRE(zrt_dim_split(&D, 0, 2, 9, runs, 8) == 4);
  CHECK((runs[0].c == 0 && runs[0].lo == 2 && runs[0].hi == 2));
  CHECK((runs[1].c == 1 && runs[1].lo == 3 && runs[1].hi == 4));
  CHECK((runs[2].c == 2 && runs[2].lo == 5 && runs[2].hi == 6));
  CHECK((runs[3].c == 3 && runs[3].lo == 7 && runs[3].hi == 9));
}

TEST_CASE("`*`: the whole dimension on coordinate 0", "[dist]") {
  zrt_decomp D = dim1(ZRT_DIST_NONE, 1, 3, 1, 5);
  CHECK(zrt_dim_blocks(&D, 0) == 1);
  CHECK(local_blocks(D, 0, 0) == std::vector<int64_t>{0});
  CHECK(local_blocks(D, 0, 1).empty());
  CHECK(local_blocks(D, 0, 2).empty());
  for (int64_t x : {-3, 1, 3, 5, 9})
    CHECK(zrt_dim_owner(&D, 0, x) == 0);
  zrt_region e0 = zrt_decomp_block(&D, 0, true), e2 = zrt_decomp_block(&D, 2, true);
  CHECK(e0.lo[0] == -ZRT_INF);
  CHECK(e0.hi[0] == ZRT_INF);
  CHECK(zrt_box_empty(&e2));
}

TEST_CASE("tiles and storage of blockcyclic(2) arrays", "[dist][tiles]") {
  // distribution D : G = [blockcyclic(2)] on 2 PEs; R = [1..7]; A over R
  // with one ghost cell each side
  for (int me = 0; me < 2; ++me) {
    pose(me, 2);
    int64_t G = zrt_grid_new("G", 1, 2, 0, 0);
    int64_t D = zrt_dist_new("D", G, 1, ZRT_DIST_BLOCKCYCLIC, 2, 0, 0, 0, 0);
    zrt_region R = zrt_region_dist(zrt_region_make(1, 1, 7, 0, 0, 0, 0), D);
    zrt_array *A = zrt_array_new("A", R, ZRT_F64, 1, 1, 0, 0, 0, 0);
    REQUIRE(A->nblk[0] == 2);
    CHECK(A->span[0] == 4);
    CHECK(A->tiled);
    CHECK(zrt_array_stride(A, 0) == 1);
    zrt_region S = zrt_region_make(1, 2, 7, 0, 0, 0, 0);
    S.dist = D;
    REQUIRE(zrt_tiles(S) == 2);
    if (me == 0) {
      // blocks [1,2] and [5,6], stored as rows 0..3 = indices 0..3, rows 4..7 = 4..7
      CHECK(A->first[0][0] == 0);
      CHECK(A->last[0][0] == 3);
      CHECK(A->first[0][1] == 4);
      CHECK(A->last[0][1] == 7);
      CHECK(zrt_tile_lo(S, 0, 0) == 2);
      CHECK(zrt_tile_hi(S, 0, 0) == 2);
      CHECK(zrt_tile_lo(S, 1, 0) == 5);
      CHECK(zrt_tile_hi(S, 1, 0) == 6);
      CHECK(zrt_local_lo(S, 0) == 2);
      CHECK(zrt_local_hi(S, 0) == 6);
      int64_t i6[3] = {6, 0, 0};
      CHECK(zrt_array_elem(A, i6) == 6);
      CHECK(zrt_array_tile_offset(A, S, 1) + 6 == 6);
    } else {
      // blocks [3,4] and [7] (stored 2..5 and 6..8, span 4): element 7 at
      // row 4 + (7 - 6) = 5, its ghost 8 at row 6, block 1's ghost 6 at row 4
      CHECK(A->first[0][0] == 2);
      CHECK(A->last[0][0] == 5);
      CHECK(A->first[0][1] == 6);
      CHECK(A->last[0][1] == 8);
      CHECK(A->bytes == 8 * sizeof(double));
      CHECK(zrt_tile_lo(S, 1, 0) == 7);
      CHECK(zrt_tile_hi(S, 1, 0) == 7);
      int64_t i7[3] = {7, 0, 0}, i3[3] = {3, 0, 0}, i5[3] = {5, 0, 0};
      CHECK(zrt_array_elem(A, i7) == 5);
      CHECK(zrt_array_elem(A, i3) == 1);
      CHECK(zrt_array_elem(A, i5) == 3); // a ghost cell of block [3,4]
      int64_t off1 = zrt_array_tile_offset(A, S, 1);
      CHECK(off1 + 7 == 5);
      CHECK(off1 + 8 == 6);
      CHECK(off1 + 6 == 4);
      zrt_region lb{};
      int64_t tile1[3] = {1, 0, 0};
      zrt_region ghost = box1(8, 8);
      REQUIRE(zrt_array_tile_box(A, tile1, &ghost, &lb));
      CHECK(lb.lo[0] == 6);
      zrt_region outside = box1(9, 9);
      CHECK_FALSE(zrt_array_tile_box(A, tile1, &outside, &lb));
    }
    int64_t i5[3] = {5, 0, 0};
    CHECK(zrt_array_owner(A, i5) == 0);
    int64_t i7[3] = {7, 0, 0}, far[3] = {42, 0, 0};
    CHECK(zrt_array_owner(A, i7) == 1);
    CHECK(zrt_array_owner(A, far) == 1); // beyond the box: the last block's PE
    // holds: PE 0 stores 0..7, PE 1 stores 2..8
    zrt_region b = box1(0, 8);
    CHECK_FALSE(zrt_array_holds(A, &b));
    b = box1(me == 0 ? 0 : 2, me == 0 ? 7 : 8);
    CHECK(zrt_array_holds(A, &b));
    zrt_array_free(A);
  }
}

TEST_CASE("tiles of a [cyclic, block] distribution on a 2x2 grid", "[dist][tiles]") {
  // R = [1..4, 1..6]: rows dealt to grid rows, columns in two blocks
  for (int me = 0; me < 4; ++me) {
    pose(me, 4);
    int64_t D = zrt_dist_new("D", 0, 2, ZRT_DIST_CYCLIC, 1, ZRT_DIST_BLOCK, 1, 0, 0);
    zrt_region R = zrt_region_dist(zrt_region_make(2, 1, 4, 1, 6, 0, 0), D);
    zrt_array *A = zrt_array_new("A", R, ZRT_I64, 0, 0, 1, 1, 0, 0);
    int64_t r0 = me / 2 + 1, c0 = me % 2 == 0 ? 1 : 4;
    const zrt_region *tiles = nullptr;
    REQUIRE(zrt_local_tiles(R, &tiles) == 2);
    for (int t = 0; t < 2; ++t) {
      CHECK(tiles[t].lo[0] == r0 + 2 * t);
      CHECK(tiles[t].hi[0] == r0 + 2 * t);
      CHECK(tiles[t].lo[1] == c0);
      CHECK(tiles[t].hi[1] == c0 + 2);
    }
    // two rows of 5 (3 columns + 2 ghost columns): row stride 5; the
    // second row starts at element 5
    CHECK(zrt_array_stride(A, 0) == 5);
    CHECK(zrt_array_stride(A, 1) == 1);
    int64_t *b = zrt_array_i64(A);
    for (int t = 0; t < 2; ++t) {
      int64_t o = zrt_array_tile_offset(A, R, t);
      int64_t i = tiles[t].lo[0];
      for (int64_t j = c0 - 1; j <= c0 + 3; ++j) {
        int64_t e = o + i * 5 + j;
        REQUIRE(e >= 0);
        REQUIRE(e < 10);
        CHECK(e == t * 5 + (j - (c0 - 1)));
        b[e] = 100 * i + j;
      }
    }
    int64_t idx[3] = {r0 + 2, c0 + 1, 0};
    CHECK(b[zrt_array_elem(A, idx)] == 100 * (r0 + 2) + c0 + 1);
    zrt_array_free(A);
  }
}

TEST_CASE("`*` distributions: PEs off coordinate 0 hold nothing", "[dist][tiles]") {
  for (int me = 0; me < 4; ++me) {
    pose(me, 4);
    int64_t G = zrt_grid_new("G", 2, 2, 2, 0);
    int64_t D = zrt_dist_new("D", G, 2, ZRT_DIST_NONE, 0, ZRT_DIST_BLOCK, 0, 0, 0);
    zrt_region R = zrt_region_dist(zrt_region_make(2, 1, 3, 1, 4, 0, 0), D);
    zrt_array *A = zrt_array_new("A", R, ZRT_F64, 1, 1, 1, 1, 0, 0);
    bool row0 = me < 2; // grid row 0
    CHECK(zrt_tiles(R) == (row0 ? 1 : 0));
    CHECK((zrt_local_hi(R, 0) >= zrt_local_lo(R, 0)) == row0);
    CHECK((A->bytes > 0) == row0);
    if (row0) {
      CHECK(zrt_tile_lo(R, 0, 0) == 1);
      CHECK(zrt_tile_hi(R, 0, 0) == 3);
      CHECK(zrt_tile_lo(R, 0, 1) == (me == 0 ? 1 : 3));
    }
    // a flood array over [1..3, *] is held by every PE
    zrt_region FR = zrt_region_dist(zrt_region_flood(zrt_region_make(2, 1, 3, 1, 1, 0, 0), 1), D);
    zrt_array *F = zrt_array_new("F", FR, ZRT_F64, 0, 0, 0, 0, 0, 0);
    CHECK(F->nblk[1] == 1);
    CHECK(F->nblk[0] == (row0 ? 1 : 0));
    zrt_array_free(F);
    zrt_array_free(A);
  }
}

TEST_CASE("the implicit distribution keeps its one-block layout", "[dist][tiles]") {
  pose(1, 4);
  zrt_region R = zrt_region_make(2, 1, 8, 1, 8, 0, 0);
  zrt_dist_add(R);
  zrt_array *A = zrt_array_new("A", R, ZRT_F64, 1, 1, 1, 1, 0, 0);
  // 2x2 grid: PE 1 owns rows 1..4, columns 5..8 (the edge: to 9 with fluff)
  CHECK_FALSE(A->tiled);
  CHECK(A->storage.lo[0] == 0);
  CHECK(A->storage.hi[0] == 5);
  CHECK(A->storage.lo[1] == 4);
  CHECK(A->storage.hi[1] == 9);
  CHECK(zrt_array_offset(A) == -(0 * 6 + 4));
  REQUIRE(zrt_tiles(R) == 1);
  CHECK(zrt_array_tile_offset(A, R, 0) == zrt_array_offset(A));
  CHECK(zrt_tile_lo(R, 0, 1) == 5);
  CHECK(zrt_tile_hi(R, 0, 1) == 8);
  zrt_array_free(A);
}

TEST_CASE("grid and distribution declarations", "[dist]") {
  pose(0, 6);
  CHECK(zrt_grid_new("G", 2, 2, 3, 0) == 1);
  CHECK(zrt_grid_new("H", 1, 6, 0, 0) == 2);
  CHECK(zrt_dist_new("D", 1, 2, ZRT_DIST_BLOCK, 0, ZRT_DIST_CYCLIC, 0, 0, 0) == 1);
  CHECK(zrt_dist_new("E", 2, 1, ZRT_DIST_BLOCKCYCLIC, 3, 0, 0, 0, 0) == 2);
  zrt_region R = zrt_region_dist(zrt_region_make(2, 1, 4, 1, 9, 0, 0), 1);
  CHECK(R.dist == 1);
  // derived regions keep the distribution; the grid is the declared one
  zrt_region N = zrt_region_of(R, -1, 0, 0);
  CHECK(N.dist == 1);
  zrt_distrib *d = zrt_distrib_for(&N);
  CHECK(d->D.grid[0] == 2);
  CHECK(d->D.grid[1] == 3);
  CHECK(d->D.bbox.hi[1] == 9);
  CHECK(d->D.kind[1] == ZRT_DIST_CYCLIC);
}

namespace {

/* The tile (global block per dimension) of PE pe holding local blocks t. */
std::vector<int64_t> global_tile(const zrt_decomp &D, int64_t pe, const int64_t t[3]) {
  int64_t c[3];
  zrt_decomp_coords(&D, pe, c);
  std::vector<int64_t> g;
  for (int k = 0; k < D.rank; ++k)
    g.push_back(zrt_dim_global(&D, k, c[k], t[k]));
  return g;
}

std::vector<int64_t> owner_tile(const zrt_decomp &D, int64_t i, int64_t j) {
  return {zrt_dim_owner(&D, 0, i), zrt_dim_owner(&D, 1, j)};
}

int64_t pe_of_tile(const zrt_decomp &D, const std::vector<int64_t> &g) {
  int64_t c[3] = {zrt_dim_coord(&D, 0, g[0]), zrt_dim_coord(&D, 1, g[1]), 0};
  return zrt_decomp_pe(&D, c);
}

bool same(const zrt_region &a, const zrt_region &b) {
  for (int k = 0; k < a.rank; ++k)
    if (a.lo[k] != b.lo[k] || a.hi[k] != b.hi[k])
      return false;
  return a.rank == b.rank;
}

std::vector<std::vector<int64_t>> tiles_of(const zrt_decomp &D, int64_t pe) {
  int64_t c[3];
  zrt_decomp_coords(&D, pe, c);
  std::vector<std::vector<int64_t>> v;
  for (int64_t a = 0; a < zrt_dim_nlocal(&D, 0, c[0]); ++a)
    for (int64_t b = 0; b < zrt_dim_nlocal(&D, 1, c[1]); ++b)
      v.push_back({zrt_dim_global(&D, 0, c[0], a), zrt_dim_global(&D, 1, c[1], b)});
  return v;
}

zrt_region ext_of(const zrt_decomp &D, const std::vector<int64_t> &g) {
  zrt_region e = box2(0, 0, 0, 0);
  zrt_dim_block(&D, 0, g[0], true, &e.lo[0], &e.hi[0]);
  zrt_dim_block(&D, 1, g[1], true, &e.lo[1], &e.hi[1]);
  return e;
}

/* Halo sections of shift d over R: every cell a tile reads and does not own
 * comes exactly once from its owner tile; both sides of each PE pair list
 * the same pieces in the same order with one tag. */
void check_halo(const zrt_decomp &D, zrt_region R, int64_t d0, int64_t d1) {
  int64_t np = zrt_decomp_npes(&D), d[3] = {d0, d1, 0};
  zrt_region all = box2(-ZRT_INF, ZRT_INF, -ZRT_INF, ZRT_INF);
  std::vector<std::vector<zrt_section>> recv(np), send(np);
  for (int64_t p = 0; p < np; ++p) {
    zrt_section *rs = nullptr, *ss = nullptr;
    int nr = 0, ns = 0;
    char err[256] = "";
    REQUIRE(zrt_halo_compute(&D, p, R, d, 0, 7, &all, &rs, &nr, &ss, &ns, err, sizeof err) == 0);
    recv[p].assign(rs, rs + nr);
    send[p].assign(ss, ss + ns);
    std::free(rs);
    std::free(ss);
  }
  for (int64_t p = 0; p < np; ++p) {
    std::map<std::tuple<std::vector<int64_t>, int64_t, int64_t>, int> got;
    for (const auto &s : recv[p]) {
      auto v = global_tile(D, p, s.tile);
      for (int64_t i = s.box.lo[0]; i <= s.box.hi[0]; ++i)
        for (int64_t j = s.box.lo[1]; j <= s.box.hi[1]; ++j) {
          auto u = owner_tile(D, i, j);
          REQUIRE(u != v);
          REQUIRE(pe_of_tile(D, u) == s.peer);
          if (s.peer == p)
            REQUIRE(global_tile(D, p, s.src_tile) == u);
          ++got[{v, i, j}];
        }
    }
    size_t want = 0;
    for (const auto &v : tiles_of(D, p)) {
      zrt_region ext = ext_of(D, v);
      zrt_region mine = zrt_box_intersect(&R, &ext);
      if (zrt_box_empty(&mine))
        continue;
      zrt_region need = zrt_box_shift(&mine, d);
      for (int64_t i = need.lo[0]; i <= need.hi[0]; ++i)
        for (int64_t j = need.lo[1]; j <= need.hi[1]; ++j)
          if (owner_tile(D, i, j) != v) {
            ++want;
            REQUIRE(got[{v, i, j}] == 1);
          }
    }
    REQUIRE(got.size() == want);
    for (int64_t q = 0; q < np; ++q) {
      if (q == p)
        continue;
      std::vector<zrt_section> in, out;
      for (const auto &s : recv[p])
        if (s.peer == q)
          in.push_back(s);
      for (const auto &s : send[q])
        if (s.peer == p)
          out.push_back(s);
      REQUIRE(in.size() == out.size());
      for (size_t i = 0; i < in.size(); ++i) {
        REQUIRE(same(in[i].box, out[i].box));
        REQUIRE(in[i].tag == in[0].tag);
        REQUIRE(out[i].tag == in[0].tag);
        // the sender's piece lies in its tile's extended block
        REQUIRE(owner_tile(D, out[i].box.lo[0], out[i].box.lo[1]) ==
                global_tile(D, q, out[i].tile));
      }
    }
    for (const auto &s : send[p])
      REQUIRE(s.peer != p);
  }
}

} // namespace

TEST_CASE("halo sections under cyclic, blockcyclic and mixed distributions", "[dist][halo]") {
  zrt_region bbox = box2(0, 8, 0, 7), R = box2(1, 7, 1, 6);
  struct Case {
    int k0, k1;
    int64_t bs, g0, g1;
  };
  for (Case c : {Case{ZRT_DIST_CYCLIC, ZRT_DIST_CYCLIC, 1, 2, 2},
                 Case{ZRT_DIST_BLOCKCYCLIC, ZRT_DIST_BLOCKCYCLIC, 2, 2, 2},
                 Case{ZRT_DIST_BLOCKCYCLIC, ZRT_DIST_CYCLIC, 3, 1, 4},
                 Case{ZRT_DIST_BLOCK, ZRT_DIST_CYCLIC, 1, 3, 1},
                 Case{ZRT_DIST_NONE, ZRT_DIST_BLOCK, 1, 2, 2},
                 Case{ZRT_DIST_CYCLIC, ZRT_DIST_NONE, 1, 1, 3},
                 Case{ZRT_DIST_CYCLIC, ZRT_DIST_BLOCKCYCLIC, 2, 1, 1}}) {
    zrt_decomp D = dim2(c.k0, c.k1, c.bs, c.g0, c.g1, bbox);
    for (int64_t d0 = -2; d0 <= 2; ++d0)
      for (int64_t d1 = -2; d1 <= 2; ++d1) {
        INFO("kinds " << c.k0 << "," << c.k1 << " bs " << c.bs << " grid " << c.g0 << "x"
                      << c.g1 << " d " << d0 << "," << d1);
        check_halo(D, R, d0, d1);
      }
  }
}

namespace {

/* Wrap/reflect sections of band `d of R` under a tiled distribution: each
 * band cell is written once, in the tile that owns it, from the right
 * source cell in the tile that owns that; pairs agree piece by piece. */
void check_tiled_boundary(const zrt_decomp &D, int kind, int64_t d0, int64_t d1, zrt_region R) {
  int64_t np = zrt_decomp_npes(&D), d[3] = {d0, d1, 0}, f[3] = {0, 0, 0};
  std::map<std::pair<int64_t, int64_t>, int> filled;
  std::map<std::pair<int64_t, int64_t>, std::vector<zrt_bsection>> sends, recvs;
  for (int64_t me = 0; me < np; ++me) {
    zrt_bsection *sec = nullptr;
    int ns = 0;
    char err[256] = "";
    REQUIRE(zrt_boundary_compute(&D, me, kind, R, d, 0, f, 3, &sec, &ns, err, sizeof err) == 0);
    for (int i = 0; i < ns; ++i) {
      const zrt_bsection &s = sec[i];
      auto here = global_tile(D, me, s.tile);
      REQUIRE(owner_tile(D, s.box.lo[0], s.box.lo[1]) == here);
      REQUIRE(owner_tile(D, s.box.hi[0], s.box.hi[1]) == here);
      if (s.role == ZRT_BSEC_SEND) {
        sends[{me, s.peer}].push_back(s);
        continue;
      }
      if (s.role == ZRT_BSEC_RECV)
        recvs[{s.peer, me}].push_back(s);
      else
        REQUIRE(owner_tile(D, s.other.lo[0], s.other.lo[1]) == global_tile(D, me, s.other_tile));
      for (int64_t i0 = s.box.lo[0]; i0 <= s.box.hi[0]; ++i0)
        for (int64_t j0 = s.box.lo[1]; j0 <= s.box.hi[1]; ++j0) {
          ++filled[{i0, j0}];
          int64_t x[2] = {i0, j0}, src[2];
          for (int k = 0; k < 2; ++k) {
            int64_t off = x[k] - s.box.lo[k];
            src[k] = ((s.mirror >> k) & 1) ? s.other.hi[k] - off : s.other.lo[k] + off;
            int64_t ext = R.hi[k] - R.lo[k] + 1, want = x[k];
            if (d[k] != 0 && kind == ZRT_XFER_WRAP)
              want = d[k] > 0 ? x[k] - ext : x[k] + ext;
            if (d[k] != 0 && kind == ZRT_XFER_REFLECT)
              want = d[k] > 0 ? 2 * R.hi[k] + 1 - x[k] : 2 * R.lo[k] - 1 - x[k];
            REQUIRE(src[k] == want);
          }
          REQUIRE(pe_of_tile(D, owner_tile(D, src[0], src[1])) == (s.role == ZRT_BSEC_LOCAL ? me : s.peer));
        }
    }
    std::free(sec);
  }
  zrt_region band = zrt_region_of(R, d0, d1, 0);
  CHECK((int64_t)filled.size() == zrt_box_count(&band));
  for (auto &kv : filled)
    REQUIRE(kv.second == 1);
  REQUIRE(sends.size() == recvs.size());
  for (auto &kv : recvs) {
    auto &out = sends[kv.first];
    REQUIRE(out.size() == kv.second.size());
    for (size_t i = 0; i < out.size(); ++i) {
      REQUIRE(same(out[i].other, kv.second[i].box));
      REQUIRE(same(out[i].box, kv.second[i].other));
      REQUIRE(out[i].tag == kv.second[i].tag);
    }
  }
}

} // namespace

TEST_CASE("wrap and reflect sections under tiled distributions", "[dist][boundary]") {
  zrt_region bbox = box2(0, 8, 0, 9), R = box2(1, 7, 1, 8);
  for (int kind : {ZRT_XFER_WRAP, ZRT_XFER_REFLECT})
    for (auto kinds : {std::pair<int, int>{ZRT_DIST_CYCLIC, ZRT_DIST_CYCLIC},
                       std::pair<int, int>{ZRT_DIST_BLOCKCYCLIC, ZRT_DIST_BLOCK},
                       std::pair<int, int>{ZRT_DIST_NONE, ZRT_DIST_CYCLIC}})
      for (auto g : {std::pair<int64_t, int64_t>{2, 2}, std::pair<int64_t, int64_t>{1, 3},
                     std::pair<int64_t, int64_t>{4, 1}})
        for (int64_t d0 = -2; d0 <= 2; ++d0)
          for (int64_t d1 = -1; d1 <= 1; ++d1) {
            if (!d0 && !d1)
              continue;
            INFO("kind " << kind << " kinds " << kinds.first << "," << kinds.second << " grid "
                         << g.first << "x" << g.second << " d " << d0 << "," << d1);
            check_tiled_boundary(dim2(kinds.first, kinds.second, 2, g.first, g.second, bbox),
                                 kind, d0, d1, R);
          }
}

TEST_CASE("redistribution sections between two distributions", "[dist][redist]") {
  zrt_region bbox = box2(0, 6, 0, 9), R = box2(1, 5, 0, 8);
  zrt_decomp Ds = dim2(ZRT_DIST_CYCLIC, ZRT_DIST_BLOCKCYCLIC, 2, 2, 2, bbox);
  for (auto g : {std::pair<int64_t, int64_t>{1, 4}, std::pair<int64_t, int64_t>{2, 2},
                 std::pair<int64_t, int64_t>{4, 1}}) {
    zrt_decomp Dd = dim2(ZRT_DIST_BLOCK, ZRT_DIST_CYCLIC, 1, g.first, g.second, bbox);
    int64_t np = 4, f[3] = {0, 0, 0};
    std::map<std::pair<int64_t, int64_t>, int> got;
    std::map<std::pair<int64_t, int64_t>, std::vector<zrt_bsection>> sends, recvs;
    for (int64_t me = 0; me < np; ++me) {
      zrt_bsection *sec = nullptr;
      int ns = 0;
      char err[256] = "";
      REQUIRE(zrt_redist_compute(&Dd, &Ds, me, R, 0, f, 9, &sec, &ns, err, sizeof err) == 0);
      for (int i = 0; i < ns; ++i) {
        const zrt_bsection &s = sec[i];
        REQUIRE(same(s.box, s.other));
        if (s.role == ZRT_BSEC_SEND) {
          REQUIRE(owner_tile(Ds, s.box.lo[0], s.box.lo[1]) == global_tile(Ds, me, s.tile));
          REQUIRE(owner_tile(Ds, s.box.hi[0], s.box.hi[1]) == global_tile(Ds, me, s.tile));
          sends[{me, s.peer}].push_back(s);
          continue;
        }
        REQUIRE(owner_tile(Dd, s.box.lo[0], s.box.lo[1]) == global_tile(Dd, me, s.tile));
        REQUIRE(owner_tile(Dd, s.box.hi[0], s.box.hi[1]) == global_tile(Dd, me, s.tile));
        int64_t from = pe_of_tile(Ds, owner_tile(Ds, s.box.lo[0], s.box.lo[1]));
        REQUIRE(from == (s.role == ZRT_BSEC_LOCAL ? me : s.peer));
        if (s.role == ZRT_BSEC_RECV)
          recvs[{s.peer, me}].push_back(s);
        else
          REQUIRE(owner_tile(Ds, s.other.lo[0], s.other.lo[1]) == global_tile(Ds, me, s.other_tile));
        for (int64_t i0 = s.box.lo[0]; i0 <= s.box.hi[0]; ++i0)
          for (int64_t j0 = s.box.lo[1]; j0 <= s.box.hi[1]; ++j0)
            ++got[{i0, j0}];
      }
      std::free(sec);
    }
    CHECK((int64_t)got.size() == zrt_box_count(&R));
    for (auto &kv : got)
      REQUIRE(kv.second == 1);
    REQUIRE(sends.size() == recvs.size());
    for (auto &kv : recvs) {
      auto &out = sends[kv.first];
      REQUIRE(out.size() == kv.second.size());
      for (size_t i = 0; i < out.size(); ++i) {
        REQUIRE(same(out[i].box, kv.second[i].box));
        REQUIRE(out[i].tag == kv.second[i].tag);
      }
    }
  }
}

TEST_CASE("one message per PE pair, of pieces; copies between a PE's tiles", "[dist][halo]") {
  // [cyclic, cyclic] on a 2x2 grid, R = [1..8, 1..8]: PE 0 holds rows and
  // columns 1, 3, 5, 7 (16 tiles of one element)
  pose(0, 4);
  int64_t D = zrt_dist_new("D", 0, 2, ZRT_DIST_CYCLIC, 1, ZRT_DIST_CYCLIC, 1, 0, 0);
  zrt_region R = zrt_region_dist(zrt_region_make(2, 1, 8, 1, 8, 0, 0), D);
  zrt_array *A = zrt_array_new("A", R, ZRT_F64, 1, 1, 1, 1, 0, 0);
  im_transfer *t = im_halo(nullptr, 1, A, R, -1, 0, 0);
  // rows 3, 5, 7 read rows 2, 4, 6 from PE 2 (grid row 1) in 4 columns;
  // row 1 reads row 0, its own fluff
  REQUIRE(t->nrecv == 1);
  CHECK(t->recv[0].peer == 2);
  CHECK(t->recv[0].npieces == 12);
  CHECK(t->recv[0].bytes == 12 * sizeof(double));
  // rows 1, 3, 5, 7 are read by rows 2, 4, 6, 8 on PE 2
  REQUIRE(t->nsend == 1);
  CHECK(t->send[0].peer == 2);
  CHECK(t->send[0].npieces == 16);
  CHECK(t->send[0].pattern == ZRT_PAT_STRIDED);
  CHECK(t->nlocal == 0);
  // the sent pieces in row-major order of their cells
  double *b = zrt_array_f64(A);
  for (int64_t i = 1; i <= 8; i += 2)
    for (int64_t j = 1; j <= 8; j += 2) {
      int64_t idx[3] = {i, j, 0};
      b[zrt_array_elem(A, idx)] = (double)(10 * i + j);
    }
  std::vector<double> buf(16);
  CHECK(zrt_msg_pack(buf.data(), &t->send[0], A) == 16 * sizeof(double));
  for (int e = 0; e < 16; ++e)
    CHECK(buf[e] == (double)(10 * (1 + 2 * (e / 4)) + 1 + 2 * (e % 4)));
  // received pieces land in the ghost row of the tile below them: piece
  // 0 is (2, 1) above tile (3, 1), piece 5 is (4, 3) above tile (5, 3)
  std::vector<double> in(12);
  for (int e = 0; e < 12; ++e)
    in[e] = 100.0 + e;
  zrt_msg_unpack(&t->recv[0], A, in.data());
  int64_t s0 = zrt_array_stride(A, 0), s1 = zrt_array_stride(A, 1);
  REQUIRE(zrt_tiles(R) == 16);
  CHECK(b[zrt_array_tile_offset(A, R, 4) + 2 * s0 + 1 * s1] == 100.0);
  CHECK(b[zrt_array_tile_offset(A, R, 9) + 4 * s0 + 3 * s1] == 105.0);
  // one PE: every tile's ghost row comes from the tile above, by copies
  pose(0, 1);
  D = zrt_dist_new("D", 0, 2, ZRT_DIST_CYCLIC, 1, ZRT_DIST_CYCLIC, 1, 0, 0);
  R = zrt_region_dist(zrt_region_make(2, 1, 8, 1, 8, 0, 0), D);
  zrt_array *B = zrt_array_new("B", R, ZRT_F64, 1, 1, 1, 1, 0, 0);
  t = im_halo(nullptr, 1, B, R, -1, 0, 0);
  CHECK(t->nsend == 0);
  CHECK(t->nrecv == 0);
  CHECK(t->nlocal == 7 * 8);
}

TEST_CASE("a redistribution sends one message per PE pair", "[dist][redist]") {
  // from [cyclic, cyclic] to [block, block] on 2x2: PE 0 receives the 2x2
  // elements of rows/columns 1..4 that PEs 1, 2, 3 hold and copies its own
  pose(0, 4);
  int64_t D = zrt_dist_new("D", 0, 2, ZRT_DIST_CYCLIC, 1, ZRT_DIST_CYCLIC, 1, 0, 0);
  int64_t E = zrt_dist_new("E", 0, 2, ZRT_DIST_BLOCK, 0, ZRT_DIST_BLOCK, 0, 0, 0);
  zrt_region R = zrt_region_dist(zrt_region_make(2, 1, 8, 1, 8, 0, 0), D);
  zrt_region RE = zrt_region_dist(zrt_region_make(2, 1, 8, 1, 8, 0, 0), E);
  zrt_array *A = zrt_array_new("A", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *AE = zrt_array_new("AE", RE, ZRT_I64, 0, 0, 0, 0, 0, 0);
  im_transfer *t = im_redist(nullptr, 3, AE, A, R);
  REQUIRE(t->nrecv == 3);
  REQUIRE(t->nsend == 3);
  CHECK(t->nlocal == 4);
  for (int i = 0; i < 3; ++i) {
    CHECK(t->recv[i].peer == i + 1);
    CHECK(t->recv[i].npieces == 4);
    CHECK(t->send[i].peer == i + 1);
    CHECK(t->send[i].npieces == 4);
    CHECK(t->send[i].arr == A);
    CHECK(t->recv[i].arr == nullptr);
  }
  CHECK(im_redist(t, 3, AE, A, R) == t); // cached while nothing changes
}

TEST_CASE("array storage starts zeroed, also in memory a freed array used", "[dist][alloc]") {
  // The runtime no longer clears storage itself: the back end's sym_alloc
  // must hand out zeroed memory (calloc), so that the pages of a strided
  // array's box between its lattice points are never touched. A freed
  // array's block is the first malloc would reuse for one of its size.
  pose(0, 1);
  zrt_region R = zrt_region_make(2, 1, 12, 1, 12, 0, 0);
  zrt_dist_add(R);
  zrt_region S = zrt_region_by(R, 2, 3, 1);
  for (int round = 0; round < 3; ++round) {
    zrt_array *Dirty = zrt_array_new("Dirty", S, ZRT_I64, 2, 2, 3, 3, 0, 0);
    std::memset(Dirty->base, 0xA5, Dirty->bytes);
    size_t bytes = Dirty->bytes;
    zrt_array_free(Dirty);
    zrt_array *A = zrt_array_new("A", S, ZRT_I64, 2, 2, 3, 3, 0, 0);
    REQUIRE(A->bytes == bytes);
    const unsigned char *p = static_cast<const unsigned char *>(A->base);
    size_t nonzero = 0;
    for (size_t b = 0; b < A->bytes; ++b)
      nonzero += p[b] != 0;
    CHECK(nonzero == 0);
    zrt_array *T = zrt_array_temp(A); // temporaries come zeroed too
    const int64_t *t = static_cast<const int64_t *>(T->base);
    for (size_t e = 0; e < T->bytes / sizeof *t; ++e)
      nonzero += t[e] != 0;
    CHECK(nonzero == 0);
    zrt_array_free(T);
    zrt_array_free(A);
  }
}
