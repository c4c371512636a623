// Ghost cells grown at run time (zrt_array_reach, for shifts by run-time
// directions): the new storage holds every stored element at its index
// and zeros elsewhere (grown in place by the back end's sym_grow, or,
// without it, copied into new storage),
// the ghost cells reach the shift on both sides of each shifted dimension,
// the serial changes (cached transfers rebuild), and nothing grows when
// the cells are wide enough. Dense and compact arrays, one block and the
// several blocks of a cyclic distribution, as PE 1 of 2.
#include <catch2/catch.hpp>

#include "pose.h"
#include "zplrt_internal.h"

namespace {

/* The element at global index (i, j), through the runtime's own path. */
double &at(zrt_array *a, int64_t i, int64_t j) {
  int64_t idx[ZRT_MAX_RANK] = {i, j, 0};
  return ((double *)a->base)[zrt_array_elem(a, idx)];
}

/* Fills every index this PE owns of the declared region with 100 i + j
 * and checks the values after growing by d. */
void grow_and_check(zrt_array *a, const int64_t d[ZRT_MAX_RANK]) {
  const zrt_region &r = a->decl;
  int64_t s0 = zrt_step(&r, 0), s1 = zrt_step(&r, 1);
  int owned = 0;
  for (int64_t i = r.lo[0]; i <= r.hi[0]; i += s0)
    for (int64_t j = r.lo[1]; j <= r.hi[1]; j += s1) {
      int64_t idx[ZRT_MAX_RANK] = {i, j, 0};
      if (zrt_array_owner(a, idx) == zrt_g.me) {
        at(a, i, j) = 100.0 * i + j;
        ++owned;
      }
    }
  REQUIRE(owned > 0);
  double owned_sum = 0;
  for (int64_t i = r.lo[0]; i <= r.hi[0]; i += s0)
    for (int64_t j = r.lo[1]; j <= r.hi[1]; j += s1) {
      int64_t idx[ZRT_MAX_RANK] = {i, j, 0};
      if (zrt_array_owner(a, idx) == zrt_g.me)
        owned_sum += at(a, i, j);
    }
  uint64_t serial = a->serial;
  zrt_array_reach(a, d);
  // Every other cell of the new storage (ghost cells, padding) is zero.
  double storage_sum = 0;
  for (size_t e = 0; e < a->bytes / sizeof(double); ++e)
    storage_sum += ((const double *)a->base)[e];
  CHECK(storage_sum == owned_sum);
  CHECK(a->serial != serial);
  for (int k = 0; k < 2; ++k) {
    int64_t w = d[k] < 0 ? -d[k] : d[k];
    CHECK(a->fluff_lo[k] >= w);
    CHECK(a->fluff_hi[k] >= w);
  }
  for (int64_t i = r.lo[0]; i <= r.hi[0]; i += s0)
    for (int64_t j = r.lo[1]; j <= r.hi[1]; j += s1) {
      int64_t idx[ZRT_MAX_RANK] = {i, j, 0};
      if (zrt_array_owner(a, idx) == zrt_g.me)
        CHECK(at(a, i, j) == 100.0 * i + j);
    }
  serial = a->serial;
  zrt_array_reach(a, d); // wide enough now
  CHECK(a->serial == serial);
}

zrt_region dist_region(int64_t kind, int64_t lo, int64_t hi, int64_t step) {
  int64_t G = zrt_grid_new("G", 2, zrt_g.npes, 1, 0);
  int64_t D = zrt_dist_new("D", G, 2, kind, 0, ZRT_DIST_BLOCK, 0, 0, 0);
  zrt_region r = zrt_region_dist(zrt_region_make(2, lo, hi, lo, hi, 0, 0), D);
  return step > 1 ? zrt_region_by(r, step, step, 0) : r;
}

} // namespace

TEST_CASE("growing a dense array's ghost cells keeps its elements", "[reach]") {
  pose(1, 2);
  zrt_array *a = zrt_array_new("A", dist_region(ZRT_DIST_BLOCK, 1, 10, 1), ZRT_F64, 0, 0, 1, 0, 0, 0);
  int64_t d[ZRT_MAX_RANK] = {-2, 3, 0};
  grow_and_check(a, d);
  CHECK(a->fluff_lo[0] == 2);
  CHECK(a->fluff_hi[0] == 2);
  CHECK(a->fluff_lo[1] == 3); // the wider of the old 1 and the shift's 3
  CHECK(a->fluff_hi[1] == 3);
  zrt_array_free(a);
}

TEST_CASE("a back end that cannot grow a block gets new storage, the elements copied",
          "[reach]") {
  pose(0, 2);
  zrt_backend copying = *zrt_g.be;
  copying.sym_grow = nullptr;
  zrt_g.be = &copying;
  zrt_array *a = zrt_array_new("A", dist_region(ZRT_DIST_BLOCK, 1, 10, 1), ZRT_F64, 1, 0, 0, 2, 0, 0);
  int64_t d[ZRT_MAX_RANK] = {3, -1, 0};
  grow_and_check(a, d);
  zrt_array_free(a);
  zrt_g.be = zrt_backend_get();
}

TEST_CASE("growing a compact array under a cyclic distribution keeps its elements",
          "[reach]") {
  // Rows cycle over the 2 PEs: PE 0 owns the odd rows, all of the
  // lattice's points; PE 1 only even rows, no point (its blocks are
  // empty, and growing them copies nothing).
  int64_t d[ZRT_MAX_RANK] = {4, -2, 0};
  pose(0, 2);
  zrt_array *a = zrt_array_new_compact("C", dist_region(ZRT_DIST_CYCLIC, 1, 16, 2), ZRT_F64,
                                       0, 0, 0, 0, 0, 0);
  CHECK(a->tiled);
  grow_and_check(a, d);
  // ghost cells in whole steps: 4 rows are 2 lattice points each side
  CHECK(a->last[0][0] - a->first[0][0] == 2 * 2);
  zrt_array_free(a);
  pose(1, 2);
  zrt_array *b = zrt_array_new_compact("C", dist_region(ZRT_DIST_CYCLIC, 1, 16, 2), ZRT_F64,
                                       0, 0, 0, 0, 0, 0);
  uint64_t serial = b->serial;
  zrt_array_reach(b, d);
  CHECK(b->serial != serial);
  CHECK(b->fluff_lo[0] == 4);
  zrt_array_free(b);
}

TEST_CASE("an array whose ghost cells grew still exchanges storage with its partner",
          "[reach]") {
  pose(0, 1);
  zrt_region r = dist_region(ZRT_DIST_BLOCK, 1, 10, 1);
  zrt_array *a = zrt_array_new("A", r, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *t = zrt_array_new("T", r, ZRT_F64, 0, 0, 0, 0, 0, 0);
  int64_t d[ZRT_MAX_RANK] = {1, -1, 0};
  zrt_array_reach(a, d);
  for (int64_t i = 1; i <= 10; ++i)
    for (int64_t j = 1; j <= 10; ++j)
      at(t, i, j) = 100.0 * i + j;
  // `[R] A := T`: T takes A's wider ghost cells, then the two exchange
  CHECK(zrt_array_rename(a, t, r));
  for (int k = 0; k < 2; ++k) {
    CHECK(t->fluff_lo[k] == 1);
    CHECK(t->fluff_hi[k] == 1);
  }
  for (int64_t i = 1; i <= 10; ++i)
    for (int64_t j = 1; j <= 10; ++j)
      CHECK(at(a, i, j) == 100.0 * i + j);
  zrt_array_free(a);
  zrt_array_free(t);
}
