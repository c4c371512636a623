//===- ModelCommand.cpp - `zplc model` -------------------------------------===//

#include "tools/zplc/Commands.h"
#include "tools/zplc/SubcommandOptions.h"

#include "model/Model.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace zplc {

using namespace zpl::model;

static void usage(FILE *f) {
  std::fputs(
      "usage: zplc model --machine=NAME --pattern=xQy [--bytes=N]\n"
      "\n"
      "Estimates a communication xQy with the copy-transfer model: the\n"
      "buffer-packed and the chained implementation of the machine, and the\n"
      "faster one (chained on a tie).\n"
      "\n"
      "  --machine=NAME  t3d, t3e, paragon, host, or a path to a .toml file\n"
      "                  (required)\n"
      "  --pattern=xQy   x, y: 1 (contiguous), n (stride in words, n >= 2),\n"
      "                  w (indexed); e.g. 1Q1, 1Q64, 64Q1, 16Q1, wQw, 1Qw\n"
      "                  (required)\n"
      "  --bytes=N       also estimate one message of N bytes (microseconds:\n"
      "                  start-up + latency + N / MB/s); the choice is then\n"
      "                  the faster for that size (default: no message, the\n"
      "                  throughputs only)\n"
      "\n"
      "Output: `packed <MB/s> <expression>`, `chained <MB/s> <expression>`,\n"
      "`choice <packed|chained>`, and with --bytes `packed_us <us>` and\n"
      "`chained_us <us>`.\n",
      f);
}

int runModelCommand(int argc, char **argv, const char *argv0) {
  std::string machine, pattern, bytesText;
  bool haveMachine = false, havePattern = false, haveBytes = false;
  SubcommandOptions options("model", usage);
  options.value({"--machine", "-machine"}, machine, &haveMachine);
  options.value({"--pattern", "-pattern"}, pattern, &havePattern);
  options.value({"--bytes", "-bytes"}, bytesText, &haveBytes);
  if (int status = options.parse(argc, argv); status >= 0)
    return status;
  if (!haveMachine)
    return reportError("missing --machine=NAME (t3d, t3e, paragon, "
                       "host or a .toml file)");
  if (!havePattern)
    return reportError("missing --pattern=xQy (e.g. 1Q64)");
  uint64_t bytes = 0;
  if (haveBytes) {
    bool ok = !bytesText.empty() && bytesText.size() <= 18 &&
              bytesText.find_first_not_of("0123456789") == std::string::npos;
    if (!ok)
      return reportError("bad --bytes value '" + bytesText +
                         "' (expected a number of bytes)");
    bytes = std::strtoull(bytesText.c_str(), nullptr, 10);
  }
  TransferPattern q;
  std::string err;
  if (!TransferPattern::parse(pattern, q, err))
    return reportError(err);
  std::string path = findMachineFile(machine, argv0, err);
  if (path.empty())
    return reportError(err);
  std::unique_ptr<Machine> m = Machine::load(path, err);
  if (!m)
    return reportError(err);
  Answer ans;
  if (!(haveBytes ? estimate(*m, q, bytes, ans, err) : estimate(*m, q, ans, err)))
    return reportError(err);
  std::printf("packed %.2f %s\n", ans.packed.mbps, ans.packed.text.c_str());
  std::printf("chained %.2f %s\n", ans.chained.mbps, ans.chained.text.c_str());
  std::printf("choice %s\n", strategyName(ans.choice));
  if (haveBytes) {
    std::printf("packed_us %.2f\n", ans.packedUs(bytes));
    std::printf("chained_us %.2f\n", ans.chainedUs(bytes));
  }
  return 0;
}

} // namespace zplc
