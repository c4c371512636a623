//===- Passes.td - zplc passes ----------------------------*- tablegen -*-===//

#ifndef ZPLC_PASSES_TD
#define ZPLC_PASSES_TD

include "mlir/Pass/PassBase.td"

def InsertRedistribution : Pass<"zpl-insert-redistribution", "::mlir::ModuleOp"> {
  let summary = "Copy arrays of another distribution into temporaries of "
                "the statement's distribution";
  let description = [{
    An array statement runs over the tiles of the distribution of the
    array it follows (the one it assigns; for a reduction to a scalar the
    first one it reads). Every array it reads (or its mask) whose
    declaration gives it another distribution is first copied by a
    `zpl.redistribute` into a `zpl.local_array` aligned with the
    statement's array, over the statement's region widened by the reads'
    shifts (`zpl.expand`), and the statement reads that temporary. A plain
    copy `[R] B := A` between different distributions becomes
    `zpl.redistribute %B from %A over %R`. Communication generation makes
    each `zpl.redistribute` an IRONMAN transfer of kind "redist".
  }];
}

def InferStorage : Pass<"zpl-infer-storage", "::mlir::ModuleOp"> {
  let summary = "Infer each array's ghost widths (fluff)";
  let description = [{
    Sets `fluff` on every `zpl.array_decl` to the widest shift applied to
    the array anywhere in the program (per dimension and side), and widens
    it for the bands of `of` regions the array is assigned under.
  }];
}

def GenerateCommunication : Pass<"zpl-gen-comm", "::mlir::ModuleOp"> {
  let summary = "Turn shifted reads, boundaries and remaps into IRONMAN transfers";
  let description = [{
    Before every array statement or reduction that reads an array at a
    nonzero offset, creates one `ironman.transfer` per distinct (array,
    offset) with its access patterns and a program-wide `id`, followed by
    its `ironman.dr`, `ironman.sr`, `ironman.dn` and `ironman.sv`.
    Boundary statements (wrap, reflect) and remaps become transfers in
    their place: gathers and scatters of kind "remap" (indexed on the
    indexed side), gathers by a permutation of the Index arrays of kind
    "transpose" (strided on one side).
  }];
  let dependentDialects = ["::ironman::IronmanDialect"];
}

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
    `strategy` ("packed" or "chained": the model's choice, or the override),
    `est_mbps` and `est_us` (throughput and time of one message of the
    chosen strategy, rounded to 0.01). A transpose (strided on one side)
    is estimated both ways, strided loads (`nQ1`) and strided stores
    (`1Qn`); the faster gets `orientation = "loads" | "stores"` with its
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

def CountOperations : Pass<"zpl-count-operations", "::mlir::ModuleOp"> {
  let summary = "Annotate array statements with their operation counts";
  let description = [{
    For the simulated machines (--backend=sim): sets `zpl.ops` on every
    array statement (`zpl.assign`, `zpl.reduce`, `zpl.reduce_partial`,
    `zpl.scan`, `zpl.flood`) to what one element of its region costs:
    `ops` (arithmetic, comparisons, logic, conversions, min/max/abs,
    Index values, and the combine of a reduction or scan), `divs`
    (divisions and remainders by a variable; by a constant they count as
    ops: the C compiler multiplies and shifts), `calls` (math library calls such as sqrt,
    exp, pow), `loads` (reads of distinct arrays, the mask included),
    `cached` (further reads of an array already read: neighbouring
    elements, in the cache) and `stores` (1 for a statement that writes an
    array). The lowering emits `zrt_charge(region, ops, divs, calls, loads,
    cached, stores)` before the statement's loop nest; the simulator turns
    the counts into virtual time with the machine's [compute] figures.
  }];
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

def PipelineTransfers : Pass<"zpl-ironman-pipeline", "::mlir::ModuleOp"> {
  let summary = "Move DR/SR early and DN/SV late to overlap communication";
  let description = [{
    For every halo transfer or combine of halo transfers, within its block:
    the transfer op moves up to its operands, DR up to the last read of
    the ghost cells it receives, SR up to the last write of its source, SV
    down to the next write of the source and DN down to the first read of
    the received cells, as dialects/ironman/Placement.h defines reads and
    writes (ops with regions move as units). With `keep-fusion`, nothing
    comes to rest between two consecutive statements over the same region
    that the lowering could fuse. Then, across iterations: in the body of
    an `scf.for`, the next iteration's DR and SR move up from the top of
    the body to the end of the current iteration (after its last read of
    the ghost cells and last write of the source), guarded by whether a
    next iteration follows, with the first iteration's before the loop,
    when computation remains there to overlap (`ironman::RotatedCalls`).
  }];
  let options = [
    Option<"keepFusion", "keep-fusion", "bool", /*default=*/"true",
           "Never split a run of statements the lowering could fuse">,
    Option<"acrossIterations", "across-iterations", "bool",
           /*default=*/"true",
           "Start the next iteration's transfer in the current one">
  ];
  let dependentDialects = ["::ironman::IronmanDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def RenameArrays : Pass<"zpl-rename-arrays", "::mlir::ModuleOp"> {
  let summary = "Mark copies `A := Temp` that may exchange the arrays' storage";
  let description = [{
    Sets `zpl.rename` on `[R] A := Temp` when Temp's values are not read
    again before Temp is next written over R (the rules are in
    RenameArrays.cpp), and gives both arrays the same fluff. The lowering
    then exchanges the two arrays' storage (zrt_array_rename) instead of
    copying R; A's elements outside R keep their values. Run at -O1 and
    above.
  }];
}

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

    With `fuse` (the default), a run of consecutive array statements and
    reductions over the same region becomes one loop nest when that is
    legal (the rule is documented in LowerToLoops.cpp); each reduction
    still gets its own allreduce after the nest, in statement order.
  }];
  let options = [
    Option<"fuse", "fuse", "bool", /*default=*/"true",
           "Fuse consecutive array statements and reductions over the same "
           "region into one loop nest when legal">
  ];
  let dependentDialects = ["::mlir::emitc::EmitCDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect"];
}

def LegalizeForEmitC : Pass<"zpl-legalize-for-emitc", "::mlir::ModuleOp"> {
  let summary = "Prepare lowered code for EmitC: math calls, includes";
  let description = [{
    Rewrites the math operations the upstream EmitC conversions do not
    cover into calls of the C library, and adds the runtime includes.
  }];
  let dependentDialects = ["::mlir::emitc::EmitCDialect"];
}

#endif // ZPLC_PASSES_TD
