//===- Passes.td - zplc passes ----------------------------*- tablegen -*-===//

#ifndef ZPLC_PASSES_TD
#define ZPLC_PASSES_TD

include "mlir/Pass/PassBase.td"

def FuseStatements : Pass<"zpl-fuse-statements", "::mlir::ModuleOp"> {
  let summary = "Wrap each run of statements that can execute as one loop "
                "nest in zpl.fused";
  let description = [{
    A maximal run S1..Sk (k >= 2) of `zpl.assign` / `zpl.reduce` ops that
    are consecutive in one block becomes one `zpl.fused` op, which the
    lowering makes ONE loop nest over their common iteration space,
    executing at each index the statements' bodies in order; the op yields
    the results of its reductions. Between the statements only ops with no
    memory effects and no regions are allowed, and reads of scalars
    (`zpl.get`, `zpl.load`: no statement writes a scalar, and a write
    between statements ends the run), whose operands are all defined
    before S1 (or by such ops before them in the run); they move before
    the run. The run is fused when:
      1. all statements are over the same region SSA value;
      2. no statement needs the temporary: none reads its own destination
         at a nonzero offset;
      3. for i < j: Sj reads an array written by Si only at offset 0 (it
         then sees Si's value at the same index, as in the unfused order);
      4. for i < j: Si reads an array written by Sj only at offset 0 (so
         no index is overwritten by Sj before Si has read it);
      5. no statement's body uses the result of an earlier reduction of
         the run (a reduction is complete only after its loop), and no op
         between the statements uses such a result (implied by the operand
         rule above);
      6. arrays are identified by their declaration, traced through
         `zpl.get @sym`; a statement with an array that cannot be traced
         (a procedure argument, a local array, ...) takes part in no run;
      7. the statements that have an array to follow
         (zpl::getStatementDistArray) follow arrays of one distribution,
         and every array a statement of the run reads (or is masked by)
         has that distribution: the nest runs over the tiles of that
         distribution, and every array of the run must be aligned with
         it (zpl-insert-redistribution makes a statement that reads
         another distribution read a temporary copy instead).
    A statement's mask counts as a read at offset 0 (rules 3, 4, 6 and 7
    apply to it). Partial reductions, scans, floods, remaps, boundary
    statements and transfers end a run. A plain copy `[R] A := B`
    (lowered to memmove rows) takes part in no run either: it ends the
    current one.

    Why this is the unfused meaning: at index p, the fused nest runs Si
    before Sj (i < j). Sj's reads of arrays written by Si are at p (rule
    3), already written by Si at p, as after Si's whole loop; its other
    reads are of arrays no earlier statement writes. Si's reads of arrays
    written by a later Sj are at p (rule 4), not yet written by Sj, as
    before Sj's loop. Reads of a statement's own destination are at p
    (rule 2), before its write at p. Reductions only accumulate; their
    results are used after the nest (rule 5).

    So no statement of a run reads at a nonzero offset an array the run
    writes: the communication passes treat a `zpl.fused` op as one
    statement, whose reads and writes are those of its members, and its
    halo transfers all complete before it. zplc runs this pass first, at
    -O1 and up, so the runs show in `--emit=zpl` and `--emit=ironman`.
  }];
}

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
    each `zpl.redistribute` an IRONMAN transfer of kind `redist`.
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

def RenameArrays : Pass<"zpl-rename-arrays", "::mlir::ModuleOp"> {
  let summary = "Mark copies `A := Temp` that may exchange the arrays' storage";
  let description = [{
    Sets `zpl.rename` on `[R] A := Temp` when Temp's values are not read
    again before Temp is next written over R (the rules are in
    RenameArrays.cpp), and gives both arrays the same fluff. The lowering
    then exchanges the two arrays' storage (zrt_array_rename) instead of
    copying R; A's elements outside R keep their values. It also sets
    `zpl.rename` on `[R] A := f(A@d, ...)` (a statement reading its own
    destination shifted, computed into a temporary): the temporary is then
    A's spare, allocated once (zrt_array_spare), and the copy back an
    exchange of storage. Run at -O1 and above.
  }];
}

def NarrowIntegers : Pass<"zpl-narrow-integers", "::mlir::ModuleOp"> {
  let summary = "Compute % and / by constants in 32 bits where the values fit";
  let description = [{
    Folds constant scalars with a literal value, infers the range of values
    of every global integer array (a fixed point over the statements that
    write it; unbounded where anything else may), and rewrites a remainder
    or quotient by a constant in a statement body whose dividend provably
    fits in 32 bits as trunci, the 32-bit op and extsi, which C compilers
    vectorise. Where that relies on scalars computed outside the statement
    (a loop counter), the statement is guarded by a check of their range
    at run time, with the original statement as the fallback. The rules
    are in NarrowIntegers.cpp. Run at -O1 and above, before the lowering.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def OverlapHalos : Pass<"zpl-overlap-halos", "::mlir::ModuleOp"> {
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
  }];
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

def HoistConstants : Pass<"zpl-hoist-constants", "::mlir::ModuleOp"> {
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

def FormExpressions : Pass<"zpl-form-expressions", "::mlir::ModuleOp"> {
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

#endif // ZPLC_PASSES_TD
