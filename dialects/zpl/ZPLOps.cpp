//===- ZPLOps.cpp - zpl operations: verifiers and custom syntax -----------===//

#include "dialects/zpl/ZPLOps.h"
#include "dialects/zpl/Overlap.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/Sequence.h"

using namespace mlir;
using namespace zpl;

/// The single value yielded by a declaration's or statement's body.
static FailureOr<Value> yieldedValue(Operation *op, Region &body) {
  if (body.empty())
    return op->emitOpError("needs a body");
  auto yield = dyn_cast<YieldOp>(body.front().getTerminator());
  if (!yield || yield.getValues().size() != 1)
    return op->emitOpError("body must yield exactly one value");
  return yield.getValues().front();
}

static LogicalResult verifyYieldType(Operation *op, Region &body, Type want) {
  FailureOr<Value> v = yieldedValue(op, body);
  if (failed(v))
    return failure();
  if (v->getType() != want)
    return op->emitOpError("body yields ") << v->getType() << " but "
                                           << want << " is expected";
  return success();
}

static bool isScalarType(Type t) {
  return t.isInteger(1) || t.isInteger(32) || t.isInteger(64) || t.isF32() || t.isF64();
}

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

LogicalResult ConfigOp::verify() {
  if (!isScalarType(getType()))
    return emitOpError("config var must have a scalar type, got ") << getType();
  return verifyYieldType(*this, getInit(), getType());
}

LogicalResult GlobalOp::verify() {
  if (isa<IndexedType>(getType())) {
    // A global indexed array: its handle, made once by its init body.
    if (getInit().empty() || getConstant())
      return emitOpError("a global indexed array needs an init body and "
                         "cannot be constant");
    return verifyYieldType(*this, getInit(), getType());
  }
  if (!isScalarType(getType()))
    return emitOpError("global must have a scalar type, got ") << getType();
  if (getInit().empty()) {
    if (getConstant())
      return emitOpError("a constant needs an init body");
    return success();
  }
  return verifyYieldType(*this, getInit(), getType());
}

LogicalResult IndexedNewOp::verify() {
  IndexedType t = getType();
  if (!isScalarType(t.getElementType()))
    return emitOpError("an indexed array holds i1, i32, i64, f32 or f64, got ")
           << t.getElementType();
  if (t.getRank() != 1 && t.getRank() != 2)
    return emitOpError("an indexed array has rank 1 or 2, got ")
           << t.getRank();
  if (getBounds().size() != 2 * t.getRank())
    return emitOpError("needs a lower and an upper bound per dimension");
  return success();
}

/// One index per dimension of the indexed array.
static LogicalResult verifyIndices(Operation *op, Type array,
                                   ValueRange indices) {
  unsigned rank = cast<IndexedType>(array).getRank();
  if (indices.size() != rank)
    return op->emitOpError("needs ")
           << rank << (rank == 1 ? " index" : " indices") << ", got "
           << indices.size();
  return success();
}

LogicalResult IndexedLoadOp::verify() {
  return verifyIndices(*this, getArray().getType(), getIndices());
}

LogicalResult IndexedStoreOp::verify() {
  return verifyIndices(*this, getArray().getType(), getIndices());
}

/// The values yielded by a declaration's init body, which must all be i64.
static FailureOr<ValueRange> yieldedSizes(Operation *op, Region &body) {
  if (body.empty())
    return op->emitOpError("needs a body");
  auto yield = dyn_cast<YieldOp>(body.front().getTerminator());
  if (!yield)
    return op->emitOpError("body must end with zpl.yield");
  for (Value v : yield.getValues())
    if (!v.getType().isInteger(64))
      return op->emitOpError("body must yield i64 values, got ") << v.getType();
  return ValueRange(yield.getValues());
}

unsigned GridDeclOp::getRank() {
  auto yield = cast<YieldOp>(getInit().front().getTerminator());
  return yield.getValues().size();
}

LogicalResult GridDeclOp::verify() {
  FailureOr<ValueRange> sizes = yieldedSizes(*this, getInit());
  if (failed(sizes))
    return failure();
  if (sizes->empty() || sizes->size() > 3)
    return emitOpError("a grid has 1, 2 or 3 dimensions, got ") << sizes->size();
  return success();
}

LogicalResult DistDeclOp::verify() {
  unsigned dynamic = getDist().getNumDynamicBlockSizes();
  if (getInit().empty()) {
    if (dynamic)
      return emitOpError("needs an init body yielding its ")
             << dynamic << " run-time block size(s)";
    return success();
  }
  FailureOr<ValueRange> sizes = yieldedSizes(*this, getInit());
  if (failed(sizes))
    return failure();
  if (sizes->size() != dynamic)
    return emitOpError("init body yields ") << sizes->size()
           << " block size(s) but the distribution has " << dynamic
           << " 'blockcyclic(?)' dimension(s)";
  return success();
}

LogicalResult DistDeclOp::verifySymbolUses(SymbolTableCollection &symbols) {
  if (!getGrid())
    return success();
  auto grid = symbols.lookupNearestSymbolFrom<GridDeclOp>(*this, getGridAttr());
  if (!grid)
    return emitOpError("'") << *getGrid() << "' is not a zpl.grid_decl";
  if (grid.getRank() != getDist().getRank())
    return emitOpError("distribution has ") << getDist().getRank()
           << " dimensions but grid '" << *getGrid() << "' has "
           << grid.getRank();
  return success();
}

/// `dist`, when present, names a zpl.dist_decl of `rank` dimensions.
static LogicalResult verifyDistSymbol(Operation *op, FlatSymbolRefAttr dist,
                                      unsigned rank,
                                      SymbolTableCollection &symbols) {
  if (!dist)
    return success();
  auto decl = symbols.lookupNearestSymbolFrom<DistDeclOp>(op, dist);
  if (!decl)
    return op->emitOpError("'") << dist.getValue()
                                << "' is not a zpl.dist_decl";
  if (decl.getDist().getRank() != rank)
    return op->emitOpError("distribution '") << dist.getValue() << "' has "
           << decl.getDist().getRank() << " dimensions but the region has rank "
           << rank;
  return success();
}

LogicalResult RegionDeclOp::verify() {
  auto type = dyn_cast<RegionType>(getType());
  if (!type)
    return emitOpError("type must be a !zpl.region, got ") << getType();
  return verifyYieldType(*this, getInit(), type);
}

LogicalResult RegionDeclOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto type = dyn_cast<RegionType>(getType());
  if (!type)
    return success(); // reported by verify()
  return verifyDistSymbol(*this, getDistAttr(), type.getRank(), symbols);
}

LogicalResult ArrayDeclOp::verify() {
  auto type = dyn_cast<ArrayType>(getType());
  if (!type)
    return emitOpError("type must be a !zpl.array, got ") << getType();
  if (std::optional<ArrayRef<int64_t>> fluff = getFluff()) {
    if (fluff->size() != 2 * type.getRank())
      return emitOpError("fluff needs ") << 2 * type.getRank()
             << " widths (lo, hi per dimension), got " << fluff->size();
    if (llvm::any_of(*fluff, [](int64_t w) { return w < 0; }))
      return emitOpError("fluff widths must not be negative");
  }
  return verifyYieldType(*this, getInit(),
                         RegionType::get(getContext(), type.getRank()));
}

std::pair<int64_t, int64_t> ArrayDeclOp::getFluffOf(unsigned dim) {
  std::optional<ArrayRef<int64_t>> fluff = getFluff();
  if (!fluff)
    return {0, 0};
  return {(*fluff)[2 * dim], (*fluff)[2 * dim + 1]};
}

/// The type a `zpl.get` of this declaration produces.
static Type declaredType(Operation *decl) {
  if (auto c = dyn_cast<ConfigOp>(decl))
    return c.getType();
  if (auto g = dyn_cast<GlobalOp>(decl))
    return g.getType();
  if (auto r = dyn_cast<RegionDeclOp>(decl))
    return r.getType();
  if (auto a = dyn_cast<ArrayDeclOp>(decl))
    return a.getType();
  return {};
}

LogicalResult GetOp::verifySymbolUses(SymbolTableCollection &symbols) {
  Operation *decl = symbols.lookupNearestSymbolFrom(*this, getNameAttr());
  if (!decl)
    return emitOpError("'") << getName() << "' is not declared";
  Type type = declaredType(decl);
  if (!type)
    return emitOpError("'") << getName() << "' is not a zpl declaration";
  if (type != getResult().getType())
    return emitOpError("'") << getName() << "' has type " << type
                            << ", not " << getResult().getType();
  return success();
}

LogicalResult
FamilyElementOp::verifySymbolUses(SymbolTableCollection &symbols) {
  if (getElements().empty())
    return emitOpError("needs at least one element");
  for (Attribute a : getElements()) {
    auto name = cast<FlatSymbolRefAttr>(a);
    Operation *decl = symbols.lookupNearestSymbolFrom(*this, name);
    if (!decl || !isa<RegionDeclOp, ArrayDeclOp>(decl))
      return emitOpError("element ") << name
                                     << " is not a region or array declaration";
    if (declaredType(decl) != getResult().getType())
      return emitOpError("element ") << name << " has type "
                                     << declaredType(decl) << ", not "
                                     << getResult().getType();
  }
  return success();
}

LogicalResult SetOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto global = symbols.lookupNearestSymbolFrom<GlobalOp>(*this, getNameAttr());
  if (!global)
    return emitOpError("'") << getName() << "' is not a zpl.global";
  if (global.getConstant())
    return emitOpError("cannot assign the constant '") << getName() << "'";
  if (global.getType() != getValue().getType())
    return emitOpError("'") << getName() << "' has type " << global.getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Regions
//===----------------------------------------------------------------------===//

// zpl.make_region [%lo0 : %hi0, %lo1 : %hi1] : !zpl.region<2>
ParseResult MakeRegionOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> lows, highs;
  auto parseDim = [&]() -> ParseResult {
    OpAsmParser::UnresolvedOperand lo, hi;
    if (parser.parseOperand(lo) || parser.parseColon() ||
        parser.parseOperand(hi))
      return failure();
    lows.push_back(lo);
    highs.push_back(hi);
    return success();
  };
  RegionType type;
  Type i64 = parser.getBuilder().getI64Type();
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square, parseDim) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(type) ||
      parser.resolveOperands(lows, i64, result.operands) ||
      parser.resolveOperands(highs, i64, result.operands))
    return failure();
  result.addTypes(type);
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {static_cast<int32_t>(lows.size()),
                           static_cast<int32_t>(highs.size())}));
  return success();
}

void MakeRegionOp::print(OpAsmPrinter &p) {
  p << " [";
  for (auto [i, lo, hi] : llvm::enumerate(getLows(), getHighs())) {
    if (i)
      p << ", ";
    p << lo << " : " << hi;
  }
  p << "]";
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getOperandSegmentSizesAttrName()});
  p << " : " << getType();
}

LogicalResult MakeRegionOp::verify() {
  unsigned rank = getType().getRank();
  if (getLows().size() != rank || getHighs().size() != rank)
    return emitOpError("a region of rank ") << rank << " needs " << rank
                                            << " bounds pairs";
  return success();
}

LogicalResult DeriveRegionOp::verify() {
  if (getDirection().size() != getType().getRank())
    return emitOpError("direction has ") << getDirection().size()
           << " components but the region has rank " << getType().getRank();
  if (!getRunTimeDirection().empty() &&
      getRunTimeDirection().size() != getType().getRank())
    return emitOpError("run-time direction has ") << getRunTimeDirection().size()
           << " components but the region has rank " << getType().getRank();
  return success();
}

LogicalResult MakeRegionOp::verifySymbolUses(SymbolTableCollection &symbols) {
  return verifyDistSymbol(*this, getDistAttr(), getType().getRank(), symbols);
}

LogicalResult ExpandRegionOp::verify() {
  unsigned rank = getType().getRank();
  if (getWidths().size() != 2 * rank)
    return emitOpError("needs ") << 2 * rank
           << " widths (lo, hi per dimension), got " << getWidths().size();
  if (llvm::any_of(getWidths(), [](int64_t w) { return w < 0; }))
    return emitOpError("widths must not be negative");
  return success();
}

//===----------------------------------------------------------------------===//
// Array statements
//===----------------------------------------------------------------------===//

bool zpl::isArrayStatement(Operation *op) {
  return isa<AssignOp, ReduceOp, PartialReduceOp, ScanOp, FloodOp>(op);
}

StringAttr zpl::getGlobalOf(Value v) {
  auto get = v.getDefiningOp<GetOp>();
  return get ? get.getNameAttr().getAttr() : StringAttr();
}

const void *zpl::arrayKeyOf(Value zarray) {
  if (StringAttr global = getGlobalOf(zarray))
    return global.getAsOpaquePointer();
  return zarray.getAsOpaquePointer();
}

Value zpl::getStatementRegion(Operation *stmt) {
  if (auto partial = dyn_cast<PartialReduceOp>(stmt))
    return partial.getSource();
  if (auto flood = dyn_cast<FloodOp>(stmt))
    return flood.getSource();
  if (auto assign = dyn_cast<AssignOp>(stmt))
    return assign.getRegion();
  if (auto scan = dyn_cast<ScanOp>(stmt))
    return scan.getRegion();
  return cast<ReduceOp>(stmt).getRegion();
}

Operation *zpl::getEnclosingStatement(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (isArrayStatement(p))
      return p;
  return nullptr;
}

Value zpl::getStatementDistArray(Operation *stmt) {
  if (auto assign = dyn_cast<AssignOp>(stmt))
    return assign.getDest();
  if (auto partial = dyn_cast<PartialReduceOp>(stmt))
    return partial.getDest();
  if (auto scan = dyn_cast<ScanOp>(stmt))
    return scan.getDest();
  if (auto flood = dyn_cast<FloodOp>(stmt))
    return flood.getDest();
  auto reduce = cast<ReduceOp>(stmt);
  Value first;
  reduce.getBody().walk([&](ReadOp read) {
    first = read.getArray();
    return WalkResult::interrupt();
  });
  return first ? first : reduce.getMask();
}

/// Declarations may be derived from one another; the depth bound keeps a
/// malformed cycle from recursing forever.
static constexpr unsigned kMaxTraceDepth = 64;

static StaticDist regionDist(Value region, unsigned depth);

static StaticDist arrayDist(Value array, unsigned depth) {
  if (depth > kMaxTraceDepth)
    return {};
  if (auto local = array.getDefiningOp<LocalArrayOp>()) {
    if (Value align = local.getAlign())
      return arrayDist(align, depth + 1);
    return regionDist(local.getRegion(), depth + 1);
  }
  auto get = array.getDefiningOp<GetOp>();
  if (!get)
    return {};
  auto decl = SymbolTable::lookupNearestSymbolFrom<ArrayDeclOp>(
      get, get.getNameAttr());
  if (!decl || decl.getInit().empty())
    return {};
  auto yield = dyn_cast<YieldOp>(decl.getInit().front().getTerminator());
  if (!yield || yield.getValues().size() != 1)
    return {};
  return regionDist(yield.getValues().front(), depth + 1);
}

static StaticDist regionDist(Value region, unsigned depth) {
  if (depth > kMaxTraceDepth)
    return {};
  unsigned rank = cast<RegionType>(region.getType()).getRank();
  auto bound = [&](FlatSymbolRefAttr dist) {
    return dist ? StaticDist::declared(dist.getAttr())
                : StaticDist::implicit(rank);
  };
  if (auto get = region.getDefiningOp<GetOp>()) {
    auto decl = SymbolTable::lookupNearestSymbolFrom<RegionDeclOp>(
        get, get.getNameAttr());
    return decl ? bound(decl.getDistAttr()) : StaticDist();
  }
  if (auto make = region.getDefiningOp<MakeRegionOp>())
    return bound(make.getDistAttr());
  if (auto derive = region.getDefiningOp<DeriveRegionOp>())
    return regionDist(derive.getBase(), depth + 1);
  if (region.getDefiningOp<ExpandRegionOp>())
    return StaticDist::implicit(rank);
  if (auto declared = region.getDefiningOp<ArrayRegionOp>())
    return arrayDist(declared.getArray(), depth + 1);
  return {};
}

StaticDist zpl::getRegionDist(Value region) { return regionDist(region, 0); }
StaticDist zpl::getArrayDist(Value array) { return arrayDist(array, 0); }

/// The rank of the innermost array statement enclosing `op`, or 0 outside
/// one.
static unsigned enclosingStatementRank(Operation *op) {
  Operation *stmt = getEnclosingStatement(op);
  if (!stmt)
    return 0;
  return cast<RegionType>(getStatementRegion(stmt).getType()).getRank();
}

/// A mask is a boolean array of the statement's rank.
static LogicalResult verifyMask(Operation *op, Value mask, unsigned rank) {
  if (!mask)
    return success();
  auto type = cast<ArrayType>(mask.getType());
  if (!type.getElementType().isInteger(1))
    return op->emitOpError("mask must be a boolean array, got ")
           << type.getElementType() << " elements";
  if (type.getRank() != rank)
    return op->emitOpError("mask has rank ") << type.getRank()
           << " but the statement has rank " << rank;
  return success();
}

/// `&` and `|` combine booleans, the other operators numbers (a user's
/// operator takes its own types).
static LogicalResult verifyReduceKind(Operation *op, ReduceKind kind, Type t) {
  assert(kind != ReduceKind::User && "a user's operator takes its own types");
  bool logical = kind == ReduceKind::And || kind == ReduceKind::Or;
  if (logical != t.isInteger(1))
    return op->emitOpError("'&' and '|' reduce booleans; other operators reduce numbers");
  return success();
}

static LogicalResult verifySameRank(Operation *op, unsigned a, unsigned b,
                                    StringRef what) {
  if (a != b)
    return op->emitOpError(what) << " has rank " << a << ", expected " << b;
  return success();
}

LogicalResult AssignOp::verify() {
  auto dest = getDest().getType();
  if (dest.getRank() != getRegion().getType().getRank())
    return emitOpError("array of rank ") << dest.getRank()
           << " assigned over a region of rank "
           << getRegion().getType().getRank();
  if (getWithout() && !getMask())
    return emitOpError("'without' needs a mask");
  if (failed(verifyMask(*this, getMask(), dest.getRank())) ||
      failed(verifyOverlapPart(*this)))
    return failure();
  return verifyYieldType(*this, getBody(), dest.getElementType());
}

SmallVector<Operation *> FusedOp::getStatements() {
  SmallVector<Operation *> stmts;
  for (Operation &op : getBody().front().without_terminator())
    stmts.push_back(&op);
  return stmts;
}

LogicalResult FusedOp::verify() {
  Block &body = getBody().front();
  auto yield = dyn_cast<YieldOp>(body.getTerminator());
  if (!yield)
    return emitOpError("ends with zpl.yield");
  SmallVector<Value> reductions;
  Value region;
  for (Operation &op : body.without_terminator()) {
    if (!isa<AssignOp, ReduceOp>(op))
      return op.emitOpError("cannot be part of a zpl.fused run: only "
                            "zpl.assign and zpl.reduce can");
    if (region && getStatementRegion(&op) != region)
      return op.emitOpError("is not over the region of the run's first "
                            "statement");
    region = getStatementRegion(&op);
    if (auto red = dyn_cast<ReduceOp>(op))
      reductions.push_back(red.getResult());
  }
  if (!region)
    return emitOpError("holds no statement");
  if (ValueRange(reductions) != yield.getValues())
    return emitOpError("yields the results of its reductions, in order");
  return verifyOverlapPart(*this);
}

LogicalResult ReduceOp::verify() {
  bool user = getKind() == ReduceKind::User;
  if (user != bool(getCombinerAttr()))
    return emitOpError("a 'user' reduction, and only it, names its combiner");
  // A user's operator takes whatever type its procedure does.
  if (!user && (getKind() == ReduceKind::And || getKind() == ReduceKind::Or) !=
                   getResult().getType().isInteger(1))
    return emitOpError("'&' and '|' reduce booleans; other operators reduce numbers");
  if (!user && getKind() != ReduceKind::And && getKind() != ReduceKind::Or &&
      getResult().getType().isInteger(1))
    return emitOpError("cannot reduce booleans with this operator");
  if (getWithout() && !getMask())
    return emitOpError("'without' needs a mask");
  if (failed(verifyMask(*this, getMask(), getRegion().getType().getRank())))
    return failure();
  return verifyYieldType(*this, getBody(), getResult().getType());
}

LogicalResult ReadOp::verify() {
  unsigned rank = getArray().getType().getRank();
  if (getOffset().size() != rank)
    return emitOpError("offset has ") << getOffset().size()
           << " components but the array has rank " << rank;
  unsigned stmtRank = enclosingStatementRank(*this);
  if (stmtRank == 0)
    return emitOpError("must be inside an array statement");
  if (stmtRank != rank)
    return emitOpError("reads an array of rank ") << rank
           << " in a statement of rank " << stmtRank;
  return success();
}


//===----------------------------------------------------------------------===//
// Boundaries, partial reductions, scans, floods, remaps, local arrays
//===----------------------------------------------------------------------===//

LogicalResult BoundaryOp::verify() {
  unsigned rank = getRegion().getType().getRank();
  if (failed(verifySameRank(*this, getArray().getType().getRank(), rank,
                            "array")))
    return failure();
  if (getDirection().size() != rank)
    return emitOpError("direction has ") << getDirection().size()
           << " components but the region has rank " << rank;
  if (llvm::all_of(getDirection(), [](int64_t d) { return d == 0; }))
    return emitOpError("needs a nonzero direction");
  return success();
}

/// An op on an array of rank `arrayRank` over a region of rank `rank`,
/// with `n` components of a direction or offset (`what`).
static LogicalResult verifyArrayOverRegion(Operation *op, unsigned arrayRank,
                                           unsigned rank, size_t n,
                                           StringRef what) {
  if (failed(verifySameRank(op, arrayRank, rank, "array")))
    return failure();
  if (n != rank)
    return op->emitOpError(what) << " has " << n
           << " components but the region has rank " << rank;
  return success();
}

LogicalResult DynShiftOp::verify() {
  return verifyArrayOverRegion(*this, getArray().getType().getRank(),
                               getRegion().getType().getRank(),
                               getDirection().size(), "direction");
}

LogicalResult DynWrapOp::verify() {
  unsigned rank = getArray().getType().getRank();
  if (getDirection().size() != rank)
    return emitOpError("direction has ") << getDirection().size()
           << " components but the array has rank " << rank;
  return success();
}

LogicalResult DynBoundaryOp::verify() {
  return verifyArrayOverRegion(*this, getArray().getType().getRank(),
                               getRegion().getType().getRank(),
                               getDirection().size(), "direction");
}

LogicalResult CheckLatticeOp::verify() {
  return verifyArrayOverRegion(*this, getArray().getType().getRank(),
                               getRegion().getType().getRank(),
                               getOffset().size(), "offset");
}

LogicalResult PartialReduceOp::verify() {
  unsigned rank = getRegion().getType().getRank();
  if (failed(verifySameRank(*this, getDest().getType().getRank(), rank,
                            "destination")) ||
      failed(verifySameRank(*this, getSource().getType().getRank(), rank,
                            "source region")))
    return failure();
  Type elem = getDest().getType().getElementType();
  if ((getKind() == ReduceKind::User) != bool(getCombinerAttr()))
    return emitOpError("a 'user' partial reduction, and only it, names its combiner");
  if (getKind() != ReduceKind::User && failed(verifyReduceKind(*this, getKind(), elem)))
    return failure();
  return verifyYieldType(*this, getBody(), elem);
}

LogicalResult ScanOp::verify() {
  unsigned rank = getRegion().getType().getRank();
  if (failed(verifySameRank(*this, getDest().getType().getRank(), rank,
                            "destination")))
    return failure();
  int64_t dim = getDim();
  if (dim < -1 || dim >= static_cast<int64_t>(rank))
    return emitOpError("scan dimension ") << dim << " is not -1 or a dimension below " << rank;
  Type elem = getDest().getType().getElementType();
  if ((getKind() == ReduceKind::User) != bool(getCombinerAttr()))
    return emitOpError("a 'user' scan, and only it, names its combiner");
  if (getKind() != ReduceKind::User && failed(verifyReduceKind(*this, getKind(), elem)))
    return failure();
  return verifyYieldType(*this, getBody(), elem);
}

LogicalResult FloodOp::verify() {
  unsigned rank = getRegion().getType().getRank();
  if (failed(verifySameRank(*this, getDest().getType().getRank(), rank,
                            "destination")) ||
      failed(verifySameRank(*this, getSource().getType().getRank(), rank,
                            "source region")))
    return failure();
  return verifyYieldType(*this, getBody(), getDest().getType().getElementType());
}

/// A transpose: a gather by a permutation of 1..rank, without index arrays.
static LogicalResult verifyPermutation(RemapOp op, ArrayRef<int64_t> perm,
                                       unsigned indexedRank, unsigned rank) {
  if (op.getKind() != RemapKind::gather || !op.getIndices().empty())
    return op.emitOpError("a permutation replaces the index arrays of a gather");
  if (indexedRank != rank)
    return op.emitOpError("a transposed source must have the region's rank ") << rank;
  SmallVector<int64_t> sorted(perm);
  llvm::sort(sorted);
  if (sorted != llvm::to_vector(llvm::seq<int64_t>(1, rank + 1)))
    return op.emitOpError("permutation must be a permutation of 1..") << rank;
  return success();
}

LogicalResult RemapOp::verify() {
  ArrayType dest = getDest().getType(), source = getSource().getType();
  if (dest.getElementType() != source.getElementType())
    return emitOpError("source elements are ") << source.getElementType()
           << " but destination elements are " << dest.getElementType();
  bool gather = getKind() == RemapKind::gather;
  unsigned rank = getRegion().getType().getRank();
  ArrayType direct = gather ? dest : source, indexed = gather ? source : dest;
  if (failed(verifySameRank(*this, direct.getRank(), rank,
                            gather ? "destination" : "source")))
    return failure();
  if (std::optional<ArrayRef<int64_t>> perm = getPermutation())
    return verifyPermutation(*this, *perm, indexed.getRank(), rank);
  if (getIndices().size() != indexed.getRank())
    return emitOpError("needs ") << indexed.getRank()
           << " index arrays (one per dimension of the indexed array), got "
           << getIndices().size();
  for (Value index : getIndices()) {
    auto type = cast<ArrayType>(index.getType());
    if (!isIndexElementType(type.getElementType()) || type.getRank() != rank)
      return emitOpError("index arrays must be integer arrays of rank ") << rank;
  }
  return success();
}

/// The index arrays and mask of an indexed scatter or masked remap over a
/// region of rank `rank`, indexing an array of rank `indexedRank`.
static LogicalResult verifyIndicesAndMask(Operation *op, ValueRange indices,
                                          Value mask, unsigned rank,
                                          unsigned indexedRank) {
  if (indices.size() != indexedRank)
    return op->emitOpError("needs ")
           << indexedRank
           << " index arrays (one per dimension of the indexed array), got "
           << indices.size();
  for (Value index : indices) {
    auto type = cast<ArrayType>(index.getType());
    if (!isIndexElementType(type.getElementType()) || type.getRank() != rank)
      return op->emitOpError("index arrays must be integer arrays of rank ")
             << rank;
  }
  if (mask) {
    auto type = cast<ArrayType>(mask.getType());
    if (!type.getElementType().isInteger(1) || type.getRank() != rank)
      return op->emitOpError("the mask must be a boolean array of rank ")
             << rank;
  }
  return success();
}

LogicalResult ScatterCombineOp::verify() {
  ArrayType dest = getDest().getType();
  unsigned rank = getRegion().getType().getRank();
  if (getDeferred() &&
      (dest.getRank() != 1 || !dest.getElementType().isInteger(64)))
    return emitOpError("a deferred scatter needs a rank-1 i64 destination");
  auto source = dyn_cast<ArrayType>(getSource().getType());
  if (!source) { // one value for every point: integer scatters only
    if (!dest.getElementType().isInteger(64))
      return emitOpError("a scatter of one value needs i64 elements, not ")
             << dest.getElementType();
    return verifyIndicesAndMask(*this, getIndices(), getMask(), rank,
                                dest.getRank());
  }
  if (dest.getElementType() != source.getElementType())
    return emitOpError("source elements are ") << source.getElementType()
           << " but destination elements are " << dest.getElementType();
  if (!isa<IntegerType, FloatType>(dest.getElementType()) ||
      dest.getElementType().isInteger(1))
    return emitOpError("combines numbers, not ") << dest.getElementType();
  if (failed(verifySameRank(*this, source.getRank(), rank, "source")))
    return failure();
  return verifyIndicesAndMask(*this, getIndices(), getMask(), rank,
                              dest.getRank());
}

LogicalResult ScatterProductOp::verify() {
  unsigned rank = getRegion().getType().getRank();
  for (auto [what, type] :
       {std::pair<const char *, ArrayType>{"destination", getDest().getType()},
        {"source", getSource().getType()},
        {"factor", getFactor().getType()}})
    if (!type.getElementType().isF64())
      return emitOpError("multiplies doubles, but the ")
             << what << " holds " << type.getElementType();
  if (failed(verifySameRank(*this, getSource().getType().getRank(), rank,
                            "source")) ||
      failed(verifyIndicesAndMask(*this, getIndices(), Value(), rank,
                                  getDest().getType().getRank())))
    return failure();
  return verifyIndicesAndMask(*this, getFactorIndices(), Value(), rank,
                              getFactor().getType().getRank());
}

LogicalResult MaskedRemapOp::verify() {
  ArrayType dest = getDest().getType(), source = getSource().getType();
  if (dest.getElementType() != source.getElementType())
    return emitOpError("source elements are ") << source.getElementType()
           << " but destination elements are " << dest.getElementType();
  bool gather = getKind() == RemapKind::gather;
  ArrayType direct = gather ? dest : source, indexed = gather ? source : dest;
  unsigned rank = getRegion().getType().getRank();
  if (failed(verifySameRank(*this, direct.getRank(), rank,
                            gather ? "destination" : "source")))
    return failure();
  return verifyIndicesAndMask(*this, getIndices(), getMask(), rank,
                              indexed.getRank());
}

LogicalResult FileOpenOp::verify() {
  StringRef mode = getMode();
  if (mode != "r" && mode != "w" && mode != "a")
    return emitOpError("mode must be \"r\", \"w\" or \"a\", not \"")
           << mode << "\"";
  return success();
}

LogicalResult RedistributeOp::verify() {
  ArrayType dest = getDest().getType(), source = getSource().getType();
  if (dest.getElementType() != source.getElementType())
    return emitOpError("source elements are ") << source.getElementType()
           << " but destination elements are " << dest.getElementType();
  unsigned rank = getRegion().getType().getRank();
  if (failed(verifySameRank(*this, dest.getRank(), rank, "destination")) ||
      failed(verifySameRank(*this, source.getRank(), rank, "source")))
    return failure();
  return success();
}

LogicalResult LocalArrayOp::verify() {
  unsigned rank = getArray().getType().getRank();
  if (failed(verifySameRank(*this, getRegion().getType().getRank(), rank,
                            "region")))
    return failure();
  if (Value align = getAlign())
    if (failed(verifySameRank(*this, cast<ArrayType>(align.getType()).getRank(),
                              rank, "the array it aligns to")))
      return failure();
  if (std::optional<ArrayRef<int64_t>> fluff = getFluff()) {
    if (fluff->size() != 2 * rank)
      return emitOpError("fluff needs ") << 2 * rank
             << " widths (lo, hi per dimension), got " << fluff->size();
    if (llvm::any_of(*fluff, [](int64_t w) { return w < 0; }))
      return emitOpError("fluff widths must not be negative");
  }
  return success();
}

LogicalResult AddressOfOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto global = symbols.lookupNearestSymbolFrom<GlobalOp>(*this, getNameAttr());
  if (!global)
    return emitOpError("'") << getName() << "' is not a zpl.global";
  if (global.getConstant())
    return emitOpError("cannot take a reference to the constant '")
           << getName() << "'";
  if (global.getType() != getRef().getType().getElementType())
    return emitOpError("'") << getName() << "' has type " << global.getType();
  return success();
}

#define GET_OP_CLASSES
#include "dialects/zpl/ZPLOps.cpp.inc"
