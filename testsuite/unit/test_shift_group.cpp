// A statement's run-time shifts of one array as one exchange
// (zrt_halo_group, zrt_wrap_group behind zrt_shift_halos and
// zrt_shift_wraps): as PE 0 of 2 with the rows of a 16 x 16 array split in
// two, the 8 halos of a 9-point stencil receive the row below the block
// once (18 cells with the corners, in one message from PE 1) where the
// members alone would move 3 x 16 cells, the receive and the send carry
// the same cells, the 8 wraps travel as one message each way, and a handle
// is reused while the directions stay the same. Also whether a statement
// may write in place (zrt_shift_misses_writes).
#include <catch2/catch.hpp>

#include "pose.h"
#include "zplrt_internal.h"

#include <set>
#include <tuple>

namespace {

zrt_region rows_split(int64_t n, int64_t step) {
  int64_t G = zrt_grid_new("G", 2, zrt_g.npes, 1, 0);
  int64_t D = zrt_dist_new("D", G, 2, ZRT_DIST_BLOCK, 0, ZRT_DIST_BLOCK, 0, 0, 0);
  zrt_region r = zrt_region_dist(zrt_region_make(2, 1, n, 1, n, 0, 0), D);
  return step > 1 ? zrt_region_by(r, step, step, 0) : r;
}

/* The 8 directions of a 9-point stencil of reach s, three per member. */
std::vector<int64_t> nine_point(int64_t s) {
  std::vector<int64_t> dirs;
  for (int64_t a = -s; a <= s; a += s)
    for (int64_t b = -s; b <= s; b += s)
      if (a || b)
        dirs.insert(dirs.end(), {a, b, 0});
  return dirs;
}

using Cell = std::pair<int64_t, int64_t>;

/* The cells of a message (its pieces, or its box), each once; *points
 * counts them with repeats. */
std::set<Cell> cells_of(const zrt_msg &m, int64_t *points) {
  std::set<Cell> cells;
  int n = m.npieces ? m.npieces : 1;
  for (int p = 0; p < n; ++p) {
    const zrt_region &b = m.npieces ? m.pieces[p].box : m.box;
    for (int64_t i = b.lo[0]; i <= b.hi[0]; i += zrt_step(&b, 0))
      for (int64_t j = b.lo[1]; j <= b.hi[1]; j += zrt_step(&b, 1)) {
        cells.insert({i, j});
        ++*points;
      }
  }
  return cells;
}

std::set<Cell> row(int64_t i, int64_t lo, int64_t hi, int64_t step) {
  std::set<Cell> r;
  for (int64_t j = lo; j <= hi; j += step)
    r.insert({i, j});
  return r;
}

} // namespace

TEST_CASE("a 9-point stencil's halos move each ghost cell once", "[shift-group]") {
  pose(0, 2);
  zrt_array *a = zrt_array_new("A", rows_split(16, 1), ZRT_F64, 1, 1, 1, 1, 0, 0);
  std::vector<int64_t> dirs = nine_point(1);
  zrt_region r = zrt_region_align(a->decl, a);
  im_transfer *t = zrt_halo_group(nullptr, 7, a, r, 8, dirs.data());
  REQUIRE(t->nrecv == 1);
  REQUIRE(t->nsend == 1);
  CHECK(t->recv[0].peer == 1);
  CHECK(t->send[0].peer == 1);
  CHECK(t->recv[0].tag == t->send[0].tag);
  int64_t points = 0;
  CHECK(cells_of(t->recv[0], &points) == row(9, 0, 17, 1));
  CHECK(points == 18);
  points = 0;
  CHECK(cells_of(t->send[0], &points) == row(8, 0, 17, 1));
  CHECK(points == 18);
  CHECK(t->recv[0].bytes == 18 * sizeof(double));
  // Alone, the three members that reach across the boundary move 16 each.
  int64_t alone = 0;
  for (int m = 0; m < 8; ++m) {
    int nsec;
    zrt_bsection *sec = zrt_halo_bsections(a, r, &dirs[3 * m], 7, &nsec);
    for (int i = 0; i < nsec; ++i)
      if (sec[i].role == ZRT_BSEC_RECV)
        alone += zrt_box_points(&sec[i].box);
    free(sec);
  }
  CHECK(alone == 3 * 16);
  // The same directions reuse the handle; another set builds a new one:
  // [2, 0] instead of [-1, -1] adds row 10 (columns 1..16).
  CHECK(zrt_halo_group(t, 7, a, r, 8, dirs.data()) == t);
  dirs[0] = 2;
  dirs[1] = 0;
  zrt_array_reach(a, &dirs[0]);
  im_transfer *u = zrt_halo_group(t, 7, a, r, 8, dirs.data());
  REQUIRE(u->nrecv == 1);
  points = 0;
  std::set<Cell> both = row(9, 0, 17, 1), ten = row(10, 1, 16, 1);
  both.insert(ten.begin(), ten.end());
  CHECK(cells_of(u->recv[0], &points) == both);
  CHECK(points == 34);
  zrt_transfer_release(u);
  zrt_array_free(a);
}

TEST_CASE("a compact array's grouped halos keep to its lattice", "[shift-group]") {
  pose(0, 2);
  zrt_array *a =
      zrt_array_new_compact("C", rows_split(16, 2), ZRT_F64, 2, 2, 2, 2, 0, 0);
  std::vector<int64_t> dirs = nine_point(2);
  zrt_region r = zrt_region_align(a->decl, a);
  im_transfer *t = zrt_halo_group(nullptr, 3, a, r, 8, dirs.data());
  REQUIRE(t->nrecv == 1);
  int64_t points = 0;
  // Rows 1, 3, ..., 7 here; row 9 and the columns -1 .. 17 of the lattice.
  CHECK(cells_of(t->recv[0], &points) == row(9, -1, 17, 2));
  CHECK(points == 10);
  zrt_transfer_release(t);
  zrt_array_free(a);
}

TEST_CASE("a 9-point stencil's wraps travel as one message each way", "[shift-group]") {
  pose(0, 2);
  zrt_array *a = zrt_array_new("A", rows_split(16, 1), ZRT_F64, 1, 1, 1, 1, 0, 0);
  std::vector<int64_t> dirs = nine_point(1);
  im_transfer *t = zrt_wrap_group(nullptr, 9, a, 8, dirs.data());
  REQUIRE(t->nrecv == 1);
  REQUIRE(t->nsend == 1);
  int64_t points = 0;
  // The band above row 1 with its corners comes from row 16 on PE 1.
  CHECK(cells_of(t->recv[0], &points) == row(0, 0, 17, 1));
  CHECK(points == 18);
  // The column bands of rows 1..8 are copies within this PE.
  int64_t local = 0;
  for (int i = 0; i < t->nlocal; ++i)
    local += zrt_box_points(&t->local[i].dbox);
  CHECK(local == 2 * 8);
  zrt_transfer_release(t);
  zrt_array_free(a);
}

TEST_CASE("a shift off the written lattice lets a statement write in place",
          "[shift-group]") {
  pose(0, 1);
  zrt_region dense = rows_split(16, 1);
  zrt_array *a = zrt_array_new("A", dense, ZRT_F64, 2, 2, 2, 2, 0, 0);
  zrt_region odd = zrt_region_by(dense, 2, 2, 0);
  CHECK(zrt_shift_misses_writes(a, odd, 1, 0, 0));
  CHECK(zrt_shift_misses_writes(a, odd, 2, 1, 0));
  CHECK_FALSE(zrt_shift_misses_writes(a, odd, 2, 0, 0));
  CHECK_FALSE(zrt_shift_misses_writes(a, odd, 0, -2, 0));
  CHECK_FALSE(zrt_shift_misses_writes(a, dense, 1, 0, 0));
  zrt_array_free(a);
}
