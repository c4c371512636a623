// The runtime's int32 elements (ZRT_I32, docs/language.md section 3): an
// element is 4 bytes; converting an integer keeps its low 32 bits; the
// config and file parsers reject values outside int32; a scan and a
// combining scatter into int32 elements wrap modulo 2^32; a scatter of one
// value indexed by an int32 array (the fast walk reads 4-byte indices)
// adds what one indexed by a 64-bit array adds, and an index outside the
// target stops it the same way.
#include <catch2/catch.hpp>

#include "pose.h"
#include "zplrt_internal.h"

#include <cstring>
#include <vector>

namespace {

template <typename T> T *at(zrt_array *a, int64_t i) {
  int64_t x[ZRT_MAX_RANK] = {i, 0, 0};
  return static_cast<T *>(a->base) + zrt_array_elem(a, x);
}

void run(im_transfer *t) {
  im_dr(t);
  im_sr(t);
  im_dn(t);
  im_sv(t);
}

int32_t wrap32(int64_t v) { return static_cast<int32_t>(static_cast<uint32_t>(v)); }

} // namespace

TEST_CASE("int32 elements are 4 bytes and keep an integer's low 32 bits", "[int32]") {
  CHECK(zrt_elem_size(ZRT_I32) == 4);
  int64_t wide = 5000000000; // 2^32 + 705032704
  int32_t narrow = 0;
  zrt_elem_convert(ZRT_I32, &narrow, ZRT_I64, &wide);
  CHECK(narrow == 705032704);
  wide = -2147483649LL; // INT32_MIN - 1
  zrt_elem_convert(ZRT_I32, &narrow, ZRT_I64, &wide);
  CHECK(narrow == INT32_MAX);
  narrow = -7;
  CHECK(zrt_elem_get_i64(ZRT_I32, &narrow) == -7);
  CHECK(zrt_elem_get_f64(ZRT_I32, &narrow) == -7.0);
  double real = -7.9;
  zrt_elem_convert(ZRT_I32, &narrow, ZRT_F64, &real);
  CHECK(narrow == -7);
}

TEST_CASE("a scan of int32 values wraps modulo 2^32", "[int32]") {
  pose(0, 1);
  const int64_t n = 6;
  zrt_region R = zrt_region_make(1, 1, n, 0, 0, 0, 0);
  zrt_array *S = zrt_array_new("S", R, ZRT_I32, 0, 0, 0, 0, 0, 0);
  zrt_collect *h = zrt_scan_begin(S, R, ZRT_SUM, -1);
  int32_t *buf = zrt_collect_i32(h);
  int64_t o = zrt_collect_offset(h), c0 = zrt_collect_stride(h, 0);
  for (int64_t i = 1; i <= n; ++i)
    buf[o + i * c0] = 1000000000;
  zrt_scan_end(h);
  int64_t sum = 0;
  for (int64_t i = 1; i <= n; ++i) {
    sum += 1000000000;
    INFO("index " << i);
    CHECK(*at<int32_t>(S, i) == wrap32(sum));
  }
  zrt_array_free(S);
}

TEST_CASE("a scatter into int32 elements combines with wrap-around", "[int32]") {
  pose(0, 1);
  const int64_t n = 40, bins = 5;
  zrt_region R = zrt_region_make(1, 1, n, 0, 0, 0, 0);
  zrt_array *H = zrt_array_new("H", zrt_region_make(1, 0, bins - 1, 0, 0, 0, 0), ZRT_I32, 0, 0,
                               0, 0, 0, 0);
  zrt_array *V = zrt_array_new("V", R, ZRT_I32, 0, 0, 0, 0, 0, 0);
  zrt_array *K = zrt_array_new("K", R, ZRT_I32, 0, 0, 0, 0, 0, 0);
  std::vector<int64_t> sums(bins, 0);
  for (int64_t i = 1; i <= n; ++i) {
    *at<int32_t>(K, i) = static_cast<int32_t>((i * 7) % bins);
    *at<int32_t>(V, i) = 400000000 + static_cast<int32_t>(i);
    sums[(i * 7) % bins] += 400000000 + i;
  }
  im_transfer *t = im_remap_combine(nullptr, 1, ZRT_SCATTER_ADD, H, R, V, nullptr, 0, K, nullptr,
                                    nullptr);
  run(t);
  for (int64_t b = 0; b < bins; ++b) {
    INFO("bin " << b);
    CHECK(*at<int32_t>(H, b) == wrap32(sums[b]));
  }
  im_remap_release(t);
  zrt_array_free(H);
  zrt_array_free(V);
  zrt_array_free(K);
}

TEST_CASE("int32 and 64-bit index arrays scatter one value alike", "[int32]") {
  pose(0, 1);
  const int64_t n = 500, bins = 23;
  zrt_region R = zrt_region_make(1, 1, n, 0, 0, 0, 0);
  zrt_region B = zrt_region_make(1, 3, 2 + bins, 0, 0, 0, 0);
  zrt_array *H32 = zrt_array_new("H32", B, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *H64 = zrt_array_new("H64", B, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *I32 = zrt_array_new("I32", R, ZRT_I32, 0, 0, 0, 0, 0, 0);
  zrt_array *I64 = zrt_array_new("I64", R, ZRT_I64, 0, 0, 0, 0, 0, 0);
  std::vector<int64_t> hits(bins + 3, 0);
  for (int64_t i = 1; i <= n; ++i) {
    int64_t k = 3 + (i * i + 5) % bins;
    *at<int32_t>(I32, i) = static_cast<int32_t>(k);
    *at<int64_t>(I64, i) = k;
    ++hits[k];
  }
  im_transfer *a = im_remap_combine_value(nullptr, 1, ZRT_SCATTER_ADD, H32, R, -3, nullptr, 0,
                                          I32, nullptr, nullptr);
  im_transfer *b = im_remap_combine_value(nullptr, 2, ZRT_SCATTER_ADD, H64, R, -3, nullptr, 0,
                                          I64, nullptr, nullptr);
  run(a);
  run(b);
  for (int64_t k = 3; k < 3 + bins; ++k) {
    INFO("bin " << k);
    CHECK(*at<int64_t>(H32, k) == -3 * hits[k]);
    CHECK(*at<int64_t>(H32, k) == *at<int64_t>(H64, k));
  }
  CHECK(zrt_g.n_remap_inspections == 0);
  im_remap_release(a);
  im_remap_release(b);
  zrt_array_free(H32);
  zrt_array_free(H64);
  zrt_array_free(I32);
  zrt_array_free(I64);
}
