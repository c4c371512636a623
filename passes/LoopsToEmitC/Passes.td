//===- Passes.td - LoopsToEmitC passes ------------------------------------===//
//
// Conversion loops -> EmitC: the preparation before the upstream
// conversions, and the clean-ups of the EmitC they produce.
//===----------------------------------------------------------------------===//

#ifndef ZPLC_PASSES_LOOPSTOEMITC_PASSES_TD
#define ZPLC_PASSES_LOOPSTOEMITC_PASSES_TD

include "mlir/Pass/PassBase.td"

// The passes between the loops and C, in pipeline order (zplc runs them
// as zpl-legalize-for-emitc, with upstream's convert-scf-to-emitc and
// convert-func-to-emitc between them: passes/Pipeline.cpp).

def CRunTimeChecks : Pass<"zpl-c-run-time-checks", "::mlir::func::FuncOp"> {
  let summary = "Assertions, divisions and shifts as C with run-time checks";
  let description = [{
    `cf.assert` becomes `if (!cond) zrt_fail_at("file:line:col", msg);`.
    An i64 division or remainder whose divisor may be 0 or -1, and an i64
    shift whose amount may lie outside 0..63 (all undefined in C), becomes
    a call of the runtime's checked twin (zrt_div_i64, zrt_rem_i64,
    zrt_shl_i64, zrt_shr_i64), which names the source position when it
    stops the program.
  }];
  let dependentDialects = ["::mlir::emitc::EmitCDialect", "::mlir::scf::SCFDialect"];
}

def MathToLibC : Pass<"zpl-math-to-libc", "::mlir::func::FuncOp"> {
  let summary = "Math operations as calls of the C library";
  let description = [{
    Upstream's math-to-emitc patterns where they exist; the other float
    operations become math.h calls (`f`-suffixed for f32), rsqrt a division
    by sqrt, fpowi a pow of the converted exponent, absi a compare and a
    select, ipowi a square-and-multiply loop, and the arith min/max
    operations fmax/fmin or a compare and a select. An operation left with
    no C equivalent is an error.
  }];
  let dependentDialects = ["::mlir::emitc::EmitCDialect", "::mlir::scf::SCFDialect"];
}

def CSpellings : Pass<"zpl-c-spellings", "::mlir::func::FuncOp"> {
  let summary = "INT64_MIN, unused call results, bitwise operands for C";
  let description = [{
    The i64 constant INT64_MIN is spelled so (C has no literal for it); a
    procedure call whose results are unused loses them (an unused variable
    in C); an operand of a bitwise or shift operation that is itself an
    operator expression is kept in a variable (-Wparentheses). Runs after
    zpl-c-run-time-checks, whose constant operands the first would hide.
  }];
  let dependentDialects = ["::mlir::emitc::EmitCDialect"];
}

def CRemoveUnused : Pass<"zpl-c-remove-unused", "::mlir::func::FuncOp"> {
  let summary = "Remove what C compilers report as unused under -Wall";
  let description = [{
    After convert-scf-to-emitc: loads nobody uses, variables that are only
    ever assigned (with their assignments), unused results of opaque calls
    and unused emitc operators go, and whatever becomes dead with them.
  }];
}

def CPrepareCalls : Pass<"zpl-c-prepare-calls", "::mlir::emitc::FuncOp"> {
  let summary = "Keep calls where zpl-form-expressions must not move them";
  let description = [{
    After convert-func-to-emitc: an opaque call that names one value twice
    names it once (an expression around it could not be parsed back), and
    the result of a call used after other side effects is kept in a
    variable, so that form-expressions does not move the call past them.
  }];
}

def CDeclarations : Pass<"zpl-c-declarations", "::mlir::ModuleOp"> {
  let summary = "The includes and function prototypes of the C file";
  let description = [{
    Adds `#include "zplrt.h"` and `#include "ironman.h"` (and string.h
    where row copies use memmove), a prototype of every function after the
    globals, and moves zpl_main, the program's entry, first.
  }];
  let dependentDialects = ["::mlir::emitc::EmitCDialect"];
}

def HoistConstants : Pass<"zpl-hoist-constants", "::mlir::func::FuncOp"> {
  let summary = "Move constants to the entry of their function, one per value";
  let description = [{
    What the canonicalizer's folder does to constants (each value once, at
    the start of the function's entry block, in the order the folder would
    leave them), done in one walk before it. The greedy driver puts every
    ancestor of a changed operation back on its worklist, so each constant
    it moves out of a deeply nested body costs time proportional to the
    nesting depth; with the constants already in place it changes nothing
    there.
  }];
}

def FormExpressions : Pass<"zpl-form-expressions", "::mlir::emitc::FuncOp"> {
  let summary = "Group EmitC operators into C expressions, in linear time";
  let description = [{
    The result of upstream form-expressions (an operator joins the
    expression of its user when its result has one use, the user is an
    operator too, and it has no side effects), with each expression built
    once: upstream clones a growing expression at every fold and simplifies
    every region after each iteration, quadratic in the length of a chain
    of operators and in the nesting depth.
  }];
  let dependentDialects = ["::mlir::emitc::EmitCDialect"];
}

#endif // ZPLC_PASSES_LOOPSTOEMITC_PASSES_TD
