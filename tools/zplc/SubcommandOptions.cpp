//===- SubcommandOptions.cpp - argument parsing of zplc's subcommands ------===//

#include "tools/zplc/SubcommandOptions.h"

namespace zplc {

int reportError(const std::string &msg) {
  std::fprintf(stderr, "zplc: error: %s\n", msg.c_str());
  return 1;
}

void SubcommandOptions::flag(std::vector<std::string> names, bool &set) {
  Option o;
  o.names = std::move(names);
  o.flag = &set;
  options.push_back(o);
}

void SubcommandOptions::value(std::vector<std::string> names, std::string &value, bool *given,
                              const char *needs, bool separate) {
  Option o;
  o.names = std::move(names);
  o.value = &value;
  o.given = given;
  o.needs = needs;
  o.separate = separate;
  options.push_back(o);
}

void SubcommandOptions::attached(const std::string &name, std::string &value,
                                 const char *needs) {
  Option o;
  o.names = {name};
  o.value = &value;
  o.needs = needs;
  o.equals = false;
  o.prefix = true;
  options.push_back(o);
}

bool SubcommandOptions::match(const Option &o, const std::string &a, int argc, char **argv,
                              int &i, std::string &error) {
  for (const std::string &name : o.names) {
    if (o.flag && a == name) {
      *o.flag = true;
      return true;
    }
    if (!o.value)
      continue;
    if (a == name && o.separate) {
      if (i + 1 >= argc)
        error = "option '" + a + "' needs " + o.needs;
      else
        *o.value = argv[++i];
    } else if (o.equals && a.size() > name.size() && a.compare(0, name.size(), name) == 0 &&
               a[name.size()] == '=') {
      *o.value = a.substr(name.size() + 1);
    } else if (o.prefix && a.size() > name.size() && a.compare(0, name.size(), name) == 0) {
      *o.value = a.substr(name.size());
    } else {
      continue;
    }
    if (o.given)
      *o.given = true;
    return true;
  }
  return false;
}

int SubcommandOptions::parse(int argc, char **argv) const {
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--help" || a == "-help" || a == "-h") {
      usage(stdout);
      return 0;
    }
    std::string error;
    bool known = false;
    for (const Option &o : options)
      if ((known = match(o, a, argc, argv, i, error)))
        break;
    if (!known)
      error = "unknown argument '" + a + "' (see zplc " + command + " --help)";
    if (!error.empty())
      return reportError(error);
  }
  return -1;
}

} // namespace zplc
