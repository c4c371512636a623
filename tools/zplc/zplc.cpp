//===- zplc.cpp - the zplc compiler driver --------------------------------===//
//
//   zplc prog.zpl [-o prog] [--backend=serial|mpi|sim] [-O0|-O1|-O2]
//                 [--emit=ast|zpl|ironman|loops|emitc|c|exe]
//                 [--machine=t3d|t3e|paragon|host|FILE]
//                 [--strategy=auto|chained|packed] [--dist=KINDS]...
//                 [--overlap=false]
//                 [--binding=NAME] [--cc='COMMAND'] [--cflags=FLAGS] [--portable]
//
// Front end -> zpl dialect -> passes -> EmitC -> C, then the C compiler
// links the runtime and one back end, found relative to this binary
// (<bin>/../lib and <bin>/../include/zplc), in the build tree and installed.
//===----------------------------------------------------------------------===//

#include "frontend/Frontend.h"
#include "frontend/MLIRGen.h"
#include "passes/Passes.h"
#include "model/Model.h"
#include "tools/zplc/Commands.h"
#include "tools/zplc/SimSupport.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/Cpp/CppEmitter.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace cl = llvm::cl;

namespace {

enum class Emit { AST, ZPL, Ironman, Loops, EmitC, C, Exe };
enum class Backend { Serial, MPI, Sim };
enum class Strategy { Auto, Chained, Packed };

cl::OptionCategory category("zplc options");

cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input .zpl file>"),
                               cl::cat(category));
cl::opt<std::string> outputFile("o", cl::desc("Output file (default: stdout "
                                              "for text, the input's stem for "
                                              "executables)"),
                                cl::value_desc("file"), cl::cat(category));
cl::opt<Emit> emit(
    "emit", cl::desc("What to produce"), cl::init(Emit::Exe),
    cl::values(clEnumValN(Emit::AST, "ast", "the checked syntax tree"),
               clEnumValN(Emit::ZPL, "zpl",
                          "the zpl dialect (-O1 and up: with statement "
                          "fusion)"),
               clEnumValN(Emit::Ironman, "ironman",
                          "after redistribution, storage inference and "
                          "communication generation"),
               clEnumValN(Emit::Loops, "loops",
                          "local loops and runtime calls (scf/arith/emitc)"),
               clEnumValN(Emit::EmitC, "emitc", "the EmitC dialect"),
               clEnumValN(Emit::C, "c",
                          "C source for the runtime ABI (with --backend=sim "
                          "it holds the machine description too)"),
               clEnumValN(Emit::Exe, "exe", "an executable (default)")),
    cl::cat(category));
cl::opt<Backend> backend(
    "backend", cl::desc("Runtime back end to link"), cl::init(Backend::Serial),
    cl::values(clEnumValN(Backend::Serial, "serial", "one PE (default)"),
               clEnumValN(Backend::MPI, "mpi", "MPI; run with mpirun -np N"),
               clEnumValN(Backend::Sim, "sim",
                          "a simulated Cray T3D, Cray T3E or Intel Paragon "
                          "(--machine, default t3d; run with --pes=N)")),
    cl::cat(category));
cl::opt<unsigned> optLevel("O", cl::desc("Optimisation level (0-2, default 2)"),
                           cl::Prefix, cl::init(2), cl::cat(category));
cl::opt<bool> overlap(
    "overlap",
    cl::desc("At -O2, compute each statement's interior while its halo "
             "transfers are in flight, its boundary strips after them "
             "(default true; --overlap=false for comparison)"),
    cl::init(true), cl::cat(category));
cl::opt<std::string> machine(
    "machine",
    cl::desc("Target machine of the copy-transfer cost model that chooses "
             "each transfer's strategy: t3d, t3e, paragon, host (default: "
             "this host, as measured by `zplc calibrate`), or a machine "
             "description file (.toml)"),
    cl::value_desc("name|file"), cl::init("host"), cl::cat(category));
cl::opt<Strategy> strategy(
    "strategy",
    cl::desc("How transfers move (the MPI back end executes it; see "
             "--emit=ironman)"),
    cl::init(Strategy::Auto),
    cl::values(clEnumValN(Strategy::Auto, "auto",
                          "the cost model's choice on --machine (default)"),
               clEnumValN(Strategy::Chained, "chained",
                          "every transfer chained: straight from and into "
                          "the arrays (MPI derived datatypes)"),
               clEnumValN(Strategy::Packed, "packed",
                          "every transfer packed: gathered into a "
                          "contiguous buffer, sent, scattered")),
    cl::cat(category));
cl::list<std::string> implicitDists(
    "dist",
    cl::desc("Distribute the regions of one rank that have no explicit "
             "distribution with these kinds instead of block, on the default "
             "grid: one kind per dimension, block, cyclic, blockcyclic(k) or "
             "*, e.g. --dist=cyclic,block or "
             "--dist='blockcyclic(2),blockcyclic(2)'. Repeat it for other "
             "ranks; ranks the program has no regions of are ignored "
             "(default: block in every dimension)"),
    cl::value_desc("kinds"), cl::cat(category));

cl::opt<std::string> binding(
    "binding",
    cl::desc("With --backend=sim: how IRONMAN runs on the machine (t3d: "
             "shmem, mpi; t3e: eregs, mpi; paragon: nx-isend, nx-csend, mpi; "
             "default: the machine's native one)"),
    cl::value_desc("name"), cl::init(""), cl::cat(category));
cl::opt<std::string> ccOverride(
    "cc",
    cl::desc("C compiler command, possibly with flags, e.g. --cc='clang-22 "
             "-march=native' (default: cc, or the MPI wrapper for "
             "--backend=mpi)"),
    cl::value_desc("command"), cl::cat(category));
cl::opt<std::string> extraCFlags(
    "cflags",
    cl::desc("Flags for the C compiler, after zplc's own (a later flag wins: "
             "--cflags='-O2 -march=x86-64-v3'); they apply to compiling and "
             "linking, e.g. --cflags='-g -fsanitize=address' (default: none)"),
    cl::value_desc("flags"), cl::cat(category));
cl::opt<bool> verifyEach(
    "verify-each",
    cl::desc("Verify the IR after every pass (default: once, after the "
             "pipeline; zpl-opt verifies after every pass)"),
    cl::init(false), cl::Hidden, cl::cat(category));
cl::opt<bool> portable(
    "portable",
    cl::desc("Code for any CPU of the C compiler's default target (for a "
             "cluster whose nodes differ from this machine); without it the "
             "code is tuned for this machine's CPU (-march=native; default: off)"),
    cl::init(false), cl::cat(category));

/// The machine description file --machine names (found before the passes).
std::string machinePath;

[[noreturn]] void fail(const llvm::Twine &msg) {
  llvm::errs() << "zplc: error: " << msg << "\n";
  std::exit(1);
}

/// Writes `text` to -o, or stdout when -o is absent or "-".
int writeText(llvm::StringRef text) {
  std::string path = outputFile.empty() ? "-" : outputFile.getValue();
  std::error_code ec;
  llvm::ToolOutputFile out(path, ec, llvm::sys::fs::OF_Text);
  if (ec)
    fail("cannot write '" + path + "': " + ec.message());
  out.os() << text;
  out.keep();
  return 0;
}

std::string defaultExecutableName() {
  llvm::StringRef stem = llvm::sys::path::stem(inputFile.getValue());
  return stem.empty() ? std::string("a.out") : stem.str();
}

/// Target flags for the generated C. By default the program is compiled
/// for the CPU zplc runs on, where most programs run (-march=native: AVX2
/// and wider vectors instead of the 2005 SSE2 baseline); --portable leaves
/// the C compiler's default target. -ffp-contract=off keeps a*b+c from
/// becoming one fused multiply-add where the CPU has one, so a program
/// prints the same digits with and without --portable, on every back end
/// and with either compiler (clang contracts by default, gcc in GNU mode).
std::vector<const char *> targetFlags() {
  std::vector<const char *> flags;
  if (!portable)
    flags.push_back("-march=native");
  flags.push_back("-ffp-contract=off");
  return flags;
}

/// Splits --cflags like a shell would (quotes group words) onto `args`.
void appendUserCFlags(std::vector<std::string> &args) {
  llvm::BumpPtrAllocator alloc;
  llvm::StringSaver saver(alloc);
  llvm::SmallVector<const char *, 8> words;
  cl::TokenizeGNUCommandLine(extraCFlags, saver, words);
  for (const char *w : words)
    args.emplace_back(w);
}

/// Splits a command line the way a POSIX shell would (quotes, backslashes).
std::vector<std::string> splitFlags(llvm::StringRef line) {
  llvm::BumpPtrAllocator alloc;
  llvm::StringSaver saver(alloc);
  llvm::SmallVector<const char *, 8> words;
  llvm::cl::TokenizeGNUCommandLine(line, saver, words);
  return std::vector<std::string>(words.begin(), words.end());
}

/// Compiles the generated C and links the runtime and the back end.
int buildExecutable(const std::string &cSource, const char *argv0) {
  // <bin>/..: the build tree or the install prefix.
  std::string root = zpl::model::programDir(argv0) + "/..";
  std::string include = root + "/include/zplc";
  std::string lib = root + "/lib";
  const char *backendName =
      backend == Backend::MPI ? "mpi" : backend == Backend::Sim ? "sim" : "serial";
  std::string backendLib = lib + "/libzplrt_" + backendName + ".a";
  for (const std::string &f : {include + "/zplrt.h", lib + "/libzplrt.a", backendLib})
    if (!llvm::sys::fs::exists(f))
      fail("runtime file '" + f + "' is missing (is zplc installed completely?)");

  llvm::SmallString<128> cPath;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("zplc", "c", cPath))
    fail("cannot create a temporary file: " + ec.message());
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(cPath, ec);
    if (ec)
      fail("cannot write '" + cPath.str() + "': " + ec.message());
    os << cSource;
  }

  std::vector<std::string> ccCommand = splitFlags(ccOverride);
  if (ccCommand.empty())
    ccCommand.push_back(backend == Backend::MPI ? ZPLC_MPICC : "cc");
  llvm::ErrorOr<std::string> ccPath = llvm::sys::findProgramByName(ccCommand[0]);
  if (!ccPath)
    fail("C compiler '" + ccCommand[0] + "' not found");
  std::string output = outputFile.empty() ? defaultExecutableName()
                                          : outputFile.getValue();
  std::vector<std::string> args = {*ccPath};
  args.insert(args.end(), ccCommand.begin() + 1, ccCommand.end());
  // No sibling-call optimisation: unbounded recursion must overflow the
  // stack (the runtime reports it) instead of becoming an endless loop.
  args.insert(args.end(), {"-std=c11", "-O3", "-fno-optimize-sibling-calls"});
  for (const char *flag : targetFlags())
    args.push_back(flag);
  // A runtime built with sanitizers needs them in every program it links.
  for (const std::string &flag : splitFlags(ZPLC_PROGRAM_FLAGS))
    args.push_back(flag);
  appendUserCFlags(args);
  args.insert(args.end(), {"-I" + include, std::string(cPath), "-o", output});
  if (backend == Backend::Sim) {
    args.insert(args.end(), {"-Wl,--start-group", backendLib, lib + "/libzplrt.a",
                             lib + "/libzplmodel.a", "-Wl,--end-group"});
    for (llvm::StringRef l : llvm::split(ZPLC_SIM_LIBS, '|'))
      if (!l.empty())
        args.push_back(l.str());
    args.insert(args.end(), {"-lstdc++", "-lm"});
  } else {
    args.insert(args.end(), {"-Wl,--start-group", lib + "/libzplrt.a", backendLib,
                             "-Wl,--end-group", "-lm"});
  }
  std::vector<llvm::StringRef> argRefs(args.begin(), args.end());
  std::string errMsg;
  int rc = llvm::sys::ExecuteAndWait(*ccPath, argRefs, std::nullopt, {}, 0, 0,
                                     &errMsg);
  llvm::sys::fs::remove(cPath);
  if (rc != 0)
    fail("the C compiler failed (" + llvm::join(args, " ") + ")" +
         (errMsg.empty() ? "" : ": " + errMsg));
  return 0;
}

/// `zplc --version`: zplc's own version first, then the LLVM it uses.
void printVersion(llvm::raw_ostream &os) {
  os << "zplc version " << ZPLC_VERSION << "\n"
     << "  built with LLVM/MLIR " << LLVM_VERSION_STRING << "\n";
}

zpl::Stage stageFor(Emit e) {
  switch (e) {
  case Emit::ZPL:
    return zpl::Stage::ZPL;
  case Emit::Ironman:
    return zpl::Stage::Ironman;
  case Emit::Loops:
    return zpl::Stage::Loops;
  default:
    return zpl::Stage::EmitC;
  }
}

/// Destroys `op` with everything nested in it, innermost operations first.
/// MLIR's own teardown (Region::~Region) drops the references of a region's
/// whole subtree at every level of nesting, time proportional to the size
/// of the program times its nesting depth: for 480 nested `if`s it was most
/// of zplc's time. Here the references are dropped once, then each
/// operation is erased after the operations nested in it, when its regions
/// are empty.
void destroyInnermostFirst(mlir::Operation *op) {
  op->dropAllReferences();
  op->walk<mlir::WalkOrder::PostOrder>(
      [](mlir::Operation *nested) { nested->erase(); });
}

/// Owns zplc's module; see destroyInnermostFirst.
struct ModuleOwner {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  ~ModuleOwner() {
    if (module)
      destroyInnermostFirst(module.release());
  }
};

/// Checks the options that depend on each other; sets --machine's default
/// for --backend=sim.
void checkOptions() {
  if (inputFile.empty())
    fail("no input file (see zplc --help)");
  if (optLevel > 2)
    fail("-O" + llvm::Twine(optLevel) + " is not a level; use -O0, -O1 or -O2");
  if (backend == Backend::Sim && machine.getNumOccurrences() == 0)
    machine = "t3d";
  if (!binding.empty() && backend != Backend::Sim)
    fail("--binding needs --backend=sim");
}

/// --emit=ast: the checked syntax tree to -o.
int writeAST(const zpl::ast::Program &program) {
  std::string text;
  llvm::raw_string_ostream os(text);
  zpl::dumpAST(program, os);
  return writeText(text);
}

/// MLIRGen's options: the --dist distributions, one per rank.
zpl::GenOptions genOptions(mlir::MLIRContext &context) {
  zpl::GenOptions genOpts;
  for (const std::string &kinds : implicitDists) {
    std::string err;
    zpl::DistAttr dist = zpl::parseDistKinds(context, kinds, err);
    if (!dist)
      fail("--dist=" + kinds + ": " + err);
    for (zpl::DistAttr other : genOpts.implicitDists)
      if (other.getRank() == dist.getRank())
        fail("--dist=" + kinds + ": rank " + llvm::Twine(dist.getRank()) +
             " already has a distribution");
    genOpts.implicitDists.push_back(dist);
  }
  return genOpts;
}

/// Strategy selection's options. It needs the machine description: past
/// --emit=zpl it is found and checked here, so a missing or broken one is
/// one clear error before any pass runs (and machinePath is set).
zpl::SelectStrategyOptions strategyOptions(const char *argv0) {
  zpl::SelectStrategyOptions strategyOpts;
  strategyOpts.machine = machine;
  strategyOpts.strategy = strategy == Strategy::Chained  ? "chained"
                          : strategy == Strategy::Packed ? "packed"
                                                         : "auto";
  if (emit == Emit::ZPL)
    return strategyOpts;
  std::string err;
  std::string path = zpl::model::findMachineFile(machine, argv0, err);
  if (path.empty()) {
    if (machine == "host")
      fail(err + ", or choose a described machine with "
                 "--machine=t3d|t3e|paragon|FILE");
    fail(err);
  }
  if (!zpl::model::Machine::load(path, err))
    fail(err);
  if (backend == Backend::Sim && !zplc::checkSimMachine(path, binding, err))
    fail("--backend=sim: " + err);
  strategyOpts.machine = path;
  machinePath = path;
  return strategyOpts;
}

/// Runs the passes up to --emit's stage on `module`, then verifies it.
/// False when a pass or the verifier failed (it has reported).
bool runPipeline(mlir::MLIRContext &context, mlir::ModuleOp module,
                 const zpl::SelectStrategyOptions &strategyOpts) {
  mlir::PassManager pm(&context);
  // Verifying after every pass costs time proportional to the nesting depth
  // for each operation (dominance checks), each time: the module is
  // verified once, after the pipeline.
  pm.enableVerifier(verifyEach);
  if (backend == Backend::Sim) // the simulator charges computation from these
    pm.addNestedPass<mlir::func::FuncOp>(zpl::createCountOperations());
  zpl::buildPipeline(pm, stageFor(emit), optLevel, strategyOpts, overlap);
  if (mlir::failed(pm.run(module)))
    return false; // the failing pass has reported at the source location
  if (!verifyEach && mlir::failed(mlir::verify(module)))
    return false; // reported by the verifier (a compiler bug)
  return true;
}

/// --emit=c and exe: the C of `module` to -o, or compiled and linked.
int writeCOrExecutable(mlir::ModuleOp module, const char *argv0) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (mlir::failed(mlir::emitc::translateToCpp(module, os)))
    return 1;
  std::string err;
  if (backend == Backend::Sim) {
    if (!zplc::makeGlobalsPeLocal(module, text, err))
      fail(err);
    // The machine description goes into the program (the C file too, so
    // that it builds on its own), where the simulator's launch hook reads it.
    std::string config;
    if (!zplc::simConfigSource(machinePath, binding, config, err))
      fail(err);
    text += config;
  }
  if (emit == Emit::C)
    return writeText(text);
  return buildExecutable(text, argv0);
}

} // namespace

int main(int argc, char **argv) {
  if (argc > 1 && llvm::StringRef(argv[1]) == "model")
    return zplc::runModelCommand(argc - 2, argv + 2, argv[0]);
  if (argc > 1 && llvm::StringRef(argv[1]) == "calibrate")
    return zplc::runCalibrateCommand(argc - 2, argv + 2, argv[0]);
  cl::HideUnrelatedOptions(category);
  cl::SetVersionPrinter(printVersion);
  cl::ParseCommandLineOptions(
      argc, argv,
      "zplc: compiles a ZPL program to C with IRONMAN communication calls\n");
  checkOptions();

  zpl::DiagnosticEngine diags;
  std::unique_ptr<zpl::ast::Program> program =
      zpl::parseAndCheck(inputFile, diags);
  if (!program)
    return 1;
  if (emit == Emit::AST)
    return writeAST(*program);

  mlir::MLIRContext context;
  zpl::loadDialects(context);
  zpl::GenOptions genOpts = genOptions(context);
  ModuleOwner owner{zpl::buildModule(context, *program, diags, genOpts)};
  mlir::OwningOpRef<mlir::ModuleOp> &module = owner.module;
  if (!module)
    return 1;
  zpl::SelectStrategyOptions strategyOpts = strategyOptions(argv[0]);
  if (!runPipeline(context, *module, strategyOpts))
    return 1;
  if (emit == Emit::C || emit == Emit::Exe)
    return writeCOrExecutable(*module, argv[0]);
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os);
  return writeText(text);
}
