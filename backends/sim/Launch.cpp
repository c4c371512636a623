//===- Launch.cpp - starting a simulated program ---------------------------===//
//
// The back end's launch hook: the runtime's main hands it the command line
// and the per-PE entry point, and it runs that on every simulated PE. zplc
// generates the three symbols below with the program: the machine
// description it compiled for, where that came from, and the binding
// (--binding; "" = the machine's native one). They are weak so that the
// simulator's unit tests, which build machines themselves and never
// launch, link without them.
//
//   ./prog --pes=N [--binding=NAME] [--trace=FILE.json] [--stats] [...]
//===----------------------------------------------------------------------===//

#include "backends/sim/Sim.h"

#include <algorithm>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

extern "C" {
extern const char zsim_description[] __attribute__((weak));
extern const char zsim_description_path[] __attribute__((weak));
extern const char zsim_binding[] __attribute__((weak));
}

using namespace zsim;

namespace {

std::string programName(const char *argv0) {
  const char *p = argv0 && *argv0 ? argv0 : "zpl";
  const char *slash = strrchr(p, '/');
  return slash ? slash + 1 : p;
}

[[noreturn]] void fail(const std::string &prog, const std::string &msg) {
  // The messages quote command-line input, which must not reach the
  // terminal raw (zrt_printable; at most 4 bytes of output per byte).
  std::vector<char> shown(4 * msg.size() + 4);
  fprintf(stderr, "%s: error: %s\n", prog.c_str(), zrt_printable(msg.c_str(), shown.data(), shown.size()));
  exit(2);
}

StrategyOverride parseStrategy(const std::string &value, const std::string &prog) {
  if (value == "chained")
    return StrategyOverride::Chained;
  if (value == "packed")
    return StrategyOverride::Packed;
  if (value == "model")
    return StrategyOverride::Model;
  fail(prog, "bad value '" + value + "' for --strategy (expected chained, packed or model)");
}

/// The simulator's own options; the runtime parses the rest.
Options parseOptions(int argc, char **argv, const std::string &prog) {
  Options o;
  o.binding = zsim_binding;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (strncmp(a, "--pes=", 6) == 0) {
      char *end = nullptr;
      long n = strtol(a + 6, &end, 10);
      if (!*(a + 6) || *end || n < 1 || n > 4096)
        fail(prog, std::string("bad value '") + (a + 6) +
                       "' for --pes (expected a number of PEs from 1 to 4096)");
      o.pes = int(n);
    } else if (strncmp(a, "--binding=", 10) == 0) {
      o.binding = a + 10;
    } else if (strncmp(a, "--trace=", 8) == 0) {
      o.tracePath = a + 8;
      if (o.tracePath.empty())
        fail(prog, "--trace needs a file name (--trace=FILE.json)");
      // Created (emptied) before the run: a file that cannot be written is
      // an error now, with the system's reason, not after the whole run.
      FILE *trace = fopen(o.tracePath.c_str(), "w");
      if (!trace)
        fail(prog, "cannot write the trace file '" + o.tracePath + "': " + strerror(errno));
      fclose(trace);
    } else if (strcmp(a, "--stats") == 0) {
      o.stats = true;
    } else if (strncmp(a, "--set=", 6) == 0) {
      o.settings.push_back(a + 6);
    } else if (strncmp(a, "--strategy=", 11) == 0) {
      o.strategy = parseStrategy(a + 11, prog);
    }
  }
  return o;
}

/// The description the run-time strategy choice asks when the binding's
/// structure fixes how many streams cross a port (Binding::streamsPerPort),
/// the description has that congestion column and the user did not set
/// the column: `description` with that column. Null otherwise (the choice
/// asks the machine itself).
std::unique_ptr<model::Machine> choiceMachine(Simulator &sim, std::string description,
                                              const std::vector<std::string> &settings,
                                              const model::SimFigures &figures) {
  int streams = sim.binding().streamsPerPort(figures.topology.pesPerNode);
  double mbps = 0;
  auto setsCongestion = [](const std::string &s) { return s.rfind("network.congestion=", 0) == 0; };
  if (streams <= 0 || streams == sim.machine().congestion() ||
      !sim.machine().networkFigure("Nd", streams, mbps) ||
      std::any_of(settings.begin(), settings.end(), setsCongestion))
    return nullptr;
  std::vector<std::string> column = {"network.congestion=" + std::to_string(streams)};
  std::string err;
  if (!model::Machine::applySettings(description, zsim_description_path, column, err))
    return nullptr;
  return model::Machine::parse(description, zsim_description_path, err);
}

} // namespace

void zsim::launchProgram(int argc, char **argv, void (*peMain)(int argc, char **argv)) {
  std::string prog = programName(argv[0]);
  if (!zsim_description || !zsim_description_path || !zsim_binding)
    fail(prog, "internal: the program carries no machine description (compile it with "
               "zplc --backend=sim)");
  Options o = parseOptions(argc, argv, prog);
  std::string err, description = zsim_description;
  if (!model::Machine::applySettings(description, zsim_description_path, o.settings, err))
    fail(prog, err);
  std::unique_ptr<model::Machine> m =
      model::Machine::parse(description, zsim_description_path, err);
  if (!m)
    fail(prog, err);
  model::SimFigures figures;
  model::SimBinding binding;
  if (!model::readSimFigures(*m, figures, err) || !model::readSimBinding(*m, o.binding, binding, err))
    fail(prog, err);
  // Never destroyed: the program exits on a simulated PE's stack, which
  // the simulator owns.
  auto *sim = new Simulator(std::move(m), figures, binding, o, prog);
  sim->setChoiceMachine(choiceMachine(*sim, description, o.settings, figures));
  std::function<void(int)> body = [=](int) { peMain(argc, argv); };
  sim->run(body, /*exitAtEnd=*/true);
  abort(); // not reached: the last PE ends the program
}
