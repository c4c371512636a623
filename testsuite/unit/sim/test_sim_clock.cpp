// The simulator's clock rules, scheduling, network and deadlock report,
// each checked against values worked out by hand from the rules in
// docs/simulator.md and the machine descriptions.
#include "sim_util.h"

#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using namespace zsim;
using simtest::makeSim;

namespace {
Mail at(Time arrival) {
  Mail m;
  m.arrival = arrival;
  return m;
}
const MailKey kFlag{MailKind::Ready, 0, 7};
} // namespace

TEST_CASE("a waiter advances to the arrival time of what it waits for", "[sim][clock]") {
  auto sim = makeSim("t3d", 2);
  Time t1 = -1, wait1 = -1;
  sim->run(
      [&](int me) {
        if (me == 0) {
          sim->busy(10, Activity::Compute, "work");
          sim->post(1, kFlag, at(sim->self().now + 5)); // sent at 10, arrives at 15
        } else {
          Mail m = sim->take(kFlag, "the flag");
          sim->waitUntil(m.arrival, "the flag");
          t1 = sim->self().now;
          wait1 = sim->self().busy[int(Activity::Wait)];
        }
      },
      false);
  CHECK(t1 == Approx(15));
  CHECK(wait1 == Approx(15));
}

TEST_CASE("a PE that is later than the arrival does not wait", "[sim][clock]") {
  auto sim = makeSim("t3d", 2);
  Time t1 = -1, wait1 = -1;
  sim->run(
      [&](int me) {
        if (me == 0) {
          sim->post(1, kFlag, at(3));
        } else {
          sim->busy(20, Activity::Compute, "work");
          Mail m = sim->take(kFlag, "the flag");
          sim->waitUntil(m.arrival, "the flag");
          t1 = sim->self().now;
          wait1 = sim->self().busy[int(Activity::Wait)];
        }
      },
      false);
  CHECK(t1 == Approx(20));
  CHECK(wait1 == 0);
}

TEST_CASE("the PE with the smallest virtual time runs first, ties by PE id", "[sim][schedule]") {
  auto sim = makeSim("t3d", 3);
  std::vector<int> order;
  sim->run(
      [&](int me) {
        // PE 2 starts at 0 like the others: PE 0 runs first (smallest id)
        order.push_back(me);
        sim->busy(me == 0 ? 30 : me == 1 ? 10 : 20, Activity::Compute, "work");
        // every PE blocks once so the others can run, then goes on
        if (me == 0)
          for (int q = 1; q < 3; ++q)
            sim->post(q, kFlag, at(0));
        else
          sim->take(kFlag, "the start");
        sim->yieldIfBehind();
        order.push_back(10 + me);
      },
      false);
  // PE 0 (at 30 us) yields to PE 1 (at 0), which at 10 yields to PE 2
  // (still at 0); PE 2 at 20 yields to PE 1 (10), which ends; then PE 2
  // (20) ends, then PE 0 (30).
  std::vector<int> expect = {0, 1, 2, 11, 12, 10};
  CHECK(order == expect);
}

TEST_CASE("a collective ends for everyone at the last arrival plus its cost", "[sim][clock]") {
  auto sim = makeSim("t3d", 4);
  std::vector<Time> end(4);
  sim->run(
      [&](int me) {
        sim->busy(5.0 * me, Activity::Compute, "work");
        sim->collective("barrier", nullptr, [](std::vector<void *> &) { return 2.0; });
        end[size_t(me)] = sim->self().now;
      },
      false);
  for (Time t : end)
    CHECK(t == Approx(15 + 2)); // PE 3 arrives last at 15
}

TEST_CASE("hops on the T3D torus and the Paragon mesh", "[sim][network]") {
  // 64 T3D PEs: 32 nodes of two PEs, a 2x4x4 torus
  auto t3d = makeSim("t3d", 64);
  Network &n = t3d->network();
  CHECK(n.hops(0, 1) == 0);  // the same node
  CHECK(n.hops(0, 2) == 1);  // node 1: (0,0,1)
  CHECK(n.hops(0, 6) == 1);  // node 3: (0,0,3), one hop round the torus
  CHECK(n.hops(0, 36) == 3); // node 18: (1,0,2), 1 + 0 + 2
  // latency: [message] latency_us 0.55 at one hop, 0.013 per further hop
  CHECK(n.latency(1) == Approx(0.55));
  CHECK(n.latency(4) == Approx(0.55 + 3 * 0.013));
  // 16 Paragon PEs: a 4x4 mesh without wrap-around
  auto paragon = makeSim("paragon", 16);
  CHECK(paragon->network().hops(0, 3) == 3);
  CHECK(paragon->network().hops(0, 15) == 6);
}

TEST_CASE("a port shared by two streams: the congestion-1 capacity", "[sim][network]") {
  // T3D: two PEs of a node stream 1 MB each at once at the c=2 rate
  // (Nd 69 MB/s); the node's port carries Nd c=1 = 142 MB/s, so both fit
  // (2 x 69 <= 142) and end at 1e6/69 us. A third stream at once from the
  // same node does not fit: the port's backlog, 3e6/142 us, ends it.
  auto sim = makeSim("t3d", 8);
  Network &n = sim->network();
  size_t mb = 1000000;
  Time a = n.stream(0, 2, 0, mb, 69, false);
  Time b = n.stream(1, 4, 0, mb, 69, false);
  CHECK(a == Approx(1e6 / 69));
  CHECK(b == Approx(1e6 / 69));
  Time c = n.stream(0, 6, 0, mb, 69, false);
  CHECK(c == Approx(3e6 / 142));
}

TEST_CASE("a port carries the most payload table 4 shows through one link", "[sim][network]") {
  // T3D address-data pairs (table 4): 62 MB/s at congestion 1, 38 at 2,
  // 20 at 4: two streams share a link at 2 x 38 = 76, four at 4 x 20 = 80,
  // so the port carries 80. Two PEs of one node streaming 1 MB each at
  // once at the c=2 rate both fit (76 <= 80) and end at 1e6/38 us; a third
  // stream of 1 MB from the node at once waits for the port: 3e6/80 us.
  auto sim = makeSim("t3d", 8);
  Network &n = sim->network();
  size_t mb = 1000000;
  CHECK(n.stream(0, 2, 0, mb, 38, true) == Approx(1e6 / 38));
  CHECK(n.stream(1, 4, 0, mb, 38, true) == Approx(1e6 / 38));
  CHECK(n.stream(0, 6, 0, mb, 38, true) == Approx(3e6 / 80));
  // Paragon data (176, 90, 44): 2 x 90 = 180 MB/s. Two streams at 100
  // MB/s from one node (PEs 0 and 1 share no node there: one PE per node,
  // so two streams of PE 0) end at 2e6/180 us.
  auto paragon = makeSim("paragon", 4);
  Network &p = paragon->network();
  p.stream(0, 1, 0, mb, 100, false);
  CHECK(p.stream(0, 2, 0, mb, 100, false) == Approx(2e6 / 180));
}

TEST_CASE("PEs sending to the same peers start with different ones", "[sim][network]") {
  // The runtime lists a PE's messages by peer; PE me starts at position
  // me mod n. An all-to-all of 4 PEs: PE 1 sends to 0, 2, 3 and starts at
  // position 1 (peer 2), PE 3 sends to 0, 1, 2 and starts at position 0;
  // one way, senders 2 and 3 to receivers 0 and 1: PE 2 starts at peer 0,
  // PE 3 at peer 1 (not both at peer 0).
  auto peers = [](std::vector<int> list, int me) {
    std::vector<Msg> sends(list.size());
    for (size_t i = 0; i < list.size(); ++i)
      sends[i].peer = list[i];
    staggerSends(sends, me);
    std::vector<int> order;
    for (const Msg &m : sends)
      order.push_back(m.peer);
    return order;
  };
  CHECK(peers({0, 2, 3}, 1) == std::vector<int>{2, 3, 0});
  CHECK(peers({0, 1, 2}, 3) == std::vector<int>{0, 1, 2});
  CHECK(peers({0, 1}, 2) == std::vector<int>{0, 1});
  CHECK(peers({0, 1}, 3) == std::vector<int>{1, 0});
  CHECK(peers({5}, 3) == std::vector<int>{5});
  CHECK(peers({}, 3).empty());
}

TEST_CASE("a chained NX message streams at both sides' patterns once its irecv is posted",
          "[sim][nx]") {
  // Paragon, 1 MB chained from PE 0 (stride 64) to PE 1 (contiguous): a
  // transpose oriented as strided loads, 64Q'1 = 64S0 || Nadp || 0R1 =
  // min(42, 45, 82) = 42 MB/s. When PE 1's irecv (DR) comes first, PE 0's
  // isend costs send_us 6 us plus 1e6/42 us of its processor's stream;
  // when PE 0 sends first it knows only its own side, 64Q'64 = min(42, 45,
  // 0R64 = 38) = 38: 6 + 1e6/38 us.
  auto sendUs = [](bool receiverFirst) {
    auto sim = makeSim("paragon", 2);
    Time us = 0;
    sim->run(
        [&](int me) {
          simtest::OneMessage one(*sim, me, 0, 1, 1000000,
                                  me == 0 ? zpl::model::Pattern::strided(64)
                                          : zpl::model::Pattern::contiguous(),
                                  true);
          zsim::Binding &b = sim->binding();
          if (me == 0 && receiverFirst)
            sim->busy(100, Activity::Compute, "behind PE 1");
          b.dr(one.transfer());
          Time start = sim->self().now;
          b.sr(one.transfer());
          if (me == 0)
            us = sim->self().now - start;
          b.dn(one.transfer());
          b.sv(one.transfer());
        },
        false);
    return us;
  };
  CHECK(sendUs(true) == Approx(6 + 1e6 / 42));
  CHECK(sendUs(false) == Approx(6 + 1e6 / 38));
}

TEST_CASE("a port serves streams in virtual time, not in the order they were reserved",
          "[sim][network]") {
  // PEs run one at a time, so a PE that waited for a flag can stream at a
  // virtual time before streams already reserved (bench/bindings.sh's nn8
  // on the T3D lost up to 0.5 ms per message this way, issue 13 (a)).
  // T3D, Nd c=1 = 142 MB/s per port. First reserved: 1 MB from PE 0 at
  // t = 1000 us, busy on node 0's port over [1000, 1000 + 1e6/142).
  auto sim = makeSim("t3d", 8);
  Network &n = sim->network();
  size_t mb = 1000000;
  Time late = n.stream(0, 2, 1000, mb, 69, false);
  CHECK(late == Approx(1000 + 1e6 / 69));
  // Reserved next, earlier in virtual time: 1420 B from PE 1 (the same
  // node) at t = 0 needs 10 us of the port, free then; it ends at its own
  // rate, 1420 / 69 us, not after the 1 MB stream.
  Time early = n.stream(1, 4, 0, 1420, 69, false);
  CHECK(early == Approx(1420.0 / 69));
  // A stream that does not fit before the busy time uses the free time
  // before it and finishes after it: 1 MB at t = 500 needs 1e6/142 us of
  // port time; 500 us of it before t = 1000, the rest after the first
  // stream's port time.
  Time split = n.stream(0, 6, 500, mb, 1000, false);
  CHECK(split == Approx(1000 + 1e6 / 142 + (1e6 / 142 - 500)));
}

TEST_CASE("the same program gives the same virtual times on every run", "[sim][determinism]") {
  auto once = [] {
    auto sim = makeSim("paragon", 4);
    std::vector<Time> ends(4);
    sim->run(
        [&](int me) {
          // a ring of messages, twice
          for (int round = 0; round < 2; ++round) {
            simtest::OneMessage to(*sim, me, me, (me + 1) % 4, 4096 * size_t(me + 1),
                                   zpl::model::Pattern::contiguous(), true, 10 + round);
            simtest::OneMessage from(*sim, me, (me + 3) % 4, me, 4096 * size_t((me + 3) % 4 + 1),
                                     zpl::model::Pattern::contiguous(), true, 10 + round);
            Binding &b = sim->binding();
            b.dr(from.transfer());
            b.sr(to.transfer());
            b.dn(from.transfer());
            b.sv(to.transfer());
          }
          ends[size_t(me)] = sim->self().now;
        },
        false);
    return std::make_pair(ends, sim->events());
  };
  auto first = once();
  auto second = once();
  CHECK(first.first == second.first);
  CHECK(first.second == second.second);
}

TEST_CASE("a deadlock is reported with every PE's wait, exit status 2", "[sim][deadlock]") {
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    dup2(fds[1], 2);
    close(fds[0]);
    auto sim = makeSim("t3d", 2);
    sim->run(
        [&](int me) {
          // each waits for the other's flag, which never comes
          sim->take({MailKind::Ready, 1 - me, 3}, "the flag of PE " + std::to_string(1 - me));
        },
        false);
    _exit(0);
  }
  close(fds[1]);
  std::string err;
  char buf[512];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof buf)) > 0)
    err.append(buf, size_t(n));
  close(fds[0]);
  int status = 0;
  waitpid(child, &status, 0);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(err.find("error: deadlock: every simulated PE is waiting") != std::string::npos);
  CHECK(err.find("PE 0: the flag of PE 1") != std::string::npos);
  CHECK(err.find("PE 1: the flag of PE 0") != std::string::npos);
}
