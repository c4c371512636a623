//===- AST.h - abstract syntax tree of a ZPL program -----------------------===//
//
// Plain C++ structs; no ANTLR types, no exceptions, no RTTI needed (every
// class hierarchy has a `kind` and LLVM-style `classof`, so llvm::isa /
// llvm::dyn_cast / llvm::cast work from -fno-rtti code).
//
// The parser fills the syntactic fields. Sema fills the fields marked
// "[Sema]"; after zpl::parseAndCheck succeeds they are all valid:
//  * every Expr: `type` (scalar element type), `parallel`, `rank`;
//  * every NameExpr: `decl` (its declaration);
//  * every DirRef: `offsets` (the folded integer vector) and `decl`;
//  * every RegionExpr: `rank`, `decl` for named regions, `dims` kinds;
//  * every Stmt: `scope`, the RegionExpr in force (nullptr if none);
//  * VarDecl: `elemType`, `isArray`, `rank`, `region` (declared region or
//    nullptr for rank-only array parameters);
//  * DirectionDecl: `offsets`; ProcDecl: `isEntry`; Program: `entry`;
//  * DistKind: the folded block size of a constant `blockcyclic(k)`.
//===----------------------------------------------------------------------===//
#ifndef ZPL_FRONTEND_AST_H
#define ZPL_FRONTEND_AST_H

#include "frontend/Diagnostics.h"

#include "llvm/Support/Casting.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace zpl {
namespace ast {

struct Decl;
struct VarDecl;
struct RegionDecl;
struct DirectionDecl;
struct GridDecl;
struct DistributionDecl;
struct ProcDecl;
struct RegionExpr;
struct Expr;
struct Stmt;

using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using StmtList = std::vector<StmtPtr>;

/// Scalar (element) types. String only occurs as a write argument; Void is
/// the "type" of a call to a procedure without a result.
/// Integer is 64-bit, Int32 32-bit (docs/language.md section 3).
enum class ScalarType { Invalid, Integer, Double, Float, Boolean, String, Void,
                        File, Int32 };
const char *toString(ScalarType t);
inline bool isIntegral(ScalarType t) {
  return t == ScalarType::Integer || t == ScalarType::Int32;
}
inline bool isNumeric(ScalarType t) {
  return isIntegral(t) || t == ScalarType::Double || t == ScalarType::Float;
}
inline bool isReal(ScalarType t) {
  return t == ScalarType::Double || t == ScalarType::Float;
}

//===----------------------------------------------------------------------===//
// Directions and regions
//===----------------------------------------------------------------------===//

/// A direction operand: a name (`east`) or a literal vector (`[0, 1]`).
struct DirRef {
  SourceLoc loc;
  std::string name;                 // empty for a literal vector
  std::vector<ExprPtr> components;  // literal vector components
  bool uniform = false;             // `by 2`: components[0] in every dimension
  // [Sema]
  DirectionDecl *decl = nullptr;    // for a name
  std::vector<int64_t> offsets;     // folded vector (size = rank; zeros if runTime)
  /// Components that use config vars: known at start-up, not at compile
  /// time; MLIRGen computes `componentExprs()` where the direction is used.
  bool runTime = false;
  const std::vector<ExprPtr> &componentExprs() const;
};

/// One dimension of a region literal.
struct RegionDim {
  enum Kind { Range, Single, Flood };
  Kind kind = Range;
  SourceLoc loc;
  ExprPtr lo, hi; // Range: lo..hi; Single: lo only; Flood (`*`): none
};

/// A region: `[R]`, `[1..n, 1..n]`, `[d of R]`, `[d in R]`, `[R at d]`,
/// `[R by s]`, each optionally with `with M` / `without M`.
struct RegionExpr {
  enum Kind { Named, Literal, Of, In, At, By };
  Kind kind = Literal;
  SourceLoc loc;
  std::string name;                   // Named
  std::vector<RegionDim> dims;        // Literal
  std::unique_ptr<RegionExpr> base;   // Of, In, At, By
  std::unique_ptr<DirRef> dir;        // Of, In, At, By
  ExprPtr mask;                       // `with`/`without` array, or null
  bool maskWithout = false;
  // [Sema]
  RegionDecl *decl = nullptr;         // Named
  unsigned rank = 0;
  /// Named `L{e}`: selects an element of the family L (`index` is null
  /// for `L{}`, the element being declared).
  bool selects = false;
  ExprPtr index;
  /// [Sema] A selection whose index is known only at run time: the family
  /// (`decl` stays null; the region is known when the statement runs).
  const RegionDecl *family = nullptr;
};

//===----------------------------------------------------------------------===//
// Types as written
//===----------------------------------------------------------------------===//

/// The bounds `lo..hi` of one dimension of an indexed array type.
struct IndexedDim {
  ExprPtr lo, hi;
};

/// `double`, `[R] double`, `[1..n, *] double`, rank-only `[,] double`, or
/// the indexed array `array [1..n] of double`.
struct TypeSpec {
  SourceLoc loc;
  ScalarType elem = ScalarType::Invalid;
  bool isArray = false;
  std::unique_ptr<RegionExpr> region; // null for scalars and rank-only
  unsigned rankOnly = 0;              // rank of `[,]`-style types
  bool isIndexed = false;             // `array [...] of T`
  std::vector<IndexedDim> bounds;     // its dimensions
};

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

enum class UnaryOp { Neg, Plus, Not };
enum class BinaryOp { Add, Sub, Mul, Div, Mod, Pow, Lt, Le, Gt, Ge, Eq, Ne,
                      And, Or };
/// Reduction / scan operators; User: a procedure named as the operator.
enum class ReduceOp { Add, Mul, Max, Min, And, Or, User };
/// Built-in functions (elementwise on parallel values).
enum class Builtin { None, Abs, Sqrt, Exp, Log, Sin, Cos, Tan, Floor, Ceil,
                     Min, Max, Pow, ToDouble, ToInteger, ToFloat, ToInt32,
                     Band, Bor, Bxor, Bnot, Bsl, Bsr,
                     Open, Read, Close, Timer };
/// The bit built-ins on integers: band, bor, bxor, bnot, bsl, bsr.
inline bool isBitBuiltin(Builtin b) {
  return b == Builtin::Band || b == Builtin::Bor || b == Builtin::Bxor ||
         b == Builtin::Bnot || b == Builtin::Bsl || b == Builtin::Bsr;
}
/// The file built-ins: `open("name", "r")`, `read(f, x, ...)`, `close(f)`.
inline bool isFileBuiltin(Builtin b) {
  return b == Builtin::Open || b == Builtin::Read || b == Builtin::Close;
}
const char *toString(UnaryOp op);
const char *toString(BinaryOp op);
const char *toString(ReduceOp op);
const char *toString(Builtin b);

struct Expr {
  enum Kind { IntLit, RealLit, BoolLit, StringLit, Name, Unary, Binary, Call,
              Shift, Reduce, Scan, Flood, Remap, Subscript };
  const Kind kind;
  SourceLoc loc;
  // [Sema]
  ScalarType type = ScalarType::Invalid;
  bool parallel = false; // a parallel (array-valued) expression
  unsigned rank = 0;     // rank of a parallel expression, 0 for scalars

  virtual ~Expr() = default;
protected:
  Expr(Kind k, SourceLoc l) : kind(k), loc(std::move(l)) {}
};

struct IntLitExpr : Expr {
  int64_t value;
  IntLitExpr(SourceLoc l, int64_t v) : Expr(IntLit, std::move(l)), value(v) {}
  static bool classof(const Expr *e) { return e->kind == IntLit; }
};
struct RealLitExpr : Expr {
  double value;
  std::string spelling;
  RealLitExpr(SourceLoc l, double v, std::string s)
      : Expr(RealLit, std::move(l)), value(v), spelling(std::move(s)) {}
  static bool classof(const Expr *e) { return e->kind == RealLit; }
};
struct BoolLitExpr : Expr {
  bool value;
  BoolLitExpr(SourceLoc l, bool v) : Expr(BoolLit, std::move(l)), value(v) {}
  static bool classof(const Expr *e) { return e->kind == BoolLit; }
};
struct StringLitExpr : Expr {
  std::string value; // escapes already decoded
  StringLitExpr(SourceLoc l, std::string v)
      : Expr(StringLit, std::move(l)), value(std::move(v)) {}
  static bool classof(const Expr *e) { return e->kind == StringLit; }
};
/// A use of a name: variable, parameter, config var, constant, or one of
/// the predefined Index1..Index3.
struct NameExpr : Expr {
  std::string name;
  Decl *decl = nullptr; // [Sema]
  /// `U{e}`: selects an element of the family U (`index` is null for
  /// `U{}`, the element being declared). `{}` alone is a NameExpr named
  /// "{}".
  bool selects = false;
  ExprPtr index;
  /// [Sema] A selection whose index is known only at run time: `decl`
  /// points to this declaration, which stands for the selected array as a
  /// rank-only parameter stands for its argument.
  std::shared_ptr<VarDecl> selected;
  NameExpr(SourceLoc l, std::string n) : Expr(Name, std::move(l)), name(std::move(n)) {}
  static bool classof(const Expr *e) { return e->kind == Name; }
};
struct UnaryExpr : Expr {
  UnaryOp op;
  ExprPtr operand;
  UnaryExpr(SourceLoc l, UnaryOp o, ExprPtr e)
      : Expr(Unary, std::move(l)), op(o), operand(std::move(e)) {}
  static bool classof(const Expr *e) { return e->kind == Unary; }
};
struct BinaryExpr : Expr {
  BinaryOp op;
  ExprPtr lhs, rhs;
  BinaryExpr(SourceLoc l, BinaryOp o, ExprPtr a, ExprPtr b)
      : Expr(Binary, std::move(l)), op(o), lhs(std::move(a)), rhs(std::move(b)) {}
  static bool classof(const Expr *e) { return e->kind == Binary; }
};
/// A call of a procedure or a built-in (`abs(x)`, `double(i)`).
struct CallExpr : Expr {
  std::string callee;
  std::vector<ExprPtr> args;
  // [Sema] exactly one of these is set
  ProcDecl *proc = nullptr;
  Builtin builtin = Builtin::None;
  /// [Sema] A scalar procedure called with parallel arguments inside an
  /// array statement: applied elementwise (docs/language.md section 9).
  bool promoted = false;
  CallExpr(SourceLoc l, std::string c) : Expr(Call, std::move(l)), callee(std::move(c)) {}
  static bool classof(const Expr *e) { return e->kind == Call; }
};
/// `A@d` (wrap == false) and `A@^d` (wrap == true). `array` is a NameExpr
/// naming a parallel array (Sema checks).
struct ShiftExpr : Expr {
  ExprPtr array;
  std::unique_ptr<DirRef> dir;
  bool wrap = false;
  ShiftExpr(SourceLoc l, ExprPtr a, std::unique_ptr<DirRef> d, bool w)
      : Expr(Shift, std::move(l)), array(std::move(a)), dir(std::move(d)), wrap(w) {}
  static bool classof(const Expr *e) { return e->kind == Shift; }
};
/// `op<< A` (full, region == null) or `op<< [R] A` (partial: the operand is
/// evaluated over R and reduced to the shape of the enclosing scope).
struct ReduceExpr : Expr {
  ReduceOp op;
  std::unique_ptr<RegionExpr> region;
  ExprPtr operand;
  std::string userOp;           // `f<<`: the procedure's name (op == User)
  ProcDecl *userProc = nullptr; // resolved by Sema
  ReduceExpr(SourceLoc l, ReduceOp o, std::unique_ptr<RegionExpr> r, ExprPtr e)
      : Expr(Reduce, std::move(l)), op(o), region(std::move(r)), operand(std::move(e)) {}
  bool isPartial() const { return region != nullptr; }
  static bool classof(const Expr *e) { return e->kind == Reduce; }
};
/// `op|| A` (dim == 0: row-major over the scope) or `op|| [d] A` (1-based).
struct ScanExpr : Expr {
  ReduceOp op;
  unsigned dim = 0;
  ExprPtr operand;
  std::string userOp;           // `f||`: the procedure's name (op == User)
  ProcDecl *userProc = nullptr; // resolved by Sema
  ScanExpr(SourceLoc l, ReduceOp o, unsigned d, ExprPtr e)
      : Expr(Scan, std::move(l)), op(o), dim(d), operand(std::move(e)) {}
  static bool classof(const Expr *e) { return e->kind == Scan; }
};
/// `>>[R] A`: the operand is evaluated over R and replicated along the
/// scope's flood dimensions.
struct FloodExpr : Expr {
  std::unique_ptr<RegionExpr> region;
  ExprPtr operand;
  FloodExpr(SourceLoc l, std::unique_ptr<RegionExpr> r, ExprPtr e)
      : Expr(Flood, std::move(l)), region(std::move(r)), operand(std::move(e)) {}
  static bool classof(const Expr *e) { return e->kind == Flood; }
};
/// `B#[I1, I2]`: gather (in an expression) or scatter target (assignment).
struct RemapExpr : Expr {
  ExprPtr array; // NameExpr of a parallel array
  std::vector<ExprPtr> indices;
  RemapExpr(SourceLoc l, ExprPtr a) : Expr(Remap, std::move(l)), array(std::move(a)) {}
  static bool classof(const Expr *e) { return e->kind == Remap; }
};

/// `T[i]` (`T[i, j]`): an element of the indexed array T (a scalar), read
/// or (as an assignment's target) written. `array` is a NameExpr; Sema
/// checks that it names an indexed array and sets its `decl`.
struct SubscriptExpr : Expr {
  std::unique_ptr<NameExpr> array;
  std::vector<ExprPtr> indices;
  SubscriptExpr(SourceLoc l, std::unique_ptr<NameExpr> a)
      : Expr(Subscript, std::move(l)), array(std::move(a)) {}
  static bool classof(const Expr *e) { return e->kind == Subscript; }
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

enum class AssignOp { Assign, AddAssign, SubAssign, MulAssign, DivAssign };
const char *toString(AssignOp op);

struct Stmt {
  enum Kind { Assign, Block, Scoped, If, For, While, Repeat, Exit, Continue,
              Return, Halt, Wrap, Reflect, Write, Call };
  const Kind kind;
  SourceLoc loc;
  /// [Sema] The region scope in force for this statement (the innermost
  /// enclosing `[R]`; for a Scoped statement, its own region), or nullptr.
  const RegionExpr *scope = nullptr;

  virtual ~Stmt() = default;
protected:
  Stmt(Kind k, SourceLoc l) : kind(k), loc(std::move(l)) {}
};

/// `target op value;` target is a NameExpr, (scatter) a RemapExpr or (an
/// element of an indexed array) a SubscriptExpr.
struct AssignStmt : Stmt {
  AssignOp op;
  ExprPtr target, value;
  AssignStmt(SourceLoc l, AssignOp o, ExprPtr t, ExprPtr v)
      : Stmt(Assign, std::move(l)), op(o), target(std::move(t)), value(std::move(v)) {}
  static bool classof(const Stmt *s) { return s->kind == Assign; }
};
struct BlockStmt : Stmt {
  StmtList body;
  explicit BlockStmt(SourceLoc l) : Stmt(Block, std::move(l)) {}
  static bool classof(const Stmt *s) { return s->kind == Block; }
};
/// `[R] stmt`.
struct ScopedStmt : Stmt {
  std::unique_ptr<RegionExpr> region;
  StmtPtr body;
  ScopedStmt(SourceLoc l, std::unique_ptr<RegionExpr> r, StmtPtr b)
      : Stmt(Scoped, std::move(l)), region(std::move(r)), body(std::move(b)) {}
  static bool classof(const Stmt *s) { return s->kind == Scoped; }
};
struct IfClause {
  ExprPtr cond;
  StmtList body;
};
/// `if c then ... elsif c then ... else ... end;` clauses[0] is the `if`.
struct IfStmt : Stmt {
  std::vector<IfClause> clauses;
  bool hasElse = false;
  StmtList elseBody;
  /// [Sema] A condition is parallel: the branches run per element of the
  /// region scope, as masked array statements (a "shattered" if).
  bool shattered = false;
  explicit IfStmt(SourceLoc l) : Stmt(If, std::move(l)) {}
  static bool classof(const Stmt *s) { return s->kind == If; }
};
struct ForStmt : Stmt {
  std::unique_ptr<NameExpr> var; // the (declared) integer loop variable
  ExprPtr lo, hi, step;          // step may be null (= 1)
  bool down = false;             // `downto`
  StmtList body;
  explicit ForStmt(SourceLoc l) : Stmt(For, std::move(l)) {}
  static bool classof(const Stmt *s) { return s->kind == For; }
};
struct WhileStmt : Stmt {
  ExprPtr cond;
  StmtList body;
  explicit WhileStmt(SourceLoc l) : Stmt(While, std::move(l)) {}
  static bool classof(const Stmt *s) { return s->kind == While; }
};
struct RepeatStmt : Stmt {
  StmtList body;
  ExprPtr cond;
  explicit RepeatStmt(SourceLoc l) : Stmt(Repeat, std::move(l)) {}
  static bool classof(const Stmt *s) { return s->kind == Repeat; }
};
/// exit / continue / halt: no operands.
struct SimpleStmt : Stmt {
  SimpleStmt(Kind k, SourceLoc l) : Stmt(k, std::move(l)) {}
  static bool classof(const Stmt *s) {
    return s->kind == Exit || s->kind == Continue || s->kind == Halt;
  }
};
struct ReturnStmt : Stmt {
  ExprPtr value; // may be null
  explicit ReturnStmt(SourceLoc l) : Stmt(Return, std::move(l)) {}
  static bool classof(const Stmt *s) { return s->kind == Return; }
};
/// `wrap A, B;` / `reflect A;` (kind Wrap or Reflect); the scope is an
/// `of` region (Sema checks).
struct BoundaryStmt : Stmt {
  std::vector<std::unique_ptr<NameExpr>> arrays;
  BoundaryStmt(Kind k, SourceLoc l) : Stmt(k, std::move(l)) {}
  bool isWrap() const { return kind == Wrap; }
  static bool classof(const Stmt *s) {
    return s->kind == Wrap || s->kind == Reflect;
  }
};
struct WriteArg {
  ExprPtr value;
  bool hasFormat = false;
  std::string format; // decoded printf format, e.g. "%.3e"
};
struct WriteStmt : Stmt {
  bool newline = false; // writeln
  std::vector<WriteArg> args;
  ExprPtr file; // `write(f, ...)`: Sema moves a leading file argument here
  explicit WriteStmt(SourceLoc l) : Stmt(Write, std::move(l)) {}
  static bool classof(const Stmt *s) { return s->kind == Write; }
};
struct CallStmt : Stmt {
  std::unique_ptr<CallExpr> call;
  CallStmt(SourceLoc l, std::unique_ptr<CallExpr> c)
      : Stmt(Call, std::move(l)), call(std::move(c)) {}
  static bool classof(const Stmt *s) { return s->kind == Call; }
};

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

/// The indices `{lo..hi}` of a family declaration (`region L{0..3} = ...`,
/// `var U{0..3} : [L{}] double`): one element per index, each an ordinary
/// declaration.
struct FamilySpec {
  SourceLoc loc;
  ExprPtr lo, hi;
  // [Sema]
  int64_t first = 0;
  std::vector<Decl *> elements; // of indices first, first + 1, ...
};

struct Decl {
  enum Kind { ConfigVar, Constant, Var, Param, IndexArray, Region, Direction,
              Grid, Distribution, Procedure };
  const Kind kind;
  SourceLoc loc;
  std::string name;
  /// A family's declaration: Sema adds its elements after it, named
  /// `U{0}`, `U{1}`, ...; only the elements are generated.
  std::unique_ptr<FamilySpec> family;
  /// [Sema] An element of a family: the family's declaration.
  const Decl *familyOf = nullptr;

  virtual ~Decl() = default;
  const char *kindName() const; // "config var", "region", ...
protected:
  Decl(Kind k, SourceLoc l, std::string n)
      : kind(k), loc(std::move(l)), name(std::move(n)) {}
};

/// config var, constant, global or local var, or procedure parameter.
struct VarDecl : Decl {
  TypeSpec type;
  ExprPtr init;              // initializer (config vars, constants, optional for vars)
  bool byRef = false;        // a `var` parameter
  ProcDecl *owner = nullptr; // enclosing procedure; null for globals
  // [Sema]
  ScalarType elemType = ScalarType::Invalid;
  bool isArray = false;   // a parallel array (never an indexed one)
  bool isIndexed = false; // an indexed array `array [lo..hi] of T`
  unsigned rank = 0;      // of a parallel array
  const RegionExpr *region = nullptr; // declared region (null: scalar/rank-only)
  /// `@^` may fill this array's own bands: nothing else in the program
  /// reads or writes them (SemaPeriodic.cpp).
  bool wrapsInPlace = false;
  /// [Sema] Stands for `U{e}` whose index is known only at run time
  /// (NameExpr::selected): the family's declaration and the index.
  const VarDecl *selectedFrom = nullptr;
  const Expr *selectedIndex = nullptr;
  bool hasConstValue = false;         // constants whose value folds
  int64_t intValue = 0;
  double realValue = 0;

  VarDecl(Kind k, SourceLoc l, std::string n) : Decl(k, std::move(l), std::move(n)) {}
  bool isGlobal() const { return owner == nullptr; }
  static bool classof(const Decl *d) {
    return d->kind == ConfigVar || d->kind == Constant || d->kind == Var ||
           d->kind == Param;
  }
};

/// The predefined parallel arrays Index1, Index2, Index3 (integer; their
/// rank is the rank of the scope they are used in).
struct IndexArrayDecl : Decl {
  unsigned dim; // 1-based
  IndexArrayDecl(std::string n, unsigned d)
      : Decl(IndexArray, SourceLoc(), std::move(n)), dim(d) {}
  static bool classof(const Decl *d) { return d->kind == IndexArray; }
};

struct RegionDecl : Decl {
  std::string distName;                  // `region R : D = ...`; empty if none
  std::unique_ptr<RegionExpr> region;
  // [Sema]
  DistributionDecl *dist = nullptr;
  unsigned rank = 0;
  RegionDecl(SourceLoc l, std::string n) : Decl(Region, std::move(l), std::move(n)) {}
  static bool classof(const Decl *d) { return d->kind == Region; }
};

struct DirectionDecl : Decl {
  std::vector<ExprPtr> components;
  std::vector<int64_t> offsets; // [Sema] folded (zeros if runTime)
  bool runTime = false;         // [Sema] a component uses a config var
  DirectionDecl(SourceLoc l, std::string n) : Decl(Direction, std::move(l), std::move(n)) {}
  static bool classof(const Decl *d) { return d->kind == Direction; }
};

inline const std::vector<ExprPtr> &DirRef::componentExprs() const {
  return decl ? decl->components : components;
}

struct GridDecl : Decl {
  std::vector<ExprPtr> dims; // integer scalar expressions (config vars ok)
  GridDecl(SourceLoc l, std::string n) : Decl(Grid, std::move(l), std::move(n)) {}
  unsigned rank() const { return dims.size(); }
  static bool classof(const Decl *d) { return d->kind == Grid; }
};

struct DistKind {
  enum Kind { Block, Cyclic, BlockCyclic, None /* `*` */, Unknown };
  Kind kind = Unknown;
  SourceLoc loc;
  std::string spelling;
  ExprPtr blockSize; // blockcyclic(k)
  // [Sema] blockcyclic(k) with k a compile-time constant: its value (else
  // k uses config vars and is evaluated at run time).
  bool hasConstBlockSize = false;
  int64_t constBlockSize = 0;
};

struct DistributionDecl : Decl {
  std::string gridName;
  std::vector<DistKind> dims;
  GridDecl *grid = nullptr; // [Sema]
  DistributionDecl(SourceLoc l, std::string n)
      : Decl(Distribution, std::move(l), std::move(n)) {}
  static bool classof(const Decl *d) { return d->kind == Distribution; }
};

struct ProcDecl : Decl {
  std::vector<std::unique_ptr<VarDecl>> params;
  bool hasReturnType = false;
  TypeSpec returnType;                           // scalar only
  std::vector<std::unique_ptr<VarDecl>> locals;
  StmtList body;
  // [Sema]
  ScalarType resultType = ScalarType::Void;
  bool isEntry = false;
  bool hasArrayParams = false;
  /// [Sema] Why the procedure is not scalar (cannot be promoted), e.g. "it
  /// assigns global 'g'", and where; empty for a scalar procedure.
  std::string notScalarReason;
  SourceLoc notScalarLoc;
  /// [Sema] A procedure with array statements outside every region scope of
  /// its body runs them under its caller's scope: this region (named after
  /// that, of the statements' rank, without a declaration) stands for it;
  /// MLIRGen binds it to a hidden last parameter. Null otherwise.
  std::unique_ptr<RegionExpr> callerScope;
  ProcDecl(SourceLoc l, std::string n) : Decl(Procedure, std::move(l), std::move(n)) {}
  static bool classof(const Decl *d) { return d->kind == Procedure; }
};

struct Program {
  std::string name;
  SourceLoc loc;
  /// Global declarations in source order (procedures included).
  std::vector<std::unique_ptr<Decl>> decls;
  /// Index1..Index3 (owned here; NameExpr::decl may point at them).
  std::vector<std::unique_ptr<IndexArrayDecl>> indexArrays;
  ProcDecl *entry = nullptr; // [Sema]
};

} // namespace ast

/// Prints an indented, stable, human-readable dump (zplc --emit=ast).
void dumpAST(const ast::Program &program, llvm::raw_ostream &os);

} // namespace zpl

#endif // ZPL_FRONTEND_AST_H
