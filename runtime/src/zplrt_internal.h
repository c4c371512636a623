/* zplrt_internal.h — types and helpers shared by the files of the runtime
 * (and its unit tests). Private to runtime/src: a back end sees only
 * zplrt_backend.h. Not part of the generated-code ABI. */
#ifndef ZPLRT_INTERNAL_H
#define ZPLRT_INTERNAL_H

#include "ironman.h"
#include "zplrt.h"
#include "zplrt_backend.h"

#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Storage of one PE. The simulated back end (backends/sim) runs every PE as
 * a thread of one process, so every variable of the runtime that holds a
 * PE's state (zrt_g and any file-scope or static variable that changes) is
 * declared with ZRT_PE_LOCAL: each thread, i.e. each PE, has its own copy.
 * With one PE per process (serial, MPI) it makes no difference. The test
 * `runtime-pe-local` fails when libzplrt has writable data that is not. */
#ifdef __cplusplus
#define ZRT_PE_LOCAL thread_local
#else
#define ZRT_PE_LOCAL _Thread_local
#endif

/* "Infinity" for the extended blocks at the grid's edges; far enough from
 * INT64 limits that adding a shift or fluff never overflows. */
#define ZRT_INF (INT64_MAX / 4)

/* ---- boxes ------------------------------------------------------------------ */
bool zrt_box_empty(const zrt_region *b);
zrt_region zrt_box_intersect(const zrt_region *a, const zrt_region *b);
bool zrt_box_contains(const zrt_region *outer, const zrt_region *inner);
zrt_region zrt_box_shift(const zrt_region *b, const int64_t d[ZRT_MAX_RANK]);
/* Writes b as "[lo..hi, lo..hi]" into buf (n bytes, truncated) for error
 * messages; returns buf. */
char *zrt_box_text(char *buf, size_t n, const zrt_region *b);
/* "[a, b, c]": the first `rank` values of v (a direction, steps). */
char *zrt_vector_text(char *buf, size_t n, int rank, const int64_t v[ZRT_MAX_RANK]);

/* ---- storage layout and pack/unpack kernels ---------------------------------- */
/* Address of element `box.lo` in storage `base` with layout L. */
void *zrt_box_ptr(void *base, const zrt_layout *L, const zrt_region *box);
/* Whether the elements of `box` form one contiguous run in L. */
bool zrt_box_contiguous(const zrt_layout *L, const zrt_region *box);

/* ---- decomposition ------------------------------------------------------------ */
/* Block p of P over [L..H]: sizes as even as possible, the first (N % P)
 * blocks one larger. */
void zrt_block_range(int64_t L, int64_t H, int64_t P, int64_t p, int64_t *lo, int64_t *hi);
/* Parses "P", "PxQ", "PxQxR". Returns the number of dimensions or 0. */
int zrt_parse_grid(const char *s, int64_t dims[ZRT_MAX_RANK]);

/* How a distribution spreads its bounding box over a grid of PEs. Along
 * dimension k the box is cut into global blocks (zrt_dim_blocks): block
 * kind = one block per grid coordinate (sizes as zrt_block_range gives);
 * cyclic = blocks of 1; blockcyclic(bsize) = blocks of bsize; `*` = one
 * block on coordinate 0. Global block B lives on grid coordinate
 * zrt_dim_coord(B) as that coordinate's local block zrt_dim_local(B)
 * (cyclic kinds: B mod P and B div P). A zero-initialised decomposition is
 * block in every dimension. */
typedef struct zrt_decomp {
  int rank;
  int64_t grid[ZRT_MAX_RANK]; /* PEs per dimension (1 beyond rank) */
  zrt_region bbox;            /* what the blocks spread */
  int kind[ZRT_MAX_RANK];     /* enum zrt_dist_kind */
  int64_t bsize[ZRT_MAX_RANK]; /* k of blockcyclic(k) */
} zrt_decomp;

int64_t zrt_decomp_npes(const zrt_decomp *D);
void zrt_decomp_coords(const zrt_decomp *D, int64_t pe, int64_t c[ZRT_MAX_RANK]);
/* -1 if c is outside the grid. */
int64_t zrt_decomp_pe(const zrt_decomp *D, const int64_t c[ZRT_MAX_RANK]);
/* PE pe's block: the bounding box of its local blocks (its one block under
 * block and `*` kinds); `extended` widens the first and last global blocks
 * that own something (along each dimension) to infinity. A PE that owns
 * nothing along a dimension (fewer indices than PEs, or `*` on a coordinate
 * other than 0) has an empty block, extended or not. */
zrt_region zrt_decomp_block(const zrt_decomp *D, int64_t pe, bool extended);

/* Ownership along one dimension k, in global blocks (the owner/local-index
 * functions the section computations are built on). zrt_dim_blocks: how
 * many global blocks there are. zrt_dim_owners: how many of them own
 * indices (block kind: min(n, P); the blocks beyond own nothing).
 * zrt_dim_block: block B's indices (empty if it owns nothing).
 * zrt_dim_owner: the block whose extended range holds x (every index has
 * exactly one). zrt_dim_split: splits [lo..hi] into maximal runs of one
 * owner block, ascending; returns the number of runs and writes the first
 * `cap` to out (out may be NULL to count). zrt_dim_coord/zrt_dim_local:
 * where block B lives; zrt_dim_nlocal: how many local blocks grid
 * coordinate c has; zrt_dim_global: the global block of its local block j. */
typedef struct zrt_run {
  int64_t c, lo, hi; /* c: the owner's global block */
} zrt_run;
int64_t zrt_dim_blocks(const zrt_decomp *D, int k);
int64_t zrt_dim_owners(const zrt_decomp *D, int k);
void zrt_dim_block(const zrt_decomp *D, int k, int64_t B, bool extended, int64_t *lo,
                   int64_t *hi);
int64_t zrt_dim_owner(const zrt_decomp *D, int k, int64_t x);
int zrt_dim_split(const zrt_decomp *D, int k, int64_t lo, int64_t hi, zrt_run *out, int cap);
int64_t zrt_dim_coord(const zrt_decomp *D, int k, int64_t B);
int64_t zrt_dim_local(const zrt_decomp *D, int k, int64_t B);
int64_t zrt_dim_nlocal(const zrt_decomp *D, int k, int64_t c);
int64_t zrt_dim_global(const zrt_decomp *D, int k, int64_t c, int64_t j);

/* A PE's part of a region, dimension by dimension: along dimension k, for
 * each of its local blocks in ascending order, the region's indices in that
 * block's extended range (on the region's lattice; empty ones left out).
 * A flood dimension of the region gives the one entry [lo, lo] (local -1)
 * on every PE, or with `owner_only` only on the PEs whose coordinate owns
 * lo. The tiles are the combinations of one entry per dimension, numbered
 * row-major (the last dimension fastest). */
typedef struct zrt_dim_part {
  int64_t lo, hi;
  int64_t local; /* local block index (-1: a flood dimension of the region) */
} zrt_dim_part;
typedef struct zrt_parts {
  int rank;
  int64_t count;              /* number of tiles */
  int64_t n[ZRT_MAX_RANK];    /* entries per dimension */
  zrt_dim_part *v[ZRT_MAX_RANK];
} zrt_parts;
/* Fills P (malloc'd lists: zrt_parts_free) for the PE at grid coordinates c. */
void zrt_parts_make(zrt_parts *P, const zrt_decomp *D, const int64_t c[ZRT_MAX_RANK],
                    const zrt_region *r, bool owner_only);
void zrt_parts_free(zrt_parts *P);
/* The entry index per dimension of tile t. */
void zrt_parts_index(const zrt_parts *P, int64_t t, int64_t i[ZRT_MAX_RANK]);
/* Tile t as a box (r's steps and flood bits kept). */
zrt_region zrt_parts_box(const zrt_parts *P, const zrt_region *r, int64_t t);
/* The bounding box of the tiles (empty like r's part of an empty block if none). */
zrt_region zrt_parts_bounds(const zrt_parts *P, const zrt_region *r);

/* One section of a halo exchange as seen by one PE. Under distributions
 * with several local blocks per dimension a PE holds several tiles; `tile`
 * names the local block (per dimension) of the tile on this PE the section
 * lies in: the receiving tile for a receive, the sending one for a send.
 * A receive from this PE itself (peer = me: one tile's ghost cells filled
 * from another tile's interior) comes from its tile `src_tile`. */
typedef struct zrt_section {
  int64_t peer;
  int tag;        /* identical on both sides of one message */
  zrt_region box; /* in global indices */
  int64_t tile[ZRT_MAX_RANK];
  int64_t src_tile[ZRT_MAX_RANK];
} zrt_section;

/* The sections PE `me` receives and sends in the halo exchange `id` that
 * makes an array readable at (r ∩ extended block(t)) + d for each of its
 * tiles t: the cells a tile does not own, split by owner tile (on any PE,
 * however far the shift reaches), and what its tiles own of the other
 * tiles' needs; both sides compute the same boxes. The lists are sorted by
 * peer and then by box (row-major order of lo); the sections between two
 * PEs travel as one message (tag: one per PE pair and direction). Receives
 * from this PE itself appear in *recv only. Bit k of `flood` marks a flood
 * dimension of the array: nothing moves along it (d_k is ignored) and every
 * PE holds r's index there. storage_me is the bounding box of the array's
 * storage on this PE: received and sent boxes must lie inside it (else the
 * array's fluff is too small). Returns 0 and malloc'd lists in *recv and
 * *send (free them), or -1 with a one-line message in err. */
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
/* The number of indices of this PE's part of r (flood dimensions not
 * counted) in the interiors of its tiles (zrt_tile_inner_lo) for reads
 * reaching below[k] under and above[k] over each index in dimension k. */
int64_t zrt_inner_elements(zrt_region r, const int64_t below[ZRT_MAX_RANK],
                           const int64_t above[ZRT_MAX_RANK]);
/* r ∩ ext (some PE's extended block) with lo/hi moved onto r's lattice;
 * flood dimensions stay [lo, lo]. */
zrt_region zrt_lattice_part(const zrt_region *r, const zrt_region *ext);

/* One section of a boundary transfer (wrap or reflect) or a
 * redistribution as seen by one PE:
 * role SEND: `box` are source cells here, `other` the destination cells on peer;
 * RECV: `box` are destination cells here, `other` the source cells on peer;
 * LOCAL (peer = me): copy `other` into `box`. `tile` is the local block (per
 * dimension) of this PE's tile holding `box`; for LOCAL, `other_tile` holds
 * `other`. Destination and source boxes have the same shape; with `mirror`
 * bit k set, dimension k runs backwards (reflect): the row-major packing of
 * the source fills the destination from its high end in that dimension. */
enum { ZRT_BSEC_SEND = 0, ZRT_BSEC_RECV = 1, ZRT_BSEC_LOCAL = 2 };
typedef struct zrt_bsection {
  int role;
  int64_t peer;
  int tag;
  int mirror;
  zrt_region box, other;
  int64_t tile[ZRT_MAX_RANK];
  int64_t other_tile[ZRT_MAX_RANK];
} zrt_bsection;

/* A growing list of sections, and their order in a message: role, peer,
 * then destination box (the same on the sending and the receiving PE). */
typedef struct zrt_bsec_list {
  zrt_bsection *v;
  int n, cap;
} zrt_bsec_list;
void zrt_bsec_push(zrt_bsec_list *l, const zrt_bsection *s);
int zrt_bsec_cmp(const void *a, const void *b);

/* The tag of transfer `id`'s messages when each PE pair exchanges one
 * message (boundary transfers, redistributions, remaps, combined
 * transfers): id*27 + 13, disjoint from the halo tags of
 * zrt_halo_compute (id*27 + code, code != 13); transfer ids differ. */
int zrt_pair_tag(int64_t id);

/* The sections PE `me` takes part in for the boundary transfer `kind`
 * (ZRT_XFER_WRAP or ZRT_XFER_REFLECT) that fills the band `d of r` from r
 * (periodic for wrap: band cell i gets i - sign(d_k)*extent_k(r) in each
 * dimension k where d_k != 0; reflect: hi+k gets hi-k+1, lo-k gets lo+k-1).
 * Bit k of `flood` marks a flood dimension of the array (nothing moves
 * along it; its one stored index is flood_index[k], and only PEs with the
 * same grid coordinate there talk). Each band cell is received (or copied)
 * by the tile whose extended block holds it, from the tile whose extended
 * block holds its source; sections between the same two PEs come in the
 * same order on both sides (by destination box). Returns 0 and a malloc'd
 * list in *out (free it), or -1 with a message in err. */
int zrt_boundary_compute(const zrt_decomp *D, int64_t me, int kind, zrt_region r,
                         const int64_t d[ZRT_MAX_RANK], int64_t flood,
                         const int64_t flood_index[ZRT_MAX_RANK], int64_t id, zrt_bsection **out,
                         int *nout, char *err, size_t errlen);

/* The sections PE `me` takes part in for the redistribution `[r] dst :=
 * src` where dst is spread by Dd and src by Ds (same rank, grids of the
 * same PE count): every index of r (its lattice points) moves from the
 * tile that owns it in Ds to the tile that owns it in Dd (box = other).
 * Bit k of `flood` marks a flood dimension of both arrays (stored index
 * flood_index[k]): every PE holds it; receivers get it from the source PEs
 * at coordinate 0 there. Same conventions and order as
 * zrt_boundary_compute. */
int zrt_redist_compute(const zrt_decomp *Dd, const zrt_decomp *Ds, int64_t me, zrt_region r,
                       int64_t flood, const int64_t flood_index[ZRT_MAX_RANK], int64_t id,
                       zrt_bsection **out, int *nout, char *err, size_t errlen);

/* ---- grids and distributions ------------------------------------------------------ */
/* A distribution: the implicit one of a rank (name NULL) or one declared
 * with zrt_dist_new. Regions bound to it grow its bounding box until it is
 * first used (an array, a tile query, a transfer); then it is frozen: its
 * grid is fixed and this PE's coordinates known. */
typedef struct zrt_distrib {
  const char *name; /* NULL: the implicit distribution of its rank */
  int rank;
  int64_t grid;     /* zrt_grid_new id; 0: the default grid of its rank */
  bool used;        /* some region was bound (bbox valid) */
  bool frozen;
  zrt_decomp D;
  int64_t coord[ZRT_MAX_RANK]; /* this PE's grid coordinates (when frozen) */
  bool single;                 /* at most one local block per dimension here */
  zrt_region ext;              /* single: this PE's extended block */
} zrt_distrib;

/* The distribution a region follows (its dist field, 0: the implicit one
 * of its rank), frozen; NULL for an empty region of a rank without any
 * declared region (it has no indices, so no owner). */
zrt_distrib *zrt_distrib_for(const zrt_region *r);
/* The distribution of an array declared over decl, frozen (a distribution
 * no region was bound to yet takes decl's bounding box). */
zrt_distrib *zrt_distrib_of_array(const zrt_region *decl);

/* ---- tiles ------------------------------------------------------------------------ */
/* The tile list of region r on this PE (tiles.c keeps the last few). */
typedef struct zrt_tileset {
  bool valid;
  zrt_region r;
  zrt_parts parts;
  zrt_region *boxes; /* for zrt_local_tiles, made on first request */
  int64_t last_t;    /* the last tile asked about, and its entry indices */
  int64_t last_i[ZRT_MAX_RANK];
} zrt_tileset;
/* The (cached) tile list of r; valid until the next call. */
zrt_tileset *zrt_tileset_of(const zrt_region *r);
/* Tile t's entry index per dimension of ts->parts. */
const int64_t *zrt_tileset_index(zrt_tileset *ts, int64_t t);

/* ---- arrays --------------------------------------------------------------------- */
/* zrt_array_elem for arrays with several local blocks in some dimension,
 * or stored compactly. */
int64_t zrt_array_elem_tiled(const zrt_array *a, const int64_t idx[ZRT_MAX_RANK]);
/* Element offset (from base) of global index idx, reading the single
 * element of a flood dimension at any index. idx must be stored on this PE
 * (zrt_array_holds); where it is stored twice (an owned element, and a
 * ghost cell of a neighbouring tile), the owned one. */
static inline int64_t zrt_array_elem(const zrt_array *a, const int64_t idx[ZRT_MAX_RANK]) {
  if (a->tiled || a->compact)
    return zrt_array_elem_tiled(a, idx);
  int64_t o = a->offset;
  for (int k = 0; k < a->rank; ++k)
    if (!zrt_is_flood(&a->decl, k))
      o += idx[k] * a->layout.stride[k];
  return o;
}
/* Whether the points of r moved by d are points of a's lattice (what
 * zrt_array_check_lattice checks; an empty r is). */
bool zrt_array_access_on_lattice(const zrt_array *a, const zrt_region *r,
                                 const int64_t d[ZRT_MAX_RANK]);
/* The lattice index of global index x of a along dimension k (compact
 * storage; x itself otherwise), rounded down when x is not on the lattice. */
static inline int64_t zrt_array_lattice(const zrt_array *a, int k, int64_t x) {
  int64_t s = a->lat_step[k], d = x - a->lat_origin[k];
  return d >= 0 ? d / s : -((-d + s - 1) / s);
}
/* The PE that owns global index idx of a (in a's distribution; indices
 * outside its bounding box belong to the edge blocks' PEs, as
 * zrt_decomp_owner). Along a flood dimension of a every PE holds the
 * element: the owner has this PE's grid coordinate there. */
int64_t zrt_array_owner(const zrt_array *a, const int64_t idx[ZRT_MAX_RANK]);
/* The indices of a this PE owns, as the box lo..hi, when they form one:
 * a has one block per dimension here and no flood dimension (else false).
 * x is owned here exactly when it lies in the box (zrt_array_owner). */
bool zrt_array_owned_box(const zrt_array *a, int64_t lo[ZRT_MAX_RANK], int64_t hi[ZRT_MAX_RANK]);
/* Widens a's ghost cells, where they are narrower, to hold every index of
 * its blocks shifted by d (a shift known only at run time): new storage,
 * the old contents copied, a new serial (cached transfers rebuild). */
void zrt_array_reach(zrt_array *a, const int64_t d[ZRT_MAX_RANK]);
/* This PE's part of a statement over r as boxes: its tiles, in zrt_tiles
 * order. Returns the count; *tiles points at runtime storage valid until
 * the next call (do not free). */
int64_t zrt_local_tiles(zrt_region r, const zrt_region **tiles);
/* Whether every index of (the non-flood dimensions of) box is stored in
 * a's storage on this PE (in some tile, owned or ghost). */
bool zrt_array_holds(const zrt_array *a, const zrt_region *box);
/* The local storage coordinates (rows of a->layout) of global box `box`
 * in a's tile with local blocks tile[k]; false if box does not lie in that
 * tile's storage. */
bool zrt_array_tile_box(const zrt_array *a, const int64_t tile[ZRT_MAX_RANK],
                        const zrt_region *box, zrt_region *lbox);
/* Type helpers for arrays and the remap and collection code. */
size_t zrt_elem_size(int64_t type);
double zrt_elem_get_f64(int type, const void *p);
int64_t zrt_elem_get_i64(int type, const void *p);
void zrt_elem_convert(int dtype, void *d, int stype, const void *s);

/* Frees a transfer handle (back-end state, kind state, buffers). */
void zrt_transfer_release(im_transfer *t);
/* The copies within this PE a transfer does at SR: its `local` list, then
 * kind_local_copies. */
void zrt_transfer_copy_locals(im_transfer *t);
/* A new handle of `kind` for array a over r shifted by d, without
 * messages yet. */
im_transfer *zrt_transfer_new(int kind, int64_t id, zrt_array *a, zrt_region r, int64_t d0,
                              int64_t d1, int64_t d2);
/* Which section zrt_build_messages could not place in its storage. */
typedef struct zrt_build_error {
  const zrt_bsection *sec;
  bool other; /* the source box of a local copy */
} zrt_build_error;
/* Turns sections (grouped by role and peer, in the same order on both
 * sides) into t's messages and local copies: sends from src, receives and
 * copies into t->a. False with *err naming a section outside storage. */
bool zrt_build_messages(im_transfer *t, const zrt_bsection *sec, int n, zrt_array *src,
                        zrt_build_error *err);
/* The sections of im_halo's transfer (a over r shifted by d) and of
 * im_wrap's / im_reflect's (kind), n of them, malloc'd; and t's messages
 * built from such sections (a section outside storage: one line, exit 2),
 * then the back end's set-up. */
zrt_bsection *zrt_halo_bsections(const zrt_array *a, zrt_region r,
                                 const int64_t d[ZRT_MAX_RANK], int64_t id, int *n);
zrt_bsection *zrt_boundary_bsections(int kind, const zrt_array *a, zrt_region r,
                                     const int64_t d[ZRT_MAX_RANK], int64_t id, int *n);
void zrt_halo_build(im_transfer *t, const zrt_bsection *sec, int n);
void zrt_boundary_build(im_transfer *t, const zrt_bsection *sec, int n);
/* The handles of zrt_shift_halos and zrt_shift_wraps (ironman.h), built
 * or reused (`cached`) without the checks and without running them. */
im_transfer *zrt_halo_group(im_transfer *cached, int64_t id, zrt_array *a, zrt_region r,
                            int64_t n, const int64_t *dirs);
im_transfer *zrt_wrap_group(im_transfer *cached, int64_t id, zrt_array *a, int64_t n,
                            const int64_t *dirs);

/* Unpacks a dense buffer into `box` visiting dimension k backwards when bit
 * k of `mirror` is set. */
size_t zrt_unpack_mirror(void *base, const zrt_layout *L, const zrt_region *box, const void *buf,
                         int mirror);


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
  zrt_distrib implicit[ZRT_MAX_RANK];
  /* whether some distribution of each rank uses the default grid */
  bool default_grid_used[ZRT_MAX_RANK];
  /* declared grids and distributions (id = index + 1) */
  struct zrt_grid *grids;
  int ngrids;
  zrt_distrib **dists;
  int ndists;
  /* the tile lists of the last few regions (zrt_tiles and friends) */
  struct zrt_tilecache *tiles;
  /* statistics */
  int64_t n_transfers, n_messages, n_bytes;
  /* IRONMAN messages sent under each strategy */
  int64_t n_msg_packed, n_msg_chained;
  /* messages and bytes sent by access pattern (index ZRT_PAT_*) */
  int64_t n_msg_pattern[3], n_bytes_pattern[3];
  /* inspector runs of remap transfers (im_remap; the same on every PE) */
  int64_t n_remap_inspections;
  int64_t n_remap_direct; /* runs of accumulating scatters without a schedule */
  /* messages and bytes of file I/O (PE 0 and the owners of array blocks) */
  int64_t n_io_messages, n_io_bytes;
  double comm_seconds;
  /* the back end's clock when the program's code started (zrt_timer) */
  double start_seconds;
} zrt_state;

extern ZRT_PE_LOCAL zrt_state zrt_g;

/* Error every PE detects together: PE 0 prints, all finalize and exit(2). */
ZRT_NORETURN void zrt_fail_all(const char *fmt, ...);
/* The message size for input quoted with zrt_printable (zplrt_backend.h). */
#define ZRT_PRINTABLE_MAX 200
/* For tests: the fewest bits each slot of a sparse product's terms takes
 * from now on (16, 32 or 64; im_remap_product takes more when its slots
 * need them). */
void zrt_product_slot_bits(int bits);

/* *acc = *acc op *v for one element of an accumulating scatter (op
 * ZRT_SCATTER_ADD or ZRT_SCATTER_MUL; integers wrap). Inline: the direct
 * scatter (remap.c) calls it once per point. */
static inline void zrt_combine_elem(int type, int op, void *acc, const void *v) {
  bool mul = op == ZRT_SCATTER_MUL;
  if (type == ZRT_I64) {
    uint64_t a, b;
    memcpy(&a, acc, sizeof a);
    memcpy(&b, v, sizeof b);
    a = mul ? a * b : a + b;
    memcpy(acc, &a, sizeof a);
  } else if (type == ZRT_I32) { /* wraps, as int32 arithmetic does */
    uint32_t a, b;
    memcpy(&a, acc, sizeof a);
    memcpy(&b, v, sizeof b);
    a = mul ? a * b : a + b;
    memcpy(acc, &a, sizeof a);
  } else if (type == ZRT_F64) {
    double a, b;
    memcpy(&a, acc, sizeof a);
    memcpy(&b, v, sizeof b);
    a = mul ? a * b : a + b;
    memcpy(acc, &a, sizeof a);
  } else {
    float a, b;
    memcpy(&a, acc, sizeof a);
    memcpy(&b, v, sizeof b);
    a = mul ? a * b : a + b;
    memcpy(acc, &a, sizeof a);
  }
}
/* Reports a stack overflow (unbounded recursion) as a run-time error. */
void zrt_install_stack_guard(void);
/* Limits of bounds, directions, ghost widths and numbers of indices: within
 * them the runtime's index arithmetic cannot overflow (checks.c). */
#define ZRT_INDEX_LIMIT ((int64_t)1 << 60)
bool zrt_index_too_large(int64_t x);
/* A bound beyond the limit, or more indices than the limit. */
bool zrt_region_too_large(const zrt_region *r);
/* A run-time error if a component of direction d exceeds the limit. */
void zrt_check_direction(int64_t rank, const int64_t d[ZRT_MAX_RANK]);

/* Output (output.c): PE 0 prints to f (NULL: standard output); `file`
 * on every PE while a write statement goes to a file. */
void zrt_output_to(FILE *f, bool file);
/* The values printed since the last call. */
int64_t zrt_output_values(void);
/* Array I/O through PE 0 (output.c): r aligned with a, a flood dimension
 * reduced to its one index; r's row blocks of zrt_io_block_rows indices
 * of dimension 0 (about one PE's share); a block's elements (row-major)
 * gathered from their owners into `all` on PE 0, or scattered from it. */
zrt_region zrt_io_region(zrt_array *a, zrt_region r, const char *what);
int64_t zrt_io_block_rows(const zrt_region *r);
zrt_region zrt_io_block(const zrt_region *r, int64_t first, int64_t rows);
void zrt_io_gather_block(zrt_array *a, const zrt_region *block, char *all);
void zrt_io_scatter_block(zrt_array *a, const zrt_region *block, char *all);

/* Config value parsing (strict). Return false if malformed. */
bool zrt_parse_i64(const char *s, int64_t *out);
bool zrt_parse_f64(const char *s, double *out);
bool zrt_parse_f32(const char *s, float *out);
bool zrt_parse_bool(const char *s, bool *out);

/* Marks --grid/--stats/--help (start-up). */
void zrt_parse_runtime_options(void);

/* One PE's run of the program: start-up, zpl_main, statistics, shut-down
 * (main.c calls it, or the back end's launch hook on every PE). */
void zrt_pe_main(int argc, char **argv);
/* Prints the --stats lines (collective: every PE calls it). */
void zrt_stats_report(double seconds);

#ifdef __cplusplus
}
#endif
#endif
