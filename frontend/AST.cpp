//===- AST.cpp - AST helpers ----------------------------------------------===//
#include "frontend/AST.h"

namespace zpl {
namespace ast {

const char *toString(ScalarType t) {
  switch (t) {
  case ScalarType::Invalid: return "<invalid>";
  case ScalarType::Integer: return "integer";
  case ScalarType::Double: return "double";
  case ScalarType::Float: return "float";
  case ScalarType::Boolean: return "boolean";
  case ScalarType::String: return "string";
  case ScalarType::Void: return "void";
  case ScalarType::File: return "file";
  case ScalarType::Int32: return "int32";
  }
  return "?";
}

const char *toString(UnaryOp op) {
  switch (op) {
  case UnaryOp::Neg: return "-";
  case UnaryOp::Plus: return "+";
  case UnaryOp::Not: return "!";
  }
  return "?";
}

const char *toString(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add: return "+";
  case BinaryOp::Sub: return "-";
  case BinaryOp::Mul: return "*";
  case BinaryOp::Div: return "/";
  case BinaryOp::Mod: return "%";
  case BinaryOp::Pow: return "^";
  case BinaryOp::Lt: return "<";
  case BinaryOp::Le: return "<=";
  case BinaryOp::Gt: return ">";
  case BinaryOp::Ge: return ">=";
  case BinaryOp::Eq: return "=";
  case BinaryOp::Ne: return "!=";
  case BinaryOp::And: return "&";
  case BinaryOp::Or: return "|";
  }
  return "?";
}

const char *toString(ReduceOp op) {
  switch (op) {
  case ReduceOp::Add: return "+";
  case ReduceOp::Mul: return "*";
  case ReduceOp::Max: return "max";
  case ReduceOp::Min: return "min";
  case ReduceOp::And: return "&";
  case ReduceOp::Or: return "|";
  case ReduceOp::User: return "user";
  }
  return "?";
}

const char *toString(Builtin b) {
  switch (b) {
  case Builtin::None: return "<none>";
  case Builtin::Abs: return "abs";
  case Builtin::Sqrt: return "sqrt";
  case Builtin::Exp: return "exp";
  case Builtin::Log: return "log";
  case Builtin::Sin: return "sin";
  case Builtin::Cos: return "cos";
  case Builtin::Tan: return "tan";
  case Builtin::Floor: return "floor";
  case Builtin::Ceil: return "ceil";
  case Builtin::Min: return "min";
  case Builtin::Max: return "max";
  case Builtin::Pow: return "pow";
  case Builtin::ToDouble: return "double";
  case Builtin::ToInteger: return "integer";
  case Builtin::ToFloat: return "float";
  case Builtin::ToInt32: return "int32";
  case Builtin::Band: return "band";
  case Builtin::Bor: return "bor";
  case Builtin::Bxor: return "bxor";
  case Builtin::Bnot: return "bnot";
  case Builtin::Bsl: return "bsl";
  case Builtin::Bsr: return "bsr";
  case Builtin::Open: return "open";
  case Builtin::Read: return "read";
  case Builtin::Close: return "close";
  case Builtin::Timer: return "timer";
  }
  return "?";
}

const char *toString(AssignOp op) {
  switch (op) {
  case AssignOp::Assign: return ":=";
  case AssignOp::AddAssign: return "+=";
  case AssignOp::SubAssign: return "-=";
  case AssignOp::MulAssign: return "*=";
  case AssignOp::DivAssign: return "/=";
  }
  return "?";
}

const char *Decl::kindName() const {
  switch (kind) {
  case ConfigVar: return "config var";
  case Constant: return "constant";
  case Var: return "variable";
  case Param: return "parameter";
  case IndexArray: return "index array";
  case Region: return "region";
  case Direction: return "direction";
  case Grid: return "grid";
  case Distribution: return "distribution";
  case Procedure: return "procedure";
  }
  return "?";
}

} // namespace ast
} // namespace zpl
