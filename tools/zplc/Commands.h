//===- Commands.h - zplc's subcommands --------------------------*- C++ -*-===//
//
// `zplc model` and `zplc calibrate`: tools around the copy-transfer cost
// model (model/), dispatched from zplc's main before its own options.
//===----------------------------------------------------------------------===//

#ifndef ZPLC_TOOLS_ZPLC_COMMANDS_H
#define ZPLC_TOOLS_ZPLC_COMMANDS_H

namespace zplc {

/// `zplc model --machine=NAME --pattern=xQy [--bytes=N]`. `argv[0..argc)`
/// are the arguments after `model`; `argv0` is the program's own argv[0]
/// (to find the installed machine descriptions). Prints the answer on
/// stdout; on error prints one line `zplc: error: ...` on stderr and
/// returns 1.
int runModelCommand(int argc, char **argv, const char *argv0);

/// `zplc calibrate [-o FILE] [--quick]`: measures this host (runs
/// `mpirun -np 2 zplc-calibrate` found next to the program) and writes a
/// machine description; same conventions as runModelCommand.
int runCalibrateCommand(int argc, char **argv, const char *argv0);

} // namespace zplc

#endif // ZPLC_TOOLS_ZPLC_COMMANDS_H
