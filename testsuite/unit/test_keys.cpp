// The order keys of floating-point max<< and min<< (zplrt.h): the general
// keys and the bit-pattern key of an absolute value agree on the result.
#include "zplrt.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace {
int64_t bitsOf(double x) {
  int64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}
double withBits(int64_t b) {
  double x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}
const int64_t oneNaN = INT64_MAX; // positive, quiet, all payload bits set
} // namespace

TEST_CASE("the abs key orders non-negative values like the general key", "[keys]") {
  std::vector<double> v = {0.0, 5e-324, 1e-300, 0.5, 1.0, 2.5, 59.0, 1e300, INFINITY};
  for (size_t i = 0; i + 1 < v.size(); ++i) {
    CHECK(zrt_max_key_abs_f64(v[i]) < zrt_max_key_abs_f64(v[i + 1]));
    CHECK(zrt_max_key_f64(v[i]) < zrt_max_key_f64(v[i + 1]));
    CHECK(zrt_key_f64(zrt_max_key_abs_f64(v[i])) == v[i]);
  }
  // -0's absolute value is +0: the same key as the general key of +0.
  CHECK(zrt_max_key_abs_f64(std::fabs(-0.0)) == zrt_max_key_f64(0.0));
}

TEST_CASE("every NaN key decodes to the one NaN", "[keys]") {
  double quiet = std::fabs(withBits(bitsOf(std::sqrt(-1.0)))); // x86: negative NaN
  double payload = withBits(INT64_C(0x7ff0000000000001));       // smallest positive NaN
  for (double nan : {quiet, payload, std::fabs(withBits(INT64_C(0xfff8000000000123)))}) {
    int64_t k = zrt_max_key_abs_f64(nan);
    CHECK(k > zrt_max_key_abs_f64(INFINITY));
    CHECK(bitsOf(zrt_key_f64(k)) == oneNaN);
    CHECK(bitsOf(zrt_key_f64(zrt_max_key_f64(nan))) == oneNaN);
    CHECK(bitsOf(zrt_key_f64(zrt_min_key_f64(-nan))) == oneNaN);
  }
  // The identities and the infinities decode to themselves.
  CHECK(zrt_key_f64(zrt_max_key_f64(-INFINITY)) == -INFINITY);
  CHECK(zrt_key_f64(zrt_min_key_f64(INFINITY)) == INFINITY);
  CHECK(std::signbit(zrt_key_f64(zrt_min_key_f64(-0.0))));
}

TEST_CASE("float keys: the abs key and the one NaN", "[keys]") {
  CHECK(zrt_max_key_abs_f32(2.5f) > zrt_max_key_abs_f32(1.0f));
  CHECK(zrt_key_f32(zrt_max_key_abs_f32(2.5f)) == 2.5f);
  float nan = std::fabs(std::sqrt(-1.0f));
  int32_t b;
  float back = zrt_key_f32(zrt_max_key_abs_f32(nan));
  std::memcpy(&b, &back, sizeof b);
  CHECK(b == INT32_MAX);
  CHECK(zrt_key_f32(zrt_max_key_f32(-INFINITY)) == -INFINITY);
}
