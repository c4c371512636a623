/* zplrt.h — the C ABI that zplc-generated code calls.
 *
 * Generated code defines one function, `void zpl_main(void)`, which
 * evaluates config vars, constants, regions and arrays in declaration order
 * and then calls the entry procedure. The runtime owns `main`: it starts the
 * back end, parses the command line, calls zpl_main and prints statistics.
 * Generated code never calls MPI or a simulator directly.
 */
#ifndef ZPLRT_H
#define ZPLRT_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ZRT_MAX_RANK 3

/* A rectangular index set, passed by value. Dimensions >= rank are unused
 * (lo = hi = 0). An empty region has hi < lo in some dimension. Generated
 * code never touches the fields: it uses the functions below. `step` (0 or
 * 1: every index) is set by zrt_region_by; bit d of `flood` marks dimension
 * d as a flood (`*`) dimension (its lo = hi is a placeholder index). */
typedef struct zrt_region {
  int64_t rank;
  int64_t lo[ZRT_MAX_RANK];
  int64_t hi[ZRT_MAX_RANK];
  int64_t step[ZRT_MAX_RANK];
  int64_t flood;
  int64_t dist; /* 0: the implicit distribution of its rank; else a zrt_dist_new id */
} zrt_region;

/* A distributed array: this PE's block plus ghost cells ("fluff"). */
typedef struct zrt_array zrt_array;

/* Element types and reduction operators, as passed by generated code. */
/* ZRT_I32 is the language's int32 (int32_t elements, 4 bytes each). */
enum zrt_type { ZRT_I64 = 0, ZRT_F64 = 1, ZRT_F32 = 2, ZRT_BOOL = 3, ZRT_I32 = 4 };
enum zrt_op { ZRT_SUM = 0, ZRT_PROD = 1, ZRT_MAX = 2, ZRT_MIN = 3, ZRT_AND = 4, ZRT_OR = 5 };

/* The entry point every generated program defines. */
void zpl_main(void);

/* ---- config vars (`--name=value`) ------------------------------------- */
/* Each returns the command-line value if given, else `dflt`. A malformed
 * value is a run-time error (one line, exit status 2 on every PE). */
int64_t zrt_config_i64(const char *name, int64_t dflt);
double zrt_config_f64(const char *name, double dflt);
float zrt_config_f32(const char *name, float dflt);
/* An int32 config var: a value outside int32_t's range is malformed. */
int32_t zrt_config_i32(const char *name, int32_t dflt);
bool zrt_config_bool(const char *name, bool dflt);
/* Called once after the last config var: rejects unknown `--name=value`
 * options and sets up the PE grid. */
void zrt_config_done(void);

/* ---- regions ------------------------------------------------------------ */
/* Unused trailing bounds are ignored (pass 0). */
zrt_region zrt_region_make(int64_t rank, int64_t lo0, int64_t hi0, int64_t lo1,
                           int64_t hi1, int64_t lo2, int64_t hi2);
/* Derived regions; (d0, d1, d2) is a direction (unused components 0). */
zrt_region zrt_region_of(zrt_region r, int64_t d0, int64_t d1, int64_t d2);
zrt_region zrt_region_in(zrt_region r, int64_t d0, int64_t d1, int64_t d2);
zrt_region zrt_region_at(zrt_region r, int64_t d0, int64_t d1, int64_t d2);
/* `R by s`: keeps every s_d-th index from R's low bound (s_d >= 1). */
zrt_region zrt_region_by(zrt_region r, int64_t s0, int64_t s1, int64_t s2);
/* Marks dimension `dim` as a flood (`*`) dimension: an array over such a
 * region holds one value per index of its other dimensions, and reads it
 * at every index of this one (its stride there is 0). */
zrt_region zrt_region_flood(zrt_region r, int64_t dim);
int64_t zrt_region_lo(zrt_region r, int64_t dim);
int64_t zrt_region_hi(zrt_region r, int64_t dim);
/* The loop step in `dim` (1 unless the region was made with `by`). */
int64_t zrt_region_step(zrt_region r, int64_t dim);
/* A declared region must not be empty: otherwise a run-time error naming it. */
void zrt_region_check(const char *name, zrt_region r);

/* A named (declared) region: contributes to the bounding box that the
 * implicit block distribution of its rank spreads over the PE grid.
 * Called in zpl_main for every global region, before any array exists. */
void zrt_dist_add(zrt_region r);

/* ---- grids and distributions (docs/language.md section 11) -------------- */
/* Kinds per dimension of `distribution D : G = [...]`. ZRT_DIST_NONE is `*`:
 * the whole dimension lives on grid coordinate 0 of that grid dimension
 * (PEs at other coordinates own nothing of it). */
enum zrt_dist_kind {
  ZRT_DIST_BLOCK = 0,
  ZRT_DIST_CYCLIC = 1,
  ZRT_DIST_BLOCKCYCLIC = 2,
  ZRT_DIST_NONE = 3
};
/* `grid G = [p0, p1, p2]` (unused sizes 0): returns the grid's id (> 0).
 * Sizes below 1, or a product different from the number of PEs, are a
 * run-time error naming the grid. */
int64_t zrt_grid_new(const char *name, int64_t rank, int64_t p0, int64_t p1, int64_t p2);
/* `distribution D : G = [...]`: kind_d from enum zrt_dist_kind, bsize_d the
 * k of blockcyclic(k) (ignored for other kinds; k < 1 is a run-time
 * error). grid 0 means the default grid of `rank` dimensions (--grid or
 * near-square). Returns the distribution's id (> 0). */
int64_t zrt_dist_new(const char *name, int64_t grid, int64_t rank, int64_t kind0, int64_t bsize0,
                     int64_t kind1, int64_t bsize1, int64_t kind2, int64_t bsize2);
/* `region R : D = [...]`: r bound to distribution `dist`; a declared region
 * contributes to D's bounding box (like zrt_dist_add for the implicit
 * one). Called for declared regions before any array exists; derived
 * regions keep their parent's distribution (the field is copied). */
zrt_region zrt_region_dist(zrt_region r, int64_t dist);
/* r with the distribution of array a: the iteration space of a statement
 * follows the distribution of the array it assigns (or reads). */
zrt_region zrt_region_align(zrt_region r, zrt_array *a);

/* ---- tiles: this PE's part of a statement --------------------------------- */
/* Under cyclic and block-cyclic distributions a PE owns several blocks per
 * dimension; its part of a statement over r is the list of tiles (one per
 * combination of its local blocks, intersected with r; empty ones are
 * skipped). Block and `*` distributions give at most one tile. Every
 * array aligned with r's distribution addresses tile t's element
 * (i, j, k), and the ghost cells around the tile, at
 *   base[zrt_array_tile_offset(a, r, t) + i*stride0 + j*stride1 + k*stride2]
 * with the strides of zrt_array_stride (the same for every tile). Within
 * tile t loop from zrt_tile_lo to zrt_tile_hi by zrt_region_step (lattice
 * and flood dimensions as zrt_local_lo/hi). */
int64_t zrt_tiles(zrt_region r);
int64_t zrt_tile_lo(zrt_region r, int64_t t, int64_t dim);
int64_t zrt_tile_hi(zrt_region r, int64_t t, int64_t dim);
/* A run-time error if a is not aligned with r's distribution. */
int64_t zrt_array_tile_offset(zrt_array *a, zrt_region r, int64_t t);

/* The bounding box of this PE's part of the iteration space of a
 * statement over r (its one tile under block distributions): r
 * intersected with the PE's block, where the blocks at the edge of the
 * grid extend to infinity (so indices outside the bounding box belong to
 * the edge PEs). Empty when hi < lo. With `by`, lo is the first index of
 * r's lattice in the PE's part; loop from lo to hi by zrt_region_step. A
 * flood dimension gives lo = hi = the region's low bound on every PE. */
int64_t zrt_local_lo(zrt_region r, int64_t dim);
int64_t zrt_local_hi(zrt_region r, int64_t dim);

/* The interior of tile t (overlapped computation, zpl-overlap-halos): the
 * indices i of the tile whose reads from i - below to i + above in `dim`
 * stay in the tile's extended block, so they read no ghost cell that a
 * transfer fills. In `dim` it is the lattice points from
 * zrt_tile_inner_lo up to (not including) zrt_tile_inner_end, both points
 * of the tile's lattice with zrt_tile_lo <= lo <= end <= the point after
 * zrt_tile_hi; empty when lo == end. The boundary strips are the rest of
 * the tile. A flood dimension is interior. */
int64_t zrt_tile_inner_lo(zrt_region r, int64_t t, int64_t dim, int64_t below,
                          int64_t above);
int64_t zrt_tile_inner_end(zrt_region r, int64_t t, int64_t dim, int64_t below,
                           int64_t above);

/* ---- arrays --------------------------------------------------------------- */
/* Allocates this PE's storage of an array declared over `decl`: its local
 * blocks of decl's distribution (one per dimension under block and `*`),
 * each widened by fluff_lo[d]/fluff_hi[d] ghost cells per dimension,
 * zero-initialised, row-major; tiles are addressed as described above. */
zrt_array *zrt_array_new(const char *name, zrt_region decl, int64_t type,
                         int64_t fluff_lo0, int64_t fluff_hi0,
                         int64_t fluff_lo1, int64_t fluff_hi1,
                         int64_t fluff_lo2, int64_t fluff_hi2);
/* The same for an array over a strided region (zplc marks it `compact`
 * when the runtime supports every use the program makes of it): along
 * each dimension where decl steps by s > 1 (not a flood dimension) the
 * storage holds decl's lattice points lo + x*s only, at lattice index x,
 * and fluff_lo/fluff_hi (in indices) become whole steps, rounded up.
 * Element (i, j, k) then lives at base[offset + x0*stride0 + x1*stride1 +
 * x2*stride2] with x_d = (i_d - zrt_array_lattice_origin(a, d)) /
 * zrt_array_lattice_step(a, d), exactly (i_d on the lattice); for every
 * other array (and dimension) the origin is 0 and the step 1. */
zrt_array *zrt_array_new_compact(const char *name, zrt_region decl, int64_t type,
                                 int64_t fluff_lo0, int64_t fluff_hi0,
                                 int64_t fluff_lo1, int64_t fluff_hi1,
                                 int64_t fluff_lo2, int64_t fluff_hi2);
int64_t zrt_array_lattice_origin(zrt_array *a, int64_t dim);
int64_t zrt_array_lattice_step(zrt_array *a, int64_t dim);
/* A temporary with the same layout as `a` (for A := A@d); free it after. */
zrt_array *zrt_array_temp(zrt_array *a);
/* The same, kept with `a` across statements (allocated on first use,
 * freed with `a`): for A := f(A@d) in a loop, whose copy back is an
 * exchange of storage (zrt_array_rename). Do not free it. */
zrt_array *zrt_array_spare(zrt_array *a);
/* zrt_array_spare(a) when `needed`, else a itself (a statement that may
 * run in place). */
zrt_array *zrt_array_spare_if(zrt_array *a, bool needed);
/* Whether `[r] a := ... a@d ...` may write a in place: the read never sees
 * an element the statement writes, because a keeps every index in an
 * element of its own (no flood dimension) and in some dimension r steps
 * by more than 1 and d is no multiple of the step (interpolation writes
 * the odd points of a fine grid from the even ones). */
bool zrt_shift_misses_writes(zrt_array *a, zrt_region r, int64_t d0, int64_t d1, int64_t d2);
void zrt_array_free(zrt_array *a);
/* The region `a` was declared over (rank-only array parameters use it). */
zrt_region zrt_array_region(zrt_array *a);
/* Base pointers by element type. Element (i, j, k) of the local storage
 * lives at base[offset + i*stride0 + j*stride1 + k*stride2] with global
 * indices i, j, k (lattice indices for a compact array, above) (with several tiles per PE: in its first tile; the
 * others are at zrt_array_tile_offset). */
double *zrt_array_f64(zrt_array *a);
float *zrt_array_f32(zrt_array *a);
int32_t *zrt_array_i32(zrt_array *a);
int64_t *zrt_array_i64(zrt_array *a);
bool *zrt_array_bool(zrt_array *a);
/* Each of them also counts as a write of a's elements: a remap keeps its
 * schedule and reads its index arrays (and mask) again only when one was
 * written since (generated code takes the pointer anew for every
 * statement). Code that keeps a pointer and writes through it after a
 * remap call must call zrt_array_wrote(a) after writing. */
void zrt_array_wrote(zrt_array *a);
int64_t zrt_array_offset(zrt_array *a);
int64_t zrt_array_stride(zrt_array *a, int64_t dim);
/* Run-time storage check for a statement over r that accesses `a` shifted
 * by d: if some local index + d falls outside the storage, prints one line
 * naming the array and exits with status 2. */
void zrt_array_check(zrt_array *a, zrt_region r, int64_t d0, int64_t d1, int64_t d2);
/* The same for the array a statement over r assigns (at offset 0): a
 * region derived with a direction known only at run time may leave the
 * array's storage. */
void zrt_array_check_write(zrt_array *a, zrt_region r);
/* Lattice check for an array whose declared region is known only at run
 * time (a rank-only parameter): a statement over r reading a at offset d
 * (writing: d = 0) must touch only points of a's lattice, its first index
 * plus multiples of its stride. Otherwise prints "where: ..." naming the
 * array and exits with status 2 on every PE. */
void zrt_array_check_lattice(zrt_array *a, zrt_region r, int64_t d0, int64_t d1, int64_t d2,
                             const char *where);

/* Array renaming: `[r] dst := src` when src is not read again before it
 * is next written. If the two arrays store their elements the same way
 * (declared region, distribution, type, fluff; not tiled) and this PE's
 * part of r is more than half of the stored elements, exchanges
 * their storage — transfer handles built for either storage are kept and
 * follow it — copies back the elements of dst outside r (boundary and
 * ghost cells keep their values, as after the copy) and returns true;
 * otherwise changes nothing and returns false (the caller copies). */
bool zrt_array_rename(zrt_array *dst, zrt_array *src, zrt_region r);

/* ---- reductions ---------------------------------------------------------- */
/* Combine the PEs' partial values with `op` (enum zrt_op); every PE gets the result. */
int64_t zrt_allreduce_i64(int64_t op, int64_t v);
double zrt_allreduce_f64(int64_t op, double v);
float zrt_allreduce_f32(int64_t op, float v);
int32_t zrt_allreduce_i32(int64_t op, int32_t v);
bool zrt_allreduce_bool(int64_t op, bool v);

/* A user-defined reduction (`f<<`): every PE passes whether it has a
 * partial result and the result; zrt_partials_<T> gathers them on every
 * PE and returns how many PEs had one (a program whose reduction has no
 * value at all stops with one line naming `op`, status 2); zrt_partial_<T>
 * (k) is the k-th of them in PE order (0 <= k < that count). */
int64_t zrt_partials_i64(bool has, int64_t v, const char *op);
int64_t zrt_partials_f64(bool has, double v, const char *op);
int64_t zrt_partials_f32(bool has, float v, const char *op);
int64_t zrt_partials_i32(bool has, int32_t v, const char *op);
int64_t zrt_partials_bool(bool has, bool v, const char *op);
int64_t zrt_partial_i64(int64_t k);
double zrt_partial_f64(int64_t k);
float zrt_partial_f32(int64_t k);
int32_t zrt_partial_i32(int64_t k);
bool zrt_partial_bool(int64_t k);

/* Floating-point max and min are defined on keys: an integer of the same
 * width whose order is the IEEE 754 total order of the values (-inf <
 * ... < -0 < +0 < ... < +inf), with every NaN mapped to the largest key
 * for max and the smallest for min. So `max<<` and `min<<` are exact,
 * associative and commutative: a NaN element makes the result NaN (always
 * the positive quiet NaN with all payload bits set, printed "nan"),
 * max(-0, +0) is +0 and min(-0, +0) is -0, whatever the order the values
 * are combined in. Generated loops keep the maximum of the keys, an
 * integer max that C compilers vectorise without fast-math flags, and
 * convert it back once (zrt_key_f64). Branch-free on purpose: a select in
 * the key stops GCC 12 recognising the reduction. */
static inline int64_t zrt_order_key_f64(double x) {
  int64_t b;
  __builtin_memcpy(&b, &x, sizeof b);
  return b ^ (int64_t)((uint64_t)(b >> 63) >> 1);
}
static inline int64_t zrt_max_key_f64(double x) {
  int64_t nan = -(int64_t)(x != x);
  return (zrt_order_key_f64(x) & ~nan) | (INT64_MAX & nan);
}
static inline int64_t zrt_min_key_f64(double x) {
  int64_t nan = -(int64_t)(x != x);
  return (zrt_order_key_f64(x) & ~nan) | (INT64_MIN & nan);
}
/* The max key of a value whose sign bit is clear (fabs(x), the usual
 * convergence test max<< abs(A - B)): its bits. They order like the
 * general key for such values (+0 < ... < +inf) and put every NaN above
 * +inf, which zrt_key_f64 turns into the one NaN: the same result as
 * zrt_max_key_f64 with five fewer vector instructions per element. */
static inline int64_t zrt_max_key_abs_f64(double x) {
  int64_t b;
  __builtin_memcpy(&b, &x, sizeof b);
  return b;
}
/* A key back to its value; every key of a NaN (above +inf's, below
 * -inf's) gives the positive quiet NaN with all payload bits set. */
static inline double zrt_key_f64(int64_t k) {
  int64_t b = k ^ (int64_t)((uint64_t)(k >> 63) >> 1);
  double x;
  if (k > INT64_C(0x7ff0000000000000) || k < (int64_t)UINT64_C(0x800fffffffffffff))
    b = INT64_MAX;
  __builtin_memcpy(&x, &b, sizeof x);
  return x;
}
static inline double zrt_max_f64(double a, double b) {
  int64_t ka = zrt_max_key_f64(a), kb = zrt_max_key_f64(b);
  return zrt_key_f64(ka > kb ? ka : kb);
}
static inline double zrt_min_f64(double a, double b) {
  int64_t ka = zrt_min_key_f64(a), kb = zrt_min_key_f64(b);
  return zrt_key_f64(ka < kb ? ka : kb);
}
static inline int32_t zrt_order_key_f32(float x) {
  int32_t b;
  __builtin_memcpy(&b, &x, sizeof b);
  return b ^ (int32_t)((uint32_t)(b >> 31) >> 1);
}
static inline int32_t zrt_max_key_f32(float x) {
  int32_t nan = -(int32_t)(x != x);
  return (zrt_order_key_f32(x) & ~nan) | (INT32_MAX & nan);
}
static inline int32_t zrt_min_key_f32(float x) {
  int32_t nan = -(int32_t)(x != x);
  return (zrt_order_key_f32(x) & ~nan) | (INT32_MIN & nan);
}
static inline int32_t zrt_max_key_abs_f32(float x) {
  int32_t b;
  __builtin_memcpy(&b, &x, sizeof b);
  return b;
}
static inline float zrt_key_f32(int32_t k) {
  int32_t b = k ^ (int32_t)((uint32_t)(k >> 31) >> 1);
  float x;
  if (k > INT32_C(0x7f800000) || k < (int32_t)UINT32_C(0x807fffff))
    b = INT32_MAX;
  __builtin_memcpy(&x, &b, sizeof x);
  return x;
}
static inline float zrt_max_f32(float a, float b) {
  int32_t ka = zrt_max_key_f32(a), kb = zrt_max_key_f32(b);
  return zrt_key_f32(ka > kb ? ka : kb);
}
static inline float zrt_min_f32(float a, float b) {
  int32_t ka = zrt_min_key_f32(a), kb = zrt_min_key_f32(b);
  return zrt_key_f32(ka < kb ? ka : kb);
}

/* ---- partial reductions, scans and floods --------------------------------- */
/* A collection buffer: generated code stores the body's value for every
 * local index (i, j, k) of the source region (every index of its tiles,
 * zrt_tiles, as passed to _begin: its dist field says which PE computes
 * which index) at
 *   zrt_collect_<type>(h)[zrt_collect_offset(h) + i*s0 + j*s1 + k*s2]
 * with s_d = zrt_collect_stride(h, d) — combining with the operator for a
 * partial reduction (`buf[x] = buf[x] op v`: the buffer starts at the
 * operator's identity, and collapsed dimensions have stride 0), storing
 * for a scan or a flood — and then calls the matching _end, which combines
 * the PEs' contributions and stores the result into `dst` over `dr`. */
typedef struct zrt_collect zrt_collect;
/* `[dr] dst := op<< [sr] body`: dimensions where dr is a single index or a
 * flood dimension collapse. */
zrt_collect *zrt_preduce_begin(zrt_array *dst, zrt_region dr, zrt_region sr, int64_t op);
void zrt_preduce_end(zrt_collect *h);
/* `[dr] dst := f<< [sr] body` with a user's function f: the body's values
 * are stored (not combined) over sr; the end combines them per element of
 * dr in row-major order of sr, f(f(x1, x2), x3)..., on any number of PEs,
 * and stops the program when an element has none (`op`: f's name). */
zrt_collect *zrt_preduce_user_begin(zrt_array *dst, zrt_region dr, zrt_region sr);
void zrt_preduce_end_user_i64(zrt_collect *h, int64_t (*f)(int64_t, int64_t), const char *op);
void zrt_preduce_end_user_f64(zrt_collect *h, double (*f)(double, double), const char *op);
void zrt_preduce_end_user_f32(zrt_collect *h, float (*f)(float, float), const char *op);
void zrt_preduce_end_user_i32(zrt_collect *h, int32_t (*f)(int32_t, int32_t), const char *op);
void zrt_preduce_end_user_bool(zrt_collect *h, bool (*f)(bool, bool), const char *op);
/* `[r] dst := op|| body` (dim -1: row-major over r) or `op|| [dim] body`. */
zrt_collect *zrt_scan_begin(zrt_array *dst, zrt_region r, int64_t op, int64_t dim);
void zrt_scan_end(zrt_collect *h);
/* The end of a user-defined scan `f|| body` (begun with any op): each
 * element becomes f(the running result before it, its value). */
void zrt_scan_end_user_i64(zrt_collect *h, int64_t (*f)(int64_t, int64_t));
void zrt_scan_end_user_f64(zrt_collect *h, double (*f)(double, double));
void zrt_scan_end_user_f32(zrt_collect *h, float (*f)(float, float));
void zrt_scan_end_user_i32(zrt_collect *h, int32_t (*f)(int32_t, int32_t));
void zrt_scan_end_user_bool(zrt_collect *h, bool (*f)(bool, bool));
/* `[dr] dst := >>[sr] body`: sr has extent 1 in the dimensions that flood.
 * A flood dst gets the value at its one element there; an ordinary dst at
 * every index it owns in its declared region (dr flood there) or over dr. */
zrt_collect *zrt_flood_begin(zrt_array *dst, zrt_region dr, zrt_region sr);
void zrt_flood_end(zrt_collect *h);
double *zrt_collect_f64(zrt_collect *h);
float *zrt_collect_f32(zrt_collect *h);
int32_t *zrt_collect_i32(zrt_collect *h);
int64_t *zrt_collect_i64(zrt_collect *h);
bool *zrt_collect_bool(zrt_collect *h);
int64_t zrt_collect_offset(zrt_collect *h);
int64_t zrt_collect_stride(zrt_collect *h, int64_t dim);

/* ---- remap ------------------------------------------------------------------ */
/* Gather over r: dst[p] = src[i1[p], i2[p], i3[p]] (unused index arrays NULL).
 * Scatter over r: dst[i1[p], i2[p], i3[p]] = src[p]. An index outside the
 * indexed array's declared region is a run-time error (every PE exits with
 * status 2). When several points p of a scatter write the same element, the
 * one with the largest row-major position in r wins, so the result is the
 * same for any number of PEs. An indexed flood dimension accepts any index.
 * src and dst have the same element type. These run one remap at once
 * (im_remap, DR/SR/DN/SV, then the handle is freed); generated code uses
 * im_remap on a static handle instead, which keeps its schedule. */
void zrt_gather(zrt_array *dst, zrt_region r, zrt_array *src, zrt_array *i1,
                zrt_array *i2, zrt_array *i3);
void zrt_scatter(zrt_array *dst, zrt_region r, zrt_array *src, zrt_array *i1,
                 zrt_array *i2, zrt_array *i3);
/* A combining scatter over the points p of r where `mask` is true (false
 * when `without`; every point when mask is NULL): dst[i(p)] += src[p]
 * (ZRT_SCATTER_ADD; `-=` adds -src) or *= src[p] (ZRT_SCATTER_MUL),
 * combining every point that targets one element. Each PE combines its own
 * contributions first and sends one per target element; integer results
 * are the same on any number of PEs. It runs one im_remap_combine at once;
 * generated code uses im_remap_combine on a static handle, which keeps its
 * schedule. (Masked plain remaps: im_remap_masked in ironman.h.) */
enum zrt_scatter_op { ZRT_SCATTER_ADD = 0, ZRT_SCATTER_MUL = 1 };
void zrt_scatter_combine(zrt_array *dst, zrt_region r, zrt_array *src,
                         zrt_array *mask, int64_t without, int64_t op,
                         zrt_array *i1, zrt_array *i2, zrt_array *i3);

/* ---- deferred combining scatters ------------------------------------------ */
/* A combining scatter into an integer array that runs again and again in a
 * loop where nothing else touches the array (zplc's
 * zpl-defer-combines pass finds these: EP's histogram in its step loop)
 * need not combine across PEs at every run: each PE adds its points'
 * contributions to a private copy of the whole array's partial results,
 * and zrt_scatter_settle, after the loop, combines the copies once (one
 * allreduce) into the elements. Integer sums and products wrap, so the
 * order does not matter and the result is that of a scatter per run.
 *
 * zrt_scatter_defer(dst, op) returns dst's partial results, started (all
 * ZRT_SCATTER_ADD's 0 or ZRT_SCATTER_MUL's 1) if none are pending, or NULL
 * when dst cannot be deferred: it is not a rank-1 array of 64-bit integers
 * on a unit lattice without a flood dimension, or it has more than
 * ZRT_DEFER_MAX elements (the copy is as large as the array). Every PE
 * gets the same answer. Generated code then adds each selected point's
 * contribution with zrt_deferred_add / zrt_deferred_mul, whose index check
 * stops the program (one line, exit 2) as a scatter's does. Each element
 * keeps ZRT_DEFER_WAYS partial results, the point's `lane` (its innermost
 * loop index) choosing one: consecutive points adding to the same element
 * (EP's few annuli) then wait for each other's store only every
 * ZRT_DEFER_WAYS points. */
#define ZRT_DEFER_MAX 65536
#define ZRT_DEFER_WAYS 4
typedef struct zrt_deferred {
  uint64_t *acc;    /* acc[(x - lo) * ZRT_DEFER_WAYS + way]: element x's partial results */
  int64_t lo, count;
  int64_t op;       /* ZRT_SCATTER_ADD or ZRT_SCATTER_MUL */
  bool pending;     /* started, not yet settled */
  const char *name; /* the array's, for errors */
} zrt_deferred;
zrt_deferred *zrt_scatter_defer(zrt_array *dst, int64_t op);
/* Combines dst's pending partial results of every PE into its elements
 * (each PE into the elements it owns) and clears them; nothing when none
 * are pending. Collective: every PE calls it at the same point. */
void zrt_scatter_settle(zrt_array *dst);
void zrt_fail_deferred(const zrt_deferred *d, int64_t x) __attribute__((noreturn, cold));
/* The slot of point `lane`'s contribution to element x. */
static inline uint64_t *zrt_deferred_slot(zrt_deferred *d, int64_t lane, int64_t x) {
  uint64_t at = (uint64_t)x - (uint64_t)d->lo;
  if (__builtin_expect(at >= (uint64_t)d->count, 0))
    zrt_fail_deferred(d, x);
  return &d->acc[at * ZRT_DEFER_WAYS + ((uint64_t)lane & (ZRT_DEFER_WAYS - 1))];
}
static inline void zrt_deferred_add(zrt_deferred *d, int64_t lane, int64_t x, int64_t v) {
  *zrt_deferred_slot(d, lane, x) += (uint64_t)v;
}
static inline void zrt_deferred_mul(zrt_deferred *d, int64_t lane, int64_t x, int64_t v) {
  *zrt_deferred_slot(d, lane, x) *= (uint64_t)v;
}
/* The same for a point a mask selects when c is true, without a branch on
 * c (a mask that selects a random part of the points, as EP's does, would
 * mispredict it): an unselected point adds 0 (multiplies by 1) to the
 * first element's slot, whatever its index (a deferred array has one). */
static inline void zrt_deferred_add_if(zrt_deferred *d, bool c, int64_t lane, int64_t x,
                                       int64_t v) {
  *zrt_deferred_slot(d, lane, c ? x : d->lo) += c ? (uint64_t)v : 0;
}
static inline void zrt_deferred_mul_if(zrt_deferred *d, bool c, int64_t lane, int64_t x,
                                       int64_t v) {
  *zrt_deferred_slot(d, lane, c ? x : d->lo) *= c ? (uint64_t)v : 1;
}

/* ---- files (they live where PE 0 runs) ------------------------------------ */
/* open("name", "r"|"w"|"a") gives a handle (>= 1, the same on every PE);
 * a missing file is an error (exit 2). Between zrt_file_output(f) and
 * zrt_file_output_end() the write calls below print to file f. A read
 * parses the next whitespace-separated value (as `write` prints it) of
 * the element type; `what` names the variable for errors, which name the
 * file, its line and the element. Arrays move in row blocks through PE 0.
 * Unclosed files are flushed at exit. */
int64_t zrt_file_open(const char *name, const char *mode);
void zrt_file_close(int64_t f);
void zrt_file_output(int64_t f);
void zrt_file_output_end(void);
int64_t zrt_file_read_i64(int64_t f, const char *what);
double zrt_file_read_f64(int64_t f, const char *what);
float zrt_file_read_f32(int64_t f, const char *what);
int32_t zrt_file_read_i32(int64_t f, const char *what);
bool zrt_file_read_bool(int64_t f, const char *what);
void zrt_file_read_array(int64_t f, zrt_array *a, zrt_region r, const char *what);

/* ---- output (only PE 0 prints) ------------------------------------------- */
/* `fmt` is a printf format for one value, or "" for the default
 * (%lld, %g, %g, true/false). */
void zrt_write_str(const char *s);
void zrt_write_i64(int64_t v, const char *fmt);
void zrt_write_f64(double v, const char *fmt);
void zrt_write_f32(float v, const char *fmt);
void zrt_write_i32(int32_t v, const char *fmt);
void zrt_write_bool(bool v, const char *fmt);
void zrt_writeln(void);
/* Prints the part of `a` over r in row-major order, one innermost row per
 * line, elements separated by one space; gathered to PE 0. Rows are
 * separated by newlines; the last row is left open for the caller's
 * zrt_writeln (so `writeln(A)` prints no blank line). A flood array prints
 * its single value at every index of r in its flood dimension; a `by`
 * region prints its lattice points only. */
void zrt_write_array(zrt_array *a, zrt_region r, const char *fmt);

/* ---- computation (for back ends that model it) ----------------------------- */
/* Operation counts of one array statement per element of its region `r`:
 * arithmetic ops, divisions, math calls, reads of distinct arrays, further
 * (cached) reads, stores. zplc emits one call before each statement's loop
 * nest when it compiles for --backend=sim; back ends that model
 * computation time (the simulator) charge it, the others ignore it. */
void zrt_charge(zrt_region r, int64_t ops, int64_t divs, int64_t calls, int64_t loads,
                int64_t cached, int64_t stores);
/* zrt_charge for one part of a statement split by zpl-overlap-halos:
 * `interior` 1 charges the interior of this PE's tiles (zrt_tile_inner_lo
 * with below_d/above_d the reach of its reads in dimension d), 0 the
 * boundary strips (the rest). */
void zrt_charge_part(zrt_region r, int64_t interior, int64_t below0, int64_t above0,
                     int64_t below1, int64_t above1, int64_t below2, int64_t above2,
                     int64_t ops, int64_t divs, int64_t calls, int64_t loads, int64_t cached,
                     int64_t stores);

/* ---- checked integer division (`/` and `%` on integers) -------------------- */
/* A zero divisor, or INT64_MIN / -1 (the quotient overflows), stops the
 * program with one line naming the source position `where`
 * ("prog.zpl:12:9"), exit status 2 on every PE. zplc emits these for every
 * integer division whose divisor is not a constant other than 0 and -1.
 * Inline: the check is one well-predicted branch. */
void zrt_fail_division(const char *where, int64_t dividend, int64_t divisor)
    __attribute__((noreturn, cold));
static inline int64_t zrt_div_i64(int64_t a, int64_t b, const char *where) {
  if (__builtin_expect(b == 0 || (b == -1 && a == INT64_MIN), 0))
    zrt_fail_division(where, a, b);
  return a / b;
}
static inline int64_t zrt_rem_i64(int64_t a, int64_t b, const char *where) {
  if (__builtin_expect(b == 0, 0))
    zrt_fail_division(where, a, b);
  return b == -1 ? 0 : a % b; /* INT64_MIN % -1 is 0, though C traps */
}

/* ---- checked shifts (`bsl` and `bsr`) ----------------------------------- */
/* A shift amount outside 0..63 (C leaves it undefined) stops the program
 * with one line naming the source position `where`, exit status 2 on every
 * PE. zplc emits these for every shift whose amount is not a constant in
 * 0..63. The left shift works on the bits (the result wraps: bsl(1, 63) is
 * INT64_MIN); the right shift is arithmetic (it copies the sign bit:
 * bsr(-5, 1) is -3, the floor of -5 / 2), written so that C defines it. */
void zrt_fail_shift(const char *where, int64_t amount) __attribute__((noreturn, cold));
static inline int64_t zrt_shl_i64(int64_t a, int64_t n, const char *where) {
  if (__builtin_expect((uint64_t)n > 63, 0))
    zrt_fail_shift(where, n);
  return (int64_t)((uint64_t)a << n);
}
static inline int64_t zrt_shr_i64(int64_t a, int64_t n, const char *where) {
  if (__builtin_expect((uint64_t)n > 63, 0))
    zrt_fail_shift(where, n);
  return a < 0 ? ~(~a >> n) : a >> n;
}

/* ---- checked selections of a family's element (`U{j}`) ----------------------- */
/* The slot of element `index` in the table of a family whose elements are
 * `first..last`. An index outside them stops the program with one line
 * naming the source position `where` and the family, exit status 2 on
 * every PE. zplc emits this for every selection whose index is not known
 * at compile time. */
void zrt_fail_family(const char *where, const char *family, int64_t index, int64_t first,
                     int64_t last) __attribute__((noreturn, cold));
static inline int64_t zrt_family_slot(int64_t index, int64_t first, int64_t last,
                                      const char *family, const char *where) {
  if (__builtin_expect(index < first || index > last, 0))
    zrt_fail_family(where, family, index, first, last);
  return index - first;
}

/* A failed run-time check of the program (a `for` step below 1): one line,
 * "where: message", exit status 2 on every PE. */
void zrt_fail_at(const char *where, const char *message) __attribute__((noreturn, cold));

/* ---- checked bounds of declared regions ------------------------------------ */
/* `+`, `-` and `*` in the bounds of a declared region (`[0..n+1]` with a
 * config var n): a result beyond int64_t stops the program with one line,
 * "WHAT is too large (a bound overflows 64-bit integers)", where WHAT is
 * "region R" or "the region of array A", exit status 2 on every PE (all
 * of them evaluate the declarations). zplc emits these in place of the
 * operators, which would wrap. */
void zrt_fail_bound(const char *what) __attribute__((noreturn, cold));
static inline int64_t zrt_bound_add(int64_t a, int64_t b, const char *what) {
  int64_t r;
  if (__builtin_expect(__builtin_add_overflow(a, b, &r), 0))
    zrt_fail_bound(what);
  return r;
}
static inline int64_t zrt_bound_sub(int64_t a, int64_t b, const char *what) {
  int64_t r;
  if (__builtin_expect(__builtin_sub_overflow(a, b, &r), 0))
    zrt_fail_bound(what);
  return r;
}
static inline int64_t zrt_bound_mul(int64_t a, int64_t b, const char *what) {
  int64_t r;
  if (__builtin_expect(__builtin_mul_overflow(a, b, &r), 0))
    zrt_fail_bound(what);
  return r;
}

/* ---- time ------------------------------------------------------------------ */
/* `timer()`: seconds since the program's code started on this PE, by the
 * back end's clock: the monotonic clock (serial), MPI_Wtime (MPI), the PE's
 * virtual time (simulated machines). Never negative, never decreasing;
 * every PE may call it (each reads its own clock). */
double zrt_timer(void);

/* ---- indexed arrays ------------------------------------------------------- */
/* `var T : array [lo..hi] of integer;` (rank 1) or `array [lo0..hi0,
 * lo1..hi1] of T` (rank 2, row-major): an ordinary array that every PE
 * holds whole (scalar code runs on every PE), zero-initialised. Elements
 * are reached through zrt_indexed_at_<type> (rank 1) and
 * zrt_indexed_at2_<type> (rank 2), which stop the program with one line
 * naming the source position `where` ("prog.zpl:12:9") and exit status 2
 * when an index lies outside its bounds. */
typedef struct zrt_indexed {
  int64_t rank;
  int64_t lo[2], hi[2];
  int64_t extent1; /* elements per row of a rank-2 array */
  void *data;
  const char *name;
} zrt_indexed;
/* `name` must outlive the array (zplc passes a string literal); `type` is
 * an enum zrt_type; lo1/hi1 are ignored for rank 1. hi < lo in some
 * dimension gives an empty array. */
zrt_indexed *zrt_indexed_new(const char *name, int64_t type, int64_t rank, int64_t lo0,
                             int64_t hi0, int64_t lo1, int64_t hi1);
void zrt_indexed_free(zrt_indexed *a);
void zrt_fail_index(const char *where, const zrt_indexed *a, int64_t i, int64_t j)
    __attribute__((noreturn, cold));
#define ZRT_INDEXED_AT(suffix, T)                                                        \
  static inline T *zrt_indexed_at_##suffix(zrt_indexed *a, int64_t i, const char *where) { \
    if (__builtin_expect(i < a->lo[0] || i > a->hi[0], 0))                               \
      zrt_fail_index(where, a, i, 0);                                                    \
    return (T *)a->data + (i - a->lo[0]);                                                \
  }                                                                                      \
  static inline T *zrt_indexed_at2_##suffix(zrt_indexed *a, int64_t i, int64_t j,        \
                                            const char *where) {                         \
    if (__builtin_expect(i < a->lo[0] || i > a->hi[0] || j < a->lo[1] || j > a->hi[1], 0)) \
      zrt_fail_index(where, a, i, j);                                                    \
    return (T *)a->data + ((i - a->lo[0]) * a->extent1 + (j - a->lo[1]));                \
  }
ZRT_INDEXED_AT(i64, int64_t)
ZRT_INDEXED_AT(f64, double)
ZRT_INDEXED_AT(f32, float)
ZRT_INDEXED_AT(i32, int32_t)
ZRT_INDEXED_AT(bool, bool)
#undef ZRT_INDEXED_AT

/* ---- termination ---------------------------------------------------------- */
void zrt_halt(void);                /* `halt;`: stop every PE, exit status 1 */
void zrt_fail(const char *message); /* run-time error: one line, exit status 2 */

#ifdef __cplusplus
}
#endif
#endif
