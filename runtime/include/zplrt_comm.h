/* zplrt_comm.h — everything a back end sees of the runtime.
 *
 * A back end library (serial, mpi, sim, ...) moves bytes between PEs; the
 * runtime (libzplrt) does everything that depends on arrays, distributions
 * and transfer kinds. The back end defines `zrt_backend_get()` returning
 * one static table of the functions below; the program links exactly one
 * back end. It includes this header only: the runtime's structures (arrays,
 * transfer handles, their messages) are opaque here and read through the
 * functions of the second half.
 *
 * A transfer (zrt_xfer) is a list of receives and a list of sends, each a
 * message (zrt_xmsg) to or from one peer PE with a tag. A message's bytes
 * either lie in one contiguous run of memory (zrt_xmsg_contiguous: send
 * and receive in place at zrt_xmsg_data) or are scattered over a list of
 * sections (zrt_piece: strided boxes or element lists). A back end moves
 * such a message one of two ways, per transfer (zrt_xfer_chained):
 *   packed   the runtime packs the sections into the message's buffer
 *            before the send (zrt_xfer_pack_sends) and unpacks the
 *            receives after they arrived (zrt_xfer_unpack_recvs); the
 *            back end moves zrt_xmsg_bytes contiguous bytes at
 *            zrt_xmsg_data;
 *   chained  where zrt_xmsg_chainable, the back end describes the sections
 *            to its message layer (MPI derived datatypes, puts per run) and
 *            sends from / receives into them in place; the others still
 *            travel packed, and the runtime's pack/unpack calls skip the
 *            chained ones.
 * A message may combine the messages of several transfers (zrt_xmsg_parts:
 * one part each, in order); a back end may move the parts separately.
 */
#ifndef ZPLRT_COMM_H
#define ZPLRT_COMM_H

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

/* An IRONMAN transfer handle and one of its messages (opaque). */
typedef struct im_transfer zrt_xfer;
typedef struct zrt_msg zrt_xmsg;

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
   * ZRT_F32, ZRT_I32), `op` an enum zrt_op other than AND/OR (the runtime maps
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
   * transfer (its messages and buffers are final); transfer_release before
   * the runtime frees it. dr/sr/dn/sv carry out the four calls (ironman.h):
   * DR may start the receives, SR the sends, DN must see the receives
   * arrived and unpacked (zrt_xfer_unpack_recvs), SV the sends done. The
   * runtime has made the copies within this PE before SR. */
  void (*transfer_setup)(zrt_xfer *t);
  void (*transfer_release)(zrt_xfer *t);
  void (*dr)(zrt_xfer *t);
  void (*sr)(zrt_xfer *t);
  void (*dn)(zrt_xfer *t);
  void (*sv)(zrt_xfer *t);

  /* Optional (may be NULL: the back end moves every transfer packed):
   * called by im_strategy when a transfer's strategy changes
   * (zrt_xfer_chained tells the new one), never between DR and SV of one
   * exchange. */
  void (*transfer_strategy)(zrt_xfer *t);

  /* Symmetric memory: every PE calls with the same size in the same order.
   * The memory comes zeroed (calloc): large blocks are fresh pages, so the
   * pages an array over a strided region never touches (the planes and
   * rows between its lattice points) are never committed. */
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

  /* Optional (may be NULL: the runtime allocates anew and copies): p, a
   * block of sym_alloc, made `bytes` long (no shorter than it was), its
   * contents kept and the new part unspecified; NULL when memory runs
   * out. The runtime grows an array's ghost cells in it without holding
   * the old and the new storage at once. Called like sym_alloc. */
  void *(*sym_grow)(void *p, size_t bytes);
} zrt_backend;

/* Defined by exactly one back-end library. */
const zrt_backend *zrt_backend_get(void);

/* ==== What a back end may use from the runtime ==== */

/* ---- errors and utilities --------------------------------------------------------- */
/* Formats and calls zrt_fail (zplrt.h: a local error, exit status 2). */
ZRT_NORETURN void zrt_failf(const char *fmt, ...);
/* The default grid of `rank` dimensions for npes PEs: as square as
 * possible; 2D: rows <= columns; 3D: dimensions non-increasing, so that
 * the faces between PEs of a row-major array are whole planes (contiguous)
 * where they can be, and each PE's rows stay long (2 PEs: 2x1x1). */
void zrt_default_grid(int64_t npes, int rank, int64_t dims[ZRT_MAX_RANK]);
/* s as an error message may quote it: bytes that do not print (controls,
 * DEL, bytes above 0x7f) as \xNN and the backslash doubled, cut to fit buf
 * (ending in "..." when cut). Returns buf. */
const char *zrt_printable(const char *s, char *buf, size_t n);

/* ---- strided boxes and their pack kernels ----------------------------------------- */
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

/* A section of an array over a strided region holds only its lattice
 * points: its box carries the region's steps (step > 1 in a dimension:
 * every step-th index from lo). The number of those points: */
int64_t zrt_box_points(const zrt_region *b);
/* The same points as a dense box at L's origin in a layout *Ls whose
 * strides skip the indices between them: visiting that box from a pointer
 * to box->lo visits box's points in row-major order. */
zrt_region zrt_lattice_shape(const zrt_layout *L, const zrt_region *box, zrt_layout *Ls);
/* A row-major layout over `box` (strides from extents). */
zrt_layout zrt_layout_make(const zrt_region *box, size_t esz);
/* Copies the elements of `box` (row-major) into / out of a dense buffer.
 * Returns the number of bytes. Runs of 8-byte elements up to 64 words use
 * word loops (single words and pairs unrolled), longer runs memcpy; other
 * element sizes: element loops for runs under 64 bytes, else memcpy. */
size_t zrt_pack(void *buf, const void *base, const zrt_layout *L, const zrt_region *box);
size_t zrt_unpack(void *base, const zrt_layout *L, const zrt_region *box, const void *buf);
/* Indexed patterns: element i of the dense buffer is element idx[i] of base
 * (n elements of esz bytes). */
size_t zrt_pack_index(void *buf, const void *base, size_t esz, const int64_t *idx, int64_t n);
size_t zrt_unpack_index(void *base, size_t esz, const int64_t *idx, int64_t n, const void *buf);

/* ---- transfers ---------------------------------------------------------------------- */
/* The static transfer's number in the program (ironman.h `id`), and the
 * name of the array it fills (for messages and reports). */
int64_t zrt_xfer_id(const zrt_xfer *t);
const char *zrt_xfer_array_name(const zrt_xfer *t);
/* The receives and the sends of this PE, in the runtime's order (by peer). */
int zrt_xfer_recv_count(const zrt_xfer *t);
int zrt_xfer_send_count(const zrt_xfer *t);
zrt_xmsg *zrt_xfer_recv(zrt_xfer *t, int i);
zrt_xmsg *zrt_xfer_send(zrt_xfer *t, int i);
/* Whether many PEs send to the same peers at once (an all-to-all such as a
 * remap, transpose or redistribution, rather than a neighbour exchange):
 * a back end that sends one message after the other may stagger them. */
bool zrt_xfer_all_to_all(const zrt_xfer *t);
/* The transfer's strategy (ironman.h im_strategy): chained or packed. A
 * back end that chooses for itself (the simulator's --strategy) may set
 * it; the runtime's pack/unpack calls follow it. */
bool zrt_xfer_chained(const zrt_xfer *t);
void zrt_xfer_set_chained(zrt_xfer *t, bool chained);
/* One pointer of back-end state per transfer (NULL until set). */
void *zrt_xfer_state(const zrt_xfer *t);
void zrt_xfer_set_state(zrt_xfer *t, void *state);

/* The hooks: the runtime's array work around the back end's messages.
 * Packs every send that moves through its buffer (zrt_xmsg_buffered) into
 * the buffer; with `all`, every non-contiguous one whatever the strategy
 * (a simulator moves each buffer and only times the strategy). */
void zrt_xfer_pack_sends(zrt_xfer *t, bool all);
/* Unpacks the same receives from their buffers (an accumulating scatter
 * combines them, and this PE's own contributions, into the array instead).
 * Call at DN once the receives have arrived, even with no receives. */
void zrt_xfer_unpack_recvs(zrt_xfer *t, bool all);
/* For back ends without a message path to this PE itself: carries out the
 * messages whose peer is this PE by copies; returns how many. A back end
 * that delivers every message so calls zrt_xfer_finish_local at DN instead
 * of zrt_xfer_unpack_recvs. */
int zrt_xfer_copy_to_self(zrt_xfer *t);
void zrt_xfer_finish_local(zrt_xfer *t);

/* ---- messages ----------------------------------------------------------------------- */
int zrt_xmsg_peer(const zrt_xmsg *m);
int zrt_xmsg_tag(const zrt_xmsg *m);
size_t zrt_xmsg_bytes(const zrt_xmsg *m);
/* The message's bytes as one contiguous run: the section in place when
 * zrt_xmsg_contiguous, else the runtime's pack buffer. */
bool zrt_xmsg_contiguous(const zrt_xmsg *m);
void *zrt_xmsg_data(const zrt_xmsg *m);
/* Whether message m of t can move chained (its sections described to the
 * message layer, without the runtime's buffer), and whether it moves
 * through its buffer under t's current strategy. */
bool zrt_xmsg_chainable(const zrt_xfer *t, const zrt_xmsg *m);
bool zrt_xmsg_buffered(const zrt_xfer *t, const zrt_xmsg *m);

/* Where a message's bytes lie, in message order: its parts (the messages
 * of several transfers combined into one, else 1 part), each a list of
 * sections. A section is a strided box of an array's storage, or a list of
 * its elements. */
typedef struct zrt_piece {
  char *base;        /* the storage: element offsets count from here */
  zrt_layout layout; /* the storage's layout (lo = 0) */
  zrt_region box;    /* the section, in the layout's coordinates */
  bool contiguous;   /* one run of memory from `at` */
  char *at;          /* the section's first element */
  size_t bytes;
  /* Receives: bit k set when the sender's row-major order runs backwards
   * along dimension k of box (a reflected boundary). */
  int mirror;
  /* An element list (non-NULL: box is unused): element i of the section is
   * element idx[i] of the storage. */
  const int64_t *idx;
  int64_t nidx;
} zrt_piece;

int zrt_xmsg_parts(const zrt_xfer *t, const zrt_xmsg *m);
size_t zrt_xmsg_part_bytes(const zrt_xfer *t, const zrt_xmsg *m, int part);
int zrt_xmsg_sections(const zrt_xfer *t, const zrt_xmsg *m, int part);
zrt_piece zrt_xmsg_section(const zrt_xfer *t, const zrt_xmsg *m, int part, int i);

#ifdef __cplusplus
}
#endif
#endif
