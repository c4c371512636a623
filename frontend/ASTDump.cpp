//===- ASTDump.cpp - zplc --emit=ast --------------------------------------===//
//
// One node per line, two spaces of indentation per level, the node's
// location as <line:col> at the end. Expressions show their Sema type as
// ": T" and, when parallel, "parallel rank=N"; names show what they
// resolved to ("-> var", "-> config var", ...).
//===----------------------------------------------------------------------===//
#include "frontend/AST.h"

#include "llvm/Support/Casting.h"

using namespace zpl;
using namespace zpl::ast;
using llvm::cast;
using llvm::dyn_cast;

namespace {

class Dumper {
public:
  explicit Dumper(llvm::raw_ostream &os) : os(os) {}

  void program(const Program &p) {
    line() << "Program '" << p.name << "'";
    end(p.loc);
    Indent in(*this);
    for (const auto &d : p.decls)
      decl(*d);
  }

private:
  struct Indent {
    Dumper &d;
    explicit Indent(Dumper &d) : d(d) { ++d.depth; }
    ~Indent() { --d.depth; }
  };

  llvm::raw_ostream &line() {
    os.indent(depth * 2);
    return os;
  }
  void end(const SourceLoc &l) {
    if (l.isValid())
      os << " <" << l.line << ":" << l.col << ">";
    os << "\n";
  }

  void type(const TypeSpec &t) {
    if (t.isArray) {
      if (t.region) {
        os << "[";
        regionInline(*t.region);
        os << "] ";
      } else {
        os << "[";
        for (unsigned i = 1; i < t.rankOnly; ++i)
          os << ",";
        os << "] ";
      }
    }
    if (t.isIndexed) {
      os << "array [";
      for (size_t i = 0; i < t.bounds.size(); ++i) {
        if (i)
          os << ", ";
        exprInline(*t.bounds[i].lo);
        os << "..";
        exprInline(*t.bounds[i].hi);
      }
      os << "] of ";
    }
    os << toString(t.elem);
  }

  /// A compact one-line rendering of a region (bounds as source-like text).
  void regionInline(const RegionExpr &r) {
    switch (r.kind) {
    case RegionExpr::Named:
      os << r.name;
      selection(r.selects, r.index.get());
      break;
    case RegionExpr::Literal:
      for (size_t i = 0; i < r.dims.size(); ++i) {
        if (i)
          os << ", ";
        const RegionDim &d = r.dims[i];
        if (d.kind == RegionDim::Flood) {
          os << "*";
        } else {
          exprInline(*d.lo);
          if (d.kind == RegionDim::Range) {
            os << "..";
            exprInline(*d.hi);
          }
        }
      }
      break;
    case RegionExpr::Of:
    case RegionExpr::In:
      dirInline(*r.dir);
      os << (r.kind == RegionExpr::Of ? " of " : " in ");
      baseInline(*r.base);
      break;
    case RegionExpr::At:
    case RegionExpr::By:
      baseInline(*r.base);
      os << (r.kind == RegionExpr::At ? " at " : " by ");
      dirInline(*r.dir);
      break;
    }
    if (r.mask) {
      os << (r.maskWithout ? " without " : " with ");
      exprInline(*r.mask);
    }
  }

  /// The region an `of`/`in`/`at`/`by` applies to; in brackets unless it
  /// is a name, so the text parses back to the same region.
  void baseInline(const RegionExpr &base) {
    if (base.kind == RegionExpr::Named) {
      regionInline(base);
      return;
    }
    os << "[";
    regionInline(base);
    os << "]";
  }

  void dirInline(const DirRef &d) {
    if (d.uniform) {
      exprInline(*d.components.front());
      return;
    }
    if (!d.name.empty()) {
      os << d.name;
      return;
    }
    os << "[";
    for (size_t i = 0; i < d.components.size(); ++i) {
      if (i)
        os << ", ";
      exprInline(*d.components[i]);
    }
    os << "]";
  }

  void offsets(const std::vector<int64_t> &v) {
    os << "(";
    for (size_t i = 0; i < v.size(); ++i)
      os << (i ? "," : "") << v[i];
    os << ")";
  }

  /// Source-like rendering of simple (bound) expressions.
  void exprInline(const Expr &e) {
    switch (e.kind) {
    case Expr::IntLit: os << cast<IntLitExpr>(e).value; return;
    case Expr::RealLit: os << cast<RealLitExpr>(e).spelling; return;
    case Expr::BoolLit: os << (cast<BoolLitExpr>(e).value ? "true" : "false"); return;
    case Expr::StringLit: os << "\""; os.write_escaped(cast<StringLitExpr>(e).value); os << "\""; return;
    case Expr::Name:
      os << cast<NameExpr>(e).name;
      selection(cast<NameExpr>(e).selects, cast<NameExpr>(e).index.get());
      return;
    case Expr::Unary: {
      auto &u = cast<UnaryExpr>(e);
      os << toString(u.op);
      exprInline(*u.operand);
      return;
    }
    case Expr::Binary: {
      auto &b = cast<BinaryExpr>(e);
      os << "(";
      exprInline(*b.lhs);
      os << " " << toString(b.op) << " ";
      exprInline(*b.rhs);
      os << ")";
      return;
    }
    case Expr::Call: {
      auto &c = cast<CallExpr>(e);
      os << c.callee << "(";
      for (size_t i = 0; i < c.args.size(); ++i) {
        if (i)
          os << ", ";
        exprInline(*c.args[i]);
      }
      os << ")";
      return;
    }
    default: os << "<expr>"; return;
    }
  }

  /// `{index}` of a selection of a family's element.
  void selection(bool selects, const Expr *index) {
    if (!selects)
      return;
    os << "{";
    if (index)
      exprInline(*index);
    os << "}";
  }

  /// ` family {lo..hi}` after the name of a family's declaration.
  void familyBounds(const Decl &d) {
    if (!d.family)
      return;
    os << " family {";
    exprInline(*d.family->lo);
    os << "..";
    exprInline(*d.family->hi);
    os << "}";
  }

  void annot(const Expr &e) {
    os << " : " << toString(e.type);
    if (e.parallel)
      os << " parallel rank=" << e.rank;
  }

  void decl(const Decl &d) {
    switch (d.kind) {
    case Decl::ConfigVar:
    case Decl::Constant:
    case Decl::Var:
    case Decl::Param: return varDecl(cast<VarDecl>(d));
    case Decl::IndexArray: return;
    case Decl::Region: {
      auto &r = cast<RegionDecl>(d);
      line() << "Region '" << r.name << "'";
      familyBounds(r);
      if (!r.distName.empty())
        os << " : " << r.distName;
      os << " rank=" << r.rank;
      end(r.loc);
      Indent in(*this);
      region(*r.region);
      return;
    }
    case Decl::Direction: {
      auto &dir = cast<DirectionDecl>(d);
      line() << "Direction '" << dir.name << "' ";
      offsets(dir.offsets);
      end(dir.loc);
      return;
    }
    case Decl::Grid: return gridDecl(cast<GridDecl>(d));
    case Decl::Distribution: return distributionDecl(cast<DistributionDecl>(d));
    case Decl::Procedure: return procDecl(cast<ProcDecl>(d));
    }
  }

  void varDecl(const VarDecl &v) {
    const char *label = v.kind == Decl::ConfigVar ? "ConfigVar"
                        : v.kind == Decl::Constant ? "Constant"
                        : v.kind == Decl::Param ? (v.byRef ? "Param var" : "Param")
                        : v.isGlobal() ? "Var" : "Local";
    line() << label << " '" << v.name << "'";
    familyBounds(v);
    os << " : ";
    type(v.type);
    if (v.isArray)
      os << " rank=" << v.rank;
    if (v.hasConstValue) {
      os << " value=";
      if (v.elemType == ScalarType::Integer)
        os << v.intValue;
      else
        os << v.realValue;
    }
    end(v.loc);
    if (v.init) {
      Indent in(*this);
      expr(*v.init);
    }
  }

  void gridDecl(const GridDecl &g) {
    line() << "Grid '" << g.name << "' [";
    for (size_t i = 0; i < g.dims.size(); ++i) {
      if (i)
        os << ", ";
      exprInline(*g.dims[i]);
    }
    os << "]";
    end(g.loc);
  }

  void distributionDecl(const DistributionDecl &dist) {
    line() << "Distribution '" << dist.name << "' : " << dist.gridName << " [";
    for (size_t i = 0; i < dist.dims.size(); ++i) {
      if (i)
        os << ", ";
      os << dist.dims[i].spelling;
      if (dist.dims[i].blockSize) {
        os << "(";
        exprInline(*dist.dims[i].blockSize);
        os << ")";
      }
    }
    os << "]";
    end(dist.loc);
  }

  void procDecl(const ProcDecl &p) {
    line() << "Procedure '" << p.name << "'";
    if (p.hasReturnType)
      os << " : " << toString(p.resultType);
    if (p.isEntry)
      os << " entry";
    end(p.loc);
    Indent in(*this);
    for (const auto &param : p.params)
      decl(*param);
    for (const auto &v : p.locals)
      decl(*v);
    line() << "Body\n";
    Indent in2(*this);
    for (const auto &s : p.body)
      stmt(*s);
  }

  void region(const RegionExpr &r) {
    static const char *names[] = {"Named", "Literal", "Of", "In", "At", "By"};
    line() << "Region " << names[r.kind] << " [";
    regionInline(r);
    os << "] rank=" << r.rank;
    end(r.loc);
    Indent in(*this);
    if (r.kind == RegionExpr::Literal) {
      for (const auto &d : r.dims) {
        if (d.kind == RegionDim::Flood) {
          line() << "Dim *";
          end(d.loc);
          continue;
        }
        line() << (d.kind == RegionDim::Range ? "Dim range" : "Dim single");
        end(d.loc);
        Indent in2(*this);
        expr(*d.lo);
        if (d.hi)
          expr(*d.hi);
      }
    }
    if (r.dir) {
      line() << "Direction ";
      dirInline(*r.dir);
      os << " ";
      offsets(r.dir->offsets);
      end(r.dir->loc);
    }
    if (r.base)
      region(*r.base);
    if (r.mask) {
      line() << (r.maskWithout ? "Without" : "With") << "\n";
      Indent in2(*this);
      expr(*r.mask);
    }
  }

  void expr(const Expr &e) {
    exprLabel(e);
    annot(e);
    end(e.loc);
    Indent in(*this);
    exprChildren(e);
  }

  /// The start of an expression's line: its kind and what it holds.
  void exprLabel(const Expr &e) {
    switch (e.kind) {
    case Expr::IntLit:
      line() << "IntLit " << cast<IntLitExpr>(e).value;
      break;
    case Expr::RealLit:
      line() << "RealLit " << cast<RealLitExpr>(e).spelling;
      break;
    case Expr::BoolLit:
      line() << "BoolLit " << (cast<BoolLitExpr>(e).value ? "true" : "false");
      break;
    case Expr::StringLit:
      line() << "StringLit \"";
      os.write_escaped(cast<StringLitExpr>(e).value);
      os << "\"";
      break;
    case Expr::Name: {
      auto &n = cast<NameExpr>(e);
      line() << "Name '" << n.name;
      selection(n.selects, n.index.get());
      os << "'";
      if (n.decl)
        os << " -> " << n.decl->kindName();
      if (n.decl && n.selects) // the element, or what stands for it
        os << " '" << n.decl->name << "'";
      break;
    }
    case Expr::Unary:
      line() << "Unary '" << toString(cast<UnaryExpr>(e).op) << "'";
      break;
    case Expr::Binary:
      line() << "Binary '" << toString(cast<BinaryExpr>(e).op) << "'";
      break;
    case Expr::Call: {
      auto &c = cast<CallExpr>(e);
      line() << "Call '" << c.callee << "'";
      if (c.builtin != Builtin::None)
        os << " builtin";
      break;
    }
    case Expr::Shift: {
      auto &s = cast<ShiftExpr>(e);
      line() << "Shift " << (s.wrap ? "'@^' " : "'@' ");
      dirInline(*s.dir);
      os << " ";
      offsets(s.dir->offsets);
      break;
    }
    case Expr::Reduce: {
      auto &r = cast<ReduceExpr>(e);
      line() << "Reduce '" << toString(r.op) << "<<'"
             << (r.region ? " partial" : "");
      break;
    }
    case Expr::Scan: {
      auto &s = cast<ScanExpr>(e);
      line() << "Scan '" << toString(s.op) << "||'";
      if (s.dim)
        os << " dim=" << s.dim;
      break;
    }
    case Expr::Flood:
      line() << "Flood '>>'";
      break;
    case Expr::Remap:
      line() << "Remap '#'";
      break;
    case Expr::Subscript:
      line() << "Subscript '" << cast<SubscriptExpr>(e).array->name << "'";
      break;
    }
  }

  /// The operands and regions an expression holds, each on its own lines.
  void exprChildren(const Expr &e) {
    switch (e.kind) {
    case Expr::Unary: expr(*cast<UnaryExpr>(e).operand); break;
    case Expr::Binary:
      expr(*cast<BinaryExpr>(e).lhs);
      expr(*cast<BinaryExpr>(e).rhs);
      break;
    case Expr::Call:
      for (const auto &a : cast<CallExpr>(e).args)
        expr(*a);
      break;
    case Expr::Shift: expr(*cast<ShiftExpr>(e).array); break;
    case Expr::Reduce:
      if (cast<ReduceExpr>(e).region)
        region(*cast<ReduceExpr>(e).region);
      expr(*cast<ReduceExpr>(e).operand);
      break;
    case Expr::Scan: expr(*cast<ScanExpr>(e).operand); break;
    case Expr::Flood:
      region(*cast<FloodExpr>(e).region);
      expr(*cast<FloodExpr>(e).operand);
      break;
    case Expr::Remap:
      expr(*cast<RemapExpr>(e).array);
      for (const auto &i : cast<RemapExpr>(e).indices)
        expr(*i);
      break;
    case Expr::Subscript:
      for (const auto &i : cast<SubscriptExpr>(e).indices)
        expr(*i);
      break;
    default: break;
    }
  }

  void stmts(const StmtList &list) {
    for (const auto &s : list)
      stmt(*s);
  }

  void stmt(const Stmt &s) {
    switch (s.kind) {
    case Stmt::Scoped: return scopedStmt(cast<ScopedStmt>(s));
    case Stmt::Block:
      line() << "Block";
      end(s.loc);
      {
        Indent in(*this);
        stmts(cast<BlockStmt>(s).body);
      }
      return;
    case Stmt::Assign: return assignStmt(cast<AssignStmt>(s));
    case Stmt::If: return ifStmt(cast<IfStmt>(s));
    case Stmt::For: return forStmt(cast<ForStmt>(s));
    case Stmt::While: return whileStmt(cast<WhileStmt>(s));
    case Stmt::Repeat: return repeatStmt(cast<RepeatStmt>(s));
    case Stmt::Exit: line() << "Exit"; end(s.loc); return;
    case Stmt::Continue: line() << "Continue"; end(s.loc); return;
    case Stmt::Halt: line() << "Halt"; end(s.loc); return;
    case Stmt::Return: {
      line() << "Return";
      end(s.loc);
      Indent in(*this);
      if (cast<ReturnStmt>(s).value)
        expr(*cast<ReturnStmt>(s).value);
      return;
    }
    case Stmt::Wrap:
    case Stmt::Reflect: return boundaryStmt(cast<BoundaryStmt>(s));
    case Stmt::Write: return writeStmt(cast<WriteStmt>(s));
    case Stmt::Call: {
      line() << "CallStmt";
      end(s.loc);
      Indent in(*this);
      expr(*cast<CallStmt>(s).call);
      return;
    }
    }
  }

  void scopedStmt(const ScopedStmt &ss) {
    line() << "Scoped [";
    regionInline(*ss.region);
    os << "]";
    end(ss.loc);
    Indent in(*this);
    region(*ss.region);
    stmt(*ss.body);
  }

  void assignStmt(const AssignStmt &a) {
    line() << "Assign '" << toString(a.op) << "'";
    scopeNote(a);
    end(a.loc);
    Indent in(*this);
    expr(*a.target);
    expr(*a.value);
  }

  void ifStmt(const IfStmt &is) {
    line() << "If";
    end(is.loc);
    Indent in(*this);
    for (size_t i = 0; i < is.clauses.size(); ++i) {
      line() << (i == 0 ? "Cond" : "Elsif") << "\n";
      {
        Indent in2(*this);
        expr(*is.clauses[i].cond);
      }
      line() << "Then\n";
      Indent in2(*this);
      stmts(is.clauses[i].body);
    }
    if (is.hasElse) {
      line() << "Else\n";
      Indent in2(*this);
      stmts(is.elseBody);
    }
  }

  void forStmt(const ForStmt &f) {
    line() << "For '" << f.var->name << "' " << (f.down ? "downto" : "to");
    end(f.loc);
    Indent in(*this);
    expr(*f.lo);
    expr(*f.hi);
    if (f.step) {
      line() << "By\n";
      Indent in2(*this);
      expr(*f.step);
    }
    line() << "Do\n";
    Indent in2(*this);
    stmts(f.body);
  }

  void whileStmt(const WhileStmt &w) {
    line() << "While";
    end(w.loc);
    Indent in(*this);
    expr(*w.cond);
    line() << "Do\n";
    Indent in2(*this);
    stmts(w.body);
  }

  void repeatStmt(const RepeatStmt &r) {
    line() << "Repeat";
    scopeNote(r);
    end(r.loc);
    Indent in(*this);
    stmts(r.body);
    line() << "Until\n";
    Indent in2(*this);
    expr(*r.cond);
  }

  void boundaryStmt(const BoundaryStmt &b) {
    line() << (b.isWrap() ? "Wrap" : "Reflect");
    for (const auto &a : b.arrays)
      os << " '" << a->name << "'";
    scopeNote(b);
    end(b.loc);
  }

  void writeStmt(const WriteStmt &w) {
    line() << (w.newline ? "Writeln" : "Write");
    scopeNote(w);
    end(w.loc);
    Indent in(*this);
    if (w.file) {
      line() << "File\n";
      Indent in2(*this);
      expr(*w.file);
    }
    for (const auto &a : w.args) {
      if (a.hasFormat) {
        line() << "Format \"";
        os.write_escaped(a.format);
        os << "\"\n";
        Indent in2(*this);
        expr(*a.value);
      } else {
        expr(*a.value);
      }
    }
  }

  void scopeNote(const Stmt &s) {
    if (s.scope) {
      os << " scope=[";
      regionInline(*s.scope);
      os << "]";
    }
  }

  llvm::raw_ostream &os;
  unsigned depth = 0;
};

} // namespace

void zpl::dumpAST(const Program &program, llvm::raw_ostream &os) {
  Dumper(os).program(program);
}
