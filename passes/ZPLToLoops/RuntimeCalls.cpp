//===- RuntimeCalls.cpp - calls of the runtime's entry points -------------===//

#include "passes/ZPLToLoops/RuntimeCalls.h"
#include "passes/Passes.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "llvm/ADT/StringExtras.h"

#include <cstdio>

using namespace mlir;

namespace zpl {

std::string cStringLiteral(StringRef s) {
  std::string out = "\"";
  char prev = 0;
  for (unsigned char c : s) {
    switch (c) {
    case '\n': out += "\\n"; break;
    case '\t': out += "\\t"; break;
    case '\r': out += "\\r"; break;
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '?':
      // Avoid trigraphs (C11 has them): "??x" -> "?\?x".
      out += prev == '?' ? "\\?" : "?";
      break;
    default:
      if (c < 0x20 || c == 0x7f) {
        // Octal escapes stop after three digits; hex ones would not.
        char buf[8];
        snprintf(buf, sizeof buf, "\\%03o", c);
        out += buf;
      } else {
        out += static_cast<char>(c);
      }
    }
    prev = static_cast<char>(c);
  }
  out += "\"";
  return out;
}

std::string sourcePosition(Location loc) {
  std::string pos = "<unknown>";
  loc->walk([&](Location l) {
    auto flc = dyn_cast<FileLineColLoc>(l);
    if (!flc)
      return WalkResult::advance();
    pos = (flc.getFilename().strref() + ":" + Twine(flc.getLine()) + ":" +
           Twine(flc.getColumn()))
              .str();
    return WalkResult::interrupt();
  });
  return pos;
}

namespace loops {
namespace {

/// An entry of RuntimeCalls.def, its C declaration as text.
struct Entry {
  const char *name;
  const char *result; // a C type; T for the element type
  const char *params; // "(type name, ...)"
  bool typed;
};

const Entry kEntries[] = {
#define ZPL_RUNTIME_CALL(Id, name, result, params)                             \
  {#name, #result, #params, false},
#define ZPL_RUNTIME_CALL_TYPED(Id, name, result, params)                       \
  {#name, #result, #params, true},
#include "passes/ZPLToLoops/RuntimeCalls.def"
};

const Entry &entryOf(RuntimeFn fn) { return kEntries[static_cast<int>(fn)]; }

/// The MLIR type of a C type of the table (null for void).
Type typeOfC(MLIRContext *ctx, StringRef c, Type elem) {
  c = c.trim();
  if (c == "void")
    return {};
  if (c.consume_back("*")) {
    Type pointee = typeOfC(ctx, c, elem);
    return pointee ? emitc::PointerType::get(pointee) : Type();
  }
  if (c == "T")
    return elem;
  if (c == "int64_t")
    return IntegerType::get(ctx, 64);
  if (c == "bool")
    return IntegerType::get(ctx, 1);
  if (c == "int32_t")
    return IntegerType::get(ctx, 32);
  if (c == "double")
    return Float64Type::get(ctx);
  if (c == "float")
    return Float32Type::get(ctx);
  return emitc::OpaqueType::get(ctx, c);
}

/// Whether `count` arguments fit the parameter list `params`.
bool arityMatches(StringRef params, size_t count) {
  params = params.trim().drop_front().drop_back(); // the parentheses
  if (params.trim() == "void")
    return count == 0;
  size_t n = params.count(',') + 1;
  if (params.contains("..."))
    return count >= n - 1;
  return count == n;
}

} // namespace

std::string runtimeName(RuntimeFn fn, Type elem) {
  const Entry &e = entryOf(fn);
  if (!e.typed)
    return e.name;
  return (Twine(e.name) + "_" + typeSuffix(elem)).str();
}

Value callRuntime(OpBuilder &b, Location loc, RuntimeFn fn,
                  ArrayRef<CArg> args, Type elem) {
  const Entry &e = entryOf(fn);
  assert((!e.typed || elem) && "a typed runtime entry needs its type");
  assert(arityMatches(e.params, args.size()) &&
         "a runtime call does not match its declaration");
  (void)arityMatches;
  Type result = typeOfC(b.getContext(), e.result, elem);
  // memmove's result (void *) is the only pointer to void: unused.
  if (auto ptr = dyn_cast_or_null<emitc::PointerType>(result))
    if (auto opaque = dyn_cast<emitc::OpaqueType>(ptr.getPointee()))
      if (opaque.getValue() == "void")
        result = {};
  SmallVector<Value> operands;
  SmallVector<Attribute> argAttrs;
  bool allValues = true;
  for (const CArg &a : args) {
    if (a.value) {
      argAttrs.push_back(b.getIndexAttr(operands.size()));
      operands.push_back(a.value);
    } else {
      argAttrs.push_back(a.attr);
      allValues = false;
    }
  }
  ArrayAttr argsAttr = allValues ? ArrayAttr() : b.getArrayAttr(argAttrs);
  TypeRange results = result ? TypeRange(result) : TypeRange();
  auto op = emitc::CallOpaqueOp::create(b, loc, results, runtimeName(fn, elem),
                                        operands, argsAttr);
  return result ? op.getResult(0) : Value();
}

StringRef typeSuffix(Type t) {
  if (t.isF64())
    return "f64";
  if (t.isF32())
    return "f32";
  if (t.isInteger(1))
    return "bool";
  if (t.isInteger(32))
    return "i32";
  return "i64";
}

int64_t typeCode(Type t) {
  // enum zrt_type of zplrt.h.
  enum : int64_t { ZRT_I64 = 0, ZRT_F64 = 1, ZRT_F32 = 2, ZRT_BOOL = 3, ZRT_I32 = 4 };
  if (t.isF64())
    return ZRT_F64;
  if (t.isF32())
    return ZRT_F32;
  if (t.isInteger(1))
    return ZRT_BOOL;
  if (t.isInteger(32))
    return ZRT_I32;
  return ZRT_I64;
}

Attribute intArg(MLIRContext *ctx, int64_t v) {
  return IntegerAttr::get(IntegerType::get(ctx, 64), v);
}

Attribute strArg(MLIRContext *ctx, StringRef s) {
  return emitc::OpaqueAttr::get(ctx, cStringLiteral(s));
}

SmallVector<CArg> dirArgs(MLIRContext *ctx, ArrayRef<int64_t> d) {
  SmallVector<CArg> out;
  for (unsigned k = 0; k < 3; ++k)
    out.push_back(intArg(ctx, k < d.size() ? d[k] : 0));
  return out;
}

} // namespace loops
} // namespace zpl
