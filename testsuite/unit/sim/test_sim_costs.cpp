// The costs of the IRONMAN calls that the bindings charge per transfer and
// per message (issue 27, section 2), each against a value worked out by
// hand from the figures of machines/*.toml.
#include "sim_util.h"

#include <catch2/catch.hpp>

#include <string>

using namespace zsim;
using simtest::makeSim;

namespace {

/// The time PE `pe` spends in one call of the one-message transfer from PE
/// 0 to PE 1 of `bytes` bytes laid out with `pattern` (packed), on
/// `machine` with `binding`; `call` is 0..3 for DR, SR, DN, SV.
Time callUs(const std::string &machine, const std::string &binding, int pe, int call,
            size_t bytes, const zpl::model::Pattern &pattern) {
  auto sim = makeSim(machine, 2, binding);
  Time us = -1;
  sim->run(
      [&](int me) {
        simtest::OneMessage one(*sim, me, 0, 1, bytes, pattern, false);
        Binding &b = sim->binding();
        Transfer &x = one.transfer();
        void (Binding::*calls[4])(Transfer &) = {&Binding::dr, &Binding::sr, &Binding::dn,
                                                 &Binding::sv};
        for (int c = 0; c < 4; ++c) {
          Time start = sim->self().now;
          (b.*calls[c])(x);
          if (me == pe && c == call)
            us = sim->self().now - start;
        }
      },
      false);
  return us;
}

const int DR = 0;

} // namespace

TEST_CASE("a T3D SHMEM put to another PE first sets up an annex entry", "[sim][costs]") {
  // DR: annex set-up 0.6 us and the 8-byte ready flag (0.063 us). The
  // receiver's DR does not wait for anything.
  zpl::model::Pattern one = zpl::model::Pattern::contiguous();
  CHECK(callUs("t3d", "shmem", 1, DR, 800, one) == Approx(0.6 + 0.063));
}
