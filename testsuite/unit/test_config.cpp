// Strict parsing of config var values.
#include <catch2/catch.hpp>

#include "zplrt_internal.h"

#include <cmath>

TEST_CASE("integer config values", "[config]") {
  int64_t v = 0;
  CHECK(zrt_parse_i64("42", &v));
  CHECK(v == 42);
  CHECK(zrt_parse_i64("-7", &v));
  CHECK(v == -7);
  CHECK(zrt_parse_i64("+8", &v));
  CHECK(v == 8);
  CHECK(zrt_parse_i64("9223372036854775807", &v));
  CHECK(v == INT64_MAX);
  CHECK_FALSE(zrt_parse_i64("9223372036854775808", &v));
  CHECK_FALSE(zrt_parse_i64("", &v));
  CHECK_FALSE(zrt_parse_i64("12x", &v));
  CHECK_FALSE(zrt_parse_i64("1.0", &v));
  CHECK_FALSE(zrt_parse_i64(" 1", &v));
  CHECK_FALSE(zrt_parse_i64("1 ", &v));
  CHECK_FALSE(zrt_parse_i64("0x10", &v));
  CHECK_FALSE(zrt_parse_i64("-", &v));
  CHECK_FALSE(zrt_parse_i64("1e3", &v));
}

TEST_CASE("real config values", "[config]") {
  double d = 0;
  CHECK(zrt_parse_f64("1.5", &d));
  CHECK(d == 1.5);
  CHECK(zrt_parse_f64(".5", &d));
  CHECK(d == 0.5);
  CHECK(zrt_parse_f64("1e-6", &d));
  CHECK(d == 1e-6);
  CHECK(zrt_parse_f64("-2.5e3", &d));
  CHECK(d == -2500.0);
  CHECK(zrt_parse_f64("7", &d));
  CHECK(d == 7.0);
  CHECK_FALSE(zrt_parse_f64("", &d));
  CHECK_FALSE(zrt_parse_f64("abc", &d));
  CHECK_FALSE(zrt_parse_f64("1.0x", &d));
  CHECK_FALSE(zrt_parse_f64(" 1.0", &d));
  CHECK_FALSE(zrt_parse_f64("1e999", &d));
  float f = 0;
  CHECK(zrt_parse_f32("0.25", &f));
  CHECK(f == 0.25f);
  CHECK_FALSE(zrt_parse_f32("1e40", &f));
  CHECK_FALSE(zrt_parse_f32("x", &f));
}

TEST_CASE("boolean config values", "[config]") {
  bool b = false;
  CHECK(zrt_parse_bool("true", &b));
  CHECK(b);
  CHECK(zrt_parse_bool("false", &b));
  CHECK_FALSE(b);
  CHECK_FALSE(zrt_parse_bool("True", &b));
  CHECK_FALSE(zrt_parse_bool("1", &b));
  CHECK_FALSE(zrt_parse_bool("", &b));
  CHECK_FALSE(zrt_parse_bool("yes", &b));
}
