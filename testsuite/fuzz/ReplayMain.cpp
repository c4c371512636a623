//===- ReplayMain.cpp - run files through the fuzz target without libFuzzer -===//
//
//   zplc-fuzz-replay FILE|DIR...
//
// Feeds every file given (and every file directly inside a directory given)
// to LLVMFuzzerTestOneInput, one after the other, and prints how many ran.
// A crash or sanitizer report ends the run with the input's name on stderr;
// make check runs the seed corpus and the saved reproducers this way.
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace fs = std::filesystem;

static bool collect(const fs::path &arg, std::vector<fs::path> &files) {
  std::error_code ec;
  if (fs::is_regular_file(arg, ec)) {
    files.push_back(arg);
    return true;
  }
  if (!fs::is_directory(arg, ec)) {
    std::fprintf(stderr, "zplc-fuzz-replay: '%s' is not a file or directory\n",
                 arg.c_str());
    return false;
  }
  std::vector<fs::path> inDir;
  for (const fs::directory_entry &e : fs::directory_iterator(arg, ec))
    if (e.is_regular_file() && e.path().filename().string()[0] != '.')
      inDir.push_back(e.path());
  std::sort(inDir.begin(), inDir.end()); // a stable order for bisecting
  files.insert(files.end(), inDir.begin(), inDir.end());
  return !ec;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: zplc-fuzz-replay FILE|DIR...\n");
    return 1;
  }
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i)
    if (!collect(argv[i], files))
      return 1;
  for (const fs::path &f : files) {
    std::ifstream in(f, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)),
                      std::istreambuf_iterator<char>());
    // Named before it runs, so a crash points at the input.
    std::fprintf(stderr, "zplc-fuzz-replay: %s\n", f.c_str());
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.data()),
                           bytes.size());
  }
  std::printf("zplc-fuzz-replay: %zu inputs ran without a finding\n",
              files.size());
  return 0;
}
