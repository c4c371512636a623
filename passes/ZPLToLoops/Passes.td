//===- Passes.td - ZPLToLoops passes --------------------------------------===//
//
// Conversion zpl and ironman -> loops: scf, arith and func with calls of
// the runtime.
//===----------------------------------------------------------------------===//

#ifndef ZPLC_PASSES_ZPLTOLOOPS_PASSES_TD
#define ZPLC_PASSES_ZPLTOLOOPS_PASSES_TD

include "mlir/Pass/PassBase.td"

def LowerToLoops : Pass<"zpl-lower-to-loops", "::mlir::ModuleOp"> {
  let summary = "Lower zpl and ironman to loops and runtime calls";
  let description = [{
    Global declarations become `emitc.global`s and a generated
    `zpl_main` that initialises them in order and calls the entry
    procedure; array statements become `scf.for` nests over each PE's
    block with `emitc` pointer arithmetic; transfers, reductions and I/O
    become `emitc.call_opaque` calls into the runtime ABI
    (runtime/include/zplrt.h, ironman.h). Scalar code stays in
    arith/scf/func/math.

    A `zpl.fused` run (zpl-fuse-statements) becomes one loop nest over
    the run's region, executing at each index the statements' bodies in
    order; each reduction of the run carries its own accumulator and gets
    its own allreduce after the nest, in statement order.

    With `reuse-along-rows` (zplc: -O2), an expression a nest's bodies
    compute at several offsets along the innermost dimension is computed
    once per position and carried in scalars to the iterations that need
    it (Reuse.cpp); exact.
  }];
  let options = [
    Option<"reuseAlongRows", "reuse-along-rows", "bool", /*default=*/"false",
           "Compute an expression needed at several inner offsets once per "
           "position of the innermost loop">
  ];
  let dependentDialects = ["::mlir::emitc::EmitCDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect"];
}

#endif // ZPLC_PASSES_ZPLTOLOOPS_PASSES_TD
