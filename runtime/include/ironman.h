/* ironman.h — the four IRONMAN calls on transfer handles.
 *
 * The compiler says what moves (array, region, shift) and where each state
 * call may go; the runtime computes each PE's exact send/receive sections,
 * and the back end decides how the bytes move.
 *   DR  destination ready: the receive side may be written
 *   SR  source ready:      the source data is final, may be sent
 *   DN  destination needed: the data must have arrived
 *   SV  source volatile:   the source is about to be overwritten
 */
#ifndef IRONMAN_H
#define IRONMAN_H

#include "zplrt.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct im_transfer im_transfer;

/* The halo exchange that makes `a` readable at every index of
 * (r ∩ local block) + d. `cached` is the handle this static transfer
 * returned last time (NULL the first time); it is reused while the array
 * and region are unchanged, else rebuilt. `id` numbers the static transfer
 * in the program (it keeps concurrent transfers' messages apart). */
im_transfer *im_halo(im_transfer *cached, int64_t id, zrt_array *a, zrt_region r,
                     int64_t d0, int64_t d1, int64_t d2);

/* Boundary transfers for `[d of r] wrap a;` and `[d of r] reflect a;`:
 * fill the band `d of r` of `a` with r's opposite edge (periodic) or with
 * r's edge mirrored, wherever those cells live. d may have 1..rank nonzero
 * components (a diagonal d fills the corner band); |d_k| may not exceed
 * r's extent. Wrap: band cell i gets i - sign(d_k)*extent_k(r) in each
 * nonzero dimension; reflect: hi+k gets hi-k+1 and lo-k gets lo+k-1. Each
 * band cell is written on the PE that owns it; nothing moves along a flood
 * dimension of `a`. Copies within one PE happen at SR. Same caching as
 * im_halo (id must differ from every other static transfer's). */
im_transfer *im_wrap(im_transfer *cached, int64_t id, zrt_array *a, zrt_region r,
                     int64_t d0, int64_t d1, int64_t d2);
im_transfer *im_reflect(im_transfer *cached, int64_t id, zrt_array *a, zrt_region r,
                        int64_t d0, int64_t d1, int64_t d2);

/* A shift by a direction known only at run time, `[r] ... a@d ...`:
 * stops the program (one line naming `where`, status 2) when r + d is off
 * the lattice of a strided array or leaves what a stores, first widening
 * a's ghost cells where they are narrower than d (new storage, contents
 * kept, cached transfers of a rebuilt); then runs im_halo's transfer for
 * d in place. Returns the handle, cached by the call site like im_halo's
 * (rebuilt when d changes). */
im_transfer *zrt_shift(im_transfer *cached, int64_t id, zrt_array *a, zrt_region r, int64_t d0,
                       int64_t d1, int64_t d2, const char *where);
/* The band `d of` a's declared region, for `a@^d` with d known only at
 * run time: im_wrap's transfer run in place, after the same lattice check
 * and growth of the ghost cells as zrt_shift. Nothing for d = 0. */
im_transfer *zrt_shift_wrap(im_transfer *cached, int64_t id, zrt_array *a, int64_t d0,
                            int64_t d1, int64_t d2, const char *where);
/* A statement's run-time shifts of one array as one exchange each:
 * zrt_shift_halos is zrt_shift for the n directions dirs[3i..3i+2] over r
 * (where[i] names each in errors), moving each ghost cell once however
 * many of the directions need it, in one message per peer;
 * zrt_shift_wraps is zrt_shift_wrap for n directions, their bands in one
 * message per peer. The handle is cached by the call site like
 * zrt_shift's (rebuilt when a direction changes). */
im_transfer *zrt_shift_halos(im_transfer *cached, int64_t id, zrt_array *a, zrt_region r,
                             int64_t n, const int64_t *dirs, const char *const *where);
im_transfer *zrt_shift_wraps(im_transfer *cached, int64_t id, zrt_array *a, int64_t n,
                             const int64_t *dirs, const char *const *where);
/* `[d of r] wrap a;` (reflect = 0) or `reflect a;` (1) with d known only at
 * run time: im_wrap's or im_reflect's transfer run in place, after the
 * lattice check, growth of the ghost cells and storage check of zrt_shift
 * for r moved by d. Nothing for d = 0. */
im_transfer *zrt_shift_boundary(im_transfer *cached, int64_t id, int64_t reflect, zrt_array *a,
                                zrt_region r, int64_t d0, int64_t d1, int64_t d2,
                                const char *where);

/* Redistribution `[r] dst := src` between arrays of different
 * distributions (same rank and element type): every element of r moves
 * from the PE that owns it in src to the PE that owns it in dst (copies
 * within one PE happen at SR). DN leaves dst final over r. Same caching as
 * im_halo. */
im_transfer *im_redist(im_transfer *cached, int64_t id, zrt_array *dst, zrt_array *src,
                       zrt_region r);

/* Remap as an IRONMAN transfer (indexed on the indexed side), with an
 * inspector/executor: kind IM_GATHER is `[r] dst := src#[i1, i2, i3]`,
 * IM_SCATTER is `[r] dst#[i1, i2, i3] := src` (unused index arrays NULL;
 * semantics and errors as zrt_gather/zrt_scatter). The inspector computes
 * the communication schedule (which elements go to which PE, in which
 * order); while the index arrays' contents, the arrays and r are
 * unchanged since the last execution the cached schedule is reused and
 * only the data moves. "The arrays" means their shapes: another
 * allocation of the same declared region and ghost widths (a temporary
 * made anew in every iteration) keeps the schedule. The contents are
 * compared with the handle's copy, with one allreduce per call. A call
 * site keeps one schedule per shape of its arrays (up to 8, the least
 * recently used going first): a routine called for arrays of several
 * sizes reuses each size's. The inspector runs are counted in
 * stats.remap.inspections. */
enum im_remap_kind { IM_GATHER = 0, IM_SCATTER = 1 };
im_transfer *im_remap(im_transfer *cached, int64_t id, int64_t kind, zrt_array *dst,
                      zrt_region r, zrt_array *src, zrt_array *i1, zrt_array *i2,
                      zrt_array *i3);
/* A masked remap `[r with mask] dst := src#[...]` or `[r with mask]
 * dst#[...] := src` (`without`: where mask is false): im_remap over only
 * the selected points of r (the mask is an array over r aligned with dst
 * for a gather, with src for a scatter). The index arrays are read only
 * at selected points. The schedule is reused while, besides the above,
 * the mask's contents are unchanged. */
im_transfer *im_remap_masked(im_transfer *cached, int64_t id, int64_t kind, zrt_array *dst,
                             zrt_region r, zrt_array *src, zrt_array *mask, int64_t without,
                             zrt_array *i1, zrt_array *i2, zrt_array *i3);
/* An accumulating scatter `[r with mask] dst#[i1, i2, i3] op= src` (op
 * ZRT_SCATTER_ADD or ZRT_SCATTER_MUL, zplrt.h; `-=` adds the negated
 * source; mask NULL: every point of r): every selected point's value
 * combines into its target. Each PE's contributions to one target combine
 * in the order it walks its points, and those per-PE results into the
 * target in PE order (this PE's own at its place). Integers never build a
 * schedule: at SR each PE combines its contributions to the elements it
 * stores in place and sends the others as (index, value) records in one
 * all-to-all exchange. Reals run that way when the indices (and mask) are
 * new and build the schedule of a masked scatter when they come again,
 * reused alike: each PE sends one element per target element to each PE
 * storing it, its contributions to it combined. */
im_transfer *im_remap_combine(im_transfer *cached, int64_t id, int64_t op, zrt_array *dst,
                              zrt_region r, zrt_array *src, zrt_array *mask, int64_t without,
                              zrt_array *i1, zrt_array *i2, zrt_array *i3);

/* An accumulating scatter of one integer value into an integer array,
 * `[r with mask] dst#[i1, i2, i3] op= value` (a histogram, dst#[i] += 1):
 * im_remap_combine without a source array. The walk follows i1; the
 * records sent carry only the index. */
im_transfer *im_remap_combine_value(im_transfer *cached, int64_t id, int64_t op, zrt_array *dst,
                                    zrt_region r, int64_t value, zrt_array *mask,
                                    int64_t without, zrt_array *i1, zrt_array *i2,
                                    zrt_array *i3);

/* A sparse matrix-vector product, `[r] dst#[i1, i2, i3] += src * factor#[j1, j2, j3]`
 * (doubles): the gather `T := factor#[j]`, the product `T := src * T` and
 * the accumulating scatter `dst#[i] += T` in one pass over this PE's
 * points, without T, with the results of those three bit for bit. Only the
 * factor elements other PEs store and the sums for targets other PEs store
 * travel (the gather inside SR, the sums as this handle's messages); the
 * schedule is reused while both index sets stay, like im_remap_combine's. */
im_transfer *im_remap_product(im_transfer *cached, int64_t id, zrt_array *dst, zrt_region r,
                              zrt_array *src, zrt_array *factor, zrt_array *i1, zrt_array *i2,
                              zrt_array *i3, zrt_array *j1, zrt_array *j2, zrt_array *j3);

/* Releases a remap call site's cached handles (the schedules of every
 * shape) and returns NULL, its new cache: generated code calls it after
 * SV of a remap that runs at most once (zt_<id> = im_remap_release(h)). A
 * later call with the NULL cache would inspect again. */
im_transfer *im_remap_release(im_transfer *t);

/* A transpose `[r] dst := src#[Index_p0, Index_p1, Index_p2]` (p a
 * permutation of 1..rank, unused 0): a remap whose schedule follows from
 * the distributions alone. Strided on one side: with IM_LOADS the sender
 * reads its section with strided loads and the message arrives in the
 * receiver's row-major order (contiguous stores); with IM_STORES the
 * sender reads contiguously and the receiver stores with a stride. */
enum im_orientation { IM_LOADS = 0, IM_STORES = 1 };
im_transfer *im_transpose(im_transfer *cached, int64_t id, zrt_array *dst, zrt_region r,
                          zrt_array *src, int64_t p0, int64_t p1, int64_t p2,
                          int64_t orientation);

/* Combining: the n member transfers (built this execution by im_halo etc.)
 * travel as one: one message per peer PE carrying every member's section
 * for that peer, in member order. DR/SR/DN/SV are then called on the
 * combined handle only. The members stay owned by their own caches; the
 * combined handle is rebuilt when any member handle changes. Members are
 * halo, wrap or reflect transfers; their local copies happen at the
 * combined SR. A combined transfer takes its strategy like any other
 * (im_strategy): chained, its messages move as one put per piece or one
 * MPI datatype over the pieces. A message whose pieces overlap (several
 * shifts of one array from one peer) moves packed on MPI, whose datatypes
 * may not receive into a cell twice; it is still counted as chained. */
im_transfer *im_combine(im_transfer *cached, int64_t id, int64_t n, ...);

/* How the back end moves the transfer's non-contiguous messages:
 *   IM_PACKED   gather into a contiguous buffer (the runtime's pack
 *               kernels), send it contiguous, scatter at the receiver;
 *   IM_CHAINED  no local copies: the back end describes each section of the
 *               array to its message layer (MPI derived datatypes) and sends
 *               straight from / receives straight into the array.
 * Contiguous messages move the same way under both; results are identical.
 * Generated code calls im_strategy right after im_halo/im_wrap/im_reflect
 * with the strategy the compiler chose; a new handle starts as IM_PACKED.
 * Calling it with the handle's current strategy costs one comparison. Back
 * ends without a chained path (serial) treat it as IM_PACKED. */
enum im_strategy { IM_PACKED = 0, IM_CHAINED = 1 };
void im_strategy(im_transfer *t, int64_t strategy);

void im_dr(im_transfer *t);
void im_sr(im_transfer *t);
void im_dn(im_transfer *t);
void im_sv(im_transfer *t);

#ifdef __cplusplus
}
#endif
#endif
