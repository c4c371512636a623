// Block decomposition, default grids, --grid parsing, extended ownership.
#include <catch2/catch.hpp>

#include "zplrt_internal.h"

#include <vector>

static zrt_region box2(int64_t a, int64_t b, int64_t c, int64_t d) {
  zrt_region r{};
  r.rank = 2;
  r.lo[0] = a;
  r.hi[0] = b;
  r.lo[1] = c;
  r.hi[1] = d;
  return r;
}

TEST_CASE("block sizes are as even as possible, first N%P one larger", "[decomp]") {
  int64_t lo, hi;
  zrt_block_range(0, 9, 3, 0, &lo, &hi);
  CHECK(lo == 0);
  CHECK(hi == 3);
  zrt_block_range(0, 9, 3, 1, &lo, &hi);
  CHECK(lo == 4);
  CHECK(hi == 6);
  zrt_block_range(0, 9, 3, 2, &lo, &hi);
  CHECK(lo == 7);
  CHECK(hi == 9);
  // every split covers [L..H] exactly once, sizes differ by at most one
  for (int64_t n = 1; n <= 40; ++n)
    for (int64_t P = 1; P <= n; ++P) {
      int64_t next = -5, mn = n, mx = 0;
      for (int64_t p = 0; p < P; ++p) {
        zrt_block_range(-5, -5 + n - 1, P, p, &lo, &hi);
        REQUIRE(lo == next);
        next = hi + 1;
        int64_t sz = hi - lo + 1;
        mn = std::min(mn, sz);
        mx = std::max(mx, sz);
        if (p > 0) {
          int64_t plo, phi;
          zrt_block_range(-5, -5 + n - 1, P, p - 1, &plo, &phi);
          REQUIRE(phi - plo + 1 >= sz);
        }
      }
      REQUIRE(next == n - 5);
      REQUIRE(mx - mn <= 1);
    }
}

TEST_CASE("default grids are as square as possible, 3D ones cut the slowest dimension most", "[decomp]") {
  int64_t g[3];
  auto grid = [&](int64_t np, int rank) {
    zrt_default_grid(np, rank, g);
    return std::vector<int64_t>{g[0], g[1], g[2]};
  };
  CHECK(grid(1, 2) == std::vector<int64_t>{1, 1, 1});
  CHECK(grid(2, 2) == std::vector<int64_t>{1, 2, 1});
  CHECK(grid(4, 2) == std::vector<int64_t>{2, 2, 1});
  CHECK(grid(6, 2) == std::vector<int64_t>{2, 3, 1});
  CHECK(grid(7, 2) == std::vector<int64_t>{1, 7, 1});
  CHECK(grid(8, 2) == std::vector<int64_t>{2, 4, 1});
  CHECK(grid(9, 2) == std::vector<int64_t>{3, 3, 1});
  CHECK(grid(12, 2) == std::vector<int64_t>{3, 4, 1});
  CHECK(grid(5, 1) == std::vector<int64_t>{5, 1, 1});
  CHECK(grid(8, 3) == std::vector<int64_t>{2, 2, 2});
  CHECK(grid(4, 3) == std::vector<int64_t>{2, 2, 1});
  CHECK(grid(2, 3) == std::vector<int64_t>{2, 1, 1});
  CHECK(grid(12, 3) == std::vector<int64_t>{3, 2, 2});
  CHECK(grid(16, 3) == std::vector<int64_t>{4, 2, 2});
  for (int64_t np = 1; np <= 64; ++np)
    for (int rank = 1; rank <= 3; ++rank) {
      zrt_default_grid(np, rank, g);
      REQUIRE(g[0] * g[1] * g[2] == np);
      for (int k = 0; k + 1 < rank; ++k)
        REQUIRE((rank == 3 ? g[k] >= g[k + 1] : g[k] <= g[k + 1]));
      for (int k = rank; k < 3; ++k)
        REQUIRE(g[k] == 1);
    }
}

TEST_CASE("--grid values parse", "[decomp]") {
  int64_t g[3];
  CHECK(zrt_parse_grid("4", g) == 1);
  CHECK(g[0] == 4);
  CHECK(zrt_parse_grid("2x3", g) == 2);
  CHECK(g[0] == 2);
  CHECK(g[1] == 3);
  CHECK(g[2] == 1);
  CHECK(zrt_parse_grid("1x2x4", g) == 3);
  CHECK(g[2] == 4);
  CHECK(zrt_parse_grid("", g) == 0);
  CHECK(zrt_parse_grid("2x", g) == 0);
  CHECK(zrt_parse_grid("0x4", g) == 0);
  CHECK(zrt_parse_grid("2x2x2x2", g) == 0);
  CHECK(zrt_parse_grid("-2x2", g) == 0);
  CHECK(zrt_parse_grid("2*2", g) == 0);
}

TEST_CASE("grid coordinates are row-major", "[decomp]") {
  zrt_decomp D{};
  D.rank = 2;
  D.grid[0] = 2;
  D.grid[1] = 3;
  D.grid[2] = 1;
  D.bbox = box2(0, 9, 0, 9);
  int64_t c[3];
  zrt_decomp_coords(&D, 4, c);
  CHECK(c[0] == 1);
  CHECK(c[1] == 1);
  CHECK(zrt_decomp_pe(&D, c) == 4);
  int64_t out[3] = {2, 0, 0};
  CHECK(zrt_decomp_pe(&D, out) == -1);
  CHECK(zrt_decomp_npes(&D) == 6);
}

TEST_CASE("extended blocks own every index exactly once", "[decomp]") {
  for (int64_t gr : {1, 2, 3}) {
    for (int64_t gc : {1, 2, 4}) {
      zrt_decomp D{};
      D.rank = 2;
      D.grid[0] = gr;
      D.grid[1] = gc;
      D.grid[2] = 1;
      D.bbox = box2(0, 9, 0, 7);
      int64_t np = zrt_decomp_npes(&D);
      for (int64_t i = -4; i <= 14; ++i)
        for (int64_t j = -4; j <= 12; ++j) {
          int owners = 0, inner = 0;
          for (int64_t p = 0; p < np; ++p) {
            zrt_region e = zrt_decomp_block(&D, p, true);
            zrt_region b = zrt_decomp_block(&D, p, false);
            zrt_region pt = box2(i, i, j, j);
            owners += zrt_box_contains(&e, &pt);
            inner += zrt_box_contains(&b, &pt);
            if (zrt_box_contains(&b, &pt))
              REQUIRE(zrt_box_contains(&e, &pt));
          }
          REQUIRE(owners == 1);
          bool in_bbox = i >= 0 && i <= 9 && j >= 0 && j <= 7;
          REQUIRE(inner == (in_bbox ? 1 : 0));
        }
    }
  }
  // edge blocks extend to infinity only at the grid's edges
  zrt_decomp D{};
  D.rank = 2;
  D.grid[0] = 2;
  D.grid[1] = 2;
  D.grid[2] = 1;
  D.bbox = box2(0, 9, 0, 9);
  zrt_region e0 = zrt_decomp_block(&D, 0, true);
  CHECK(e0.lo[0] == -ZRT_INF);
  CHECK(e0.lo[1] == -ZRT_INF);
  CHECK(e0.hi[0] == 4);
  CHECK(e0.hi[1] == 4);
  zrt_region e3 = zrt_decomp_block(&D, 3, true);
  CHECK(e3.lo[0] == 5);
  CHECK(e3.hi[0] == ZRT_INF);
  CHECK(e3.hi[1] == ZRT_INF);
}

TEST_CASE("region arithmetic: of, in, at", "[region]") {
  zrt_region R = zrt_region_make(2, 1, 8, 1, 8, 0, 0);
  zrt_region s = zrt_region_of(R, 1, 0, 0);
  CHECK(s.lo[0] == 9);
  CHECK(s.hi[0] == 9);
  CHECK(s.lo[1] == 1);
  CHECK(s.hi[1] == 8);
  zrt_region w = zrt_region_of(R, 0, -2, 0);
  CHECK(w.lo[1] == -1);
  CHECK(w.hi[1] == 0);
  zrt_region n = zrt_region_in(R, -1, 0, 0);
  CHECK(n.lo[0] == 1);
  CHECK(n.hi[0] == 1);
  zrt_region e = zrt_region_in(R, 0, 2, 0);
  CHECK(e.lo[1] == 7);
  CHECK(e.hi[1] == 8);
  zrt_region a = zrt_region_at(R, 1, -1, 0);
  CHECK(a.lo[0] == 2);
  CHECK(a.hi[1] == 7);
  CHECK(zrt_region_lo(a, 1) == 0);
  CHECK(zrt_region_hi(a, 0) == 9);
}
