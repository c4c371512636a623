// Sparse products (im_remap_product, runtime/src/remap.c) on one PE:
// dst#[I] += src * factor#[J] in one pass gives, bit for bit, what the
// gather T := factor#[J], the product T := src * T and the accumulating
// scatter dst#[I] += T give (run by the runtime's own remaps), and what a
// sequential model gives (each target's terms summed in walk order from
// -0.0, then added to it); with the source read in storage order (a run)
// or through an offset list (a row-padded array), into 1-D and 2-D
// targets from 1-D and 2-D factors; the schedule is reused while the
// index arrays are not written, rebuilt when one changed, and reused for
// new arrays of the same shapes; the terms' slots of every width (16, 32
// and 64 bits) give the same sums.
#include <catch2/catch.hpp>

#include "zplrt_internal.h"

#include <cmath>
#include <cstring>
#include <vector>

namespace {

void pose_one_pe() {
  std::memset(&zrt_g, 0, sizeof zrt_g);
  zrt_g.be = zrt_backend_get();
  zrt_g.me = 0;
  zrt_g.npes = 1;
  zrt_g.prog = "unit";
  zrt_g.config_done = true;
}

template <typename T> T *at(zrt_array *a, int64_t i, int64_t j = 0) {
  int64_t x[ZRT_MAX_RANK] = {i, j, 0};
  return static_cast<T *>(a->base) + zrt_array_elem(a, x);
}

void run(im_transfer *t) {
  im_dr(t);
  im_sr(t);
  im_dn(t);
  im_sv(t);
}

/* A product over E = [1..rows, 1..cols] into Y (1-D of n, or n x 2)
 * from S (1-D of n, or n x 2): the arrays, filled so that the order of
 * each target's terms changes its sum. */
struct Product {
  int64_t rows, cols, n;
  bool flat;             // Y and S 1-D
  zrt_region E;
  zrt_array *V, *Y, *S;  // source, target, factor
  zrt_array *R1, *R2, *C1, *C2;
  im_transfer *t = nullptr;

  Product(int64_t rows_, int64_t cols_, int64_t n_, bool flat_, bool padded)
      : rows(rows_), cols(cols_), n(n_), flat(flat_),
        E(zrt_region_make(2, 1, rows_, 1, cols_, 0, 0)) {
    zrt_region N = flat ? zrt_region_make(1, 1, n, 0, 0, 0, 0)
                        : zrt_region_make(2, 1, n, 1, 2, 0, 0);
    // padded: a ghost column on each side, so a row's source elements are
    // not a run with the next row's
    V = zrt_array_new("V", E, ZRT_F64, 0, 0, padded, padded, 0, 0);
    Y = zrt_array_new("Y", N, ZRT_F64, 0, 0, 0, 0, 0, 0);
    S = zrt_array_new("S", N, ZRT_F64, 0, 0, 0, 0, 0, 0);
    R1 = zrt_array_new("R1", E, ZRT_I64, 0, 0, 0, 0, 0, 0);
    R2 = zrt_array_new("R2", E, ZRT_I64, 0, 0, 0, 0, 0, 0);
    C1 = zrt_array_new("C1", E, ZRT_I64, 0, 0, 0, 0, 0, 0);
    C2 = zrt_array_new("C2", E, ZRT_I64, 0, 0, 0, 0, 0, 0);
    for (int64_t i = 1; i <= rows; ++i)
      for (int64_t j = 1; j <= cols; ++j) {
        *at<double>(V, i, j) = 1.0 / static_cast<double>(i * cols + j) - 0.001 * j;
        *at<int64_t>(R1, i, j) = (i * 7 + j * 3) % n + 1;
        *at<int64_t>(R2, i, j) = (i + j) % 2 + 1;
        *at<int64_t>(C1, i, j) = (i * 5 + j * 11) % n + 1;
        *at<int64_t>(C2, i, j) = (i * j) % 2 + 1;
      }
    for (zrt_array *a : {R1, R2, C1, C2})
      zrt_array_wrote(a);
    for (int64_t k = 1; k <= n; ++k)
      for (int64_t c = 1; c <= (flat ? 1 : 2); ++c)
        *at<double>(S, k, flat ? 0 : c) = 3.0 / static_cast<double>(k + 10 * c) + 1e-3 * k;
  }

  ~Product() {
    im_remap_release(t);
    for (zrt_array *a : {V, Y, S, R1, R2, C1, C2})
      zrt_array_free(a);
  }

  void set_targets(double y) {
    for (int64_t k = 1; k <= n; ++k)
      for (int64_t c = 1; c <= (flat ? 1 : 2); ++c)
        *at<double>(Y, k, flat ? 0 : c) = y;
  }

  void fused(zrt_array *y, zrt_array *s) {
    t = flat ? im_remap_product(t, 7, y, E, V, s, R1, nullptr, nullptr, C1, nullptr, nullptr)
             : im_remap_product(t, 7, y, E, V, s, R1, R2, nullptr, C1, C2, nullptr);
    run(t);
  }

  /* The three statements the product stands for, through the runtime's
   * remaps, into `into` (Y's shape). */
  void unfused(zrt_array *into) {
    zrt_array *T = zrt_array_new("T", E, ZRT_F64, 0, 0, 0, 0, 0, 0);
    if (flat)
      zrt_gather(T, E, S, C1, nullptr, nullptr);
    else
      zrt_gather(T, E, S, C1, C2, nullptr);
    for (int64_t i = 1; i <= rows; ++i)
      for (int64_t j = 1; j <= cols; ++j)
        *at<double>(T, i, j) = *at<double>(V, i, j) * *at<double>(T, i, j);
    zrt_array_wrote(T);
    if (flat)
      zrt_scatter_combine(into, E, T, nullptr, 0, ZRT_SCATTER_ADD, R1, nullptr, nullptr);
    else
      zrt_scatter_combine(into, E, T, nullptr, 0, ZRT_SCATTER_ADD, R1, R2, nullptr);
    zrt_array_free(T);
  }

  /* The model: each target's terms V * S[C] summed in walk order (row
   * major over E) from -0.0, then added to y; `naive` adds each term to
   * y in turn instead. */
  std::vector<double> model(double y, bool naive) const {
    std::vector<double> sum(static_cast<size_t>(2 * n + 2), naive ? y : -0.0);
    for (int64_t i = 1; i <= rows; ++i)
      for (int64_t j = 1; j <= cols; ++j) {
        int64_t r = *at<int64_t>(R1, i, j), c = *at<int64_t>(C1, i, j);
        int64_t r2 = flat ? 1 : *at<int64_t>(R2, i, j), c2 = flat ? 0 : *at<int64_t>(C2, i, j);
        sum[static_cast<size_t>(2 * r + r2 - 1)] += *at<double>(V, i, j) * *at<double>(S, c, c2);
      }
    if (!naive)
      for (double &s : sum)
        s = y + s;
    return sum;
  }

  double target(zrt_array *y, int64_t k, int64_t c) const {
    return *at<double>(y, k, flat ? 0 : c);
  }

  /* Y (every element) equals the model's values bit for bit, and the
   * model differs from the naive order somewhere. */
  void check_model(double y) const {
    std::vector<double> want = model(y, false), naive = model(y, true);
    bool order_matters = false;
    for (int64_t k = 1; k <= n; ++k)
      for (int64_t c = 1; c <= (flat ? 1 : 2); ++c) {
        size_t m = static_cast<size_t>(2 * k + c - 1);
        double got = target(Y, k, c);
        INFO("element " << k << "," << c);
        CHECK(std::memcmp(&got, &want[m], sizeof got) == 0);
        order_matters = order_matters || naive[m] != want[m];
      }
    CHECK(order_matters);
  }

  /* Y equals the unfused statements' result bit for bit (their own
   * inspections not counted). */
  void check_unfused(double y) {
    int64_t inspections = zrt_g.n_remap_inspections;
    zrt_array *ref = zrt_array_new("Ref", zrt_array_region(Y), ZRT_F64, 0, 0, 0, 0, 0, 0);
    for (int64_t k = 1; k <= n; ++k)
      for (int64_t c = 1; c <= (flat ? 1 : 2); ++c)
        *at<double>(ref, k, flat ? 0 : c) = y;
    zrt_array_wrote(ref);
    unfused(ref);
    for (int64_t k = 1; k <= n; ++k)
      for (int64_t c = 1; c <= (flat ? 1 : 2); ++c) {
        double got = target(Y, k, c), want = target(ref, k, c);
        INFO("element " << k << "," << c);
        CHECK(std::memcmp(&got, &want, sizeof got) == 0);
      }
    zrt_array_free(ref);
    zrt_g.n_remap_inspections = inspections;
  }
};

} // namespace

TEST_CASE("a sparse product sums each target's terms in walk order, as its three statements do",
          "[product]") {
  for (bool padded : {false, true})
    for (bool flat : {true, false}) {
      INFO("padded source " << padded << ", 1-D target " << flat);
      pose_one_pe();
      Product p(9, 13, 17, flat, padded);
      for (int time = 1; time <= 3; ++time) { // inspected, then reused
        p.set_targets(0.25);
        p.fused(p.Y, p.S);
        p.check_model(0.25);
        p.check_unfused(0.25);
      }
      CHECK(zrt_g.n_remap_inspections == 1);
    }
}

TEST_CASE("a sparse product's terms give the same sums with 16-, 32- and 64-bit slots",
          "[product]") {
  for (int bits : {16, 32, 64})
    for (bool padded : {false, true}) {
      INFO(bits << "-bit slots, padded source " << padded);
      pose_one_pe();
      zrt_product_slot_bits(bits);
      Product p(7, 11, 13, false, padded);
      for (int time = 1; time <= 2; ++time) {
        p.set_targets(0.75);
        p.fused(p.Y, p.S);
        p.check_model(0.75);
      }
      zrt_product_slot_bits(16);
    }
}

TEST_CASE("a factor of more than 65536 elements takes 32-bit slots", "[product]") {
  pose_one_pe();
  const int64_t big = 70000; // S's elements: values' slots need 17 bits
  Product p(4, 6, big, true, false);
  for (int64_t i = 1; i <= 4; ++i) // columns spread over all of S, 3 targets
    for (int64_t j = 1; j <= 6; ++j) {
      *at<int64_t>(p.C1, i, j) = (i * 6 + j) * 2711 % big + 1;
      *at<int64_t>(p.R1, i, j) = (i + j) % 3 + 1;
    }
  zrt_array_wrote(p.C1);
  zrt_array_wrote(p.R1);
  p.set_targets(2.0);
  p.fused(p.Y, p.S);
  p.check_model(2.0);
}

TEST_CASE("a sparse product's sums start from -0.0, which keeps a target's -0.0",
          "[product]") {
  pose_one_pe();
  Product p(3, 4, 5, true, false);
  for (int64_t i = 1; i <= 3; ++i)
    for (int64_t j = 1; j <= 4; ++j)
      *at<double>(p.V, i, j) = -0.0; // every term -0.0 * positive: -0.0
  p.set_targets(-0.0);
  p.fused(p.Y, p.S);
  for (int64_t k = 1; k <= 5; ++k) {
    INFO("element " << k);
    CHECK(std::signbit(*at<double>(p.Y, k)));
  }
}

TEST_CASE("a sparse product rebuilds its schedule after an index array changed", "[product]") {
  pose_one_pe();
  Product p(6, 5, 11, false, false);
  p.set_targets(1.0);
  p.fused(p.Y, p.S);
  zrt_array_wrote(p.C1); // written, values unchanged: reused
  p.set_targets(1.0);
  p.fused(p.Y, p.S);
  CHECK(zrt_g.n_remap_inspections == 1);
  for (int64_t i = 1; i <= 6; ++i) { // the columns move: a new schedule
    *at<int64_t>(p.C1, i, 2) = *at<int64_t>(p.C1, i, 2) % 11 + 1;
    *at<int64_t>(p.R2, i, 3) = 3 - *at<int64_t>(p.R2, i, 3);
  }
  zrt_array_wrote(p.C1);
  zrt_array_wrote(p.R2);
  p.set_targets(1.0);
  p.fused(p.Y, p.S);
  CHECK(zrt_g.n_remap_inspections == 2);
  p.check_model(1.0);
}

TEST_CASE("a sparse product's schedule serves new arrays of the same shapes", "[product]") {
  pose_one_pe();
  Product p(5, 7, 8, true, true);
  p.set_targets(0.5);
  p.fused(p.Y, p.S);
  zrt_array *Y2 = zrt_array_new("Y2", zrt_array_region(p.Y), ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *S2 = zrt_array_new("S2", zrt_array_region(p.S), ZRT_F64, 0, 0, 0, 0, 0, 0);
  for (int64_t k = 1; k <= 8; ++k) {
    *at<double>(Y2, k) = 0.5;
    *at<double>(S2, k) = *at<double>(p.S, k);
  }
  zrt_array_wrote(Y2);
  zrt_array_wrote(S2);
  std::swap(p.Y, Y2); // the product into Y2 from S2, checked through p
  std::swap(p.S, S2);
  p.fused(p.Y, p.S);
  CHECK(zrt_g.n_remap_inspections == 1);
  p.check_model(0.5);
  zrt_array_free(Y2);
  zrt_array_free(S2);
}
