//===- Passes.td - LoopsToEmitC passes ------------------------------------===//
//
// Conversion loops -> EmitC: the preparation before the upstream
// conversions, and the clean-ups of the EmitC they produce.
//===----------------------------------------------------------------------===//

#ifndef ZPLC_PASSES_LOOPSTOEMITC_PASSES_TD
#define ZPLC_PASSES_LOOPSTOEMITC_PASSES_TD

include "mlir/Pass/PassBase.td"

def LegalizeForEmitC : Pass<"zpl-legalize-for-emitc", "::mlir::ModuleOp"> {
  let summary = "Prepare lowered code for EmitC: math calls, includes";
  let description = [{
    Rewrites the math operations the upstream EmitC conversions do not
    cover into calls of the C library, and adds the runtime includes.
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
