//===- Passes.td - IronmanTransforms passes -------------------------------===//
//
// Transforms of the ironman dialect: strategies, redundant and combined
// transfers, pipelining, and computation overlapped with halo transfers.
//===----------------------------------------------------------------------===//

#ifndef ZPLC_PASSES_IRONMAN_PASSES_TD
#define ZPLC_PASSES_IRONMAN_PASSES_TD

include "mlir/Pass/PassBase.td"

def SelectStrategy : Pass<"zpl-select-strategy", "::mlir::ModuleOp"> {
  let summary = "Choose packed or chained for every IRONMAN transfer from "
                "the copy-transfer cost model";
  let description = [{
    For every `ironman.transfer`, derives the communication `xQy` of the
    copy-transfer model (docs/model.md) from its source and destination
    access patterns (contiguous -> `1`, strided -> the stride in 64-bit
    words, indexed -> `w`; a stride known only at run time, such as the
    local row pitch of a column halo, is costed with the machine's
    largest-stride figures: "strides larger than 64 behave like 64") and a
    representative message size (the transfer's band when its region has
    constant bounds, else 8 KiB), asks the model for the packed and the
    chained estimate on the target machine, and records on the op
    `strategy` (`#ironman.strategy<packed>` or `<chained>`: the model's
    choice, or the override), `est_mbps` and `est_us` (throughput and time
    of one message of the chosen strategy, rounded to 0.01). A transpose
    (strided on one side) is estimated both ways, strided loads (`nQ1`) and
    strided stores (`1Qn`); the faster gets
    `orientation = #ironman.orientation<loads>` or `<stores>` with its
    patterns, and both throughputs are recorded (`est_loads_mbps`,
    `est_stores_mbps`).

    `machine` is a machine name (`t3d`, `t3e`, `paragon`, `host`) or the
    path of a machine description (.toml); a description that cannot be
    found or read is an error. `strategy=chained|packed` overrides the
    model's choice (the estimates are then those of the forced strategy).
  }];
  let options = [
    Option<"machine", "machine", "std::string", /*default=*/"\"host\"",
           "Target machine: t3d, t3e, paragon, host, or a .toml description">,
    Option<"strategy", "strategy", "std::string", /*default=*/"\"auto\"",
           "auto (the model's choice), chained or packed">
  ];
  let dependentDialects = ["::ironman::IronmanDialect"];
}

def RemoveRedundantTransfers : Pass<"zpl-ironman-redundancy", "::mlir::ModuleOp"> {
  let summary = "Remove IRONMAN transfers whose cells are already current";
  let description = [{
    Drops a transfer, with its `ironman.dr`, `sr`, `dn` and `sv`, when an
    identical transfer (same kind, arrays, region and shift) has completed
    on every path to it and no op since may have written the array: a
    statement storing into it, a remap, a scatter, a transfer of another
    kind into it, a call. Straight-line code is exact; `scf.if` branches
    and loop bodies see only what none of their ops writes. With `hoist`,
    a halo transfer at the top level of a loop body whose array the loop
    never writes first moves before the loop (it then runs once instead of
    once per iteration).
  }];
  let options = [
    Option<"hoist", "hoist", "bool", /*default=*/"true",
           "Move halo transfers of arrays a loop never writes before the loop">
  ];
  let dependentDialects = ["::ironman::IronmanDialect"];
}

def CombineTransfers : Pass<"zpl-ironman-combine", "::mlir::ModuleOp"> {
  let summary = "Combine IRONMAN transfers to the same neighbours into one";
  let description = [{
    Transfers (halo, wrap, reflect) of one block that stand at the same
    program point and share a neighbour (some dimension shifted the same
    way) become members of one `ironman.combine` with its own id, strategy
    and DR/SR/DN/SV, placed after the last member's calls: the runtime
    sends one message per peer PE for all of them. Members that depend on
    each other (a wrap of an array and another transfer of it) or whose
    calls cannot legally move together stay apart.
  }];
  let options = [
    Option<"directions", "directions", "bool", /*default=*/"true",
           "Also combine different shifts that share a neighbour (north and "
           "north-east); without it only equal shifts combine">
  ];
  let dependentDialects = ["::ironman::IronmanDialect"];
}

def PipelineTransfers : Pass<"zpl-ironman-pipeline", "::mlir::func::FuncOp"> {
  let summary = "Move DR/SR early and DN/SV late to overlap communication";
  let description = [{
    For every halo transfer or combine of halo transfers, within its block:
    the transfer op moves up to its operands, DR up to the last read of
    the ghost cells it receives, SR up to the last write of its source, SV
    down to the next write of the source and DN down to the first read of
    the received cells, as dialects/ironman/Placement.h defines reads and
    writes (ops with regions move as units: a `zpl.fused` run of
    statements is one op, with the reads and writes of all its statements,
    so no call comes to rest inside a run); where the ends of several
    transfers meet, every DN goes before the SVs (an SV may wait for the
    other PE's DN, a DN only for data already sent). Then, across
    iterations: in the body of an `scf.for`, the next iteration's DR and
    SR move up from the top of the body to the end of the current
    iteration (after its last read of the ghost cells and last write of
    the source), guarded by whether a next iteration follows, with the
    first iteration's before the loop, when computation remains there to
    overlap (`ironman::RotatedCalls`).
  }];
  let options = [
    Option<"acrossIterations", "across-iterations", "bool",
           /*default=*/"true",
           "Start the next iteration's transfer in the current one">
  ];
  let dependentDialects = ["::ironman::IronmanDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def OverlapHalos : Pass<"zpl-overlap-halos", "::mlir::func::FuncOp"> {
  let summary = "Compute a statement's interior while its halo transfers "
                "are in flight";
  let description = [{
    A statement (or fused run) that right after the DN of a halo transfer
    reads the transfer's ghost cells is split into an interior part (the
    indices whose reads stay in the PE's own cells), which moves before
    the DNs, and a boundary part (the strips around it), which stays after
    them: `zpl.overlap = "interior" | "boundary"` (dialects/zpl/Overlap.h),
    a placement the IRONMAN verifier accepts. A split is kept only where
    every transfer's placement still verifies. Runs with floating-point
    `+<<` or `*<<` reductions are not split (their order contract, docs/
    codegen.md). The rules are in OverlapHalos.cpp. zplc runs it at -O2
    (`--overlap=false` leaves it out), after zpl-narrow-integers, right
    before the lowering.
  }];
}

#endif // ZPLC_PASSES_IRONMAN_PASSES_TD
