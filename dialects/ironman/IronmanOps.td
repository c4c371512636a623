//===- IronmanOps.td - ironman operations ------------------*- tablegen -*-===//

#ifndef IRONMAN_OPS_TD
#define IRONMAN_OPS_TD

include "dialects/ironman/IronmanDialect.td"
include "dialects/zpl/ZPLDialect.td"

class Ironman_Op<string mnemonic, list<Trait> traits = []>
    : Op<Ironman_Dialect, mnemonic, traits>;

def Ironman_TransferOp : Ironman_Op<"transfer"> {
  let summary = "what moves: a halo section of an array";
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
    `kind` says what the sections are: "halo" (the default, as above),
    "wrap" (fill the band `shift of R` of dst with the opposite edge of R,
    periodically) or "reflect" (fill it with R's edge mirrored).
    `strategy` ("chained" or "packed"), `est_mbps` and `est_us` are set by
    strategy selection from the target machine's cost model: how the bytes
    move, and the estimated throughput and time of one execution.
  }];
  let arguments = (ins ZPL_ArrayType:$src, ZPL_ArrayType:$dst,
                       ZPL_RegionType:$region, DenseI64ArrayAttr:$shift,
                       Ironman_PatternAttr:$src_pattern,
                       Ironman_PatternAttr:$dst_pattern,
                       OptionalAttr<I64Attr>:$id,
                       OptionalAttr<StrAttr>:$kind,
                       OptionalAttr<StrAttr>:$strategy,
                       OptionalAttr<F64Attr>:$est_mbps,
                       OptionalAttr<F64Attr>:$est_us);
  let results = (outs Ironman_TransferType:$transfer);
  let assemblyFormat = [{
    $src `->` $dst `over` $region `shift` $shift
    `pattern` `(` qualified($src_pattern) `->` qualified($dst_pattern) `)` attr-dict
    `:` qualified(type($src)) `->` qualified(type($dst)) `,` qualified(type($region))
  }];
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::mlir::Value":$src, "::mlir::Value":$dst,
      "::mlir::Value":$region, "::llvm::ArrayRef<int64_t>":$shift,
      "::ironman::PatternAttr":$srcPattern, "::ironman::PatternAttr":$dstPattern,
      "::llvm::StringRef":$kind), [{
    // A halo is the default kind and is not spelled out.
    build($_builder, $_state, ::ironman::TransferType::get($_builder.getContext()),
          src, dst, region, $_builder.getDenseI64ArrayAttr(shift), srcPattern,
          dstPattern, /*id=*/nullptr,
          kind == "halo" ? nullptr : $_builder.getStringAttr(kind),
          /*strategy=*/nullptr, /*est_mbps=*/nullptr, /*est_us=*/nullptr);
  }]>];
  let extraClassDeclaration = [{
    /// "halo", "wrap" or "reflect".
    ::llvm::StringRef getTransferKind() {
      return getKind() ? *getKind() : ::llvm::StringRef("halo");
    }
    ::mlir::Type getElementType() {
      return ::mlir::cast<::zpl::ArrayType>(getSrc().getType()).getElementType();
    }
  }];
}

def Ironman_CombineOp : Ironman_Op<"combine"> {
  let summary = "several transfers that travel as one";
  let description = [{
    ```mlir
    %c = ironman.combine %t1, %t2, %t3 {id = 7 : i64, strategy = "packed"}
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
    `strategy` ("chained" or "packed") says how its messages move.
  }];
  let arguments = (ins Variadic<Ironman_TransferType>:$members,
                       OptionalAttr<I64Attr>:$id,
                       OptionalAttr<StrAttr>:$strategy);
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
