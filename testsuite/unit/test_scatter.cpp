// Accumulating scatters without a schedule and the per-shape handles of a
// call site (runtime/src/remap.c): the owned box that decides "combined
// here" agrees with zrt_array_owner for every index (posing as each PE of
// several distributions); on one PE a scatter of reals sums each target's
// terms in walk order before adding them to the target, whether it runs
// without a schedule, builds one or reuses it, also into a 2-D array with
// targets near together or far apart (the inspector's two ways of
// numbering a PE's targets); a gather alternating between array shapes
// inspects once per shape, up to 8 shapes; a call site's release drops
// every shape's handle, and its next call inspects anew; a schedule reads
// its index values again only after a write stamps the index array, and
// its copy of them, kept in 1, 2 or 4 bytes each, tells every change;
// a scatter's groups start from the operator's identity (-0.0, 1.0), which
// keeps the first term's bits; a remap's copies within a PE whose element
// lists are runs, kept as their first offsets, move the right elements;
// a scatter's walk steps through compact source and index arrays by
// lattice points.
#include <catch2/catch.hpp>

#include "pose.h"
#include "zplrt_internal.h"

#include <cmath>
#include <cstring>
#include <vector>

namespace {

/* Checks the owned box of a (if it has one) against zrt_array_owner at
 * every index of a's declared region; returns whether it had one. */
bool owned_box_agrees(const zrt_array *a) {
  int64_t lo[ZRT_MAX_RANK], hi[ZRT_MAX_RANK];
  if (!zrt_array_owned_box(a, lo, hi))
    return false;
  const zrt_region &d = a->decl;
  int64_t x[ZRT_MAX_RANK] = {0, 0, 0};
  int64_t hi1 = a->rank > 1 ? d.hi[1] : 0;
  for (x[0] = d.lo[0]; x[0] <= d.hi[0]; ++x[0])
    for (x[1] = a->rank > 1 ? d.lo[1] : 0; x[1] <= hi1; ++x[1]) {
      bool in = true;
      for (int k = 0; k < a->rank; ++k)
        in = in && x[k] >= lo[k] && x[k] <= hi[k];
      INFO("PE " << zrt_g.me << " index " << x[0] << "," << x[1]);
      CHECK(in == (zrt_array_owner(a, x) == zrt_g.me));
    }
  return true;
}

double *f64(zrt_array *a, int64_t i) {
  int64_t x[ZRT_MAX_RANK] = {i, 0, 0};
  return static_cast<double *>(a->base) + zrt_array_elem(a, x);
}

int64_t *i64(zrt_array *a, int64_t i) {
  int64_t x[ZRT_MAX_RANK] = {i, 0, 0};
  return static_cast<int64_t *>(a->base) + zrt_array_elem(a, x);
}

void run(im_transfer *t) {
  im_dr(t);
  im_sr(t);
  im_dn(t);
  im_sv(t);
}

} // namespace

TEST_CASE("the owned box holds exactly the indices a PE owns", "[scatter]") {
  for (int npes : {1, 3, 5}) // 5 PEs over 3 indices: two own nothing
    for (int me = 0; me < npes; ++me) {
      pose(me, npes);
      zrt_array *A = zrt_array_new("A", zrt_region_make(1, 1, npes == 5 ? 3 : 10, 0, 0, 0, 0),
                                   ZRT_I64, 1, 1, 0, 0, 0, 0);
      CHECK(owned_box_agrees(A));
      zrt_array_free(A);
    }
  for (int me = 0; me < 4; ++me) { // the implicit 2x2 grid, ghost cells around
    pose(me, 4);
    zrt_array *B = zrt_array_new("B", zrt_region_make(2, 1, 5, 0, 6, 0, 0), ZRT_F64, 1, 1, 1, 1,
                                 0, 0);
    CHECK(owned_box_agrees(B));
    zrt_array_free(B);
  }
}

TEST_CASE("no owned box for several local blocks or a flood dimension", "[scatter]") {
  pose(0, 2);
  int64_t G = zrt_grid_new("G", 1, 2, 0, 0);
  int64_t D = zrt_dist_new("D", G, 1, ZRT_DIST_CYCLIC, 0, 0, 0, 0, 0);
  zrt_array *C = zrt_array_new("C", zrt_region_dist(zrt_region_make(1, 1, 7, 0, 0, 0, 0), D),
                               ZRT_I64, 0, 0, 0, 0, 0, 0);
  int64_t lo[ZRT_MAX_RANK], hi[ZRT_MAX_RANK];
  CHECK_FALSE(zrt_array_owned_box(C, lo, hi));
  zrt_array_free(C);
  zrt_region fr = zrt_region_flood(zrt_region_make(2, 1, 4, 1, 4, 0, 0), 1);
  zrt_array *F = zrt_array_new("F", fr, ZRT_I64, 0, 0, 0, 0, 0, 0);
  CHECK_FALSE(zrt_array_owned_box(F, lo, hi));
  zrt_array_free(F);
}

TEST_CASE("a scatter of reals adds each target's walk-order sum to it", "[scatter]") {
  pose(0, 1);
  const int64_t n = 200, bins = 3;
  zrt_region R = zrt_region_make(1, 1, n, 0, 0, 0, 0);
  zrt_array *H = zrt_array_new("H", zrt_region_make(1, 1, bins, 0, 0, 0, 0), ZRT_F64, 0, 0, 0,
                               0, 0, 0);
  zrt_array *X = zrt_array_new("X", R, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *I = zrt_array_new("I", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  std::vector<double> sum(bins + 1, 0.0), naive(bins + 1, 0.5);
  std::vector<bool> seen(bins + 1, false);
  for (int64_t i = 1; i <= n; ++i) {
    *f64(X, i) = 1.0 / static_cast<double>(i);
    *i64(I, i) = (i * 7) % bins + 1;
    int64_t b = *i64(I, i);
    sum[b] = seen[b] ? sum[b] + *f64(X, i) : *f64(X, i);
    seen[b] = true;
    naive[b] += *f64(X, i);
  }
  im_transfer *t = nullptr;
  bool order_matters = false;
  for (int time = 1; time <= 3; ++time) { // direct, inspected, reused
    for (int64_t b = 1; b <= bins; ++b)
      *f64(H, b) = 0.5;
    t = im_remap_combine(t, 1, ZRT_SCATTER_ADD, H, R, X, nullptr, 0, I, nullptr, nullptr);
    run(t);
    for (int64_t b = 1; b <= bins; ++b) {
      INFO("run " << time << " bin " << b);
      CHECK(*f64(H, b) == 0.5 + sum[b]);
      order_matters = order_matters || naive[b] != 0.5 + sum[b];
    }
  }
  CHECK(order_matters); // the test tells the two orders apart
  CHECK(zrt_g.n_remap_direct == 1);
  CHECK(zrt_g.n_remap_inspections == 1);
}

namespace {

/* Scatters 1/i from the points i = 1..n into a 2-D array of reals at
 * target[i % size] (a value of 0.5 before each run), three times: without
 * a schedule, inspected, reused. Every element must be 0.5 plus its terms
 * summed first in walk order, whatever order the inspector numbers the
 * targets in. */
void check_walk_order_sums_2d(int64_t rows, int64_t cols,
                              const std::vector<std::pair<int64_t, int64_t>> &target) {
  pose(0, 1);
  const int64_t n = 300;
  zrt_region R = zrt_region_make(1, 1, n, 0, 0, 0, 0);
  zrt_array *H = zrt_array_new("H", zrt_region_make(2, 1, rows, 1, cols, 0, 0), ZRT_F64, 0, 0,
                               0, 0, 0, 0);
  zrt_array *X = zrt_array_new("X", R, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *I = zrt_array_new("I", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *J = zrt_array_new("J", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  std::vector<double> sum(target.size(), 0.0);
  for (int64_t i = 1; i <= n; ++i) {
    size_t k = static_cast<size_t>(i) % target.size();
    *f64(X, i) = 1.0 / static_cast<double>(i);
    *i64(I, i) = target[k].first;
    *i64(J, i) = target[k].second;
    sum[k] = i <= static_cast<int64_t>(target.size()) ? *f64(X, i) : sum[k] + *f64(X, i);
  }
  im_transfer *t = nullptr;
  for (int time = 1; time <= 3; ++time) {
    for (auto [x, y] : target) {
      int64_t q[ZRT_MAX_RANK] = {x, y, 0};
      static_cast<double *>(H->base)[zrt_array_elem(H, q)] = 0.5;
    }
    t = im_remap_combine(t, 1, ZRT_SCATTER_ADD, H, R, X, nullptr, 0, I, J, nullptr);
    run(t);
    for (size_t k = 0; k < target.size(); ++k) {
      int64_t q[ZRT_MAX_RANK] = {target[k].first, target[k].second, 0};
      INFO("run " << time << " element " << q[0] << "," << q[1]);
      CHECK(static_cast<double *>(H->base)[zrt_array_elem(H, q)] == 0.5 + sum[k]);
    }
  }
  CHECK(zrt_g.n_remap_inspections == 1);
  for (zrt_array *a : {H, X, I, J})
    zrt_array_free(a);
}

} // namespace

TEST_CASE("a scatter's groups follow their targets, near together or far apart",
          "[scatter]") {
  // Targets within a few positions of each other (numbered through a
  // table over their range) and spread over the whole array (sorted),
  // both listed out of index order.
  check_walk_order_sums_2d(30, 40, {{3, 7}, {1, 40}, {2, 1}, {3, 6}, {1, 39}});
  check_walk_order_sums_2d(400, 300, {{400, 300}, {1, 1}, {200, 17}, {1, 2}, {399, 300}});
}

/* One gather call site `[1..n] D := S#[I]`, I reversing 1..n, met with
 * arrays of several sizes n: each run checks D against S (100 n + i at i)
 * reversed. */
struct ReversingGathers {
  std::vector<zrt_array *> src, dst, idx;
  std::vector<zrt_region> regions;
  int64_t id;
  im_transfer *t = nullptr;

  ReversingGathers(const std::vector<int64_t> &sizes, int64_t id) : id(id) {
    for (int64_t n : sizes) {
      regions.push_back(zrt_region_make(1, 1, n, 0, 0, 0, 0));
      src.push_back(zrt_array_new("S", regions.back(), ZRT_I64, 0, 0, 0, 0, 0, 0));
      dst.push_back(zrt_array_new("D", regions.back(), ZRT_I64, 0, 0, 0, 0, 0, 0));
      idx.push_back(zrt_array_new("I", regions.back(), ZRT_I64, 0, 0, 0, 0, 0, 0));
      for (int64_t i = 1; i <= n; ++i) {
        *i64(src.back(), i) = 100 * n + i;
        *i64(idx.back(), i) = n + 1 - i;
      }
    }
  }

  void operator()(size_t s) {
    t = im_remap(t, id, IM_GATHER, dst[s], regions[s], src[s], idx[s], nullptr, nullptr);
    run(t);
    int64_t n = regions[s].hi[0];
    for (int64_t i = 1; i <= n; ++i)
      CHECK(*i64(dst[s], i) == 100 * n + n + 1 - i);
  }
};

TEST_CASE("a call site keeps a gather's schedule per array shape, up to 8", "[scatter]") {
  pose(0, 1);
  ReversingGathers gather({4, 5, 6, 7, 8, 9, 10, 11, 12}, 2); // 9 sizes of one gather
  for (int round = 0; round < 3; ++round) // two sizes in turn: one inspection each
    for (size_t s : {0, 1})
      gather(s);
  CHECK(zrt_g.n_remap_inspections == 2);
  for (int round = 0; round < 2; ++round) // 8 sizes in turn: all kept
    for (size_t s = 0; s < 8; ++s)
      gather(s);
  CHECK(zrt_g.n_remap_inspections == 8);
  // 9 in turn: the ninth evicts the least recently used (size 0), and from
  // then on each size evicts the next one needed: 1 + 9 more inspections.
  for (int round = 0; round < 2; ++round)
    for (size_t s = 0; s < 9; ++s)
      gather(s);
  CHECK(zrt_g.n_remap_inspections == 8 + 1 + 9);
}

TEST_CASE("a released call site has no schedule left and inspects anew", "[scatter]") {
  pose(0, 1);
  ReversingGathers gather({5, 7}, 5); // two shapes: the cache holds a handle for each
  gather(0);
  gather(1);
  CHECK(zrt_g.n_remap_inspections == 2);
  gather.t = im_remap_release(gather.t); // both shapes' handles go
  CHECK(gather.t == nullptr);
  for (size_t s : {0, 1})
    *i64(gather.dst[s], 1) = 0;
  gather(0);
  gather(1);
  CHECK(zrt_g.n_remap_inspections == 4);
  CHECK(im_remap_release(gather.t) == nullptr);
  CHECK(im_remap_release(nullptr) == nullptr);
}

TEST_CASE("a schedule is read again only after its index array was written", "[scatter]") {
  pose(0, 1);
  const int64_t n = 6;
  zrt_region R = zrt_region_make(1, 1, n, 0, 0, 0, 0);
  zrt_array *S = zrt_array_new("S", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *D = zrt_array_new("D", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *I = zrt_array_new("I", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  for (int64_t i = 1; i <= n; ++i) {
    *i64(S, i) = 10 * i;
    *i64(I, i) = n + 1 - i; // D := S reversed
  }
  im_transfer *t = nullptr;
  auto gather = [&] {
    t = im_remap(t, 3, IM_GATHER, D, R, S, I, nullptr, nullptr);
    run(t);
  };
  gather();
  gather();
  CHECK(zrt_g.n_remap_inspections == 1);
  // Changed behind the runtime's back (a kept pointer, no zrt_array_wrote):
  // the stamp is the same, so the schedule stays without a look.
  *i64(I, 1) = 1;
  gather();
  CHECK(zrt_g.n_remap_inspections == 1);
  CHECK(*i64(D, 1) == 10 * n);
  // Written as compiled code writes (the pointer taken anew) with the same
  // values: read again, found equal, kept.
  *i64(I, 1) = n;
  zrt_array_i64(I);
  gather();
  CHECK(zrt_g.n_remap_inspections == 1);
  // New values, announced: a new schedule, and its result.
  *i64(I, 1) = 1;
  zrt_array_wrote(I);
  gather();
  CHECK(zrt_g.n_remap_inspections == 2);
  CHECK(*i64(D, 1) == 10);
  for (int64_t i = 2; i <= n; ++i)
    CHECK(*i64(D, i) == 10 * (n + 1 - i));
  // A transfer into an array counts as a write of it.
  uint64_t before = D->written;
  gather();
  CHECK(D->written != before);
}

TEST_CASE("kept index values of every width tell any change from none", "[scatter]") {
  // {S's size, the largest index at first, a new index}: the values first
  // span 1 or 2 bytes, the new one is the first value plus 256 (plus
  // 65536): the same low bytes, so only a full comparison sees it.
  const int64_t cases[][3] = {{1000, 200, 2 + 256}, {70000, 60000, 2 + 65536},
                              {200000, 100000, 3}, {1000, 200, 0}};
  for (const auto &k : cases) {
    pose(0, 1);
    const int64_t n = 6, size = k[0];
    zrt_region R = zrt_region_make(1, 1, n, 0, 0, 0, 0);
    zrt_array *S = zrt_array_new("S", zrt_region_make(1, 0, size, 0, 0, 0, 0), ZRT_I64, 0, 0,
                                 0, 0, 0, 0);
    zrt_array *D = zrt_array_new("D", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
    zrt_array *I = zrt_array_new("I", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
    for (int64_t x = 0; x <= size; ++x)
      *i64(S, x) = 10 * x;
    const int64_t first[] = {5, k[1], 2, 3, k[1] - 1, 5};
    for (int64_t i = 1; i <= n; ++i)
      *i64(I, i) = first[i - 1];
    im_transfer *t = nullptr;
    auto gather = [&] {
      t = im_remap(t, 3, IM_GATHER, D, R, S, I, nullptr, nullptr);
      run(t);
    };
    gather();
    INFO("size " << size << " new index " << k[2]);
    *i64(I, 3) = 2; // the same values, written: kept
    zrt_array_wrote(I);
    gather();
    CHECK(zrt_g.n_remap_inspections == 1);
    *i64(I, 3) = k[2]; // a new value, above the range or below it
    zrt_array_wrote(I);
    gather();
    CHECK(zrt_g.n_remap_inspections == 2);
    for (int64_t i = 1; i <= n; ++i)
      CHECK(*i64(D, i) == 10 * (i == 3 ? k[2] : first[i - 1]));
    for (zrt_array *a : {S, D, I})
      zrt_array_free(a);
  }
}

namespace {

/* One target H[1] = h and terms t (all to it), scattered with op on one
 * PE: the result's bits. Built schedule (the second run of a call site). */
double scatter_one(double h, const std::vector<double> &t, int64_t op) {
  pose(0, 1);
  int64_t n = static_cast<int64_t>(t.size());
  zrt_region R = zrt_region_make(1, 1, n, 0, 0, 0, 0);
  zrt_array *H = zrt_array_new("H", zrt_region_make(1, 1, 1, 0, 0, 0, 0), ZRT_F64, 0, 0, 0, 0,
                               0, 0);
  zrt_array *X = zrt_array_new("X", R, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *I = zrt_array_new("I", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  for (int64_t i = 1; i <= n; ++i) {
    *f64(X, i) = t[static_cast<size_t>(i - 1)];
    *i64(I, i) = 1;
  }
  im_transfer *tr = nullptr;
  for (int time = 1; time <= 2; ++time) { // without a schedule, then with one
    *f64(H, 1) = h;
    tr = im_remap_combine(tr, 4, op, H, R, X, nullptr, 0, I, nullptr, nullptr);
    run(tr);
  }
  CHECK(zrt_g.n_remap_inspections == 1);
  double r = *f64(H, 1);
  zrt_array_free(H);
  zrt_array_free(X);
  zrt_array_free(I);
  return r;
}

} // namespace

TEST_CASE("a scatter's groups start from the identity without changing a term's bits",
          "[scatter]") {
  // H + (t1 + ...): -0.0 + -0.0 stays -0.0 (an identity of +0.0 would give +0.0)
  CHECK(std::signbit(scatter_one(-0.0, {-0.0}, ZRT_SCATTER_ADD)));
  CHECK(std::signbit(scatter_one(-0.0, {-0.0, -0.0}, ZRT_SCATTER_ADD)));
  CHECK_FALSE(std::signbit(scatter_one(-0.0, {-0.0, 0.0}, ZRT_SCATTER_ADD)));
  // (t1 + t2) + t3 in walk order, then added to H: 1e16 + (1 + -1e16) ...
  CHECK(scatter_one(1.0, {1e16, 1.0, -1e16}, ZRT_SCATTER_ADD) == 1.0 + ((1e16 + 1.0) + -1e16));
  CHECK(scatter_one(0.5, {1.0, 1e16, -1e16}, ZRT_SCATTER_ADD) == 0.5 + ((1.0 + 1e16) + -1e16));
  // products: H * (t1 * t2 * ...), the signs of zeros kept
  CHECK(scatter_one(3.0, {2.0, 0.25, 5.0}, ZRT_SCATTER_MUL) == 3.0 * ((2.0 * 0.25) * 5.0));
  CHECK(std::signbit(scatter_one(1.0, {-0.0}, ZRT_SCATTER_MUL)));
  CHECK(std::signbit(scatter_one(-2.0, {0.0, 3.0}, ZRT_SCATTER_MUL)));
}

TEST_CASE("a scatter of one value combines it once per point", "[scatter]") {
  pose(0, 1);
  const int64_t n = 300, bins = 17;
  zrt_region R = zrt_region_make(1, 1, n, 0, 0, 0, 0);
  // The bins [5..21] lie inside the keys' bounding box [1..300]: the tight
  // loop's box is the bins', not the distribution's.
  zrt_array *H = zrt_array_new("H", zrt_region_make(1, 5, 4 + bins, 0, 0, 0, 0), ZRT_I64, 0, 0,
                               0, 0, 0, 0);
  zrt_array *I = zrt_array_new("I", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  std::vector<int64_t> hits(bins + 5, 0);
  for (int64_t i = 1; i <= n; ++i) {
    *i64(I, i) = 5 + (i * i) % bins;
    ++hits[*i64(I, i)];
  }
  for (int64_t b = 5; b < 5 + bins; ++b)
    *i64(H, b) = 10;
  im_transfer *t = nullptr;
  for (int time = 1; time <= 2; ++time) { // the handle kept: the value is this call's
    t = im_remap_combine_value(t, 3, ZRT_SCATTER_ADD, H, R, 3 * time, nullptr, 0, I, nullptr,
                               nullptr);
    run(t);
  }
  t = im_remap_combine_value(nullptr, 4, ZRT_SCATTER_MUL, H, R, -2, nullptr, 0, I, nullptr,
                             nullptr);
  run(t);
  for (int64_t b = 5; b < 5 + bins; ++b) {
    int64_t expected = 10 + 9 * hits[b];
    for (int64_t k = 0; k < hits[b]; ++k)
      expected *= -2;
    INFO("bin " << b);
    CHECK(*i64(H, b) == expected);
  }
  CHECK(zrt_g.n_remap_direct == 3);
  CHECK(zrt_g.n_remap_inspections == 0);
}

TEST_CASE("a scatter reads compact source and index arrays point by point", "[scatter]") {
  pose(0, 1);
  // Points 2, 5, ..., 29 of a stride-3 region: the walk steps 3 indices,
  // one element of each compact array (10 elements, not 28).
  zrt_region L = zrt_region_by(zrt_region_make(1, 2, 30, 0, 0, 0, 0), 3, 0, 0);
  zrt_array *H = zrt_array_new("H", zrt_region_make(1, 0, 3, 0, 0, 0, 0), ZRT_I64, 0, 0, 0, 0,
                               0, 0);
  zrt_array *X = zrt_array_new_compact("X", L, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *K = zrt_array_new_compact("K", L, ZRT_I64, 0, 0, 0, 0, 0, 0);
  REQUIRE(X->bytes == 10 * sizeof(int64_t));
  int64_t expected[4] = {};
  for (int64_t i = 2; i <= 29; i += 3) {
    *i64(X, i) = i * i;
    *i64(K, i) = i % 4;
    expected[i % 4] += i * i;
  }
  zrt_scatter_combine(H, L, X, nullptr, 0, ZRT_SCATTER_ADD, K, nullptr, nullptr);
  for (int64_t b = 0; b < 4; ++b) {
    INFO("element " << b);
    CHECK(*i64(H, b) == expected[b]);
  }
}

TEST_CASE("a masked scatter of one value into a 2-D array", "[scatter]") {
  pose(0, 1);
  zrt_region R = zrt_region_make(2, 1, 6, 1, 7, 0, 0);
  zrt_array *H = zrt_array_new("H", zrt_region_make(2, 0, 2, 0, 3, 0, 0), ZRT_I64, 0, 0, 0, 0,
                               0, 0);
  zrt_array *I = zrt_array_new("I", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *J = zrt_array_new("J", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *M = zrt_array_new("M", R, ZRT_BOOL, 0, 0, 0, 0, 0, 0);
  int64_t expected[3][4] = {};
  for (int64_t i = 1; i <= 6; ++i)
    for (int64_t j = 1; j <= 7; ++j) {
      int64_t p[ZRT_MAX_RANK] = {i, j, 0};
      int64_t x = (i + j) % 3, y = (i * j) % 4;
      bool m = (i + 2 * j) % 5 != 0;
      static_cast<int64_t *>(I->base)[zrt_array_elem(I, p)] = x;
      static_cast<int64_t *>(J->base)[zrt_array_elem(J, p)] = y;
      static_cast<bool *>(M->base)[zrt_array_elem(M, p)] = m;
      expected[x][y] += m ? 7 : 0;
    }
  run(im_remap_combine_value(nullptr, 5, ZRT_SCATTER_ADD, H, R, 7, M, 0, I, J, nullptr));
  for (int64_t x = 0; x < 3; ++x)
    for (int64_t y = 0; y < 4; ++y) {
      int64_t q[ZRT_MAX_RANK] = {x, y, 0};
      INFO("element " << x << "," << y);
      CHECK(static_cast<int64_t *>(H->base)[zrt_array_elem(H, q)] == expected[x][y]);
    }
}

TEST_CASE("a plain scatter keeps each element's last write in row-major order", "[scatter]") {
  pose(0, 1);
  const int64_t n = 500, bins = 23;
  zrt_region R = zrt_region_make(1, 1, n, 0, 0, 0, 0);
  zrt_array *D = zrt_array_new("D", zrt_region_make(1, 0, bins, 0, 0, 0, 0), ZRT_I64, 0, 0, 0,
                               0, 0, 0);
  zrt_array *S = zrt_array_new("S", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *I = zrt_array_new("I", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  std::vector<int64_t> last(bins + 1, -7);
  for (int64_t i = 1; i <= n; ++i) {
    *i64(S, i) = 1000 + i;
    *i64(I, i) = (i * i * 5 + 3) % (bins - 1); // bins - 1 and bins never written
    last[*i64(I, i)] = 1000 + i;
  }
  for (int64_t b = 0; b <= bins; ++b)
    *i64(D, b) = -7;
  run(im_remap(nullptr, 6, IM_SCATTER, D, R, S, I, nullptr, nullptr));
  for (int64_t b = 0; b <= bins; ++b) {
    INFO("element " << b);
    CHECK(*i64(D, b) == last[b]);
  }
}

// Deferred scatters (runtime/src/deferred.c): which destinations defer,
// the partial results' start (the operator's identity), and the settle,
// which adds them into the elements this PE owns only. Posing as PE 1 of
// 3 on the serial back end (whose allreduce leaves the buffer as it is),
// the settle shows what this PE combines into its own block.
TEST_CASE("a deferred scatter settles its partial results into the owned elements",
          "[scatter][deferred]") {
  pose(1, 3);
  zrt_array *Q = zrt_array_new("Q", zrt_region_make(1, 1, 9, 0, 0, 0, 0), ZRT_I64, 0, 0, 0, 0,
                               0, 0); // PE 1 owns 4..6
  for (int64_t i = 4; i <= 6; ++i)
    *i64(Q, i) = 100 * i;
  zrt_deferred *d = zrt_scatter_defer(Q, ZRT_SCATTER_ADD);
  REQUIRE(d != nullptr);
  CHECK(d->lo == 1);
  CHECK(d->count == 9);
  int64_t lane = 0;
  for (int64_t x : {2, 5, 5, 9, 4})
    zrt_deferred_add(d, lane++, x, x);
  CHECK(zrt_scatter_defer(Q, ZRT_SCATTER_ADD) == d); // pending: the same sums go on
  zrt_deferred_add(d, lane++, 5, 1);
  zrt_deferred_add_if(d, false, lane++, 1000, 5); // left out: no index check
  zrt_deferred_add_if(d, true, lane++, 6, 0);
  zrt_scatter_settle(Q);
  CHECK(*i64(Q, 4) == 404);
  CHECK(*i64(Q, 5) == 511);
  CHECK(*i64(Q, 6) == 600);
  CHECK_FALSE(d->pending);
  zrt_scatter_settle(Q); // nothing pending: nothing changes
  CHECK(*i64(Q, 5) == 511);
  // A product starts from 1; a pending sum is settled before it starts.
  d = zrt_scatter_defer(Q, ZRT_SCATTER_ADD);
  zrt_deferred_add(d, 0, 6, 7);
  d = zrt_scatter_defer(Q, ZRT_SCATTER_MUL);
  CHECK(*i64(Q, 6) == 607);
  for (int w = 0; w < ZRT_DEFER_WAYS; ++w)
    CHECK(d->acc[(5 - 1) * ZRT_DEFER_WAYS + w] == 1);
  zrt_deferred_mul(d, 0, 5, 3);
  zrt_deferred_mul(d, 1, 5, 2);
  zrt_deferred_mul_if(d, false, 2, 5, 0); // left out: no factor 0
  zrt_deferred_mul_if(d, true, 3, 5, 7);
  zrt_scatter_settle(Q);
  CHECK(*i64(Q, 5) == 511 * 42);
  CHECK(*i64(Q, 4) == 404);
  zrt_array_free(Q);
}

TEST_CASE("only small rank-1 integer arrays on a unit lattice defer", "[scatter][deferred]") {
  pose(0, 1);
  auto deferrable = [](zrt_region r, int type) {
    zrt_array *A = zrt_array_new("A", r, type, 0, 0, 0, 0, 0, 0);
    bool ok = zrt_scatter_defer(A, ZRT_SCATTER_ADD) != nullptr;
    zrt_array_free(A);
    return ok;
  };
  CHECK(deferrable(zrt_region_make(1, 0, ZRT_DEFER_MAX - 1, 0, 0, 0, 0), ZRT_I64));
  CHECK_FALSE(deferrable(zrt_region_make(1, 0, ZRT_DEFER_MAX, 0, 0, 0, 0), ZRT_I64));
  CHECK_FALSE(deferrable(zrt_region_make(1, 1, 10, 0, 0, 0, 0), ZRT_F64));
  CHECK_FALSE(deferrable(zrt_region_make(2, 1, 3, 1, 3, 0, 0), ZRT_I64));
  CHECK_FALSE(deferrable(zrt_region_by(zrt_region_make(1, 1, 10, 0, 0, 0, 0), 2, 1, 1), ZRT_I64));
}

TEST_CASE("copies within a PE read and write runs of elements by their first offset",
          "[scatter]") {
  // The local lists that are runs keep their first offset alone: a gather
  // of a shifted run (both runs), one in reverse (the target a run), one
  // whose sources stop being a run halfway (written out then), a scatter
  // in reverse (the source a run), the same gather of 4-byte
  // elements (through the pack buffer), and a product of reals into 3
  // targets (the source a run) built the second time it runs.
  pose(0, 1);
  const int64_t n = 40;
  zrt_region R = zrt_region_make(1, 1, n, 0, 0, 0, 0);
  zrt_region wide = zrt_region_make(1, 1, n + 3, 0, 0, 0, 0);
  zrt_array *S = zrt_array_new("S", wide, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *D = zrt_array_new("D", wide, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *S4 = zrt_array_new("S4", wide, ZRT_F32, 0, 0, 0, 0, 0, 0);
  zrt_array *D4 = zrt_array_new("D4", R, ZRT_F32, 0, 0, 0, 0, 0, 0);
  zrt_array *Shift = zrt_array_new("Shift", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *Back = zrt_array_new("Back", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *Late = zrt_array_new("Late", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *Bin = zrt_array_new("Bin", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *H = zrt_array_new("H", zrt_region_make(1, 1, 3, 0, 0, 0, 0), ZRT_F32, 0, 0, 0, 0,
                               0, 0);
  float *s4 = static_cast<float *>(S4->base), *d4 = static_cast<float *>(D4->base);
  float *h = static_cast<float *>(H->base);
  for (int64_t i = 1; i <= n + 3; ++i) {
    *i64(S, i) = 100 + i;
    int64_t x[ZRT_MAX_RANK] = {i, 0, 0};
    s4[zrt_array_elem(S4, x)] = 1.0f + 1.0f / static_cast<float>(i);
  }
  for (int64_t i = 1; i <= n; ++i) {
    *i64(Shift, i) = i + 3;
    *i64(Back, i) = n + 1 - i;
    *i64(Late, i) = i <= n / 2 ? i : n + n / 2 + 1 - i; // 1..20, then 40..21
    *i64(Bin, i) = i % 3 + 1;
  }
  run(im_remap(nullptr, 7, IM_GATHER, D, R, S, Shift, nullptr, nullptr));
  for (int64_t i = 1; i <= n; ++i)
    CHECK(*i64(D, i) == 100 + i + 3);
  run(im_remap(nullptr, 8, IM_GATHER, D, R, S, Back, nullptr, nullptr));
  for (int64_t i = 1; i <= n; ++i)
    CHECK(*i64(D, i) == 100 + n + 1 - i);
  run(im_remap(nullptr, 12, IM_GATHER, D, R, S, Late, nullptr, nullptr));
  for (int64_t i = 1; i <= n; ++i)
    CHECK(*i64(D, i) == 100 + (i <= n / 2 ? i : n + n / 2 + 1 - i));
  run(im_remap(nullptr, 9, IM_SCATTER, D, R, S, Back, nullptr, nullptr));
  for (int64_t i = 1; i <= n; ++i)
    CHECK(*i64(D, n + 1 - i) == 100 + i);
  run(im_remap(nullptr, 10, IM_GATHER, D4, R, S4, Shift, nullptr, nullptr));
  for (int64_t i = 1; i <= n; ++i) {
    int64_t x[ZRT_MAX_RANK] = {i, 0, 0};
    CHECK(d4[zrt_array_elem(D4, x)] == 1.0f + 1.0f / static_cast<float>(i + 3));
  }
  im_transfer *t = nullptr;
  for (int time = 1; time <= 2; ++time) { // without a schedule, then with one
    float product[4] = {0.0f, 1.0f, 1.0f, 1.0f};
    for (int64_t i = 1; i <= n; ++i)
      product[i % 3 + 1] *= 1.0f + 1.0f / static_cast<float>(i);
    for (int64_t b = 0; b < 3; ++b)
      h[b] = 2.0f;
    t = im_remap_combine(t, 11, ZRT_SCATTER_MUL, H, R, S4, nullptr, 0, Bin, nullptr, nullptr);
    run(t);
    for (int64_t b = 1; b <= 3; ++b) {
      int64_t x[ZRT_MAX_RANK] = {b, 0, 0};
      INFO("run " << time << " target " << b);
      CHECK(h[zrt_array_elem(H, x)] == 2.0f * product[b]);
    }
  }
  CHECK(zrt_g.n_remap_inspections == 6);
  for (zrt_array *a : {S, D, S4, D4, Shift, Back, Late, Bin, H})
    zrt_array_free(a);
}
