//===- Passes.td - ZPLTransforms passes -----------------------------------===//
//
// Transforms of the zpl dialect: zpl in, zpl out.
//===----------------------------------------------------------------------===//

#ifndef ZPLC_PASSES_ZPL_PASSES_TD
#define ZPLC_PASSES_ZPL_PASSES_TD

include "mlir/Pass/PassBase.td"

def FuseStatements : Pass<"zpl-fuse-statements", "::mlir::func::FuncOp"> {
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
    it for the bands of `of` regions the array is assigned under. Marks
    `zpl.compact` the global arrays over regions with constant steps, some
    above 1, whose every use is a read in a statement, the destination or
    mask of an assignment, the mask of a reduction, a wrap or reflect, a
    writeln or a read from a file: they are stored at their lattice points
    only.
  }];
}

def CountOperations : Pass<"zpl-count-operations", "::mlir::func::FuncOp"> {
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

def DeferCombines : Pass<"zpl-defer-combines", "::mlir::ModuleOp"> {
  let summary = "Combine a loop's accumulating scatters across PEs once, "
                "after the loop";
  let description = [{
    Marks `zpl.scatter_combine` `deferred` when the loop around it (the
    outermost such loop) uses its rank-1 integer destination only as the
    destination of scatters with the same combiner, and puts a
    `zpl.scatter_settle` of the destination after that loop: each PE adds
    its contributions to partial results of its own, combined with the
    other PEs' once, after the loop (the rules are in DeferCombines.cpp).
    Run at -O1 and above.
  }];
}

def CheckLattices : Pass<"zpl-check-lattices", "::mlir::ModuleOp"> {
  let summary = "Check at run time that arrays whose region is known only "
                "then are accessed on their lattice";
  let description = [{
    Puts a `zpl.check_lattice` before each access of a rank-only array
    parameter, or of a temporary over such an array's region: the caller
    may pass an array over a strided region, and a statement reading it off
    its lattice (a shift that is not a whole number of strides, a scope of
    another stride or starting point) then stops the program with one line
    (status 2) instead of reading indices the array does not hold. Arrays
    whose region the compiler knows are checked by Sema. Run at every
    optimisation level.
  }];
}

def GroupSums : Pass<"zpl-group-sums", "::mlir::func::FuncOp"> {
  let summary = "Regroup sums of shifted reads into partial sums shared "
                "along the innermost dimension";
  let description = [{
    In each unmasked `zpl.assign` body over a region strided in its
    innermost dimension by a known step (where the lowering reuses values
    along the row), a sum (a tree of arith.addf and
    arith.subf) whose leaves at one inner offset form the same expression
    as leaves at another inner offset (in this sum or another of the
    statement) is rebuilt as a sum of those groups' partial sums, each in
    one canonical order, so that the lowering can compute a partial sum
    once per position of the innermost loop and reuse it at the next
    points (Deitz, Chamberlain and Snyder, ICS 2001). Reassociates
    floating-point additions: run at -O2 only. The rules are in
    GroupSums.cpp.
  }];
}

#endif // ZPLC_PASSES_ZPL_PASSES_TD
