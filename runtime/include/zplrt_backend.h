/* zplrt_backend.h — the runtime's transfer structures: the layouts of
 * arrays, transfer handles and their messages, and the runtime's functions
 * on them. Private to the runtime (runtime/src includes it through
 * zplrt_internal.h): a back end includes zplrt_comm.h only, which sees
 * these structures as opaque handles. Back-end sources are compiled with
 * ZRT_BACKEND_SOURCE defined, so that including this header fails.
 */
#ifndef ZPLRT_BACKEND_H
#define ZPLRT_BACKEND_H

#ifdef ZRT_BACKEND_SOURCE
#error "a back end includes zplrt_comm.h only, not the runtime's structures"
#endif

#include "ironman.h"
#include "zplrt.h"
#include "zplrt_comm.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

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
 * holding lattice indices (below) first[k][j]..last[k][j] (its block widened by
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
  int64_t offset;     /* element offset of lattice index (0,0,0) in local block 0 */
  /* Compact storage (zrt_array_new_compact): along dimension k the array
   * stores only the indices lat_origin[k] + x * lat_step[k], at lattice
   * index x, and first/last/span count lattice indices; fluff is in whole
   * steps. Otherwise (and along dimensions of step 1) origin 0 and step 1:
   * the lattice index is the global index. */
  bool compact;
  int64_t lat_origin[ZRT_MAX_RANK], lat_step[ZRT_MAX_RANK];
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
  struct zrt_deferred *deferred; /* deferred scatters' partial results, or NULL */
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
  bool idx_run; /* idx[i] = idx[0] + i for every i: kernels need not read idx
                   (a remap's copy within a PE, never a back end's message,
                   keeps idx[0] alone) */
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
