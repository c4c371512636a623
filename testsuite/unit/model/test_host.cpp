//===- test_host.cpp - the [mpi] table of calibrated hosts ----------------===//
//
// `zplc calibrate` describes a message-passing host with xMy figures (one
// MPI message read with pattern x, written with pattern y): packed =
// xC1 o 1M1 o 1Cy, chained = xMy. Values below are computed by hand.

#include "model/Model.h"

#include <catch2/catch.hpp>

using namespace zpl::model;

namespace {

const char *kHost = R"(
[machine]
name = "minihost"
[copy]
1C1 = 1000
1C64 = 100
64C1 = 200
1Cw = 300
wC1 = 250
[mpi]
1M1 = 2000
8M1 = 400
1M8 = 500
8M8 = 200
64M64 = 50
64M1 = 100
1M64 = 80
wM1 = 60
1Mw = 40
[memory]
copy_mbps = 1000
[message]
startup_us = 2
latency_us = 1
[strategies]
packed = "xC1 o 1M1 o 1Cy"
chained_contiguous = "1M1"
chained = "xMy"
)";

double lookup(const Machine &m, const std::string &name) {
  BasicTransfer t;
  std::string err;
  REQUIRE(BasicTransfer::parse(name, t, err));
  double v = 0;
  bool ok = m.lookup(t, v, err);
  INFO(name << ": " << err);
  REQUIRE(ok);
  return v;
}

} // namespace

TEST_CASE("xMy basic transfers parse", "[mpi]") {
  BasicTransfer t;
  std::string err;
  REQUIRE(BasicTransfer::parse("64Mw", t, err));
  CHECK(t.kind == BasicTransfer::MpiMessage);
  CHECK(t.str() == "64Mw");
  CHECK_FALSE(BasicTransfer::parse("0M1", t, err));
  CHECK(err.find("MPI message") != std::string::npos);
}

TEST_CASE("calibrated host: [mpi] lookups", "[mpi]") {
  std::string err;
  auto m = Machine::parse(kHost, "minihost.toml", err);
  INFO(err);
  REQUIRE(m);
  CHECK(lookup(*m, "8M8") == 200);
  // nMn interpolates on the diagonal: 16 lies 1/3 of the way (log) from 8
  // to 64: 200 + (50 - 200) / 3 = 150
  CHECK(lookup(*m, "16M16") == Approx(150));
  // one-sided families as for copies: 1M4 lies 2/3 of the way (log) from
  // 1M1 to 1M8:
  // 2000 + (500 - 2000) x 2/3 = 1000
  CHECK(lookup(*m, "1M4") == Approx(1000));
  // mixed pairs: 1/|xMy| = 1/|xM1| + 1/|1My| - 1/|1M1|
  // 8M64: 1/400 + 1/80 - 1/2000 = 0.0025 + 0.0125 - 0.0005 = 0.0145
  CHECK(lookup(*m, "8M64") == Approx(1 / 0.0145));
  // wMw: 1/60 + 1/40 - 1/2000, no faster than the slower side (40)
  CHECK(lookup(*m, "wMw") == Approx(1 / (1.0 / 60 + 1.0 / 40 - 1.0 / 2000)));
}

TEST_CASE("calibrated host: packed and chained", "[mpi]") {
  std::string err;
  auto m = Machine::parse(kHost, "minihost.toml", err);
  REQUIRE(m);
  TransferPattern q;
  REQUIRE(TransferPattern::parse("64Q64", q, err));
  Answer a;
  REQUIRE(estimate(*m, q, a, err));
  // packed 1/(1/200 + 1/2000 + 1/100) = 1/0.0155 = 64.52; chained 64M64 = 50
  CHECK(a.packed.mbps == Approx(1 / 0.0155));
  CHECK(a.chained.mbps == Approx(50));
  CHECK(a.choice == Strategy::Packed);
  CHECK(a.packedUs(4096) == Approx(3 + 4096 * 0.0155));
}

TEST_CASE("calibrated host: errors", "[mpi][errors]") {
  std::string err;
  std::string bad = kHost;
  bad.replace(bad.find("8M8 = 200"), 9, "1C8 = 200");
  CHECK_FALSE(Machine::parse(bad, "h.toml", err));
  CHECK(err == "h.toml: key 'mpi.1C8': 1C8 belongs in [copy]");
  bad = kHost;
  bad.replace(bad.find("chained = \"xMy\""), 15, "chained = \"xS0\"");
  CHECK_FALSE(Machine::parse(bad, "h.toml", err));
  CHECK(err.find("key 'strategies.chained'") != std::string::npos);
  CHECK(err.find("send.1S0") != std::string::npos);
}

TEST_CASE("settings change figures before parsing", "[settings]") {
  std::string text = kHost, err;
  bool applied = Machine::applySettings(
      text, "minihost.toml", {"message.latency_us=5.5", "copy.1C1=400", "mpi.1M1=3000"}, err);
  INFO(err);
  REQUIRE(applied);
  auto m = Machine::parse(text, "minihost.toml", err);
  INFO(err);
  REQUIRE(m);
  CHECK(m->latencyUs() == 5.5);
  CHECK(m->startupUs() == 2);
  CHECK(lookup(*m, "1C1") == 400);
  CHECK(lookup(*m, "1M1") == 3000);
  CHECK(lookup(*m, "64C1") == 200);
  // No settings: the text stays as it was.
  std::string same = kHost;
  REQUIRE(Machine::applySettings(same, "minihost.toml", {}, err));
  CHECK(same == kHost);
}

TEST_CASE("settings: bad keys and values", "[settings][errors]") {
  auto rejects = [](const std::string &setting, const std::string &message) {
    std::string text = kHost, err;
    CHECK_FALSE(Machine::applySettings(text, "minihost.toml", {setting}, err));
    CHECK(err == message);
  };
  rejects("message.jitter_us=1", "--set: the machine description has no figure 'message.jitter_us'");
  rejects("machine.name=3", "--set: the machine description has no figure 'machine.name'");
  rejects("latency", "bad --set 'latency' (expected --set=SECTION.KEY=VALUE)");
  rejects("message.latency_us=1us", "--set: bad value '1us' for message.latency_us (expected a number)");
  rejects("message.latency_us=nan", "--set: bad value 'nan' for message.latency_us (expected a number)");
  rejects("message.latency_us=-1",
          "--set: value -1 for message.latency_us is out of range (must not be negative)");
  rejects("copy.1C64=0", "--set: value 0 for copy.1C64 is out of range (a bandwidth must be positive)");
  rejects("memory.copy_mbps=0",
          "--set: value 0 for memory.copy_mbps is out of range (a bandwidth must be positive)");
  std::string text = kHost, err;
  CHECK(Machine::applySettings(text, "minihost.toml", {"message.startup_us=0"}, err));
}
