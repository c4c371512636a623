//===- Sim.h - the simulated machines back end: core ----------------*- C++ -*-===//
//
// A direct-execution simulator: every simulated PE runs the generated
// program in a user-level context (its own stack) of this process's one
// thread, with its own virtual clock and its own copy of the program's and
// the runtime's state: those variables are thread-local (ZRT_PE_LOCAL and
// the driver's _Thread_local globals), and the simulator swaps the
// contents of the program's thread-local block when it switches PEs.
// Exactly one PE runs at a time; a PE that must wait hands over to the
// ready PE with the smallest virtual time (ties: the smaller id), so the
// schedule depends on the program and the machine description alone,
// never on the host (its load or its timing).
//
// Time is charged from the machine description only (docs/simulator.md):
// transfers from the binding's composition expressions (model/), network
// latency by hops on the topology, ports shared by a node's PEs, per-call
// costs of the binding, and computation from the operation counts the
// compiler emits per array statement.
//===----------------------------------------------------------------------===//

#ifndef ZPLSIM_SIM_H
#define ZPLSIM_SIM_H

#include "model/Model.h"
#include "backends/sim/SimFigures.h"
#include "zplrt_comm.h"

#include <ucontext.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

namespace zsim {

namespace model = zpl::model;

class Simulator;

/// Virtual time in microseconds (so MB/s figures are bytes per time unit).
using Time = double;

//===----------------------------------------------------------------------===//
// Trace and accounting
//===----------------------------------------------------------------------===//

/// Where a PE's time goes: computing (charged array statements), in
/// communication calls doing work (call overheads, copies, processor-driven
/// sends), or waiting (for a flag, a message, the other PEs).
enum class Activity { Compute, Comm, Wait };

/// A trace event on one PE: its processor (compute, IRONMAN calls, waits)
/// or its network interface (transfers leaving it).
enum class Track { Cpu = 0, Network = 1 };

struct TraceEvent {
  std::string name;
  Time start, dur;
  Track track;
  std::string args; // the members of a JSON object, e.g. "\"bytes\": 64"
  char phase = 'X'; // 'X' a span; 's'/'f' a message's flow start / end
  uint64_t flow = 0; // the flow's id ('s', 'f')
};

/// A description for the trace or a deadlock report, made only when one
/// is wanted: a C string, a string, or a function that makes the string
/// (the bindings describe every wait and message; formatting them all,
/// with no trace asked for, was a tenth of a large run's host time). It
/// refers to its argument, which must outlive the call it is passed to.
class Lazy {
public:
  Lazy(const char *s) : text(s) {}
  Lazy(const std::string &s) : string(&s) {}
  template <typename F,
            typename = std::enable_if_t<std::is_invocable_r_v<std::string, const F &>>>
  Lazy(const F &f)
      : fn(&f), call([](const void *g) { return (*static_cast<const F *>(g))(); }) {}
  std::string str() const {
    if (text)
      return text;
    if (string)
      return *string;
    return call(fn);
  }

private:
  const char *text = nullptr;
  const std::string *string = nullptr;
  const void *fn = nullptr;
  std::string (*call)(const void *) = nullptr;
};

//===----------------------------------------------------------------------===//
// Mail: flags, notices and messages between PEs
//===----------------------------------------------------------------------===//

enum class MailKind : uint8_t {
  Ready,   // shmem: the destination may be written (DR)
  Done,    // shmem: the data is there; eregs: the destination read it
  Notice,  // eregs: the source data is ready to be read (SR)
  Message, // message passing: a message (nx, mpi)
  Cts,     // mpi: the matching receive is posted (clear to send)
  Posted,  // nx: a chained message's receive is posted, with its layout
  Direct,  // the runtime's own point-to-point messages
  Release  // collectives: every PE has arrived
};

struct MailKey {
  MailKind kind;
  int src;     // the PE that posted it
  int64_t tag; // the message's tag (0 for collectives)
  bool operator==(const MailKey &o) const {
    return kind == o.kind && src == o.src && tag == o.tag;
  }
};

struct MailKeyHash {
  size_t operator()(const MailKey &k) const {
    return (size_t(k.tag) * 1000003u) ^ (size_t(k.src) << 4) ^ size_t(k.kind);
  }
};

/// One member's section in a combined message.
struct Piece {
  size_t bytes = 0;
  model::Pattern pattern;
};

/// One piece of mail; its receiver sees it from `arrival` on (virtual time).
struct Mail {
  Time arrival = 0;
  // a transfer's data movement, as the sender saw it
  Time start = 0;       // when the sender began (pack or stream)
  Time streamStart = 0; // when the first byte left the sender
  Time streamEnd = 0;   // when the last byte left the sender
  size_t bytes = 0;
  model::Pattern pattern; // the sender's access pattern
  bool chained = false;
  int hops = 0;
  const void *ref = nullptr;  // a binding's pointer (the peer's message)
  std::vector<char> payload; // bytes in flight, when the binding buffers
  Time aux = 0;              // collectives: when the last PE arrived
  bool rendezvous = false;   // mpi: sent after the matching receive
  size_t index = 0;          // mpi: the pending send's message number
  std::vector<Piece> pieces; // the sender's pieces of a chained combined message
  uint64_t flow = 0;         // the trace's arrow from send to arrival (0: none)
};

//===----------------------------------------------------------------------===//
// PEs
//===----------------------------------------------------------------------===//

struct Pe {
  enum class State { Ready, Running, Blocked, Finished };

  int id = 0;
  Time now = 0;
  Time busy[3] = {0, 0, 0}; // by Activity
  Time ironmanLayer = 0;    // of busy: the IRONMAN layer's own code (IRONMAN 3.2)
  State state = State::Ready;
  Time readyAt = 0; // when Ready: the virtual time it resumes at
  // what it waits for while Blocked (for the deadlock report)
  MailKey waitKey{MailKind::Release, -1, 0};
  std::string waitWhat;
  Time waitSince = 0;
  std::unordered_map<MailKey, std::deque<Mail>, MailKeyHash> mailbox;
  ucontext_t context;
  void *stack = nullptr;
  std::vector<char> tls; // its thread-local variables while it does not run
  bool normalEnd = false; // reached the end of the program (not halt/error)
  Time sendEngineFree = 0; // the background send engine (DMA) of this PE
  std::vector<TraceEvent> trace;
};

//===----------------------------------------------------------------------===//
// The network
//===----------------------------------------------------------------------===//

/// A node's network port as a timeline of the virtual times it is busy.
/// PEs run one at a time in host order, so streams are not reserved in
/// virtual-time order: a PE that waited for a flag may stream at a virtual
/// time earlier than streams other PEs already reserved. The port serves
/// each stream in the free time from its start on, so a later reservation
/// never delays an earlier stream (a single "backlog clears at" time did:
/// a stream queued behind every reservation made before it in host order).
class Port {
public:
  /// Occupies `work` of free port time from `start` on; returns when the
  /// last of it is done.
  Time reserve(Time start, Time work);
  /// Forgets the busy time before `t` (no stream starts before it).
  void forgetBefore(Time t);
  /// Whether it remembers enough to be worth forgetting.
  bool crowded() const { return busy.size() > limit; }

private:
  std::map<Time, Time> busy; // disjoint, non-touching [start, end)
  size_t limit = 64;
  /// Marks [s, e) busy (free before), merging touching neighbours; returns
  /// the merged interval.
  std::map<Time, Time>::iterator occupy(Time s, Time e);
};

/// The topology (3D torus or 2D mesh of nodes; PEs fill the nodes in
/// order), latency by hops, and the port of each node: its capacity is the
/// network's congestion-1 figure, shared by the node's PEs and by every
/// message streaming through it at once.
class Network {
public:
  Network(const model::SimTopology &t, const model::Machine &m, int npes);

  int node(int pe) const { return pe / perNode; }
  int hops(int a, int b) const;
  /// [message] latency_us at one hop, plus hop_us per further hop.
  Time latency(int hops) const;
  /// Streams `bytes` from PE a to PE b, starting at `start`, at `mbps` (the
  /// message's own rate): reserves a's node's injection port and b's node's
  /// ejection port. Returns when the last byte has left a.
  Time stream(int a, int b, Time start, size_t bytes, double mbps, bool addrData);
  /// The topology, e.g. "torus 2x4x4, 2 PEs per node" (for the trace).
  std::string describe() const;
  /// A lower bound of every future stream's start (the earliest clock of
  /// the PEs that have not finished), for forgetting the ports' past.
  void setHorizon(std::function<Time()> h) { horizon = std::move(h); }

private:
  model::SimTopology::Kind kind;
  int perNode;
  int dims[3] = {1, 1, 1};
  Time hopUs, latencyUs;
  double portData, portAddrData; // MB/s
  std::vector<Port> inject, eject; // per node
  std::function<Time()> horizon;
  Time reserve(Port &p, Time start, Time work);
};

//===----------------------------------------------------------------------===//
// Rates: the machine description's figures for a message
//===----------------------------------------------------------------------===//

/// A composition expression split into the phases the simulator times on
/// different resources: a leading copy (`xC1`, the sender packs), the
/// transfer group (send side S/F and network N at the sender; receive side
/// R/D at the receiver), a trailing copy (`1Cy`, the receiver unpacks).
struct Phases {
  double packMBps = 0;   // 0: no pack phase
  double sendMBps = 0;   // send side and network (memory constraint applied
                         // for a transfer group alone)
  double recvMBps = 0;   // receive side (0: none)
  double unpackMBps = 0; // 0: no unpack phase
  double modelMBps = 0;  // the whole expression as the model computes it
                         // (memory constraint applied): the floor
  bool sendByCpu = true; // S (processor) rather than F (an engine)
  bool addrData = false; // the network carries address-data pairs (Nadp)
};

class Rates {
public:
  explicit Rates(const model::Machine &m) : machine(m) {}
  /// The phases of `e` for the communication x -> y (cached).
  const Phases &phases(const model::Expr &e, const model::Pattern &x,
                       const model::Pattern &y);
  /// The value of `e` for x -> y, without the memory constraint (cached).
  double value(const model::Expr &e, const model::Pattern &x,
               const model::Pattern &y);
  /// A basic transfer by name ("1C1"); fails loudly when missing.
  double basic(const std::string &name);

private:
  const model::Machine &machine;
  /// An expression and two patterns (what the caches are keyed by).
  struct Key {
    const model::Expr *expr;
    int xKind, yKind;
    int64_t xStride, xBlock, yStride, yBlock;
    bool operator<(const Key &o) const;
  };
  static Key key(const model::Expr &e, const model::Pattern &x, const model::Pattern &y);
  std::map<Key, Phases> phaseCache;
  std::map<Key, double> valueCache;
  double leaf(const model::Expr &e, const model::TransferPattern &q,
              model::BasicTransfer &bt);
  /// Whether `op` is a single local copy (xCy).
  bool isCopy(const model::Expr &op, const model::TransferPattern &q);
  /// The operands of a sequential `e` without its leading copy (the pack,
  /// into p.packMBps) and trailing copy (the unpack, into p.unpackMBps),
  /// where others remain; otherwise just `e`.
  std::vector<const model::Expr *> peelCopies(const model::Expr &e,
                                              const model::TransferPattern &q, Phases &p);
  /// The send-side and receive-side rates of what runs between the copies.
  void streamRates(const std::vector<const model::Expr *> &middle,
                   const model::TransferPattern &q, Phases &p, double &send, double &recv);
  /// Adds one operation of the stream to the side it runs on.
  void classify(const model::Expr &op, const model::TransferPattern &q, Phases &p,
                double &send, double &recv);
};

//===----------------------------------------------------------------------===//
// Transfers as the simulator sees them
//===----------------------------------------------------------------------===//

/// One message of a transfer on this PE.
struct Msg {
  zrt_xmsg *m = nullptr;
  int peer = 0;
  int tag = 0;
  size_t bytes = 0;
  model::Pattern pattern; // how the section lies in this PE's storage
  int hops = 0;
  std::vector<Piece> pieces; // a combined message's pieces (else empty)
  /// The contiguous bytes of the message in this PE's memory: the section
  /// itself when contiguous, else the runtime's pack buffer.
  void *image() const { return zrt_xmsg_data(m); }
};

struct Transfer {
  zrt_xfer *t = nullptr;
  std::vector<Msg> sends, recvs;
  std::string label; // "transfer 3 (array A)"
  bool chained() const { return zrt_xfer_chained(t); }
  // bindings' bookkeeping, per message
  std::vector<Time> sendDone; // when each send's data has left (SV)
  std::vector<Time> posted;   // when each receive was posted (DR)
  std::vector<Mail> pending;  // mpi: sends waiting for their receive
  // The computation this PE ran between the transfer's SR and its DN, the
  // last time it ran (0 before): what an engine's part of a message can
  // hide behind (the model's choice, Report.cpp).
  Time srEnd = 0;
  Time overlapUs = 0;
};

/// Builds the simulator's view of a runtime transfer (patterns, hops).
std::unique_ptr<Transfer> makeTransfer(zrt_xfer *t, const Network &net, int me);

/// The order in which PE `me` issues the messages of a transpose, remap or
/// redistribution (a binding sends them one after the other): the runtime
/// lists them by peer, and PE `me` starts at position me mod n of that
/// list, so that PEs sending to the same peers begin with different ones
/// instead of all streaming to the first peer at once (an all-to-all
/// without a hot spot: Stricker & Gross section 4.3, after Hinrichs et
/// al.). Halo and boundary transfers go to a few neighbours each and keep
/// the runtime's order.
void staggerSends(std::vector<Msg> &sends, int me);

//===----------------------------------------------------------------------===//
// Bindings
//===----------------------------------------------------------------------===//

/// How the four IRONMAN calls run on a machine (t3d/, t3e/, paragon/, and
/// mpi/ on every machine). Each call runs on the calling PE; data moves
/// between the messages' images (Msg::image) and the clock advances by the
/// machine description.
class Binding {
public:
  virtual ~Binding() = default;
  virtual void dr(Transfer &t) = 0;
  virtual void sr(Transfer &t) = 0;
  virtual void dn(Transfer &t) = 0;
  virtual void sv(Transfer &t) = 0;
  /// One step of a collective: a message of `bytes` to a PE one hop away,
  /// sent and received (software trees of barriers and reductions).
  virtual Time stepUs(size_t bytes) = 0;
  /// How many message streams cross a node's port at once in an exchange,
  /// when the binding's structure fixes it (0: it does not, and the
  /// run-time strategy choice uses the description's representative
  /// congestion column).
  virtual int streamsPerPort(int pesPerNode) const {
    (void)pesPerNode;
    return 0;
  }
};

/// Helpers shared by the bindings.
/// The description's [strategies] expression for a message of a native
/// binding: packed, chained_contiguous (1Q1, when given) or chained.
const model::Expr &nativeExpr(const model::Machine &m, bool chained,
                              const model::Pattern &x, const model::Pattern &y);
/// The phases of message x (sent) -> y (received) under a native binding
/// with the description's [strategies]. A chained message of several
/// pieces (a combined transfer) moves as one transfer per piece, each at
/// its own patterns (x's piece i to y's piece i; pass y = x when the
/// receiver's layout is unknown): its phases are the pieces' byte-weighted
/// harmonic means, any piece on address-data pairs makes it use them.
Phases messagePhases(Simulator &sim, bool chained, const Msg &x, const Msg &y);
/// The rate of a chained message of several pieces when `rate` gives one
/// piece's (x's piece i to y's piece i), as messagePhases combines them;
/// `rate(x.pattern, y.pattern)` for any other message.
double piecewiseMBps(bool chained, const Msg &x, const Msg &y,
                     const std::function<double(const model::Pattern &,
                                                const model::Pattern &)> &rate);
/// When the receiver has all of a message's data (before its unpack of
/// `unpackUs`): the last byte leaving the sender plus the latency, no
/// earlier than the receive side (R/D) allows, and no earlier than the
/// model's time for the whole expression (the floor), counted from the
/// sender's start.
Time dataReady(Simulator &sim, const Mail &m, const Phases &ph, Time unpackUs);
/// Trace arguments of a message.
std::string messageArgs(const std::string &label, int peer, size_t bytes,
                        const model::Pattern &p, bool chained);

/// The T3E's Get stream: MB/s with `k` E-registers in flight, round trip
/// `roundTripUs`, `serviceUs` per word at the E-register logic (t3e/).
double eregStreamMBps(int k, Time roundTripUs, Time serviceUs);

std::unique_ptr<Binding> makeShmem(Simulator &sim, const model::SimBinding &b);
std::unique_ptr<Binding> makeERegs(Simulator &sim, const model::SimBinding &b);
std::unique_ptr<Binding> makeNx(Simulator &sim, const model::SimBinding &b,
                                bool blocking);
std::unique_ptr<Binding> makeMpi(Simulator &sim, const model::SimBinding &b);

//===----------------------------------------------------------------------===//
// The simulator
//===----------------------------------------------------------------------===//

/// --strategy: how the run's transfers move, whatever the compiler chose.
enum class StrategyOverride { AsCompiled, Chained, Packed, Model };

struct Options {
  int pes = 1;
  StrategyOverride strategy = StrategyOverride::AsCompiled;
  std::string binding;   // "" = the machine's native binding
  std::string tracePath; // "" = no trace
  bool stats = false;
  std::vector<std::string> settings; // --set=SECTION.KEY=VALUE, in order
};

class Simulator {
public:
  /// `program` names the executable in messages.
  Simulator(std::unique_ptr<model::Machine> machine, const model::SimFigures &figures,
            const model::SimBinding &binding, const Options &options,
            std::string program);
  ~Simulator();

  // ---- the machine
  const model::Machine &machine() const { return *machine_; }
  /// The description the run-time strategy choice asks: machine(), or a
  /// variant of it set by setChoiceMachine.
  const model::Machine &choiceMachine() const {
    return choiceMachine_ ? *choiceMachine_ : *machine_;
  }
  void setChoiceMachine(std::unique_ptr<model::Machine> m) { choiceMachine_ = std::move(m); }
  const model::SimFigures &figures() const { return figures_; }
  const model::SimBinding &bindingFigures() const { return bindingFigures_; }
  Binding &binding() { return *binding_; }
  Network &network() { return network_; }
  Rates &rates() { return rates_; }
  const Options &options() const { return options_; }
  const std::string &program() const { return program_; }

  // ---- PEs
  int npes() const { return int(pes_.size()); }
  Pe &pe(int i) { return *pes_[size_t(i)]; }
  /// The PE running the calling thread.
  Pe &self();

  /// Runs `body` on every PE (one at a time) and returns when every PE has
  /// finished. With `exitAtEnd` (a program) the last PE to finish returns
  /// from finish() and the program exits from that PE; otherwise (tests)
  /// run() returns.
  void run(const std::function<void(int)> &body, bool exitAtEnd);

  // ---- the running PE's clock
  /// The processor works for dt (compute or communication).
  void busy(Time dt, Activity a, const char *name, Lazy args = "");
  /// Waits (idle) until virtual time t.
  void waitUntil(Time t, Lazy what);
  /// A transfer leaving this PE between start and end (network track).
  void traceTransfer(const char *name, Time start, Time end, Lazy args);
  /// A span of a communication call on the processor track (DR, SR, ...).
  void traceCall(const char *name, Time start, Lazy args);
  /// The start of a message's arrow in the trace (a flow event at `ts` on
  /// the running PE's `track`); its id goes with the message to flowTo.
  /// 0 when there is no trace.
  uint64_t flowFrom(Time ts, Track track);
  /// The arrow's end: the message has arrived at the running PE (now, on
  /// its processor track, inside the call that waited for it).
  void flowTo(uint64_t id);

  // ---- mail
  void post(int dst, const MailKey &key, Mail mail);
  /// The oldest mail under `key` for the running PE; blocks (in host
  /// order; the virtual clock does not move) until there is one.
  Mail take(const MailKey &key, Lazy what);
  /// The oldest mail under `key` for the running PE into `mail`, if there
  /// is one (never blocks).
  bool tryTake(const MailKey &key, Mail &mail);

  // ---- scheduling
  /// Hands the baton to a ready PE that is behind this one by more than
  /// the look-ahead, before using a shared resource (ports), so the ports
  /// see their users in (nearly) virtual-time order.
  void yieldIfBehind();
  /// The running PE has ended (finalize). Returns true for the last PE
  /// (which then reports); the others never return in a program.
  bool finish();

  // ---- collectives
  /// Every PE calls it in the same order with its contribution. The last
  /// to arrive (in host order) calls `combine` with every PE's contribution
  /// (index = PE), which moves the data and returns the collective's
  /// duration after the last arrival.
  void collective(const char *what, void *contribution,
                  const std::function<Time(std::vector<void *> &)> &combine);

  // ---- reports
  /// Before a transfer's DR: --strategy=chained|packed|model sets its
  /// strategy (model: the cost model's choice for this PE's largest message
  /// on this run's machine, --set figures included, given the computation
  /// the transfer overlapped the last time it ran; as compiled leaves it),
  /// and with --stats notes the strategy it runs and the model's choice.
  /// The model is asked once, and only when one of the two needs it.
  void chooseStrategy(Transfer &t);
  void printStrategies() const; // stats.sim.transfer.ID.{array,runs,model,bytes}
  void report(); // stats.sim.* and the trace file
  uint64_t events() const { return events_; }
  /// The run's end: when the last PE finished.
  Time endTime() const;

  static constexpr Time lookaheadUs = 1.0;

private:
  std::unique_ptr<model::Machine> machine_;
  std::unique_ptr<model::Machine> choiceMachine_;
  model::SimFigures figures_;
  model::SimBinding bindingFigures_;
  Options options_;
  std::string program_;
  Network network_;
  Rates rates_;
  std::unique_ptr<Binding> binding_;
  std::vector<std::unique_ptr<Pe>> pes_;
  Pe *current_ = nullptr;
  struct StrategyNote {
    std::string array; // the transfer's array
    bool chained = false;
    model::Strategy modelChoice = model::Strategy::Packed;
    size_t bytes = 0; // of the message the choice was made for
  };
  std::map<int64_t, StrategyNote> strategies_; // by transfer id
  std::set<std::pair<Time, int>> ready_; // Ready PEs by (readyAt, id)
  int finished_ = 0;
  uint64_t events_ = 0;
  uint64_t flows_ = 0; // flow ids handed out
  bool exitAtEnd_ = true;
  ucontext_t mainContext_;
  const std::function<void(int)> *body_ = nullptr;
  char *tlsBlock_ = nullptr; // this thread's thread-local block of the program
  size_t tlsSize_ = 0;
  // the collective in progress
  struct Slot {
    int arrived = 0;
    const char *what = nullptr;
    std::vector<void *> contributions;
    std::vector<Time> arrivals;
  } slot_;

  void makeReady(Pe &p, Time at);
  void block();
  void switchAway();
  void switchTo(Pe &next);
  [[noreturn]] void deadlock();
  static void peEntry(int id);
  void writeTrace(const std::string &path);

public:
  /// Where PE `pe`'s instance of the thread-local variable at `p` is (the
  /// running PE's is in the block itself; another PE's in its saved copy);
  /// any other address is returned as is.
  void *addressOf(int pe, void *p);
};

/// The simulator of this process.
extern Simulator *g_sim;

/// The back end's launch hook (Launch.cpp): builds the machine the program
/// was compiled for and runs peMain on every simulated PE.
[[noreturn]] void launchProgram(int argc, char **argv, void (*peMain)(int argc, char **argv));

/// Formats virtual microseconds as seconds for reports.
std::string seconds(Time us);

} // namespace zsim

#endif // ZPLSIM_SIM_H
