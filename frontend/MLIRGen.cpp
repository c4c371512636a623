//===- MLIRGen.cpp - the checked AST to the zpl dialect -------------------===//
//
// Walks a program that Sema has checked and builds one module:
//  * globals in declaration order: zpl.config, zpl.global (constant or not),
//    zpl.region_decl, zpl.array_decl; directions are folded away;
//  * every procedure becomes a func.func of the same name; scalar locals and
//    parameters live in zpl.alloca slots;
//  * scalar code uses arith/math/scf; array statements become zpl.assign with
//    a per-element body, full reductions zpl.reduce.
//
// Inside an array statement (or a reduction) the body is generated in
// "element mode": parallel leaves become zpl.read / zpl.index, and every
// maximal scalar subexpression is computed once before the op ("hoisted")
// and used from above.
//
// Constructs that later issues add are reported as "... is not supported
// yet"; generation then goes on with a placeholder so that every such
// construct of the program is reported, and the module is dropped.
//===----------------------------------------------------------------------===//

#include "frontend/MLIRGen.h"

#include "dialects/ironman/IronmanDialect.h"
#include "dialects/zpl/ZPLDialect.h"
#include "dialects/zpl/ZPLOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Casting.h"

using namespace mlir;
using llvm::cast;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;
using llvm::isa;

namespace zpl {
namespace {

// The AST's AssignOp and ReduceOp enums share their names with zpl ops;
// they are always written ast::AssignOp and ast::ReduceOp here.
using ast::Program;
using ast::Decl;
using ast::VarDecl;
using ast::ProcDecl;
using ast::RegionDecl;
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
            DiagnosticEngine &diags)
      : ctx(context), prog(program), diags(diags), b(&context) {}

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
    diags.error(l, "internal error: " + what);
    failed = true;
  }

  Type typeOf(ScalarType t) {
    switch (t) {
    case ScalarType::Integer: return b.getI64Type();
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
    return constInt(l, 0);
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
    if (from == ScalarType::Integer && isReal(to))
      return arith::SIToFPOp::create(b, l, typeOf(to), v);
    if (from == ScalarType::Float && to == ScalarType::Double)
      return arith::ExtFOp::create(b, l, typeOf(to), v);
    if (from == ScalarType::Double && to == ScalarType::Float)
      return arith::TruncFOp::create(b, l, typeOf(to), v);
    if (isReal(from) && to == ScalarType::Integer)
      return arith::FPToSIOp::create(b, l, typeOf(to), v);
    internal(SourceLoc(), llvm::Twine("cannot convert ") + toString(from) +
                              " to " + toString(to));
    return zeroOf(l, to);
  }

  //===--------------------------------------------------------------------===//
  // Declarations
  //===--------------------------------------------------------------------===//

  void genGlobal(const Decl &d);
  void genProcHeader(const ProcDecl &p);
  void genProcBody(const ProcDecl &p);
  /// Starts the single block of a declaration's init body.
  Block *startInit(Region &r) { return b.createBlock(&r); }

  //===--------------------------------------------------------------------===//
  // Values of declarations
  //===--------------------------------------------------------------------===//

  /// `zpl.get` of a region or array declaration; inside a procedure these
  /// handles are fetched once, at the top of the function.
  Value getHandle(const Decl &d, Type type, const SourceLoc &useLoc);
  Value loadVar(const VarDecl &v, const SourceLoc &useLoc);
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
  Value genCall(const CallExpr &e);
  Value genBuiltin(const CallExpr &e);
  Value genShift(const ShiftExpr &e);
  Value genReduce(const ReduceExpr &e);
  /// Computes every maximal scalar subexpression of the parallel `e` at the
  /// current insertion point (before the array op being built).
  void hoist(const Expr &e);
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
  void genIf(const IfStmt &s, size_t clause);
  void genFor(const ForStmt &s);
  void genWhile(const WhileStmt &s);
  void genRepeat(const RepeatStmt &s);
  void genWrite(const WriteStmt &s);
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

  // Per procedure.
  Block *entry = nullptr;               // null in declaration init bodies
  Operation *lastHandle = nullptr;      // last handle fetched at the top
  std::map<const Decl *, Value> handles;
  std::map<const VarDecl *, Value> slots;
  std::map<const RegionExpr *, Value> scopes; // regions of enclosing `[R]`
  const RegionExpr *curScope = nullptr;       // scope of the current statement

  // Element mode.
  bool elementMode = false;
  Operation *bodyOp = nullptr; // the zpl.assign/zpl.reduce being filled
  std::map<const Expr *, Value> hoisted;
};

//===----------------------------------------------------------------------===//
// Module and declarations
//===----------------------------------------------------------------------===//

OwningOpRef<ModuleOp> Generator::run() {
  OwningOpRef<ModuleOp> owned = ModuleOp::create(loc(prog.loc));
  module = *owned;
  if (prog.entry)
    module->setAttr("zpl.entry", FlatSymbolRefAttr::get(&ctx, prog.entry->name));

  for (const auto &d : prog.decls) {
    b.setInsertionPointToEnd(module.getBody());
    if (auto *p = dyn_cast<ProcDecl>(d.get()))
      genProcHeader(*p);
    else
      genGlobal(*d);
  }
  for (const auto &d : prog.decls)
    if (auto *p = dyn_cast<ProcDecl>(d.get()))
      genProcBody(*p);

  if (failed)
    return nullptr;
  if (mlir::failed(mlir::verify(*owned))) {
    diags.error(prog.loc, "internal error: the generated zpl module does not "
                          "verify");
    owned->print(llvm::errs(), OpPrintingFlags().printGenericOpForm());
    return nullptr;
  }
  return owned;
}

void Generator::genGlobal(const Decl &d) {
  Location l = loc(d.loc);
  OpBuilder::InsertionGuard guard(b);
  switch (d.kind) {
  case Decl::ConfigVar: {
    auto &v = cast<VarDecl>(d);
    Type t = typeOf(v.elemType);
    auto op = ConfigOp::create(b, l, v.name, t);
    startInit(op.getInit());
    Value init = v.init ? convert(l, genExpr(*v.init), v.init->type, v.elemType)
                        : zeroOf(l, v.elemType);
    YieldOp::create(b, l, ValueRange{init});
    return;
  }
  case Decl::Constant:
  case Decl::Var: {
    auto &v = cast<VarDecl>(d);
    if (v.isArray) {
      if (!v.region) {
        internal(v.loc, "array '" + v.name + "' has no region");
        return;
      }
      auto type = ArrayType::get(&ctx, v.rank, typeOf(v.elemType));
      auto op = ArrayDeclOp::create(b, l, b.getStringAttr(v.name),
                                    TypeAttr::get(type), DenseI64ArrayAttr());
      startInit(op.getInit());
      Value r = genRegion(*v.region);
      if (!r) // reported; keep the body well formed
        r = MakeRegionOp::create(
            b, l, RegionType::get(&ctx, v.rank),
            SmallVector<Value>(v.rank, constInt(l, 1)),
            SmallVector<Value>(v.rank, constInt(l, 1)));
      YieldOp::create(b, l, ValueRange{r});
      return;
    }
    Type t = typeOf(v.elemType);
    bool isConst = d.kind == Decl::Constant;
    auto op = GlobalOp::create(b, l, b.getStringAttr(v.name), TypeAttr::get(t),
                               isConst ? b.getUnitAttr() : UnitAttr());
    if (v.init) {
      startInit(op.getInit());
      Value init = convert(l, genExpr(*v.init), v.init->type, v.elemType);
      YieldOp::create(b, l, ValueRange{init});
    }
    return;
  }
  case Decl::Region: {
    auto &r = cast<RegionDecl>(d);
    auto type = RegionType::get(&ctx, r.rank);
    auto op = RegionDeclOp::create(b, l, b.getStringAttr(r.name),
                                   TypeAttr::get(type), DistAttr());
    startInit(op.getInit());
    Value v = genRegion(*r.region);
    if (!v)
      v = MakeRegionOp::create(b, l, type,
                               SmallVector<Value>(r.rank, constInt(l, 1)),
                               SmallVector<Value>(r.rank, constInt(l, 1)));
    YieldOp::create(b, l, ValueRange{v});
    return;
  }
  case Decl::Direction:
    return; // folded into every use
  case Decl::Grid:
  case Decl::Distribution:
    diags.error(d.loc, "grids and distributions are not supported yet");
    failed = true;
    return;
  default:
    return;
  }
}

void Generator::genProcHeader(const ProcDecl &p) {
  bool good = true;
  SmallVector<Type> inputs;
  for (const auto &param : p.params) {
    if (param->isArray) {
      unsupported(param->loc, "array parameter '" + param->name + "'");
      good = false;
    } else if (param->byRef) {
      unsupported(param->loc, "`var` parameter '" + param->name + "'");
      good = false;
    }
    inputs.push_back(typeOf(param->elemType));
  }
  if (!good)
    return;
  SmallVector<Type> results;
  if (p.resultType != ScalarType::Void)
    results.push_back(typeOf(p.resultType));
  auto fn = func::FuncOp::create(b, loc(p.loc), p.name,
                                 b.getFunctionType(inputs, results));
  funcs[&p] = fn;
}

void Generator::genProcBody(const ProcDecl &p) {
  auto it = funcs.find(&p);
  if (it == funcs.end())
    return;
  func::FuncOp fn = it->second;
  Location pl = loc(p.loc);
  entry = fn.addEntryBlock();
  b.setInsertionPointToStart(entry);
  lastHandle = nullptr;
  handles.clear();
  slots.clear();
  scopes.clear();
  curScope = nullptr;

  // Parameters are stored into slots so that they are assignable.
  for (auto [i, param] : llvm::enumerate(p.params)) {
    Location l = loc(param->loc);
    Type t = typeOf(param->elemType);
    Value slot = AllocaOp::create(b, l, RefType::get(&ctx, t),
                                  b.getStringAttr(param->name));
    StoreOp::create(b, l, fn.getArgument(i), slot);
    slots[param.get()] = slot;
  }
  for (const auto &v : p.locals) {
    Location l = loc(v->loc);
    if (v->isArray) {
      unsupported(v->loc, "local array '" + v->name + "'");
      continue;
    }
    Type t = typeOf(v->elemType);
    slots[v.get()] = AllocaOp::create(b, l, RefType::get(&ctx, t),
                                      b.getStringAttr(v->name));
  }
  for (const auto &v : p.locals)
    if (v->init && !v->isArray)
      storeVar(*v, convert(loc(v->init->loc), genExpr(*v->init), v->init->type,
                           v->elemType),
               v->loc);

  // The body; a `return` is only supported as the last statement.
  const ReturnStmt *last = nullptr;
  size_t n = p.body.size();
  if (n && p.body.back() && p.body.back()->kind == Stmt::Return) {
    last = cast<ReturnStmt>(p.body.back().get());
    --n;
  }
  for (size_t i = 0; i < n; ++i)
    if (p.body[i])
      genStmt(*p.body[i]);

  if (last) {
    Location l = loc(last->loc);
    curScope = last->scope;
    if (last->value && p.resultType != ScalarType::Void) {
      Value v = convert(l, genExpr(*last->value), last->value->type,
                        p.resultType);
      func::ReturnOp::create(b, l, ValueRange{v});
    } else {
      func::ReturnOp::create(b, l);
    }
  } else if (p.resultType != ScalarType::Void) {
    // Falling off the end of a function returns zero.
    func::ReturnOp::create(b, pl, ValueRange{zeroOf(pl, p.resultType)});
  } else {
    func::ReturnOp::create(b, pl);
  }
  entry = nullptr;
}

//===----------------------------------------------------------------------===//
// Values of declarations
//===----------------------------------------------------------------------===//

Value Generator::getHandle(const Decl &d, Type type, const SourceLoc &useLoc) {
  auto name = FlatSymbolRefAttr::get(&ctx, d.name);
  if (!entry) // a declaration's init body: fetch in place
    return GetOp::create(b, loc(useLoc), type, name);
  auto it = handles.find(&d);
  if (it != handles.end())
    return it->second;
  OpBuilder::InsertionGuard guard(b);
  if (lastHandle)
    b.setInsertionPointAfter(lastHandle);
  else
    b.setInsertionPointToStart(entry);
  auto get = GetOp::create(b, loc(d.loc), type, name);
  lastHandle = get;
  handles[&d] = get;
  return get;
}

Value Generator::loadVar(const VarDecl &v, const SourceLoc &useLoc) {
  Location l = loc(useLoc);
  if (v.isGlobal())
    return GetOp::create(b, l, typeOf(v.elemType),
                         FlatSymbolRefAttr::get(&ctx, v.name));
  auto it = slots.find(&v);
  if (it == slots.end()) {
    internal(useLoc, "no storage for '" + v.name + "'");
    return zeroOf(l, v.elemType);
  }
  return LoadOp::create(b, l, typeOf(v.elemType), it->second);
}

void Generator::storeVar(const VarDecl &v, Value value, const SourceLoc &useLoc) {
  Location l = loc(useLoc);
  if (v.isGlobal()) {
    SetOp::create(b, l, FlatSymbolRefAttr::get(&ctx, v.name), value);
    return;
  }
  auto it = slots.find(&v);
  if (it == slots.end()) {
    internal(useLoc, "no storage for '" + v.name + "'");
    return;
  }
  StoreOp::create(b, l, value, it->second);
}

//===----------------------------------------------------------------------===//
// Regions
//===----------------------------------------------------------------------===//

Value Generator::genRegion(const RegionExpr &r) {
  Location l = loc(r.loc);
  if (r.mask)
    unsupported(r.mask->loc, r.maskWithout ? "a `without` mask" : "a `with` mask");
  auto type = RegionType::get(&ctx, r.rank);
  switch (r.kind) {
  case RegionExpr::Named:
    if (!r.decl) {
      internal(r.loc, "unresolved region '" + r.name + "'");
      return nullptr;
    }
    return getHandle(*r.decl, type, r.loc);
  case RegionExpr::Literal: {
    SmallVector<Value> lows, highs;
    bool good = true;
    for (const RegionDim &dim : r.dims) {
      switch (dim.kind) {
      case RegionDim::Range:
        lows.push_back(genExpr(*dim.lo));
        highs.push_back(genExpr(*dim.hi));
        break;
      case RegionDim::Single: {
        Value v = genExpr(*dim.lo);
        lows.push_back(v);
        highs.push_back(v);
        break;
      }
      case RegionDim::Flood:
        unsupported(dim.loc, "a flood dimension `*`");
        good = false;
        break;
      }
    }
    if (!good)
      return nullptr;
    return MakeRegionOp::create(b, l, type, lows, highs);
  }
  case RegionExpr::Of:
  case RegionExpr::In:
  case RegionExpr::At: {
    Value base = genRegion(*r.base);
    if (!base)
      return nullptr;
    DeriveKind kind = r.kind == RegionExpr::Of   ? DeriveKind::of
                      : r.kind == RegionExpr::In ? DeriveKind::in
                                                 : DeriveKind::at;
    return DeriveRegionOp::create(b, l, type, kind, base, r.dir->offsets);
  }
  case RegionExpr::By:
    unsupported(r.loc, "a strided region `by`");
    return nullptr;
  }
  return nullptr;
}

Value Generator::scopeRegion(const RegionExpr *r, const SourceLoc &useLoc) {
  if (!r) {
    internal(useLoc, "parallel statement without a region scope");
    return nullptr;
  }
  auto it = scopes.find(r);
  if (it != scopes.end())
    return it->second;
  return genRegion(*r);
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

Value Generator::genExpr(const Expr &e) {
  if (elementMode && !e.parallel) {
    auto it = hoisted.find(&e);
    if (it != hoisted.end())
      return it->second;
  }
  Location l = loc(e.loc);
  switch (e.kind) {
  case Expr::IntLit: return constInt(l, cast<IntLitExpr>(e).value);
  case Expr::RealLit: return constReal(l, cast<RealLitExpr>(e).value, e.type);
  case Expr::BoolLit: return constBool(l, cast<BoolLitExpr>(e).value);
  case Expr::StringLit:
    internal(e.loc, "a string used as a value");
    return constInt(l, 0);
  case Expr::Name: return genName(cast<NameExpr>(e));
  case Expr::Unary: return genUnary(cast<UnaryExpr>(e));
  case Expr::Binary: return genBinary(cast<BinaryExpr>(e));
  case Expr::Call: return genCall(cast<CallExpr>(e));
  case Expr::Shift: return genShift(cast<ShiftExpr>(e));
  case Expr::Reduce: return genReduce(cast<ReduceExpr>(e));
  case Expr::Scan:
    unsupported(e.loc, "a scan `||`");
    return zeroOf(l, e.type);
  case Expr::Flood:
    unsupported(e.loc, "a flood `>>`");
    return zeroOf(l, e.type);
  case Expr::Remap:
    unsupported(e.loc, "a remap `#[...]`");
    return zeroOf(l, e.type);
  }
  return zeroOf(l, e.type);
}

Value Generator::genName(const NameExpr &e) {
  Location l = loc(e.loc);
  if (auto *ia = dyn_cast_or_null<IndexArrayDecl>(e.decl)) {
    if (!elementMode) {
      internal(e.loc, "'" + e.name + "' outside an array statement");
      return constInt(l, 0);
    }
    return IndexOp::create(b, l, b.getI64Type(),
                           b.getI64IntegerAttr(int64_t(ia->dim) - 1));
  }
  auto *v = dyn_cast_or_null<VarDecl>(e.decl);
  if (!v) {
    internal(e.loc, "'" + e.name + "' is not a variable");
    return zeroOf(l, e.type);
  }
  if (v->isArray) {
    if (!elementMode || !v->isGlobal()) {
      if (v->isGlobal())
        internal(e.loc, "array '" + e.name + "' read outside an array statement");
      return zeroOf(l, e.type);
    }
    Type elem = typeOf(v->elemType);
    Value arr = getHandle(*v, ArrayType::get(&ctx, v->rank, elem), e.loc);
    return ReadOp::create(b, l, elem, arr, SmallVector<int64_t>(v->rank, 0));
  }
  return loadVar(*v, e.loc);
}

Value Generator::genShift(const ShiftExpr &e) {
  Location l = loc(e.loc);
  if (e.wrap) {
    unsupported(e.loc, "a wrap-around shift `@^`");
    return zeroOf(l, e.type);
  }
  auto *n = cast<NameExpr>(e.array.get());
  auto *v = dyn_cast_or_null<VarDecl>(n->decl);
  if (!v || !v->isArray || !elementMode) {
    internal(e.loc, "bad shift");
    return zeroOf(l, e.type);
  }
  if (!v->isGlobal())
    return zeroOf(l, e.type); // local arrays are reported at the declaration
  Type elem = typeOf(v->elemType);
  Value arr = getHandle(*v, ArrayType::get(&ctx, v->rank, elem), n->loc);
  return ReadOp::create(b, l, elem, arr, e.dir->offsets);
}

Value Generator::genUnary(const UnaryExpr &e) {
  Location l = loc(e.loc);
  Value v = genExpr(*e.operand);
  switch (e.op) {
  case UnaryOp::Plus: return v;
  case UnaryOp::Not:
    return arith::XOrIOp::create(b, l, v, constBool(l, true));
  case UnaryOp::Neg:
    if (isReal(e.type))
      return arith::NegFOp::create(b, l, v);
    return arith::SubIOp::create(b, l, constInt(l, 0), v);
  }
  return v;
}

Value Generator::genBinary(const BinaryExpr &e) {
  Location l = loc(e.loc);
  Value lhs = genExpr(*e.lhs), rhs = genExpr(*e.rhs);
  ScalarType lt = e.lhs->type, rt = e.rhs->type;
  switch (e.op) {
  case BinaryOp::Add:
  case BinaryOp::Sub:
  case BinaryOp::Mul:
  case BinaryOp::Div:
  case BinaryOp::Mod:
  case BinaryOp::Pow: {
    ScalarType t = e.type;
    lhs = convert(l, lhs, lt, t);
    rhs = convert(l, rhs, rt, t);
    bool real = isReal(t);
    switch (e.op) {
    case BinaryOp::Add:
      return real ? Value(arith::AddFOp::create(b, l, lhs, rhs))
                  : Value(arith::AddIOp::create(b, l, lhs, rhs));
    case BinaryOp::Sub:
      return real ? Value(arith::SubFOp::create(b, l, lhs, rhs))
                  : Value(arith::SubIOp::create(b, l, lhs, rhs));
    case BinaryOp::Mul:
      return real ? Value(arith::MulFOp::create(b, l, lhs, rhs))
                  : Value(arith::MulIOp::create(b, l, lhs, rhs));
    case BinaryOp::Div:
      return real ? Value(arith::DivFOp::create(b, l, lhs, rhs))
                  : Value(arith::DivSIOp::create(b, l, lhs, rhs));
    case BinaryOp::Mod:
      return real ? Value(arith::RemFOp::create(b, l, lhs, rhs))
                  : Value(arith::RemSIOp::create(b, l, lhs, rhs));
    default:
      return real ? Value(math::PowFOp::create(b, l, lhs, rhs))
                  : Value(math::IPowIOp::create(b, l, lhs, rhs));
    }
  }
  case BinaryOp::Lt:
  case BinaryOp::Le:
  case BinaryOp::Gt:
  case BinaryOp::Ge:
  case BinaryOp::Eq:
  case BinaryOp::Ne: {
    if (lt == ScalarType::Boolean || rt == ScalarType::Boolean) {
      auto pred = e.op == BinaryOp::Eq ? arith::CmpIPredicate::eq
                                       : arith::CmpIPredicate::ne;
      return arith::CmpIOp::create(b, l, pred, lhs, rhs);
    }
    ScalarType t = lt == rt ? lt
                   : (lt == ScalarType::Double || rt == ScalarType::Double)
                       ? ScalarType::Double
                   : (lt == ScalarType::Float || rt == ScalarType::Float)
                       ? ScalarType::Float
                       : ScalarType::Integer;
    lhs = convert(l, lhs, lt, t);
    rhs = convert(l, rhs, rt, t);
    if (isReal(t)) {
      arith::CmpFPredicate pred;
      switch (e.op) {
      case BinaryOp::Lt: pred = arith::CmpFPredicate::OLT; break;
      case BinaryOp::Le: pred = arith::CmpFPredicate::OLE; break;
      case BinaryOp::Gt: pred = arith::CmpFPredicate::OGT; break;
      case BinaryOp::Ge: pred = arith::CmpFPredicate::OGE; break;
      case BinaryOp::Eq: pred = arith::CmpFPredicate::OEQ; break;
      default: pred = arith::CmpFPredicate::ONE; break;
      }
      return arith::CmpFOp::create(b, l, pred, lhs, rhs);
    }
    arith::CmpIPredicate pred;
    switch (e.op) {
    case BinaryOp::Lt: pred = arith::CmpIPredicate::slt; break;
    case BinaryOp::Le: pred = arith::CmpIPredicate::sle; break;
    case BinaryOp::Gt: pred = arith::CmpIPredicate::sgt; break;
    case BinaryOp::Ge: pred = arith::CmpIPredicate::sge; break;
    case BinaryOp::Eq: pred = arith::CmpIPredicate::eq; break;
    default: pred = arith::CmpIPredicate::ne; break;
    }
    return arith::CmpIOp::create(b, l, pred, lhs, rhs);
  }
  case BinaryOp::And: return arith::AndIOp::create(b, l, lhs, rhs);
  case BinaryOp::Or: return arith::OrIOp::create(b, l, lhs, rhs);
  }
  return lhs;
}

Value Generator::genCall(const CallExpr &e) {
  if (e.builtin != Builtin::None)
    return genBuiltin(e);
  Location l = loc(e.loc);
  if (!e.proc) {
    internal(e.loc, "unresolved call of '" + e.callee + "'");
    return zeroOf(l, e.type);
  }
  auto it = funcs.find(e.proc);
  if (it == funcs.end()) // its parameters were reported as unsupported
    return e.type == ScalarType::Void ? Value() : zeroOf(l, e.type);
  SmallVector<Value> args;
  for (auto [arg, param] : llvm::zip(e.args, e.proc->params))
    args.push_back(convert(loc(arg->loc), genExpr(*arg), arg->type,
                           param->elemType));
  auto call = func::CallOp::create(b, l, it->second, args);
  return call.getNumResults() ? call.getResult(0) : Value();
}

Value Generator::genBuiltin(const CallExpr &e) {
  Location l = loc(e.loc);
  SmallVector<Value, 2> args;
  for (const auto &a : e.args)
    args.push_back(genExpr(*a));
  ScalarType t = e.type;
  auto arg = [&](unsigned i) {
    return convert(l, args[i], e.args[i]->type, t);
  };
  switch (e.builtin) {
  case Builtin::Abs:
    if (isReal(t))
      return math::AbsFOp::create(b, l, arg(0));
    return math::AbsIOp::create(b, l, arg(0));
  case Builtin::Sqrt: return math::SqrtOp::create(b, l, arg(0));
  case Builtin::Exp: return math::ExpOp::create(b, l, arg(0));
  case Builtin::Log: return math::LogOp::create(b, l, arg(0));
  case Builtin::Sin: return math::SinOp::create(b, l, arg(0));
  case Builtin::Cos: return math::CosOp::create(b, l, arg(0));
  case Builtin::Tan: return math::TanOp::create(b, l, arg(0));
  case Builtin::Floor: return math::FloorOp::create(b, l, arg(0));
  case Builtin::Ceil: return math::CeilOp::create(b, l, arg(0));
  case Builtin::Pow: return math::PowFOp::create(b, l, arg(0), arg(1));
  case Builtin::Min:
    if (isReal(t))
      return arith::MinimumFOp::create(b, l, arg(0), arg(1));
    return arith::MinSIOp::create(b, l, arg(0), arg(1));
  case Builtin::Max:
    if (isReal(t))
      return arith::MaximumFOp::create(b, l, arg(0), arg(1));
    return arith::MaxSIOp::create(b, l, arg(0), arg(1));
  case Builtin::ToDouble:
  case Builtin::ToInteger:
  case Builtin::ToFloat:
    return arg(0);
  case Builtin::None:
    break;
  }
  internal(e.loc, "unknown builtin '" + e.callee + "'");
  return zeroOf(l, t);
}

void Generator::hoist(const Expr &e) {
  if (!e.parallel) {
    if (!hoisted.count(&e)) {
      bool saved = elementMode;
      elementMode = false;
      Value v = genExpr(e);
      elementMode = saved;
      hoisted[&e] = v;
    }
    return;
  }
  switch (e.kind) {
  case Expr::Unary: hoist(*cast<UnaryExpr>(e).operand); return;
  case Expr::Binary:
    hoist(*cast<BinaryExpr>(e).lhs);
    hoist(*cast<BinaryExpr>(e).rhs);
    return;
  case Expr::Call:
    for (const auto &a : cast<CallExpr>(e).args)
      hoist(*a);
    return;
  default: // leaves (reads, Index) and constructs reported later
    return;
  }
}

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

Value Generator::genReduce(const ReduceExpr &e) {
  Location l = loc(e.loc);
  if (e.parallel) {
    unsupported(e.loc, "a partial reduction");
    return zeroOf(l, e.type);
  }
  Value region = e.region ? genRegion(*e.region) : scopeRegion(curScope, e.loc);
  if (!region)
    return zeroOf(l, e.type);
  ReduceKind kind = ReduceKind::Add;
  switch (e.op) {
  case ast::ReduceOp::Add: kind = ReduceKind::Add; break;
  case ast::ReduceOp::Mul: kind = ReduceKind::Mul; break;
  case ast::ReduceOp::Max: kind = ReduceKind::Max; break;
  case ast::ReduceOp::Min: kind = ReduceKind::Min; break;
  case ast::ReduceOp::And: kind = ReduceKind::And; break;
  case ast::ReduceOp::Or: kind = ReduceKind::Or; break;
  }
  // The operand's scalar parts are computed before the reduction.
  std::map<const Expr *, Value> outer;
  std::swap(outer, hoisted);
  hoist(*e.operand);
  auto op = zpl::ReduceOp::create(b, l, typeOf(e.type), kind, region);
  genBody(op.getBody(), l, [&] {
    return convert(l, genExpr(*e.operand), e.operand->type, e.type);
  });
  std::swap(outer, hoisted);
  return op.getResult();
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

void Generator::genStmts(const StmtList &stmts) {
  for (const auto &s : stmts)
    if (s)
      genStmt(*s);
}

void Generator::genStmt(const Stmt &s) {
  const RegionExpr *savedScope = curScope;
  curScope = s.scope;
  Location l = loc(s.loc);
  switch (s.kind) {
  case Stmt::Assign: genAssign(cast<AssignStmt>(s)); break;
  case Stmt::Block: genStmts(cast<BlockStmt>(s).body); break;
  case Stmt::Scoped: {
    auto &ss = cast<ScopedStmt>(s);
    // Null after an error: the statements inside then skip their array
    // ops instead of reporting the region again.
    scopes[ss.region.get()] = genRegion(*ss.region);
    if (ss.body)
      genStmt(*ss.body);
    scopes.erase(ss.region.get());
    break;
  }
  case Stmt::If: genIf(cast<IfStmt>(s), 0); break;
  case Stmt::For: genFor(cast<ForStmt>(s)); break;
  case Stmt::While: genWhile(cast<WhileStmt>(s)); break;
  case Stmt::Repeat: genRepeat(cast<RepeatStmt>(s)); break;
  case Stmt::Exit: unsupported(s.loc, "`exit`"); break;
  case Stmt::Continue: unsupported(s.loc, "`continue`"); break;
  case Stmt::Return:
    unsupported(s.loc, "`return` before the end of a procedure");
    break;
  case Stmt::Halt: HaltOp::create(b, l); break;
  case Stmt::Wrap: unsupported(s.loc, "`wrap`"); break;
  case Stmt::Reflect: unsupported(s.loc, "`reflect`"); break;
  case Stmt::Write: genWrite(cast<WriteStmt>(s)); break;
  case Stmt::Call: genCall(*cast<CallStmt>(s).call); break;
  }
  curScope = savedScope;
}

Value Generator::combine(Location l, ast::AssignOp op, Value cur, Value v,
                         ScalarType t) {
  bool real = isReal(t);
  switch (op) {
  case ast::AssignOp::Assign: return v;
  case ast::AssignOp::AddAssign:
    return real ? Value(arith::AddFOp::create(b, l, cur, v))
                : Value(arith::AddIOp::create(b, l, cur, v));
  case ast::AssignOp::SubAssign:
    return real ? Value(arith::SubFOp::create(b, l, cur, v))
                : Value(arith::SubIOp::create(b, l, cur, v));
  case ast::AssignOp::MulAssign:
    return real ? Value(arith::MulFOp::create(b, l, cur, v))
                : Value(arith::MulIOp::create(b, l, cur, v));
  case ast::AssignOp::DivAssign:
    return real ? Value(arith::DivFOp::create(b, l, cur, v))
                : Value(arith::DivSIOp::create(b, l, cur, v));
  }
  return v;
}

void Generator::genAssign(const AssignStmt &s) {
  Location l = loc(s.loc);
  if (isa<RemapExpr>(s.target.get())) {
    unsupported(s.target->loc, "a scatter `#[...]` assignment");
    return;
  }
  auto *n = cast<NameExpr>(s.target.get());
  auto *v = dyn_cast_or_null<VarDecl>(n->decl);
  if (!v) {
    internal(s.loc, "assignment to a non-variable");
    return;
  }
  if (v->isArray) {
    if (!v->isGlobal())
      return; // reported at the declaration
    genArrayAssign(s, *v);
    return;
  }
  Value value = convert(l, genExpr(*s.value), s.value->type, v->elemType);
  if (s.op != ast::AssignOp::Assign)
    value = combine(l, s.op, loadVar(*v, n->loc), value, v->elemType);
  storeVar(*v, value, s.loc);
}

void Generator::genArrayAssign(const AssignStmt &s, const VarDecl &target) {
  Location l = loc(s.loc);
  Value region = scopeRegion(s.scope, s.loc);
  if (!region)
    return;
  Type elem = typeOf(target.elemType);
  Value arr = getHandle(target, ArrayType::get(&ctx, target.rank, elem),
                        s.target->loc);
  std::map<const Expr *, Value> outer;
  std::swap(outer, hoisted);
  hoist(*s.value);
  auto op = zpl::AssignOp::create(b, l, arr, region);
  genBody(op.getBody(), l, [&] {
    Value v = convert(l, genExpr(*s.value), s.value->type, target.elemType);
    if (s.op != ast::AssignOp::Assign) {
      Value cur = ReadOp::create(b, loc(s.target->loc), elem, arr,
                                 SmallVector<int64_t>(target.rank, 0));
      v = combine(l, s.op, cur, v, target.elemType);
    }
    return v;
  });
  std::swap(outer, hoisted);
}

void Generator::genIf(const IfStmt &s, size_t clause) {
  const IfClause &c = s.clauses[clause];
  Location l = loc(clause == 0 ? s.loc : c.cond->loc);
  Value cond = genExpr(*c.cond);
  bool more = clause + 1 < s.clauses.size();
  bool withElse = more || (s.hasElse && !s.elseBody.empty());
  auto op = scf::IfOp::create(b, l, cond, withElse);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(op.thenBlock()->getTerminator());
  genStmts(c.body);
  if (withElse) {
    b.setInsertionPoint(op.elseBlock()->getTerminator());
    if (more)
      genIf(s, clause + 1);
    else
      genStmts(s.elseBody);
  }
}

void Generator::genFor(const ForStmt &s) {
  Location l = loc(s.loc);
  auto *v = dyn_cast_or_null<VarDecl>(s.var->decl);
  if (!v) {
    internal(s.loc, "unresolved loop variable");
    return;
  }
  // The bounds and the step are evaluated once. The loop runs a counter k
  // over [0, n) with n = (hi - lo) / step + 1 (to) or (lo - hi) / step + 1
  // (downto), zero when the range is empty or the step is not positive, and
  // sets i = lo + k*step (lo - k*step) before each iteration.
  Value lo = genExpr(*s.lo), hi = genExpr(*s.hi);
  Value step = s.step ? genExpr(*s.step) : constInt(l, 1);
  Value zero = constInt(l, 0), one = constInt(l, 1);
  Value diff = s.down ? arith::SubIOp::create(b, l, lo, hi)
                      : arith::SubIOp::create(b, l, hi, lo);
  Value stepPos =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::sgt, step, zero);
  Value safeStep = arith::SelectOp::create(b, l, stepPos, step, one);
  Value count = arith::AddIOp::create(
      b, l, arith::DivSIOp::create(b, l, diff, safeStep), one);
  Value nonEmpty =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, diff, zero);
  Value runs = arith::AndIOp::create(b, l, stepPos, nonEmpty);
  Value trips = arith::SelectOp::create(b, l, runs, count, zero);
  auto loop = scf::ForOp::create(b, l, zero, trips, one);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(loop.getBody()->getTerminator());
  Value k = loop.getInductionVar();
  Value off = arith::MulIOp::create(b, l, k, step);
  Value i = s.down ? Value(arith::SubIOp::create(b, l, lo, off))
                   : Value(arith::AddIOp::create(b, l, lo, off));
  storeVar(*v, i, s.var->loc);
  genStmts(s.body);
}

void Generator::genWhile(const WhileStmt &s) {
  Location l = loc(s.loc);
  auto loop = scf::WhileOp::create(b, l, TypeRange{}, ValueRange{});
  OpBuilder::InsertionGuard guard(b);
  b.createBlock(&loop.getBefore());
  Value cond = genExpr(*s.cond);
  scf::ConditionOp::create(b, loc(s.cond->loc), cond, ValueRange{});
  b.createBlock(&loop.getAfter());
  genStmts(s.body);
  scf::YieldOp::create(b, l);
}

void Generator::genRepeat(const RepeatStmt &s) {
  // The body runs in the `before` region; the loop goes on while the
  // until-condition is false.
  Location l = loc(s.loc);
  auto loop = scf::WhileOp::create(b, l, TypeRange{}, ValueRange{});
  OpBuilder::InsertionGuard guard(b);
  b.createBlock(&loop.getBefore());
  genStmts(s.body);
  Location cl = loc(s.cond->loc);
  Value until = genExpr(*s.cond);
  Value again = arith::XOrIOp::create(b, cl, until, constBool(cl, true));
  scf::ConditionOp::create(b, cl, again, ValueRange{});
  b.createBlock(&loop.getAfter());
  scf::YieldOp::create(b, l);
}

void Generator::genWrite(const WriteStmt &s) {
  for (const WriteArg &a : s.args) {
    const Expr &e = *a.value;
    Location l = loc(e.loc);
    StringAttr format = a.hasFormat ? b.getStringAttr(a.format) : StringAttr();
    if (auto *str = dyn_cast<StringLitExpr>(&e)) {
      WriteStrOp::create(b, l, b.getStringAttr(str->value));
      continue;
    }
    if (!e.parallel) {
      WriteOp::create(b, l, genExpr(e), format);
      continue;
    }
    auto *n = dyn_cast<NameExpr>(&e);
    auto *v = n ? dyn_cast_or_null<VarDecl>(n->decl) : nullptr;
    if (!v || !v->isArray) {
      unsupported(e.loc, "writing a parallel expression");
      continue;
    }
    if (!v->isGlobal())
      continue; // reported at the declaration
    Value region = scopeRegion(s.scope, e.loc);
    if (!region)
      continue;
    Value arr = getHandle(*v, ArrayType::get(&ctx, v->rank, typeOf(v->elemType)),
                          e.loc);
    WriteArrayOp::create(b, l, arr, region, format);
  }
  if (s.newline)
    WritelnOp::create(b, loc(s.loc));
}

} // namespace

void loadDialects(MLIRContext &context) {
  context.loadDialect<ZPLDialect, ironman::IronmanDialect, arith::ArithDialect,
                      func::FuncDialect, math::MathDialect, scf::SCFDialect>();
}

OwningOpRef<ModuleOp> buildModule(MLIRContext &context,
                                  const ast::Program &program,
                                  DiagnosticEngine &diags) {
  loadDialects(context);
  Generator gen(context, program, diags);
  return gen.run();
}

} // namespace zpl
