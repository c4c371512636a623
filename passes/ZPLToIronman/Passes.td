//===- Passes.td - ZPLToIronman passes ------------------------------------===//
//
// Conversion zpl -> ironman: shifted reads, boundaries and remaps become
// IRONMAN transfers.
//===----------------------------------------------------------------------===//

#ifndef ZPLC_PASSES_ZPLTOIRONMAN_PASSES_TD
#define ZPLC_PASSES_ZPLTOIRONMAN_PASSES_TD

include "mlir/Pass/PassBase.td"

def GenerateCommunication : Pass<"zpl-gen-comm", "::mlir::ModuleOp"> {
  let summary = "Turn shifted reads, boundaries and remaps into IRONMAN transfers";
  let description = [{
    Before every array statement, reduction or `zpl.fused` run (as one
    statement: the union of its members' reads) that reads an array at a
    nonzero offset, creates one `ironman.transfer` per distinct (array,
    offset) with its access patterns and a program-wide `id`, followed by
    its `ironman.dr`, `ironman.sr`, `ironman.dn` and `ironman.sv`.
    Boundary statements (wrap, reflect) and remaps become transfers in
    their place: gathers and scatters of kind `remap` (indexed on the
    indexed side), gathers by a permutation of the Index arrays of kind
    `transpose` (strided on one side).
  }];
  let dependentDialects = ["::ironman::IronmanDialect"];
}

#endif // ZPLC_PASSES_ZPLTOIRONMAN_PASSES_TD
