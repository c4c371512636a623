//===- MLIRGenInternal.h - shared by the MLIRGen sources ------------------===//
//
// Not a public header: the Generator class that MLIRGen*.cpp implement,
// one file per concern (MLIRGen.cpp: module, declarations and
// distributions; MLIRGenProc.cpp: procedures and the values of
// declarations; MLIRGenExpr.cpp: regions and expressions;
// MLIRGenArrays.cpp: arrays, masks and temporaries; MLIRGenStmt.cpp:
// statements; MLIRGenShattered.cpp: `if` with a parallel condition).
//
// Walks a program that Sema has checked and builds one module:
//  * globals in declaration order: zpl.config, zpl.global (constant or not),
//    zpl.region_decl, zpl.array_decl; directions are folded away;
//  * every procedure becomes a func.func of the same name; scalar locals and
//    parameters live in zpl.alloca slots;
//  * an indexed array (`array [lo..hi] of T`) is a !zpl.indexed handle: a
//    zpl.global made by zpl.indexed_new in its init body, or a local made
//    at the procedure's entry and freed at its exit; `T[i]` is
//    zpl.indexed_load / zpl.indexed_store, in scalar code only;
//  * scalar code uses arith/math/scf; array statements become zpl.assign with
//    a per-element body, full reductions zpl.reduce.
//
// Inside an array statement (or a reduction) the body is generated in
// "element mode": parallel leaves become zpl.read / zpl.index, and every
// maximal scalar subexpression is computed once before the op ("hoisted")
// and used from above.
//
// The rest of the language:
//  * masks (`[R with M]`) become the mask operand of zpl.assign/zpl.reduce;
//    a mask expression is evaluated into an i1 temporary first;
//  * a shattered `if` (parallel condition) evaluates one i1 temporary per
//    branch, then generates its branches as statements masked by them;
//  * a promoted call (a scalar procedure with parallel arguments) is a
//    func.call inside the per-element body; a promoted call statement
//    (`[R] f(X, Out1, Out2);`) is one zpl.assign per `var` argument, each
//    calling f into zero-initialized slots and storing one of them;
//  * scans, floods, partial reductions and gathers store straight into the
//    destination when they are a whole right-hand side, else into a
//    temporary (zpl.local_array ... zpl.free_array around the statement);
//  * `A@^d` reads a copy of A whose bands were wrapped (zpl.boundary);
//  * `var` parameters are !zpl.ref arguments, arrays !zpl.array arguments;
//  * exit/continue/return set i1 flags that guard the rest of the code and
//    stop the loops (scf has no break); procedures have a single exit.
//
// Grids and distributions:
//  * `grid G = [p, q]` becomes zpl.grid_decl (its init body yields the
//    sizes), `distribution D : G = [...]` zpl.dist_decl on @G (a
//    blockcyclic(k) whose k is not a constant is computed in its init);
//  * a declared region is bound (`dist @D`) to its own distribution, else
//    to the one of the region it derives from; `--dist` (GenOptions)
//    replaces the implicit distribution of a rank by a generated
//    zpl.dist_decl on the default grid, to which the other regions of that
//    rank are bound, and the region literals of array declarations too;
//  * a temporary follows the distribution of the array the statement it
//    serves assigns (zpl.local_array ... align), or outside a statement of
//    the first array its expression reads, so that the statement finds it
//    aligned with its other arrays.
// Constructs that cannot be generated are reported as "... is not
// supported yet"; generation then goes on so that every such construct is
// reported, and the module is dropped.
//===----------------------------------------------------------------------===//
#ifndef ZPL_FRONTEND_MLIRGENINTERNAL_H
#define ZPL_FRONTEND_MLIRGENINTERNAL_H

#include "frontend/MLIRGen.h"

#include "dialects/ironman/IronmanDialect.h"
#include "dialects/zpl/ZPLDialect.h"
#include "dialects/zpl/ZPLOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Casting.h"

#include <limits>
#include <set>
#include <vector>

using namespace mlir;
using llvm::cast;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;
using llvm::isa;

namespace zpl {
namespace mlirgen {

// The AST's AssignOp and ReduceOp enums share their names with zpl ops;
// they are always written ast::AssignOp and ast::ReduceOp here.
using ast::Program;
using ast::Decl;
using ast::VarDecl;
using ast::ProcDecl;
using ast::RegionDecl;
using ast::GridDecl;
using ast::DistributionDecl;
using ast::IndexArrayDecl;
using ast::RegionExpr;
using ast::RegionDim;
using ast::Expr;
using ast::IntLitExpr;
using ast::RealLitExpr;
using ast::BoolLitExpr;
using ast::StringLitExpr;
using ast::NameExpr;
using ast::UnaryExpr;
using ast::BinaryExpr;
using ast::CallExpr;
using ast::ShiftExpr;
using ast::ReduceExpr;
using ast::RemapExpr;
using ast::ScanExpr;
using ast::FloodExpr;
using ast::BoundaryStmt;
using ast::Stmt;
using ast::StmtList;
using ast::AssignStmt;
using ast::ScopedStmt;
using ast::BlockStmt;
using ast::IfStmt;
using ast::IfClause;
using ast::ForStmt;
using ast::WhileStmt;
using ast::RepeatStmt;
using ast::ReturnStmt;
using ast::WriteStmt;
using ast::WriteArg;
using ast::CallStmt;
using ast::ScalarType;
using ast::UnaryOp;
using ast::BinaryOp;
using ast::Builtin;
using ast::isReal;
using ast::toString;

class Generator {
public:
  Generator(MLIRContext &context, const Program &program,
            DiagnosticEngine &diags, const GenOptions &options)
      : ctx(context), prog(program), diags(diags), b(&context) {
    for (DistAttr kinds : options.implicitDists)
      implicitKinds[kinds.getRank()] = kinds;
  }

  OwningOpRef<ModuleOp> run();

private:
  //===--------------------------------------------------------------------===//
  // Helpers
  //===--------------------------------------------------------------------===//

  Location loc(const SourceLoc &l) {
    return FileLineColLoc::get(b.getStringAttr(l.file.empty() ? "<unknown>"
                                                              : l.file),
                               l.line, l.col);
  }

  void unsupported(const SourceLoc &l, const llvm::Twine &what) {
    diags.error(l, what + " is not supported yet");
    failed = true;
  }
  void internal(const SourceLoc &l, const llvm::Twine &what) {
    diags.internalError(l, what);
    failed = true;
  }

  Type typeOf(ScalarType t) {
    switch (t) {
    case ScalarType::Integer: return b.getI64Type();
    case ScalarType::Int32: return b.getI32Type();
    case ScalarType::Double: return b.getF64Type();
    case ScalarType::Float: return b.getF32Type();
    case ScalarType::Boolean: return b.getI1Type();
    default: return b.getI64Type(); // String/Void/Invalid never reach values
    }
  }

  Value constInt(Location l, int64_t v) {
    return arith::ConstantOp::create(b, l, b.getI64IntegerAttr(v));
  }
  Value constBool(Location l, bool v) {
    return arith::ConstantOp::create(b, l, b.getBoolAttr(v));
  }
  Value constReal(Location l, double v, ScalarType t) {
    if (t == ScalarType::Float)
      return arith::ConstantOp::create(b, l, b.getF32FloatAttr(float(v)));
    return arith::ConstantOp::create(b, l, b.getF64FloatAttr(v));
  }
  /// A zero of `t`: the placeholder after an error, the default result.
  Value zeroOf(Location l, ScalarType t) {
    if (isReal(t))
      return constReal(l, 0.0, t);
    if (t == ScalarType::Boolean)
      return constBool(l, false);
    return constIntOf(l, 0, t);
  }
  /// The integer constant v of type t (integer or int32).
  Value constIntOf(Location l, int64_t v, ScalarType t) {
    if (t == ScalarType::Int32)
      return arith::ConstantOp::create(b, l, b.getI32IntegerAttr(int32_t(v)));
    return constInt(l, v);
  }

  /// Converts between the numeric types (promotion and the conversions of
  /// double()/integer()/float()).
  Value convert(Location l, Value v, ScalarType from, ScalarType to) {
    if (from == to || !v)
      return v;
    // A scalar computed before the array op is also converted there, once,
    // not per element.
    if (elementMode && bodyOp &&
        !bodyOp->isAncestor(v.getParentBlock()->getParentOp())) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(bodyOp);
      return convertHere(l, v, from, to);
    }
    return convertHere(l, v, from, to);
  }
  Value convertHere(Location l, Value v, ScalarType from, ScalarType to) {
    if (from == ScalarType::Int32 && to == ScalarType::Integer)
      return arith::ExtSIOp::create(b, l, typeOf(to), v);
    if (from == ScalarType::Integer && to == ScalarType::Int32)
      return arith::TruncIOp::create(b, l, typeOf(to), v);
    if (isIntegral(from) && isReal(to))
      return arith::SIToFPOp::create(b, l, typeOf(to), v);
    if (from == ScalarType::Float && to == ScalarType::Double)
      return arith::ExtFOp::create(b, l, typeOf(to), v);
    if (from == ScalarType::Double && to == ScalarType::Float)
      return arith::TruncFOp::create(b, l, typeOf(to), v);
    if (isReal(from) && isIntegral(to))
      return arith::FPToSIOp::create(b, l, typeOf(to), v);
    internal(SourceLoc(), llvm::Twine("cannot convert ") + toString(from) +
                              " to " + toString(to));
    return zeroOf(l, to);
  }

  //===--------------------------------------------------------------------===//
  // Declarations
  //===--------------------------------------------------------------------===//

  void genGlobal(const Decl &d);
  /// A global variable or constant: scalar, parallel array or indexed
  /// array (inside genGlobal's insertion guard).
  void genGlobalVar(const VarDecl &v, Location l);
  void genGrid(const GridDecl &g);
  void genDistribution(const DistributionDecl &d);
  void genProcHeader(const ProcDecl &p);
  void genProcBody(const ProcDecl &p);
  /// Slots for value parameters; `var` and array parameters as they are.
  void bindParams(const ProcDecl &p, func::FuncOp fn);
  /// Slots of scalar locals, local arrays and local indexed arrays.
  void allocateLocals(const ProcDecl &p);
  /// Stores the initial values of locals.
  void initLocals(const ProcDecl &p);
  /// Frees the local arrays, in reverse order of allocation.
  void freeLocals(Location l);
  /// The body and the single exit of a procedure.
  void genStmtsAndReturn(const ProcDecl &p);
  /// A body with a `return` before its end: returned flag, result slot.
  void genStmtsWithEarlyReturn(const ProcDecl &p);
  /// Starts the single block of a declaration's init body.
  Block *startInit(Region &r) { return b.createBlock(&r); }

  //===--------------------------------------------------------------------===//
  // Distributions of regions
  //===--------------------------------------------------------------------===//

  /// The distribution a declared region is bound to: its own (`region R :
  /// D`), else that of the region it derives from, else the --dist one of
  /// its rank; null for the implicit distribution.
  FlatSymbolRefAttr regionDeclDist(const RegionDecl &r);
  /// The distribution a region expression is bound to (null for a
  /// literal: the implicit distribution).
  FlatSymbolRefAttr regionExprDist(const RegionExpr &r);
  /// The generated distribution that replaces the implicit one of `rank`
  /// (--dist), made on first use; null when there is none.
  FlatSymbolRefAttr implicitDist(unsigned rank);
  /// Binds the region literal `region` is (or derives from), the region of
  /// an array declaration, to the --dist distribution of its rank.
  void bindLiteral(Value region);

  //===--------------------------------------------------------------------===//
  // Values of declarations
  //===--------------------------------------------------------------------===//

  /// `zpl.get` of a region or array declaration; inside a procedure these
  /// handles are fetched once, at the top of the function.
  Value getHandle(const Decl &d, Type type, const SourceLoc &useLoc);
  Value loadVar(const VarDecl &v, const SourceLoc &useLoc);
  /// The handle of an indexed array (a global's is fetched once at the
  /// top of the procedure, a local's is made at its entry).
  Value indexedHandle(const VarDecl &v, const SourceLoc &useLoc);
  IndexedType indexedTypeOf(const VarDecl &v) {
    return IndexedType::get(&ctx, v.type.bounds.size(), typeOf(v.elemType));
  }
  /// `zpl.indexed_new` of an indexed array's bounds, at the insertion point.
  Value newIndexed(const VarDecl &v);
  /// `T[i]` read (MLIRGenExpr.cpp) and `T[i] op= value` (MLIRGenStmt.cpp);
  /// `T[i, j]` alike.
  Value genSubscript(const ast::SubscriptExpr &e);
  void genSubscriptAssign(const AssignStmt &s);
  void storeVar(const VarDecl &v, Value value, const SourceLoc &useLoc);

  //===--------------------------------------------------------------------===//
  // Regions
  //===--------------------------------------------------------------------===//

  Value genRegion(const RegionExpr &r);
  Value scopeRegion(const RegionExpr *r, const SourceLoc &useLoc);

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//

  Value genExpr(const Expr &e);
  Value genName(const NameExpr &e);
  Value genUnary(const UnaryExpr &e);
  Value genBinary(const BinaryExpr &e);
  /// + - * / % ^ of the generated operands, converted to e's type.
  Value genArithmetic(const BinaryExpr &e, Location l, Value lhs, Value rhs);
  /// < <= > >= = != of the generated operands, compared in their common type.
  Value genComparison(const BinaryExpr &e, Location l, Value lhs, Value rhs);
  Value genCall(const CallExpr &e);
  Value genBuiltin(const CallExpr &e);
  Value genShift(const ShiftExpr &e);
  Value genReduce(const ReduceExpr &e);
  /// Computes every maximal scalar subexpression of the parallel `e` at the
  /// current insertion point (before the array op being built, which runs
  /// over `region`); scans, floods, partial reductions, gathers and
  /// wrap-around shifts inside `e` are evaluated into temporaries there.
  void hoist(const Expr &e, Value region);
  void hoistParts(const Expr &e, Value region);

  //===--------------------------------------------------------------------===//
  // Arrays, masks and temporaries
  //===--------------------------------------------------------------------===//

  struct Mask {
    Value value;
    bool without = false;
  };
  ArrayType arrayTypeOf(const VarDecl &v) {
    return ArrayType::get(&ctx, v.rank, typeOf(v.elemType));
  }
  /// The array value of a global, a parameter or a local array.
  Value arrayValue(const VarDecl &v, const SourceLoc &useLoc);
  /// The array a NameExpr names, or null if it is not an array name.
  const VarDecl *arrayDeclOf(const Expr &e) {
    auto *n = dyn_cast<NameExpr>(&e);
    auto *v = n ? dyn_cast_or_null<VarDecl>(n->decl) : nullptr;
    return v && v->isArray ? v : nullptr;
  }
  /// `U{e}` (`L{e}`) with `e` known only at run time: zpl.family_element
  /// of `type`, before the array op being built. Selections with the same
  /// `key` (their spelling; empty: none) are one value within a statement.
  Value familyElement(const Decl &family, const Expr &index, Type type,
                      StringRef key);
  /// Whether the arrays `a` and `b` name may be the same when the
  /// statement runs: the same declaration, or selections from one family
  /// (`U{j}` and `U{k}`, `U{j}` and `U{2}`).
  static bool maySameArray(const VarDecl *a, const VarDecl *b) {
    if (!a || !b)
      return false;
    if (a == b)
      return true;
    const Decl *fa = a->selectedFrom ? a->selectedFrom : a->familyOf;
    const Decl *fb = b->selectedFrom ? b->selectedFrom : b->familyOf;
    return (a->selectedFrom || b->selectedFrom) && fa && fa == fb;
  }
  /// The region an array was declared over.
  Value declaredRegion(const VarDecl &v, Value arr, Location l);
  /// The mask of a region scope (`with`/`without`), evaluated over
  /// `region` into a temporary if it is not an array name.
  Mask genMask(const RegionExpr *r, Value region);
  /// A new temporary array over `region`, freed by flushTemps, aligned to
  /// `alignTo` when that has the temporary's rank.
  Value newTemp(Location l, Value region, ScalarType t, StringRef name);
  /// `[region] tmp := e` into a new temporary of element type `t`; the
  /// temporary aligns to `alignTo`, or else to the first array `e` reads.
  Value evalToTemp(const Expr &e, Value region, ScalarType t, StringRef name);
  /// The first array the parallel expression `e` reads, or null.
  Value firstArrayRead(const Expr &e);
  /// `[region with mask] dest op= e`.
  void genInto(Value dest, ScalarType dt, const Expr &e, Value region,
               Mask mask, Location l, ast::AssignOp op,
               const VarDecl *destDecl);
  bool canStoreDirectly(const Expr &e, ScalarType dt, const VarDecl *destDecl);
  void genScanInto(Value dest, ScalarType dt, const ScanExpr &e, Value region);
  void genFloodInto(Value dest, ScalarType dt, const FloodExpr &e, Value region);
  void genPartialInto(Value dest, ScalarType dt, const ReduceExpr &e,
                      Value region);
  /// `[region] dest := e`, a gather; only at the selected points when a
  /// masked statement over `region` is being generated (remapMask).
  void genGatherInto(Value dest, const RemapExpr &e, Value region,
                     const VarDecl *destDecl);
  /// The index arrays of a remap: integer array names are used as they
  /// are (unless they name `avoid`), other expressions are evaluated
  /// (where `mask` selects).
  SmallVector<Value> genIndices(const std::vector<ast::ExprPtr> &indices,
                                Value region, const VarDecl *avoid,
                                Mask mask);
  /// `[region with mask] tmp := e` into a new temporary (see evalToTemp);
  /// the unselected elements of the temporary are left unset.
  Value evalToTempMasked(const Expr &e, Value region, ScalarType t,
                         StringRef name, Mask mask);
  /// The mask of a masked statement being generated, for the gathers its
  /// expression makes over the same region: they move only the selected
  /// elements (an unselected index need not be valid).
  struct RemapMask {
    Mask mask;
    Value region;
  };
  /// Makes `mask` over `region` the remap mask until the end of the scope
  /// (`always`: also when there is no mask, which clears it).
  class RemapMaskScope {
  public:
    RemapMaskScope(RemapMask &slot, Mask mask, Value region,
                   bool always = false)
        : slot(slot), saved(slot) {
      if (mask.value || always)
        slot = {mask, region};
    }
    ~RemapMaskScope() { slot = saved; }

  private:
    RemapMask &slot;
    RemapMask saved;
  };
  /// The remap mask when it applies to a remap over `region`.
  Mask remapMaskFor(Value region) {
    return remapMask.region == region ? remapMask.mask : Mask();
  }
  /// `A@^d`: a copy of A with its bands wrapped (see genShift).
  void genWrapTemp(const ShiftExpr &e);
  /// `A@d` or `A@^d` with d known only at run time: A (or its wrapped
  /// copy) moved by d over `region`, a zpl.dyn_shift (genShift reads it).
  void genRunTimeShift(const ShiftExpr &e, Value region);
  /// The components of a run-time direction, computed before the
  /// statement (shared through statementComponents).
  SmallVector<Value> directionValues(const ast::DirRef &d);
  /// Frees the temporaries made since `mark`, at the insertion point.
  void flushTemps(size_t mark, Location l);
  ReduceKind reduceKind(ast::ReduceOp op);
  /// The symbol of a user-defined operator's procedure (null for none).
  FlatSymbolRefAttr combinerOf(const ProcDecl *userProc);
  Value identityOf(Location l, ReduceKind kind, ScalarType t);
  /// Fills the body of an array op (`zpl.assign`, `zpl.reduce`): element
  /// mode, with `compute` producing the yielded value.
  template <typename Fn>
  void genBody(Region &body, Location l, Fn compute);

  //===--------------------------------------------------------------------===//
  // Statements
  //===--------------------------------------------------------------------===//

  void genStmts(const StmtList &stmts);
  void genStmt(const Stmt &s);
  void genAssign(const AssignStmt &s);
  void genArrayAssign(const AssignStmt &s, const VarDecl &target);
  /// `[R] f(X, Y, Out1, Out2);`: one zpl.assign per output array, each
  /// calling f per element and yielding that output's value.
  void genPromotedCallStmt(const CallStmt &s);
  /// In a promoted call's element body: a zero-initialized slot per `var`
  /// parameter, the call, and the value of the slot of promotedOutput.
  Value genPromotedCall(const CallExpr &e, func::FuncOp fn);
  void genIf(const IfStmt &s, size_t clause);
  /// An `if` with a parallel condition: the masks of its branches, then
  /// its branches as masked statements (MLIRGenShattered.cpp).
  void genShatteredIf(const IfStmt &s);
  /// `[region with mask] dest := v` for a boolean constant v.
  void fillWhere(Value dest, Value region, Mask mask, bool v, Location l);
  void genFor(const ForStmt &s);
  void genWhile(const WhileStmt &s);
  void genRepeat(const RepeatStmt &s);
  void genWrite(const WriteStmt &s);
  /// open(...) (MLIRGenFiles.cpp): the file handle.
  Value genOpen(const CallExpr &e);
  /// `read(f, ...)` and `close(f)` statements (MLIRGenFiles.cpp).
  void genFileStmt(const CallStmt &s);
  void genBoundary(const BoundaryStmt &s);
  void genScatter(const AssignStmt &s);
  bool genScatterProduct(const AssignStmt &s, mlir::Value destArr,
                         mlir::Value region, const RemapExpr &rm);
  void genScatterValue(const AssignStmt &s, mlir::Value destArr,
                       mlir::Value region, const RemapExpr &rm);
  void genReturn(const ReturnStmt &s);

  //===--------------------------------------------------------------------===//
  // exit / continue / return: flags
  //===--------------------------------------------------------------------===//

  /// What a statement may do abruptly: `exit`/`continue` of the loop it is
  /// in (not of a nested loop), `return` from anywhere.
  struct Abrupt {
    bool exit = false, cont = false, ret = false;
    bool any() const { return exit || cont || ret; }
  };
  void scanAbrupt(const Stmt &s, Abrupt &a, bool nested);
  Abrupt abruptOf(const StmtList &stmts) {
    Abrupt a;
    for (const auto &s : stmts)
      if (s)
        scanAbrupt(*s, a, false);
    return a;
  }
  /// A zero-initialised i1 flag slot at the top of the function.
  Value newFlag(Location l, StringRef name);
  Value setFlag(Location l, Value flag, bool v) {
    StoreOp::create(b, l, constBool(l, v), flag);
    return flag;
  }
  /// OR of the flags `a` may set (null if none exists).
  Value stopCondition(const Abrupt &a, Location l, bool withContinue);
  struct LoopCtx {
    Value broken, skip;
  };
  /// The flags a loop needs for the `exit` and `continue` in its body
  /// (none for what it lacks); `broken` starts false before the loop.
  LoopCtx loopFlags(Location l, const Abrupt &a) {
    LoopCtx ctx;
    if (a.exit)
      ctx.broken = setFlag(l, newFlag(l, "broken"), false);
    if (a.cont)
      ctx.skip = newFlag(l, "skip");
    return ctx;
  }
  /// Sets a value until the end of the enclosing scope.
  class ValueScope {
  public:
    ValueScope(Value &slot, Value v) : slot(slot), saved(slot) { slot = v; }
    ~ValueScope() { slot = saved; }

  private:
    Value &slot;
    Value saved;
  };
  /// Makes a loop the innermost one until the end of the enclosing scope.
  class EnterLoop {
  public:
    EnterLoop(LoopCtx *&slot, LoopCtx &ctx) : slot(slot), saved(slot) {
      slot = &ctx;
    }
    ~EnterLoop() { slot = saved; }

  private:
    LoopCtx *&slot;
    LoopCtx *saved;
  };
  /// `x op v` for the compound assignments.
  Value combine(Location l, ast::AssignOp op, Value cur, Value v, ScalarType t);

  //===--------------------------------------------------------------------===//
  // State
  //===--------------------------------------------------------------------===//

  MLIRContext &ctx;
  const Program &prog;
  DiagnosticEngine &diags;
  OpBuilder b;
  ModuleOp module;
  bool failed = false;

  std::map<const ProcDecl *, func::FuncOp> funcs;

  // Arrays and temporaries.
  std::map<const VarDecl *, Value> arrays;  // parameters and local arrays
  SmallVector<Value> localArrays;           // freed at the procedure's exit
  std::map<const VarDecl *, Value> indexed; // local indexed arrays
  SmallVector<Value> localIndexed;          // freed at the procedure's exit
  SmallVector<Value> temps;                 // live temporaries
  std::map<const Expr *, Value> tempOf;     // subexpression -> temporary
  std::map<std::string, Value> selections;  // family elements, per statement
  // `A@^d` within the statement being hoisted: each array's wrapped copy
  // (A itself when it wraps in place) and the bands already wrapped, so
  // that 26 shifts of a 27-point stencil wrap each band once.
  struct Wrapped {
    Value array;
    std::set<std::vector<int64_t>> bands;
    std::set<std::vector<std::string>> runTimeBands; // by componentKey
  };
  std::map<const void *, Wrapped> statementWraps; // by declaration or value
  // The run-time direction components computed for the statement being
  // hoisted, by componentKey: reads with equal components share them.
  std::map<std::string, Value> statementComponents;
  /// The bands of `A@^d` for d known only at run time (genWrapTemp).
  void genRunTimeWraps(const ShiftExpr &e, Wrapped &w);
  unsigned hoistDepth = 0;
  Value alignTo; // the array whose distribution new temporaries follow

  // Distributions.
  std::map<unsigned, DistAttr> implicitKinds;          // --dist, by rank
  std::map<unsigned, FlatSymbolRefAttr> implicitDecls; // their dist_decls
  std::map<const RegionDecl *, FlatSymbolRefAttr> regionDists;

  // Control flow.
  LoopCtx *loopCtx = nullptr;
  Value returnedFlag, resultSlot;
  const ProcDecl *curProc = nullptr;
  Operation *lastFlag = nullptr;

  // Per procedure.
  Block *entry = nullptr;               // null in declaration init bodies
  Operation *lastHandle = nullptr;      // last handle fetched at the top
  std::map<const Decl *, Value> handles;
  std::map<const VarDecl *, Value> slots;
  std::map<const RegionExpr *, Value> scopes; // regions of enclosing `[R]`
  const RegionExpr *curScope = nullptr;       // scope of the current statement

  // The mask of the branch of a shattered `if` being generated (it
  // includes the scope's own mask); its statements use it instead.
  Mask shatterMask;
  RemapMask remapMask;

  // Element mode.
  bool elementMode = false;
  Operation *bodyOp = nullptr; // the zpl.assign/zpl.reduce being filled
  std::map<const Expr *, Value> hoisted;
  // The `var` parameter whose value a promoted call statement's element
  // body yields (genPromotedCallStmt), or -1.
  int promotedOutput = -1;
};

/// Defined here: the array ops of several files fill their bodies with it.
template <typename Fn>
void Generator::genBody(Region &body, Location l, Fn compute) {
  OpBuilder::InsertionGuard guard(b);
  b.createBlock(&body);
  bool savedMode = elementMode;
  Operation *savedOp = bodyOp;
  elementMode = true;
  bodyOp = body.getParentOp();
  Value v = compute();
  elementMode = savedMode;
  bodyOp = savedOp;
  YieldOp::create(b, l, ValueRange{v});
}

} // namespace mlirgen
} // namespace zpl

#endif
