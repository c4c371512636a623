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

/// What each IRONMAN call costs on `machine` a PE that sends and/or
/// receives a message in the transfer.
double figuresPerCallUs(const std::string &machine, bool sends, bool receives) {
  auto sim = makeSim(machine, 1);
  return sim->figures().ironman.perCallUs(sends, receives);
}

const int DR = 0, SR = 1;

} // namespace

TEST_CASE("every IRONMAN call costs a quarter of the classification and the layer",
          "[sim][costs]") {
  // IRONMAN Fig. 5's "neither" row of direct MPI calls (the calls' code
  // for a PE without a message) plus what going through IRONMAN added for
  // the PE's role, per transfer, over the four calls: T3D
  // (2.94 + 2.86) / 4 sending, (2.94 + 2.95) / 4 receiving,
  // (2.94 + 2.84) / 4 both, (2.94 + 0.95) / 4 neither.
  CHECK(figuresPerCallUs("t3d", true, false) == Approx(1.45));
  CHECK(figuresPerCallUs("t3d", false, true) == Approx(1.4725));
  CHECK(figuresPerCallUs("t3d", true, true) == Approx(1.445));
  CHECK(figuresPerCallUs("t3d", false, false) == Approx(0.9725));
  // Paragon (6.00 + 3.33, 3.69, 5.06, 1.62) / 4.
  CHECK(figuresPerCallUs("paragon", true, false) == Approx(2.3325));
  CHECK(figuresPerCallUs("paragon", false, true) == Approx(2.4225));
  CHECK(figuresPerCallUs("paragon", true, true) == Approx(2.765));
  CHECK(figuresPerCallUs("paragon", false, false) == Approx(1.905));
  // T3E: the T3D's figures at twice the clock, (1.47 + 1.42) / 4 both.
  CHECK(figuresPerCallUs("t3e", true, true) == Approx(0.7225));
}

TEST_CASE("a T3D SHMEM put to another PE first sets up an annex entry", "[sim][costs]") {
  // DR: annex set-up 0.6 us and the 8-byte ready flag (0.063 us). The
  // receiver's DR does not wait for anything.
  zpl::model::Pattern one = zpl::model::Pattern::contiguous();
  CHECK(callUs("t3d", "shmem", 1, DR, 800, one) == Approx(0.6 + 0.063));
}

TEST_CASE("the MPI binding charges the library's work per message, marshalling per byte",
          "[sim][costs]") {
  zpl::model::Pattern contiguous = zpl::model::Pattern::contiguous();
  zpl::model::Pattern strided = zpl::model::Pattern::strided(64);
  // A receiver's DR: half of library_recv_us for its one message; no part
  // of Fig. 5's receiver figure (18.57 us T3D), which is marshalling.
  // T3D 0.663 / 2; Paragon: an NX irecv and a msgwait, (6.0 + 1.0) / 2.
  CHECK(callUs("t3d", "mpi", 1, DR, 800, contiguous) == Approx(0.663 / 2));
  CHECK(callUs("paragon", "mpi", 1, DR, 800, contiguous) == Approx(7.0 / 2));
  // T3D, the sender's SR of an eager 800-byte message: half of
  // library_send_us (1.413 / 2), then the processor stores the bytes at
  // 1S0 || Nd || 0D1 = min(126, 69, 142) = 69 MB/s. Strided at 64, it first
  // packs them at 64C1 = 33.3 MB/s: the only marshalling charged.
  double library = 1.413 / 2, wire = 800 / 69.0, pack = 800 / 33.3;
  CHECK(callUs("t3d", "mpi", 0, SR, 800, contiguous) == Approx(library + wire));
  CHECK(callUs("t3d", "mpi", 0, SR, 800, strided) == Approx(library + pack + wire));
}
