//===- ZPLOps.h - zpl operations --------------------------------*- C++ -*-===//
#ifndef ZPL_OPS_H
#define ZPL_OPS_H

#include "dialects/zpl/ZPLDialect.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"

#define GET_OP_CLASSES
#include "dialects/zpl/ZPLOps.h.inc"

namespace zpl {
/// The element types of index arrays (remaps): integer and int32.
inline bool isIndexElementType(mlir::Type t) {
  return t.isInteger(64) || t.isInteger(32);
}
/// Array statements: the ops whose body is evaluated at every index of a
/// region (assign, reduce, reduce_partial, scan, flood).
bool isArrayStatement(mlir::Operation *op);
/// The region an array statement's body is evaluated over (the source
/// region of a partial reduction or a flood).
mlir::Value getStatementRegion(mlir::Operation *stmt);
/// The innermost array statement enclosing `op`, or null.
mlir::Operation *getEnclosingStatement(mlir::Operation *op);
/// The global symbol the array value `v` is a zpl.get of, or null.
mlir::StringAttr getGlobalOf(mlir::Value v);
/// An array's identity: its global's name when the value comes from
/// zpl.get, else the value itself.
const void *arrayKeyOf(mlir::Value zarray);
/// Marks an array statement whose region reaches an unknown distance out
/// of its base (a run-time direction): the lowering checks at run time that
/// every array it accesses holds the region (set by zpl-infer-storage).
inline constexpr llvm::StringLiteral kCheckStorageAttr = "zpl.check_storage";
/// Marks a zpl.array_decl over a strided region whose every use the
/// runtime supports on compact storage (its lattice points only): set by
/// zpl-infer-storage; the lowering allocates it with zrt_array_new_compact
/// and addresses it by lattice index.
inline constexpr llvm::StringLiteral kCompactAttr = "zpl.compact";
/// Marks an array parameter of a procedure that some call may pass a
/// compact array (set by zpl-infer-storage): the lowering addresses it by
/// the lattice its descriptor tells at run time (a dense array's is the
/// identity), so one body serves compact and dense arguments.
inline constexpr llvm::StringLiteral kMayBeCompactAttr = "zpl.may_be_compact";

/// The array whose distribution an array statement follows: the array it
/// assigns (the destination of an assign, partial reduction, scan or
/// flood); for a reduction to a scalar, the first array its body reads
/// (else its mask). Null when there is none: the statement then runs over
/// its region as it is.
mlir::Value getStatementDistArray(mlir::Operation *stmt);

/// A distribution as far as declarations tell at compile time: a
/// zpl.dist_decl, the implicit distribution of a rank, or unknown (an array
/// parameter, a region made at run time from another array).
struct StaticDist {
  enum Kind { Unknown, Implicit, Declared };
  Kind kind = Unknown;
  unsigned rank = 0;   // Implicit: the rank it distributes
  mlir::StringAttr decl; // Declared: the zpl.dist_decl's name

  static StaticDist implicit(unsigned rank) { return {Implicit, rank, {}}; }
  static StaticDist declared(mlir::StringAttr name) {
    return {Declared, 0, name};
  }
  bool isKnown() const { return kind != Unknown; }
  bool operator==(const StaticDist &o) const {
    return kind == o.kind && rank == o.rank && decl == o.decl;
  }
  bool operator!=(const StaticDist &o) const { return !(*this == o); }
};
/// The distribution a region value is bound to, traced through zpl.get of
/// region declarations, region literals and derived regions.
StaticDist getRegionDist(mlir::Value region);
/// The distribution of an array value: that of the region a global or
/// local array was declared over (or of the array a local one aligns to).
StaticDist getArrayDist(mlir::Value array);
/// Whether two distributions are both known and different.
inline bool knownDifferent(const StaticDist &a, const StaticDist &b) {
  return a.isKnown() && b.isKnown() && a != b;
}
} // namespace zpl

#endif // ZPL_OPS_H
