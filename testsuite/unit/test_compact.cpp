// Compact storage of arrays over strided regions (zrt_array_new_compact):
// one element per lattice point plus fluff in whole steps, addressed by
// lattice index as generated code does it, the element offsets of the
// runtime's own paths (zrt_array_elem), the local boxes of transfer
// sections (zrt_array_tile_box) and the storage checks, serially and as
// each PE of a block distribution over 2 PEs; a partial reduction's
// results stored at the lattice points only; a halo off the lattice,
// which moves nothing.
#include <catch2/catch.hpp>

#include "pose.h"
#include "zplrt_internal.h"

#include <cstring>
#include <set>

namespace {

/* The element offset generated code computes for global index (i, j). */
int64_t generated_offset(zrt_array *a, zrt_region r, int64_t i, int64_t j) {
  int64_t x0 = (i - zrt_array_lattice_origin(a, 0)) / zrt_array_lattice_step(a, 0);
  int64_t x1 = (j - zrt_array_lattice_origin(a, 1)) / zrt_array_lattice_step(a, 1);
  return zrt_array_tile_offset(a, r, 0) + x0 * zrt_array_stride(a, 0) +
         x1 * zrt_array_stride(a, 1);
}

} // namespace

TEST_CASE("a compact rank-2 array stores its lattice points and whole-step fluff",
          "[compact]") {
  pose(0, 1);
  int64_t G = zrt_grid_new("G", 2, 1, 1, 0);
  int64_t D = zrt_dist_new("D", G, 2, ZRT_DIST_BLOCK, 0, ZRT_DIST_BLOCK, 0, 0, 0);
  // rows 1, 5, 9, 13 and columns 3, 5, ..., 13; ghosts for shifts by 4
  // rows (1 step) and 3 columns (2 steps, rounded up)
  zrt_region R = zrt_region_by(zrt_region_dist(zrt_region_make(2, 1, 16, 3, 13, 0, 0), D),
                               4, 2, 0);
  zrt_array *A = zrt_array_new_compact("A", R, ZRT_F64, 4, 4, 3, 3, 0, 0);
  zrt_array *Dense = zrt_array_new("Dense", R, ZRT_F64, 4, 4, 3, 3, 0, 0);
  CHECK(A->compact);
  CHECK_FALSE(Dense->compact);
  CHECK(zrt_array_lattice_origin(A, 0) == 1);
  CHECK(zrt_array_lattice_step(A, 0) == 4);
  CHECK(zrt_array_lattice_origin(A, 1) == 3);
  CHECK(zrt_array_lattice_step(A, 1) == 2);
  CHECK(zrt_array_lattice_origin(Dense, 1) == 0);
  CHECK(zrt_array_lattice_step(Dense, 1) == 1);
  // lattice rows -1..4 and columns -2..7: 6 x 10 elements (the dense
  // layout: at least rows -3..17 by columns 0..16, 21 x 17)
  CHECK(A->first[0][0] == -1);
  CHECK(A->last[0][0] == 4);
  CHECK(A->first[1][0] == -2);
  CHECK(A->last[1][0] == 7);
  CHECK(A->bytes == 6 * 10 * sizeof(double));
  CHECK(Dense->bytes >= 21 * 17 * sizeof(double));
  CHECK(zrt_array_stride(A, 0) == 10);
  CHECK(zrt_array_stride(A, 1) == 1);
  // the stored indices, in global terms
  CHECK(A->storage.lo[0] == -3);
  CHECK(A->storage.hi[0] == 17);
  CHECK(A->storage.lo[1] == -1);
  CHECK(A->storage.hi[1] == 17);
  // every stored lattice point has its own element, the same for the
  // runtime and for generated code
  std::set<int64_t> seen;
  for (int64_t i = -3; i <= 17; i += 4)
    for (int64_t j = -1; j <= 17; j += 2) {
      int64_t idx[3] = {i, j, 0};
      int64_t o = zrt_array_elem(A, idx);
      CHECK(o == generated_offset(A, R, i, j));
      CHECK(o >= 0);
      CHECK(o < 60);
      seen.insert(o);
    }
  CHECK(seen.size() == 60);
  int64_t p[3] = {9, 7, 0};
  CHECK(zrt_array_elem(A, p) == (2 + 1) * 10 + (2 + 2));
  // a section of lattice points maps to consecutive rows; one off the
  // lattice, or outside the storage, does not map
  int64_t tile[3] = {0, 0, 0};
  zrt_region box = zrt_region_by(zrt_region_make(2, 5, 13, 3, 7, 0, 0), 4, 2, 0);
  zrt_region lbox;
  REQUIRE(zrt_array_tile_box(A, tile, &box, &lbox));
  CHECK(lbox.lo[0] == 2);
  CHECK(lbox.hi[0] == 4);
  CHECK(zrt_step(&lbox, 0) == 1);
  CHECK(lbox.lo[1] == 2);
  CHECK(lbox.hi[1] == 4);
  CHECK(zrt_step(&lbox, 1) == 1);
  zrt_region off = zrt_region_make(2, 6, 6, 3, 3, 0, 0);
  CHECK_FALSE(zrt_array_tile_box(A, tile, &off, &lbox));
  zrt_region every = zrt_region_make(2, 5, 9, 3, 3, 0, 0); // rows 5..9 by 1
  CHECK_FALSE(zrt_array_tile_box(A, tile, &every, &lbox));
  zrt_region beyond = zrt_region_make(2, 21, 21, 3, 3, 0, 0);
  CHECK_FALSE(zrt_array_tile_box(A, tile, &beyond, &lbox));
  zrt_region held = zrt_region_make(2, -3, 17, -1, 17, 0, 0);
  CHECK(zrt_array_holds(A, &held));
  zrt_region wide = zrt_region_make(2, -7, 17, -1, 17, 0, 0);
  CHECK_FALSE(zrt_array_holds(A, &wide));
  // a temporary of A is laid out as A
  zrt_array *T = zrt_array_temp(A);
  CHECK(T->compact);
  CHECK(T->bytes == A->bytes);
  CHECK(T->offset == A->offset);
  // compact arrays never exchange storage (their layouts are checked
  // element by element by the copy instead)
  CHECK_FALSE(zrt_array_rename(A, T, R));
  zrt_array_free(T);
  zrt_array_free(A);
  zrt_array_free(Dense);
}

TEST_CASE("a compact array's blocks under a block distribution over 2 PEs",
          "[compact]") {
  // [1..64 by 8]: lattice points 1, 9, ..., 57; PE 0 owns 1..32 (points
  // 1, 9, 17, 25: lattice 0..3), PE 1 33..64 (lattice 4..7); one step of
  // fluff each side (a shift by 8)
  for (int me = 0; me < 2; ++me) {
    pose(me, 2);
    int64_t G = zrt_grid_new("G", 1, 2, 0, 0);
    int64_t D = zrt_dist_new("D", G, 1, ZRT_DIST_BLOCK, 0, 0, 0, 0, 0);
    zrt_region R = zrt_region_by(zrt_region_dist(zrt_region_make(1, 1, 64, 0, 0, 0, 0), D),
                                 8, 0, 0);
    zrt_array *A = zrt_array_new_compact("A", R, ZRT_I64, 8, 8, 0, 0, 0, 0);
    REQUIRE(A->nblk[0] == 1);
    CHECK(A->bytes == 6 * sizeof(int64_t));
    CHECK(A->first[0][0] == (me == 0 ? -1 : 3));
    CHECK(A->last[0][0] == (me == 0 ? 4 : 8));
    CHECK(zrt_local_lo(R, 0) == (me == 0 ? 1 : 33));
    CHECK(zrt_local_hi(R, 0) == (me == 0 ? 25 : 57));
    // the first owned point is element 1 (after one ghost), the ghosts
    // are the neighbours' points
    int64_t first[3] = {me == 0 ? 1 : 33, 0, 0};
    CHECK(zrt_array_elem(A, first) == 1);
    int64_t ghost[3] = {me == 0 ? 33 : 25, 0, 0};
    CHECK(zrt_array_elem(A, ghost) == (me == 0 ? 5 : 0));
    // the runtime's storage check: a shift by one step stays in storage,
    // by two it does not (not reached: the check would stop the program)
    zrt_region two_steps = zrt_region_make(1, me == 0 ? 1 - 16 : 33, 57 + 16, 0, 0, 0, 0);
    CHECK_FALSE(zrt_array_holds(A, &two_steps));
    zrt_region one_step = zrt_region_make(1, me == 0 ? -7 : 25, me == 0 ? 33 : 65, 0, 0, 0, 0);
    CHECK(zrt_array_holds(A, &one_step));
    zrt_array_free(A);
  }
}

TEST_CASE("a partial reduction under a flood dimension writes a compact array's lattice points",
          "[compact][collect]") {
  // Columns 1, 5, 9, 13 of [1..2, 1..13 by 4] over a 1x2 grid: PE 1's
  // block of columns 8..13 starts off the lattice (its points: 9 and 13).
  // [1..2, *] S := +<< [S's region] A stores each row's sum at every
  // lattice point of the row this PE holds, and only there (no fluff:
  // column 8 has no element of its own).
  for (int me = 0; me < 2; ++me) {
    pose(me, 2);
    int64_t G = zrt_grid_new("G", 2, 1, 2, 0);
    int64_t D = zrt_dist_new("D", G, 2, ZRT_DIST_BLOCK, 0, ZRT_DIST_BLOCK, 0, 0, 0);
    zrt_region R = zrt_region_by(zrt_region_dist(zrt_region_make(2, 1, 2, 1, 13, 0, 0), D),
                                 1, 4, 0);
    zrt_array *S = zrt_array_new_compact("S", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
    zrt_region rows = zrt_region_flood(zrt_region_dist(zrt_region_make(2, 1, 2, 1, 1, 0, 0), D), 1);
    zrt_collect *h = zrt_preduce_begin(S, rows, R, ZRT_SUM);
    for (int64_t i = 1; i <= 2; ++i) {
      int64_t x = zrt_collect_offset(h) + i * zrt_collect_stride(h, 0);
      zrt_collect_i64(h)[x] = 100 * i;
    }
    zrt_preduce_end(h);
    int64_t lo = me == 0 ? 1 : 9, hi = me == 0 ? 5 : 13;
    for (int64_t i = 1; i <= 2; ++i)
      for (int64_t j = lo; j <= hi; j += 4) {
        int64_t idx[3] = {i, j, 0};
        INFO("PE " << me << " point " << i << "," << j);
        CHECK(static_cast<int64_t *>(S->base)[zrt_array_elem(S, idx)] == 100 * i);
      }
    CHECK(S->bytes == 4 * sizeof(int64_t));
    zrt_array_free(S);
  }
}

TEST_CASE("a halo of a compact array read off its lattice moves nothing", "[compact][halo]") {
  // [1..16 by 4, 1..16 by 2] on a 2x2 grid, as PE 0: a shift by 4 rows is
  // one lattice step and travels; by 1 row it leaves the lattice, which
  // the statement's lattice check reports (the handle must not fail
  // first, on ghost cells the compact array does not have).
  pose(0, 4);
  int64_t G = zrt_grid_new("G", 2, 2, 2, 0);
  int64_t D = zrt_dist_new("D", G, 2, ZRT_DIST_BLOCK, 0, ZRT_DIST_BLOCK, 0, 0, 0);
  zrt_region R = zrt_region_by(zrt_region_dist(zrt_region_make(2, 1, 16, 1, 16, 0, 0), D), 4,
                               2, 0);
  zrt_array *A = zrt_array_new_compact("A", R, ZRT_F64, 0, 4, 0, 0, 0, 0);
  int64_t step[3] = {4, 0, 0}, off[3] = {1, 0, 0};
  CHECK(zrt_array_access_on_lattice(A, &R, step));
  CHECK_FALSE(zrt_array_access_on_lattice(A, &R, off));
  im_transfer *on = im_halo(nullptr, 1, A, R, 4, 0, 0);
  CHECK(on->nrecv == 1);
  im_transfer *off_lattice = im_halo(nullptr, 2, A, R, 1, 0, 0);
  CHECK(off_lattice->nrecv == 0);
  CHECK(off_lattice->nsend == 0);
  CHECK(off_lattice->nlocal == 0);
  zrt_array_free(A);
}
