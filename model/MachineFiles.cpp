//===- MachineFiles.cpp - finding machine descriptions ---------------------===//
//
// Descriptions are looked up next to the running program (the build tree
// and the install prefix both have <bin>/../share/zplc/machines) and then
// in the source tree's machines/.
//===----------------------------------------------------------------------===//

#include "model/Model.h"

#include <string>
#include <sys/stat.h>
#include <unistd.h>

#ifndef ZPLMODEL_SOURCE_MACHINES_DIR
#define ZPLMODEL_SOURCE_MACHINES_DIR ""
#endif

namespace zpl {
namespace model {

static bool isFile(const std::string &p) {
  struct stat st;
  return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string programDir(const char *argv0) {
  char buf[4096];
  ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  std::string exe;
  if (n > 0) {
    buf[n] = 0;
    exe = buf;
  } else if (argv0) {
    exe = argv0;
  }
  size_t slash = exe.rfind('/');
  if (slash == std::string::npos)
    return ".";
  return exe.substr(0, slash);
}

std::string findMachineFile(const std::string &name, const char *argv0,
                            std::string &error) {
  if (name.empty()) {
    error = "empty machine name (use t3d, t3e, paragon, host or a .toml file)";
    return "";
  }
  bool isPath = name.find('/') != std::string::npos ||
                (name.size() > 5 && name.compare(name.size() - 5, 5, ".toml") == 0);
  if (isPath) {
    if (isFile(name))
      return name;
    error = "machine description '" + name + "' not found";
    return "";
  }
  std::vector<std::string> dirs = {programDir(argv0) + "/../share/zplc/machines"};
  if (*ZPLMODEL_SOURCE_MACHINES_DIR)
    dirs.push_back(ZPLMODEL_SOURCE_MACHINES_DIR);
  for (const std::string &d : dirs) {
    std::string p = d + "/" + name + ".toml";
    if (isFile(p))
      return p;
  }
  if (name == "host") {
    error = "no machine description for 'host' (machines/host.toml): run "
            "'zplc calibrate' to measure this machine first";
    return "";
  }
  error = "unknown machine '" + name +
          "' (known: t3d, t3e, paragon, host, or a path to a .toml file)";
  return "";
}

} // namespace model
} // namespace zpl
