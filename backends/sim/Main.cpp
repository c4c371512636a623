//===- Main.cpp - a simulated program's main -------------------------------===//
//
// Kept alone in its object file (like the runtime's main.c), so tests can
// link the simulator without it. zplc generates the three symbols below
// with the program: the machine description it compiled for, where that
// came from, and the binding (--binding; "" = the machine's native one).
//
//   ./prog --pes=N [--binding=NAME] [--trace=FILE.json] [--stats] [...]
//===----------------------------------------------------------------------===//

#include "backends/sim/Sim.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

extern "C" {
extern const char zsim_description[];
extern const char zsim_description_path[];
extern const char zsim_binding[];
}

using namespace zsim;

namespace {

std::string programName(const char *argv0) {
  const char *p = argv0 && *argv0 ? argv0 : "zpl";
  const char *slash = strrchr(p, '/');
  return slash ? slash + 1 : p;
}

[[noreturn]] void fail(const std::string &prog, const std::string &msg) {
  fprintf(stderr, "%s: error: %s\n", prog.c_str(), msg.c_str());
  exit(2);
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
    } else if (strcmp(a, "--stats") == 0) {
      o.stats = true;
    }
  }
  return o;
}

int g_argc;
char **g_argv;

void runProgram(int) {
  zrt_startup(g_argc, g_argv);
  double t0 = zrt_g.be->clock();
  zpl_main();
  double seconds = zrt_g.be->clock() - t0;
  g_sim->self().normalEnd = true;
  zrt_shutdown_after_main(seconds);
}

} // namespace

int main(int argc, char **argv) {
  std::string prog = programName(argv[0]);
  Options o = parseOptions(argc, argv, prog);
  std::string err;
  std::unique_ptr<model::Machine> m =
      model::Machine::parse(zsim_description, zsim_description_path, err);
  if (!m)
    fail(prog, err);
  model::SimFigures figures;
  model::SimBinding binding;
  if (!model::readSimFigures(*m, figures, err) || !model::readSimBinding(*m, o.binding, binding, err))
    fail(prog, err);
  g_argc = argc;
  g_argv = argv;
  // Never destroyed: the program exits on a simulated PE's stack, which
  // the simulator owns.
  auto *sim = new Simulator(std::move(m), figures, binding, o, prog);
  sim->run(runProgram, /*exitAtEnd=*/true);
  return 0; // not reached: the last PE ends the program
}
