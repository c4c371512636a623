//===- IronmanOps.td - ironman operations ------------------*- tablegen -*-===//

#ifndef IRONMAN_OPS_TD
#define IRONMAN_OPS_TD

include "dialects/ironman/IronmanDialect.td"
include "dialects/zpl/ZPLDialect.td"

class Ironman_Op<string mnemonic, list<Trait> traits = []>
    : Op<Ironman_Dialect, mnemonic, traits>;

def Ironman_TransferOp : Ironman_Op<"transfer"> {
  let summary = "what moves: a halo section, a boundary band, a remap or a transpose";
  let description = [{
    ```mlir
    %t = ironman.transfer %A -> %A over %R shift [-1, 0]
           pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>)
           : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ```
    Each PE receives into its ghost cells the part of `dst` at
    (R ∩ local block) + shift that other PEs own, read from their `src`.
    The runtime derives each PE's exact sections from the region, the
    shift and the distribution. The element type is the arrays'.
    `id` numbers the static transfer in the program (set by communication
    generation) so concurrent transfers never mix their messages.
    `kind` (`#ironman.kind<...>`) says what the sections are: `halo` (the
    default, as above, and not spelled out), `wrap` (fill the band
    `shift of R` of dst with the opposite edge of R, periodically),
    `reflect` (fill it with R's edge mirrored), `redist` (a
    redistribution: every element of R moves from the PE that owns it in
    src's distribution to the PE that owns it in dst's; the shift is all
    zeros), `remap` or `transpose` (below).

    A remap (`kind = #ironman.kind<remap>`) names its index arrays instead
    of a shift, after `gather` (`[R] dst := src#[I1, I2]`, the attribute
    `remap = #ironman.remap<gather>`) or `scatter`
    (`[R] dst#[I1, I2] := src`):
    ```mlir
    %t = ironman.transfer %B -> %A over %R gather(%I1, %I2 : !zpl.array<2 x i64>, !zpl.array<2 x i64>)
           pattern(#ironman.pattern<indexed> -> #ironman.pattern<contiguous>)
           {kind = #ironman.kind<remap>}
           : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ```
    There is one index array per dimension of the indexed side (src for a
    gather, dst for a scatter), each of R's rank; the other side has R's
    rank. The indexed side's pattern is `indexed`. The runtime computes the
    schedule once (an inspector) and reuses it while the index arrays'
    contents are unchanged.

    A transpose (`kind = #ironman.kind<transpose>`) is a gather whose indices are a
    permutation of Index1..IndexN, `[R] dst := src#[Index_p1, Index_p2]`:
    ```mlir
    %t = ironman.transfer %B -> %A over %R transpose [2, 1]
           pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<contiguous>)
           {kind = #ironman.kind<transpose>, orientation = #ironman.orientation<loads>}
           : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ```
    Its sections follow from the distributions (no index arrays). It is
    strided on one side: `orientation = #ironman.orientation<loads>`
    (strided loads at the sender, the message in the receiver's row-major
    order: src strided, dst contiguous, `nQ1`) or `stores` (contiguous
    loads, strided stores: src
    contiguous, dst strided, `1Qn`); strategy selection chooses and records
    both estimates (`est_loads_mbps`, `est_stores_mbps`).

    `strategy` (`#ironman.strategy<chained>` or `<packed>`), `est_mbps` and `est_us` are set by
    strategy selection from the target machine's cost model: how the bytes
    move, and the estimated throughput and time of one execution.
  }];
  let arguments = (ins ZPL_ArrayType:$src, ZPL_ArrayType:$dst,
                       ZPL_RegionType:$region,
                       Variadic<ZPL_ArrayType>:$indices,
                       DenseI64ArrayAttr:$shift,
                       Ironman_PatternAttr:$src_pattern,
                       Ironman_PatternAttr:$dst_pattern,
                       OptionalAttr<I64Attr>:$id,
                       OptionalAttr<Ironman_TransferKindAttr>:$kind,
                       OptionalAttr<Ironman_TransferStrategyAttr>:$strategy,
                       OptionalAttr<F64Attr>:$est_mbps,
                       OptionalAttr<F64Attr>:$est_us,
                       OptionalAttr<Ironman_RemapDirectionAttr>:$remap,
                       OptionalAttr<DenseI64ArrayAttr>:$permutation,
                       OptionalAttr<Ironman_TransposeOrientationAttr>:$orientation,
                       OptionalAttr<F64Attr>:$est_loads_mbps,
                       OptionalAttr<F64Attr>:$est_stores_mbps);
  let results = (outs Ironman_TransferType:$transfer);
  let assemblyFormat = [{
    $src `->` $dst `over` $region
    custom<Movement>($shift, $remap, $permutation, $indices, type($indices))
    `pattern` `(` qualified($src_pattern) `->` qualified($dst_pattern) `)` attr-dict
    `:` qualified(type($src)) `->` qualified(type($dst)) `,` qualified(type($region))
  }];
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$src, "::mlir::Value":$dst,
      "::mlir::Value":$region, "::llvm::ArrayRef<int64_t>":$shift,
      "::ironman::PatternAttr":$srcPattern, "::ironman::PatternAttr":$dstPattern,
      "::ironman::TransferKind":$kind), [{
      // A halo is the default kind and is not spelled out.
      $_state.addOperands({src, dst, region});
      $_state.addAttribute(getShiftAttrName($_state.name),
                           $_builder.getDenseI64ArrayAttr(shift));
      $_state.addAttribute(getSrcPatternAttrName($_state.name), srcPattern);
      $_state.addAttribute(getDstPatternAttrName($_state.name), dstPattern);
      if (kind != ::ironman::TransferKind::halo)
        $_state.addAttribute(getKindAttrName($_state.name),
            ::ironman::TransferKindAttr::get($_builder.getContext(), kind));
      $_state.addTypes(::ironman::TransferType::get($_builder.getContext()));
    }]>,
    // A remap (a gather or a scatter, with its index arrays).
    OpBuilder<(ins "::mlir::Value":$src, "::mlir::Value":$dst,
      "::mlir::Value":$region, "::ironman::RemapDirection":$remap,
      "::mlir::ValueRange":$indices,
      "::ironman::PatternAttr":$srcPattern, "::ironman::PatternAttr":$dstPattern), [{
      build($_builder, $_state, src, dst, region, {}, srcPattern, dstPattern,
            ::ironman::TransferKind::remap);
      $_state.addOperands(indices);
      $_state.addAttribute(getRemapAttrName($_state.name),
          ::ironman::RemapDirectionAttr::get($_builder.getContext(), remap));
    }]>,
    // A transpose: dst at p reads src at (p[permutation[0]-1], ...).
    OpBuilder<(ins "::mlir::Value":$src, "::mlir::Value":$dst,
      "::mlir::Value":$region, "::llvm::ArrayRef<int64_t>":$permutation,
      "::ironman::PatternAttr":$srcPattern, "::ironman::PatternAttr":$dstPattern), [{
      build($_builder, $_state, src, dst, region, {}, srcPattern, dstPattern,
            ::ironman::TransferKind::transpose);
      $_state.addAttribute(getPermutationAttrName($_state.name),
                           $_builder.getDenseI64ArrayAttr(permutation));
    }]>];
  let extraClassDeclaration = [{
    /// The kind, halo when the attribute is absent.
    ::ironman::TransferKind getTransferKind() {
      return getKind().value_or(::ironman::TransferKind::halo);
    }
    /// A halo, wrap or reflect: a band beside R filled from its owners
    /// (the kinds that combine and that redundancy removal compares).
    bool isBandKind() {
      ::ironman::TransferKind kind = getTransferKind();
      return kind == ::ironman::TransferKind::halo ||
             kind == ::ironman::TransferKind::wrap ||
             kind == ::ironman::TransferKind::reflect;
    }
    ::mlir::Type getElementType() {
      return ::mlir::cast<::zpl::ArrayType>(getSrc().getType()).getElementType();
    }
    /// A remap that gathers (else it scatters); remaps only.
    bool isGather() { return getRemap() == ::ironman::RemapDirection::gather; }
    /// The (source, destination) patterns of a transpose by `permutation`
    /// in one orientation: strided loads (`nQ1`) or strided stores (`1Qn`).
    /// The strided side's stride is a row pitch known at run time; its
    /// blocks are whole inner rows when the innermost dimension stays in
    /// place, else single elements. The identity moves rows: contiguous.
    static std::pair<::ironman::PatternAttr, ::ironman::PatternAttr>
    transposePatterns(::mlir::MLIRContext *ctx,
                      ::llvm::ArrayRef<int64_t> permutation, bool loads);
  }];
}

def Ironman_CombineOp : Ironman_Op<"combine"> {
  let summary = "several transfers that travel as one";
  let description = [{
    ```mlir
    %c = ironman.combine %t1, %t2, %t3 {id = 7 : i64, strategy = #ironman.strategy<packed>}
    ironman.dr %c
    ironman.sr %c
    ironman.dn %c
    ironman.sv %c
    ```
    The members (transfers of kind halo, wrap or reflect, defined in the
    same block before the combine) move together: one message per peer PE
    carrying every member's section for that peer, in member order. The
    combine's DR, SR, DN and SV replace the members' own, which they must
    not have; a transfer is a member of at most one combine. `id` numbers
    the combined transfer among all static transfers of the program;
    `strategy` (`#ironman.strategy<chained>` or `<packed>`) says how its
    messages move.
  }];
  let arguments = (ins Variadic<Ironman_TransferType>:$members,
                       OptionalAttr<I64Attr>:$id,
                       OptionalAttr<Ironman_TransferStrategyAttr>:$strategy);
  let results = (outs Ironman_TransferType:$transfer);
  let assemblyFormat = "$members attr-dict";
  let hasVerifier = 1;
}

class Ironman_StateOp<string mnemonic, string what>
    : Ironman_Op<mnemonic> {
  let summary = what;
  let arguments = (ins Ironman_TransferType:$transfer);
  let assemblyFormat = "$transfer attr-dict";
}

def Ironman_DROp : Ironman_StateOp<"dr", "destination ready: the receive side may be written">;
def Ironman_SROp : Ironman_StateOp<"sr", "source ready: the source data is final and may be sent">;
def Ironman_DNOp : Ironman_StateOp<"dn", "destination needed: the data must have arrived">;
def Ironman_SVOp : Ironman_StateOp<"sv", "source volatile: the source is about to be overwritten">;

#endif // IRONMAN_OPS_TD
