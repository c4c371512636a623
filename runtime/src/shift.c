/* shift.c — shifts by directions known only at run time (`A@d`, `A@^d`
 * with d from config vars, parameters or locals): the array's ghost cells
 * grown to reach d, the lattice and storage checks the compiler could not
 * make, and the halo or wrap transfer run in place (its handle kept by
 * the call site, rebuilt when d changes). */
#include "ironman.h"
#include "zplrt_internal.h"

#include <stdlib.h>
#include <string.h>

/* A transfer's four calls, one after the other. */
static void run_now(im_transfer *t) {
  im_dr(t);
  im_sr(t);
  im_dn(t);
  im_sv(t);
}

im_transfer *zrt_shift(im_transfer *cached, int64_t id, zrt_array *a, zrt_region r, int64_t d0,
                       int64_t d1, int64_t d2, const char *where) {
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  r = zrt_region_align(r, a);
  /* Off the lattice of a strided array the read would hold no element
   * (a compact array would read a neighbouring one). */
  zrt_array_check_lattice(a, r, d0, d1, d2, where);
  zrt_array_reach(a, d);
  zrt_array_check(a, r, d0, d1, d2);
  im_transfer *t = im_halo(cached, id, a, r, d0, d1, d2);
  run_now(t);
  return t;
}

im_transfer *zrt_shift_wrap(im_transfer *cached, int64_t id, zrt_array *a, int64_t d0,
                            int64_t d1, int64_t d2, const char *where) {
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  if (!d0 && !d1 && !d2) /* no band */
    return cached;
  zrt_region decl = zrt_region_align(a->decl, a);
  zrt_array_check_lattice(a, decl, d0, d1, d2, where);
  zrt_array_reach(a, d);
  im_transfer *t = im_wrap(cached, id, a, decl, d0, d1, d2);
  run_now(t);
  return t;
}

im_transfer *zrt_shift_boundary(im_transfer *cached, int64_t id, int64_t reflect, zrt_array *a,
                                zrt_region r, int64_t d0, int64_t d1, int64_t d2,
                                const char *where) {
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  if (!d0 && !d1 && !d2) /* no band */
    return cached;
  r = zrt_region_align(r, a);
  /* The band d of r holds the points of r moved by d nearest the edge: on
   * a's lattice and within its storage as those are. */
  zrt_array_check_lattice(a, r, d0, d1, d2, where);
  zrt_array_reach(a, d);
  zrt_array_check(a, r, d0, d1, d2);
  im_transfer *t = reflect ? im_reflect(cached, id, a, r, d0, d1, d2)
                           : im_wrap(cached, id, a, r, d0, d1, d2);
  run_now(t);
  return t;
}

/* ---- a statement's run-time shifts of one array, as one exchange ------------------------------
 * The shifts of a stencil by run-time directions (`U@^[-s, 0, s]` and its
 * 26 siblings) each need a wrap and a halo; one after the other they cost
 * 52 waits per statement and move each face once per direction that
 * crosses it (nine times for a 27-point stencil). zrt_shift_wraps runs
 * every wrap of the group as one transfer (the bands are disjoint: their
 * sections only add up), zrt_shift_halos every halo as one transfer whose
 * sections for a peer leave out the cells an earlier member already
 * brings from that peer. Both sides of a message drop the same cells: a
 * halo's send box to q is q's receive box from this PE, and every PE
 * walks the members in the same order. With several tiles per PE (cyclic
 * distributions) one cell may be needed by two tiles, so nothing is left
 * out there; the sections are only gathered into one message per peer. */

typedef struct group_key {
  int64_t n;
  int64_t dirs[]; /* 3 per member */
} group_key;

static void group_release(im_transfer *t) { free(t->kind_state); }

/* Whether c is the group's handle (for a's current storage unless
 * any_storage). */
static bool group_hit(const im_transfer *c, int kind, int64_t id, const zrt_array *a,
                      const zrt_region *r, int64_t n, const int64_t *dirs, bool any_storage) {
  if (!c || c->kind != kind || c->id != id || c->a != a ||
      (!any_storage && c->serial != a->serial))
    return false;
  const group_key *key = c->kind_state;
  if (!key || key->n != n || memcmp(key->dirs, dirs, (size_t)(3 * n) * sizeof *dirs) != 0)
    return false;
  for (int64_t k = 0; k < r->rank; ++k)
    if (c->r.lo[k] != r->lo[k] || c->r.hi[k] != r->hi[k] || c->r.step[k] != r->step[k])
      return false;
  return c->r.rank == r->rank && c->r.flood == r->flood;
}

/* The cached handle to use, or NULL after releasing what is cached: as
 * for single transfers (ironman.c), an array that exchanges storage with
 * its spare every time (zrt_array_rename) alternates two handles, the one
 * of the storage not in use kept as `alt`; *keep is what a new handle
 * should keep. */
static im_transfer *group_cached(im_transfer *cached, int kind, int64_t id, const zrt_array *a,
                                 const zrt_region *r, int64_t n, const int64_t *dirs,
                                 im_transfer **keep) {
  *keep = NULL;
  if (group_hit(cached, kind, id, a, r, n, dirs, false))
    return cached;
  if (!cached)
    return NULL;
  im_transfer *other = cached->alt;
  cached->alt = NULL;
  if (other && group_hit(other, kind, id, a, r, n, dirs, false)) {
    other->alt = cached;
    return other;
  }
  if (other)
    zrt_transfer_release(other);
  if (group_hit(cached, kind, id, a, r, n, dirs, true))
    *keep = cached;
  else
    zrt_transfer_release(cached);
  return NULL;
}

static im_transfer *group_new(int kind, int64_t id, zrt_array *a, zrt_region r, int64_t n,
                              const int64_t *dirs) {
  im_transfer *t = zrt_transfer_new(kind, id, a, r, 0, 0, 0);
  group_key *key = malloc(sizeof *key + (size_t)(3 * n) * sizeof *dirs);
  if (!key)
    zrt_failf("out of memory for the shifts of array %s", a->name);
  key->n = n;
  memcpy(key->dirs, dirs, (size_t)(3 * n) * sizeof *dirs);
  t->kind_state = key;
  t->kind_release = group_release;
  return t;
}

/* One message per peer: every section gets the group's tag, sorted. */
static void as_one_message_per_peer(zrt_bsec_list *all, int64_t id) {
  int tag = zrt_pair_tag(id);
  for (int i = 0; i < all->n; ++i)
    all->v[i].tag = tag;
  if (all->n > 1)
    qsort(all->v, (size_t)all->n, sizeof *all->v, zrt_bsec_cmp);
}

/* Whether two boxes' points lie on one lattice (so their intersection and
 * differences are boxes of it). */
static bool one_lattice(const zrt_region *a, const zrt_region *b) {
  for (int64_t k = 0; k < a->rank; ++k) {
    int64_t s = zrt_step(a, k);
    if (zrt_step(b, k) != s || (a->lo[k] - b->lo[k]) % s != 0 || (a->hi[k] - b->lo[k]) % s != 0)
      return false;
  }
  return true;
}

/* Appends to out the pieces of x's box outside b: at most two per
 * dimension, cut off one dimension after the other. */
static void subtract(const zrt_bsection *x, const zrt_region *b, zrt_bsec_list *out) {
  zrt_region rest = x->box;
  zrt_region meet = zrt_box_intersect(&rest, b);
  if (zrt_box_empty(&meet) || !one_lattice(&rest, b)) {
    zrt_bsec_push(out, x);
    return;
  }
  zrt_bsection piece = *x;
  for (int64_t k = 0; k < rest.rank; ++k) {
    int64_t s = zrt_step(&rest, k);
    if (rest.lo[k] < meet.lo[k]) {
      piece.box = rest;
      piece.box.hi[k] = meet.lo[k] - s;
      piece.other = piece.box;
      zrt_bsec_push(out, &piece);
    }
    if (rest.hi[k] > meet.hi[k]) {
      piece.box = rest;
      piece.box.lo[k] = meet.hi[k] + s;
      piece.other = piece.box;
      zrt_bsec_push(out, &piece);
    }
    rest.lo[k] = meet.lo[k];
    rest.hi[k] = meet.hi[k];
  }
}

/* Adds one member's halo sections to `kept`, less the cells that sections
 * already kept for the same role and peer hold. */
static void add_new_cells(zrt_bsec_list *kept, const zrt_bsection *sec, int n) {
  zrt_bsec_list cur = {NULL, 0, 0}, next = {NULL, 0, 0};
  for (int i = 0; i < n; ++i) {
    cur.n = 0;
    zrt_bsec_push(&cur, &sec[i]);
    int before = kept->n;
    for (int j = 0; j < before && cur.n; ++j) {
      const zrt_bsection *k = &kept->v[j];
      if (k->role != sec[i].role || k->peer != sec[i].peer)
        continue;
      next.n = 0;
      for (int c = 0; c < cur.n; ++c)
        subtract(&cur.v[c], &k->box, &next);
      zrt_bsec_list t = cur;
      cur = next;
      next = t;
    }
    for (int c = 0; c < cur.n; ++c)
      zrt_bsec_push(kept, &cur.v[c]);
  }
  free(cur.v);
  free(next.v);
}

im_transfer *zrt_halo_group(im_transfer *cached, int64_t id, zrt_array *a, zrt_region r,
                            int64_t n, const int64_t *dirs) {
  im_transfer *keep;
  im_transfer *hit = group_cached(cached, ZRT_XFER_HALO, id, a, &r, n, dirs, &keep);
  if (hit)
    return hit;
  if (r.rank != a->rank)
    zrt_failf("transfer of array %s over a region of rank %lld (array has rank %d)", a->name,
              (long long)r.rank, a->rank);
  im_transfer *t = group_new(ZRT_XFER_HALO, id, a, r, n, dirs);
  t->alt = keep;
  bool drop_repeats = a->dist->single;
  zrt_bsec_list all = {NULL, 0, 0};
  for (int64_t i = 0; i < n; ++i) {
    int m;
    zrt_bsection *sec = zrt_halo_bsections(a, r, &dirs[3 * i], id, &m);
    if (drop_repeats)
      add_new_cells(&all, sec, m);
    else
      for (int j = 0; j < m; ++j)
        zrt_bsec_push(&all, &sec[j]);
    free(sec);
  }
  as_one_message_per_peer(&all, id);
  zrt_halo_build(t, all.v, all.n);
  free(all.v);
  return t;
}

im_transfer *zrt_wrap_group(im_transfer *cached, int64_t id, zrt_array *a, int64_t n,
                            const int64_t *dirs) {
  zrt_region decl = zrt_region_align(a->decl, a);
  im_transfer *keep;
  im_transfer *hit = group_cached(cached, ZRT_XFER_WRAP, id, a, &decl, n, dirs, &keep);
  if (hit)
    return hit;
  im_transfer *t = group_new(ZRT_XFER_WRAP, id, a, decl, n, dirs);
  t->alt = keep;
  zrt_bsec_list all = {NULL, 0, 0};
  for (int64_t i = 0; i < n; ++i) {
    const int64_t *d = &dirs[3 * i];
    if (!d[0] && !d[1] && !d[2]) /* no band */
      continue;
    int m;
    zrt_bsection *sec = zrt_boundary_bsections(ZRT_XFER_WRAP, a, decl, d, id, &m);
    for (int j = 0; j < m; ++j)
      zrt_bsec_push(&all, &sec[j]);
    free(sec);
  }
  as_one_message_per_peer(&all, id);
  zrt_boundary_build(t, all.v, all.n);
  free(all.v);
  return t;
}

/* zrt_shift's lattice check for each member's direction over r, the
 * array's ghost cells grown to reach it, and (halos) the storage check. */
static void check_members(zrt_array *a, zrt_region r, int64_t n, const int64_t *dirs,
                          const char *const *where, bool halos) {
  for (int64_t i = 0; i < n; ++i) {
    const int64_t *d = &dirs[3 * i];
    int64_t reach[ZRT_MAX_RANK] = {d[0], d[1], d[2]};
    zrt_array_check_lattice(a, r, d[0], d[1], d[2], where[i]);
    zrt_array_reach(a, reach);
    if (halos)
      zrt_array_check(a, r, d[0], d[1], d[2]);
  }
}

im_transfer *zrt_shift_halos(im_transfer *cached, int64_t id, zrt_array *a, zrt_region r,
                             int64_t n, const int64_t *dirs, const char *const *where) {
  r = zrt_region_align(r, a);
  check_members(a, r, n, dirs, where, true);
  im_transfer *t = zrt_halo_group(cached, id, a, r, n, dirs);
  run_now(t);
  return t;
}

im_transfer *zrt_shift_wraps(im_transfer *cached, int64_t id, zrt_array *a, int64_t n,
                             const int64_t *dirs, const char *const *where) {
  check_members(a, zrt_region_align(a->decl, a), n, dirs, where, false);
  im_transfer *t = zrt_wrap_group(cached, id, a, n, dirs);
  run_now(t);
  return t;
}
