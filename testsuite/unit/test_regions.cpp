// Index arithmetic of the language extensions: the slot of a family's
// element, `by` lattices and local bounds, flood dimensions (layout, addressing), collection buffer
// addressing, and the sections of boundary transfers (wrap/reflect) for all
// 8 directions of a 2D region on several grids. PE-dependent results are
// computed by posing as each PE of a grid in turn (the runtime's global
// state is reset for every pose; no messages are sent).
#include <catch2/catch.hpp>

#include "pose.h"
#include "zplrt_internal.h"

#include <cstring>
#include <map>
#include <set>
#include <tuple>
#include <vector>

namespace {

zrt_region box(int rank, std::vector<int64_t> lo, std::vector<int64_t> hi) {
  zrt_region r{};
  r.rank = rank;
  for (int k = 0; k < rank; ++k) {
    r.lo[k] = lo[k];
    r.hi[k] = hi[k];
  }
  return r;
}

/* Pose as PE `me` of `npes` with the given grid (rank = grid.size()). */
void pose(int me, int npes, std::vector<int64_t> grid) {
  ::pose(me, npes);
  zrt_g.grid_rank = (int)grid.size();
  for (int k = 0; k < ZRT_MAX_RANK; ++k)
    zrt_g.grid_dims[k] = k < (int)grid.size() ? grid[k] : 1;
}

std::vector<std::vector<int64_t>> grids2() {
  return {{1, 1}, {2, 2}, {3, 3}, {1, 4}, {4, 1}, {2, 3}};
}

int64_t prod(const std::vector<int64_t> &g) {
  int64_t p = 1;
  for (auto x : g)
    p *= x;
  return p;
}

} // namespace

TEST_CASE("a family's element is at its index's slot of the table", "[family]") {
  // `U{j}` of a family U{-2..5}: slot j + 2 (the out-of-range failure, one
  // line and status 2, is tested end to end: testsuite/e2e/multiarray.test).
  CHECK(zrt_family_slot(-2, -2, 5, "U", "t.zpl:1:1") == 0);
  CHECK(zrt_family_slot(0, -2, 5, "U", "t.zpl:1:1") == 2);
  CHECK(zrt_family_slot(5, -2, 5, "U", "t.zpl:1:1") == 7);
  CHECK(zrt_family_slot(3, 3, 3, "L", "t.zpl:1:1") == 0);
}

TEST_CASE("lattice rounding", "[region]") {
  CHECK(zrt_lattice_up(5, 1, 3) == 7);
  CHECK(zrt_lattice_up(7, 1, 3) == 7);
  CHECK(zrt_lattice_up(-4, 1, 3) == 1);
  CHECK(zrt_lattice_down(6, 1, 3) == 4);
  CHECK(zrt_lattice_down(4, 1, 3) == 4);
  CHECK(zrt_lattice_up(5, 1, 1) == 5);
  zrt_region r = zrt_region_by(box(2, {1, 0}, {10, 9}), 3, 2, 1);
  CHECK(r.hi[0] == 10); /* 1, 4, 7, 10 */
  CHECK(r.hi[1] == 8);  /* 0, 2, 4, 6, 8 */
  CHECK(zrt_lattice_count(&r, 0) == 4);
  CHECK(zrt_lattice_count(&r, 1) == 5);
  CHECK(zrt_region_step(r, 0) == 3);
  CHECK(zrt_region_step(r, 2) == 1);
  zrt_region rr = zrt_region_by(r, 2, 1, 1); /* by of by multiplies */
  CHECK(zrt_region_step(rr, 0) == 6);
  CHECK(rr.hi[0] == 7);
  CHECK(zrt_region_step(box(2, {1, 1}, {3, 3}), 0) == 1);
}

TEST_CASE("by regions: every lattice point is local to exactly one PE", "[region]") {
  for (auto g : grids2()) {
    int64_t np = prod(g);
    for (int64_t s0 : {1, 2, 3})
      for (int64_t s1 : {1, 2, 5}) {
        std::map<std::pair<int64_t, int64_t>, int> seen;
        zrt_region R = box(2, {1, 1}, {9, 11});
        zrt_region RB = zrt_region_by(zrt_region_make(2, 2, 9, 1, 11, 0, 0), s0, s1, 1);
        for (int me = 0; me < np; ++me) {
          pose(me, (int)np, g);
          zrt_dist_add(R);
          int64_t lo0 = zrt_local_lo(RB, 0), hi0 = zrt_local_hi(RB, 0);
          int64_t lo1 = zrt_local_lo(RB, 1), hi1 = zrt_local_hi(RB, 1);
          if (hi0 >= lo0) {
            CHECK((lo0 - 2) % s0 == 0);
            CHECK((hi0 - 2) % s0 == 0);
          }
          if (hi1 >= lo1) {
            CHECK((lo1 - 1) % s1 == 0);
            CHECK((hi1 - 1) % s1 == 0);
          }
          for (int64_t i = lo0; i <= hi0; i += zrt_region_step(RB, 0))
            for (int64_t j = lo1; j <= hi1; j += zrt_region_step(RB, 1))
              ++seen[{i, j}];
        }
        int64_t want = 0;
        for (int64_t i = 2; i <= 9; i += s0)
          for (int64_t j = 1; j <= 11; j += s1) {
            ++want;
            CHECK(seen[{i, j}] == 1);
          }
        CHECK((int64_t)seen.size() == want);
      }
  }
}

TEST_CASE("flood dimensions: local bounds, layout and addressing", "[flood]") {
  for (auto g : grids2()) {
    int64_t np = prod(g);
    for (int me = 0; me < np; ++me) {
      pose(me, (int)np, g);
      zrt_region R = box(2, {1, 1}, {8, 9});
      zrt_dist_add(R);
      zrt_region FR = zrt_region_flood(zrt_region_make(2, 1, 8, 1, 1, 0, 0), 1);
      zrt_region FC = zrt_region_flood(zrt_region_make(2, 1, 1, 1, 9, 0, 0), 0);
      zrt_region_check("FR", FR);
      CHECK(zrt_local_lo(FR, 1) == 1);
      CHECK(zrt_local_hi(FR, 1) == 1);
      CHECK(zrt_local_lo(FC, 0) == 1);
      CHECK(zrt_local_hi(FC, 0) == 1);
      CHECK(zrt_local_lo(FR, 0) == zrt_local_lo(R, 0));
      CHECK(zrt_local_hi(FR, 0) == zrt_local_hi(R, 0));
      zrt_array *F = zrt_array_new("F", FR, ZRT_F64, 1, 1, 3, 3, 0, 0);
      CHECK(zrt_array_stride(F, 1) == 0);
      CHECK(zrt_array_stride(F, 0) == 1); /* extent 1 in the flood dimension */
      CHECK(F->storage.lo[1] == F->storage.hi[1]);
      zrt_region got = zrt_array_region(F);
      CHECK(zrt_is_flood(&got, 1));
      CHECK(!zrt_is_flood(&got, 0));
      double *b = zrt_array_f64(F);
      int64_t off = zrt_array_offset(F), s0 = zrt_array_stride(F, 0), s1 = zrt_array_stride(F, 1);
      for (int64_t i = zrt_local_lo(R, 0) - 1; i <= zrt_local_hi(R, 0) + 1; ++i) {
        int64_t e0 = off + i * s0;
        REQUIRE(e0 >= 0);
        REQUIRE((size_t)e0 < F->bytes / sizeof(double));
        for (int64_t j : {-100, 1, 5, 9, 1000})
          CHECK(&b[off + i * s0 + j * s1] == &b[e0]);
      }
      /* statements over R read any column */
      zrt_array_check(F, R, 1, 0, 0);
      zrt_array_check(F, R, 0, 7, 0);
      zrt_array *G = zrt_array_new("G", FC, ZRT_I64, 0, 0, 0, 0, 0, 0);
      CHECK(zrt_array_stride(G, 0) == 0);
      CHECK(zrt_array_stride(G, 1) == 1);
      zrt_array_free(F);
      zrt_array_free(G);
    }
  }
}

TEST_CASE("collection buffer addressing", "[collect]") {
  pose(0, 1, {});
  zrt_region R = box(2, {1, 1}, {6, 5});
  zrt_dist_add(R);
  zrt_array *S = zrt_array_new("S", R, ZRT_F64, 0, 0, 0, 0, 0, 0);
  /* [1..6, 2] S := +<< [R] A: dimension 2 collapses */
  zrt_collect *h = zrt_preduce_begin(S, box(2, {1, 2}, {6, 2}), R, ZRT_SUM);
  CHECK(zrt_collect_stride(h, 1) == 0);
  CHECK(zrt_collect_stride(h, 0) == 1);
  CHECK(zrt_collect_offset(h) == -1);
  double *b = zrt_collect_f64(h);
  for (int i = 0; i < 6; ++i)
    CHECK(b[i] == 0.0); /* identity of + */
  for (int64_t i = 1; i <= 6; ++i)
    for (int64_t j = 1; j <= 5; ++j) {
      int64_t x = zrt_collect_offset(h) + i * zrt_collect_stride(h, 0) + j * zrt_collect_stride(h, 1);
      b[x] = b[x] + (double)(10 * i + j);
    }
  zrt_preduce_end(h);
  double *s = zrt_array_f64(S);
  int64_t off = zrt_array_offset(S), s0 = zrt_array_stride(S, 0), s1 = zrt_array_stride(S, 1);
  for (int64_t i = 1; i <= 6; ++i) {
    CHECK(s[off + i * s0 + 2 * s1] == (double)(50 * i + 15));
    CHECK(s[off + i * s0 + 1 * s1] == 0.0);
  }
  /* [1, 1..5] S := max<< : dimension 1 collapses; identity -inf */
  h = zrt_preduce_begin(S, box(2, {1, 1}, {1, 5}), R, ZRT_MAX);
  CHECK(zrt_collect_stride(h, 0) == 0);
  CHECK(zrt_collect_stride(h, 1) == 1);
  CHECK(zrt_collect_f64(h)[0] == -INFINITY);
  zrt_preduce_end(h);
  /* a flood destination collapses too */
  zrt_region FR = zrt_region_flood(zrt_region_make(2, 1, 6, 1, 1, 0, 0), 1);
  h = zrt_preduce_begin(S, FR, R, ZRT_PROD);
  CHECK(zrt_collect_stride(h, 1) == 0);
  CHECK(zrt_collect_f64(h)[0] == 1.0);
  zrt_preduce_end(h);
  /* scans and floods: row-major over the region's box */
  h = zrt_scan_begin(S, box(2, {2, 2}, {4, 5}), ZRT_SUM, -1);
  CHECK(zrt_collect_stride(h, 1) == 1);
  CHECK(zrt_collect_stride(h, 0) == 4);
  CHECK(zrt_collect_offset(h) == -(2 * 4 + 2));
  zrt_scan_end(h);
  h = zrt_flood_begin(S, FR, box(2, {1, 3}, {6, 3}));
  CHECK(zrt_collect_stride(h, 0) == 1);
  CHECK(zrt_collect_offset(h) + 1 * zrt_collect_stride(h, 0) + 3 * zrt_collect_stride(h, 1) == 0);
  CHECK(zrt_collect_offset(h) + 6 * zrt_collect_stride(h, 0) + 3 * zrt_collect_stride(h, 1) == 5);
  zrt_flood_end(h);
  zrt_array_free(S);
}

namespace {
/* Neither commutes nor associates, so only row-major order gives 3a - b
 * folded as the checks below expect. */
int64_t skew(int64_t a, int64_t b) { return 3 * a - b; }
} // namespace

TEST_CASE("user-defined partial reduction folds in row-major order", "[collect]") {
  pose(0, 1, {});
  zrt_region R = box(2, {1, 1}, {4, 3});
  zrt_dist_add(R);
  zrt_array *S = zrt_array_new("S", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  /* [1..4, 1] S := skew<< [R] (10i + j): the values are stored over R */
  zrt_collect *h = zrt_preduce_user_begin(S, box(2, {1, 1}, {4, 1}), R);
  CHECK(zrt_collect_stride(h, 1) == 1);
  CHECK(zrt_collect_stride(h, 0) == 3);
  int64_t *b = zrt_collect_i64(h);
  for (int64_t i = 1; i <= 4; ++i)
    for (int64_t j = 1; j <= 3; ++j)
      b[zrt_collect_offset(h) + i * 3 + j] = 10 * i + j;
  zrt_preduce_end_user_i64(h, skew, "skew");
  int64_t *s = zrt_array_i64(S);
  int64_t off = zrt_array_offset(S), s0 = zrt_array_stride(S, 0), s1 = zrt_array_stride(S, 1);
  for (int64_t i = 1; i <= 4; ++i) {
    int64_t a = 10 * i + 1, c = 10 * i + 2, d = 10 * i + 3;
    CHECK(s[off + i * s0 + 1 * s1] == 3 * (3 * a - c) - d);
    CHECK(s[off + i * s0 + 2 * s1] == 0); /* outside the destination region */
  }
  /* onto one point: all twelve values, row by row */
  h = zrt_preduce_user_begin(S, box(2, {2, 2}, {2, 2}), R);
  b = zrt_collect_i64(h);
  int64_t want = 0;
  for (int64_t i = 1; i <= 4; ++i)
    for (int64_t j = 1; j <= 3; ++j) {
      b[zrt_collect_offset(h) + i * 3 + j] = i - j;
      want = i == 1 && j == 1 ? i - j : skew(want, i - j);
    }
  zrt_preduce_end_user_i64(h, skew, "skew");
  CHECK(s[off + 2 * s0 + 2 * s1] == want);
  zrt_array_free(S);
}

namespace {

struct Cell {
  int64_t i, j;
  bool operator<(const Cell &o) const { return std::tie(i, j) < std::tie(o.i, o.j); }
};

int64_t expect_src(int kind, int64_t x, int64_t dk, int64_t lo, int64_t hi) {
  if (dk == 0)
    return x;
  if (kind == ZRT_XFER_WRAP)
    return dk > 0 ? x - (hi - lo + 1) : x + (hi - lo + 1);
  return dk > 0 ? 2 * hi + 1 - x : 2 * lo - 1 - x;
}

/* Source cell of band cell (i, j) according to a section (box -> other). */
Cell section_src(const zrt_bsection &s, int64_t i, int64_t j) {
  int64_t x[2] = {i, j}, y[2];
  for (int k = 0; k < 2; ++k) {
    if ((s.mirror >> k) & 1)
      y[k] = s.other.hi[k] - (x[k] - s.box.lo[k]);
    else
      y[k] = s.other.lo[k] + (x[k] - s.box.lo[k]);
  }
  return {y[0], y[1]};
}

void check_boundary(std::vector<int64_t> g, int kind, int64_t d0, int64_t d1, int64_t n,
                    int64_t m) {
  zrt_decomp D{};
  D.rank = 2;
  D.grid[0] = g[0];
  D.grid[1] = g[1];
  D.grid[2] = 1;
  D.bbox = box(2, {-1, -1}, {n + 2, m + 2});
  zrt_region R = box(2, {1, 1}, {n, m});
  int64_t d[3] = {d0, d1, 0};
  int64_t fidx[3] = {0, 0, 0};
  int64_t np = g[0] * g[1];
  std::map<Cell, int> filled;
  /* (sender, receiver) -> (tag, box on sender, box on receiver) */
  std::map<std::pair<int64_t, int64_t>, std::vector<zrt_bsection>> sends, recvs;
  for (int64_t me = 0; me < np; ++me) {
    zrt_bsection *sec = nullptr;
    int ns = -1;
    char err[256] = "";
    REQUIRE(zrt_boundary_compute(&D, me, kind, R, d, 0, fidx, 5, &sec, &ns, err, sizeof err) == 0);
    zrt_region eme = zrt_decomp_block(&D, me, true);
    for (int i = 0; i < ns; ++i) {
      zrt_bsection s = sec[i];
      int64_t cnt_box = zrt_box_count(&s.box), cnt_other = zrt_box_count(&s.other);
      CHECK(cnt_box == cnt_other);
      for (int k = 0; k < 2; ++k)
        CHECK(s.box.hi[k] - s.box.lo[k] == s.other.hi[k] - s.other.lo[k]);
      CHECK(zrt_box_contains(&eme, &s.box));
      int want_mirror = 0;
      if (kind == ZRT_XFER_REFLECT)
        for (int k = 0; k < 2; ++k)
          if (d[k] != 0 && s.box.hi[k] > s.box.lo[k])
            want_mirror |= 1 << k;
      if (s.role == ZRT_BSEC_SEND) {
        CHECK(s.mirror == want_mirror);
        CHECK(s.peer != me);
        sends[{me, s.peer}].push_back(s);
        continue;
      }
      CHECK(s.mirror == want_mirror);
      if (s.role == ZRT_BSEC_LOCAL) {
        CHECK(s.peer == me);
        CHECK(zrt_box_contains(&eme, &s.other));
      } else {
        CHECK(s.peer != me);
        recvs[{s.peer, me}].push_back(s);
        zrt_region ep = zrt_decomp_block(&D, s.peer, true);
        CHECK(zrt_box_contains(&ep, &s.other));
      }
      for (int64_t i0 = s.box.lo[0]; i0 <= s.box.hi[0]; ++i0)
        for (int64_t j0 = s.box.lo[1]; j0 <= s.box.hi[1]; ++j0) {
          ++filled[{i0, j0}];
          Cell src = section_src(s, i0, j0);
          CHECK(src.i == expect_src(kind, i0, d0, 1, n));
          CHECK(src.j == expect_src(kind, j0, d1, 1, m));
          CHECK(src.i >= 1);
          CHECK(src.i <= n);
          CHECK(src.j >= 1);
          CHECK(src.j <= m);
        }
    }
    free(sec);
  }
  /* the band is filled exactly once */
  zrt_region band = zrt_region_of(R, d0, d1, 0);
  for (int64_t i = band.lo[0]; i <= band.hi[0]; ++i)
    for (int64_t j = band.lo[1]; j <= band.hi[1]; ++j)
      CHECK(filled[{i, j}] == 1);
  CHECK((int64_t)filled.size() == zrt_box_count(&band));
  /* every receive has its send: same tag, same boxes */
  CHECK(sends.size() == recvs.size());
  for (auto &kv : recvs) {
    auto it = sends.find(kv.first);
    REQUIRE(it != sends.end());
    REQUIRE(it->second.size() == kv.second.size());
    for (size_t i = 0; i < kv.second.size(); ++i) {
      const zrt_bsection &r = kv.second[i], &s = it->second[i];
      CHECK(r.tag == s.tag);
      for (int k = 0; k < 2; ++k) {
        CHECK(r.box.lo[k] == s.other.lo[k]);
        CHECK(r.box.hi[k] == s.other.hi[k]);
        CHECK(r.other.lo[k] == s.box.lo[k]);
        CHECK(r.other.hi[k] == s.box.hi[k]);
      }
    }
  }
  /* with one PE along every moved dimension, the transfer is all local */
  bool local_only = true;
  for (int k = 0; k < 2; ++k)
    if (d[k] != 0 && g[k] > 1)
      local_only = false;
  if (local_only)
    CHECK(sends.empty());
}

} // namespace

TEST_CASE("wrap and reflect sections: all 8 directions on several grids", "[boundary]") {
  for (auto g : grids2())
    for (int kind : {ZRT_XFER_WRAP, ZRT_XFER_REFLECT})
      for (int64_t d0 = -1; d0 <= 1; ++d0)
        for (int64_t d1 = -1; d1 <= 1; ++d1) {
          if (!d0 && !d1)
            continue;
          INFO("grid " << g[0] << "x" << g[1] << " kind " << kind << " d " << d0 << "," << d1);
          check_boundary(g, kind, d0, d1, 7, 9);
          check_boundary(g, kind, 2 * d0, 2 * d1, 8, 9);
        }
}

TEST_CASE("wrap and reflect: band wider than the region is an error", "[boundary]") {
  zrt_decomp D{};
  D.rank = 2;
  D.grid[0] = 2;
  D.grid[1] = 2;
  D.grid[2] = 1;
  D.bbox = box(2, {0, 0}, {9, 9});
  zrt_region R = box(2, {1, 1}, {2, 8});
  int64_t d[3] = {3, 0, 0}, f[3] = {0, 0, 0};
  zrt_bsection *sec = nullptr;
  int ns = 0;
  char err[256] = "";
  CHECK(zrt_boundary_compute(&D, 0, ZRT_XFER_WRAP, R, d, 0, f, 1, &sec, &ns, err, sizeof err) == -1);
  CHECK(std::string(err).find("only 2 indices along dimension 1") != std::string::npos);
}

TEST_CASE("of and in keep a strided region's lattice", "[regions]") {
  /* {2, 4, 6, 8} x {1, 5, 9}: [2..9 by 2] x [1..9 by 4] */
  zrt_region S = zrt_region_by(box(2, {2, 1}, {9, 9}), 2, 4, 0);
  REQUIRE(S.hi[0] == 8);
  zrt_region east = zrt_region_of(S, 0, 8, 0), north = zrt_region_of(S, -4, 0, 0);
  CHECK(east.lo[1] == 13);
  CHECK(east.hi[1] == 17); /* two lattice points, 13 and 17 */
  CHECK(north.lo[0] == -2);
  CHECK(north.hi[0] == 0);
  zrt_region in_south = zrt_region_in(S, 4, 0, 0), in_west = zrt_region_in(S, 0, -4, 0);
  CHECK(in_south.lo[0] == 6);
  CHECK(in_south.hi[0] == 8);
  CHECK(in_west.lo[1] == 1);
  CHECK(in_west.hi[1] == 1);
}

/* One PE's wrap or reflect of the band d of S, S strided: the source of
 * each band lattice point. */
static void check_strided_boundary(int kind, int64_t d0, int64_t want_src0) {
  zrt_decomp D{};
  D.rank = 2;
  D.grid[0] = 1;
  D.grid[1] = 1;
  D.grid[2] = 1;
  D.bbox = box(2, {-6, 0}, {16, 10});
  zrt_region S = zrt_region_by(box(2, {2, 1}, {9, 9}), 2, 4, 0);
  int64_t d[3] = {d0, 0, 0}, f[3] = {0, 0, 0};
  zrt_bsection *sec = nullptr;
  int ns = 0;
  char err[256] = "";
  REQUIRE(zrt_boundary_compute(&D, 0, kind, S, d, 0, f, 1, &sec, &ns, err, sizeof err) == 0);
  REQUIRE(ns == 1);
  zrt_region band = zrt_region_of(S, d0, 0, 0);
  int64_t first = d0 > 0 ? band.lo[0] : band.hi[0]; /* the band point next to S */
  CHECK(section_src(sec[0], first, 5).i == want_src0);
  CHECK(section_src(sec[0], first, 5).j == 5);
  free(sec);
}

TEST_CASE("wrap and reflect of a strided region: period count x stride", "[boundary]") {
  /* rows {2, 4, 6, 8}: period 8, so 10 wraps to 2 and 0 to 8 */
  check_strided_boundary(ZRT_XFER_WRAP, 2, 2);
  check_strided_boundary(ZRT_XFER_WRAP, -2, 8);
  check_strided_boundary(ZRT_XFER_WRAP, 4, 2);
  /* reflect mirrors the edge point into the band's first point */
  check_strided_boundary(ZRT_XFER_REFLECT, 2, 8);
  check_strided_boundary(ZRT_XFER_REFLECT, -4, 2);
}

TEST_CASE("reflect unpacking runs mirrored dimensions backwards", "[pack]") {
  zrt_region st = box(2, {0, 0}, {3, 3});
  zrt_layout L = zrt_layout_make(&st, sizeof(int));
  int mem[16] = {0};
  int buf[4] = {1, 2, 3, 4};
  zrt_region b = box(2, {1, 1}, {2, 2});
  zrt_unpack_mirror(mem, &L, &b, buf, 1); /* rows reversed */
  CHECK(mem[1 * 4 + 1] == 3);
  CHECK(mem[1 * 4 + 2] == 4);
  CHECK(mem[2 * 4 + 1] == 1);
  CHECK(mem[2 * 4 + 2] == 2);
  zrt_unpack_mirror(mem, &L, &b, buf, 3); /* both */
  CHECK(mem[1 * 4 + 1] == 4);
  CHECK(mem[2 * 4 + 2] == 1);
}
