//===- SubcommandOptions.h - argument parsing of zplc's subcommands -*- C++ -*-===//
//
// `zplc model` and `zplc calibrate` take a few options each, in the forms
// their --help texts give. llvm::cl, which parses zplc's own options, would
// print its own help layout and its own errors for them (its subcommands
// share one registry and one error style); these commands keep their
// --help texts and their one-line errors (`zplc: error: ...`, exit status
// 1), so both declare their options with this one small parser instead.
//===----------------------------------------------------------------------===//

#ifndef ZPLC_TOOLS_ZPLC_SUBCOMMANDOPTIONS_H
#define ZPLC_TOOLS_ZPLC_SUBCOMMANDOPTIONS_H

#include <cstdio>
#include <string>
#include <vector>

namespace zplc {

/// Reports `msg` as `zplc: error: MSG` on stderr; returns 1, a subcommand's
/// exit status for an error.
int reportError(const std::string &msg);

/// The options of one subcommand, parsed from the arguments after its name.
/// Each argument is --help, -help or -h (the usage text on stdout), or one
/// of the declared options, tried in the order they were declared;
/// anything else is an error.
class SubcommandOptions {
public:
  /// `command` names the subcommand in the error for an unknown argument;
  /// `usage` prints its help.
  SubcommandOptions(const char *command, void (*usage)(FILE *))
      : command(command), usage(usage) {}

  /// A flag, spelt as any of `names` (e.g. {"--quick", "-quick"}).
  void flag(std::vector<std::string> names, bool &set);

  /// An option with a value, spelt as any of `names`: NAME=VALUE, and NAME
  /// VALUE unless `separate` is false. `given` (if any) becomes true when
  /// the option appears; `needs` says what a NAME without its value lacks.
  void value(std::vector<std::string> names, std::string &value, bool *given = nullptr,
             const char *needs = "a value", bool separate = true);

  /// An option whose value follows its name in the same argument or the
  /// next (-oFILE, -o FILE), with no '='.
  void attached(const std::string &name, std::string &value, const char *needs);

  /// Parses `argv[0..argc)`. Returns -1 when the command should go on,
  /// else its exit status: 0 after printing the usage for --help, 1 after
  /// reporting an error (`zplc: error: ...` on stderr).
  int parse(int argc, char **argv) const;

private:
  struct Option {
    std::vector<std::string> names;
    bool *flag = nullptr;          // a flag, or
    std::string *value = nullptr;  // where the value goes
    bool *given = nullptr;
    const char *needs = "a value";
    bool equals = true;   // NAME=VALUE
    bool separate = true; // NAME VALUE
    bool prefix = false;  // NAMEVALUE
  };
  /// Whether `a` is `o`, taking its value (from argv[i + 1] if need be:
  /// `i` moves past it); `error` is set for a missing value.
  static bool match(const Option &o, const std::string &a, int argc, char **argv, int &i,
                    std::string &error);

  const char *command;
  void (*usage)(FILE *);
  std::vector<Option> options;
};

} // namespace zplc

#endif // ZPLC_TOOLS_ZPLC_SUBCOMMANDOPTIONS_H
