//===- ASTBuilder.cpp - parse tree to AST ---------------------------------===//
//
// Walks the ANTLR parse tree (labelled alternatives, dynamic_cast on the
// context classes) and builds the plain AST of AST.h.
//===----------------------------------------------------------------------===//
#include "frontend/FrontendInternal.h"

#include "ZPLParser.h"

#include <cerrno>
#include <cstdlib>

using namespace zpl;
using namespace zpl::ast;
using P = zplgen::ZPLParser;

namespace {

class Builder {
public:
  Builder(const std::string &file, DiagnosticEngine &diags)
      : file(file), diags(diags) {}

  std::unique_ptr<Program> build(P::ProgramContext *ctx);

private:
  SourceLoc loc(antlr4::Token *t) const {
    return SourceLoc(file, t->getLine(), t->getCharPositionInLine() + 1);
  }
  SourceLoc loc(antlr4::tree::TerminalNode *n) const { return loc(n->getSymbol()); }
  SourceLoc loc(antlr4::ParserRuleContext *c) const { return loc(c->getStart()); }

  static std::string decodeString(const std::string &tok);

  void buildDecl(P::DeclarationContext *ctx, Program &prog);
  std::unique_ptr<VarDecl> buildVar(Decl::Kind kind, antlr4::tree::TerminalNode *id,
                                    P::TypeContext *type, P::ExprContext *init);
  std::unique_ptr<ProcDecl> buildProc(P::ProcedureDeclContext *ctx);
  TypeSpec buildType(P::TypeContext *ctx);
  ScalarType buildScalarType(P::ScalarTypeContext *ctx);
  std::unique_ptr<RegionExpr> buildRegion(P::RegionContext *ctx);
  std::unique_ptr<RegionExpr> buildRegionBody(P::RegionBodyContext *ctx);
  std::unique_ptr<DirRef> buildDirRef(P::DirRefContext *ctx);
  std::unique_ptr<DirRef> buildUniformStride(antlr4::tree::TerminalNode *stride);
  std::unique_ptr<FamilySpec> buildFamily(P::FamilyBoundsContext *ctx);
  /// `U`, `U{e}` or `U{}` (a selection with no index).
  std::unique_ptr<NameExpr> buildFamilyRef(P::FamilyRefContext *ctx);
  void buildStmts(const std::vector<P::StatementContext *> &ctxs, StmtList &out);
  StmtPtr buildStmt(P::StatementContext *ctx);
  StmtPtr buildAssign(P::AssignStmtContext *c, SourceLoc l);
  StmtPtr buildIf(P::IfStmtContext *c, SourceLoc l);
  StmtPtr buildFor(P::ForStmtContext *c, SourceLoc l);
  StmtPtr buildWrite(P::WriteStmtContext *c, SourceLoc l);
  ExprPtr buildExpr(P::ExprContext *ctx);
  ExprPtr buildPrimary(P::PrimaryContext *ctx);
  ExprPtr buildIntLiteral(antlr4::tree::TerminalNode *token);
  void buildReduceOp(P::RedOpContext *ctx, ReduceOp &op, std::string *user);
  ExprPtr buildReduce(P::ReduceExprContext *c, SourceLoc l);
  void buildArgs(P::ArgListContext *ctx, std::vector<ExprPtr> &out) {
    if (!ctx)
      return;
    for (auto *e : ctx->expr())
      out.push_back(buildExpr(e));
  }

  const std::string &file;
  DiagnosticEngine &diags;
};

std::string Builder::decodeString(const std::string &tok) {
  std::string out;
  // Strip the quotes.
  for (size_t i = 1; i + 1 < tok.size(); ++i) {
    char c = tok[i];
    if (c == '\\' && i + 2 < tok.size()) {
      char n = tok[++i];
      switch (n) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case '"': out += '"'; break;
      case '\\': out += '\\'; break;
      default: out += n; break;
      }
    } else {
      out += c;
    }
  }
  return out;
}

std::unique_ptr<Program> Builder::build(P::ProgramContext *ctx) {
  auto prog = std::make_unique<Program>();
  prog->name = ctx->ID()->getText();
  prog->loc = loc(ctx->ID());
  for (auto *d : ctx->declaration())
    buildDecl(d, *prog);
  for (unsigned i = 1; i <= 3; ++i)
    prog->indexArrays.push_back(
        std::make_unique<IndexArrayDecl>("Index" + std::to_string(i), i));
  return prog;
}

std::unique_ptr<VarDecl> Builder::buildVar(Decl::Kind kind,
                                           antlr4::tree::TerminalNode *id,
                                           P::TypeContext *type,
                                           P::ExprContext *init) {
  auto v = std::make_unique<VarDecl>(kind, loc(id), id->getText());
  v->type = buildType(type);
  if (init)
    v->init = buildExpr(init);
  return v;
}

void Builder::buildDecl(P::DeclarationContext *ctx, Program &prog) {
  if (auto *c = dynamic_cast<P::ConfigDeclContext *>(ctx)) {
    for (auto *item : c->configItem())
      for (auto *id : item->idList()->ID())
        prog.decls.push_back(buildVar(Decl::ConfigVar, id, item->type(), item->expr()));
  } else if (auto *c = dynamic_cast<P::ConstantDeclContext *>(ctx)) {
    for (auto *item : c->constItem())
      for (auto *id : item->idList()->ID())
        prog.decls.push_back(buildVar(Decl::Constant, id, item->type(), item->expr()));
  } else if (auto *c = dynamic_cast<P::VarDeclContext *>(ctx)) {
    for (auto *item : c->varItem())
      for (auto *f : item->familyIdList()->familyId()) {
        prog.decls.push_back(buildVar(Decl::Var, f->ID(), item->type(), item->expr()));
        prog.decls.back()->family = buildFamily(f->familyBounds());
      }
  } else if (auto *c = dynamic_cast<P::RegionDeclContext *>(ctx)) {
    for (auto *item : c->regionItem()) {
      auto ids = item->ID();
      auto r = std::make_unique<RegionDecl>(loc(ids[0]), ids[0]->getText());
      if (ids.size() > 1)
        r->distName = ids[1]->getText();
      r->family = buildFamily(item->familyBounds());
      r->region = buildRegion(item->region());
      prog.decls.push_back(std::move(r));
    }
  } else if (auto *c = dynamic_cast<P::DirectionDeclContext *>(ctx)) {
    for (auto *item : c->directionItem()) {
      auto d = std::make_unique<DirectionDecl>(loc(item->ID()), item->ID()->getText());
      for (auto *e : item->vector()->expr())
        d->components.push_back(buildExpr(e));
      prog.decls.push_back(std::move(d));
    }
  } else if (auto *c = dynamic_cast<P::GridDeclContext *>(ctx)) {
    for (auto *item : c->gridItem()) {
      auto g = std::make_unique<GridDecl>(loc(item->ID()), item->ID()->getText());
      for (auto *e : item->vector()->expr())
        g->dims.push_back(buildExpr(e));
      prog.decls.push_back(std::move(g));
    }
  } else if (auto *c = dynamic_cast<P::DistributionDeclContext *>(ctx)) {
    for (auto *item : c->distItem()) {
      auto ids = item->ID();
      auto d = std::make_unique<DistributionDecl>(loc(ids[0]), ids[0]->getText());
      d->gridName = ids[1]->getText();
      for (auto *k : item->distKind()) {
        DistKind dk;
        dk.loc = loc(k);
        if (k->STAR()) {
          dk.kind = DistKind::None;
          dk.spelling = "*";
        } else {
          dk.spelling = k->kind->getText();
          if (dk.spelling == "block")
            dk.kind = DistKind::Block;
          else if (dk.spelling == "cyclic")
            dk.kind = DistKind::Cyclic;
          else if (dk.spelling == "blockcyclic")
            dk.kind = DistKind::BlockCyclic;
          else
            dk.kind = DistKind::Unknown;
          if (k->expr())
            dk.blockSize = buildExpr(k->expr());
        }
        d->dims.push_back(std::move(dk));
      }
      prog.decls.push_back(std::move(d));
    }
  } else if (auto *c = dynamic_cast<P::ProcDeclContext *>(ctx)) {
    prog.decls.push_back(buildProc(c->procedureDecl()));
  }
}

std::unique_ptr<ProcDecl> Builder::buildProc(P::ProcedureDeclContext *ctx) {
  auto p = std::make_unique<ProcDecl>(loc(ctx->ID()), ctx->ID()->getText());
  if (auto *pl = ctx->paramList()) {
    for (auto *param : pl->param()) {
      for (auto *id : param->idList()->ID()) {
        auto v = buildVar(Decl::Param, id, param->type(), nullptr);
        v->byRef = param->VAR() != nullptr;
        v->owner = p.get();
        p->params.push_back(std::move(v));
      }
    }
  }
  if (ctx->type()) {
    p->hasReturnType = true;
    p->returnType = buildType(ctx->type());
  }
  for (auto *lv : ctx->localVars())
    for (auto *item : lv->varItem())
      for (auto *f : item->familyIdList()->familyId()) {
        auto v = buildVar(Decl::Var, f->ID(), item->type(), item->expr());
        v->family = buildFamily(f->familyBounds()); // Sema rejects it
        v->owner = p.get();
        p->locals.push_back(std::move(v));
      }
  buildStmts(ctx->statement(), p->body);
  return p;
}

ScalarType Builder::buildScalarType(P::ScalarTypeContext *ctx) {
  if (ctx->INTEGER())
    return ScalarType::Integer;
  if (ctx->INT32())
    return ScalarType::Int32;
  if (ctx->DOUBLE())
    return ScalarType::Double;
  if (ctx->FLOAT())
    return ScalarType::Float;
  if (ctx->FILE())
    return ScalarType::File;
  return ScalarType::Boolean;
}

TypeSpec Builder::buildType(P::TypeContext *ctx) {
  TypeSpec t;
  t.loc = loc(ctx);
  if (auto *c = dynamic_cast<P::ScalarTyContext *>(ctx)) {
    t.elem = buildScalarType(c->scalarType());
  } else if (auto *c = dynamic_cast<P::RankOnlyTyContext *>(ctx)) {
    t.elem = buildScalarType(c->scalarType());
    t.isArray = true;
    t.rankOnly = c->rankCommas.size() + 1;
  } else if (auto *c = dynamic_cast<P::ArrayTyContext *>(ctx)) {
    t.elem = buildScalarType(c->scalarType());
    t.isArray = true;
    t.region = buildRegion(c->region());
  } else if (auto *c = dynamic_cast<P::IndexedTyContext *>(ctx)) {
    t.elem = buildScalarType(c->scalarType());
    t.isIndexed = true;
    for (auto *d : c->indexedDim())
      t.bounds.push_back({buildExpr(d->expr(0)), buildExpr(d->expr(1))});
  }
  return t;
}

std::unique_ptr<RegionExpr> Builder::buildRegion(P::RegionContext *ctx) {
  auto r = buildRegionBody(ctx->regionBody());
  r->loc = loc(ctx);
  if (auto *m = ctx->mask()) {
    r->mask = buildExpr(m->expr());
    r->maskWithout = m->WITHOUT() != nullptr;
  }
  return r;
}

std::unique_ptr<DirRef> Builder::buildDirRef(P::DirRefContext *ctx) {
  auto d = std::make_unique<DirRef>();
  d->loc = loc(ctx);
  if (auto *n = dynamic_cast<P::NamedDirContext *>(ctx)) {
    d->name = n->ID()->getText();
  } else if (auto *l = dynamic_cast<P::LiteralDirContext *>(ctx)) {
    for (auto *e : l->vector()->expr())
      d->components.push_back(buildExpr(e));
  }
  return d;
}

std::unique_ptr<FamilySpec> Builder::buildFamily(P::FamilyBoundsContext *ctx) {
  if (!ctx)
    return nullptr;
  auto f = std::make_unique<FamilySpec>();
  f->loc = loc(ctx);
  f->lo = buildExpr(ctx->expr(0));
  f->hi = buildExpr(ctx->expr(1));
  return f;
}

std::unique_ptr<NameExpr> Builder::buildFamilyRef(P::FamilyRefContext *ctx) {
  auto n = std::make_unique<NameExpr>(loc(ctx->ID()), ctx->ID()->getText());
  n->selects = ctx->LBRACE() != nullptr;
  if (ctx->expr())
    n->index = buildExpr(ctx->expr());
  return n;
}

/// `by 2`: one stride for every dimension (Sema repeats it to the rank).
std::unique_ptr<DirRef> Builder::buildUniformStride(antlr4::tree::TerminalNode *stride) {
  auto d = std::make_unique<DirRef>();
  d->loc = loc(stride);
  d->uniform = true;
  d->components.push_back(buildIntLiteral(stride));
  return d;
}

std::unique_ptr<RegionExpr> Builder::buildRegionBody(P::RegionBodyContext *ctx) {
  auto r = std::make_unique<RegionExpr>();
  r->loc = loc(ctx);
  if (auto *c = dynamic_cast<P::AtRegionContext *>(ctx)) {
    r->kind = RegionExpr::At;
    r->base = buildRegionBody(c->regionBody());
    r->dir = buildDirRef(c->dirRef());
  } else if (auto *c = dynamic_cast<P::ByRegionContext *>(ctx)) {
    r->kind = RegionExpr::By;
    r->base = buildRegionBody(c->regionBody());
    r->dir = c->dirRef() ? buildDirRef(c->dirRef()) : buildUniformStride(c->INT());
  } else if (auto *c = dynamic_cast<P::NestedRegionContext *>(ctx)) {
    return buildRegion(c->region());
  } else if (auto *c = dynamic_cast<P::OfRegionContext *>(ctx)) {
    r->kind = RegionExpr::Of;
    r->dir = buildDirRef(c->dirRef());
    r->base = buildRegionBody(c->regionBody());
  } else if (auto *c = dynamic_cast<P::InRegionContext *>(ctx)) {
    r->kind = RegionExpr::In;
    r->dir = buildDirRef(c->dirRef());
    r->base = buildRegionBody(c->regionBody());
  } else if (auto *c = dynamic_cast<P::LiteralRegionContext *>(ctx)) {
    r->kind = RegionExpr::Literal;
    for (auto *d : c->regionDim()) {
      RegionDim dim;
      dim.loc = loc(d);
      if (dynamic_cast<P::FloodDimContext *>(d)) {
        dim.kind = RegionDim::Flood;
      } else if (auto *rd = dynamic_cast<P::RangeDimContext *>(d)) {
        auto es = rd->expr();
        dim.lo = buildExpr(es[0]);
        if (es.size() > 1) {
          dim.kind = RegionDim::Range;
          dim.hi = buildExpr(es[1]);
        } else {
          dim.kind = RegionDim::Single;
        }
      }
      r->dims.push_back(std::move(dim));
    }
    // `[R]`: a single bare name is a named region (Sema turns it back into
    // a single index if the name is a scalar).
    if (r->dims.size() == 1 && r->dims[0].kind == RegionDim::Single)
      if (auto *n = llvm::dyn_cast<NameExpr>(r->dims[0].lo.get())) {
        r->kind = RegionExpr::Named;
        r->name = n->name;
        r->loc = n->loc;
        r->selects = n->selects; // `[L{j}]`: an element of a family
        r->index = std::move(n->index);
        r->dims.clear();
      }
  }
  return r;
}

void Builder::buildStmts(const std::vector<P::StatementContext *> &ctxs,
                         StmtList &out) {
  for (auto *s : ctxs)
    if (auto st = buildStmt(s))
      out.push_back(std::move(st));
}

StmtPtr Builder::buildStmt(P::StatementContext *ctx) {
  SourceLoc l = loc(ctx);
  if (auto *c = dynamic_cast<P::ScopedStmtContext *>(ctx))
    return std::make_unique<ScopedStmt>(l, buildRegion(c->region()),
                                        buildStmt(c->statement()));
  if (auto *c = dynamic_cast<P::BlockStmtContext *>(ctx)) {
    auto b = std::make_unique<BlockStmt>(l);
    buildStmts(c->statement(), b->body);
    return b;
  }
  if (auto *c = dynamic_cast<P::AssignStmtContext *>(ctx))
    return buildAssign(c, l);
  if (auto *c = dynamic_cast<P::IfStmtContext *>(ctx))
    return buildIf(c, l);
  if (auto *c = dynamic_cast<P::ForStmtContext *>(ctx))
    return buildFor(c, l);
  if (auto *c = dynamic_cast<P::WhileStmtContext *>(ctx)) {
    auto s = std::make_unique<WhileStmt>(l);
    s->cond = buildExpr(c->expr());
    buildStmts(c->stmtList()->statement(), s->body);
    return s;
  }
  if (auto *c = dynamic_cast<P::RepeatStmtContext *>(ctx)) {
    auto s = std::make_unique<RepeatStmt>(l);
    buildStmts(c->stmtList()->statement(), s->body);
    s->cond = buildExpr(c->expr());
    return s;
  }
  if (dynamic_cast<P::ExitStmtContext *>(ctx))
    return std::make_unique<SimpleStmt>(Stmt::Exit, l);
  if (dynamic_cast<P::ContinueStmtContext *>(ctx))
    return std::make_unique<SimpleStmt>(Stmt::Continue, l);
  if (dynamic_cast<P::HaltStmtContext *>(ctx))
    return std::make_unique<SimpleStmt>(Stmt::Halt, l);
  if (auto *c = dynamic_cast<P::ReturnStmtContext *>(ctx)) {
    auto s = std::make_unique<ReturnStmt>(l);
    if (c->expr())
      s->value = buildExpr(c->expr());
    return s;
  }
  if (auto *c = dynamic_cast<P::BoundaryStmtContext *>(ctx)) {
    auto s = std::make_unique<BoundaryStmt>(
        c->kw->getType() == P::WRAP ? Stmt::Wrap : Stmt::Reflect, l);
    for (auto *ref : c->familyRef())
      s->arrays.push_back(buildFamilyRef(ref));
    return s;
  }
  if (auto *c = dynamic_cast<P::WriteStmtContext *>(ctx))
    return buildWrite(c, l);
  if (auto *c = dynamic_cast<P::CallStmtContext *>(ctx)) {
    auto call = std::make_unique<CallExpr>(loc(c->ID()), c->ID()->getText());
    buildArgs(c->argList(), call->args);
    return std::make_unique<CallStmt>(l, std::move(call));
  }
  return nullptr;
}

StmtPtr Builder::buildAssign(P::AssignStmtContext *c, SourceLoc l) {
  AssignOp op = AssignOp::Assign;
  switch (c->op->getType()) {
  case P::PLUSEQ: op = AssignOp::AddAssign; break;
  case P::MINUSEQ: op = AssignOp::SubAssign; break;
  case P::STAREQ: op = AssignOp::MulAssign; break;
  case P::SLASHEQ: op = AssignOp::DivAssign; break;
  default: break;
  }
  auto *lv = c->lvalue();
  std::unique_ptr<NameExpr> name = buildFamilyRef(lv->familyRef());
  SourceLoc nameLoc = name->loc;
  ExprPtr target = std::move(name);
  if (lv->HASH()) {
    auto rm = std::make_unique<RemapExpr>(loc(lv->HASH()), std::move(target));
    for (auto *e : lv->expr())
      rm->indices.push_back(buildExpr(e));
    target = std::move(rm);
  } else if (!lv->expr().empty()) {
    auto sub = std::make_unique<SubscriptExpr>(
        nameLoc, std::unique_ptr<NameExpr>(llvm::cast<NameExpr>(target.release())));
    for (auto *e : lv->expr())
      sub->indices.push_back(buildExpr(e));
    target = std::move(sub);
  }
  return std::make_unique<AssignStmt>(l, op, std::move(target),
                                      buildExpr(c->expr()));
}

StmtPtr Builder::buildIf(P::IfStmtContext *c, SourceLoc l) {
  auto s = std::make_unique<IfStmt>(l);
  IfClause first;
  first.cond = buildExpr(c->expr());
  buildStmts(c->stmtList()->statement(), first.body);
  s->clauses.push_back(std::move(first));
  for (auto *ei : c->elsifClause()) {
    IfClause cl;
    cl.cond = buildExpr(ei->expr());
    buildStmts(ei->stmtList()->statement(), cl.body);
    s->clauses.push_back(std::move(cl));
  }
  if (auto *e = c->elseClause()) {
    s->hasElse = true;
    buildStmts(e->stmtList()->statement(), s->elseBody);
  }
  return s;
}

StmtPtr Builder::buildFor(P::ForStmtContext *c, SourceLoc l) {
  auto s = std::make_unique<ForStmt>(l);
  s->var = std::make_unique<NameExpr>(loc(c->ID()), c->ID()->getText());
  auto es = c->expr();
  s->lo = buildExpr(es[0]);
  s->hi = buildExpr(es[1]);
  if (es.size() > 2)
    s->step = buildExpr(es[2]);
  s->down = c->dir->getType() == P::DOWNTO;
  buildStmts(c->stmtList()->statement(), s->body);
  return s;
}

StmtPtr Builder::buildWrite(P::WriteStmtContext *c, SourceLoc l) {
  auto s = std::make_unique<WriteStmt>(l);
  s->newline = c->kw->getType() == P::WRITELN;
  for (auto *a : c->writeArg()) {
    WriteArg wa;
    wa.value = buildExpr(a->expr());
    if (a->STRING()) {
      wa.hasFormat = true;
      wa.format = decodeString(a->STRING()->getText());
    }
    s->args.push_back(std::move(wa));
  }
  return s;
}

/// The operator of `op<<` or `op||`: any other name is a user-defined
/// operator (Sema resolves it to a procedure).
void Builder::buildReduceOp(P::RedOpContext *ctx, ReduceOp &op, std::string *user) {
  if (ctx->PLUS()) op = ReduceOp::Add;
  else if (ctx->STAR()) op = ReduceOp::Mul;
  else if (ctx->AMP()) op = ReduceOp::And;
  else if (ctx->BAR()) op = ReduceOp::Or;
  else {
    std::string name = ctx->ID()->getText();
    if (name == "max") op = ReduceOp::Max;
    else if (name == "min") op = ReduceOp::Min;
    else {
      op = ReduceOp::User;
      *user = name;
    }
  }
}

ExprPtr Builder::buildReduce(P::ReduceExprContext *c, SourceLoc l) {
  ReduceOp op = ReduceOp::Add;
  std::string user;
  buildReduceOp(c->redOp(), op, &user);
  std::unique_ptr<RegionExpr> r;
  if (c->region())
    r = buildRegion(c->region());
  auto red = std::make_unique<ReduceExpr>(l, op, std::move(r), buildExpr(c->expr()));
  red->userOp = user;
  return red;
}

ExprPtr Builder::buildExpr(P::ExprContext *ctx) {
  SourceLoc l = loc(ctx);
  auto binary = [&](BinaryOp op, P::ExprContext *a, P::ExprContext *b,
                    antlr4::Token *opTok) -> ExprPtr {
    return std::make_unique<BinaryExpr>(loc(opTok), op, buildExpr(a), buildExpr(b));
  };
  if (auto *c = dynamic_cast<P::PrimaryExprContext *>(ctx))
    return buildPrimary(c->primary());
  if (auto *c = dynamic_cast<P::ShiftExprContext *>(ctx))
    return std::make_unique<ShiftExpr>(loc(c->op), buildExpr(c->expr()),
                                       buildDirRef(c->dirRef()),
                                       c->op->getType() == P::AT_WRAP);
  if (auto *c = dynamic_cast<P::RemapExprContext *>(ctx)) {
    auto es = c->expr();
    auto r = std::make_unique<RemapExpr>(loc(c->HASH()), buildExpr(es[0]));
    for (size_t i = 1; i < es.size(); ++i)
      r->indices.push_back(buildExpr(es[i]));
    return r;
  }
  if (auto *c = dynamic_cast<P::PowExprContext *>(ctx))
    return binary(BinaryOp::Pow, c->expr(0), c->expr(1), c->CARET()->getSymbol());
  if (auto *c = dynamic_cast<P::UnaryExprContext *>(ctx)) {
    UnaryOp op = c->op->getType() == P::MINUS  ? UnaryOp::Neg
                 : c->op->getType() == P::PLUS ? UnaryOp::Plus
                                               : UnaryOp::Not;
    return std::make_unique<UnaryExpr>(l, op, buildExpr(c->expr()));
  }
  if (auto *c = dynamic_cast<P::ReduceExprContext *>(ctx))
    return buildReduce(c, l);
  if (auto *c = dynamic_cast<P::ScanExprContext *>(ctx)) {
    ReduceOp op = ReduceOp::Add;
    std::string user;
    buildReduceOp(c->redOp(), op, &user);
    unsigned dim = 0;
    if (c->INT()) {
      dim = std::strtoul(c->INT()->getText().c_str(), nullptr, 10);
      if (dim < 1 || dim > 3) {
        diags.error(loc(c->INT()), "scan dimension must be 1, 2 or 3");
        dim = 1;
      }
    }
    auto scan = std::make_unique<ScanExpr>(l, op, dim, buildExpr(c->expr()));
    scan->userOp = user;
    return scan;
  }
  if (auto *c = dynamic_cast<P::FloodExprContext *>(ctx))
    return std::make_unique<FloodExpr>(l, buildRegion(c->region()),
                                       buildExpr(c->expr()));
  if (auto *c = dynamic_cast<P::MulExprContext *>(ctx)) {
    BinaryOp op = c->op->getType() == P::STAR    ? BinaryOp::Mul
                  : c->op->getType() == P::SLASH ? BinaryOp::Div
                                                 : BinaryOp::Mod;
    return binary(op, c->expr(0), c->expr(1), c->op);
  }
  if (auto *c = dynamic_cast<P::AddExprContext *>(ctx))
    return binary(c->op->getType() == P::PLUS ? BinaryOp::Add : BinaryOp::Sub,
                  c->expr(0), c->expr(1), c->op);
  if (auto *c = dynamic_cast<P::RelExprContext *>(ctx)) {
    BinaryOp op;
    switch (c->op->getType()) {
    case P::LT: op = BinaryOp::Lt; break;
    case P::LE: op = BinaryOp::Le; break;
    case P::GT: op = BinaryOp::Gt; break;
    default: op = BinaryOp::Ge; break;
    }
    return binary(op, c->expr(0), c->expr(1), c->op);
  }
  if (auto *c = dynamic_cast<P::EqExprContext *>(ctx))
    return binary(c->op->getType() == P::EQ ? BinaryOp::Eq : BinaryOp::Ne,
                  c->expr(0), c->expr(1), c->op);
  if (auto *c = dynamic_cast<P::AndExprContext *>(ctx))
    return binary(BinaryOp::And, c->expr(0), c->expr(1), c->AMP()->getSymbol());
  if (auto *c = dynamic_cast<P::OrExprContext *>(ctx))
    return binary(BinaryOp::Or, c->expr(0), c->expr(1), c->BAR()->getSymbol());
  return std::make_unique<IntLitExpr>(l, 0);
}

ExprPtr Builder::buildIntLiteral(antlr4::tree::TerminalNode *token) {
  SourceLoc l = loc(token);
  std::string text = token->getText();
  errno = 0;
  long long v = std::strtoll(text.c_str(), nullptr, 10);
  if (errno == ERANGE)
    diags.error(l, "integer literal '" + text + "' is too large");
  return std::make_unique<IntLitExpr>(l, v);
}

ExprPtr Builder::buildPrimary(P::PrimaryContext *ctx) {
  SourceLoc l = loc(ctx);
  if (auto *c = dynamic_cast<P::IntLitContext *>(ctx))
    return buildIntLiteral(c->INT());
  if (auto *c = dynamic_cast<P::RealLitContext *>(ctx)) {
    std::string text = c->REAL()->getText();
    return std::make_unique<RealLitExpr>(l, std::strtod(text.c_str(), nullptr), text);
  }
  if (auto *c = dynamic_cast<P::StringLitContext *>(ctx))
    return std::make_unique<StringLitExpr>(l, decodeString(c->STRING()->getText()));
  if (auto *c = dynamic_cast<P::BoolLitContext *>(ctx))
    return std::make_unique<BoolLitExpr>(l, c->TRUE() != nullptr);
  if (auto *c = dynamic_cast<P::CallExprContext *>(ctx)) {
    auto call = std::make_unique<CallExpr>(l, c->ID()->getText());
    buildArgs(c->argList(), call->args);
    return call;
  }
  if (auto *c = dynamic_cast<P::ConvExprContext *>(ctx)) {
    auto call = std::make_unique<CallExpr>(l, c->scalarType()->getText());
    buildArgs(c->argList(), call->args);
    return call;
  }
  if (auto *c = dynamic_cast<P::SubscriptExprContext *>(ctx)) {
    auto sub = std::make_unique<SubscriptExpr>(
        l, std::make_unique<NameExpr>(l, c->ID()->getText()));
    for (auto *e : c->expr())
      sub->indices.push_back(buildExpr(e));
    return sub;
  }
  if (auto *c = dynamic_cast<P::NameExprContext *>(ctx))
    return std::make_unique<NameExpr>(l, c->ID()->getText());
  if (auto *c = dynamic_cast<P::SelectExprContext *>(ctx)) {
    auto n = std::make_unique<NameExpr>(l, c->ID()->getText());
    n->selects = true;
    if (c->expr())
      n->index = buildExpr(c->expr());
    return n;
  }
  if (dynamic_cast<P::ElementIndexExprContext *>(ctx))
    return std::make_unique<NameExpr>(l, "{}");
  if (auto *c = dynamic_cast<P::ParenExprContext *>(ctx))
    return buildExpr(c->expr());
  return std::make_unique<IntLitExpr>(l, 0);
}

} // namespace

std::unique_ptr<Program> zpl::buildAST(void *programContext,
                                       const std::string &file,
                                       DiagnosticEngine &diags) {
  unsigned before = diags.getNumErrors();
  Builder b(file, diags);
  auto prog = b.build(static_cast<P::ProgramContext *>(programContext));
  if (diags.getNumErrors() != before)
    return nullptr;
  return prog;
}
