/* tiles.c — this PE's part of a region as tiles (one per combination of
 * its local blocks), the cache of tile lists, and the local box. */
#include "zplrt_internal.h"

#include <stdlib.h>
#include <string.h>

/* The tile list of a region is computed once and kept in a small cache
 * (generated code asks for the count, the bounds of every tile and every
 * array's offset, all with the same region). */
enum { TILESETS = 4 };
typedef struct zrt_tilecache {
  zrt_tileset e[TILESETS];
  int last, next;
} zrt_tilecache;

/* Same region for tile purposes. Scalar compares: the region was just
 * stored by the caller (passed by value), and wide loads of it would stall
 * on store forwarding. */
static bool same_key(const zrt_region *a, const zrt_region *b) {
  if (a->rank != b->rank || a->dist != b->dist || a->flood != b->flood)
    return false;
  for (int k = 0; k < a->rank; ++k)
    if (a->lo[k] != b->lo[k] || a->hi[k] != b->hi[k] || a->step[k] != b->step[k])
      return false;
  return true;
}

zrt_tileset *zrt_tileset_of(const zrt_region *r) {
  zrt_tilecache *c = zrt_g.tiles;
  if (!c) {
    c = calloc(1, sizeof *c);
    if (!c)
      zrt_failf("out of memory");
    zrt_g.tiles = c;
  }
  if (c->e[c->last].valid && same_key(&c->e[c->last].r, r))
    return &c->e[c->last];
  for (int i = 0; i < TILESETS; ++i)
    if (c->e[i].valid && same_key(&c->e[i].r, r)) {
      c->last = i;
      return &c->e[i];
    }
  int i = c->next;
  c->next = (i + 1) % TILESETS;
  zrt_tileset *e = &c->e[i];
  zrt_parts_free(&e->parts);
  free(e->boxes);
  memset(e, 0, sizeof *e);
  zrt_distrib *d = zrt_distrib_for(r);
  if (d) {
    zrt_parts_make(&e->parts, &d->D, d->coord, r, false);
  } else {
    e->parts.rank = (int)r->rank;
    e->parts.count = 0;
  }
  e->r = *r;
  e->valid = true;
  e->last_t = -1;
  c->last = i;
  return e;
}

/* Tile t's entry index per dimension (generated code asks for the bounds
 * and offsets of one tile in a row: the divisions are done once). */
const int64_t *zrt_tileset_index(zrt_tileset *ts, int64_t t) {
  if (t != ts->last_t) {
    if (t < 0 || t >= ts->parts.count)
      zrt_failf("internal: tile %lld of a region with %lld tiles", (long long)t,
                (long long)ts->parts.count);
    zrt_parts_index(&ts->parts, t, ts->last_i);
    ts->last_t = t;
  }
  return ts->last_i;
}

int64_t zrt_tiles(zrt_region r) { return zrt_tileset_of(&r)->parts.count; }

static const zrt_dim_part *tile_part(zrt_region r, int64_t t, int64_t dim) {
  zrt_tileset *ts = zrt_tileset_of(&r);
  return &ts->parts.v[dim][zrt_tileset_index(ts, t)[dim]];
}

int64_t zrt_tile_lo(zrt_region r, int64_t t, int64_t dim) {
  return dim >= 0 && dim < r.rank ? tile_part(r, t, dim)->lo : 0;
}

int64_t zrt_tile_hi(zrt_region r, int64_t t, int64_t dim) {
  return dim >= 0 && dim < r.rank ? tile_part(r, t, dim)->hi : 0;
}

int64_t zrt_local_tiles(zrt_region r, const zrt_region **tiles) {
  zrt_tileset *ts = zrt_tileset_of(&r);
  if (!ts->boxes && ts->parts.count > 0) {
    ts->boxes = malloc((size_t)ts->parts.count * sizeof *ts->boxes);
    if (!ts->boxes)
      zrt_failf("out of memory");
    for (int64_t t = 0; t < ts->parts.count; ++t)
      ts->boxes[t] = zrt_parts_box(&ts->parts, &r, t);
  }
  *tiles = ts->boxes;
  return ts->parts.count;
}

zrt_region zrt_local_box(zrt_region r) {
  static const zrt_region everything = {ZRT_MAX_RANK,
                                        {-ZRT_INF, -ZRT_INF, -ZRT_INF},
                                        {ZRT_INF, ZRT_INF, ZRT_INF}};
  zrt_distrib *d = zrt_distrib_for(&r);
  if (!d)
    return zrt_lattice_part(&r, &everything);
  if (d->single)
    return zrt_lattice_part(&r, &d->ext);
  return zrt_parts_bounds(&zrt_tileset_of(&r)->parts, &r);
}

int64_t zrt_local_lo(zrt_region r, int64_t dim) {
  if (dim < 0 || dim >= r.rank)
    return 0;
  zrt_region b = zrt_local_box(r);
  return b.lo[dim];
}

int64_t zrt_local_hi(zrt_region r, int64_t dim) {
  if (dim < 0 || dim >= r.rank)
    return 0;
  zrt_region b = zrt_local_box(r);
  return b.hi[dim];
}


/* ---- the interior of a tile ------------------------------------------------------ */
/* The interior of tile t in dimension dim as lattice positions [*k0, *k1)
 * from the tile's low bound *lo by *step (zrt_tile_inner_lo). */
static void tile_inner(zrt_region r, int64_t t, int64_t dim, int64_t below, int64_t above,
                       int64_t *lo, int64_t *step, int64_t *k0, int64_t *k1) {
  const zrt_dim_part *p = tile_part(r, t, dim);
  int64_t s = zrt_step(&r, (int)dim);
  int64_t n = p->hi < p->lo ? 0 : (p->hi - p->lo) / s + 1;
  *lo = p->lo;
  *step = s;
  *k0 = 0;
  *k1 = n;
  if (p->local < 0) /* a flood dimension: nothing moves along it */
    return;
  zrt_distrib *d = zrt_distrib_for(&r);
  int64_t blo, bhi;
  zrt_dim_block(&d->D, (int)dim, zrt_dim_global(&d->D, (int)dim, d->coord[dim], p->local),
                true, &blo, &bhi);
  /* First position >= blo + below, last <= bhi - above, clamped. */
  int64_t first = blo + below - p->lo;
  int64_t a = first <= 0 ? 0 : (first + s - 1) / s;
  int64_t last = bhi - above - p->lo;
  int64_t b = last < 0 ? 0 : last / s + 1;
  *k0 = a < n ? a : n;
  *k1 = b < *k0 ? *k0 : (b < n ? b : n);
}

/* The first (end = false) or one past the last (end = true) inner index
 * of tile t in dimension dim. */
static int64_t inner_bound(zrt_region r, int64_t t, int64_t dim, int64_t below, int64_t above,
                           bool end) {
  if (dim < 0 || dim >= r.rank)
    return 0;
  int64_t lo, s, k0, k1;
  tile_inner(r, t, dim, below, above, &lo, &s, &k0, &k1);
  return lo + (end ? k1 : k0) * s;
}

int64_t zrt_tile_inner_lo(zrt_region r, int64_t t, int64_t dim, int64_t below,
                          int64_t above) {
  return inner_bound(r, t, dim, below, above, false);
}

int64_t zrt_tile_inner_end(zrt_region r, int64_t t, int64_t dim, int64_t below,
                           int64_t above) {
  return inner_bound(r, t, dim, below, above, true);
}

int64_t zrt_inner_elements(zrt_region r, const int64_t below[ZRT_MAX_RANK],
                           const int64_t above[ZRT_MAX_RANK]) {
  int64_t total = 0, tiles = zrt_tiles(r);
  for (int64_t t = 0; t < tiles; ++t) {
    int64_t n = 1;
    for (int k = 0; k < r.rank; ++k) {
      if (zrt_is_flood(&r, k))
        continue;
      int64_t lo, s, k0, k1;
      tile_inner(r, t, k, below[k], above[k], &lo, &s, &k0, &k1);
      n *= k1 - k0;
    }
    total += n;
  }
  return total;
}
