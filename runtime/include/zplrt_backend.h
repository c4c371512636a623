/* zplrt_backend.h — the interface between the runtime and a back end.
 *
 * The runtime (libzplrt) is back-end neutral: it computes decompositions,
 * transfer sections, packs and prints. A back end library (serial, mpi,
 * sim, ...) defines `zrt_backend_get()` returning one static table of the
 * functions below; the program links exactly one back end. The second half
 * of this header is all of the runtime a back end may use: the transfer
 * handles it carries out, their messages and the pack helpers. The rest of
 * the runtime's internals (runtime/src/zplrt_internal.h) are private to it.
 */
#ifndef ZPLRT_BACKEND_H
#define ZPLRT_BACKEND_H

#include "ironman.h"
#include "zplrt.h"

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


/* Operations per element of an array statement (see zrt_charge). */
typedef struct zrt_op_counts {
  int64_t ops;    /* arithmetic, comparisons, logic, conversions */
  int64_t divs;   /* divisions and remainders */
  int64_t calls;  /* math library calls (sqrt, exp, pow, ...) */
  int64_t loads;  /* reads of distinct arrays (streams from memory) */
  int64_t cached; /* further reads of an array already read (neighbouring
                     elements, in the cache), and flood reads */
  int64_t stores; /* stores */
} zrt_op_counts;

typedef struct zrt_backend {
  const char *name;

  /* Start-up / shut-down. init may consume its own arguments from argv. */
  void (*init)(int *argc, char ***argv);
  void (*finalize)(void);

  int (*pe_id)(void);
  int (*pe_count)(void);

  /* Collectives over all PEs. `type` is an enum zrt_type (ZRT_I64, ZRT_F64,
   * ZRT_F32), `op` an enum zrt_op other than AND/OR (the runtime maps
   * booleans onto integer MIN/MAX). */
  void (*barrier)(void);
  void (*allreduce)(void *inout, int count, int type, int op);
  void (*broadcast)(void *buf, size_t bytes, int root);

  /* Personalised all-to-all exchange of bytes (remap): sendbuf holds the
   * message to PE 0, then the one to PE 1, ... (sendbytes[q] bytes each,
   * possibly 0); recvbuf receives the messages from PE 0, 1, ... back to
   * back, recvbytes[q] bytes each (the caller knows the sizes). Every PE
   * calls it. May be NULL: the runtime then uses send/recv pairwise. */
  void (*alltoallv)(const void *sendbuf, const size_t *sendbytes, void *recvbuf,
                    const size_t *recvbytes);

  /* Blocking point-to-point byte messages (gathers for output). These use a
   * message space separate from IRONMAN transfers. */
  void (*send)(int dest, int tag, const void *buf, size_t bytes);
  void (*recv)(int src, int tag, void *buf, size_t bytes);

  /* IRONMAN. transfer_setup is called once when the runtime has built a
   * transfer (its messages, boxes and buffers are final); transfer_release
   * before the runtime frees it. dr/sr/dn/sv carry out the four calls. The
   * runtime's pack/unpack helpers (below) are available. */
  void (*transfer_setup)(struct im_transfer *t);
  void (*transfer_release)(struct im_transfer *t);
  void (*dr)(struct im_transfer *t);
  void (*sr)(struct im_transfer *t);
  void (*dn)(struct im_transfer *t);
  void (*sv)(struct im_transfer *t);

  /* Optional (may be NULL: the back end moves every transfer packed):
   * called by im_strategy when a transfer's strategy changes (t->strategy
   * holds the new IM_PACKED / IM_CHAINED value), never between DR and SV of
   * one exchange. */
  void (*transfer_strategy)(struct im_transfer *t);

  /* Symmetric memory: every PE calls with the same size in the same order. */
  void *(*sym_alloc)(size_t bytes);
  void (*sym_free)(void *p);

  /* Seconds (wall time, or virtual time in a simulator). */
  double (*clock)(void);

  /* Terminates every PE with `status` (used for errors only some PEs see). */
  void (*abort)(int status);

  /* Optional (may be NULL): nonzero if the back end understands the
   * command-line argument `arg` (e.g. "--pes=4"), so the runtime does not
   * reject it. */
  int (*accepts_option)(const char *arg);
  /* Optional (may be NULL): extra lines for --help. */
  const char *help;

  /* Optional (may be NULL): the work of one array statement on this PE
   * (zrt_charge): `elements` local elements, each doing the operations in
   * `counts`; `strided` when the statement's region steps by more than one
   * index in its innermost dimension. A simulator charges virtual time. */
  void (*compute)(int64_t elements, int strided, const zrt_op_counts *counts);

  /* Optional (may be NULL): runs the program when the back end creates the
   * PEs itself (the simulator: each PE a context of this one process). The
   * runtime's main calls it first, with the command line; it calls
   * pe_main(argc, argv) once on every PE and does not return. NULL: main
   * calls pe_main itself (one PE per process). */
  void (*launch)(int argc, char **argv, void (*pe_main)(int argc, char **argv));
  /* Optional (may be NULL): called on every PE when the program ran to its
   * end (not after halt or an error), before the statistics and finalize. */
  void (*program_end)(void);
} zrt_backend;

/* Defined by exactly one back-end library. */
const zrt_backend *zrt_backend_get(void);

/* ==== What a back end may use from the runtime ==== */

/* ---- errors ----------------------------------------------------------------------- */
/* Formats and calls zrt_fail (zplrt.h: a local error, exit status 2). */
ZRT_NORETURN void zrt_failf(const char *fmt, ...);

/* ---- grids ------------------------------------------------------------------------ */
/* The default grid of `rank` dimensions for npes PEs: as square as
 * possible, dimensions non-decreasing (2D: rows <= columns). */
void zrt_default_grid(int64_t npes, int rank, int64_t dims[ZRT_MAX_RANK]);

/* ---- boxes, storage layouts and pack/unpack kernels ------------------------------- */
/* Number of elements of a box (0 if empty). */
int64_t zrt_box_count(const zrt_region *b);
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
/* s as an error message may quote it: bytes that do not print (controls,
 * DEL, bytes above 0x7f) as \xNN and the backslash doubled, cut to fit buf
 * (ending in "..." when cut). Returns buf. */
const char *zrt_printable(const char *s, char *buf, size_t n);

/* ---- arrays and transfers --------------------------------------------------------- */
enum {
  ZRT_XFER_HALO = 0,
  ZRT_XFER_WRAP = 1,
  ZRT_XFER_REFLECT = 2,
  ZRT_XFER_REDIST = 3,
  ZRT_XFER_REMAP = 4,
  ZRT_XFER_TRANSPOSE = 5,
  ZRT_XFER_COMBINED = 6
};

/* Storage: along dimension k this PE holds nblk[k] local blocks (one per
 * local block of the distribution; one for a flood dimension), block j
 * holding global indices first[k][j]..last[k][j] (its block widened by
 * the fluff, and at the edges of the bounding box by the declared region)
 * at storage rows j*span[k] + (i - first[k][j]); every block gets the same
 * span, so the storage is one row-major array (`layout`, in local storage
 * coordinates: lo = 0) whose tiles differ only by an offset. With one block
 * per dimension (tiled false) this is the plain box `storage`. */
struct zrt_array {
  char *name;
  int type;
  size_t esz;
  int rank;
  uint64_t serial;    /* unique per allocation (cache key) */
  zrt_region decl;    /* declared region */
  zrt_region storage; /* bounding box of the indices stored on this PE */
  zrt_layout layout;
  int64_t offset;     /* element offset of global index (0,0,0) in local block 0 */
  int64_t fluff_lo[ZRT_MAX_RANK], fluff_hi[ZRT_MAX_RANK];
  void *base;
  size_t bytes;
  struct zrt_distrib *dist;
  bool tiled;
  int64_t nblk[ZRT_MAX_RANK], span[ZRT_MAX_RANK];
  int64_t *first[ZRT_MAX_RANK], *last[ZRT_MAX_RANK];
  struct zrt_array *spare; /* zrt_array_spare's temporary, or NULL */
  uint64_t written; /* a stamp new after every write that may change the
                       stored values (zrt_array_wrote): a remap's schedule
                       keeps its index arrays' stamps and reads their
                       values again only when one changed */
};

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
  bool idx_run; /* idx[i] = idx[0] + i for every i: kernels need not read idx */
  /* Combined message (im_combine), or the sections of several tiles
   * exchanged with one peer (tiled distributions): the concatenation of
   * npieces messages for the same peer, in order (each piece has its own
   * box, lbox, ptr, mirror, arr); always moved through `buf`. 0 for an
   * ordinary message. */
  int npieces;
  struct zrt_msg *pieces;
  /* Accumulating scatter (im_remap_combine): an indexed message whose
   * elements combine with combine_op (ZRT_SCATTER_ADD or ZRT_SCATTER_MUL).
   * A send carries one element per group: element g combines the elements
   * idx[i] with group[i] = g, in list order (ngroups groups; bytes counts
   * ngroups elements; the list follows the source's points, so the pack
   * reads it in order); a receive combines
   * each element into its target instead of storing it. Such messages have
   * no chained form: they always travel through buf. */
  bool combining;
  int combine_op;
  const int64_t *group;
  int64_t ngroups;
  /* A gather's receive with `group` (not combining) carries each distinct
   * element it reads once: element idx[i] of arr gets element group[i] of
   * the message (ngroups of them; bytes counts ngroups elements). */
} zrt_msg;

/* Access patterns of messages, for --stats (stats.messages.contiguous, ...). */
enum { ZRT_PAT_CONTIGUOUS = 0, ZRT_PAT_STRIDED = 1, ZRT_PAT_INDEXED = 2 };

/* A copy inside this PE (sections whose source and destination cells
 * live on the same PE: boundary transfers, tiles of one PE, redistribution):
 * `sbox` of array `src` (NULL: the transfer's a) packed row-major, unpacked
 * into `dbox` of the transfer's a with the same mirror convention as
 * zrt_msg. Both boxes are in local storage coordinates (rows of the
 * arrays' layouts). */
typedef struct zrt_local_copy {
  zrt_region sbox, dbox;
  zrt_array *src;
  int mirror;
  size_t bytes;
  void *buf;
} zrt_local_copy;

/* A halo transfer handle: built once per static transfer by im_halo and
 * reused while (array, region, shift) stay the same. The receives (from the
 * owners of the needed cells) and the sends (to the PEs that need cells of
 * this PE) are listed separately, one message per peer; a shift within the
 * neighbouring blocks has at most 7 of each (the non-empty subsets of the
 * shifted dimensions), a wider one more. */
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
  /* Copies within this PE that the kind carries out itself (remap,
   * transpose: element lists rather than boxes; combined: the members'
   * copies), run by im_sr after the `local` copies; NULL when there are
   * none. */
  void (*kind_local_copies)(im_transfer *t);
  /* The kind's own unpacking of the received messages at DN, which
   * zrt_transfer_unpack_recvs runs instead of unpacking them one by one
   * (accumulating scatters: this PE's own contributions combine in PE
   * order with the received ones); NULL when there is none. A back end
   * without receives of its own (serial) calls it at DN itself. */
  void (*kind_unpack)(im_transfer *t);
  /* The same transfer built for the array's other storage, kept while
   * array renaming (zrt_array_rename) alternates two storages; NULL. */
  im_transfer *alt;
};

/* Whether message m of t has a chained form (an MPI datatype): box and
 * indexed messages, and a combined transfer's messages whose pieces are
 * such messages and do not overlap. Messages of tile pieces (and combined
 * ones with a member message of tile pieces) do not. */
bool zrt_msg_chainable(const im_transfer *t, const zrt_msg *m);
/* Whether message m of t moves through its buffer: not contiguous, and
 * either packed or without a chained form. */
bool zrt_msg_buffered(const im_transfer *t, const zrt_msg *m);
/* Packs message m (its box at m->ptr with the layout of its array, or its
 * pieces one after another) into buf / unpacks it from buf (receives:
 * mirrored where m->mirror says). `a` is the array when m->arr is NULL.
 * Returns the number of bytes. */
size_t zrt_msg_pack(void *buf, const zrt_msg *m, const zrt_array *a);
size_t zrt_msg_unpack(const zrt_msg *m, const zrt_array *a, const void *buf);
/* Packs every buffered send message (zrt_msg_buffered) into its buffer;
 * with `all`, every non-contiguous one whatever the strategy (the
 * simulator, which moves each message's buffer and only times the
 * strategy). */
void zrt_transfer_pack_sends(im_transfer *t, bool all);
/* Unpacks the same receive messages from their buffers (or runs the
 * transfer's kind_unpack, which unpacks every receive). */
void zrt_transfer_unpack_recvs(im_transfer *t, bool all);
/* Carries out the messages whose peer is this PE by local copies (for back
 * ends without a message path to self). Returns how many were copied. */
int zrt_transfer_local_copies(im_transfer *t);

#ifdef __cplusplus
}
#endif
#endif
