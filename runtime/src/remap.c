/* remap.c — remaps (gather, scatter) and transposes as IRONMAN transfers.
 *
 * A handle holds a schedule: for each peer PE one message, listing the
 * elements this PE sends to it (in message order) or where the elements it
 * receives from it go, and the elements that stay on this PE (copied at SR
 * by kind_local_copies). DR/SR/DN/SV then move only data, through the back
 * end's transfer path like every other transfer:
 *   - remap messages are indexed: zrt_msg.idx lists element offsets
 *     (packed by zrt_pack_index; an indexed MPI datatype when chained);
 *   - transpose messages are strided traversals: their offsets form an
 *     affine loop nest, described as a box of a "view" of the array whose
 *     layout has the nest's strides (packed by zrt_pack; vector datatypes
 *     when chained). A list that is no such nest (possible when a PE has
 *     several tiles) stays indexed.
 *
 * im_remap's inspector is collective. Every PE walks its points (its tiles
 * of r) and the index each reads or writes. Gather: the distinct indices
 * go as requests to the owners of the source elements, who list the
 * offsets to send in request order; the requester lists where each reply
 * goes (zrt_msg.group: several points may take one reply).
 * Scatter: the writes go, with their row-major position in r, to every PE
 * storing the target; per target the write with the largest position is
 * kept, and the writers learn which of theirs were kept. So no message
 * carries an element that would be overwritten, and the result is the same
 * for any number of PEs. An accumulating scatter (dst#[i] += src, *=)
 * keeps every write instead: each PE groups its contributions by target
 * element and tells the PEs storing the targets which elements its groups
 * go to; a message then has one element per target element, which the
 * sender's pack combines (zrt_msg.group) and the receiver's unpack
 * combines into the target (zrt_msg.combining), in PE order with the
 * receiver's own contributions. Such a schedule is built only for reals
 * whose indices recur: integer scatters, and real ones with new indices,
 * run without one ("accumulating scatters without a schedule" below).
 * A schedule is reused while r, the shapes of the arrays and the contents
 * of the index arrays stay the same: each PE keeps the index values it
 * read (in as few bytes as their range needs) and their arrays' write
 * stamps (zrt_array.written), reads the values again only when a stamp
 * changed, and all PEs agree on "unchanged" with an allreduce. Arrays of the same shape at new addresses (temporaries
 * allocated anew in a loop) only re-point the messages (rebind); arrays of
 * other shapes find their own handle among the call site's (take_shape).
 *
 * Transposes need no exchange: both sides of a message enumerate its
 * elements from the distributions and agree on one order, row-major in the
 * destination's index space (IM_LOADS: the sender loads with a stride, the
 * receiver stores contiguously) or in the source's (IM_STORES: contiguous
 * loads, strided stores). Owners, addresses and this PE's points come from
 * zrt_array_owner, zrt_array_elem and zrt_local_tiles only.
 */
#include "zplrt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

/* The transfer id of remaps run at once by zrt_gather/zrt_scatter. */
#define ONCE_ID (-1)

/* ---- growable lists of int64 --------------------------------------------------------------- */
typedef struct i64vec {
  int64_t *v;
  int64_t n, cap;
  bool run; /* push_offset's lists: v[0] alone stands for v[0], v[0] + 1, ... */
} i64vec;

/* A run's offsets written out. */
static void spell_out(i64vec *v) {
  int64_t *p = realloc(v->v, (size_t)v->n * sizeof *p);
  if (!p)
    zrt_failf("out of memory in a remap schedule");
  for (int64_t i = 1; i < v->n; ++i)
    p[i] = p[0] + i;
  v->v = p;
  v->cap = v->n;
  v->run = false;
}

static void vec_push(i64vec *v, int64_t x) {
  if (v->run)
    spell_out(v);
  if (v->n == v->cap) {
    int64_t cap = v->cap ? 2 * v->cap : 16;
    int64_t *p = realloc(v->v, (size_t)cap * sizeof *p);
    if (!p)
      zrt_failf("out of memory in a remap schedule");
    v->v = p;
    v->cap = cap;
  }
  v->v[v->n++] = x;
}

/* Appends offset x to a list of offsets, which keeps its first offset
 * alone while each offset follows the one before (a schedule's list of a
 * PE's own elements in walk order often does: list_msg). */
static void push_offset(i64vec *v, int64_t x) {
  if (v->n == 0) {
    vec_push(v, x);
    v->run = true;
    return;
  }
  if (v->run && x == v->v[0] + v->n) {
    ++v->n;
    return;
  }
  vec_push(v, x); /* which writes out a broken run */
}

static i64vec *vecs_new(int n) {
  i64vec *v = calloc((size_t)n, sizeof *v);
  if (!v)
    zrt_failf("out of memory in a remap schedule");
  return v;
}

static void vecs_free(i64vec *v, int n) {
  for (int i = 0; i < n; ++i)
    free(v[i].v);
  free(v);
}

/* ---- points --------------------------------------------------------------------------------- */
/* Row-major walk over the lattice points of a box (steps as zrt_step;
 * indices beyond the rank stay 0):
 *   for (bool more = walk_first(&w, &box); more; more = walk_next(&w)) ... w.at ... */
typedef struct walk {
  zrt_region box;
  int64_t at[ZRT_MAX_RANK];
} walk;

static bool walk_first(walk *w, const zrt_region *box) {
  w->box = *box;
  for (int k = 0; k < ZRT_MAX_RANK; ++k)
    w->at[k] = k < box->rank ? box->lo[k] : 0;
  return !zrt_box_empty(box);
}

static bool walk_next(walk *w) {
  for (int k = (int)w->box.rank - 1; k >= 0; --k) {
    w->at[k] += zrt_step(&w->box, k);
    if (w->at[k] <= w->box.hi[k])
      return true;
    w->at[k] = w->box.lo[k];
  }
  return false;
}

/* This PE's tiles of r aligned with array a, copied out of the runtime's
 * storage (free them). */
static int64_t my_tiles(zrt_region r, zrt_array *a, zrt_region **out) {
  const zrt_region *tiles;
  int64_t n = zrt_local_tiles(zrt_region_align(r, a), &tiles);
  *out = malloc((size_t)(n ? n : 1) * sizeof **out);
  if (!*out)
    zrt_failf("out of memory in a remap schedule");
  if (n > 0) /* a PE that owns no tiles may have no tile list at all */
    memcpy(*out, tiles, (size_t)n * sizeof **out);
  return n;
}

/* Row-major positions in a region, with the multipliers computed once. */
typedef struct position_map {
  int rank;
  int64_t lo[ZRT_MAX_RANK], step[ZRT_MAX_RANK], mult[ZRT_MAX_RANK];
} position_map;

static position_map position_map_of(const zrt_region *r) {
  position_map m = {(int)r->rank, {0, 0, 0}, {1, 1, 1}, {0, 0, 0}};
  int64_t mult = 1;
  for (int k = m.rank - 1; k >= 0; --k) {
    m.lo[k] = r->lo[k];
    m.step[k] = zrt_step(r, k);
    m.mult[k] = mult;
    mult *= zrt_lattice_count(r, k);
  }
  return m;
}

static int64_t position_at(const position_map *m, const int64_t y[ZRT_MAX_RANK]) {
  int64_t key = 0;
  for (int k = 0; k < m->rank; ++k)
    key += (y[k] - m->lo[k]) / m->step[k] * m->mult[k];
  return key;
}

static bool same_region(const zrt_region *a, const zrt_region *b) {
  if (a->rank != b->rank || a->flood != b->flood || a->dist != b->dist)
    return false;
  for (int k = 0; k < a->rank; ++k)
    if (a->lo[k] != b->lo[k] || a->hi[k] != b->hi[k] || zrt_step(a, k) != zrt_step(b, k))
      return false;
  return true;
}

/* Internal check: index x of a lies in this PE's storage. */
static void check_stored(const zrt_array *a, const int64_t x[ZRT_MAX_RANK], const char *what) {
  zrt_region one = {a->rank, {x[0], x[1], x[2]}, {x[0], x[1], x[2]}, {0, 0, 0}, 0, 0};
  if (!zrt_array_holds(a, &one))
    zrt_failf("internal: %s index outside the storage of array %s", what, a->name);
}

/* ---- collective helpers (moved from collect.c) ------------------------------------------------ */
/* All PEs agree whether some PE found an error; the lowest such PE prints
 * its message, and every PE exits with status 2 (no PE is left waiting). */
static void agree_fail(bool bad, const char *msg) {
  int64_t first = bad ? zrt_g.me : zrt_g.npes;
  zrt_g.be->allreduce(&first, 1, ZRT_I64, ZRT_MIN);
  if (first >= zrt_g.npes)
    return;
  fflush(stdout);
  if (first == zrt_g.me) {
    fprintf(stderr, "%s: error: %s\n", zrt_g.prog ? zrt_g.prog : "zpl", msg);
    fflush(stderr);
  }
  zrt_g.be->finalize();
  exit(2);
}

#define INSPECTOR_TAG 7101

/* The back end's all-to-all, or (for a back end without one) pairwise
 * blocking exchanges in one global order of PE pairs (a < b: a sends
 * first), which cannot deadlock. */
static void alltoallv(const void *sbuf, const size_t *sbytes, void *rbuf, const size_t *rbytes) {
  if (zrt_g.be->alltoallv) {
    zrt_g.be->alltoallv(sbuf, sbytes, rbuf, rbytes);
    return;
  }
  int np = zrt_g.npes, me = zrt_g.me;
  size_t so = 0, ro = 0;
  size_t *sd = calloc((size_t)np + 1, sizeof *sd), *rd = calloc((size_t)np + 1, sizeof *rd);
  if (!sd || !rd)
    zrt_failf("out of memory in a remap");
  for (int q = 0; q < np; ++q) {
    sd[q] = so;
    rd[q] = ro;
    so += sbytes[q];
    ro += rbytes[q];
  }
  memcpy((char *)rbuf + rd[me], (const char *)sbuf + sd[me], sbytes[me]);
  for (int a = 0; a < np; ++a)
    for (int b = a + 1; b < np; ++b) {
      if (me != a && me != b)
        continue;
      int q = me == a ? b : a;
      if (me == a) {
        zrt_g.be->send(q, INSPECTOR_TAG, (const char *)sbuf + sd[q], sbytes[q]);
        zrt_g.be->recv(q, INSPECTOR_TAG, (char *)rbuf + rd[q], rbytes[q]);
      } else {
        zrt_g.be->recv(q, INSPECTOR_TAG, (char *)rbuf + rd[q], rbytes[q]);
        zrt_g.be->send(q, INSPECTOR_TAG, (const char *)sbuf + sd[q], sbytes[q]);
      }
    }
  free(sd);
  free(rd);
}

/* Room for n values in *v (its contents are not kept). */
static void vec_reserve(i64vec *v, int64_t n) {
  if (v->cap >= n)
    return;
  free(v->v);
  v->v = malloc((size_t)(n ? n : 1) * sizeof *v->v);
  if (!v->v)
    zrt_failf("out of memory in a remap");
  v->cap = n;
}

/* Sends out[q] to every PE q; *flat receives what every PE sent this one,
 * PE q's values at from[q]..from[q + 1] (from: np + 1 entries). *scratch
 * holds the send buffer; the storage of both is kept for the next call.
 * Not counted as IRONMAN messages (the caller counts what it must). */
static void exchange_flat(const i64vec *out, i64vec *scratch, i64vec *flat, int64_t *from) {
  int np = zrt_g.npes;
  int64_t *counts = calloc((size_t)np * 2, sizeof *counts);
  size_t *sizes = calloc((size_t)np * 3, sizeof *sizes);
  if (!counts || !sizes)
    zrt_failf("out of memory in a remap");
  size_t *word = sizes, *sbytes = sizes + np, *rbytes = sizes + 2 * np;
  int64_t stotal = 0;
  for (int q = 0; q < np; ++q) {
    counts[q] = out[q].n;
    word[q] = sizeof(int64_t);
    stotal += out[q].n;
  }
  alltoallv(counts, word, counts + np, word);
  vec_reserve(scratch, stotal);
  from[0] = scratch->n = 0;
  for (int q = 0; q < np; ++q) {
    sbytes[q] = (size_t)out[q].n * sizeof(int64_t);
    rbytes[q] = (size_t)counts[np + q] * sizeof(int64_t);
    from[q + 1] = from[q] + counts[np + q];
    if (sbytes[q])
      memcpy(scratch->v + scratch->n, out[q].v, sbytes[q]);
    scratch->n += out[q].n;
  }
  vec_reserve(flat, from[np]);
  flat->n = from[np];
  alltoallv(scratch->v, sbytes, flat->v, rbytes);
  free(counts);
  free(sizes);
}

/* Sends out[q] to every PE q; in[q] (empty on entry) receives what PE q
 * sent this one. The inspector's own traffic: not counted as IRONMAN
 * messages. */
static void exchange_vecs(const i64vec *out, i64vec *in) {
  int np = zrt_g.npes;
  i64vec scratch = {0}, flat = {0};
  int64_t *from = malloc((size_t)(np + 1) * sizeof *from);
  if (!from)
    zrt_failf("out of memory in a remap");
  exchange_flat(out, &scratch, &flat, from);
  free(scratch.v); /* sent: at most three copies alive at once */
  for (int q = 0; q < np; ++q) {
    int64_t n = from[q + 1] - from[q];
    in[q].n = in[q].cap = n;
    in[q].v = malloc((size_t)(n ? n : 1) * sizeof(int64_t));
    if (!in[q].v)
      zrt_failf("out of memory in a remap");
    if (n)
      memcpy(in[q].v, flat.v + from[q], (size_t)n * sizeof(int64_t));
  }
  free(flat.v);
  free(from);
}

/* exchange_vecs, except that out[me] moves to in[me] without a copy (out[me]
 * is left empty): a PE's own list would otherwise live three times over in
 * the exchange's buffers. */
static void exchange_moving_own(i64vec *out, i64vec *in) {
  int me = zrt_g.me;
  i64vec own = out[me];
  out[me] = (i64vec){NULL, 0, 0};
  exchange_vecs(out, in);
  free(in[me].v);
  in[me] = own;
}

/* ---- one call, as the schedule builders see it ------------------------------------------- */
typedef struct remap_call {
  int64_t kind; /* IM_GATHER or IM_SCATTER (a transpose is a gather) */
  zrt_array *dst, *src;
  zrt_array *ia[ZRT_MAX_RANK]; /* index arrays; NULL: perm gives the index */
  int64_t perm[ZRT_MAX_RANK];  /* 0-based: index k is the point's index perm[k] */
  zrt_region r;
  zrt_array *mask; /* NULL: every point of r moves; else only where it holds */
  bool without;    /* the points where the mask is false move instead */
  bool combining;  /* an accumulating scatter: dst[i(p)] op= src[p] */
  int64_t op;      /* its ZRT_SCATTER_ADD or ZRT_SCATTER_MUL */
  /* An integer scatter of one value (dst#[i] += 1): every point
   * contributes value_bits, and src is the first index array, which the
   * walk follows in place of a source. */
  bool by_value;
  int64_t value_bits;
  /* A sparse product (im_remap_product): each point's source value times
   * factor[ja(p)] is what it contributes. */
  zrt_array *factor;
  zrt_array *ja[ZRT_MAX_RANK];
} remap_call;

/* Whether point p of r moves: the mask (over r, aligned with the direct
 * array) holds there, or does not with `without`. */
static bool selected(const remap_call *c, const int64_t p[ZRT_MAX_RANK]) {
  if (!c->mask)
    return true;
  bool m = *((const bool *)c->mask->base + zrt_array_elem(c->mask, p));
  return m != c->without;
}

static zrt_array *indexed_array(const remap_call *c) {
  return c->kind == IM_GATHER ? c->src : c->dst;
}

/* The array over r: a gather's destination, a scatter's source. */
static zrt_array *direct_array(const remap_call *c) {
  return c->kind == IM_GATHER ? c->dst : c->src;
}

/* The index point p reads (gather) or writes (scatter), checked against
 * the indexed array's declared region; an indexed flood dimension accepts
 * any index and means its one element. False with a message on error. */
/* "remap index x in dimension k+1 is not a point of ...": x lies in X's
 * declared region but between the points of its lattice. */
static void off_lattice_text(char *msg, size_t n, const zrt_array *X, int k, int64_t x) {
  snprintf(msg, n,
           "remap index %lld in dimension %d is not a point of the strided region %lld..%lld "
           "by %lld of array %s",
           (long long)x, k + 1, (long long)X->decl.lo[k], (long long)X->decl.hi[k],
           (long long)zrt_step(&X->decl, k), X->name);
}

static bool index_at(const remap_call *c, const int64_t p[ZRT_MAX_RANK], int64_t x[ZRT_MAX_RANK],
                     char *msg, size_t n) {
  zrt_array *X = indexed_array(c);
  x[0] = x[1] = x[2] = 0;
  for (int k = 0; k < X->rank; ++k) {
    zrt_array *I = c->ia[k];
    if (!I)
      x[k] = p[c->perm[k]];
    else if (I->type == ZRT_I64) /* the usual index type, without a call */
      x[k] = ((const int64_t *)I->base)[zrt_array_elem(I, p)];
    else
      x[k] = zrt_elem_get_i64(I->type, (char *)I->base + (size_t)zrt_array_elem(I, p) * I->esz);
    if (zrt_is_flood(&X->decl, k)) {
      x[k] = X->storage.lo[k];
      continue;
    }
    if (x[k] < X->decl.lo[k] || x[k] > X->decl.hi[k]) {
      snprintf(msg, n,
               "remap index %lld in dimension %d is outside the declared region %lld..%lld of "
               "array %s",
               (long long)x[k], k + 1, (long long)X->decl.lo[k], (long long)X->decl.hi[k],
               X->name);
      return false;
    }
    if ((x[k] - X->decl.lo[k]) % zrt_step(&X->decl, k) != 0) {
      off_lattice_text(msg, n, X, k, x[k]);
      return false;
    }
  }
  return true;
}

/* The PE that serves source element x to point p: its owner. Along a flood
 * dimension of the source every PE holds the element; taking p's own index
 * there picks the PE in p's slice of the grid (no message when the arrays
 * are aligned). */
static int64_t read_owner(const remap_call *c, const int64_t x[ZRT_MAX_RANK],
                          const int64_t p[ZRT_MAX_RANK]) {
  int64_t y[ZRT_MAX_RANK] = {x[0], x[1], x[2]};
  if (c->src->rank == c->r.rank)
    for (int k = 0; k < c->src->rank; ++k)
      if (zrt_is_flood(&c->src->decl, k))
        y[k] = p[k];
  return zrt_array_owner(c->src, y);
}

/* The PEs that store element x of dst (out has room for every PE): its
 * owner and, along each flood dimension of dst, every PE of the owner's
 * slice of dst's grid. */
static int write_owners(const zrt_array *dst, const int64_t x[ZRT_MAX_RANK], int64_t *out) {
  int64_t owner = zrt_array_owner(dst, x);
  if (!dst->decl.flood) {
    out[0] = owner;
    return 1;
  }
  const zrt_decomp *D = &dst->dist->D;
  int64_t oc[ZRT_MAX_RANK], qc[ZRT_MAX_RANK];
  zrt_decomp_coords(D, owner, oc);
  int n = 0;
  for (int64_t q = 0; q < zrt_g.npes; ++q) {
    zrt_decomp_coords(D, q, qc);
    bool slice = true;
    for (int k = 0; k < dst->rank; ++k)
      slice = slice && (zrt_is_flood(&dst->decl, k) || qc[k] == oc[k]);
    if (slice)
      out[n++] = q;
  }
  return n;
}

/* ---- each selected point and its index ---------------------------------------------------- */
/* This PE's selected points of r (its tiles of r aligned with the direct
 * array, each walked row-major) and the index each reads or writes:
 *   selected_walk s;
 *   for (bool more = selected_first(&s, c); more; more = selected_next(&s)) ... s.w.at, s.x ...
 *   selected_end(&s);
 * An index outside the indexed array's declared region ends the walk;
 * selected_end, which every PE calls, then stops every PE with the
 * message of the lowest PE that met one. */
typedef struct selected_walk {
  const remap_call *c;
  zrt_region *tiles;
  int64_t ntiles, tile;
  walk w;                  /* w.at: the point */
  int64_t x[ZRT_MAX_RANK]; /* its index */
  bool bad;
  char msg[300];
} selected_walk;

/* From the walk's position on (`more`: it has a point), the first
 * selected point, with its index in s->x; false at the end or on an
 * index outside the region. */
static bool settle(selected_walk *s, bool more) {
  for (;; more = walk_next(&s->w)) {
    while (!more) {
      if (++s->tile >= s->ntiles)
        return false;
      more = walk_first(&s->w, &s->tiles[s->tile]);
    }
    if (!selected(s->c, s->w.at))
      continue;
    s->bad = !index_at(s->c, s->w.at, s->x, s->msg, sizeof s->msg);
    return !s->bad;
  }
}

static bool selected_first(selected_walk *s, const remap_call *c) {
  s->c = c;
  s->bad = false;
  s->msg[0] = '\0';
  s->ntiles = my_tiles(c->r, direct_array(c), &s->tiles);
  s->tile = 0;
  return settle(s, s->ntiles > 0 && walk_first(&s->w, &s->tiles[0]));
}

static bool selected_next(selected_walk *s) { return settle(s, walk_next(&s->w)); }

static void selected_end(selected_walk *s) {
  free(s->tiles);
  agree_fail(s->bad, s->msg);
}

/* ---- inspectors -------------------------------------------------------------------------- */
/* Gather: send[q] gets the source offsets this PE sends q, recv[s] the
 * destination offsets of what s sends this PE, both in request order. */
/* ---- distinct source indices of a gather ---------------------------------------------------
 * A gather asks each other PE for every index it reads there once: an
 * open-addressing table from index to its slot in the request to its owner
 * (slots count per owner; the table grows by doubling). */
typedef struct index_slots {
  int64_t (*key)[ZRT_MAX_RANK]; /* the index of each entry */
  int64_t *slot;                /* its slot, -1: an empty entry */
  int64_t cap, used;
} index_slots;

static uint64_t index_hash(const int64_t x[ZRT_MAX_RANK]) {
  uint64_t h = 0;
  for (int k = 0; k < ZRT_MAX_RANK; ++k)
    h = (h ^ (uint64_t)x[k]) * 0x9E3779B97F4A7C15u;
  return h ^ (h >> 29);
}

/* Where x is in the table, or the empty entry it would take. */
static int64_t index_entry(const index_slots *t, const int64_t x[ZRT_MAX_RANK]) {
  int64_t e = (int64_t)(index_hash(x) & (uint64_t)(t->cap - 1));
  while (t->slot[e] >= 0 && memcmp(t->key[e], x, sizeof t->key[e]) != 0)
    e = (e + 1) & (t->cap - 1);
  return e;
}

static void index_slots_resize(index_slots *t, int64_t cap) {
  index_slots old = *t;
  t->cap = cap;
  t->key = malloc((size_t)cap * sizeof *t->key);
  t->slot = malloc((size_t)cap * sizeof *t->slot);
  if (!t->key || !t->slot)
    zrt_failf("out of memory in a gather");
  for (int64_t e = 0; e < cap; ++e)
    t->slot[e] = -1;
  for (int64_t e = 0; e < old.cap; ++e)
    if (old.slot[e] >= 0) {
      int64_t f = index_entry(t, old.key[e]);
      memcpy(t->key[f], old.key[e], sizeof t->key[f]);
      t->slot[f] = old.slot[e];
    }
  free(old.key);
  free(old.slot);
}

/* x's slot in its owner's request, which gets x when it is new there. */
static int64_t index_slot(index_slots *t, const int64_t x[ZRT_MAX_RANK], i64vec *asks) {
  if (2 * (t->used + 1) > t->cap)
    index_slots_resize(t, t->cap ? 2 * t->cap : 1024);
  int64_t e = index_entry(t, x);
  if (t->slot[e] < 0) {
    memcpy(t->key[e], x, sizeof t->key[e]);
    t->slot[e] = asks->n / ZRT_MAX_RANK;
    ++t->used;
    for (int k = 0; k < ZRT_MAX_RANK; ++k)
      vec_push(asks, x[k]);
  }
  return t->slot[e];
}

/* Gather: recv[q] gets the target offsets of the points reading from PE q,
 * in walk order, and (q another PE) slots[q] the element of q's message
 * each reads: q sends each distinct index once (send[q]: its source
 * offsets, in slot order). This PE's own points keep one source offset
 * each (send[me], found during the walk), copied in one pass. */
static void inspect_gather(const remap_call *c, i64vec *send, i64vec *recv, i64vec *slots) {
  int np = zrt_g.npes;
  i64vec *asks = vecs_new(np), *asked = vecs_new(np);
  index_slots distinct = {NULL, NULL, 0, 0};
  selected_walk s;
  for (bool more = selected_first(&s, c); more; more = selected_next(&s)) {
    int64_t owner = read_owner(c, s.x, s.w.at);
    push_offset(&recv[owner], zrt_array_elem(c->dst, s.w.at));
    if (owner != zrt_g.me) {
      vec_push(&slots[owner], index_slot(&distinct, s.x, &asks[owner]));
    } else {
      /* Own points never go through the exchange: it would hold three
       * copies of three index words per point at once. */
      check_stored(c->src, s.x, "gather");
      push_offset(&send[owner], zrt_array_elem(c->src, s.x));
    }
  }
  selected_end(&s);
  free(distinct.key);
  free(distinct.slot);
  exchange_vecs(asks, asked);
  for (int q = 0; q < np; ++q)
    for (int64_t i = 0; i < asked[q].n; i += ZRT_MAX_RANK) {
      const int64_t *x = &asked[q].v[i];
      check_stored(c->src, x, "gather");
      vec_push(&send[q], zrt_array_elem(c->src, x));
    }
  vecs_free(asks, np);
  vecs_free(asked, np);
}

/* Gives back the room *v holds beyond its values. */
static void vec_shrink(i64vec *v) {
  if (v->cap <= v->n || !v->v)
    return;
  int64_t *p = realloc(v->v, (size_t)(v->n ? v->n : 1) * sizeof *p);
  if (p) { /* else the larger block stays */
    v->v = p;
    v->cap = v->n ? v->n : 1;
  }
}

/* Scatter, at the targets: of the writes asked[q] (index, position) keep
 * the largest position per element. Each asked[q] becomes its flags, one
 * per write in q's order (in place: write n's flag goes where its words
 * were, already read), and recv[q] gets the offsets of the kept writes
 * from q, in q's order. A dense table over dst's storage holds each
 * element's largest position so far (two passes, no sort). */
static void keep_last_writes(zrt_array *dst, i64vec *asked, i64vec *recv) {
  int np = zrt_g.npes, W = dst->rank + 1; /* a write: the index, then the position */
  size_t nelems = dst->bytes / dst->esz;
  int64_t *last = malloc((nelems ? nelems : 1) * sizeof *last);
  if (!last)
    zrt_failf("out of memory in a scatter");
  for (size_t i = 0; i < nelems; ++i)
    last[i] = -1; /* positions are at least 0 */
  for (int q = 0; q < np; ++q)
    for (int64_t n = 0; n < asked[q].n / W; ++n) {
      int64_t x[ZRT_MAX_RANK] = {0, 0, 0};
      memcpy(x, &asked[q].v[n * W], (size_t)dst->rank * sizeof *x);
      check_stored(dst, x, "scatter");
      int64_t off = zrt_array_elem(dst, x), position = asked[q].v[n * W + dst->rank];
      if (position > last[off])
        last[off] = position;
    }
  for (int q = 0; q < np; ++q) {
    int64_t writes = asked[q].n / W;
    for (int64_t n = 0; n < writes; ++n) {
      int64_t x[ZRT_MAX_RANK] = {0, 0, 0};
      memcpy(x, &asked[q].v[n * W], (size_t)dst->rank * sizeof *x);
      int64_t off = zrt_array_elem(dst, x);
      bool keep = last[off] == asked[q].v[n * W + dst->rank];
      asked[q].v[n] = keep;
      if (keep)
        vec_push(&recv[q], off);
    }
    asked[q].n = writes;
    vec_shrink(&asked[q]);
  }
  free(last);
}

/* Scatter: send[q] gets the source offsets of this PE's kept writes to q,
 * recv[s] the destination offsets of the kept writes from s. Each list is
 * freed (or turned into the next) as soon as it is used: the inspector's
 * lists, three to five words per point, would otherwise all live at once. */
static void inspect_scatter(const remap_call *c, i64vec *send, i64vec *recv) {
  int np = zrt_g.npes;
  i64vec *offers = vecs_new(np), *writes = vecs_new(np), *asked = vecs_new(np);
  i64vec *mine_kept = vecs_new(np);
  int64_t *targets = malloc((size_t)np * sizeof *targets);
  if (!targets)
    zrt_failf("out of memory in a scatter");
  position_map positions = position_map_of(&c->r);
  selected_walk s;
  for (bool more = selected_first(&s, c); more; more = selected_next(&s)) {
    int64_t key = position_at(&positions, s.w.at);
    int n = write_owners(c->dst, s.x, targets);
    for (int t = 0; t < n; ++t) {
      vec_push(&offers[targets[t]], zrt_array_elem(c->src, s.w.at));
      for (int k = 0; k < c->dst->rank; ++k)
        vec_push(&writes[targets[t]], s.x[k]);
      vec_push(&writes[targets[t]], key);
    }
  }
  free(targets);
  selected_end(&s);
  exchange_moving_own(writes, asked);
  vecs_free(writes, np); /* the largest lists: freed as soon as sent */
  keep_last_writes(c->dst, asked, recv); /* asked[q]: now the flags of q's writes */
  exchange_moving_own(asked, mine_kept);
  vecs_free(asked, np);
  for (int q = 0; q < np; ++q) { /* the offers kept, in place, become send[q] */
    int64_t kept = 0;
    for (int64_t n = 0; n < offers[q].n; ++n)
      if (mine_kept[q].v[n])
        offers[q].v[kept++] = offers[q].v[n];
    offers[q].n = kept;
    vec_shrink(&offers[q]);
    send[q] = offers[q];
    offers[q] = (i64vec){NULL, 0, 0};
  }
  vecs_free(offers, np);
  vecs_free(mine_kept, np);
}

/* ---- accumulating scatters: the inspector ------------------------------------------------- */
/* A target element as one number, its key: its row-major position in dst's
 * declared region, where a flood dimension (any index there means the one
 * stored element) counts once. Keys order as the indices do, so a PE's
 * groups numbered in key order are in target index order. */
typedef struct target_keys {
  const zrt_array *dst;
  int64_t mult[ZRT_MAX_RANK]; /* row-major multipliers; 0 along a flood dimension */
} target_keys;

static target_keys target_keys_of(const zrt_array *dst) {
  target_keys t = {dst, {0, 0, 0}};
  int64_t span = 1;
  for (int k = dst->rank - 1; k >= 0; --k) {
    if (zrt_is_flood(&dst->decl, k))
      continue;
    int64_t extent = dst->decl.hi[k] - dst->decl.lo[k] + 1;
    if (extent > INT64_MAX / span)
      zrt_failf("scatter into array %s: its declared region has over 2^63 positions", dst->name);
    t.mult[k] = span;
    span *= extent;
  }
  return t;
}

static int64_t target_key(const target_keys *t, const int64_t x[ZRT_MAX_RANK]) {
  int64_t key = 0;
  for (int k = 0; k < t->dst->rank; ++k)
    key += (x[k] - t->dst->decl.lo[k]) * t->mult[k];
  return key;
}

/* Appends the index with that key to targets (ZRT_MAX_RANK words); along a
 * flood dimension the one stored index, as index_at gives it. */
static void push_target(i64vec *targets, const target_keys *t, int64_t key) {
  const zrt_array *dst = t->dst;
  int64_t x[ZRT_MAX_RANK] = {0, 0, 0};
  for (int k = 0; k < dst->rank; ++k) {
    if (zrt_is_flood(&dst->decl, k)) {
      x[k] = dst->storage.lo[k];
      continue;
    }
    x[k] = dst->decl.lo[k] + key / t->mult[k];
    key %= t->mult[k];
  }
  for (int k = 0; k < ZRT_MAX_RANK; ++k)
    vec_push(targets, x[k]);
}

static int key_order(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

/* number_groups when the keys lie in lo..lo+span-1, span small: a table
 * over that range marks the keys present, then numbers them in order. */
static void number_by_table(i64vec *keys, int64_t lo, int64_t span, const target_keys *t,
                            i64vec *targets) {
  int64_t *group = malloc((size_t)span * sizeof *group);
  if (!group)
    zrt_failf("out of memory in a scatter");
  for (int64_t j = 0; j < span; ++j)
    group[j] = -1;
  for (int64_t i = 0; i < keys->n; ++i)
    group[keys->v[i] - lo] = 0;
  int64_t groups = 0;
  for (int64_t j = 0; j < span; ++j)
    if (group[j] >= 0) {
      group[j] = groups++;
      push_target(targets, t, lo + j);
    }
  for (int64_t i = 0; i < keys->n; ++i)
    keys->v[i] = group[keys->v[i] - lo];
  free(group);
}

/* number_groups for keys spread widely: the distinct keys sorted, each
 * key's group found by binary search. */
static void number_by_sorting(i64vec *keys, const target_keys *t, i64vec *targets) {
  int64_t *distinct = malloc((size_t)keys->n * sizeof *distinct);
  if (!distinct)
    zrt_failf("out of memory in a scatter");
  memcpy(distinct, keys->v, (size_t)keys->n * sizeof *distinct);
  qsort(distinct, (size_t)keys->n, sizeof *distinct, key_order);
  int64_t groups = 0;
  for (int64_t i = 0; i < keys->n; ++i)
    if (groups == 0 || distinct[groups - 1] != distinct[i])
      distinct[groups++] = distinct[i];
  for (int64_t g = 0; g < groups; ++g)
    push_target(targets, t, distinct[g]);
  for (int64_t i = 0; i < keys->n; ++i) {
    int64_t lo = 0, hi = groups - 1; /* the key is in distinct[lo..hi] */
    while (lo < hi) {
      int64_t mid = lo + (hi - lo) / 2;
      if (distinct[mid] < keys->v[i])
        lo = mid + 1;
      else
        hi = mid;
    }
    keys->v[i] = lo;
  }
  free(distinct);
}

/* Replaces the target keys of a PE's contributions by their groups: one
 * group per distinct target, numbered in target order; targets gets each
 * group's index, in group order. */
static void number_groups(i64vec *keys, const target_keys *t, i64vec *targets) {
  if (keys->n == 0)
    return;
  int64_t lo = keys->v[0], hi = keys->v[0];
  for (int64_t i = 1; i < keys->n; ++i) {
    lo = keys->v[i] < lo ? keys->v[i] : lo;
    hi = keys->v[i] > hi ? keys->v[i] : hi;
  }
  if (hi - lo < keys->n + 65536) /* the table costs at most about the keys' own storage */
    number_by_table(keys, lo, hi - lo + 1, t, targets);
  else
    number_by_sorting(keys, t, targets);
}

/* Accumulating scatter: send[q] gets the source offsets of this PE's
 * contributions to elements PE q stores, in walk order, and slots[q] the
 * group (one per target element) each joins; recv[s] the target offsets
 * of the groups PE s sends this one, in slot order. So a message carries
 * one element per target element (zrt_msg.group), and its pack reads the
 * source in walk order, combining each group's terms in that order.
 * The lists are written during the walk (slots first holding the targets'
 * keys), so the inspector keeps two words per contribution, no more. */
static void inspect_combine(const remap_call *c, i64vec *send, i64vec *slots, i64vec *recv) {
  int np = zrt_g.npes;
  target_keys keys = target_keys_of(c->dst);
  int64_t *owners = malloc((size_t)np * sizeof *owners);
  if (!owners)
    zrt_failf("out of memory in a scatter");
  selected_walk s;
  for (bool more = selected_first(&s, c); more; more = selected_next(&s)) {
    int64_t src = zrt_array_elem(c->src, s.w.at), key = target_key(&keys, s.x);
    int n = write_owners(c->dst, s.x, owners);
    for (int t = 0; t < n; ++t) {
      push_offset(&send[owners[t]], src);
      vec_push(&slots[owners[t]], key);
    }
  }
  free(owners);
  selected_end(&s);
  i64vec *targets = vecs_new(np), *asked = vecs_new(np);
  for (int q = 0; q < np; ++q)
    number_groups(&slots[q], &keys, &targets[q]);
  exchange_vecs(targets, asked);
  for (int q = 0; q < np; ++q)
    for (int64_t i = 0; i < asked[q].n; i += ZRT_MAX_RANK) {
      const int64_t *x = &asked[q].v[i];
      check_stored(c->dst, x, "scatter");
      vec_push(&recv[q], zrt_array_elem(c->dst, x));
    }
  vecs_free(targets, np);
  vecs_free(asked, np);
}

/* ---- transposes: lists from the distributions ---------------------------------------------- */
/* p is a destination index (a point of r), x = perm(p) the source index:
 * x[k] = p[perm[k]]. */
static void to_source(const int64_t perm[ZRT_MAX_RANK], int rank, const int64_t p[ZRT_MAX_RANK],
                      int64_t x[ZRT_MAX_RANK]) {
  x[0] = x[1] = x[2] = 0;
  for (int k = 0; k < rank; ++k)
    x[k] = p[perm[k]];
}

static void to_dest(const int64_t perm[ZRT_MAX_RANK], int rank, const int64_t x[ZRT_MAX_RANK],
                    int64_t p[ZRT_MAX_RANK]) {
  p[0] = p[1] = p[2] = 0;
  for (int k = 0; k < rank; ++k)
    p[perm[k]] = x[k];
}

/* A box of destination indices as source indices (lo, hi and steps), and back. */
static zrt_region box_to_source(const zrt_region *b, const int64_t perm[ZRT_MAX_RANK]) {
  zrt_region o = *b;
  for (int k = 0; k < b->rank; ++k) {
    o.lo[k] = b->lo[perm[k]];
    o.hi[k] = b->hi[perm[k]];
    o.step[k] = b->step[perm[k]];
  }
  return o;
}

static zrt_region box_to_dest(const zrt_region *b, const int64_t perm[ZRT_MAX_RANK]) {
  zrt_region o = *b;
  for (int k = 0; k < b->rank; ++k) {
    o.lo[perm[k]] = b->lo[k];
    o.hi[perm[k]] = b->hi[k];
    o.step[perm[k]] = b->step[k];
  }
  return o;
}

/* The agreed order of a transpose's elements: row-major over r in the
 * destination's index space (loads) or over perm(r) in the source's. */
typedef struct transpose_order {
  const remap_call *c;
  bool loads;
  zrt_region pr, xr; /* r, and perm(r) aligned with the source */
} transpose_order;

/* Lists the elements one side of this PE moves, per peer: `receiving`: its
 * destination points (offsets in dst), each under the PE owning its source
 * element; else its source points (offsets in src) under the PE owning
 * their destination. Each tile is walked in the agreed order's index
 * space, so with one tile every list is already in the agreed order; with
 * several, each offset is preceded by its key (position in that order) for
 * offsets_by_key. Returns whether the lists carry keys. */
static bool transpose_lists(const transpose_order *o, bool receiving, i64vec *lists) {
  const remap_call *c = o->c;
  int rank = (int)c->r.rank;
  zrt_array *mine = receiving ? c->dst : c->src;
  zrt_region *tiles;
  int64_t nt = my_tiles(receiving ? o->pr : o->xr, mine, &tiles);
  bool keyed = nt > 1;
  position_map order = position_map_of(o->loads ? &o->pr : &o->xr);
  for (int64_t i = 0; i < nt; ++i) {
    /* the tile in the agreed order's space */
    zrt_region box = tiles[i];
    if (receiving && !o->loads)
      box = box_to_source(&tiles[i], c->perm);
    else if (!receiving && o->loads)
      box = box_to_dest(&tiles[i], c->perm);
    walk w;
    for (bool more = walk_first(&w, &box); more; more = walk_next(&w)) {
      int64_t p[ZRT_MAX_RANK], x[ZRT_MAX_RANK];
      if (o->loads) {
        memcpy(p, w.at, sizeof p);
        to_source(c->perm, rank, p, x);
      } else {
        memcpy(x, w.at, sizeof x);
        to_dest(c->perm, rank, x, p);
      }
      int64_t peer = receiving ? zrt_array_owner(c->src, x) : zrt_array_owner(c->dst, p);
      if (keyed)
        vec_push(&lists[peer], position_at(&order, w.at));
      vec_push(&lists[peer], receiving ? zrt_array_elem(c->dst, p) : zrt_array_elem(c->src, x));
    }
  }
  free(tiles);
  return keyed;
}

/* (key, offset) pairs -> the offsets in key order. */
static void offsets_by_key(i64vec *pairs) {
  int64_t n = pairs->n / 2;
  bool sorted = true;
  for (int64_t i = 1; i < n && sorted; ++i)
    sorted = pairs->v[2 * i - 2] < pairs->v[2 * i];
  if (!sorted)
    qsort(pairs->v, (size_t)n, 2 * sizeof(int64_t), key_order);
  for (int64_t i = 0; i < n; ++i)
    pairs->v[i] = pairs->v[2 * i + 1];
  pairs->n = n;
}

/* ---- strided views ------------------------------------------------------------------------- */
/* An affine loop nest of offsets, outermost loop first:
 * first + i0*stride[0] + i1*stride[1] + ..., 0 <= ik < count[k]. */
typedef struct nest {
  int depth;
  int64_t first;
  int64_t count[ZRT_MAX_RANK], stride[ZRT_MAX_RANK];
} nest;

/* Whether block b (of len offsets) is block 0 moved by b*s. */
static bool block_repeats(const int64_t *off, int64_t len, int64_t b, int64_t s) {
  for (int64_t i = 0; i < len; ++i)
    if (off[b * len + i] != off[i] + b * s)
      return false;
  return true;
}

/* Whether off[0..n) is a nest of at most ZRT_MAX_RANK loops with positive
 * strides. From the innermost loop out, each loop runs as long as the
 * block of the loops inside it repeats at a constant stride; a run that
 * could continue into the next block always does, so the first failure
 * means there is no nest. */
static bool find_nest(const int64_t *off, int64_t n, nest *out) {
  int64_t cnt[ZRT_MAX_RANK] = {1, 1, 1}, str[ZRT_MAX_RANK] = {1, 1, 1};
  int depth = 0;
  for (int64_t inner = 1; inner < n; ++depth) {
    if (depth == ZRT_MAX_RANK)
      return false;
    int64_t s = off[inner] - off[0], c = 1;
    if (s <= 0)
      return false;
    while ((c + 1) * inner <= n && block_repeats(off, inner, c, s))
      ++c;
    if (c == 1)
      return false;
    cnt[depth] = c;
    str[depth] = s;
    inner *= c;
  }
  out->depth = depth ? depth : 1;
  out->first = n ? off[0] : 0;
  for (int k = 0; k < out->depth; ++k) {
    out->count[k] = cnt[out->depth - 1 - k];
    out->stride[k] = str[out->depth - 1 - k];
  }
  return n > 0;
}

/* v becomes a view of a whose element (i0, i1, i2) is a's element
 * first + i0*stride[0] + ...; *box the view's whole index box. */
static void make_view(zrt_array *v, const zrt_array *a, const nest *ns, zrt_region *box) {
  memset(v, 0, sizeof *v);
  v->name = a->name;
  v->type = a->type;
  v->esz = a->esz;
  v->rank = ns->depth;
  v->serial = a->serial;
  v->base = (char *)a->base + (size_t)ns->first * a->esz;
  v->layout.rank = ns->depth;
  v->layout.esz = a->esz;
  memset(box, 0, sizeof *box);
  box->rank = ns->depth;
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    bool in = k < ns->depth;
    v->layout.ext[k] = in ? ns->count[k] : 1;
    v->layout.stride[k] = in ? ns->stride[k] : 1;
    box->hi[k] = in ? ns->count[k] - 1 : 0;
  }
}

/* ---- handles --------------------------------------------------------------------------------- */
/* What a schedule depends on in one array: everything but the address of
 * its storage. */
typedef struct array_shape {
  int type, rank;
  size_t esz;
  zrt_region decl, storage;
  zrt_layout layout;
  int64_t offset;
} array_shape;

static array_shape shape_of(const zrt_array *a) {
  array_shape s = {a->type, a->rank, a->esz, a->decl, a->storage, a->layout, a->offset};
  return s;
}

static bool same_layout(const zrt_layout *x, const zrt_layout *y) {
  if (x->rank != y->rank || x->esz != y->esz)
    return false;
  for (int k = 0; k < ZRT_MAX_RANK; ++k)
    if (x->lo[k] != y->lo[k] || x->ext[k] != y->ext[k] || x->stride[k] != y->stride[k])
      return false;
  return true;
}

static bool same_shape(const array_shape *x, const array_shape *y) {
  return x->type == y->type && x->rank == y->rank && x->esz == y->esz && x->offset == y->offset &&
         same_region(&x->decl, &y->decl) && same_region(&x->storage, &y->storage) &&
         same_layout(&x->layout, &y->layout);
}

/* Reals without a schedule: one PE's contributions combined per target in
 * its walk order (the targets then take these sums in PE order), over a
 * dense buffer of dst's storage, with a flag for each element that holds
 * a sum and the offsets of those, in the order they were first touched. */
typedef struct pe_sums {
  char *value;
  unsigned char *touched;
  size_t n; /* dst's elements, which the buffers fit */
  i64vec targets;
} pe_sums;

static void pe_sums_fit(pe_sums *p, const zrt_array *dst) {
  size_t n = dst->bytes / dst->esz;
  if (p->value && p->n == n)
    return;
  free(p->value);
  free(p->touched);
  p->value = malloc(n ? dst->bytes : 1);
  p->touched = calloc(n ? n : 1, 1);
  p->n = n;
  if (!p->value || !p->touched)
    zrt_failf("out of memory in a scatter into array %s", dst->name);
}

static void pe_sums_free(pe_sums *p) {
  free(p->value);
  free(p->touched);
  free(p->targets.v);
}

/* A term (its value bits) for the element at offset off. */
static void pe_sums_add(pe_sums *p, const remap_call *c, int64_t off, int64_t bits) {
  size_t esz = c->dst->esz;
  char *acc = p->value + (size_t)off * esz;
  if (p->touched[off]) {
    zrt_combine_elem(c->dst->type, (int)c->op, acc, &bits);
    return;
  }
  memcpy(acc, &bits, esz);
  p->touched[off] = 1;
  vec_push(&p->targets, off);
}

/* Each sum combined into its target; the sums left empty. */
static void pe_sums_apply(pe_sums *p, const remap_call *c) {
  zrt_array *dst = c->dst;
  size_t esz = dst->esz;
  for (int64_t i = 0; i < p->targets.n; ++i) {
    int64_t off = p->targets.v[i];
    zrt_combine_elem(dst->type, (int)c->op, (char *)dst->base + (size_t)off * esz,
                     p->value + (size_t)off * esz);
    p->touched[off] = 0;
  }
  p->targets.n = 0;
}

/* A direct scatter's buffers, their storage kept from run to run. */
typedef struct direct_buffers {
  i64vec *out;     /* per PE: the records sent, x[0..rank) and the value bits */
  pe_sums own;     /* reals: this PE's own contributions, summed during the walk */
  pe_sums received; /* reals: those of one other PE, summed from its records */
  i64vec scratch, flat; /* the send and receive buffers, and */
  i64vec partial;  /* exact, when used: the contributions to others' elements,
                      combined per element of dst's declared region */
  int64_t *from;   /* where each PE's records start in flat (exchange_flat) */
  int64_t *owners; /* write_owners' answer (room for every PE) */
} direct_buffers;

static direct_buffers *direct_buffers_new(void) {
  int np = zrt_g.npes;
  direct_buffers *b = calloc(1, sizeof *b);
  if (!b)
    zrt_failf("out of memory in a scatter");
  b->out = vecs_new(np);
  b->from = malloc((size_t)(np + 1) * sizeof *b->from);
  b->owners = malloc((size_t)np * sizeof *b->owners);
  if (!b->from || !b->owners)
    zrt_failf("out of memory in a scatter");
  return b;
}

static void direct_buffers_free(direct_buffers *b) {
  if (!b)
    return;
  vecs_free(b->out, zrt_g.npes);
  pe_sums_free(&b->own);
  pe_sums_free(&b->received);
  free(b->scratch.v);
  free(b->flat.v);
  free(b->partial.v);
  free(b->from);
  free(b->owners);
  free(b);
}

/* Integers kept as offsets from the lowest, width bytes each (see
 * keep_index_values). */
typedef struct value_copy {
  void *bytes;
  int64_t n, lowest;
  int width;
} value_copy;

typedef struct remap_state {
  int64_t remap_kind;  /* IM_GATHER / IM_SCATTER (transposes: IM_GATHER) */
  int64_t orientation; /* transposes */
  zrt_array *src;      /* the arrays the messages point at now */
  uint64_t src_serial;
  array_shape src_shape, dst_shape;
  int nindex; /* index arrays (their contents are compared, not their identity) */
  bool masked, without; /* a masked remap (the mask's contents are compared) */
  bool combining;       /* an accumulating scatter, and its operator */
  int64_t op;
  int64_t perm[ZRT_MAX_RANK];
  value_copy index_copy; /* this PE's index values at the inspection */
  uint64_t stamps[ZRT_MAX_RANK + 1]; /* and the write stamps they had then */
  zrt_array *views;  /* strided messages' views */
  int nviews;
  bool has_local; /* the elements that stay on this PE */
  zrt_msg local_send, local_recv;
  bool direct;      /* an accumulating scatter run without a schedule ... */
  remap_call call;  /* ... and its arrays, for SR, */
  direct_buffers *buffers; /* and the buffers of its runs */
  im_transfer *other_shapes; /* this call site's handles for other array shapes */
  struct product_state *product; /* a sparse product's, or NULL */
} remap_state;

/* Frees the messages' buffers and index lists (the handle owns both; idx
 * is const only for the back ends). */
static void free_msgs(zrt_msg *m, int n) {
  for (int i = 0; i < n; ++i) {
    free(m[i].buf);
    free((void *)(uintptr_t)m[i].idx);
    free((void *)(uintptr_t)m[i].group);
  }
}

static void product_free(struct product_state *p); /* a sparse product's state (below) */

static void release_state(im_transfer *t) {
  remap_state *st = t->kind_state;
  product_free(st->product);
  free(st->index_copy.bytes);
  free(st->views);
  direct_buffers_free(st->buffers);
  if (st->has_local) {
    free_msgs(&st->local_send, 1);
    free_msgs(&st->local_recv, 1);
  }
  free(st);
  t->kind_state = NULL;
}

static void remap_release(im_transfer *t) {
  if (zrt_g.be->transfer_release)
    zrt_g.be->transfer_release(t);
  free_msgs(t->send, t->nsend);
  free_msgs(t->recv, t->nrecv);
  free(t->send);
  free(t->recv);
  t->kind_release(t);
  free(t);
}

/* An indexed local copy of 8-byte elements in one pass, without the
 * buffer: element idx[i] of the source to element idx[i] of the target. */
static bool copy_indexed(const zrt_msg *s, const zrt_msg *r) {
  if (!s->idx || !r->idx || s->arr->esz != 8 || r->arr->esz != 8 || s->nidx != r->nidx ||
      s->arr->base == r->arr->base) /* in place: read everything first */
    return false;
  const uint64_t *restrict from = s->arr->base;
  uint64_t *restrict to = r->arr->base;
  const int64_t *restrict si = s->idx, *restrict ri = r->idx;
  if (s->idx_run) /* both lists may keep their first offset alone (list_msg) */
    from += s->nidx ? si[0] : 0;
  if (r->idx_run) /* a gather's targets in walk order: usually a run */
    to += s->nidx ? ri[0] : 0;
  if (s->idx_run && r->idx_run)
    memcpy(to, from, (size_t)s->nidx * sizeof *to);
  else if (s->idx_run)
    for (int64_t i = 0; i < s->nidx; ++i)
      to[ri[i]] = from[i];
  else if (r->idx_run)
    for (int64_t i = 0; i < s->nidx; ++i)
      to[i] = from[si[i]];
  else
    for (int64_t i = 0; i < s->nidx; ++i)
      to[ri[i]] = from[si[i]];
  return true;
}

/* The elements that stay on this PE, at SR. */
static void copy_local(im_transfer *t) {
  remap_state *st = t->kind_state;
  const zrt_msg *s = &st->local_send;
  if (copy_indexed(s, &st->local_recv))
    return;
  if (!s->contiguous)
    zrt_msg_pack(s->buf, s, t->a);
  zrt_msg_unpack(&st->local_recv, t->a, s->contiguous ? s->ptr : s->buf);
}

/* An accumulating scatter's contributions that stay on this PE, combined
 * per target element at SR (when the other PEs' are packed) ... */
static void pack_own(im_transfer *t) {
  remap_state *st = t->kind_state;
  zrt_msg_pack(st->local_send.buf, &st->local_send, st->src);
}

/* ... and combined into the targets at DN with the received ones, in PE
 * order: every PE storing an element (along a flood dimension, several)
 * combines its contributions in the same order. */
static void combine_received(im_transfer *t) {
  remap_state *st = t->kind_state;
  bool own = st->has_local;
  for (int i = 0; i < t->nrecv; ++i) {
    if (own && t->recv[i].peer > zrt_g.me) {
      zrt_msg_unpack(&st->local_recv, t->a, st->local_send.buf);
      own = false;
    }
    zrt_msg_unpack(&t->recv[i], t->a, t->recv[i].buf);
  }
  if (own)
    zrt_msg_unpack(&st->local_recv, t->a, st->local_send.buf);
}

static im_transfer *new_handle(int xfer_kind, int64_t id, const remap_call *c) {
  im_transfer *t = calloc(1, sizeof *t);
  remap_state *st = calloc(1, sizeof *st);
  if (!t || !st)
    zrt_failf("out of memory for a transfer of array %s", c->dst->name);
  t->kind = xfer_kind;
  t->id = id;
  t->a = c->dst;
  t->serial = c->dst->serial;
  t->r = c->r;
  t->strategy = IM_PACKED;
  t->kind_state = st;
  t->kind_release = release_state;
  st->remap_kind = c->kind;
  st->src = c->src;
  st->src_serial = c->src->serial;
  st->src_shape = shape_of(c->src);
  st->dst_shape = shape_of(c->dst);
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    st->nindex += c->ia[k] != NULL;
    st->perm[k] = c->perm[k];
  }
  st->masked = c->mask != NULL;
  st->without = c->without;
  st->combining = c->combining;
  st->op = c->op;
  return t;
}

/* A run's list shrunk to its first offset (zrt_msg.idx_run). */
static int64_t *first_offset_only(int64_t *list) {
  int64_t *first = realloc(list, sizeof *list);
  return first ? first : list;
}

/* Message m: the elements at the offsets `list` of array a, in that order.
 * With a view to fill, a list that forms a loop nest becomes a strided
 * section of that view; else the message is indexed and takes the list's
 * storage, a run of this PE's own elements its first offset alone (no back
 * end reads such a list; zrt_msg.idx_run). `buffered`: give a
 * non-contiguous message its pack buffer. */
static void list_msg(zrt_msg *m, int64_t peer, int tag, zrt_array *a, i64vec *list,
                     zrt_array *view, bool buffered) {
  vec_shrink(list); /* kept for the schedule's life: no room to grow */
  memset(m, 0, sizeof *m);
  m->peer = peer;
  m->tag = tag;
  m->bytes = (size_t)list->n * a->esz;
  bool local = peer == zrt_g.me; /* a copy within this PE: no back end reads its list */
  if (list->run && (!local || view))
    spell_out(list);
  nest ns;
  if (view && find_nest(list->v, list->n, &ns)) {
    make_view(view, a, &ns, &m->box);
    m->lbox = m->box;
    m->elem_off = ns.first; /* from a's base: the view follows a (rebind_msg) */
    m->arr = view;
    m->ptr = view->base;
    m->contiguous = ns.depth == 1 && ns.stride[0] == 1;
    m->pattern = ZRT_PAT_STRIDED; /* a transpose's message: strided on one side */
    free(list->v);
  } else {
    m->arr = a;
    m->idx = list->v;
    m->nidx = list->n;
    m->pattern = ZRT_PAT_INDEXED;
    m->idx_run = true;
    for (int64_t i = 1; i < list->n && m->idx_run && !list->run; ++i)
      m->idx_run = list->v[i] == list->v[0] + i;
    if (m->idx_run && local && !list->run && list->n > 1)
      m->idx = first_offset_only(list->v);
  }
  list->v = NULL;
  list->n = list->cap = 0;
  list->run = false;
  if (buffered && !m->contiguous) {
    m->buf = malloc(m->bytes ? m->bytes : 1);
    if (!m->buf)
      zrt_failf("out of memory for a transfer of array %s", a->name);
  }
}

static int count_peers(const i64vec *lists) {
  int n = 0;
  for (int q = 0; q < zrt_g.npes; ++q)
    n += q != zrt_g.me && lists[q].n > 0;
  return n;
}

/* The number of groups of a combining send's slots. */
static int64_t slot_count(const i64vec *slots) {
  int64_t n = 0;
  for (int64_t i = 0; i < slots->n; ++i)
    n = slots->v[i] >= n ? slots->v[i] + 1 : n;
  return n;
}

/* An indexed message of an accumulating scatter (zrt_msg.combining): a
 * send with the group of each element (slots; the storage moves into the
 * message), one element per group, or (slots NULL) a receive. */
static void make_combining(zrt_msg *m, int64_t op, i64vec *slots) {
  m->combining = true;
  m->combine_op = (int)op;
  if (!slots)
    return;
  m->ngroups = slot_count(slots);
  m->group = slots->v;
  m->bytes = (size_t)m->ngroups * m->arr->esz; /* the buffer has room for nidx */
  slots->v = NULL;
  slots->n = slots->cap = 0;
}

/* The handle's messages from the lists (send: source offsets per receiver;
 * recv: destination offsets per sender; this PE's own lists are its local
 * copy). `strided`: lists that form loop nests become strided views.
 * `groups` (accumulating scatters, else NULL): the sends' slots
 * (inspect_combine). The lists' storage moves into the handle. */
static void build_messages(im_transfer *t, const remap_call *c, i64vec *send, i64vec *recv,
                           bool strided, i64vec *groups) {
  remap_state *st = t->kind_state;
  int me = zrt_g.me, tag = zrt_pair_tag(t->id); /* one message per PE pair */
  int ns = count_peers(send), nr = count_peers(recv);
  t->send = calloc((size_t)(ns ? ns : 1), sizeof *t->send);
  t->recv = calloc((size_t)(nr ? nr : 1), sizeof *t->recv);
  st->views = strided ? calloc((size_t)ns + (size_t)nr + 2, sizeof *st->views) : NULL;
  if (!t->send || !t->recv || (strided && !st->views))
    zrt_failf("out of memory for a transfer of array %s", c->dst->name);
  for (int q = 0; q < zrt_g.npes; ++q) {
    if (q == me)
      continue;
    if (send[q].n) {
      zrt_msg *m = &t->send[t->nsend++];
      list_msg(m, q, tag, c->src, &send[q], strided ? &st->views[st->nviews++] : NULL, true);
      if (groups)
        make_combining(m, c->op, &groups[q]);
      t->send_bytes += (int64_t)m->bytes;
    }
    if (recv[q].n) {
      zrt_msg *m = &t->recv[t->nrecv++];
      list_msg(m, q, tag, c->dst, &recv[q], strided ? &st->views[st->nviews++] : NULL, true);
      if (groups)
        make_combining(m, c->op, NULL);
    }
  }
  int64_t kept = groups ? slot_count(&groups[me]) : send[me].n; /* one element per group */
  if (kept != recv[me].n)
    zrt_failf("internal: a remap of array %s keeps %lld elements but places %lld", c->dst->name,
              (long long)kept, (long long)recv[me].n);
  if (send[me].n) {
    st->has_local = true;
    list_msg(&st->local_send, me, tag, c->src, &send[me],
             strided ? &st->views[st->nviews++] : NULL, true);
    list_msg(&st->local_recv, me, tag, c->dst, &recv[me],
             strided ? &st->views[st->nviews++] : NULL, false);
    t->kind_local_copies = copy_local;
  }
  if (groups) {
    if (st->has_local) {
      make_combining(&st->local_send, c->op, &groups[me]);
      make_combining(&st->local_recv, c->op, NULL);
      t->kind_local_copies = pack_own;
    }
    t->kind_unpack = combine_received;
  }
}

/* A gather's receives from other PEs carry each distinct element once:
 * each takes the slots of its points (zrt_msg.group; the storage moves
 * into the message) and is as long as its distinct elements. */
static void expand_receives(im_transfer *t, i64vec *slots) {
  for (int i = 0; i < t->nrecv; ++i) {
    zrt_msg *m = &t->recv[i];
    i64vec *v = &slots[m->peer];
    m->ngroups = slot_count(v);
    m->group = v->v;
    m->bytes = (size_t)m->ngroups * m->arr->esz; /* the buffer has room for nidx */
    v->v = NULL;
    v->n = v->cap = 0;
  }
}

/* ---- the index values a schedule was built for ---------------------------------------------
 * A PE keeps the values its schedule depends on, to tell after a write to
 * an index array whether they changed. Each is kept as its offset from the
 * smallest, in the fewest bytes (1, 2, 4 or 8) that hold the largest
 * offset: CG's row and column numbers (up to 7000 at class W) take 2 bytes
 * each, not 8. */
static int width_of(uint64_t span) {
  return span <= UINT8_MAX ? 1 : span <= UINT16_MAX ? 2 : span <= UINT32_MAX ? 4 : 8;
}

static uint64_t copy_get(const value_copy *v, int64_t i) {
  switch (v->width) {
  case 1:
    return ((const uint8_t *)v->bytes)[i];
  case 2:
    return ((const uint16_t *)v->bytes)[i];
  case 4:
    return ((const uint32_t *)v->bytes)[i];
  default:
    return ((const uint64_t *)v->bytes)[i];
  }
}

static void copy_set(value_copy *v, int64_t i, uint64_t offset) {
  switch (v->width) {
  case 1:
    ((uint8_t *)v->bytes)[i] = (uint8_t)offset;
    break;
  case 2:
    ((uint16_t *)v->bytes)[i] = (uint16_t)offset;
    break;
  case 4:
    ((uint32_t *)v->bytes)[i] = (uint32_t)offset;
    break;
  default:
    ((uint64_t *)v->bytes)[i] = offset;
  }
}

/* What index_values does with each value, the at-th: finds the values'
 * range, stores the value into copy, or compares it with copy's. */
typedef struct value_visit {
  enum { VALUES_RANGE, VALUES_STORE, VALUES_COMPARE } what;
  value_copy *copy;
  int64_t at, lowest, highest;
  bool same; /* compare: every value so far equals the copy's */
} value_visit;

static void visit_value(value_visit *v, int64_t x) {
  /* modulo 2^64: one offset per value, so equal offsets mean equal values */
  uint64_t offset = v->copy ? (uint64_t)x - (uint64_t)v->copy->lowest : 0;
  if (v->what == VALUES_RANGE) {
    v->lowest = v->at == 0 || x < v->lowest ? x : v->lowest;
    v->highest = v->at == 0 || x > v->highest ? x : v->highest;
  } else if (v->what == VALUES_STORE) {
    copy_set(v->copy, v->at, offset);
  } else {
    v->same = v->at < v->copy->n && offset == copy_get(v->copy, v->at);
  }
  ++v->at;
}

/* Walks what this PE's schedule depends on, in the inspector's order: at
 * each point, whether it is selected (masked remaps) and the index arrays'
 * values at the selected ones, each given to visit_value (a comparison
 * stops at the first difference). */
static void index_values(const remap_call *c, value_visit *v) {
  zrt_region *tiles;
  int64_t nt = my_tiles(c->r, direct_array(c), &tiles);
  int rank = indexed_array(c)->rank;
  for (int64_t i = 0; i < nt && v->same; ++i) {
    walk w;
    for (bool more = walk_first(&w, &tiles[i]); more && v->same; more = walk_next(&w)) {
      bool moves = selected(c, w.at);
      if (c->mask)
        visit_value(v, moves);
      for (int k = 0; k < rank && moves; ++k) {
        zrt_array *I = c->ia[k];
        visit_value(v, zrt_elem_get_i64(I->type, (char *)I->base +
                                                     (size_t)zrt_array_elem(I, w.at) * I->esz));
      }
    }
  }
  free(tiles);
}

/* Whether this PE's index values (and selection) are those of *copy. */
static bool same_index_values(const remap_call *c, value_copy *copy) {
  value_visit compare = {VALUES_COMPARE, copy, 0, 0, 0, true};
  index_values(c, &compare);
  return compare.same && compare.at == copy->n;
}

/* The write stamps (zrt_array.written) of what a schedule depends on: the
 * index arrays', then the mask's (0: none). */
static void dependency_stamps(const remap_call *c, uint64_t out[ZRT_MAX_RANK + 1]) {
  for (int k = 0; k < ZRT_MAX_RANK; ++k)
    out[k] = c->ia[k] ? c->ia[k]->written : 0;
  out[ZRT_MAX_RANK] = c->mask ? c->mask->written : 0;
}

/* Keeps this PE's index values (and selection) and their stamps: a first
 * walk finds their range, the second stores them. */
static void keep_index_values(remap_state *st, const remap_call *c) {
  value_visit range = {VALUES_RANGE, NULL, 0, 0, 0, true};
  index_values(c, &range);
  value_copy *copy = &st->index_copy;
  copy->n = range.at;
  copy->lowest = range.lowest;
  copy->width = width_of((uint64_t)range.highest - (uint64_t)range.lowest);
  copy->bytes = malloc((size_t)(copy->n ? copy->n : 1) * (size_t)copy->width);
  if (!copy->bytes)
    zrt_failf("out of memory in a remap schedule");
  value_visit store = {VALUES_STORE, copy, 0, 0, 0, true};
  index_values(c, &store);
  dependency_stamps(c, st->stamps);
}

static void finish_handle(im_transfer *t, double t0) {
  if (zrt_g.be->transfer_setup)
    zrt_g.be->transfer_setup(t);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
}

/* A new remap handle: the inspector (collective), then the messages. */
static im_transfer *inspect(int xfer_kind, int64_t id, const remap_call *c) {
  double t0 = zrt_g.be->clock();
  int np = zrt_g.npes;
  im_transfer *t = new_handle(xfer_kind, id, c);
  i64vec *send = vecs_new(np), *recv = vecs_new(np);
  i64vec *groups = c->combining ? vecs_new(np) : NULL;
  i64vec *slots = c->kind == IM_GATHER ? vecs_new(np) : NULL;
  if (c->kind == IM_GATHER)
    inspect_gather(c, send, recv, slots);
  else if (c->combining)
    inspect_combine(c, send, groups, recv);
  else
    inspect_scatter(c, send, recv);
  build_messages(t, c, send, recv, false, groups);
  if (slots)
    expand_receives(t, slots);
  vecs_free(send, np);
  vecs_free(recv, np);
  if (groups)
    vecs_free(groups, np);
  if (slots)
    vecs_free(slots, np);
  if (c->ia[0] || c->mask)
    keep_index_values(t->kind_state, c);
  ++zrt_g.n_remap_inspections;
  finish_handle(t, t0);
  return t;
}

/* ---- accumulating scatters without a schedule ----------------------------------------------
 * No contribution is sorted. At SR each PE walks its selected points in
 * walk order: a contribution to an element it stores is its own, any other
 * goes as a record (target index, value) into the bucket of each PE storing
 * the target; one all-to-all exchange (counts, then records) delivers the
 * buckets, and every PE combines what it received (NPB IS's bucket
 * exchange).
 *   - Integer + and * wrap, so their order cannot matter (combines_exactly):
 *     own contributions combine straight into their targets, received
 *     records as they come. Such a scatter never builds a schedule.
 *   - Reals keep the order a schedule gives (zrt_msg.group): each PE's
 *     contributions to one target combine in its walk order, and those
 *     per-PE results into the target in PE order. A dense buffer of sums
 *     per PE (pe_sums) does that in time linear in the contributions: the
 *     own ones summed during the walk, each other PE's from its records.
 *     The same index values at the next call build a schedule (the handle
 *     keeps the values it ran with), which later calls reuse while the
 *     values stay. */
static bool combines_exactly(const remap_call *c) {
  return c->combining && c->dst->type == ZRT_I64;
}

/* This PE's owned indices of dst as a box, when dst has one block per
 * dimension here and no flood dimension: the quick test for "combined
 * here" (an index outside goes through write_owners). */
typedef struct owned_box {
  bool valid;
  int rank;
  int64_t lo[ZRT_MAX_RANK], hi[ZRT_MAX_RANK];
} owned_box;

static owned_box owned_box_of(const zrt_array *a) {
  owned_box b = {false, a->rank, {0, 0, 0}, {0, 0, 0}};
  b.valid = zrt_array_owned_box(a, b.lo, b.hi);
  return b;
}

static bool in_owned_box(const owned_box *b, const int64_t x[ZRT_MAX_RANK]) {
  if (!b->valid)
    return false;
  for (int k = 0; k < b->rank; ++k)
    if (x[k] < b->lo[k] || x[k] > b->hi[k])
      return false;
  return true;
}

/* Exact contributions combine in batches: a loop of independent updates
 * lets the processor overlap the cache misses of scattered targets, which
 * the walk's longer loop body does not. */
#define DIRECT_BATCH 256

/* One run of a direct scatter. */
typedef struct direct_run {
  const remap_call *c;
  owned_box mine;
  owned_box fast;  /* exact 1-D: mine within dst's declared region (exact_row_1d) */
  direct_buffers *b;
  int npending;    /* exact: own contributions not yet combined */
  int64_t pending_off[DIRECT_BATCH], pending_bits[DIRECT_BATCH];
  bool partials;   /* exact: others' elements combined here first (uses_partials) */
  position_map at; /* positions in dst's declared region, for b->partial */
} direct_run;

/* exact_row_1d's box: for an exact scatter into a 1-D array of 64-bit
 * elements on a unit lattice, the owned indices inside the declared
 * region. */
static owned_box fast_box_of(const remap_call *c, owned_box mine) {
  const zrt_region *decl = &c->dst->decl;
  mine.valid = mine.valid && combines_exactly(c) && c->dst->rank == 1 && c->dst->esz == 8 &&
               zrt_step(decl, 0) == 1;
  if (mine.lo[0] < decl->lo[0])
    mine.lo[0] = decl->lo[0];
  if (mine.hi[0] > decl->hi[0])
    mine.hi[0] = decl->hi[0];
  return mine;
}

/* The offset of dst's element x on this PE (x stored here). */
static int64_t target_offset(const direct_run *d, const int64_t x[ZRT_MAX_RANK]) {
  if (!in_owned_box(&d->mine, x))
    check_stored(d->c->dst, x, "scatter");
  return zrt_array_elem(d->c->dst, x);
}

/* The pending exact contributions, combined into their targets. */
static void flush_pending(direct_run *d) {
  uint64_t *dst = d->c->dst->base; /* exact: 64-bit integers, which wrap */
  const int64_t *off = d->pending_off, *bits = d->pending_bits;
  if (d->c->op == ZRT_SCATTER_MUL)
    for (int i = 0; i < d->npending; ++i)
      dst[off[i]] *= (uint64_t)bits[i];
  else
    for (int i = 0; i < d->npending; ++i)
      dst[off[i]] += (uint64_t)bits[i];
  d->npending = 0;
}

/* An own contribution: combined soon (exact) or kept for its PE's turn. */
static void take_own(direct_run *d, int64_t off, int64_t bits) {
  if (combines_exactly(d->c)) {
    if (d->npending == DIRECT_BATCH)
      flush_pending(d);
    d->pending_off[d->npending] = off;
    d->pending_bits[d->npending++] = bits;
    return;
  }
  pe_sums_add(&d->b->own, d->c, off, bits);
}

/* The words of one record sent: the index, then the value bits unless the
 * scatter is of one value (which every PE knows) sent point by point. */
static int record_words(const direct_run *d) {
  return d->c->dst->rank + (!d->c->by_value || d->partials);
}

/* An exact scatter whose target has no more elements than a PE has points
 * (on average; every PE decides the same) first combines the
 * contributions to other PEs' elements here, in a dense buffer over dst's
 * declared region, and sends one record per element it touched instead of
 * one per point: a histogram's bins split the work between the PEs that
 * hold the keys and those that hold the bins. */
static bool uses_partials(const remap_call *c) {
  return combines_exactly(c) && zrt_g.npes > 1 && !c->dst->decl.flood &&
         zrt_box_count(&c->dst->decl) * zrt_g.npes <= zrt_box_count(&c->r);
}

/* The partial results' identity: nothing combined yet. */
static uint64_t partial_identity(const remap_call *c) { return c->op == ZRT_SCATTER_MUL ? 1 : 0; }

static void combine_partial(direct_run *d, const int64_t x[ZRT_MAX_RANK], uint64_t v) {
  uint64_t *acc = (uint64_t *)d->b->partial.v + position_at(&d->at, x);
  if (d->c->op == ZRT_SCATTER_MUL)
    *acc *= v;
  else
    *acc += v;
}

/* The contribution `value` of a point to dst's element x. */
static void contribute(direct_run *d, const int64_t x[ZRT_MAX_RANK], const char *value) {
  const remap_call *c = d->c;
  int64_t bits = 0;
  memcpy(&bits, value, c->by_value ? sizeof bits : c->src->esz);
  if (in_owned_box(&d->mine, x)) {
    take_own(d, zrt_array_elem(c->dst, x), bits);
    return;
  }
  if (d->partials) {
    combine_partial(d, x, (uint64_t)bits);
    return;
  }
  int64_t *owners = d->b->owners;
  int n = write_owners(c->dst, x, owners);
  for (int i = 0; i < n; ++i) {
    if (owners[i] == zrt_g.me) {
      take_own(d, target_offset(d, x), bits);
      continue;
    }
    for (int k = 0; k < c->dst->rank; ++k)
      vec_push(&d->b->out[owners[i]], x[k]);
    if (!c->by_value)
      vec_push(&d->b->out[owners[i]], bits);
  }
}

/* Partial results into a 1-D array of a block distribution with 64-bit
 * elements on a unit lattice go to each PE per block: every PE's block of
 * the declared region is one run of indices that every PE can compute, so
 * a PE whose block got many partial results receives them dense, in index
 * order without the indices (half the words of records when all are
 * touched, and one loop to combine them), and one whose block got few
 * receives (index, value) records. Every PE decides the same: the test
 * reads only the array's declaration and distribution. */
static bool partials_by_block(const direct_run *d) {
  const zrt_array *dst = d->c->dst;
  return d->partials && dst->rank == 1 && dst->dist->D.kind[0] == ZRT_DIST_BLOCK &&
         dst->esz == 8 && zrt_step(&dst->decl, 0) == 1;
}

/* The first word of a message of partial results by block: its form. */
enum { PARTIALS_AS_RECORDS = 0, PARTIALS_DENSE = 1 };

/* PE q's block of dst's declared region (lo > hi: none); the extended
 * blocks of a block distribution tile all indices. */
static void partials_block(const zrt_array *dst, int q, int64_t *lo, int64_t *hi) {
  zrt_region b = zrt_decomp_block(&dst->dist->D, q, true);
  *lo = b.lo[0] > dst->decl.lo[0] ? b.lo[0] : dst->decl.lo[0];
  *hi = b.hi[0] < dst->decl.hi[0] ? b.hi[0] : dst->decl.hi[0];
}

/* PE q's partial results acc[lo..hi] (indices from the declared region's
 * first) into out, in the shorter form; nothing when none was touched. */
static void push_block_partials(const uint64_t *acc, int64_t first, int64_t lo, int64_t hi,
                                uint64_t identity, i64vec *out) {
  int64_t touched = 0;
  for (int64_t x = lo; x <= hi; ++x)
    touched += acc[x - first] != identity;
  if (touched == 0)
    return;
  bool dense = 2 * touched >= hi - lo + 1;
  vec_push(out, dense ? PARTIALS_DENSE : PARTIALS_AS_RECORDS);
  for (int64_t x = lo; x <= hi; ++x) {
    if (!dense && acc[x - first] == identity)
      continue;
    if (!dense)
      vec_push(out, x);
    vec_push(out, (int64_t)acc[x - first]);
  }
}

/* send_partials by block: this PE's own block of the buffer stayed at the
 * identity (its points went straight into its elements). */
static void send_partials_by_block(direct_run *d) {
  const zrt_array *dst = d->c->dst;
  for (int q = 0; q < zrt_g.npes; ++q) {
    int64_t lo, hi;
    partials_block(dst, q, &lo, &hi);
    if (q != zrt_g.me && lo <= hi)
      push_block_partials((const uint64_t *)d->b->partial.v, dst->decl.lo[0], lo, hi,
                          partial_identity(d->c), &d->b->out[q]);
  }
}

/* Dense partial results over this PE's block, combined into its elements
 * in index order (exact: the order cannot matter). */
static void combine_dense(direct_run *d, const int64_t *values, int64_t n) {
  const zrt_array *dst = d->c->dst;
  int64_t lo, hi;
  partials_block(dst, zrt_g.me, &lo, &hi);
  if (n != hi - lo + 1)
    zrt_failf("internal: a scatter into array %s received %lld dense partial results for a "
              "block of %lld elements", dst->name, (long long)n, (long long)(hi - lo + 1));
  int64_t stride = dst->layout.stride[0];
  uint64_t *elems = (uint64_t *)dst->base + dst->offset + lo * stride;
  if (d->c->op == ZRT_SCATTER_MUL)
    for (int64_t i = 0; i < n; ++i)
      elems[i * stride] *= (uint64_t)values[i];
  else
    for (int64_t i = 0; i < n; ++i)
      elems[i * stride] += (uint64_t)values[i];
}

/* After the walk: each partial result that combined something, as a record
 * to the PE storing its element (or combined here, for an element this PE
 * stores outside its owned box). */
static void send_partials(direct_run *d) {
  if (partials_by_block(d)) {
    send_partials_by_block(d);
    return;
  }
  const remap_call *c = d->c;
  const uint64_t *acc = (const uint64_t *)d->b->partial.v;
  uint64_t identity = partial_identity(c);
  int64_t pos = 0, *owners = d->b->owners;
  walk w;
  for (bool more = walk_first(&w, &c->dst->decl); more; more = walk_next(&w), ++pos) {
    if (acc[pos] == identity)
      continue;
    int n = write_owners(c->dst, w.at, owners);
    for (int i = 0; i < n; ++i) {
      if (owners[i] == zrt_g.me) {
        take_own(d, target_offset(d, w.at), (int64_t)acc[pos]);
        continue;
      }
      for (int k = 0; k < c->dst->rank; ++k)
        vec_push(&d->b->out[owners[i]], w.at[k]);
      vec_push(&d->b->out[owners[i]], (int64_t)acc[pos]);
    }
  }
}

/* The dense partial results, all at the identity, when the run uses them. */
static void start_partials(direct_run *d) {
  d->partials = uses_partials(d->c);
  if (!d->partials)
    return;
  d->at = position_map_of(&d->c->dst->decl);
  int64_t n = zrt_box_count(&d->c->dst->decl);
  vec_reserve(&d->b->partial, n);
  uint64_t identity = partial_identity(d->c);
  uint64_t *acc = (uint64_t *)d->b->partial.v;
  for (int64_t i = 0; i < n; ++i)
    acc[i] = identity;
}

/* The records sent, counted like a schedule's indexed messages. */
static void count_direct_messages(const i64vec *out) {
  for (int q = 0; q < zrt_g.npes; ++q) {
    if (q == zrt_g.me || out[q].n == 0)
      continue;
    int64_t bytes = out[q].n * (int64_t)sizeof(int64_t);
    ++zrt_g.n_messages;
    ++zrt_g.n_msg_packed;
    ++zrt_g.n_msg_pattern[ZRT_PAT_INDEXED];
    zrt_g.n_bytes += bytes;
    zrt_g.n_bytes_pattern[ZRT_PAT_INDEXED] += bytes;
  }
}

/* Reals: the n values of records received from one PE, summed per target
 * in their order. */
static void sum_records(const direct_run *d, pe_sums *sums, const int64_t *records, int64_t n) {
  int rank = d->c->dst->rank, words = record_words(d);
  pe_sums_fit(sums, d->c->dst);
  for (int64_t i = 0; i + words <= n; i += words) {
    int64_t x[ZRT_MAX_RANK] = {0, 0, 0};
    memcpy(x, &records[i], (size_t)rank * sizeof *x);
    pe_sums_add(sums, d->c, target_offset(d, x),
                words == rank ? d->c->value_bits : records[i + rank]);
  }
}

/* Exact: the n values of records received from one PE, combined as they
 * come (no list of pairs). */
static void combine_records(direct_run *d, const int64_t *records, int64_t n) {
  int rank = d->c->dst->rank, words = record_words(d);
  for (int64_t i = 0; i + words <= n; i += words) {
    int64_t x[ZRT_MAX_RANK] = {0, 0, 0};
    memcpy(x, &records[i], (size_t)rank * sizeof *x);
    take_own(d, target_offset(d, x), words == rank ? d->c->value_bits : records[i + rank]);
  }
}

/* After the exchange: the received records combined in (exact: as they
 * come; reals: PE by PE, this PE's own in its turn). */
static void combine_arrived(direct_run *d, remap_state *st) {
  direct_buffers *b = d->b;
  for (int q = 0; q < zrt_g.npes; ++q) {
    const int64_t *records = b->flat.v + b->from[q];
    int64_t n = b->from[q + 1] - b->from[q];
    if (combines_exactly(d->c)) {
      if (q == zrt_g.me || n == 0) /* own contributions are combined already */
        continue;
      if (!partials_by_block(d))
        combine_records(d, records, n);
      else if (records[0] == PARTIALS_DENSE)
        combine_dense(d, records + 1, n - 1);
      else
        combine_records(d, records + 1, n - 1);
      continue;
    }
    if (q == zrt_g.me)
      pe_sums_apply(&b->own, d->c);
    if (q == zrt_g.me || n == 0)
      continue;
    sum_records(d, &b->received, records, n);
    pe_sums_apply(&b->received, d->c);
  }
  flush_pending(d);
}

/* ---- the direct walk's fast form ----
 * Without a mask, with arrays stored in one block per dimension, 64-bit
 * or int32 indices and an owned box, the walk goes row by row: each
 * array's offset at the row's first point, then a constant step per point
 * (the same points, order and errors as selected_walk). */
static bool fast_walk_fits(const direct_run *d) {
  const remap_call *c = d->c;
  if (c->mask || !d->mine.valid || c->src->tiled || c->r.flood)
    return false;
  for (int k = 0; k < c->dst->rank; ++k)
    if ((c->ia[k]->type != ZRT_I64 && c->ia[k]->type != ZRT_I32) || c->ia[k]->tiled)
      return false;
  return true;
}

/* Element `at` of a row of indices: int32 (`narrow`) or 64-bit. */
static inline int64_t row_index(const void *ix, bool narrow, int64_t at) {
  return narrow ? ((const int32_t *)ix)[at] : ((const int64_t *)ix)[at];
}

/* The offset step in a between points `step` apart along r's last
 * dimension: step / lat_step lattice points in a compact array (r's
 * points are on its lattice: zplc checks). */
static int64_t row_step(const zrt_array *a, int64_t step) {
  int last = a->rank - 1;
  return zrt_is_flood(&a->decl, last) ? 0 : a->layout.stride[last] * (step / a->lat_step[last]);
}

/* Where point p's value is and the step to the next point's in the row
 * (a scatter of one value: always value_bits). */
static const char *source_at(const remap_call *c, const int64_t p[ZRT_MAX_RANK], int64_t step,
                             int64_t *value_step) {
  if (c->by_value) {
    *value_step = 0;
    return (const char *)&c->value_bits;
  }
  *value_step = row_step(c->src, step) * (int64_t)c->src->esz;
  return (const char *)c->src->base + (size_t)zrt_array_elem(c->src, p) * c->src->esz;
}

/* Exact scatters into a 1-D array: the points from j on whose indices this
 * PE stores (in `fast`, inside the declared region), combined at once in a
 * tight loop, and with partial results those to other elements of the
 * declared region into them; returns the first point that is neither. */
static inline __attribute__((always_inline)) int64_t
exact_row(const direct_run *d, const void *ix, bool narrow, int64_t is, const char *src,
          int64_t ss, int64_t j, int64_t n) {
  const zrt_array *dst = d->c->dst;
  uint64_t *elems = dst->base, *acc = (uint64_t *)d->b->partial.v;
  int64_t lo = d->fast.lo[0], hi = d->fast.hi[0], stride = dst->layout.stride[0];
  int64_t dlo = dst->decl.lo[0], dhi = d->partials ? dst->decl.hi[0] : dlo - 1;
  bool mul = d->c->op == ZRT_SCATTER_MUL;
  uint64_t v, *into;
  memcpy(&v, src, sizeof v);
  for (; j < n; ++j) {
    int64_t x = row_index(ix, narrow, j * is);
    if (x >= lo && x <= hi)
      into = &elems[dst->offset + x * stride];
    else if (x >= dlo && x <= dhi)
      into = &acc[x - dlo];
    else
      break;
    if (ss)
      memcpy(&v, src + j * ss, sizeof v);
    if (mul)
      *into *= v;
    else
      *into += v;
  }
  return j;
}

/* exact_row compiled once per index width. */
static int64_t exact_row_1d(const direct_run *d, const void *ix, bool narrow, int64_t is,
                            const char *src, int64_t ss, int64_t j, int64_t n) {
  return narrow ? exact_row(d, ix, true, is, src, ss, j, n)
                : exact_row(d, ix, false, is, src, ss, j, n);
}

/* The n points of a row from p, `step` apart; false (with the message) at
 * an index outside dst's declared region. */
static bool walk_row(direct_run *d, const int64_t p[ZRT_MAX_RANK], int64_t n, int64_t step,
                     char *msg, size_t len) {
  const remap_call *c = d->c;
  const zrt_region *decl = &c->dst->decl;
  int rank = c->dst->rank;
  const char *ix[ZRT_MAX_RANK];
  bool narrow[ZRT_MAX_RANK];
  int64_t is[ZRT_MAX_RANK];
  for (int k = 0; k < rank; ++k) {
    const zrt_array *I = c->ia[k];
    ix[k] = (const char *)I->base + (size_t)zrt_array_elem(I, p) * I->esz;
    narrow[k] = I->type == ZRT_I32;
    is[k] = row_step(I, step);
  }
  int64_t ss;
  const char *src = source_at(c, p, step, &ss);
  for (int64_t j = 0; j < n; ++j) {
    if (d->fast.valid && (j = exact_row_1d(d, ix[0], narrow[0], is[0], src, ss, j, n)) == n)
      break;
    int64_t x[ZRT_MAX_RANK] = {0, 0, 0};
    for (int k = 0; k < rank; ++k) {
      x[k] = row_index(ix[k], narrow[k], j * is[k]);
      if (x[k] < decl->lo[k] || x[k] > decl->hi[k]) {
        int64_t q[ZRT_MAX_RANK] = {p[0], p[1], p[2]};
        q[c->r.rank - 1] += j * step;
        return index_at(c, q, x, msg, len);
      }
    }
    contribute(d, x, src + j * ss);
  }
  return true;
}

/* This PE's points, row by row; every PE then agrees on errors. */
static void fast_walk(direct_run *d) {
  const remap_call *c = d->c;
  zrt_region *tiles;
  int64_t nt = my_tiles(c->r, c->src, &tiles);
  int last = (int)c->r.rank - 1;
  bool ok = true;
  char msg[300] = "";
  for (int64_t i = 0; i < nt && ok; ++i) {
    zrt_region rows = tiles[i];
    int64_t n = zrt_box_empty(&rows) ? 0 : zrt_lattice_count(&rows, last);
    rows.hi[last] = rows.lo[last];
    walk w;
    for (bool more = n > 0 && walk_first(&w, &rows); more && ok; more = walk_next(&w))
      ok = walk_row(d, w.at, n, zrt_step(&tiles[i], last), msg, sizeof msg);
  }
  free(tiles);
  agree_fail(!ok, msg);
}

/* This PE's points, each contributing (the fast form when it fits). */
static void walk_points(direct_run *d) {
  const remap_call *c = d->c;
  if (fast_walk_fits(d)) {
    fast_walk(d);
    return;
  }
  selected_walk s;
  int64_t unused_step;
  for (bool more = selected_first(&s, c); more; more = selected_next(&s))
    contribute(d, s.x, source_at(c, s.w.at, 0, &unused_step));
  selected_end(&s);
}

/* At SR (kind_local_copies): the contributions, combined or sent. */
static void combine_direct(im_transfer *t) {
  remap_state *st = t->kind_state;
  const remap_call *c = &st->call;
  int np = zrt_g.npes;
  if (!st->buffers)
    st->buffers = direct_buffers_new();
  owned_box mine = owned_box_of(c->dst);
  direct_run d = {c, mine, fast_box_of(c, mine), st->buffers, 0, {0}, {0}};
  for (int q = 0; q < np; ++q)
    d.b->out[q].n = 0;
  if (!combines_exactly(c))
    pe_sums_fit(&d.b->own, c->dst);
  start_partials(&d);
  walk_points(&d);
  if (d.partials)
    send_partials(&d);
  ++zrt_g.n_remap_direct;
  count_direct_messages(d.b->out);
  d.b->from[np] = d.b->from[0] = 0; /* one PE: nothing arrives */
  if (np > 1)
    exchange_flat(d.b->out, &d.b->scratch, &d.b->flat, d.b->from);
  else
    d.b->from[1] = 0;
  combine_arrived(&d, st);
}

/* A handle that runs c without a schedule (see above); the values of the
 * index arrays (and mask) are kept for a real scatter. */
static im_transfer *direct_handle(int64_t id, const remap_call *c) {
  double t0 = zrt_g.be->clock();
  im_transfer *t = new_handle(ZRT_XFER_REMAP, id, c);
  remap_state *st = t->kind_state;
  st->direct = true;
  st->call = *c;
  t->send = calloc(1, sizeof *t->send);
  t->recv = calloc(1, sizeof *t->recv);
  if (!t->send || !t->recv)
    zrt_failf("out of memory for a transfer of array %s", c->dst->name);
  t->kind_local_copies = combine_direct;
  if (!combines_exactly(c))
    keep_index_values(st, c);
  finish_handle(t, t0);
  return t;
}

/* ---- im_remap ------------------------------------------------------------------------------- */
static void check_remap(const remap_call *c) {
  if (c->kind != IM_GATHER && c->kind != IM_SCATTER)
    zrt_failf("im_remap: unknown kind %lld (expected %d gather or %d scatter)",
              (long long)c->kind, IM_GATHER, IM_SCATTER);
  const char *what = c->kind == IM_GATHER ? "gather" : "scatter";
  zrt_array *X = indexed_array(c), *D = direct_array(c);
  for (int k = 0; k < X->rank; ++k)
    if (!c->ia[k])
      zrt_failf("%s of array %s: index array %d is missing", what, X->name, k + 1);
  for (int k = 0; k < ZRT_MAX_RANK; ++k)
    if (c->ia[k] && c->ia[k]->rank != c->r.rank)
      zrt_failf("%s of array %s: index array %s has rank %d, the region %lld", what, X->name,
                c->ia[k]->name, c->ia[k]->rank, (long long)c->r.rank);
  if (D->rank != c->r.rank)
    zrt_failf("%s: array %s has rank %d, the region %lld", what, D->name, D->rank,
              (long long)c->r.rank);
  if (c->mask && (c->mask->type != ZRT_BOOL || c->mask->rank != c->r.rank))
    zrt_failf("%s of array %s: the mask %s must be a boolean array of rank %lld", what, X->name,
              c->mask->name, (long long)c->r.rank);
  if (!c->by_value && c->src->type != c->dst->type)
    zrt_failf("%s: arrays %s and %s have different element types", what, c->src->name,
              c->dst->name);
}

static bool product_fits(const struct product_state *p, const remap_call *c); /* below */

/* The cached handle's schedule fits this call: the same transfer, region
 * and array shapes (the arrays themselves may be new allocations, e.g.
 * temporaries allocated anew in every iteration). Every PE decides the
 * same, as shapes follow from the declared regions. */
static bool same_call(const im_transfer *t, int xfer_kind, int64_t id, const remap_call *c) {
  const remap_state *st = t->kind_state;
  array_shape src = shape_of(c->src), dst = shape_of(c->dst);
  int nindex = 0;
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    nindex += c->ia[k] != NULL;
    if (st->perm[k] != c->perm[k])
      return false;
  }
  return t->kind == xfer_kind && t->id == id && st->remap_kind == c->kind &&
         product_fits(st->product, c) && st->nindex == nindex &&
         st->masked == (c->mask != NULL) && st->without == c->without &&
         st->combining == c->combining && st->op == c->op &&
         same_region(&t->r, &c->r) && same_shape(&st->src_shape, &src) &&
         same_shape(&st->dst_shape, &dst);
}

/* A message's section in array a (of the shape it was built for): an
 * indexed message names a; a strided view starts at its first element. */
static void rebind_msg(zrt_msg *m, zrt_array *a) {
  if (m->idx) {
    m->arr = a;
    return;
  }
  m->arr->base = (char *)a->base + (size_t)m->elem_off * a->esz;
  m->arr->serial = a->serial;
  m->arr->name = a->name;
  m->ptr = m->arr->base;
}

/* Points the cached schedule's messages at this call's arrays when they are
 * other allocations of the same shape; the back end rebuilds its state
 * (addresses). */
static void rebind(im_transfer *t, const remap_call *c) {
  remap_state *st = t->kind_state;
  if (t->a == c->dst && t->serial == c->dst->serial && st->src == c->src &&
      st->src_serial == c->src->serial)
    return;
  if (zrt_g.be->transfer_release)
    zrt_g.be->transfer_release(t);
  t->a = c->dst;
  t->serial = c->dst->serial;
  st->src = c->src;
  st->src_serial = c->src->serial;
  for (int i = 0; i < t->nsend; ++i)
    rebind_msg(&t->send[i], c->src);
  for (int i = 0; i < t->nrecv; ++i)
    rebind_msg(&t->recv[i], c->dst);
  if (st->has_local) {
    rebind_msg(&st->local_send, c->src);
    rebind_msg(&st->local_recv, c->dst);
  }
  if (zrt_g.be->transfer_setup)
    zrt_g.be->transfer_setup(t);
}

/* Whether this PE's index values (and selection) differ from st's copy.
 * They are read again only when an index array (or the mask) was written
 * since (its stamp changed): a schedule reused in a loop costs no pass
 * over them. */
static bool values_changed_here(remap_state *st, const remap_call *c) {
  uint64_t now[ZRT_MAX_RANK + 1];
  dependency_stamps(c, now);
  if (memcmp(now, st->stamps, sizeof now) == 0)
    return false;
  memcpy(st->stamps, now, sizeof now);
  return !same_index_values(c, &st->index_copy);
}

/* Collective: whether some PE's index values differ from its copy. */
static bool indices_changed(im_transfer *t, const remap_call *c) {
  int64_t changed = values_changed_here(t->kind_state, c);
  zrt_g.be->allreduce(&changed, 1, ZRT_I64, ZRT_MAX);
  return changed != 0;
}

/* ---- a call site's handles, one per array shape ------------------------------------------
 * A routine called for arrays of several sizes meets the same remap with
 * several shapes: its call site keeps one handle per shape (the handle it
 * holds, then the others through other_shapes, most recently used first),
 * so going back to a size reuses that size's schedule. Every PE finds the
 * same one, as shapes follow from the declared regions. */
#define MAX_SHAPES 8

/* Of the call site's handles (cached and the others after it), the one
 * built for c's transfer and shapes, detached, or NULL; *rest gets the
 * others in their order. */
static im_transfer *take_shape(im_transfer *cached, int xfer_kind, int64_t id,
                               const remap_call *c, im_transfer **rest) {
  im_transfer *found = NULL, **tail = rest;
  *rest = NULL;
  for (im_transfer *t = cached, *next; t; t = next) {
    remap_state *st = t->kind_state;
    next = st->other_shapes;
    st->other_shapes = NULL;
    if (!found && same_call(t, xfer_kind, id, c)) {
      found = t;
      continue;
    }
    *tail = t;
    tail = &st->other_shapes;
  }
  return found;
}

/* t heads the call site's handles, the others after it; beyond
 * MAX_SHAPES the least recently used are released. */
static im_transfer *keep_shapes(im_transfer *t, im_transfer *rest) {
  ((remap_state *)t->kind_state)->other_shapes = rest;
  im_transfer *last = t;
  for (int n = 1; n < MAX_SHAPES && ((remap_state *)last->kind_state)->other_shapes; ++n)
    last = ((remap_state *)last->kind_state)->other_shapes;
  remap_state *st = last->kind_state;
  for (im_transfer *u = st->other_shapes, *next; u; u = next) {
    next = ((remap_state *)u->kind_state)->other_shapes;
    remap_release(u);
  }
  st->other_shapes = NULL;
  return t;
}

/* The handle for c, given the one built for its shapes (or NULL): the
 * schedule while the index values stay, else a new one; an accumulating
 * scatter with new values runs without a schedule, an integer one always. */
static im_transfer *handle_for(im_transfer *t, int64_t id, const remap_call *c) {
  if (t && combines_exactly(c)) {
    ((remap_state *)t->kind_state)->call = *c;
    return t;
  }
  bool seen = t && !indices_changed(t, c);
  if (seen && !((remap_state *)t->kind_state)->direct) {
    rebind(t, c);
    return t;
  }
  if (t)
    remap_release(t);
  if (c->combining && !seen)
    return direct_handle(id, c);
  return inspect(ZRT_XFER_REMAP, id, c);
}

/* im_remap, im_remap_masked and im_remap_combine. */
static im_transfer *remap_handle(im_transfer *cached, int64_t id, const remap_call *c0) {
  remap_call c = *c0;
  check_remap(&c);
  im_transfer *rest, *t = take_shape(cached, ZRT_XFER_REMAP, id, &c, &rest);
  return keep_shapes(handle_for(t, id, &c), rest);
}

im_transfer *im_remap(im_transfer *cached, int64_t id, int64_t kind, zrt_array *dst,
                      zrt_region r, zrt_array *src, zrt_array *i1, zrt_array *i2,
                      zrt_array *i3) {
  remap_call c = {kind, dst, src, {i1, i2, i3}, {0, 0, 0}, r, NULL, false, false, 0};
  return remap_handle(cached, id, &c);
}

im_transfer *im_remap_masked(im_transfer *cached, int64_t id, int64_t kind, zrt_array *dst,
                             zrt_region r, zrt_array *src, zrt_array *mask, int64_t without,
                             zrt_array *i1, zrt_array *i2, zrt_array *i3) {
  remap_call c = {kind, dst, src, {i1, i2, i3}, {0, 0, 0}, r, mask, without != 0, false, 0};
  return remap_handle(cached, id, &c);
}

im_transfer *im_remap_combine(im_transfer *cached, int64_t id, int64_t op, zrt_array *dst,
                              zrt_region r, zrt_array *src, zrt_array *mask, int64_t without,
                              zrt_array *i1, zrt_array *i2, zrt_array *i3) {
  if (op != ZRT_SCATTER_ADD && op != ZRT_SCATTER_MUL)
    zrt_failf("im_remap_combine: unknown operator %lld", (long long)op);
  if (dst->type == ZRT_BOOL)
    zrt_failf("scatter into array %s: combines numbers, not booleans", dst->name);
  remap_call c = {IM_SCATTER, dst, src, {i1, i2, i3}, {0, 0, 0}, r, mask, without != 0, true, op};
  return remap_handle(cached, id, &c);
}

im_transfer *im_remap_combine_value(im_transfer *cached, int64_t id, int64_t op, zrt_array *dst,
                                    zrt_region r, int64_t value, zrt_array *mask,
                                    int64_t without, zrt_array *i1, zrt_array *i2,
                                    zrt_array *i3) {
  if (op != ZRT_SCATTER_ADD && op != ZRT_SCATTER_MUL)
    zrt_failf("im_remap_combine_value: unknown operator %lld", (long long)op);
  if (dst->type != ZRT_I64)
    zrt_failf("scatter of one value into array %s: combines integers only", dst->name);
  if (!i1)
    zrt_failf("scatter of one value into array %s: index array 1 is missing", dst->name);
  remap_call c = {IM_SCATTER, dst, i1, {i1, i2, i3}, {0, 0, 0}, r, mask, without != 0, true, op,
                  true, value};
  return remap_handle(cached, id, &c);
}

/* ---- sparse products ----------------------------------------------------------------------
 * im_remap_product runs [r] dst#[I] += src * factor#[J] (reals) in one
 * pass over this PE's points, as a CSR loop does: the gather
 * T := factor#[J], the product T := src * T and the accumulating scatter
 * dst#[I] += T without the temporary T, each term the same double as
 * theirs and combined in the same order, so the results are theirs bit
 * for bit:
 *   - values: factor's stored elements, then the distinct elements this
 *     PE reads from each other PE, in PE order (the gather's receives land
 *     there in place); each term reads the value at its value slot;
 *   - sums: one per (target PE, target element), this PE's own targets
 *     first, then each other PE's, numbered as inspect_combine numbers
 *     its groups; each term adds src[p] * value into its sum slot, in walk
 *     order, from -0.0 (as groups_f64 does), so the sums for another PE
 *     are the scatter's message to it as sent;
 *   - at DN the sums combine into dst in PE order (combine_received).
 * Only values of other PEs' factor elements and sums for other PEs'
 * targets travel; the schedule is reused while both index sets stay.
 * Each term's two slots take 4 bytes when they fit 16 bits each (CG at
 * classes W and A), 8 bytes when they fit 32 bits. */
typedef struct product_terms {
  int64_t n;
  uint32_t *pairs16;        /* each term's sum slot << 16 | value slot, when
                               every slot fits 16 bits; else */
  uint64_t *pairs;          /* sum slot << 32 | value slot, when they fit 32
                               bits; else: */
  int64_t *sum64, *value64;
  int64_t *src;             /* each term's source offset; NULL: src_first + term */
  int64_t src_first;
} product_terms;

typedef struct product_state {
  im_transfer *gather; /* brings other PEs' factor elements into `values` */
  array_shape factor_shape;
  zrt_array *factor; /* the array the gather's messages point at now */
  uint64_t factor_serial;
  double *values;
  int64_t nfactor; /* factor's stored elements: values' first part */
  int64_t nsums;   /* the sums (in the handle's local_send.buf) */
  product_terms terms;
} product_state;

static void product_free(product_state *p) {
  if (!p)
    return;
  if (p->gather)
    remap_release(p->gather);
  free(p->values);
  free(p->terms.pairs16);
  free(p->terms.pairs);
  free(p->terms.sum64);
  free(p->terms.value64);
  free(p->terms.src);
  free(p);
}

/* The gather half of a product: factor#[J] over r, into (the offsets of)
 * the array over r. */
static remap_call gather_call_of(const remap_call *c) {
  remap_call g = {IM_GATHER, c->src, c->factor, {c->ja[0], c->ja[1], c->ja[2]},
                  {0, 0, 0}, c->r,   NULL,      false,
                  false,     0};
  return g;
}

static bool product_fits(const product_state *p, const remap_call *c) {
  if (!p || !c->factor)
    return !p && !c->factor;
  array_shape factor = shape_of(c->factor);
  int nindex = 0;
  for (int k = 0; k < ZRT_MAX_RANK; ++k)
    nindex += c->ja[k] != NULL;
  return same_shape(&p->factor_shape, &factor) &&
         nindex == ((const remap_state *)p->gather->kind_state)->nindex;
}

/* What the walk lists per term: its source offset, its value slot (a
 * factor offset, or -1 - (slot * npes + peer) for an element of another
 * PE) and, on several PEs, the PE storing its target; per PE, the
 * distinct factor indices asked of it (ZRT_MAX_RANK words each) and the
 * target keys of the terms it gets, in term order. */
typedef struct product_lists {
  i64vec src, value, pe;
  i64vec *asks, *keys;
} product_lists;

/* This PE's terms in walk order: one per point and PE storing its target. */
static void list_terms(const remap_call *c, const remap_call *g, const target_keys *keys,
                       product_lists *l) {
  int np = zrt_g.npes;
  index_slots distinct = {NULL, NULL, 0, 0};
  int64_t *owners = malloc((size_t)np * sizeof *owners);
  if (!owners)
    zrt_failf("out of memory in a sparse product");
  selected_walk s;
  for (bool more = selected_first(&s, c); more; more = selected_next(&s)) {
    int64_t x[ZRT_MAX_RANK], value;
    if (!index_at(g, s.w.at, x, s.msg, sizeof s.msg)) {
      s.bad = true;
      break;
    }
    int64_t from = read_owner(g, x, s.w.at);
    if (from == zrt_g.me) {
      check_stored(g->src, x, "gather");
      value = zrt_array_elem(g->src, x);
    } else {
      value = -1 - (index_slot(&distinct, x, &l->asks[from]) * np + from);
    }
    int64_t src = zrt_array_elem(c->src, s.w.at), key = target_key(keys, s.x);
    int n = write_owners(c->dst, s.x, owners);
    for (int t = 0; t < n; ++t) {
      push_offset(&l->src, src);
      vec_push(&l->value, value);
      if (np > 1)
        vec_push(&l->pe, owners[t]);
      vec_push(&l->keys[owners[t]], key);
    }
  }
  free(owners);
  free(distinct.key);
  free(distinct.slot);
  selected_end(&s);
}

static ZRT_PE_LOCAL int fewest_slot_bits = 16;

void zrt_product_slot_bits(int bits) { fewest_slot_bits = bits; }

/* The bits each of a term's two slots takes: 16, 32 or 64. */
static int slot_bits(int64_t nvalues, int64_t nsums) {
  int64_t most = nvalues > nsums ? nvalues : nsums;
  int bits = most <= UINT16_MAX + 1 ? 16 : most <= (int64_t)UINT32_MAX + 1 ? 32 : 64;
  return bits > fewest_slot_bits ? bits : fewest_slot_bits;
}

/* Term i's slots, kept as 16- or 32-bit pairs in *slots (written at or
 * before term i's word: in place), or in wide lists. */
static void put_slots(product_terms *terms, int bits, int64_t *slots, int64_t i, int64_t sum,
                      int64_t value) {
  if (bits == 16)
    ((uint32_t *)slots)[i] = (uint32_t)sum << 16 | (uint32_t)value;
  else if (bits == 32)
    slots[i] = (int64_t)((uint64_t)sum << 32 | (uint64_t)value);
  else {
    terms->sum64[i] = sum;
    slots[i] = value;
  }
}

/* The terms' slots from the walk's lists (keys: now each term's group in
 * its PE's sums), written over the value slots' list: the inspector's
 * peak is the walk's lists, no more. */
static void fill_terms(product_terms *terms, product_lists *l, const int64_t *value_base,
                       const int64_t *sum_base, int64_t nvalues, int64_t nsums) {
  int np = zrt_g.npes, bits = slot_bits(nvalues, nsums);
  int64_t n = l->value.n, *slots = l->value.v, *next = calloc((size_t)np, sizeof *next);
  terms->sum64 = bits == 64 ? malloc((size_t)(n ? n : 1) * sizeof *terms->sum64) : NULL;
  if (!next || (bits == 64 && !terms->sum64))
    zrt_failf("out of memory in a sparse product");
  for (int64_t i = 0; i < n; ++i) {
    int64_t q = np > 1 ? l->pe.v[i] : 0, v = slots[i];
    int64_t sum = sum_base[q] + l->keys[q].v[next[q]++];
    put_slots(terms, bits, slots, i, sum, v >= 0 ? v : value_base[(-1 - v) % np] + (-1 - v) / np);
  }
  free(next);
  l->value.n = bits == 16 ? (n + 1) / 2 : n; /* the words the slots take */
  vec_shrink(&l->value);
  terms->n = n;
  terms->pairs16 = bits == 16 ? (uint32_t *)l->value.v : NULL;
  terms->pairs = bits == 32 ? (uint64_t *)l->value.v : NULL;
  terms->value64 = bits == 64 ? l->value.v : NULL;
  l->value.v = NULL;
  terms->src_first = n ? l->src.v[0] : 0;
  if (l->src.run || n == 0) { /* the source read in storage order (CG) */
    free(l->src.v);
  } else {
    vec_shrink(&l->src);
    terms->src = l->src.v;
  }
  l->src.v = NULL;
}

/* The scatter half's messages: to each other PE its sums, in place in
 * `sums` (contiguous: nothing to pack); from each, its sums, combined into
 * their targets at DN in PE order with this PE's own (local_send.buf:
 * `sums`, whose own part comes first). targets[q]: the indices of PE q's
 * targets, in group order. */
static void product_scatter_messages(im_transfer *t, const remap_call *c, i64vec *targets,
                                     const int64_t *sum_base, double *sums) {
  remap_state *st = t->kind_state;
  int np = zrt_g.npes, me = zrt_g.me, tag = zrt_pair_tag(t->id);
  i64vec *asked = vecs_new(np), *recv = vecs_new(np);
  exchange_vecs(targets, asked);
  for (int q = 0; q < np; ++q)
    for (int64_t i = 0; i < asked[q].n; i += ZRT_MAX_RANK) {
      check_stored(c->dst, &asked[q].v[i], "scatter");
      vec_push(&recv[q], zrt_array_elem(c->dst, &asked[q].v[i]));
    }
  int ns = 0, nr = count_peers(recv);
  for (int q = 0; q < np; ++q)
    ns += q != me && targets[q].n > 0;
  t->send = calloc((size_t)(ns ? ns : 1), sizeof *t->send);
  t->recv = calloc((size_t)(nr ? nr : 1), sizeof *t->recv);
  if (!t->send || !t->recv)
    zrt_failf("out of memory for a transfer of array %s", c->dst->name);
  for (int q = 0; q < np; ++q) {
    if (q == me)
      continue;
    if (targets[q].n) {
      zrt_msg *m = &t->send[t->nsend++];
      m->peer = q;
      m->tag = tag;
      m->bytes = (size_t)(targets[q].n / ZRT_MAX_RANK) * sizeof(double);
      m->contiguous = true;
      m->ptr = sums + sum_base[q];
      m->pattern = ZRT_PAT_INDEXED;
      t->send_bytes += (int64_t)m->bytes;
    }
    if (recv[q].n) {
      zrt_msg *m = &t->recv[t->nrecv++];
      list_msg(m, q, tag, c->dst, &recv[q], NULL, true);
      make_combining(m, c->op, NULL);
    }
  }
  st->has_local = true;
  st->local_send = (zrt_msg){.peer = me, .tag = tag, .arr = c->dst, .buf = sums};
  list_msg(&st->local_recv, me, tag, c->dst, &recv[me], NULL, false);
  make_combining(&st->local_recv, c->op, NULL);
  t->kind_unpack = combine_received;
  vecs_free(asked, np);
  vecs_free(recv, np);
}

/* The gather half: each other PE sends the distinct factor elements this
 * one asked of it, received in place into `values` at value_base[q]
 * (contiguous: nothing to unpack). Its tag differs from the scatter's
 * (zrt_pair_tag's tags are 13 or 14 modulo 27, this one 15), whose
 * receives are posted before the gather runs. */
static im_transfer *product_gather(int64_t id, const remap_call *g, i64vec *asks,
                                   const int64_t *value_base, double *values) {
  int np = zrt_g.npes, me = zrt_g.me, tag = zrt_pair_tag(id) + 2;
  im_transfer *t = new_handle(ZRT_XFER_REMAP, id, g);
  t->a = NULL; /* it writes none of the program's arrays */
  i64vec *asked = vecs_new(np), *send = vecs_new(np);
  exchange_vecs(asks, asked);
  for (int q = 0; q < np; ++q)
    for (int64_t i = 0; i < asked[q].n; i += ZRT_MAX_RANK) {
      check_stored(g->src, &asked[q].v[i], "gather");
      vec_push(&send[q], zrt_array_elem(g->src, &asked[q].v[i]));
    }
  int ns = count_peers(send), nr = count_peers(asks);
  t->send = calloc((size_t)(ns ? ns : 1), sizeof *t->send);
  t->recv = calloc((size_t)(nr ? nr : 1), sizeof *t->recv);
  if (!t->send || !t->recv)
    zrt_failf("out of memory for a transfer of array %s", g->src->name);
  for (int q = 0; q < np; ++q) {
    if (q == me)
      continue;
    if (send[q].n) {
      zrt_msg *m = &t->send[t->nsend++];
      list_msg(m, q, tag, g->src, &send[q], NULL, true);
      t->send_bytes += (int64_t)m->bytes;
    }
    if (asks[q].n) {
      zrt_msg *m = &t->recv[t->nrecv++];
      *m = (zrt_msg){.peer = q, .tag = tag, .arr = g->src, .contiguous = true,
                     .pattern = ZRT_PAT_INDEXED, .ptr = values + value_base[q],
                     .bytes = (size_t)(asks[q].n / ZRT_MAX_RANK) * sizeof(double)};
    }
  }
  vecs_free(asked, np);
  vecs_free(send, np);
  if (zrt_g.be->transfer_setup)
    zrt_g.be->transfer_setup(t);
  return t;
}

/* Each sum is its terms, src[p] * value, added in term order from -0.0
 * (-0.0 + x is x for every x). The runtime is compiled as ISO C, where
 * GCC does not contract a * b + c into one rounding. */
static void add_terms_16(double *restrict sums, const double *restrict values,
                         const double *restrict src, const product_terms *p) {
  const uint32_t *restrict pair = p->pairs16;
  if (!p->src) {
    const double *restrict v = src + p->src_first;
    for (int64_t i = 0; i < p->n; ++i)
      sums[pair[i] >> 16] += v[i] * values[pair[i] & 0xffff];
  } else {
    const int64_t *restrict at = p->src;
    for (int64_t i = 0; i < p->n; ++i)
      sums[pair[i] >> 16] += src[at[i]] * values[pair[i] & 0xffff];
  }
}

static void add_terms_32(double *restrict sums, const double *restrict values,
                         const double *restrict src, const product_terms *p) {
  const uint64_t *restrict pair = p->pairs;
  if (!p->src) {
    const double *restrict v = src + p->src_first;
    for (int64_t i = 0; i < p->n; ++i)
      sums[pair[i] >> 32] += v[i] * values[(uint32_t)pair[i]];
  } else {
    const int64_t *restrict at = p->src;
    for (int64_t i = 0; i < p->n; ++i)
      sums[pair[i] >> 32] += src[at[i]] * values[(uint32_t)pair[i]];
  }
}

static void add_terms_wide(double *restrict sums, const double *restrict values,
                           const double *restrict src, const product_terms *p) {
  const int64_t *restrict to = p->sum64, *restrict from = p->value64;
  for (int64_t i = 0; i < p->n; ++i)
    sums[to[i]] += src[p->src ? p->src[i] : p->src_first + i] * values[from[i]];
}

/* At SR (kind_local_copies): the gather of other PEs' values, then the
 * terms summed. The gather's time is inside this SR's, counted once. */
static void run_product(im_transfer *t) {
  remap_state *st = t->kind_state;
  product_state *p = st->product;
  double comm_seconds = zrt_g.comm_seconds;
  im_dr(p->gather);
  im_sr(p->gather);
  memcpy(p->values, st->call.factor->base, (size_t)p->nfactor * sizeof(double));
  im_dn(p->gather);
  im_sv(p->gather);
  zrt_g.comm_seconds = comm_seconds;
  double *sums = st->local_send.buf;
  for (int64_t g = 0; g < p->nsums; ++g)
    sums[g] = -0.0;
  if (p->terms.pairs16)
    add_terms_16(sums, p->values, st->call.src->base, &p->terms);
  else if (p->terms.pairs)
    add_terms_32(sums, p->values, st->call.src->base, &p->terms);
  else
    add_terms_wide(sums, p->values, st->call.src->base, &p->terms);
  if (zrt_g.be->compute) { /* per term: a multiply and an add; the source
                            * and the slots streamed, a value and a sum
                            * read in the cache, the sum stored. (The
                            * gather's copy and the scatter's pack that
                            * this loop replaces were never charged.) */
    zrt_op_counts terms = {2, 0, 0, 2, 2, 1};
    zrt_g.be->compute(p->terms.n, false, &terms);
  }
}

/* A new product handle (collective): the walk, then both halves. */
static im_transfer *inspect_product(int64_t id, const remap_call *c) {
  double t0 = zrt_g.be->clock();
  int np = zrt_g.npes, me = zrt_g.me;
  remap_call g = gather_call_of(c);
  target_keys keys = target_keys_of(c->dst);
  product_lists l = {{0}, {0}, {0}, vecs_new(np), vecs_new(np)};
  list_terms(c, &g, &keys, &l);
  im_transfer *t = new_handle(ZRT_XFER_REMAP, id, c);
  remap_state *st = t->kind_state;
  product_state *p = calloc(1, sizeof *p);
  int64_t *value_base = malloc((size_t)np * sizeof *value_base);
  int64_t *sum_base = malloc((size_t)np * sizeof *sum_base);
  i64vec *targets = vecs_new(np);
  if (!p || !value_base || !sum_base)
    zrt_failf("out of memory in a sparse product");
  st->product = p;
  st->call = *c;
  p->factor_shape = shape_of(c->factor);
  p->factor = c->factor;
  p->factor_serial = c->factor->serial;
  p->nfactor = (int64_t)(c->factor->bytes / c->factor->esz);
  int64_t nvalues = p->nfactor;
  for (int q = 0; q < np; ++q) {
    value_base[q] = nvalues;
    nvalues += l.asks[q].n / ZRT_MAX_RANK;
    number_groups(&l.keys[q], &keys, &targets[q]);
  }
  p->nsums = targets[me].n / ZRT_MAX_RANK;
  for (int q = 0; q < np; ++q)
    if (q != me) {
      sum_base[q] = p->nsums;
      p->nsums += targets[q].n / ZRT_MAX_RANK;
    }
  sum_base[me] = 0;
  fill_terms(&p->terms, &l, value_base, sum_base, nvalues, p->nsums);
  free(l.pe.v);
  vecs_free(l.keys, np);
  p->values = malloc((size_t)(nvalues ? nvalues : 1) * sizeof *p->values);
  double *sums = malloc((size_t)(p->nsums ? p->nsums : 1) * sizeof *sums);
  if (!p->values || !sums)
    zrt_failf("out of memory in a sparse product into array %s", c->dst->name);
  product_scatter_messages(t, c, targets, sum_base, sums);
  vecs_free(targets, np);
  p->gather = product_gather(id, &g, l.asks, value_base, p->values);
  vecs_free(l.asks, np);
  free(value_base);
  free(sum_base);
  t->kind_local_copies = run_product;
  keep_index_values(st, c);
  keep_index_values(p->gather->kind_state, &g);
  ++zrt_g.n_remap_inspections;
  finish_handle(t, t0);
  return t;
}

/* Collective: whether some PE's values of either index set changed. */
static bool product_changed(im_transfer *t, const remap_call *c) {
  remap_state *st = t->kind_state;
  remap_call g = gather_call_of(c);
  int64_t changed = values_changed_here(st, c) ||
                    values_changed_here(st->product->gather->kind_state, &g);
  zrt_g.be->allreduce(&changed, 1, ZRT_I64, ZRT_MAX);
  return changed != 0;
}

/* The schedule reused for this call's arrays (of the same shapes): the
 * messages point at them; the buffers they move through stay. */
static void product_rebind(im_transfer *t, const remap_call *c) {
  remap_state *st = t->kind_state;
  product_state *p = st->product;
  im_transfer *g = p->gather;
  st->call = *c;
  if (t->a == c->dst && t->serial == c->dst->serial && p->factor == c->factor &&
      p->factor_serial == c->factor->serial)
    return;
  if (zrt_g.be->transfer_release) {
    zrt_g.be->transfer_release(t);
    zrt_g.be->transfer_release(g);
  }
  t->a = c->dst;
  t->serial = c->dst->serial;
  for (int i = 0; i < t->nrecv; ++i)
    t->recv[i].arr = c->dst;
  st->local_send.arr = st->local_recv.arr = c->dst;
  p->factor = c->factor;
  p->factor_serial = c->factor->serial;
  for (int i = 0; i < g->nsend; ++i)
    g->send[i].arr = c->factor;
  for (int i = 0; i < g->nrecv; ++i)
    g->recv[i].arr = c->factor;
  if (zrt_g.be->transfer_setup) {
    zrt_g.be->transfer_setup(t);
    zrt_g.be->transfer_setup(g);
  }
}

im_transfer *im_remap_product(im_transfer *cached, int64_t id, zrt_array *dst, zrt_region r,
                              zrt_array *src, zrt_array *factor, zrt_array *i1, zrt_array *i2,
                              zrt_array *i3, zrt_array *j1, zrt_array *j2, zrt_array *j3) {
  remap_call c = {IM_SCATTER, dst, src, {i1, i2, i3}, {0, 0, 0}, r, NULL, false, true,
                  ZRT_SCATTER_ADD};
  c.factor = factor;
  c.ja[0] = j1;
  c.ja[1] = j2;
  c.ja[2] = j3;
  if (dst->type != ZRT_F64 || src->type != ZRT_F64 || factor->type != ZRT_F64)
    zrt_failf("sparse product into array %s: arrays %s, %s and %s must hold doubles", dst->name,
              dst->name, src->name, factor->name);
  remap_call g = gather_call_of(&c);
  check_remap(&c);
  check_remap(&g);
  im_transfer *rest, *t = take_shape(cached, ZRT_XFER_REMAP, id, &c, &rest);
  if (t && !product_changed(t, &c)) {
    product_rebind(t, &c);
    return keep_shapes(t, rest);
  }
  if (t)
    remap_release(t);
  return keep_shapes(inspect_product(id, &c), rest);
}

/* A call site's handles (every shape's), released after their last use:
 * the compiler calls this after SV of a remap its program runs at most
 * once, so that the schedule's lists and kept index values do not stay
 * for the rest of the run. Returns the call site's new (empty) cache. */
im_transfer *im_remap_release(im_transfer *t) {
  while (t) {
    im_transfer *next = ((remap_state *)t->kind_state)->other_shapes;
    remap_release(t);
    t = next;
  }
#ifdef __GLIBC__
  malloc_trim(0);
#endif
  return NULL;
}

/* A remap run at once (no static transfer): built, executed, released. */
static void run_once(im_transfer *t) {
  im_dr(t);
  im_sr(t);
  im_dn(t);
  im_sv(t);
  remap_release(t);
}

void zrt_gather(zrt_array *dst, zrt_region r, zrt_array *src, zrt_array *i1, zrt_array *i2,
                zrt_array *i3) {
  run_once(im_remap(NULL, ONCE_ID, IM_GATHER, dst, r, src, i1, i2, i3));
}

void zrt_scatter(zrt_array *dst, zrt_region r, zrt_array *src, zrt_array *i1, zrt_array *i2,
                 zrt_array *i3) {
  run_once(im_remap(NULL, ONCE_ID, IM_SCATTER, dst, r, src, i1, i2, i3));
}

void zrt_scatter_combine(zrt_array *dst, zrt_region r, zrt_array *src, zrt_array *mask,
                         int64_t without, int64_t op, zrt_array *i1, zrt_array *i2,
                         zrt_array *i3) {
  run_once(im_remap_combine(NULL, ONCE_ID, op, dst, r, src, mask, without, i1, i2, i3));
}

/* ---- im_transpose ---------------------------------------------------------------------------- */
static void check_transpose(const remap_call *c, int64_t orientation) {
  int rank = (int)c->r.rank;
  if (c->dst->rank != rank || c->src->rank != rank)
    zrt_failf("transpose of array %s into %s: the arrays and the region must have one rank",
              c->src->name, c->dst->name);
  if (c->src->type != c->dst->type)
    zrt_failf("transpose: arrays %s and %s have different element types", c->src->name,
              c->dst->name);
  if (orientation != IM_LOADS && orientation != IM_STORES)
    zrt_failf("im_transpose: unknown orientation %lld (expected %d loads or %d stores)",
              (long long)orientation, IM_LOADS, IM_STORES);
  int seen = 0;
  for (int k = 0; k < rank; ++k) {
    int64_t j = c->perm[k];
    if (j < 0 || j >= rank || (seen >> j) & 1)
      zrt_failf("im_transpose of array %s: (%lld, %lld, %lld) is not a permutation of 1..%d",
                c->src->name, (long long)c->perm[0] + 1, (long long)c->perm[1] + 1,
                (long long)c->perm[2] + 1, rank);
    seen |= 1 << j;
  }
}

ZRT_NORETURN static void fail_off_lattice(const zrt_array *X, int k, int64_t x) {
  char msg[256];
  off_lattice_text(msg, sizeof msg, X, k, x);
  zrt_fail_all("%s", msg);
}

/* Every PE sees the same region, so every PE stops together when its
 * source indices leave the source's declared region. */
static void check_transpose_bounds(const remap_call *c) {
  if (zrt_box_empty(&c->r))
    return;
  const zrt_array *X = c->src;
  for (int k = 0; k < X->rank; ++k) {
    int64_t j = c->perm[k];
    int64_t first = c->r.lo[j];
    int64_t last = zrt_is_flood(&c->r, j) ? first
                                          : zrt_lattice_down(c->r.hi[j], first, zrt_step(&c->r, j));
    if (zrt_is_flood(&X->decl, k))
      continue;
    if (first < X->decl.lo[k] || last > X->decl.hi[k])
      zrt_fail_all("remap index %lld in dimension %d is outside the declared region %lld..%lld "
                   "of array %s",
                   (long long)(first < X->decl.lo[k] ? first : last), k + 1,
                   (long long)X->decl.lo[k], (long long)X->decl.hi[k], X->name);
    int64_t step = zrt_step(&X->decl, k), rstep = zrt_step(&c->r, j);
    if ((first - X->decl.lo[k]) % step != 0)
      fail_off_lattice(X, k, first);
    if (last != first && rstep % step != 0)
      fail_off_lattice(X, k, first + rstep);
  }
}

/* A transpose from the distributions alone (no flood dimensions). */
static im_transfer *plan_transpose(int64_t id, const remap_call *c, int64_t orientation) {
  double t0 = zrt_g.be->clock();
  int np = zrt_g.npes;
  im_transfer *t = new_handle(ZRT_XFER_TRANSPOSE, id, c);
  ((remap_state *)t->kind_state)->orientation = orientation;
  transpose_order o = {c, orientation == IM_LOADS, c->r,
                       zrt_region_align(box_to_source(&c->r, c->perm), c->src)};
  i64vec *send = vecs_new(np), *recv = vecs_new(np);
  bool recv_keyed = transpose_lists(&o, true, recv);
  bool send_keyed = transpose_lists(&o, false, send);
  for (int q = 0; q < np; ++q) {
    if (send_keyed)
      offsets_by_key(&send[q]);
    if (recv_keyed)
      offsets_by_key(&recv[q]);
  }
  build_messages(t, c, send, recv, true, NULL);
  vecs_free(send, np);
  vecs_free(recv, np);
  finish_handle(t, t0);
  return t;
}

im_transfer *im_transpose(im_transfer *cached, int64_t id, zrt_array *dst, zrt_region r,
                          zrt_array *src, int64_t p0, int64_t p1, int64_t p2,
                          int64_t orientation) {
  remap_call c = {IM_GATHER, dst, src, {NULL, NULL, NULL}, {p0 - 1, p1 - 1, p2 - 1},
                  r,         NULL, false, false, 0};
  for (int k = (int)r.rank; k < ZRT_MAX_RANK; ++k)
    c.perm[k] = 0;
  check_transpose(&c, orientation);
  im_transfer *rest, *t = take_shape(cached, ZRT_XFER_TRANSPOSE, id, &c, &rest);
  if (t && ((remap_state *)t->kind_state)->orientation == orientation) {
    rebind(t, &c);
    return keep_shapes(t, rest);
  }
  if (t)
    remap_release(t);
  check_transpose_bounds(&c);
  /* Flood dimensions: several destination points read one stored source
   * element; the inspector handles them like any gather. */
  if (r.flood || src->decl.flood || dst->decl.flood) {
    t = inspect(ZRT_XFER_TRANSPOSE, id, &c);
    ((remap_state *)t->kind_state)->orientation = orientation;
  } else {
    t = plan_transpose(id, &c, orientation);
  }
  return keep_shapes(t, rest);
}
