//===- Model.h - the copy-transfer cost model ------------------*- C++ -*-===//
//
// The copy-transfer model of docs/machines.md section 1: basic transfers
// by access pattern, their composition (parallel = min, sequential =
// reciprocal sum), the memory resource constraint, the network congestion
// column, per-message start-up and latency for finite sizes, and per machine
// the packed and chained implementations of a communication `xQy`.
//
// The library has no MLIR dependency. It is compiled with exceptions
// internally (toml++ throws), but nothing throws across this header: every
// fallible call returns false / nullptr and fills an error string, so the
// header is usable from -fno-exceptions code (zplc, the passes).
//===----------------------------------------------------------------------===//

#ifndef ZPL_MODEL_MODEL_H
#define ZPL_MODEL_MODEL_H

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace zpl {
namespace model {

//===----------------------------------------------------------------------===//
// Access patterns
//===----------------------------------------------------------------------===//

/// One side of a transfer: `0` a port (FIFO), `1` contiguous, `n` a constant
/// stride of n 64-bit words (n >= 2), `w` indexed (addresses from an index
/// array). A strided side may move blocks of b words every n words
/// (1 <= b < n), written `nbB` (`64b8`: 8 words every 64); `n` alone is
/// `nb1`.
struct Pattern {
  enum Kind { Port, Contiguous, Strided, Indexed };
  Kind kind = Contiguous;
  int64_t stride = 1; // 1 for Contiguous, n >= 2 for Strided, 0 otherwise
  int64_t block = 1;  // words per block of a Strided side (1 <= b < n)

  static Pattern port() { return {Port, 0}; }
  static Pattern contiguous() { return {Contiguous, 1}; }
  static Pattern strided(int64_t n) {
    return n == 1 ? contiguous() : Pattern{Strided, n};
  }
  static Pattern indexed() { return {Indexed, 0}; }
  /// b words every n words (contiguous when b >= n).
  static Pattern blocked(int64_t n, int64_t b) {
    if (b >= n)
      return contiguous();
    Pattern p = strided(n);
    p.block = b < 1 ? 1 : b;
    return p;
  }

  /// Parses `0`, `1`, `n` (decimal, n >= 2), `nbB` (1 <= B < n) or `w`.
  static bool parse(const std::string &text, Pattern &out, std::string &error);
  std::string str() const;
  bool operator==(const Pattern &o) const {
    return kind == o.kind && stride == o.stride && block == o.block;
  }
  bool operator!=(const Pattern &o) const { return !(*this == o); }
};

/// A communication `xQy`: local memory read with `src` at the source, remote
/// memory written with `dst` at the destination. Neither side is a port.
struct TransferPattern {
  Pattern src, dst;
  /// Parses `1Q1`, `1Q64`, `64Q1`, `16Q1`, `wQw`, `1Qw`, ...
  static bool parse(const std::string &text, TransferPattern &out,
                    std::string &error);
  std::string str() const;
};

//===----------------------------------------------------------------------===//
// Basic transfers
//===----------------------------------------------------------------------===//

/// A basic transfer of docs/machines.md section 1.
struct BasicTransfer {
  enum Kind {
    Copy,        // xCy  local memory-to-memory copy by the processor
    LoadSend,    // xS0  processor loads and writes to the network port
    FetchSend,   // xF0  DMA engine reads and feeds the network
    ReceiveStore,// 0Ry  processor takes data from the network and stores it
    Deposit,     // 0Dy  background engine stores incoming data
    NetData,     // Nd   network, data only
    NetAddrData, // Nadp network, address-data pairs
    MpiMessage   // xMy  one MPI message read with x, written with y
                 //      (message-passing hosts: `zplc calibrate`)
  };
  Kind kind = Copy;
  Pattern src = Pattern::contiguous(), dst = Pattern::contiguous();

  /// Parses a concrete basic transfer such as `1C64`, `wS0`, `0D1`, `Nd`.
  static bool parse(const std::string &text, BasicTransfer &out,
                    std::string &error);
  std::string str() const;
  /// The letter of a pattern-carrying kind (C, S, F, R, D, M); 0 for Nd/Nadp.
  static char letter(Kind k);
};

/// Looks up the throughput (MB/s) of a concrete basic transfer; returns false
/// and fills `error` when the figure is not available.
using BasicLookup =
    std::function<bool(const BasicTransfer &, double &mbps, std::string &error)>;

/// Measured points of one basic transfer family as a function of the stride
/// of its varying side: (stride, MB/s), stride 1 being the contiguous figure.
/// An exact point is used as is; between measured strides the value is
/// interpolated linearly in log(stride); beyond the largest measured stride
/// the largest is used (docs/machines.md table 1: the stride-64 figure
/// stands for every larger stride). Returns false when the stride lies below the smallest point (no
/// figure to interpolate from) or there are no points.
bool interpolateLogStride(const std::vector<std::pair<int64_t, double>> &points,
                          int64_t stride, double &mbps);

//===----------------------------------------------------------------------===//
// Composition
//===----------------------------------------------------------------------===//

/// Parallel composition `X || Y` (disjoint resources): min.
double parallel(double x, double y);
/// Sequential composition `X o Y` (shared resource): 1 / (1/|X| + 1/|Y|).
double sequential(double x, double y);
/// Time of one message of `bytes` bytes at `mbps` MB/s (= bytes/us):
///   time_us = startup_us + latency_us + bytes / mbps
double messageTimeUs(double startupUs, double latencyUs, double mbps,
                     uint64_t bytes);

/// A composition expression over basic transfers: names (`xC1`, `1S0`, `Nd`,
/// `0Dy`, ... where `x` and `y` stand for the source and destination side of
/// the communication), `o` (sequential), `||` (parallel, binds looser than
/// `o`) and parentheses. Example: `xC1 o (1S0 || Nd || 0D1) o 1Cy`.
class Expr {
public:
  enum Kind { Basic, Parallel, Sequential };
  /// Parses `text`; on error returns nullptr and sets `error` (with the
  /// column of the problem).
  static std::unique_ptr<Expr> parse(const std::string &text,
                                     std::string &error);

  Kind kind() const { return kind_; }
  const std::vector<std::unique_ptr<Expr>> &operands() const { return ops_; }
  /// For Basic: the name as written, e.g. `xC1`.
  const std::string &name() const { return name_; }
  /// The expression as text (normalised spacing).
  std::string str() const;

  /// The concrete basic transfers used for the communication `q`
  /// (x and y substituted), in order of appearance.
  bool instantiate(const TransferPattern &q, std::vector<BasicTransfer> &out,
                   std::string &error) const;

  /// Evaluates for the communication `q`: `mbps` gets the throughput and
  /// `text` the printable form with every figure, e.g.
  /// `1C1[93] o (1S0[126] || Nd[69] || 0D1[142]) o 1C1[93]`.
  bool evaluate(const TransferPattern &q, const BasicLookup &lookup,
                double &mbps, std::string &text, std::string &error) const;

private:
  Kind kind_ = Basic;
  std::string name_;
  std::vector<std::unique_ptr<Expr>> ops_;
  friend class ExprParser;
  bool substitute(const TransferPattern &q, BasicTransfer &out,
                  std::string &error) const;
  std::string strImpl(bool inSequential) const;
  bool evalImpl(const TransferPattern &q, const BasicLookup &lookup,
                bool inSequential, double &mbps, std::string &text,
                std::string &error) const;
};

/// Formats a figure compactly: at most two decimals, trailing zeros dropped.
std::string formatFigure(double v);

/// The resource constraint of one strategy, as Stricker & Gross apply it
/// (section 3.4.1; docs/machines.md section 1): with every node sending and
/// receiving at once, `K x Q <= BOUND`, BOUND being a composition expression
/// of the description's figures (`1C1`; x and y stand for the sides) or a
/// number in MB/s; or `none` when the strategy has no such bound. A |Q| that
/// violates it is scaled down to BOUND / K.
class Constraint {
public:
  /// Parses `none` or `K x Q <= BOUND`; nullptr and `error` on failure.
  static std::unique_ptr<Constraint> parse(const std::string &text,
                                           std::string &error);
  bool isNone() const { return factor_ == 0; }
  /// As written (normalised): `none`, `2 x Q <= 1C1`, `2 x Q <= 400`.
  std::string str() const;
  /// The bound for the communication `q` (MB/s) and its printable form
  /// (`1C1[67.6]`, `400`); false with `error` when a figure is missing.
  bool bound(const TransferPattern &q, const BasicLookup &lookup,
             double &mbps, std::string &text, std::string &error) const;
  /// Applies the constraint to |Q| = `raw` for `q`: `mbps` gets the
  /// constrained figure and `text` the derivation (`none`,
  /// `2 x 24.57 <= 1C1[67.6]`, `2 x 69 > 93 -> 46.5`).
  bool apply(const TransferPattern &q, const BasicLookup &lookup, double raw,
             double &mbps, std::string &text, std::string &error) const;
  double factor() const { return factor_; }

private:
  double factor_ = 0; // 0: none
  std::unique_ptr<Expr> boundExpr_;
  double boundMBps_ = 0; // when the bound is a number
};

//===----------------------------------------------------------------------===//
// Machine descriptions
//===----------------------------------------------------------------------===//

/// A machine description (machines/*.toml; the format is documented in
/// docs/model.md).
class Machine {
public:
  /// Reads and checks a description. On error returns nullptr and sets
  /// `error` to one line naming the file, the key and the problem (or
  /// file:line:col for a TOML syntax error).
  static std::unique_ptr<Machine> load(const std::string &path,
                                       std::string &error);
  /// The same from text; `path` names it in messages.
  static std::unique_ptr<Machine> parse(const std::string &text,
                                        const std::string &path,
                                        std::string &error);
  /// Changes figures of a description's text before it is parsed: each
  /// setting is `SECTION.KEY=VALUE` (the dotted path of a number in the
  /// TOML, e.g. `message.latency_us=5.5`). The figure must exist and be a
  /// number; the value must be a finite number, not negative, and not zero
  /// for a bandwidth (`..._mbps`). On error returns false and sets `error`
  /// to one line naming the setting and the problem.
  static bool applySettings(std::string &text, const std::string &path,
                            const std::vector<std::string> &settings,
                            std::string &error);

  const std::string &name() const { return name_; }
  const std::string &path() const { return path_; }
  int congestion() const { return congestion_; }
  double startupUs() const { return startupUs_; }
  /// Per-strategy start-up (`message.packed_startup_us`,
  /// `message.chained_startup_us`); startupUs() when not given.
  double packedStartupUs() const {
    return packedStartupUs_ >= 0 ? packedStartupUs_ : startupUs_;
  }
  double chainedStartupUs() const {
    return chainedStartupUs_ >= 0 ? chainedStartupUs_ : startupUs_;
  }
  /// Extra per-message cost of the packed strategy for each side that packs
  /// or unpacks (`message.pack_side_us`; 0 when not given).
  double packSideUs() const { return packSideUs_; }
  double latencyUs() const { return latencyUs_; }
  const Expr &packed() const { return *packed_; }
  const Expr &chained() const { return *chained_; }
  /// The chained form for contiguous-to-contiguous transfers (`1Q'1`), or
  /// null when the description gives none (then `chained` is used).
  const Expr *chainedContiguous() const { return chainedContig_.get(); }
  /// The resource constraint each strategy states
  /// (`strategies.packed_constraint`, ...; a description without one takes
  /// `2 x Q <= memory.copy_mbps`, the form `zplc calibrate` writes).
  const Constraint &packedConstraint() const { return *packedC_; }
  const Constraint &chainedConstraint() const { return *chainedC_; }
  const Constraint &chainedContiguousConstraint() const {
    return chainedContigC_ ? *chainedContigC_ : *chainedC_;
  }
  /// The constraint of the strategy whose expression `e` is (one of
  /// packed(), chained(), chainedContiguous()), or null for any other
  /// expression (a binding's own, which states none).
  const Constraint *constraintOf(const Expr &e) const;

  /// The size tiers of the description: [eager] and [cache] give figures
  /// for messages of at most `bytes` bytes (0 bytes: the description has no
  /// such tier).
  double eagerBytes() const { return tierBytes("eager"); }
  double cacheBytes() const { return tierBytes("cache"); }
  /// The description as seen by a message of `bytes` bytes: the view of the
  /// smallest tier that holds it (its figures, then those of the larger
  /// tiers, then the main ones), else this.
  const Machine &forMessage(uint64_t bytes) const;

  /// Throughput of a concrete basic transfer (interpolating strides).
  bool lookup(const BasicTransfer &t, double &mbps, std::string &error) const;
  BasicLookup lookupFn() const;

  /// The figure of network `net` ("Nd" or "Nadp") in the column of
  /// congestion `c` ([network.Nd] cN); false when the description has none.
  bool networkFigure(const std::string &net, int c, double &mbps) const;

  /// The simulator's tables ([topology], [compute], [collective], [ironman] and
  /// [binding.NAME], docs/simulator.md), by dotted key
  /// (`binding.mpi.send_us`): numbers in simFigures(), strings in
  /// simTexts(). The loader checks only their types; the simulator's own
  /// reader (backends/sim/SimFigures.h) checks which keys exist.
  const std::map<std::string, double> &simFigures() const { return simFigures_; }
  const std::map<std::string, std::string> &simTexts() const { return simTexts_; }

private:
  std::string name_, path_;
  int congestion_ = 2;
  double memoryCopy_ = 0, startupUs_ = 0, latencyUs_ = 0;
  double packedStartupUs_ = -1, chainedStartupUs_ = -1; // -1: not given
  double packSideUs_ = 0;
  double nd_ = 0, nadp_ = 0;
  std::map<std::string, double> networkColumns_; // "Nd.c1" -> MB/s
  std::map<std::string, double> simFigures_;
  std::map<std::string, std::string> simTexts_;
  bool lookupMpiBoth(const BasicTransfer &t, double &mbps,
                     std::string &error) const;
  static BasicTransfer densityEquivalent(const BasicTransfer &t);
  // Measured figures of pattern-carrying transfers by canonical name
  // (`1C64`), with the table each came from (`copy`, `send`, `receive`).
  std::map<std::string, double> figures_;
  // A size tier ([eager], [cache]): its own figures and the view built
  // from them.
  struct Tier {
    std::string name;
    double bytes = 0;
    std::map<std::string, double> figures;
    std::unique_ptr<Machine> view;
  };
  std::vector<Tier> tiers_; // by increasing bytes once loaded
  double tierBytes(const char *name) const;
  void buildTierViews();
  std::unique_ptr<Expr> packed_, chained_, chainedContig_;
  std::unique_ptr<Constraint> packedC_, chainedC_, chainedContigC_;
  friend class MachineLoader;
};

//===----------------------------------------------------------------------===//
// Estimates
//===----------------------------------------------------------------------===//

enum class Strategy { Packed, Chained };
const char *strategyName(Strategy s);

struct Estimate {
  double mbps = 0;        // after the strategy's resource constraint
  double rawMBps = 0;     // the expression's value before it
  std::string expression; // as written in the description
  std::string constraint; // the strategy's constraint as written (`none`)
  bool constrained = false; // the constraint scaled |Q| down
  std::string text;       // printable form with the figures and the
                          // constraint's derivation
};

struct Answer {
  Estimate packed, chained;
  Strategy choice = Strategy::Chained;
  double startupUs = 0, latencyUs = 0; // per message, from the description
  /// Per-strategy start-up (equal to startupUs unless the description
  /// gives message.packed_startup_us / message.chained_startup_us; packed
  /// adds message.pack_side_us for each non-contiguous side).
  double packedStartupUs = 0, chainedStartupUs = 0;
  /// Time in microseconds of one message of `bytes` bytes.
  double packedUs(uint64_t bytes) const {
    return messageTimeUs(packedStartupUs, latencyUs, packed.mbps, bytes);
  }
  double chainedUs(uint64_t bytes) const {
    return messageTimeUs(chainedStartupUs, latencyUs, chained.mbps, bytes);
  }
};

/// Packed and chained estimates of `q` on `m` and the choice: the faster,
/// chained on a tie (it needs no local copies).
bool estimate(const Machine &m, const TransferPattern &q, Answer &out,
              std::string &error);
/// The same for one message of `bytes` bytes: the choice is the strategy
/// with the smaller time (chained on a tie). It differs from the
/// throughput choice only when the description gives per-strategy start-up
/// costs.
bool estimate(const Machine &m, const TransferPattern &q, uint64_t bytes,
              Answer &out, std::string &error);

//===----------------------------------------------------------------------===//
// Finding descriptions (MachineFiles.cpp)
//===----------------------------------------------------------------------===//

/// The directory holding the running program: /proc/self/exe when
/// available (the program may have been found through PATH), else argv0's
/// directory (argv0 may be null). zplc finds its runtime, its machine
/// descriptions and zplc-calibrate relative to it.
std::string programDir(const char *argv0);

/// Resolves a machine name (`t3d`, `t3e`, `paragon`, `host`) or a path to a
/// .toml file: names are looked up in `<dir of argv0>/../share/zplc/machines/`
/// then in the source tree's `machines/`. Returns "" and sets `error` when
/// not found.
std::string findMachineFile(const std::string &name, const char *argv0,
                            std::string &error);

} // namespace model
} // namespace zpl

#endif // ZPL_MODEL_MODEL_H
