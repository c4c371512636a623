//===- CalibrateCommand.cpp - `zplc calibrate` -----------------------------===//
//
// Measures this host for the copy-transfer model by running the MPI program
// zplc-calibrate (built with the MPI back end, installed next to zplc) on 2
// ranks, and writes a commented machine description (machines/*.toml
// format, with the [mpi] table of xMy message figures).
//===----------------------------------------------------------------------===//

#include "tools/zplc/Commands.h"
#include "tools/zplc/SubcommandOptions.h"

#include "model/Model.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <vector>

#ifndef ZPLC_MPIEXEC
#define ZPLC_MPIEXEC "mpirun"
#endif

namespace zplc {

using namespace zpl::model;

namespace {

bool exists(const std::string &p) {
  struct stat st;
  return ::stat(p.c_str(), &st) == 0;
}

std::string shellQuote(const std::string &s) {
  std::string r = "'";
  for (char c : s) {
    if (c == '\'')
      r += "'\\''";
    else
      r += c;
  }
  return r + "'";
}

void usage(FILE *f) {
  std::fputs(
      "usage: zplc calibrate [-o FILE] [--quick]\n"
      "\n"
      "Measures this host for the copy-transfer model and writes a machine\n"
      "description that `zplc model --machine=host` (or --machine=FILE)\n"
      "reads: local copies xCy with the runtime's pack kernels (1C1, nC1\n"
      "and 1Cn for n in 2, 4, 8, 16, 64, 1024, wC1, 1Cw), MPI messages\n"
      "xMy between 2 ranks (contiguous, MPI_Type_vector and\n"
      "MPI_Type_create_indexed_block at the same strides), and the\n"
      "per-message latency and start-up. Every figure is the median of\n"
      "several repetitions. Runs `mpirun -np 2 zplc-calibrate` (set MPIRUN\n"
      "to override mpirun); takes about a minute (--quick: a few seconds,\n"
      "rough figures, for tests).\n"
      "\n"
      "  -o FILE   where to write (default: <zplc>/../share/zplc/machines/\n"
      "            host.toml, where --machine=host finds it; - for stdout)\n"
      "  --quick   few repetitions and small buffers (default: off, the full\n"
      "            measurement)\n",
      f);
}

struct Figure {
  std::string table, key, value, how;
};

struct PackedX {
  std::string table, key;
  double bytes = 0, us = 0;
};

struct Small {
  std::string pattern;
  uint64_t bytes = 0;
  double packedUs = 0, chainedUs = 0;
};

double medianOf(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n == 0 ? 0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// The copy table that goes with an MPI table ("cache.mpi" -> "cache.copy").
std::string copyTableOf(const std::string &mpiTable) {
  return mpiTable.substr(0, mpiTable.size() - 3) + "copy";
}

// The pack kernels in the context they run. A pattern's real packed
// exchange takes longer than its pack, a bare contiguous message and its
// unpack measured one at a time: kernels and message compete for the
// caches and memory when they run back to back, the more the more lines
// the pattern touches per payload byte (short blocks, long strides). The
// difference goes to that pattern's own kernel figures (xC1 and 1Cy of its
// non-contiguous sides, in proportion to their times, keeping at least a
// quarter of each), so that the packed form xC1 o 1M1 o 1Cy reproduces the
// measured exchange. The isolated figure stays in the comment.
void packInContext(std::vector<Figure> &figs, const std::vector<PackedX> &packedx,
                   const std::string &mpiTable, double perMessageUs) {
  std::string copyT = copyTableOf(mpiTable);
  auto find = [&](const std::string &t, const std::string &k) -> Figure * {
    for (Figure &f : figs)
      if (f.table == t && f.key == k)
        return &f;
    return nullptr;
  };
  Figure *m11 = find(mpiTable, "1M1");
  if (!m11)
    return;
  for (const PackedX &px : packedx) {
    if (px.table != mpiTable)
      continue;
    size_t mpos = px.key.find('M');
    std::string x = px.key.substr(0, mpos), y = px.key.substr(mpos + 1);
    Figure *xc = find(copyT, x + "C1"), *cy = find(copyT, "1C" + y);
    if (!xc || !cy)
      continue;
    double tx = px.bytes / std::atof(xc->value.c_str());
    double ty = px.bytes / std::atof(cy->value.c_str());
    double dev = px.us - perMessageUs - px.bytes / std::atof(m11->value.c_str()) - tx - ty;
    double sides = (x != "1" ? tx : 0) + (y != "1" ? ty : 0);
    if (sides <= 0)
      continue;
    for (Figure *f : {x != "1" ? xc : nullptr, y != "1" ? cy : nullptr}) {
      if (!f)
        continue;
      double t = px.bytes / std::atof(f->value.c_str());
      double tc = std::max(t * (1 + dev / sides), t / 4);
      char b[64];
      std::snprintf(b, sizeof b, "%.1f", px.bytes / tc);
      f->how = "in context: the packed " + x + "Q" + y + " exchange (" +
               formatFigure(px.us) + " us) minus the rest of the packed form; " + f->value +
               " MB/s alone (" + f->how + ")";
      f->value = b;
    }
  }
}

// The payload of the [eager] figures (zplc-calibrate's third set).
constexpr double kEagerPayload = 4096;

// The [eager] MPI figures come from whole 4 KB exchanges, whose time is
// mostly the per-message start-up and latency the model charges on its
// own: keep only the payload part, B / (t - perMessageUs) (at least a
// tenth of t, so that a figure stays finite when the two nearly cancel).
void netEagerMessages(std::vector<Figure> &figs, double perMessageUs) {
  for (Figure &f : figs) {
    if (f.table != "eager.mpi")
      continue;
    double mbps = std::atof(f.value.c_str());
    if (mbps <= 0)
      continue;
    double bytes = kEagerPayload, us = bytes / mbps;
    double net = std::max(us - perMessageUs, us / 10);
    char b[64];
    std::snprintf(b, sizeof b, "%.1f", bytes / net);
    f.how = "net of " + formatFigure(perMessageUs) + " us start-up + latency; " + f.value +
            " MB/s whole (" + f.how + ")";
    f.value = b;
  }
}

// A rate (MB/s) must be finite and print as more than 0; the model divides
// by it. Returns the first that is not (a measurement a descheduled rank
// spoiled, or a derived figure that inherited it), or null.
const Figure *firstUnusableRate(const std::vector<Figure> &figs) {
  for (const Figure &f : figs) {
    if (f.table == "message")
      continue; // times in us, where 0 is a valid start-up
    double v = std::atof(f.value.c_str());
    if (!std::isfinite(v) || !(v > 0))
      return &f;
  }
  return nullptr;
}

struct CalibrateOptions {
  std::string out; // -o: empty for the default place, - for stdout
  bool quick = false;
};

// Reads the arguments after `calibrate` into `opts`. Returns -1 to go on,
// else the exit status (after --help, or after reporting an error).
int parseArguments(int argc, char **argv, CalibrateOptions &opts) {
  SubcommandOptions options("calibrate", usage);
  options.flag({"--quick", "-quick"}, opts.quick);
  options.attached("-o", opts.out, "a file name");
  options.value({"--output"}, opts.out, nullptr, "a file name", /*separate=*/false);
  return options.parse(argc, argv);
}

// <dir>/../share/zplc/machines/host.toml, where --machine=host finds the
// description; creates the directories on the way.
std::string defaultOutput(const std::string &dir) {
  std::string share = dir + "/../share/zplc/machines";
  ::mkdir((dir + "/../share").c_str(), 0755);
  ::mkdir((dir + "/../share/zplc").c_str(), 0755);
  ::mkdir(share.c_str(), 0755);
  return share + "/host.toml";
}

// The shell command that runs `prog` on 2 ranks with $MPIRUN (default
// mpirun). As root, also sets what Open MPI needs to run at all.
std::string mpirunCommand(const std::string &prog, bool quick) {
  const char *mpirun = std::getenv("MPIRUN");
  std::string cmd = mpirun && *mpirun ? mpirun : ZPLC_MPIEXEC;
  if (::geteuid() == 0) { // Open MPI refuses root without these
    ::setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 0);
    ::setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 0);
  }
  return shellQuote(cmd) + " --oversubscribe -np 2 " + shellQuote(prog) + " calibrate" +
         (quick ? " --quick" : "");
}

// What zplc-calibrate printed, by kind of line.
struct Measurements {
  std::vector<Figure> figs;         // the figures of the description's tables
  std::vector<Small> smalls;        // 4 KB reference exchanges per strategy
  std::vector<PackedX> packedx;     // whole packed exchanges (packInContext)
  std::vector<Figure> unmeasurable; // figures that never came out above 0
  std::string raw, rounds = "?", smallReps = "?";
};

// One output line `TABLE KEY VALUE HOW...` as a figure. A HOW of
// `bytes=N reps=R method...` becomes `method; N-byte payload, median of R
// repetitions`.
Figure parseFigure(const char *line) {
  std::istringstream is(line);
  Figure f;
  is >> f.table >> f.key >> f.value;
  std::getline(is, f.how);
  while (!f.how.empty() && (f.how.back() == '\n' || f.how.back() == ' '))
    f.how.pop_back();
  while (!f.how.empty() && f.how.front() == ' ')
    f.how.erase(0, 1);
  std::istringstream hs(f.how);
  std::string w1, w2;
  hs >> w1 >> w2;
  if (w1.rfind("bytes=", 0) == 0 && w2.rfind("reps=", 0) == 0) {
    std::string rest;
    std::getline(hs, rest);
    while (!rest.empty() && rest.front() == ' ')
      rest.erase(0, 1);
    f.how = rest + "; " + w1.substr(6) + "-byte payload, median of " + w2.substr(5) +
            " repetitions";
  }
  return f;
}

// The tables of the description zplc-calibrate prints figures for.
bool isDescriptionTable(const std::string &t) {
  return t == "copy" || t == "mpi" || t == "message" || t == "llc.copy" || t == "llc.mpi" ||
         t == "cache.copy" || t == "cache.mpi" || t == "eager.copy" || t == "eager.mpi";
}

// Files one line of zplc-calibrate's output in `m`.
void record(const Figure &f, Measurements &m) {
  if (isDescriptionTable(f.table))
    m.figs.push_back(f);
  if (f.table == "info" && f.key == "rounds")
    m.rounds = f.value;
  if (f.table == "unmeasurable") // unmeasurable TABLE KEY MBPS TRIES
    m.unmeasurable.push_back(f);
  if (f.table == "packedx") { // packedx TABLE KEY BYTES PACKED_US
    std::istringstream ss(f.how);
    PackedX px;
    px.table = f.key;
    px.key = f.value;
    ss >> px.bytes >> px.us;
    if (!ss.fail())
      m.packedx.push_back(px);
  }
  if (f.table == "small") { // small PATTERN BYTES PACKED_US CHAINED_US reps=R
    Small sm;
    sm.pattern = f.key;
    std::istringstream ss(f.how);
    std::string r;
    sm.bytes = std::strtoull(f.value.c_str(), nullptr, 10);
    ss >> sm.packedUs >> sm.chainedUs >> r;
    if (r.rfind("reps=", 0) == 0)
      m.smallReps = r.substr(5);
    if (ss || !ss.fail())
      m.smalls.push_back(sm);
  }
}

// Reads zplc-calibrate's output from `p` to its end.
void readMeasurements(FILE *p, Measurements &m) {
  char line[1024];
  while (std::fgets(line, sizeof line, p)) {
    m.raw += line;
    record(parseFigure(line), m);
  }
}

// The error for the figures zplc-calibrate could not measure.
std::string unmeasurableError(const std::vector<Figure> &unmeasurable) {
  // fields: table = "unmeasurable", key = TABLE, value = KEY, how = MBPS TRIES
  const Figure &u = unmeasurable.front();
  std::istringstream hs(u.how);
  std::string mbps, tries;
  hs >> mbps >> tries;
  return u.key + "." + u.value + " came out as " + mbps + " MB/s in " + tries +
         " measurements" +
         (unmeasurable.size() == 2 ? " (and 1 other figure)"
          : unmeasurable.size() > 2
              ? " (and " + std::to_string(unmeasurable.size() - 1) + " other figures)"
              : std::string()) +
         ": the machine is too busy to calibrate; no description written";
}

const Figure *findFigure(const std::vector<Figure> &figs, const std::string &table,
                         const std::string &key) {
  for (const Figure &f : figs)
    if (f.table == table && f.key == key)
      return &f;
  return nullptr;
}

// "NODE, SYSTEM RELEASE MACHINE" from uname, or "unknown host".
std::string hostInfo() {
  struct utsname u;
  if (::uname(&u) != 0)
    return "unknown host";
  return std::string(u.nodename) + ", " + u.sysname + " " + u.release + " " + u.machine;
}

// "MODEL x COUNT" of the processors in /proc/cpuinfo, or "" if unknown.
std::string cpuInfo() {
  std::ifstream ci("/proc/cpuinfo");
  std::string cpu, l;
  int ncpu = 0;
  while (std::getline(ci, l)) {
    if (l.rfind("model name", 0) == 0 && cpu.empty()) {
      size_t c = l.find(':');
      cpu = c == std::string::npos ? l : l.substr(c + 2);
    }
    if (l.rfind("processor", 0) == 0)
      ++ncpu;
  }
  if (!cpu.empty())
    cpu += " x " + std::to_string(ncpu);
  return cpu;
}

// The 1-minute load average (0 if unknown).
double loadAverage() {
  double load1 = 0;
  std::ifstream la("/proc/loadavg");
  la >> load1;
  return load1;
}

// The description's opening comments (how and where it was measured, the
// method and the strategies) and its [machine] table.
void writeHeader(std::ostream &o, bool quick, const std::string &date, double secs,
                 const std::string &rounds) {
  std::string host = hostInfo(), cpu = cpuInfo();
  double load1 = loadAverage();
  o << "# Machine description of this host for the copy-transfer cost model\n"
    << "# (docs/model.md), measured by `zplc calibrate" << (quick ? " --quick" : "")
    << "` on " << date << "\n"
    << "# in " << formatFigure(secs) << " s (" << host << (cpu.empty() ? "" : "; " + cpu)
    << "; 1-minute load average " << formatFigure(load1) << " when it ended).\n"
    << "#\n"
    << "# Method: `mpirun --oversubscribe -np 2 zplc-calibrate calibrate`. Both\n"
    << "# ranks run every measurement at the same time (as every PE of a halo\n"
    << "# exchange does); one repetition times enough operations one by one to\n"
    << "# last about " << (quick ? "1" : "5")
    << " ms and takes the median operation (slower rank each);\n"
    << "# " << rounds << " round(s) over all figures, 3\n"
    << "# repetitions of each per round, so that busy spells of the shared\n"
    << "# machine hit every figure alike; every figure is the MEDIAN of all\n"
    << "# its repetitions (count given next to it).\n"
    << "# MB/s = 10^6 bytes of payload per second. Patterns: 1 contiguous, n one\n"
    << "# 8-byte word every n words, nbB blocks of B words every n words, w a\n"
    << "# random permutation (index list). The main tables: payloads of 8 MB\n"
    << "# (less where the strided footprint would pass 64 MB), so that the data\n"
    << "# of the two ranks' arrays passes the last-level cache; smaller\n"
    << "# messages use the size tiers below ([llc], [cache], [eager]).\n"
    << "# The packed form's kernels are measured in context (packInContext):\n"
    << "# each pattern's real packed exchange minus its bare contiguous message\n"
    << "# goes to its pack and unpack figures; the comments give both.\n"
    << "#\n"
    << "# Strategies on this host (MPI back end):\n"
    << "#   packed  = pack with the runtime's kernel (xC1), one contiguous MPI\n"
    << "#             message (1M1), unpack with the runtime's kernel (1Cy), one\n"
    << "#             after the other: xC1 o 1M1 o 1Cy;\n"
    << "#   chained = one MPI message with derived datatypes on both ends, sent\n"
    << "#             straight from pattern x into pattern y: xMy (measured for\n"
    << "#             nM1, 1Mn, nMn, wM1, 1Mw, wMw; other pairs combine the\n"
    << "#             one-sided figures, docs/model.md).\n\n"
    << "[machine]\n"
    << "name = \"host\"\n"
    << "description = \"this host, measured by zplc calibrate on " << date << "\"\n\n";
}

// The figures of `table`, under the comment `what`.
void writeTable(std::ostream &o, const std::vector<Figure> &figs, const char *table,
                const char *what) {
  o << "# " << what << "\n[" << table << "]\n";
  for (const Figure &f : figs)
    if (f.table == table)
      o << f.key << " = " << f.value << "   # " << f.how << "\n";
  o << "\n";
}

// The [copy], [mpi], [llc], [cache] and [eager] tables with their figures.
void writeTransferTables(std::ostream &o, const std::vector<Figure> &figs) {
  writeTable(o, figs, "copy", "Local copies xCy by the runtime's pack kernels (MB/s).");
  writeTable(o, figs, "mpi",
             "MPI messages xMy between the 2 ranks, both sending and receiving at "
             "once (MB/s per direction).");
  o << "# Messages of at most llc.bytes use these figures instead: the same\n"
    << "# measurements with 1 MB payloads (footprints up to 64 MB), whose data\n"
    << "# stays in the shared last-level cache.\n"
    << "[llc]\n"
    << "bytes = 4194304   # up to 4 MB: the bench size 1 MB, not 16 MB\n\n";
  writeTable(o, figs, "llc.copy", "Local copies, last-level-cache-resident (MB/s).");
  writeTable(o, figs, "llc.mpi", "MPI messages, last-level-cache-resident (MB/s per direction).");
  o << "# Messages of at most cache.bytes use these figures instead: the same\n"
    << "# measurements with 64 KB payloads (footprints up to 8 MB), whose data\n"
    << "# stays in the caches (4 MB L2 per core here, a shared L3) -- small\n"
    << "# messages are not memory-bound, and MPI sends them without the\n"
    << "# rendezvous/fragment protocol of large ones.\n"
    << "[cache]\n"
    << "bytes = 262144   # up to 256 KB: the bench sizes 4 KB and 64 KB, not 1 MB\n\n";
  writeTable(o, figs, "cache.copy", "Local copies, cache-resident (MB/s).");
  writeTable(o, figs, "cache.mpi", "MPI messages, cache-resident (MB/s per direction).");
  o << "# Messages of at most eager.bytes use these figures (then the [cache]\n"
    << "# ones): the same measurements with 4 KB payloads. Open MPI's shared-\n"
    << "# memory transport moves a message this small in one fragment, copied\n"
    << "# in and out whatever its datatype, so a contiguous message saves no\n"
    << "# copy over a datatype one, and per-call and per-cache-line costs\n"
    << "# outweigh bandwidth. The MPI figures are net of message.startup_us\n"
    << "# + message.latency_us, which the model adds back to every message.\n"
    << "[eager]\n"
    << "bytes = 4096   # the size of Open MPI's eager fragments (btl_vader_eager_limit)\n\n";
  writeTable(o, figs, "eager.copy", "Local copies of 4 KB (MB/s).");
  writeTable(o, figs, "eager.mpi",
             "MPI messages of 4 KB, net of start-up and latency (MB/s per direction).");
}

// The mark writeDescription leaves for insertStrategyStartups.
const char kStartupsMark[] = "@@STRATEGY_STARTUPS@@\n";

// The [memory], [message] and [strategies] tables; the per-strategy
// start-ups of [message] are left as kStartupsMark.
void writeMessageTables(std::ostream &o, const std::vector<Figure> &figs) {
  const Figure *c11 = findFigure(figs, "copy", "1C1");
  const Figure *lat = findFigure(figs, "message", "latency_us");
  const Figure *stu = findFigure(figs, "message", "startup_us");
  o << "# The resource constraint of docs/machines.md section 1: 2 x |Q| <= the\n"
    << "# node's memory copy bandwidth, here the measured 1C1.\n"
    << "[memory]\n"
    << "copy_mbps = " << c11->value << "   # = copy.1C1 above\n\n"
    << "# Per-message costs: time_us(bytes) = startup_us + latency_us + bytes / MBps\n"
    << "[message]\n"
    << "startup_us = " << stu->value << "   # " << stu->how << "\n"
    << "latency_us = " << lat->value << "   # " << lat->how << "\n"
    << kStartupsMark
    << "[strategies]\n"
    << "packed = \"xC1 o 1M1 o 1Cy\"    # pack, contiguous MPI message, unpack\n"
    << "chained_contiguous = \"1M1\"    # a contiguous section moves as bytes either way\n"
    << "chained = \"xMy\"               # MPI datatype send of pattern x to pattern y\n";
}

// The whole description of the measured figures `m` (which hold copy.1C1
// and the message times), with kStartupsMark in [message].
std::string writeDescription(const Measurements &m, bool quick, double secs) {
  char date[64];
  std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
  std::ostringstream o;
  writeHeader(o, quick, date, secs, m.rounds);
  writeTransferTables(o, m.figs);
  writeMessageTables(o, m.figs);
  return o.str();
}

// The 4 KB reference exchanges minus what the description `m0` charges
// them (latency + bytes / MB/s), per strategy, and how many sides of each
// pack or unpack.
struct Residuals {
  std::vector<double> packed, chained, sides;
  std::string list; // one comment line per exchange
};

bool computeResiduals(const Machine &m0, const std::vector<Small> &smalls, Residuals &r,
                      std::string &err) {
  for (const Small &sm : smalls) {
    TransferPattern q;
    Answer a;
    if (!TransferPattern::parse(sm.pattern, q, err) || !estimate(m0, q, sm.bytes, a, err)) {
      err = "calibration reference " + sm.pattern + ": " + err;
      return false;
    }
    double mp = sm.packedUs - m0.latencyUs() - double(sm.bytes) / a.packed.mbps;
    double mc = sm.chainedUs - m0.latencyUs() - double(sm.bytes) / a.chained.mbps;
    r.packed.push_back(mp);
    r.chained.push_back(mc);
    r.sides.push_back((q.src.kind != Pattern::Contiguous) + (q.dst.kind != Pattern::Contiguous));
    char b[200];
    std::snprintf(b, sizeof b, "#   %s: packed %.2f us -> %.2f, chained %.2f us -> %.2f\n",
                  sm.pattern.c_str(), sm.packedUs, mp, sm.chainedUs, mc);
    r.list += b;
  }
  return true;
}

// The per-strategy start-up lines of [message] with their comments ("" when
// there were no reference exchanges). Chained: one start-up; packed: the
// same plus pack_side_us for each side that packs or unpacks.
std::string startupLines(const Residuals &r, const std::string &smallReps) {
  if (r.packed.empty())
    return "";
  double cs = std::max(0.0, medianOf(r.chained));
  std::vector<double> per;
  for (size_t i = 0; i < r.packed.size(); ++i)
    per.push_back((r.packed[i] - cs) / std::max(1.0, r.sides[i]));
  double ps = cs, side = std::max(0.0, medianOf(per));
  std::string lines = "# Start-up per strategy: real packed and chained exchanges of 4 KB\n"
                      "# messages through the runtime's kernels and the back end's datatypes\n"
                      "# (both ranks at once, median of " +
                      smallReps +
                      " repetitions of interleaved exchanges),\n"
                      "# minus latency_us and bytes / (the model's MB/s for the pattern);\n"
                      "# the residuals (pattern: measured us -> residual):\n" +
                      r.list;
  char b[400];
  std::snprintf(b, sizeof b,
                "chained_startup_us = %.3f   # median of the chained residuals\n"
                "packed_startup_us = %.3f   # the same base\n"
                "pack_side_us = %.3f   # median of (packed residual - base) / sides that pack\n",
                cs, ps, side);
  return lines + b;
}

// Replaces kStartupsMark in `text` by the per-strategy start-ups: each
// strategy's measured 4 KB exchanges minus what the description without
// them already charges.
bool insertStrategyStartups(std::string &text, const Measurements &m, std::string &err) {
  const std::string mark = kStartupsMark;
  size_t at = text.find(mark);
  std::string base = text;
  base.erase(at, mark.size());
  std::unique_ptr<Machine> m0 = Machine::parse(base, "<calibration>", err);
  if (!m0) {
    err = "the measured description does not load back: " + err;
    return false;
  }
  Residuals r;
  if (!computeResiduals(*m0, m.smalls, r, err))
    return false;
  text.replace(at, mark.size(), startupLines(r, m.smallReps) + "\n");
  return true;
}

// Writes `text` to `out` (- for stdout).
bool writeOut(const std::string &text, const std::string &out) {
  if (out == "-") {
    std::fputs(text.c_str(), stdout);
    return true;
  }
  std::ofstream f(out, std::ios::binary);
  return bool(f << text);
}

} // namespace

int runCalibrateCommand(int argc, char **argv, const char *argv0) {
  CalibrateOptions opts;
  if (int rc = parseArguments(argc, argv, opts); rc >= 0)
    return rc;
  std::string dir = programDir(argv0);
  std::string prog = dir + "/zplc-calibrate";
  if (!exists(prog))
    return reportError("cannot find the calibration program '" + prog +
                       "' (build the zplc-calibrate target)");
  if (opts.out.empty())
    opts.out = defaultOutput(dir);
  std::string cmd = mpirunCommand(prog, opts.quick);
  auto t0 = std::chrono::steady_clock::now();
  FILE *p = ::popen(cmd.c_str(), "r");
  if (!p)
    return reportError("cannot run '" + cmd + "'");
  Measurements m;
  readMeasurements(p, m);
  int st = ::pclose(p);
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (st != 0 || m.figs.empty())
    return reportError("the calibration run failed ('" + cmd + "')" +
                       (m.raw.empty() ? std::string() : ":\n" + m.raw));
  if (!m.unmeasurable.empty())
    return reportError(unmeasurableError(m.unmeasurable));
  const Figure *lat = findFigure(m.figs, "message", "latency_us");
  const Figure *stu = findFigure(m.figs, "message", "startup_us");
  if (!findFigure(m.figs, "copy", "1C1") || !lat || !stu || !findFigure(m.figs, "mpi", "1M1"))
    return reportError("the calibration run printed incomplete figures:\n" + m.raw);

  double perMessageUs = std::atof(lat->value.c_str()) + std::atof(stu->value.c_str());
  netEagerMessages(m.figs, perMessageUs);
  for (const char *set : {"mpi", "llc.mpi", "cache.mpi", "eager.mpi"})
    packInContext(m.figs, m.packedx, set, perMessageUs);
  if (const Figure *bad = firstUnusableRate(m.figs))
    return reportError(bad->table + "." + bad->key + " came out as " + bad->value +
                       " MB/s (" + bad->how +
                       "): the machine is too busy to calibrate; no description written");

  std::string text = writeDescription(m, opts.quick, secs), err;
  if (!insertStrategyStartups(text, m, err))
    return reportError(err);
  const std::string &out = opts.out;
  if (!Machine::parse(text, out == "-" ? "<stdout>" : out, err))
    return reportError("the measured description does not load back: " + err);
  if (!writeOut(text, out))
    return reportError("cannot write '" + out + "'");
  std::fprintf(stderr, "zplc calibrate: wrote %s in %.1f s\n",
               out == "-" ? "<stdout>" : out.c_str(), secs);
  return 0;
}

} // namespace zplc
