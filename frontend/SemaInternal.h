//===- SemaInternal.h - the checker shared by the Sema sources ------------===//
//
// Not a public header: the Sema class that Sema*.cpp implement, one file
// per concern (Sema.cpp: the program, declarations, procedures, regions
// and directions; SemaExpr.cpp: expressions; SemaStmt.cpp: statements).
//
// Checks a ZPL program and fills the [Sema] fields of the AST (see AST.h).
// Region bounds stay symbolic (expressions); directions are folded to
// integer vectors.
//===----------------------------------------------------------------------===//
#ifndef ZPL_FRONTEND_SEMAINTERNAL_H
#define ZPL_FRONTEND_SEMAINTERNAL_H

#include "frontend/FrontendInternal.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>

namespace zpl {
namespace sema {

using namespace zpl::ast;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;
using llvm::dyn_cast_or_null;

using ExprFn = std::function<void(const Expr &)>;
using StmtFn = std::function<void(const Stmt &)>;
/// Calls `fn` on `e` (may be null) and every subexpression of it.
void walkExpr(const Expr *e, const ExprFn &fn);
/// Calls `onStmt` on every statement of `stmts` and every statement nested
/// in them, `onExpr` on every expression they contain (SemaWalk.cpp).
void walkStmts(const StmtList &stmts, const StmtFn &onStmt, const ExprFn &onExpr);
void walkStmt(const Stmt &s, const StmtFn &onStmt, const ExprFn &onExpr);

/// "[2, 2]" for a stride or direction vector in a message.
inline std::string vectorText(const std::vector<int64_t> &v) {
  std::string t = "[";
  for (size_t k = 0; k < v.size(); ++k)
    t += (k ? ", " : "") + std::to_string(v[k]);
  return t + "]";
}

/// Where an expression is evaluated.
struct ExprCtx {
  /// Rank of the region the expression is evaluated over; 0 = none (a
  /// parallel value here is an error reported by the statement).
  unsigned regionRank = 0;
  /// That region when known (for the stride check of strided arrays).
  const RegionExpr *region = nullptr;
  /// Only config vars and constants may be named (declarations).
  bool constOnly = false;
  /// For config var / constant initializers: only decls before this index.
  long declLimit = -1;
  const char *constWhat = "this expression";
  bool allowString = false;
};

class Sema {
public:
  Sema(Program &prog, DiagnosticEngine &diags) : prog(prog), diags(diags) {}
  bool run();

private:
  // --- diagnostics ---
  void error(const SourceLoc &loc, const std::string &msg) {
    diags.error(loc, msg); // past the limit it is counted, not printed
    ok = false;
  }

  // --- names ---
  Decl *lookup(const std::string &name) {
    if (curProc) {
      auto it = locals.find(name);
      if (it != locals.end())
        return it->second;
    }
    auto it = globals.find(name);
    if (it != globals.end())
      return it->second;
    for (auto &ia : prog.indexArrays)
      if (ia->name == name)
        return ia.get();
    return nullptr;
  }
  void declare(std::map<std::string, Decl *> &scope, Decl *d) {
    auto [it, inserted] = scope.emplace(d->name, d);
    if (!inserted) {
      error(d->loc, "redeclaration of '" + d->name + "'");
      diags.note(it->second->loc,
                 "previous declaration of '" + d->name + "' is here");
    }
  }

  // --- families (SemaFamilies.cpp) ---
  /// Checks the bounds of the family declared at `prog.decls[at]` and
  /// inserts its elements after it.
  void expandFamily(size_t at);
  /// Gives each family's declaration the rank (and element type) of its
  /// elements, once they are checked.
  void describeFamilies();
  /// `name{index}`: the element of a constant index (`constant` set), or
  /// the family's declaration for one known only at run time; null after
  /// an error.
  Decl *selectElement(const std::string &name, const SourceLoc &loc,
                      Expr *index, const ExprCtx &ctx,
                      std::optional<int64_t> &constant);
  /// The declaration a name (or a selection `U{e}`) refers to; reports an
  /// undeclared name, a family without an index and `{}` outside a family
  /// declaration (null then).
  Decl *lookupName(NameExpr &n, const ExprCtx &ctx);
  /// `[L{e}]`: sets the region's rank and its element's declaration (or,
  /// for a run-time index, its family).
  bool resolveFamilyRegion(RegionExpr &r, const ExprCtx &ctx);

  // --- declarations ---
  void checkVarDecl(VarDecl &v, long index);
  /// `declLimit`: the bounds of a global indexed array may only use the
  /// config vars and constants before it (declaration index), -1 any.
  void checkType(VarDecl &v, long declLimit = -1);
  /// `array [lo..hi] of T`: a variable (global or local) of rank 1 or 2.
  void checkIndexedType(VarDecl &v, long declLimit);
  void checkRegionDecl(RegionDecl &r);
  void checkDirectionDecl(DirectionDecl &d);
  void checkGridDecl(GridDecl &g);
  void checkDistributionDecl(DistributionDecl &d);
  void checkProcHeader(ProcDecl &p);
  void checkProcBody(ProcDecl &p);
  /// The rank of the array statements of `body` outside every region scope
  /// (the first that assigns or prints a named array, or calls a procedure
  /// that runs under its caller's scope), 0 if there is none: a procedure
  /// with such statements runs under its caller's scope.
  unsigned callerScopeRank(const StmtList &body);
  /// The rank of the array `e` names (looked up in the current scopes when
  /// not yet checked), or 0.
  unsigned namedArrayRank(const Expr *e);
  /// The rank of the first array reduced in `e` by a reduction without a
  /// region of its own (`+<< A`, over the scope), or 0.
  unsigned scopedReductionRank(const Expr *e);
  /// Sets ProcDecl::callerScope of the procedures whose unscoped statements
  /// (array statements, or calls of such procedures) need their caller's.
  void findCallerScopes();
  /// Every call of a procedure that runs under its caller's scope is under
  /// a scope of that rank, without a mask (checked after all bodies).
  void checkCallerScopes();

  // --- regions and directions ---
  bool checkRegion(RegionExpr &r, const ExprCtx &ctx);
  /// A named region: its declaration, or `[i]` for a scalar i rewritten
  /// into a literal region of that single index (checked by the caller).
  bool resolveRegionName(RegionExpr &r, const ExprCtx &ctx);
  /// `d of R`, `d in R`, `R at d`, `R by s`: the base region and the
  /// direction, whose rank must be the region's.
  bool checkDirectedRegion(RegionExpr &r, const ExprCtx &outer);
  /// `constOnly`: the components may name only config vars and constants
  /// (declarations); otherwise (inside a procedure) also parameters and
  /// locals, read when the statement runs.
  bool resolveDir(DirRef &d, bool constOnly = true);
  bool foldDirection(std::vector<ExprPtr> &components, std::vector<int64_t> &offsets,
                     bool &runTime, bool uniform, bool constOnly = true);
  static bool isUnitStride(const std::vector<int64_t> &s) {
    return std::all_of(s.begin(), s.end(), [](int64_t x) { return x <= 1; });
  }
  void treatScalarStrideAsUniform(DirRef &d);
  bool foldInt(const Expr *e, int64_t &out);
  bool foldShift(const CallExpr &c, int64_t &out);
  static std::optional<int64_t> foldIntOp(BinaryOp op, int64_t l, int64_t r);
  void checkConstantArithmetic(BinaryExpr &e);

  // --- expressions ---
  void checkExpr(Expr &e, const ExprCtx &ctx);
  void checkName(NameExpr &e, const ExprCtx &ctx);
  void checkUnary(UnaryExpr &e, const ExprCtx &ctx);
  void checkBinary(BinaryExpr &e, const ExprCtx &ctx);
  void checkCall(CallExpr &e, const ExprCtx &ctx, bool asStatement);
  /// A call of a builtin, or of an undeclared name.
  void checkBuiltinCall(CallExpr &e, const ExprCtx &ctx, bool asStatement);
  /// Argument i of a call of p; marks the call promoted when it is parallel.
  void checkCallArgument(CallExpr &e, const ProcDecl &p, size_t i,
                         const ExprCtx &ctx);
  void checkBuiltin(CallExpr &e, const ExprCtx &ctx);
  /// open/read/close (SemaFiles.cpp).
  void checkFileBuiltin(CallExpr &e, const ExprCtx &ctx, bool asStatement);
  /// An argument that must be a file variable (`what` says where).
  void checkFileArg(Expr &e, const ExprCtx &ctx, const std::string &what);
  /// A variable `read` stores into: not a constant, a config var or a file.
  void checkReadTarget(Expr &e, const ExprCtx &ctx);
  /// `write(f, ...)`: moves a leading file argument into ws.file.
  void checkWriteFile(WriteStmt &ws, const ExprCtx &ctx);
  void checkShift(ShiftExpr &e, const ExprCtx &ctx);
  /// The stride of `r` per dimension (strides come only from `by`, whose
  /// vectors are constants); empty when Sema cannot tell.
  std::vector<int64_t> strideOf(const RegionExpr &r, unsigned depth = 0);
  /// The first index of `r` per dimension where it is a constant (a
  /// strided region's lattice is that index plus multiples of the
  /// stride); nullopt where Sema cannot tell.
  std::vector<std::optional<int64_t>> latticeBaseOf(const RegionExpr &r,
                                                    unsigned depth = 0);
  /// `[d of R]`/`[d in R]` on a strided R: d must move by whole strides.
  void checkBandOnLattice(const RegionExpr &r);
  /// A strided array read or written over `ctx.region` must be so at
  /// points of its own lattice: the region's stride a multiple of its own.
  void checkStrideAlignment(const NameExpr &e, const VarDecl &v, const ExprCtx &ctx);
  void checkReduce(ReduceExpr &e, const ExprCtx &ctx);
  ProcDecl *userOperator(const std::string &name, const SourceLoc &loc, const char *what,
                         const ExprCtx &ctx);
  bool fitsUserOperator(const ProcDecl &p, ScalarType t, const SourceLoc &loc,
                        const std::string &op);
  void checkScan(ScanExpr &e, const ExprCtx &ctx);
  void checkFlood(FloodExpr &e, const ExprCtx &ctx);
  void checkRemap(RemapExpr &e, const ExprCtx &ctx);
  /// `T[i]`, `T[i, j]`: T an indexed array, one scalar integer index per
  /// dimension. Returns T's
  /// declaration (null after an error).
  VarDecl *checkSubscript(SubscriptExpr &e, const ExprCtx &ctx);
  VarDecl *resolveArrayName(Expr &e, const char *what);
  bool checkScalarOf(Expr &e, ScalarType want, const char *what,
                     const ExprCtx &ctx);

  // --- promotion (SemaPromotion.cpp) ---
  /// Fills ProcDecl::notScalarReason of every procedure.
  void findNotScalarProcs();
  /// Each promoted call's callee must be a scalar procedure.
  void checkPromotions();
  /// A parallel argument for `var` parameter `param` (a promoted call's
  /// output) must name an array of the parameter's type.
  void checkPromotedOutput(Expr &arg, const VarDecl &param,
                           const std::string &which);
  /// A promoted call with `var` parameters is a statement, one without is
  /// part of an expression; false (after reporting) otherwise.
  bool checkPromotedCallForm(CallExpr &e, bool asStatement);
  /// A promoted call statement's outputs are parallel, distinct and not
  /// read by its inputs.
  bool checkPromotedOutputsApart(CallExpr &e);

  // --- periodic shifts (SemaPeriodic.cpp) ---
  /// Sets VarDecl::wrapsInPlace of the arrays whose bands nothing but `@^`
  /// reads.
  void markInPlaceWraps(Program &prog);

  // --- statements ---
  void checkStmts(StmtList &stmts);
  void checkStmt(Stmt &s);
  void checkAssign(AssignStmt &s);
  void checkIf(IfStmt &s);
  void checkScoped(ScopedStmt &ss);
  void checkFor(ForStmt &fs);
  void checkReturn(ReturnStmt &rs);
  void checkBoundary(BoundaryStmt &bs);
  void checkWrite(WriteStmt &ws);
  /// Inside a shattered `if` only array statements over its scope may
  /// appear; reports `s` when it is something else.
  bool allowedInShatteredIf(const Stmt &s);
  void checkCondition(Expr &e, const char *what);
  ExprCtx stmtCtx() const {
    ExprCtx c;
    c.regionRank = scopeRank;
    c.region = scope;
    return c;
  }
  void beginStmt() { parallelWithoutScope = false; }
  void endStmt(const Stmt &s) {
    if (parallelWithoutScope && !inRejectedScope)
      error(s.loc, "parallel statement requires an enclosing region scope");
    parallelWithoutScope = false;
  }

  static bool assignable(ScalarType to, ScalarType from) {
    if (to == from)
      return true;
    if (isReal(to) && isNumeric(from))
      return true;
    // integer to int32 keeps the low 32 bits, as C's conversion does.
    return isIntegral(to) && isIntegral(from);
  }
  static ScalarType promote(ScalarType a, ScalarType b) {
    if (a == ScalarType::Double || b == ScalarType::Double)
      return ScalarType::Double;
    if (a == ScalarType::Float || b == ScalarType::Float)
      return ScalarType::Float;
    if (a == ScalarType::Int32 && b == ScalarType::Int32)
      return ScalarType::Int32;
    return ScalarType::Integer;
  }

  Program &prog;
  DiagnosticEngine &diags;
  bool ok = true;
  std::map<std::string, Decl *> globals;
  std::map<std::string, Decl *> locals;
  std::map<const Decl *, long> declIndex;
  ProcDecl *curProc = nullptr;
  const RegionExpr *scope = nullptr;
  unsigned scopeRank = 0;
  unsigned loopDepth = 0;
  bool parallelWithoutScope = false;
  /// Inside a scope whose region had an error (already reported): its
  /// statements are not reported again for lacking a scope.
  bool inRejectedScope = false;
  /// The innermost shattered `if` being checked, or null.
  const IfStmt *shatteredIf = nullptr;
  /// Calls with parallel arguments, checked by checkPromotions.
  std::vector<CallExpr *> promotedCalls;
  /// Procedures used as reduction or scan operators (`f<<`, `f||`), which
  /// must be scalar too: the procedure, where, "reduction" or "scan".
  struct UserOperator {
    ProcDecl *proc;
    SourceLoc loc;
    const char *what;
  };
  std::vector<UserOperator> userOperators;
  /// Every call of a procedure, with the scope in effect at it.
  struct ScopedCall {
    const CallExpr *call;
    const RegionExpr *scope;
    unsigned rank;
  };
  std::vector<ScopedCall> procedureCalls;
};

} // namespace sema
} // namespace zpl

#endif
