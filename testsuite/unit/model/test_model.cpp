//===- test_model.cpp - unit tests of the copy-transfer model ------------===//
//
// Expected values are computed by hand from the docs/machines.md tables with the
// rules of its section 1 (parallel = min, sequential = reciprocal sum,
// 2 x |Q| <= memory copy bandwidth, congestion-2 network column).

#include "model/Model.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>

using namespace zpl::model;

namespace {

// A lookup over a fixed table of concrete figures.
BasicLookup table(std::map<std::string, double> m) {
  return [m](const BasicTransfer &t, double &v, std::string &e) {
    auto it = m.find(t.str());
    if (it == m.end()) {
      e = "no figure for " + t.str();
      return false;
    }
    v = it->second;
    return true;
  };
}

double evalExpr(const std::string &text, const std::string &q,
                const BasicLookup &lk, std::string *printed = nullptr) {
  std::string err;
  auto e = Expr::parse(text, err);
  INFO(err);
  REQUIRE(e);
  TransferPattern tp;
  REQUIRE(TransferPattern::parse(q, tp, err));
  double v = 0;
  std::string t;
  bool ok = e->evaluate(tp, lk, v, t, err);
  INFO(err);
  REQUIRE(ok);
  if (printed)
    *printed = t;
  return v;
}

double seq(std::initializer_list<double> xs) {
  double s = 0;
  for (double x : xs)
    s += 1.0 / x;
  return 1.0 / s;
}

std::unique_ptr<Machine> loadMachine(const std::string &name) {
  std::string err;
  auto m = Machine::load(std::string(ZPLMODEL_TEST_MACHINES_DIR) + "/" + name +
                             ".toml",
                         err);
  INFO(err);
  REQUIRE(m);
  return m;
}

Answer answer(const Machine &m, const std::string &q) {
  TransferPattern tp;
  std::string err;
  REQUIRE(TransferPattern::parse(q, tp, err));
  Answer a;
  bool ok = estimate(m, tp, a, err);
  INFO(err);
  REQUIRE(ok);
  return a;
}

// A small valid description with round numbers for loader tests.
const char *kToy = R"(
[machine]
name = "toy"
[copy]
1C1 = 100.0
1C4 = 50
4C1 = 40.0
1Cw = 20.0
wC1 = 25.0
[send]
1S0 = 200.0
4S0 = 80.0
wS0 = 30.0
[receive]
0D1 = 300.0
0D4 = 60.0
0Dw = 45.0
[network]
congestion = 2
[network.Nd]
c1 = 400.0
c2 = 150.0
[network.Nadp]
c1 = 200.0
c2 = 90.0
[memory]
copy_mbps = 1000.0
[message]
startup_us = 2.0
latency_us = 0.5
[strategies]
packed = "xC1 o (1S0 || Nd || 0D1) o 1Cy"
chained = "xS0 || Nadp || 0Dy"
)";

std::string replace(std::string s, const std::string &from,
                    const std::string &to) {
  size_t p = s.find(from);
  REQUIRE(p != std::string::npos);
  return s.replace(p, from.size(), to);
}

std::string loadError(const std::string &text) {
  std::string err;
  auto m = Machine::parse(text, "toy.toml", err);
  CHECK(!m);
  return err;
}

} // namespace

TEST_CASE("access patterns parse", "[pattern]") {
  Pattern p;
  std::string err;
  REQUIRE(Pattern::parse("1", p, err));
  CHECK(p.kind == Pattern::Contiguous);
  REQUIRE(Pattern::parse("0", p, err));
  CHECK(p.kind == Pattern::Port);
  REQUIRE(Pattern::parse("w", p, err));
  CHECK(p.kind == Pattern::Indexed);
  REQUIRE(Pattern::parse("64", p, err));
  CHECK(p.kind == Pattern::Strided);
  CHECK(p.stride == 64);
  CHECK(p.str() == "64");
  CHECK_FALSE(Pattern::parse("", p, err));
  CHECK_FALSE(Pattern::parse("x", p, err));
  CHECK_FALSE(Pattern::parse("07", p, err));
  CHECK_FALSE(Pattern::parse("-2", p, err));
  CHECK_FALSE(Pattern::parse("99999999999999999999", p, err));
}

TEST_CASE("transfer patterns xQy parse", "[pattern]") {
  TransferPattern q;
  std::string err;
  for (const char *s : {"1Q1", "1Q64", "64Q1", "16Q1", "wQw", "1Qw", "wQ1"}) {
    INFO(s);
    REQUIRE(TransferPattern::parse(s, q, err));
    CHECK(q.str() == s);
  }
  REQUIRE(TransferPattern::parse("16Q1", q, err));
  CHECK(q.src.stride == 16);
  CHECK(q.dst.kind == Pattern::Contiguous);
  REQUIRE(TransferPattern::parse("wQ1", q, err));
  CHECK(q.src.kind == Pattern::Indexed);

  CHECK_FALSE(TransferPattern::parse("1C1", q, err));
  CHECK(err.find("expected xQy") != std::string::npos);
  CHECK_FALSE(TransferPattern::parse("1Q1Q1", q, err));
  CHECK_FALSE(TransferPattern::parse("Q1", q, err));
  CHECK(err.find("source") != std::string::npos);
  CHECK_FALSE(TransferPattern::parse("1Qz", q, err));
  CHECK(err.find("destination") != std::string::npos);
  CHECK_FALSE(TransferPattern::parse("0Q1", q, err));
  CHECK(err.find("port") != std::string::npos);
}

TEST_CASE("basic transfers parse and check their sides", "[basic]") {
  BasicTransfer t;
  std::string err;
  REQUIRE(BasicTransfer::parse("1C64", t, err));
  CHECK(t.kind == BasicTransfer::Copy);
  REQUIRE(BasicTransfer::parse("wS0", t, err));
  CHECK(t.kind == BasicTransfer::LoadSend);
  REQUIRE(BasicTransfer::parse("1F0", t, err));
  CHECK(t.kind == BasicTransfer::FetchSend);
  REQUIRE(BasicTransfer::parse("0R64", t, err));
  CHECK(t.kind == BasicTransfer::ReceiveStore);
  REQUIRE(BasicTransfer::parse("0Dw", t, err));
  CHECK(t.kind == BasicTransfer::Deposit);
  REQUIRE(BasicTransfer::parse("Nd", t, err));
  CHECK(t.kind == BasicTransfer::NetData);
  REQUIRE(BasicTransfer::parse("Nadp", t, err));
  CHECK(t.kind == BasicTransfer::NetAddrData);
  CHECK_FALSE(BasicTransfer::parse("1S1", t, err));
  CHECK_FALSE(BasicTransfer::parse("0C1", t, err));
  CHECK_FALSE(BasicTransfer::parse("1D1", t, err));
  CHECK_FALSE(BasicTransfer::parse("Nx", t, err));
}

TEST_CASE("composition: parallel is min, sequential the reciprocal sum",
          "[compose]") {
  CHECK(parallel(126, 69) == 69);
  CHECK(sequential(100, 100) == Approx(50));
  CHECK(sequential(60, 30) == Approx(20)); // 1/(1/60+1/30) = 20
  auto lk = table({{"1C1", 100}, {"1S0", 60}, {"Nd", 30}, {"0D1", 90},
                   {"1C64", 25}, {"64C1", 40}, {"Nadp", 20}, {"64S0", 35},
                   {"0D64", 50}});
  CHECK(evalExpr("1S0 || Nd || 0D1", "1Q1", lk) == 30);
  CHECK(evalExpr("1S0 o Nd", "1Q1", lk) == Approx(20));
  // Nested, hand-computed: 1/(1/100 + 1/min(60,30,90) + 1/25)
  //   = 1/(0.01 + 0.0333333 + 0.04) = 12.0
  std::string printed;
  CHECK(evalExpr("xC1 o (1S0 || Nd || 0D1) o 1Cy", "1Q64", lk, &printed) ==
        Approx(12.0));
  CHECK(printed == "1C1[100] o (1S0[60] || Nd[30] || 0D1[90]) o 1C64[25]");
  // `o` binds tighter than `||`: (64C1 o 1C1) || Nd = min(1/(1/40+1/100), 30)
  //   = min(28.571, 30) = 28.571
  CHECK(evalExpr("xC1 o 1Cy || Nd", "64Q1", lk) == Approx(200.0 / 7.0));
  // and parentheses override it: 64C1 o (1C1 || Nd) = 1/(1/40+1/30) = 17.143
  CHECK(evalExpr("xC1 o (1Cy || Nd)", "64Q1", lk) == Approx(120.0 / 7.0));
  // x and y are the communication's sides
  CHECK(evalExpr("xS0 || Nadp || 0Dy", "64Q64", lk) == 20);
  CHECK(evalExpr("((xS0))", "64Q1", lk) == 35);
}

TEST_CASE("composition expressions: syntax errors and missing figures",
          "[compose]") {
  std::string err;
  CHECK_FALSE(Expr::parse("xC1 o (1S0 || Nd", err));
  CHECK(err.find("expected ')'") != std::string::npos);
  CHECK_FALSE(Expr::parse("xC1 o", err));
  CHECK_FALSE(Expr::parse("|| Nd", err));
  CHECK_FALSE(Expr::parse("1S0 | Nd", err));
  CHECK_FALSE(Expr::parse("1Q1", err));
  CHECK_FALSE(Expr::parse("zC1", err));
  CHECK_FALSE(Expr::parse("", err));
  auto e = Expr::parse("xC1 o (1S0||Nd) o 1Cy", err);
  REQUIRE(e);
  CHECK(e->str() == "xC1 o (1S0 || Nd) o 1Cy");
  TransferPattern q;
  REQUIRE(TransferPattern::parse("wQ1", q, err));
  std::vector<BasicTransfer> used;
  REQUIRE(e->instantiate(q, used, err));
  REQUIRE(used.size() == 4);
  CHECK(used[0].str() == "wC1");
  CHECK(used[3].str() == "1C1");
  double v;
  std::string t;
  CHECK_FALSE(e->evaluate(q, table({{"1C1", 1}}), v, t, err));
  CHECK(err == "no figure for wC1");
}

TEST_CASE("log-stride interpolation", "[stride]") {
  std::vector<std::pair<int64_t, double>> pts = {{1, 93.0}, {64, 67.9}};
  double v;
  REQUIRE(interpolateLogStride(pts, 1, v));
  CHECK(v == 93.0);
  REQUIRE(interpolateLogStride(pts, 64, v));
  CHECK(v == 67.9);
  // log 8 / log 64 = 1/2: the midpoint
  REQUIRE(interpolateLogStride(pts, 8, v));
  CHECK(v == Approx((93.0 + 67.9) / 2));
  // log 16 / log 64 = 2/3
  REQUIRE(interpolateLogStride(pts, 16, v));
  CHECK(v == Approx(93.0 + (67.9 - 93.0) * 2.0 / 3.0));
  // strides larger than 64 behave like 64
  REQUIRE(interpolateLogStride(pts, 1024, v));
  CHECK(v == 67.9);
  // three points: between 4 and 16, log-midpoint at 8
  std::vector<std::pair<int64_t, double>> three = {{16, 10}, {1, 100}, {4, 40}};
  REQUIRE(interpolateLogStride(three, 8, v));
  CHECK(v == Approx(25));
  REQUIRE(interpolateLogStride(three, 2, v));
  CHECK(v == Approx(70));
  // nothing below the smallest point
  CHECK_FALSE(interpolateLogStride({{4, 40}}, 2, v));
  CHECK_FALSE(interpolateLogStride({}, 2, v));
}

namespace {
// Applies constraint `text` to |Q| = raw for 1Q1 with the figure 1C1 = 93.
double constrained(const std::string &text, double raw, std::string &shown) {
  std::string err;
  auto c = Constraint::parse(text, err);
  INFO(err);
  REQUIRE(c);
  BasicLookup oneC1 = [](const BasicTransfer &t, double &v, std::string &e) {
    if (t.str() != "1C1") {
      e = "no figure for " + t.str();
      return false;
    }
    v = 93;
    return true;
  };
  TransferPattern q;
  REQUIRE(TransferPattern::parse("1Q1", q, err));
  double v = 0;
  REQUIRE(c->apply(q, oneC1, raw, v, shown, err));
  return v;
}
} // namespace

TEST_CASE("resource constraint: K x |Q| <= bound, per strategy",
          "[constraint]") {
  std::string shown;
  // a figure as the bound: 2 x 30 = 60 <= 93 holds; 2 x 69 = 138 > 93 is
  // scaled down to 93 / 2
  CHECK(constrained("2 x Q <= 1C1", 30, shown) == 30);
  CHECK(shown == "2 x 30 <= 1C1[93]");
  CHECK(constrained("2 x Q <= 1C1", 69, shown) == Approx(46.5));
  CHECK(shown == "2 x 69 > 1C1[93] -> 46.5");
  // a number as the bound
  CHECK(constrained("2 x Q <= 67.6", 52, shown) == Approx(33.8));
  CHECK(shown == "2 x 52 > 67.6 -> 33.8");
  CHECK(constrained("4 x Q <= 400", 52, shown) == 52); // 208 <= 400
  // none: the figure stays
  CHECK(constrained("none", 69, shown) == 69);
  CHECK(shown == "none");
  std::string err;
  CHECK(Constraint::parse(" 2 x Q <=1C1 ", err)->str() == "2 x Q <= 1C1");
  for (const char *bad : {"", "2 x Q", "Q <= 1C1", "0 x Q <= 1C1",
                          "2 x R <= 1C1", "2 x Q <= -3", "2 x Q <= 1C1 o"}) {
    INFO(bad);
    CHECK_FALSE(Constraint::parse(bad, err));
    CHECK(err.find("expected 'none' or 'K x Q <= BOUND'") != std::string::npos);
  }
}

TEST_CASE("finite sizes: start-up and latency per message", "[latency]") {
  // time_us = startup + latency + bytes / MBps (MB/s = bytes per us)
  CHECK(messageTimeUs(2.0, 0.5, 100.0, 1000) == Approx(12.5));
  CHECK(messageTimeUs(2.0, 0.5, 100.0, 0) == Approx(2.5));
  // small messages get far less than the asymptotic throughput
  double us = messageTimeUs(2.0, 0.5, 100.0, 100);
  CHECK(100.0 / us < 0.3 * 100.0);
  std::string err;
  auto m = Machine::parse(kToy, "toy.toml", err);
  INFO(err);
  REQUIRE(m);
  Answer a = answer(*m, "1Q1");
  // chained = min(200, 90, 300) = 90 (the general form: no contiguous one)
  CHECK(a.chained.mbps == 90);
  CHECK(a.chainedUs(9000) == Approx(2.0 + 0.5 + 100.0));
  // packed = 1/(1/100 + 1/150 + 1/100) = 37.5
  CHECK(a.packed.mbps == Approx(37.5));
  CHECK(a.packedUs(3750) == Approx(2.5 + 100.0));
}

TEST_CASE("machine descriptions: loading and interpolated lookups",
          "[machine]") {
  std::string err;
  auto m = Machine::parse(kToy, "toy.toml", err);
  INFO(err);
  REQUIRE(m);
  CHECK(m->name() == "toy");
  CHECK(m->congestion() == 2);
  // [memory] copy_mbps: the constraint of every strategy without its own
  CHECK(m->packedConstraint().str() == "2 x Q <= 1000");
  CHECK(m->chainedConstraint().str() == "2 x Q <= 1000");
  BasicTransfer t;
  double v;
  REQUIRE(BasicTransfer::parse("Nd", t, err));
  REQUIRE(m->lookup(t, v, err));
  CHECK(v == 150); // the c=2 column
  REQUIRE(BasicTransfer::parse("1C2", t, err));
  REQUIRE(m->lookup(t, v, err));
  CHECK(v == Approx(75)); // log 2 / log 4 = 1/2 between 100 and 50
  REQUIRE(BasicTransfer::parse("1C1024", t, err));
  REQUIRE(m->lookup(t, v, err));
  CHECK(v == 50);
  REQUIRE(BasicTransfer::parse("2S0", t, err));
  REQUIRE(m->lookup(t, v, err));
  CHECK(v == Approx(140));
  REQUIRE(BasicTransfer::parse("0D2", t, err));
  REQUIRE(m->lookup(t, v, err));
  CHECK(v == Approx(180));
  REQUIRE(BasicTransfer::parse("wCw", t, err));
  CHECK_FALSE(m->lookup(t, v, err));
  REQUIRE(BasicTransfer::parse("0R1", t, err));
  CHECK_FALSE(m->lookup(t, v, err));
  CHECK(err.find("receive.0R1") != std::string::npos);
}

TEST_CASE("machine descriptions: errors name the file, the key, the problem",
          "[machine][errors]") {
  std::string toy = kToy;
  CHECK(loadError(replace(toy, "1C4 = 50", "1C4 = \"50\"")) ==
        "toy.toml: key 'copy.1C4': expected a number, got a string");
  CHECK(loadError(replace(toy, "1C4 = 50", "1C4 = 0")) ==
        "toy.toml: key 'copy.1C4': expected a positive number, got 0");
  CHECK(loadError(replace(toy, "[copy", "[cop")).find(
            "toy.toml: key 'cop': unknown key") == 0);
  CHECK(loadError(replace(toy, "1C4 = 50", "1S4 = 50")) ==
        "toy.toml: key 'copy.1S4': basic transfer '1S4': a send xS0 reads "
        "memory and writes the port 0");
  CHECK(loadError(replace(toy, "1C4 = 50", "0D4x = 50")).find(
            "key 'copy.0D4x'") != std::string::npos);
  CHECK(loadError(replace(toy, "wS0 = 30.0", "1C2 = 30.0")) ==
        "toy.toml: key 'send.1C2': 1C2 belongs in [copy]");
  CHECK(loadError(replace(toy, "congestion = 2", "congestion = 4")) ==
        "toy.toml: key 'network.Nd.c4': missing: 'network.congestion' = 4 "
        "selects this column");
  CHECK(loadError(replace(toy, "congestion = 2", "congestion = \"2\"")) ==
        "toy.toml: key 'network.congestion': expected an integer, got a "
        "string");
  CHECK(loadError(replace(toy, "copy_mbps = 1000.0", "")) ==
        "toy.toml: key 'memory.copy_mbps': missing");
  // without [memory] every strategy states its own constraint
  std::string own = replace(toy, "[memory]\ncopy_mbps = 1000.0\n", "");
  CHECK(loadError(own) ==
        "toy.toml: key 'strategies.packed_constraint': missing (the "
        "strategy's resource constraint, e.g. '2 x Q <= 1C1', or 'none')");
  own = replace(own, "chained = ", "packed_constraint = \"2 x Q <= 1C1\"\n"
                                   "chained_constraint = \"none\"\nchained = ");
  {
    std::string err;
    auto m = Machine::parse(own, "toy.toml", err);
    INFO(err);
    REQUIRE(m);
    CHECK(m->packedConstraint().str() == "2 x Q <= 1C1");
    CHECK(m->chainedConstraint().isNone());
  }
  CHECK(loadError(replace(own, "\"2 x Q <= 1C1\"", "\"2 x Q <= 0R1\""))
            .find("toy.toml: key 'strategies.packed_constraint': '2 x Q <= "
                  "0R1' for ") == 0);
  CHECK(loadError(replace(own, "\"none\"", "\"2 x Q < 1C1\"")) ==
        "toy.toml: key 'strategies.chained_constraint': '2 x Q < 1C1': no "
        "'<=' (expected 'none' or 'K x Q <= BOUND', e.g. '2 x Q <= 1C1')");
  CHECK(loadError(replace(own, "chained = ",
                          "chained_contiguous_constraint = \"none\"\n"
                          "chained = ")) ==
        "toy.toml: key 'strategies.chained_contiguous_constraint': given "
        "without 'strategies.chained_contiguous'");
  CHECK(loadError(replace(toy, "latency_us = 0.5", "latency_us = -0.5")) ==
        "toy.toml: key 'message.latency_us': expected a non-negative number, "
        "got -0.5");
  CHECK(loadError(replace(toy, "name = \"toy\"", "")) ==
        "toy.toml: key 'machine.name': missing");
  CHECK(loadError(replace(toy, "packed = \"xC1 o (1S0 || Nd || 0D1) o 1Cy\"",
                          "packed = \"xC1 o (1S0 || Nd || 0D1 o 1Cy\""))
            .find("toy.toml: key 'strategies.packed': expected ')' at column") ==
        0);
  // A figure an expression uses must be given: no 0Ry table on this machine.
  CHECK(loadError(replace(toy, "chained = \"xS0 || Nadp || 0Dy\"",
                          "chained = \"xS0 || Nadp || 0Ry\"")) ==
        "toy.toml: key 'strategies.chained': 'xS0 || Nadp || 0Ry' for 1Q1: "
        "no figure for 0R1 (key 'receive.0R1' is missing)");
  // Strided patterns need a strided figure, not just the contiguous one.
  CHECK(loadError(replace(toy, "0D4 = 60.0", "")) ==
        "toy.toml: key 'strategies.chained': 'xS0 || Nadp || 0Dy' for 1Q2: "
        "no figure for 0D2: [receive] gives no strided 0Dn figure (n >= 2)");
  // TOML syntax errors carry file:line:col.
  std::string e = loadError("[machine]\nname = \"toy\"\n[copy\n");
  CHECK(e.find("toy.toml:3:") == 0);
  std::string err;
  CHECK_FALSE(Machine::load("/nonexistent/x.toml", err));
  CHECK(err == "/nonexistent/x.toml: cannot open the machine description");
}

TEST_CASE("tie: chained is chosen (no copies)", "[choice]") {
  std::string toy = kToy;
  // both strategies are just the network: 150 = 150
  std::string flat =
      replace(replace(toy, "packed = \"xC1 o (1S0 || Nd || 0D1) o 1Cy\"",
                      "packed = \"Nd\""),
              "chained = \"xS0 || Nadp || 0Dy\"", "chained = \"Nd\"");
  std::string err;
  auto m = Machine::parse(flat, "toy.toml", err);
  INFO(err);
  REQUIRE(m);
  Answer a = answer(*m, "1Q1");
  CHECK(a.packed.mbps == a.chained.mbps);
  CHECK(a.choice == Strategy::Chained);
}

TEST_CASE("size tiers: the smallest tier holding a message, then larger ones",
          "[machine][tiers]") {
  // [eager] (<= 4096 bytes) gives only 4C1, [cache] (<= 65536) gives 4C1
  // and 1C4, [llc] (<= 1 MB) 4C1: a 4 KB message takes 4C1 from [eager]
  // and 1C4 from [cache]; larger ones fall through to the main tables.
  std::string toy = std::string(kToy) + R"(
[eager]
bytes = 4096
[eager.copy]
4C1 = 10.0
[cache]
bytes = 65536
[cache.copy]
4C1 = 20.0
1C4 = 25.0
[llc]
bytes = 1048576
[llc.copy]
4C1 = 30.0
)";
  std::string err;
  auto m = Machine::parse(toy, "toy.toml", err);
  INFO(err);
  REQUIRE(m);
  CHECK(m->eagerBytes() == 4096);
  CHECK(m->cacheBytes() == 65536);
  BasicTransfer pack, unpack;
  REQUIRE(BasicTransfer::parse("4C1", pack, err));
  REQUIRE(BasicTransfer::parse("1C4", unpack, err));
  auto figure = [&](uint64_t bytes, const BasicTransfer &t) {
    double v = 0;
    REQUIRE(m->forMessage(bytes).lookup(t, v, err));
    return v;
  };
  CHECK(figure(8, pack) == 10);
  CHECK(figure(4096, pack) == 10);
  CHECK(figure(4096, unpack) == 25);
  CHECK(figure(4097, pack) == 20);
  CHECK(figure(65536, unpack) == 25);
  CHECK(figure(65537, pack) == 30);
  CHECK(figure(65537, unpack) == 50);
  CHECK(figure(1048577, pack) == 40);
  // the tiers may come in any order; two of the same size are an error
  CHECK(loadError(replace(toy, "bytes = 65536", "bytes = 4096")) ==
        "toy.toml: key 'cache.bytes': the same size as eager.bytes (4096): "
        "each tier needs its own size");
  CHECK(loadError(replace(toy, "bytes = 4096", "bytes = \"4 KB\"")) ==
        "toy.toml: key 'eager.bytes': expected a number, got a string");
  CHECK(loadError(replace(toy, "[eager.copy]", "[eager.send]")).find(
            "toy.toml: key 'eager.send': unknown key") == 0);
}

// ---------------------------------------------------------------------------
// T3D and Paragon: the figures follow from docs/machines.md tables 1-4 by the
// rules. Every expected value is written out from the table numbers.
// ---------------------------------------------------------------------------

TEST_CASE("T3D estimates follow from docs/machines.md", "[t3d]") {
  auto m = loadMachine("t3d");
  // Every T3D strategy states no constraint (Stricker & Gross reduce no
  // T3D estimate): the figures are the expressions' own.
  CHECK(m->packedConstraint().isNone());
  CHECK(m->chainedConstraint().isNone());
  CHECK(m->chainedContiguousConstraint().isNone());
  // 1Q1: packed 1C1 o (1S0 || Nd || 0D1) o 1C1, chained 1S0 || Nd || 0D1
  {
    Answer a = answer(*m, "1Q1");
    CHECK(a.packed.mbps == Approx(seq({93, std::min({126., 69., 142.}), 93})));
    CHECK(a.packed.mbps == Approx(27.78).epsilon(1e-3));
    // 1Q'1 = min(126, 69, 142) = 69, not reduced. Stricker & Gross 5.1.2
    // print 70: the one input that can give it is Nd at congestion 2,
    // which table 4 gives as 69 (1 MB/s, 1.4% lower; docs/model.md).
    CHECK(a.chained.rawMBps == 69);
    CHECK(a.chained.mbps == 69);
    CHECK_FALSE(a.chained.constrained);
    CHECK(std::abs(a.chained.mbps - 70) / 70 < 0.015);
    CHECK(a.choice == Strategy::Chained);
  }
  // 1Q64: packed 1C1 o (..) o 1C64; chained 1S0 || Nadp || 0D64
  {
    Answer a = answer(*m, "1Q64");
    CHECK(a.packed.mbps == Approx(seq({93, 69, 67.9})));
    CHECK(a.chained.mbps == Approx(std::min({126., 38., 52.}))); // 38, 76 <= 93
    CHECK(a.choice == Strategy::Chained);
  }
  // 64Q1: packed 64C1 o (..) o 1C1; chained 64S0 || Nadp || 0D1
  {
    Answer a = answer(*m, "64Q1");
    CHECK(a.packed.mbps == Approx(seq({33.3, 69, 93})));
    CHECK(a.chained.mbps == Approx(std::min({35., 38., 142.}))); // 35
    CHECK(a.choice == Strategy::Chained);
  }
  // wQw: packed wC1 o (..) o 1Cw; chained wS0 || Nadp || 0Dw
  {
    Answer a = answer(*m, "wQw");
    CHECK(a.packed.mbps == Approx(seq({32.9, 69, 38.5})));
    CHECK(a.chained.mbps == Approx(std::min({32., 38., 52.}))); // 32
    CHECK(a.choice == Strategy::Chained);
  }
  // 16Q1: 16C1 and 16S0 interpolated in log(stride) between 1 and 64
  {
    Answer a = answer(*m, "16Q1");
    double c16 = 93.0 + (33.3 - 93.0) * 2.0 / 3.0;
    double s16 = 126.0 + (35.0 - 126.0) * 2.0 / 3.0;
    CHECK(a.packed.mbps == Approx(seq({c16, 69, 93})));
    CHECK(a.chained.mbps == Approx(std::min({s16, 38., 142.})));
  }
  // finite sizes: 0.75 us start-up + 0.55 us latency (section 2)
  {
    Answer a = answer(*m, "1Q64");
    CHECK(a.chainedUs(3800) == Approx(0.75 + 0.55 + 100.0));
  }
}

TEST_CASE("Paragon estimates follow from docs/machines.md", "[paragon]") {
  auto m = loadMachine("paragon");
  // packed states 2 x Q <= 1C1 (= 67.6, table 1; the paper's 0C1 and 1C0
  // are not in docs/machines.md), the chained forms none (section 5.1.4).
  CHECK(m->packedConstraint().str() == "2 x Q <= 1C1");
  CHECK(m->chainedConstraint().isNone());
  CHECK(m->chainedContiguousConstraint().isNone());
  // packed: xC1 o (1F0 || Nd || 0D1) o 1Cy with min(160, 90, 160) = 90
  // chained: 1S0 || Nd || 0R1 (contiguous), xS0 || Nadp || 0Ry
  {
    Answer a = answer(*m, "1Q1");
    CHECK(a.packed.mbps == Approx(seq({67.6, 90, 67.6})));
    CHECK(a.packed.mbps == Approx(24.57).epsilon(1e-3));
    CHECK_FALSE(a.packed.constrained); // 2 x 24.57 = 49.1 <= 67.6
    // 1Q'1 = min(52, 90, 82) = 52: the published 52 MB/s (5.1.4)
    CHECK(a.chained.mbps == 52);
    CHECK_FALSE(a.chained.constrained);
    CHECK(a.choice == Strategy::Chained);
  }
  {
    Answer a = answer(*m, "1Q64");
    CHECK(a.packed.mbps == Approx(seq({67.6, 90, 27.6})));
    CHECK(a.chained.mbps == std::min({52., 45., 38.})); // 38
    CHECK(a.choice == Strategy::Chained);
  }
  {
    Answer a = answer(*m, "64Q1");
    CHECK(a.packed.mbps == Approx(seq({31.1, 90, 67.6})));
    CHECK(a.chained.mbps == std::min({42., 45., 82.})); // 42
  }
  {
    Answer a = answer(*m, "wQw");
    CHECK(a.packed.mbps == Approx(seq({45.1, 90, 35.2})));
    CHECK(a.chained.mbps == std::min({36., 45., 42.})); // 36
  }
  // The packed constraint holds for every pattern: the largest packed
  // estimate, 1Q1 = 24.57, is below 67.6 / 2 = 33.8.
  for (const char *q : {"1Q1", "1Q64", "64Q1", "wQw", "1Qw", "wQ1", "16Q16"}) {
    INFO(q);
    Answer a = answer(*m, q);
    CHECK_FALSE(a.packed.constrained);
    CHECK(a.packed.text.find("; constraint 2 x ") != std::string::npos);
  }
}

TEST_CASE("T3E description loads (derived figures)", "[t3e]") {
  auto m = loadMachine("t3e");
  Answer a = answer(*m, "1Q1");
  CHECK(a.packed.mbps == Approx(seq({235, 235, 235})));
  // 1Q'1 = min(235, 240, 235) = 235; 2 x 235 = 470 <= 470 (STREAM): holds
  CHECK(a.chained.mbps == Approx(235));
  CHECK_FALSE(a.chained.constrained);
  CHECK(a.choice == Strategy::Chained);
}
