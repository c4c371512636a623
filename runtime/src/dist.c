/* dist.c — grids and distributions: declared grids and distributions,
 * the implicit distribution of each rank, the bounding boxes regions give
 * them, and freezing a distribution onto this PE's grid coordinates. */
#include "zplrt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct zrt_grid {
  char *name;
  int rank;
  int64_t dims[ZRT_MAX_RANK];
};

static char *copy_name(const char *name) {
  char *s = malloc(strlen(name) + 1);
  if (!s)
    zrt_fail_all("out of memory");
  strcpy(s, name);
  return s;
}

static void check_rank(const char *what, const char *name, int64_t rank) {
  if (rank < 1 || rank > ZRT_MAX_RANK)
    zrt_fail_all("%s %s has rank %lld (supported: 1 to %d)", what, name, (long long)rank,
                 ZRT_MAX_RANK);
}

int64_t zrt_grid_new(const char *name, int64_t rank, int64_t p0, int64_t p1, int64_t p2) {
  check_rank("grid", name, rank);
  int64_t p[ZRT_MAX_RANK] = {p0, p1, p2}, pes = 1;
  char sizes[96] = "";
  for (int k = 0; k < rank; ++k) {
    size_t w = strlen(sizes);
    snprintf(sizes + w, sizeof sizes - w, "%s%lld", k ? ", " : "", (long long)p[k]);
  }
  for (int k = 0; k < rank; ++k)
    if (p[k] < 1)
      zrt_fail_all("grid %s = [%s]: size %lld in dimension %d must be at least 1", name, sizes,
                   (long long)p[k], k + 1);
  bool too_many = false;
  for (int k = 0; k < rank; ++k) { /* sizes up to npes keep the product from overflowing */
    too_many = too_many || p[k] > zrt_g.npes;
    pes *= too_many ? 1 : p[k];
  }
  if (too_many)
    zrt_fail_all("grid %s = [%s] has more PEs than the %d the program runs on", name, sizes,
                 zrt_g.npes);
  if (pes != zrt_g.npes)
    zrt_fail_all("grid %s = [%s] has %lld PE%s but the program runs on %d", name, sizes,
                 (long long)pes, pes == 1 ? "" : "s", zrt_g.npes);
  struct zrt_grid *g = realloc(zrt_g.grids, (size_t)(zrt_g.ngrids + 1) * sizeof *g);
  if (!g)
    zrt_fail_all("out of memory");
  zrt_g.grids = g;
  g = &zrt_g.grids[zrt_g.ngrids++];
  g->name = copy_name(name);
  g->rank = (int)rank;
  for (int k = 0; k < ZRT_MAX_RANK; ++k)
    g->dims[k] = k < rank ? p[k] : 1;
  return zrt_g.ngrids;
}

int64_t zrt_dist_new(const char *name, int64_t grid, int64_t rank, int64_t kind0, int64_t bsize0,
                     int64_t kind1, int64_t bsize1, int64_t kind2, int64_t bsize2) {
  check_rank("distribution", name, rank);
  if (grid < 0 || grid > zrt_g.ngrids)
    zrt_fail_all("internal: distribution %s names grid %lld, which was not declared", name,
                 (long long)grid);
  if (grid > 0 && zrt_g.grids[grid - 1].rank != rank)
    zrt_fail_all("distribution %s has rank %lld but grid %s has rank %d", name, (long long)rank,
                 zrt_g.grids[grid - 1].name, zrt_g.grids[grid - 1].rank);
  int64_t kinds[ZRT_MAX_RANK] = {kind0, kind1, kind2}, bsizes[ZRT_MAX_RANK] = {bsize0, bsize1, bsize2};
  zrt_distrib *d = calloc(1, sizeof *d);
  zrt_distrib **all = realloc(zrt_g.dists, (size_t)(zrt_g.ndists + 1) * sizeof *all);
  if (!d || !all)
    zrt_fail_all("out of memory");
  for (int k = 0; k < rank; ++k) {
    if (kinds[k] < ZRT_DIST_BLOCK || kinds[k] > ZRT_DIST_NONE)
      zrt_fail_all("distribution %s: unknown kind %lld in dimension %d", name, (long long)kinds[k],
                   k + 1);
    if (kinds[k] == ZRT_DIST_BLOCKCYCLIC && bsizes[k] < 1)
      zrt_fail_all("distribution %s: blockcyclic(%lld) in dimension %d: the block size must be "
                   "at least 1",
                   name, (long long)bsizes[k], k + 1);
    d->D.kind[k] = (int)kinds[k];
    d->D.bsize[k] = kinds[k] == ZRT_DIST_BLOCKCYCLIC ? bsizes[k] : 1;
  }
  d->name = copy_name(name);
  d->rank = (int)rank;
  d->grid = grid;
  d->D.rank = (int)rank;
  if (grid == 0)
    zrt_g.default_grid_used[rank - 1] = true;
  zrt_g.dists = all;
  zrt_g.dists[zrt_g.ndists++] = d;
  return zrt_g.ndists;
}

/* The distribution record of id `dist` (0: the implicit one of `rank`). */
static zrt_distrib *dist_lookup(int64_t dist, int64_t rank) {
  if (rank < 1 || rank > ZRT_MAX_RANK)
    zrt_failf("region of rank %lld (supported: 1 to %d)", (long long)rank, ZRT_MAX_RANK);
  if (dist == 0) {
    zrt_distrib *d = &zrt_g.implicit[rank - 1];
    d->rank = d->D.rank = (int)rank;
    return d;
  }
  if (dist < 0 || dist > zrt_g.ndists)
    zrt_failf("internal: distribution id %lld was not declared", (long long)dist);
  zrt_distrib *d = zrt_g.dists[dist - 1];
  if (d->rank != rank)
    zrt_failf("a region of rank %lld follows distribution %s of rank %d", (long long)rank,
              d->name, d->rank);
  return d;
}

/* Grows d's bounding box by the non-flood dimensions of r (until d is
 * frozen: then edge blocks extend to infinity, so ownership stays total). */
static void dist_add_to(zrt_distrib *d, const zrt_region *r) {
  char b[128];
  if (zrt_box_empty(r))
    zrt_fail_all("region %s is empty", zrt_box_text(b, sizeof b, r));
  if (d->frozen)
    return;
  if (!d->name)
    zrt_g.default_grid_used[d->rank - 1] = true;
  zrt_decomp *D = &d->D;
  if (!d->used) {
    d->used = true;
    D->bbox = *r;
    D->bbox.flood = 0;
    D->bbox.dist = 0;
    for (int k = 0; k < ZRT_MAX_RANK; ++k) {
      D->bbox.step[k] = 0;
      if (zrt_is_flood(r, k)) { /* spreads nothing: empty until some region has it */
        D->bbox.lo[k] = ZRT_INF;
        D->bbox.hi[k] = -ZRT_INF;
      }
    }
    return;
  }
  for (int k = 0; k < r->rank; ++k) {
    if (zrt_is_flood(r, k))
      continue;
    if (r->lo[k] < D->bbox.lo[k])
      D->bbox.lo[k] = r->lo[k];
    if (r->hi[k] > D->bbox.hi[k])
      D->bbox.hi[k] = r->hi[k];
  }
}

void zrt_dist_add(zrt_region r) {
  if (r.rank < 1 || r.rank > ZRT_MAX_RANK)
    zrt_fail_all("region of rank %lld (supported: 1 to %d)", (long long)r.rank, ZRT_MAX_RANK);
  dist_add_to(dist_lookup(r.dist, r.rank), &r);
}

zrt_region zrt_region_dist(zrt_region r, int64_t dist) {
  if (r.rank < 1 || r.rank > ZRT_MAX_RANK)
    zrt_fail_all("region of rank %lld (supported: 1 to %d)", (long long)r.rank, ZRT_MAX_RANK);
  if (dist < 0 || dist > zrt_g.ndists)
    zrt_fail_all("internal: distribution id %lld was not declared", (long long)dist);
  if (dist > 0 && zrt_g.dists[dist - 1]->rank != r.rank)
    zrt_fail_all("a region of rank %lld is bound to distribution %s of rank %d",
                 (long long)r.rank, zrt_g.dists[dist - 1]->name, zrt_g.dists[dist - 1]->rank);
  r.dist = dist;
  dist_add_to(dist_lookup(dist, r.rank), &r);
  return r;
}

/* The grid of d: its declared grid, --grid when d is on the default grid of
 * --grid's rank, else the near-square default. */
static void dist_grid(const zrt_distrib *d, int64_t grid[ZRT_MAX_RANK]) {
  if (d->grid > 0) {
    for (int k = 0; k < ZRT_MAX_RANK; ++k)
      grid[k] = zrt_g.grids[d->grid - 1].dims[k];
    return;
  }
  if (zrt_g.grid_rank == d->rank) {
    for (int k = 0; k < ZRT_MAX_RANK; ++k)
      grid[k] = zrt_g.grid_dims[k];
    return;
  }
  if (zrt_g.grid_rank && !zrt_g.default_grid_used[zrt_g.grid_rank - 1])
    zrt_fail_all("--grid=%s has %d dimension%s but the program's regions have rank %d",
                 zrt_g.grid_text, zrt_g.grid_rank, zrt_g.grid_rank == 1 ? "" : "s", d->rank);
  zrt_default_grid(zrt_g.npes, d->rank, grid);
}

static void freeze(zrt_distrib *d) {
  if (d->frozen)
    return;
  if (!zrt_g.config_done)
    zrt_config_done();
  if (!d->used) {
    if (d->name)
      zrt_fail_all("distribution %s is used but no region is bound to it", d->name);
    zrt_fail_all("internal: no region of rank %d was declared", d->rank);
  }
  zrt_decomp *D = &d->D;
  dist_grid(d, D->grid);
  for (int k = 0; k < d->rank; ++k)
    if (D->bbox.hi[k] < D->bbox.lo[k]) { /* only flood dimensions: any spread will do */
      D->bbox.lo[k] = 0;
      D->bbox.hi[k] = D->grid[k] - 1;
    }
  /* fewer indices than PEs along k: the last PEs along it own nothing
   * (zrt_dim_block) */
  zrt_decomp_coords(D, zrt_g.me, d->coord);
  d->single = true;
  for (int k = 0; k < d->rank; ++k)
    if (zrt_dim_nlocal(D, k, d->coord[k]) > 1)
      d->single = false;
  d->ext = zrt_decomp_block(D, zrt_g.me, true);
  d->frozen = true;
}

/* A region of a rank no declared region has starts that rank's implicit
 * distribution (empty ones have no indices: no distribution needed). */
zrt_distrib *zrt_distrib_for(const zrt_region *r) {
  zrt_distrib *d = dist_lookup(r->dist, r->rank);
  if (!d->used && !d->name) {
    if (zrt_box_empty(r))
      return NULL;
    dist_add_to(d, r);
  }
  freeze(d);
  return d;
}

zrt_distrib *zrt_distrib_of_array(const zrt_region *decl) {
  zrt_distrib *d = dist_lookup(decl->dist, decl->rank);
  if (!d->used)
    dist_add_to(d, decl);
  freeze(d);
  return d;
}
