/* zplrt_internal.h — types and helpers shared by the runtime, the back ends
 * and the unit tests. Not part of the generated-code ABI. */
#ifndef ZPLRT_INTERNAL_H
#define ZPLRT_INTERNAL_H

#include "ironman.h"
#include "zplrt.h"
#include "zplrt_backend.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
#define ZRT_NORETURN [[noreturn]]
#else
#define ZRT_NORETURN _Noreturn
#endif

/* "Infinity" for the extended blocks at the grid's edges; far enough from
 * INT64 limits that adding a shift or fluff never overflows. */
#define ZRT_INF (INT64_MAX / 4)

/* ---- boxes ------------------------------------------------------------------ */
bool zrt_box_empty(const zrt_region *b);
int64_t zrt_box_count(const zrt_region *b);
zrt_region zrt_box_intersect(const zrt_region *a, const zrt_region *b);
bool zrt_box_contains(const zrt_region *outer, const zrt_region *inner);
zrt_region zrt_box_shift(const zrt_region *b, const int64_t d[ZRT_MAX_RANK]);

/* ---- storage layout and pack/unpack kernels ---------------------------------- */
/* A row-major box of elements: element (i0,i1,i2) lives at byte
 * esz * ((i0-lo0)*stride0 + (i1-lo1)*stride1 + (i2-lo2)*stride2).
 * Dimensions >= rank have lo = 0, ext = 1, stride = 1 (or 0). */
typedef struct zrt_layout {
  int rank;
  size_t esz;
  int64_t lo[ZRT_MAX_RANK];
  int64_t ext[ZRT_MAX_RANK];
  int64_t stride[ZRT_MAX_RANK];
} zrt_layout;

/* A row-major layout over `box` (strides from extents). */
zrt_layout zrt_layout_make(const zrt_region *box, size_t esz);
/* Address of element `box.lo` in storage `base` with layout L. */
void *zrt_box_ptr(void *base, const zrt_layout *L, const zrt_region *box);
/* Whether the elements of `box` form one contiguous run in L. */
bool zrt_box_contiguous(const zrt_layout *L, const zrt_region *box);
/* Copies the elements of `box` (row-major) into / out of a dense buffer.
 * Returns the number of bytes. Runs of 8-byte elements up to 64 words use
 * word loops (single words and pairs unrolled), longer runs memcpy; other
 * element sizes: element loops for runs under 64 bytes, else memcpy. */
size_t zrt_pack(void *buf, const void *base, const zrt_layout *L, const zrt_region *box);
size_t zrt_unpack(void *base, const zrt_layout *L, const zrt_region *box, const void *buf);

/* Indexed patterns: element i of the dense buffer is element idx[i] of base
 * (n elements of esz bytes). Used for indexed transfers and by the
 * calibration/benchmark program. */
size_t zrt_pack_index(void *buf, const void *base, size_t esz, const int64_t *idx, int64_t n);
size_t zrt_unpack_index(void *base, size_t esz, const int64_t *idx, int64_t n, const void *buf);

enum {
  ZRT_XFER_HALO = 0,
  ZRT_XFER_WRAP = 1,
  ZRT_XFER_REFLECT = 2,
  ZRT_XFER_REDIST = 3,
  ZRT_XFER_REMAP = 4,
  ZRT_XFER_TRANSPOSE = 5,
  ZRT_XFER_COMBINED = 6
};

/* ---- decomposition ------------------------------------------------------------ */
/* Block p of P over [L..H]: sizes as even as possible, the first (N % P)
 * blocks one larger. */
void zrt_block_range(int64_t L, int64_t H, int64_t P, int64_t p, int64_t *lo, int64_t *hi);
/* The default grid of `rank` dimensions for npes PEs: as square as
 * possible, dimensions non-decreasing (2D: rows <= columns). */
void zrt_default_grid(int64_t npes, int rank, int64_t dims[ZRT_MAX_RANK]);
/* Parses "P", "PxQ", "PxQxR". Returns the number of dimensions or 0. */
int zrt_parse_grid(const char *s, int64_t dims[ZRT_MAX_RANK]);

typedef struct zrt_decomp {
  int rank;
  int64_t grid[ZRT_MAX_RANK]; /* PEs per dimension (1 beyond rank) */
  zrt_region bbox;            /* what the blocks spread */
} zrt_decomp;

int64_t zrt_decomp_npes(const zrt_decomp *D);
void zrt_decomp_coords(const zrt_decomp *D, int64_t pe, int64_t c[ZRT_MAX_RANK]);
/* -1 if c is outside the grid. */
int64_t zrt_decomp_pe(const zrt_decomp *D, const int64_t c[ZRT_MAX_RANK]);
/* PE pe's block; `extended` widens the blocks of the first and last
 * coordinates that own something (along each dimension) to infinity. A PE
 * whose coordinate owns nothing (fewer indices than PEs along a dimension)
 * has an empty block, extended or not. */
zrt_region zrt_decomp_block(const zrt_decomp *D, int64_t pe, bool extended);

/* Ownership along one dimension k (the owner/local-index functions the
 * section computations are built on). zrt_dim_owners: how many grid
 * coordinates own indices (min(n, P)); the coordinates beyond own nothing.
 * zrt_dim_block: coordinate c's block (empty if it owns nothing).
 * zrt_dim_owner: the coordinate whose extended block holds x (every index
 * has exactly one). zrt_dim_split: splits [lo..hi] into maximal runs of one
 * owner, ascending; returns the number of runs and writes the first `cap`
 * to out (out may be NULL to count). */
typedef struct zrt_run {
  int64_t c, lo, hi;
} zrt_run;
int64_t zrt_dim_owners(const zrt_decomp *D, int k);
void zrt_dim_block(const zrt_decomp *D, int k, int64_t c, bool extended, int64_t *lo,
                   int64_t *hi);
int64_t zrt_dim_owner(const zrt_decomp *D, int k, int64_t x);
int zrt_dim_split(const zrt_decomp *D, int k, int64_t lo, int64_t hi, zrt_run *out, int cap);

/* One section of a halo exchange as seen by one PE. */
typedef struct zrt_section {
  int64_t peer;
  int tag;        /* identical on both sides of one message */
  zrt_region box; /* in global indices */
} zrt_section;

/* The sections PE `me` receives and sends in the halo exchange `id` that
 * makes an array readable at (r ∩ extended block(me)) + d: the cells it
 * does not own, split by owner (any PE, however far the shift reaches), and
 * what it owns of the other PEs' needs; both sides compute the same boxes
 * (one message per PE pair). Bit k of `flood` marks a flood dimension of
 * the array: nothing moves along it (d_k is ignored) and every PE holds r's
 * index there. storage_me is the array's storage box on this PE: received
 * and sent boxes must lie inside it (else the array's fluff is too small).
 * Returns 0 and malloc'd lists in *recv and *send (free them), or -1 with
 * a one-line message in err. */
int zrt_halo_compute(const zrt_decomp *D, int64_t me, zrt_region r, const int64_t d[ZRT_MAX_RANK],
                     int64_t flood, int64_t id, const zrt_region *storage_me, zrt_section **recv,
                     int *nrecv, zrt_section **send, int *nsend, char *err, size_t errlen);

/* The PE whose extended block holds index idx (flood dimensions of the
 * region are ignored by the caller). */
int64_t zrt_decomp_owner(const zrt_decomp *D, const int64_t idx[ZRT_MAX_RANK]);

/* ---- regions: steps and flood dimensions ------------------------------------------ */
static inline int64_t zrt_step(const zrt_region *r, int k) {
  return r->step[k] > 1 ? r->step[k] : 1;
}
static inline bool zrt_is_flood(const zrt_region *r, int k) {
  return (r->flood >> k) & 1;
}
/* First index >= x on the lattice base + m*step (and last <= x). */
int64_t zrt_lattice_up(int64_t x, int64_t base, int64_t step);
int64_t zrt_lattice_down(int64_t x, int64_t base, int64_t step);
/* Number of lattice points of r in dimension k. */
int64_t zrt_lattice_count(const zrt_region *r, int k);
/* This PE's part of a statement over r, as zrt_local_lo/hi give it. */
zrt_region zrt_local_box(zrt_region r);
/* r ∩ ext (some PE's extended block) with lo/hi moved onto r's lattice;
 * flood dimensions stay [lo, lo]. */
zrt_region zrt_lattice_part(const zrt_region *r, const zrt_region *ext);

/* One section of a boundary transfer (wrap or reflect) as seen by one PE:
 * role SEND: `box` are source cells here, `other` the band cells on peer;
 * RECV: `box` are band cells here, `other` the source cells on peer;
 * LOCAL (peer = me): copy `other` into `box`. Band and source boxes have
 * the same shape; with `mirror` bit k set, dimension k runs backwards
 * (reflect): the row-major packing of the source fills the band from its
 * high end in that dimension. */
enum { ZRT_BSEC_SEND = 0, ZRT_BSEC_RECV = 1, ZRT_BSEC_LOCAL = 2 };
typedef struct zrt_bsection {
  int role;
  int64_t peer;
  int tag;
  int mirror;
  zrt_region box, other;
} zrt_bsection;

/* The sections PE `me` takes part in for the boundary transfer `kind`
 * (ZRT_XFER_WRAP or ZRT_XFER_REFLECT) that fills the band `d of r` from r
 * (periodic for wrap: band cell i gets i - sign(d_k)*extent_k(r) in each
 * dimension k where d_k != 0; reflect: hi+k gets hi-k+1, lo-k gets lo+k-1).
 * Bit k of `flood` marks a flood dimension of the array (nothing moves
 * along it; its one stored index is flood_index[k], and only PEs with the
 * same grid coordinate there talk). Each band cell is received (or copied)
 * by the PE whose extended block holds it, from the PE whose extended
 * block holds its source. Returns 0 and a malloc'd list in *out (free it),
 * or -1 with a message in err. */
int zrt_boundary_compute(const zrt_decomp *D, int64_t me, int kind, zrt_region r,
                         const int64_t d[ZRT_MAX_RANK], int64_t flood,
                         const int64_t flood_index[ZRT_MAX_RANK], int64_t id, zrt_bsection **out,
                         int *nout, char *err, size_t errlen);

/* ---- arrays --------------------------------------------------------------------- */
struct zrt_array {
  char *name;
  int type;
  size_t esz;
  int rank;
  uint64_t serial;    /* unique per allocation (cache key) */
  zrt_region decl;    /* declared region */
  zrt_region storage; /* indices stored on this PE */
  zrt_layout layout;
  int64_t offset;     /* element offset of global index (0,0,0) from base */
  int64_t fluff_lo[ZRT_MAX_RANK], fluff_hi[ZRT_MAX_RANK];
  void *base;
  size_t bytes;
};

/* Element offset (from base) of global index idx, reading the single
 * element of a flood dimension at any index. */
static inline int64_t zrt_array_elem(const zrt_array *a, const int64_t idx[ZRT_MAX_RANK]) {
  int64_t o = a->offset;
  for (int k = 0; k < a->rank; ++k)
    if (!zrt_is_flood(&a->decl, k))
      o += idx[k] * a->layout.stride[k];
  return o;
}
/* The PE that owns global index idx of a (in a's distribution; indices
 * outside its bounding box belong to the edge PEs, as zrt_decomp_owner). */
int64_t zrt_array_owner(const zrt_array *a, const int64_t idx[ZRT_MAX_RANK]);
/* This PE's part of a statement over r as boxes: its tiles, in zrt_tiles
 * order. Returns the count; *tiles points at runtime storage valid until
 * the next call (do not free). */
int64_t zrt_local_tiles(zrt_region r, const zrt_region **tiles);
/* Whether the (non-flood dimensions of) box lie in a's storage. */
bool zrt_array_holds(const zrt_array *a, const zrt_region *box);
/* Type helpers for the remap and collection code. */
double zrt_elem_get_f64(int type, const void *p);
int64_t zrt_elem_get_i64(int type, const void *p);
void zrt_elem_convert(int dtype, void *d, int stype, const void *s);

/* ---- transfers --------------------------------------------------------------------- */
/* One point-to-point message of a transfer, as seen by this PE: a section
 * of the array this PE sends to `peer`, or receives from it. The same
 * (peer pair, tag) identifies the message on both sides, and both sides
 * computed the same box. */
typedef struct zrt_msg {
  int64_t peer;
  int tag;
  zrt_region box;  /* the section, in global indices */
  zrt_region lbox; /* the same section in local storage coordinates
                      (0-based, rows of a->layout) */
  int64_t elem_off; /* element offset of the section's first element from
                       the storage base */
  bool contiguous; /* one run in storage: sent/received in place at ptr */
  int mirror;      /* receives only: bit k set when the sender's row-major
                      order runs backwards along dimension k of `box`
                      (reflect); such messages always use `buf` */
  size_t bytes;
  void *ptr;       /* in-place address of the first element */
  void *buf;       /* pack buffer of `bytes` (NULL if contiguous) */
  zrt_array *arr;  /* the array the section lies in (NULL: the transfer's a) */
  int pattern;     /* ZRT_PAT_*: how the section lies in storage (statistics) */
  /* Indexed message (remap): element i of the message is element idx[i]
   * (an element offset from arr's base) — packed with zrt_pack_index; box
   * and lbox are then unused. NULL for box sections. */
  const int64_t *idx;
  int64_t nidx;
  /* Combined message (im_combine): the concatenation of npieces member
   * messages for the same peer, in order; always moved through `buf` when
   * packed. 0 for an ordinary message. */
  int npieces;
  struct zrt_msg *pieces;
} zrt_msg;

/* Access patterns of messages, for --stats (stats.messages.contiguous, ...). */
enum { ZRT_PAT_CONTIGUOUS = 0, ZRT_PAT_STRIDED = 1, ZRT_PAT_INDEXED = 2 };

/* A halo transfer handle: built once per static transfer by im_halo and
 * reused while (array, region, shift) stay the same. The receives (from the
 * owners of the needed cells) and the sends (to the PEs that need cells of
 * this PE) are listed separately, one message per peer; a shift within the
 * neighbouring blocks has at most 7 of each (the non-empty subsets of the
 * shifted dimensions), a wider one more. */
/* A copy inside this PE (boundary transfers whose source and destination
 * cells live on the same PE): `sbox` packed row-major, unpacked into `dbox`
 * with the same mirror convention as zrt_msg. */
typedef struct zrt_local_copy {
  zrt_region sbox, dbox;
  int mirror;
  size_t bytes;
  void *buf;
} zrt_local_copy;

struct im_transfer {
  int kind; /* ZRT_XFER_* */
  int64_t id;
  zrt_array *a;
  uint64_t serial;
  zrt_region r;
  int64_t d[ZRT_MAX_RANK];
  int nsend, nrecv;
  zrt_msg *send; /* nsend messages (malloc'd with the handle) */
  zrt_msg *recv; /* nrecv messages */
  int nlocal;            /* copies the runtime does itself at SR */
  zrt_local_copy *local;
  int64_t send_bytes; /* total payload, for statistics */
  int strategy;       /* IM_PACKED (default) or IM_CHAINED: see im_strategy */
  void *be;           /* back-end state (e.g. MPI requests) */
  /* State of the transfer's kind (remap schedule, combined members, ...)
   * and how to free it; NULL when the kind needs none. */
  void *kind_state;
  void (*kind_release)(im_transfer *t);
};

/* Frees a transfer handle (back-end state, kind state, buffers). */
void zrt_transfer_release(im_transfer *t);
/* The copies within this PE a transfer does at SR (its `local` list; a
 * combined transfer's members' lists). */
void zrt_transfer_copy_locals(im_transfer *t);

/* Combined transfers (combine.c). zrt_combine_copy_locals runs every
 * member's local copies; zrt_combine_can_chain is false for a combined
 * transfer some of whose received pieces overlap (several shifts of one
 * array from one peer: MPI forbids overlapping receive datatypes, so it
 * always moves packed), true for every other transfer. */
void zrt_combine_copy_locals(im_transfer *t);
bool zrt_combine_can_chain(const im_transfer *t);

/* Unpacks a dense buffer into `box` visiting dimension k backwards when bit
 * k of `mirror` is set. */
size_t zrt_unpack_mirror(void *base, const zrt_layout *L, const zrt_region *box, const void *buf,
                         int mirror);

/* Packs every non-contiguous send message into its buffer. */
void zrt_transfer_pack_sends(im_transfer *t);
/* Unpacks every non-contiguous receive message from its buffer. */
void zrt_transfer_unpack_recvs(im_transfer *t);
/* Carries out the messages whose peer is this PE by local copies (for back
 * ends without a message path to self). Returns how many were copied. */
int zrt_transfer_local_copies(im_transfer *t);

/* ---- global state ---------------------------------------------------------------- */
typedef struct zrt_state {
  const zrt_backend *be;
  int me, npes;
  const char *prog;
  int argc;
  char **argv;
  bool *arg_used;
  bool config_done;
  bool stats;
  int grid_rank; /* 0: no --grid */
  const char *grid_text;
  int64_t grid_dims[ZRT_MAX_RANK];
  /* one implicit distribution per rank (index rank-1) */
  bool dist_used[ZRT_MAX_RANK];
  bool dist_frozen[ZRT_MAX_RANK];
  zrt_decomp dist[ZRT_MAX_RANK];
  zrt_region ext_block[ZRT_MAX_RANK]; /* this PE's extended block */
  zrt_region block[ZRT_MAX_RANK];     /* this PE's block */
  /* statistics */
  int64_t n_transfers, n_messages, n_bytes;
  /* IRONMAN messages sent under each strategy (remap messages are in
   * n_messages only) */
  int64_t n_msg_packed, n_msg_chained;
  /* messages and bytes sent by access pattern (index ZRT_PAT_*) */
  int64_t n_msg_pattern[3], n_bytes_pattern[3];
  double comm_seconds;
} zrt_state;

extern zrt_state zrt_g;

/* The distribution of a rank (frozen on first use). */
const zrt_decomp *zrt_dist_get(int rank);
/* Error every PE detects together: PE 0 prints, all finalize and exit(2). */
ZRT_NORETURN void zrt_fail_all(const char *fmt, ...);
/* Formats and calls zrt_fail (local error). */
ZRT_NORETURN void zrt_failf(const char *fmt, ...);

/* Config value parsing (strict). Return false if malformed. */
bool zrt_parse_i64(const char *s, int64_t *out);
bool zrt_parse_f64(const char *s, double *out);
bool zrt_parse_f32(const char *s, float *out);
bool zrt_parse_bool(const char *s, bool *out);

/* Marks --grid/--stats/--help (start-up). */
void zrt_parse_runtime_options(void);

/* Used by main(). */
void zrt_startup(int argc, char **argv);
void zrt_shutdown_after_main(double seconds);

#ifdef __cplusplus
}
#endif
#endif
