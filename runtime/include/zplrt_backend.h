/* zplrt_backend.h — the narrow interface every back end implements.
 *
 * The runtime (libzplrt) is back-end neutral: it computes decompositions,
 * transfer sections, packs and prints. A back end library (serial, mpi,
 * sim, ...) defines `zrt_backend_get()` returning one static table of the
 * functions below; the program links exactly one back end.
 */
#ifndef ZPLRT_BACKEND_H
#define ZPLRT_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct im_transfer;

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
   * runtime's pack/unpack helpers (zplrt_internal.h) are available. */
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

#ifdef __cplusplus
}
#endif
#endif
