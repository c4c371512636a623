/* core.c — start-up, errors, regions, distributions, arrays, reductions,
 * statistics. */
#define _POSIX_C_SOURCE 199309L
#include "zplrt_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

ZRT_PE_LOCAL zrt_state zrt_g;

/* ---- start-up and shut-down ------------------------------------------------------ */
void zrt_startup(int argc, char **argv) {
  zrt_g.be = zrt_backend_get();
  zrt_g.be->init(&argc, &argv);
  zrt_g.me = zrt_g.be->pe_id();
  zrt_g.npes = zrt_g.be->pe_count();
  const char *prog = argc > 0 && argv[0] ? argv[0] : "zpl";
  const char *slash = strrchr(prog, '/');
  zrt_g.prog = slash ? slash + 1 : prog;
  zrt_g.argc = argc;
  zrt_g.argv = argv;
  zrt_g.arg_used = calloc((size_t)(argc > 0 ? argc : 1), sizeof(bool));
  if (!zrt_g.arg_used) {
    fprintf(stderr, "%s: error: out of memory\n", zrt_g.prog);
    zrt_g.be->abort(2);
  }
  zrt_parse_runtime_options();
}

void zrt_shutdown_after_main(double seconds) {
  fflush(stdout);
  if (zrt_g.stats) {
    int64_t sums[11] = {zrt_g.n_transfers, zrt_g.n_messages, zrt_g.n_bytes, zrt_g.n_msg_packed,
                        zrt_g.n_msg_chained};
    for (int p = 0; p < 3; ++p) {
      sums[5 + p] = zrt_g.n_msg_pattern[p];
      sums[8 + p] = zrt_g.n_bytes_pattern[p];
    }
    double maxes[2] = {zrt_g.comm_seconds, seconds};
    int64_t inspections = zrt_g.n_remap_inspections; /* collective: the same on every PE */
    zrt_g.be->allreduce(sums, 11, ZRT_I64, ZRT_SUM);
    zrt_g.be->allreduce(maxes, 2, ZRT_F64, ZRT_MAX);
    zrt_g.be->allreduce(&inspections, 1, ZRT_I64, ZRT_MAX);
    if (zrt_g.me == 0) {
      printf("stats.transfers %lld\n", (long long)sums[0]);
      printf("stats.messages %lld\n", (long long)sums[1]);
      printf("stats.messages.packed %lld\n", (long long)sums[3]);
      printf("stats.messages.chained %lld\n", (long long)sums[4]);
      static const char *const pattern_names[3] = {"contiguous", "strided", "indexed"};
      for (int p = 0; p < 3; ++p)
        printf("stats.messages.%s %lld\n", pattern_names[p], (long long)sums[5 + p]);
      printf("stats.bytes %lld\n", (long long)sums[2]);
      for (int p = 0; p < 3; ++p)
        printf("stats.bytes.%s %lld\n", pattern_names[p], (long long)sums[8 + p]);
      printf("stats.remap.inspections %lld\n", (long long)inspections);
      printf("stats.comm_seconds %.6f\n", maxes[0]);
      printf("stats.total_seconds %.6f\n", maxes[1]);
      printf("stats.pes %d\n", zrt_g.npes);
    }
  }
  fflush(stdout);
  fflush(stderr);
  zrt_g.be->finalize();
}

/* ---- errors and termination ---------------------------------------------------------- */
void zrt_fail(const char *message) {
  fflush(stdout);
  if (zrt_g.be && zrt_g.npes > 1 && zrt_g.me > 0) {
    /* An error often strikes several PEs at once; PE 0 (then the lower
     * ranks) get a head start so that usually one line is printed before
     * the abort takes every PE down. */
    int64_t ms = 30 * (zrt_g.me < 10 ? zrt_g.me : 10);
    struct timespec ts = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
  }
  fprintf(stderr, "%s: error: %s\n", zrt_g.prog ? zrt_g.prog : "zpl", message);
  fflush(stderr);
  if (zrt_g.be && zrt_g.npes > 1)
    zrt_g.be->abort(2);
  if (zrt_g.be)
    zrt_g.be->finalize();
  exit(2);
}

ZRT_NORETURN void zrt_failf(const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  zrt_fail(msg);
  exit(2); /* not reached */
}

ZRT_NORETURN void zrt_fail_all(const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fflush(stdout);
  if (zrt_g.me == 0) {
    fprintf(stderr, "%s: error: %s\n", zrt_g.prog ? zrt_g.prog : "zpl", msg);
    fflush(stderr);
  }
  if (zrt_g.be)
    zrt_g.be->finalize();
  exit(2);
}

void zrt_halt(void) {
  fflush(stdout);
  fflush(stderr);
  if (zrt_g.be)
    zrt_g.be->finalize();
  exit(1);
}

/* ---- regions -------------------------------------------------------------------------- */
zrt_region zrt_region_make(int64_t rank, int64_t lo0, int64_t hi0, int64_t lo1, int64_t hi1,
                           int64_t lo2, int64_t hi2) {
  zrt_region r;
  memset(&r, 0, sizeof r);
  if (rank < 1 || rank > ZRT_MAX_RANK)
    zrt_failf("region of rank %lld (supported: 1 to %d)", (long long)rank, ZRT_MAX_RANK);
  r.rank = rank;
  int64_t lo[ZRT_MAX_RANK] = {lo0, lo1, lo2}, hi[ZRT_MAX_RANK] = {hi0, hi1, hi2};
  for (int64_t k = 0; k < rank; ++k) {
    r.lo[k] = lo[k];
    r.hi[k] = hi[k];
  }
  return r;
}

zrt_region zrt_region_of(zrt_region r, int64_t d0, int64_t d1, int64_t d2) {
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  zrt_region o = r;
  for (int64_t k = 0; k < r.rank; ++k) {
    if (d[k] > 0) {
      o.lo[k] = r.hi[k] + 1;
      o.hi[k] = r.hi[k] + d[k];
    } else if (d[k] < 0) {
      o.lo[k] = r.lo[k] + d[k];
      o.hi[k] = r.lo[k] - 1;
    }
  }
  return o;
}

zrt_region zrt_region_in(zrt_region r, int64_t d0, int64_t d1, int64_t d2) {
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  zrt_region o = r;
  for (int64_t k = 0; k < r.rank; ++k) {
    if (d[k] > 0) {
      o.lo[k] = r.hi[k] - d[k] + 1;
    } else if (d[k] < 0) {
      o.hi[k] = r.lo[k] - d[k] - 1;
    }
  }
  return o;
}

zrt_region zrt_region_at(zrt_region r, int64_t d0, int64_t d1, int64_t d2) {
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  return zrt_box_shift(&r, d);
}

zrt_region zrt_region_by(zrt_region r, int64_t s0, int64_t s1, int64_t s2) {
  int64_t s[ZRT_MAX_RANK] = {s0, s1, s2};
  zrt_region o = r;
  for (int k = 0; k < r.rank; ++k) {
    if (s[k] < 1)
      zrt_failf("region stride %lld in dimension %d must be at least 1", (long long)s[k], k + 1);
    o.step[k] = zrt_step(&r, k) * s[k];
    if (o.hi[k] >= o.lo[k])
      o.hi[k] = zrt_lattice_down(o.hi[k], o.lo[k], o.step[k]);
  }
  return o;
}

zrt_region zrt_region_flood(zrt_region r, int64_t dim) {
  if (dim < 0 || dim >= r.rank)
    zrt_failf("internal: flood dimension %lld of a region of rank %lld", (long long)dim,
              (long long)r.rank);
  r.flood |= (int64_t)1 << dim;
  r.hi[dim] = r.lo[dim];
  r.step[dim] = 0;
  return r;
}

int64_t zrt_region_step(zrt_region r, int64_t dim) {
  return dim >= 0 && dim < ZRT_MAX_RANK ? zrt_step(&r, (int)dim) : 1;
}

int64_t zrt_lattice_up(int64_t x, int64_t base, int64_t step) {
  if (step <= 1 || x <= base)
    return step <= 1 ? x : (x < base ? base : x);
  int64_t m = (x - base + step - 1) / step;
  return base + m * step;
}

int64_t zrt_lattice_down(int64_t x, int64_t base, int64_t step) {
  if (step <= 1)
    return x;
  if (x < base)
    return base - step; /* below the lattice: empty */
  return base + (x - base) / step * step;
}

int64_t zrt_lattice_count(const zrt_region *r, int k) {
  if (r->hi[k] < r->lo[k])
    return 0;
  return (r->hi[k] - r->lo[k]) / zrt_step(r, k) + 1;
}

zrt_region zrt_lattice_part(const zrt_region *r, const zrt_region *ext) {
  zrt_region o = *r;
  for (int k = 0; k < r->rank; ++k) {
    if (zrt_is_flood(r, k)) {
      o.hi[k] = o.lo[k];
      continue;
    }
    int64_t lo = r->lo[k] > ext->lo[k] ? r->lo[k] : ext->lo[k];
    int64_t hi = r->hi[k] < ext->hi[k] ? r->hi[k] : ext->hi[k];
    int64_t s = zrt_step(r, k);
    if (s > 1 && hi >= lo) {
      lo = zrt_lattice_up(lo, r->lo[k], s);
      hi = zrt_lattice_down(hi, r->lo[k], s);
      if (hi < lo) /* keep it visibly empty */
        hi = lo - 1;
    }
    o.lo[k] = lo;
    o.hi[k] = hi;
  }
  return o;
}

int64_t zrt_region_lo(zrt_region r, int64_t dim) {
  return dim >= 0 && dim < ZRT_MAX_RANK ? r.lo[dim] : 0;
}

int64_t zrt_region_hi(zrt_region r, int64_t dim) {
  return dim >= 0 && dim < ZRT_MAX_RANK ? r.hi[dim] : 0;
}

/* ---- distributions ---------------------------------------------------------------------- */
static char *box_text(char *buf, size_t n, const zrt_region *b) {
  int w = snprintf(buf, n, "[");
  for (int k = 0; k < b->rank && (size_t)w < n; ++k)
    w += snprintf(buf + w, n - (size_t)w, "%s%lld..%lld", k ? ", " : "", (long long)b->lo[k],
                  (long long)b->hi[k]);
  if ((size_t)w < n)
    snprintf(buf + w, n - (size_t)w, "]");
  return buf;
}

void zrt_region_check(const char *name, zrt_region r) {
  if (r.rank < 1 || r.rank > ZRT_MAX_RANK)
    zrt_fail_all("region %s has rank %lld (supported: 1 to %d)", name, (long long)r.rank,
                 ZRT_MAX_RANK);
  for (int k = 0; k < r.rank; ++k) {
    if (!zrt_is_flood(&r, k) && r.hi[k] < r.lo[k]) {
      char b[128];
      zrt_fail_all("region %s = %s is empty (dimension %d)", name, box_text(b, sizeof b, &r),
                   k + 1);
    }
  }
}

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
    zrt_fail_all("region %s is empty", box_text(b, sizeof b, r));
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

zrt_region zrt_region_align(zrt_region r, zrt_array *a) {
  r.dist = a->decl.dist;
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

/* ---- tiles -------------------------------------------------------------------------------------
 * The tile list of a region is computed once and kept in a small cache
 * (generated code asks for the count, the bounds of every tile and every
 * array's offset, all with the same region). */
typedef struct zrt_tileset {
  bool valid;
  zrt_region r;
  zrt_parts parts;
  zrt_region *boxes; /* for zrt_local_tiles, made on first request */
  int64_t last_t;    /* the last tile asked about, and its entry indices */
  int64_t last_i[ZRT_MAX_RANK];
} zrt_tileset;

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

static zrt_tileset *tiles_of(const zrt_region *r) {
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
static const int64_t *tile_index(zrt_tileset *ts, int64_t t) {
  if (t != ts->last_t) {
    if (t < 0 || t >= ts->parts.count)
      zrt_failf("internal: tile %lld of a region with %lld tiles", (long long)t,
                (long long)ts->parts.count);
    zrt_parts_index(&ts->parts, t, ts->last_i);
    ts->last_t = t;
  }
  return ts->last_i;
}

int64_t zrt_tiles(zrt_region r) { return tiles_of(&r)->parts.count; }

static const zrt_dim_part *tile_part(zrt_region r, int64_t t, int64_t dim) {
  zrt_tileset *ts = tiles_of(&r);
  return &ts->parts.v[dim][tile_index(ts, t)[dim]];
}

int64_t zrt_tile_lo(zrt_region r, int64_t t, int64_t dim) {
  return dim >= 0 && dim < r.rank ? tile_part(r, t, dim)->lo : 0;
}

int64_t zrt_tile_hi(zrt_region r, int64_t t, int64_t dim) {
  return dim >= 0 && dim < r.rank ? tile_part(r, t, dim)->hi : 0;
}

int64_t zrt_local_tiles(zrt_region r, const zrt_region **tiles) {
  zrt_tileset *ts = tiles_of(&r);
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
  return zrt_parts_bounds(&tiles_of(&r)->parts, &r);
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

/* ---- arrays ---------------------------------------------------------------------------------- */
static size_t elem_size(int64_t type) {
  switch (type) {
  case ZRT_I64:
    return sizeof(int64_t);
  case ZRT_F64:
    return sizeof(double);
  case ZRT_F32:
    return sizeof(float);
  case ZRT_BOOL:
    return sizeof(bool);
  default:
    zrt_failf("internal: unknown element type %lld", (long long)type);
  }
}

/* The local block of a holding x along dimension k: the block that owns
 * x if it is this PE's, else one whose ghost cells hold it (or 0). */
static int64_t stored_block(const zrt_array *a, int k, int64_t x) {
  const zrt_decomp *D = &a->dist->D;
  int64_t B = zrt_dim_owner(D, k, x);
  if (zrt_dim_coord(D, k, B) == a->dist->coord[k]) {
    int64_t j = zrt_dim_local(D, k, B);
    if (j < a->nblk[k] && a->first[k][j] <= x && x <= a->last[k][j])
      return j;
  }
  /* blocks are ascending: the last one starting at or before x */
  int64_t lo = 0, hi = a->nblk[k] - 1, j = 0;
  while (lo <= hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (a->first[k][mid] <= x) {
      j = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return j;
}

int64_t zrt_array_elem_tiled(const zrt_array *a, const int64_t idx[ZRT_MAX_RANK]) {
  int64_t o = 0;
  for (int k = 0; k < a->rank; ++k) {
    if (zrt_is_flood(&a->decl, k))
      continue;
    int64_t j = stored_block(a, k, idx[k]);
    o += (j * a->span[k] + idx[k] - a->first[k][j]) * a->layout.stride[k];
  }
  return o;
}

int64_t zrt_array_owner(const zrt_array *a, const int64_t idx[ZRT_MAX_RANK]) {
  const zrt_decomp *D = &a->dist->D;
  int64_t c[ZRT_MAX_RANK] = {0, 0, 0};
  for (int k = 0; k < a->rank; ++k)
    c[k] = zrt_is_flood(&a->decl, k) ? a->dist->coord[k]
                                      : zrt_dim_coord(D, k, zrt_dim_owner(D, k, idx[k]));
  return zrt_decomp_pe(D, c);
}

/* Along dimension k, this PE's local blocks of an array over decl with
 * fluff flo/fhi: each block's range (the edge blocks also store the
 * declared indices beyond the bounding box) widened by the fluff. */
static void dim_storage(zrt_array *a, int k, int64_t flo, int64_t fhi) {
  const zrt_distrib *d = a->dist;
  const zrt_decomp *D = &d->D;
  const zrt_region *decl = &a->decl;
  bool flood = zrt_is_flood(decl, k);
  int64_t n = flood ? 1 : zrt_dim_nlocal(D, k, d->coord[k]);
  a->nblk[k] = n;
  a->first[k] = malloc((size_t)(2 * n + 1) * sizeof(int64_t));
  if (!a->first[k])
    zrt_failf("out of memory allocating array %s", a->name);
  a->last[k] = a->first[k] + n;
  a->span[k] = flood ? 1 : 0;
  if (flood) { /* one replicated element, no fluff */
    a->first[k][0] = a->last[k][0] = decl->lo[k];
    return;
  }
  int64_t last_owner = zrt_dim_owners(D, k) - 1;
  for (int64_t j = 0; j < n; ++j) {
    int64_t B = zrt_dim_global(D, k, d->coord[k], j), lo, hi;
    zrt_dim_block(D, k, B, false, &lo, &hi);
    if (B == 0 && B <= last_owner && decl->lo[k] < lo)
      lo = decl->lo[k];
    if (B == last_owner && decl->hi[k] > hi)
      hi = decl->hi[k];
    a->first[k][j] = lo - flo;
    a->last[k][j] = hi + fhi;
    if (a->last[k][j] - a->first[k][j] + 1 > a->span[k])
      a->span[k] = a->last[k][j] - a->first[k][j] + 1;
  }
}

/* The bounding box of the stored indices, the layout (in local storage
 * coordinates) and the offset of local block 0. */
static void array_layout(zrt_array *a) {
  zrt_region rows;
  memset(&rows, 0, sizeof rows);
  rows.rank = a->rank;
  a->storage = a->decl;
  a->storage.step[0] = a->storage.step[1] = a->storage.step[2] = 0;
  for (int k = 0; k < a->rank; ++k) {
    rows.hi[k] = a->nblk[k] * a->span[k] - 1;
    if (a->nblk[k] == 0) {
      a->storage.hi[k] = a->storage.lo[k] - 1;
      continue;
    }
    a->storage.lo[k] = a->first[k][0];
    a->storage.hi[k] = a->last[k][a->nblk[k] - 1];
    if (a->nblk[k] > 1)
      a->tiled = true;
  }
  a->layout = zrt_layout_make(&rows, a->esz);
  a->offset = 0;
  for (int k = 0; k < a->rank; ++k)
    if (!zrt_is_flood(&a->decl, k) && a->nblk[k] > 0) /* flood: extent 1, stride 0 */
      a->offset -= a->first[k][0] * a->layout.stride[k];
}

static ZRT_PE_LOCAL uint64_t next_serial = 1;

static zrt_array *array_alloc(const char *name, int64_t type, zrt_region decl, zrt_distrib *d,
                              const int64_t flo[ZRT_MAX_RANK], const int64_t fhi[ZRT_MAX_RANK]) {
  zrt_array *a = calloc(1, sizeof *a);
  if (!a)
    zrt_failf("out of memory allocating array %s", name);
  a->name = malloc(strlen(name) + 1);
  if (!a->name)
    zrt_failf("out of memory allocating array %s", name);
  strcpy(a->name, name);
  a->type = (int)type;
  a->esz = elem_size(type);
  a->rank = (int)decl.rank;
  a->serial = next_serial++;
  a->decl = decl;
  a->dist = d;
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    a->fluff_lo[k] = flo[k];
    a->fluff_hi[k] = fhi[k];
  }
  for (int k = 0; k < a->rank; ++k)
    dim_storage(a, k, flo[k], fhi[k]);
  array_layout(a);
  int64_t count = 1;
  for (int k = 0; k < a->rank; ++k) {
    int64_t e = a->layout.ext[k];
    if (e > 0 && count > INT64_MAX / e)
      zrt_failf("array %s is too large for memory", name);
    count *= e;
  }
  if ((uint64_t)count > SIZE_MAX / a->esz / 2)
    zrt_failf("array %s is too large for memory", name);
  a->bytes = (size_t)count * a->esz;
  a->base = zrt_g.be->sym_alloc(a->bytes ? a->bytes : a->esz);
  if (!a->base) {
    char b[128];
    zrt_failf("array %s: cannot allocate %zu bytes for its storage %s (too large for memory)",
              name, a->bytes, box_text(b, sizeof b, &a->storage));
  }
  memset(a->base, 0, a->bytes ? a->bytes : a->esz);
  return a;
}

zrt_array *zrt_array_new(const char *name, zrt_region decl, int64_t type, int64_t fluff_lo0,
                         int64_t fluff_hi0, int64_t fluff_lo1, int64_t fluff_hi1,
                         int64_t fluff_lo2, int64_t fluff_hi2) {
  if (decl.rank < 1 || decl.rank > ZRT_MAX_RANK)
    zrt_fail_all("array %s: rank %lld is not supported", name, (long long)decl.rank);
  zrt_distrib *d = dist_lookup(decl.dist, decl.rank);
  if (!d->used)
    dist_add_to(d, &decl);
  freeze(d);
  int64_t flo[ZRT_MAX_RANK] = {fluff_lo0, fluff_lo1, fluff_lo2};
  int64_t fhi[ZRT_MAX_RANK] = {fluff_hi0, fluff_hi1, fluff_hi2};
  for (int k = 0; k < decl.rank; ++k) {
    if (flo[k] < 0 || fhi[k] < 0)
      zrt_fail_all("array %s: negative fluff", name);
    if (zrt_is_flood(&decl, k))
      flo[k] = fhi[k] = 0;
  }
  return array_alloc(name, type, decl, d, flo, fhi);
}

zrt_array *zrt_array_temp(zrt_array *a) {
  return array_alloc(a->name, a->type, a->decl, a->dist, a->fluff_lo, a->fluff_hi);
}

void zrt_array_free(zrt_array *a) {
  if (!a)
    return;
  zrt_g.be->sym_free(a->base);
  for (int k = 0; k < ZRT_MAX_RANK; ++k)
    free(a->first[k]);
  free(a->name);
  free(a);
}

double *zrt_array_f64(zrt_array *a) { return (double *)a->base; }
float *zrt_array_f32(zrt_array *a) { return (float *)a->base; }
int64_t *zrt_array_i64(zrt_array *a) { return (int64_t *)a->base; }
bool *zrt_array_bool(zrt_array *a) { return (bool *)a->base; }
int64_t zrt_array_offset(zrt_array *a) { return a->offset; }
int64_t zrt_array_stride(zrt_array *a, int64_t dim) {
  if (dim < 0 || dim >= a->rank || zrt_is_flood(&a->decl, (int)dim))
    return 0;
  return a->layout.stride[dim];
}

zrt_region zrt_array_region(zrt_array *a) { return a->decl; }

/* The local block of a's tile t (of a tile list of a's distribution) along
 * dimension k: a flood dimension of the region reads the block holding its
 * index. */
static int64_t tile_block(const zrt_array *a, const zrt_parts *P, const int64_t *i, int k,
                          const zrt_region *r) {
  int64_t j = P->v[k][i[k]].local;
  return j >= 0 ? j : stored_block(a, k, r->lo[k]);
}

int64_t zrt_array_tile_offset(zrt_array *a, zrt_region r, int64_t t) {
  if (r.rank != a->rank || r.dist != a->decl.dist)
    zrt_failf("array %s does not follow the distribution of the statement's region", a->name);
  zrt_tileset *ts = tiles_of(&r);
  const int64_t *i = tile_index(ts, t);
  if (!a->tiled) /* one block per dimension: every tile starts at local block 0 */
    return a->offset;
  int64_t o = 0;
  for (int k = 0; k < a->rank; ++k) {
    if (zrt_is_flood(&a->decl, k))
      continue;
    int64_t j = tile_block(a, &ts->parts, i, k, &r);
    o += (j * a->span[k] - a->first[k][j]) * a->layout.stride[k];
  }
  return o;
}

bool zrt_array_tile_box(const zrt_array *a, const int64_t tile[ZRT_MAX_RANK],
                        const zrt_region *box, zrt_region *lbox) {
  *lbox = *box;
  for (int k = 0; k < a->rank; ++k) {
    if (zrt_is_flood(&a->decl, k)) {
      lbox->lo[k] = lbox->hi[k] = 0;
      continue;
    }
    int64_t j = tile[k];
    if (j < 0 || j >= a->nblk[k] || box->lo[k] < a->first[k][j] || box->hi[k] > a->last[k][j])
      return false;
    lbox->lo[k] = j * a->span[k] + box->lo[k] - a->first[k][j];
    lbox->hi[k] = j * a->span[k] + box->hi[k] - a->first[k][j];
  }
  return true;
}

/* Whether every index of [lo..hi] lies in some local block of dimension k. */
static bool dim_holds(const zrt_array *a, int k, int64_t lo, int64_t hi) {
  int64_t x = lo;
  for (int64_t j = stored_block(a, k, lo); x <= hi; ++j) {
    if (j >= a->nblk[k] || a->first[k][j] > x)
      return false;
    if (a->last[k][j] >= x)
      x = a->last[k][j] + 1;
  }
  return true;
}

bool zrt_array_holds(const zrt_array *a, const zrt_region *box) {
  if (zrt_box_empty(box))
    return true;
  for (int k = 0; k < a->rank; ++k)
    if (!zrt_is_flood(&a->decl, k) && !dim_holds(a, k, box->lo[k], box->hi[k]))
      return false;
  return true;
}

/* The storage check failed along dimension bad_dim (below or above the
 * tile's storage); the index named is the first tile's reads elsewhere. */
ZRT_NORETURN static void storage_error(const zrt_array *a, const zrt_parts *P,
                                       const int64_t d[ZRT_MAX_RANK], int bad_dim,
                                       int64_t bad_index) {
  char ib[96], sb[128];
  int w = snprintf(ib, sizeof ib, "[");
  for (int k = 0; k < P->rank; ++k) {
    int64_t x = k == bad_dim ? bad_index : P->v[k][0].lo + d[k];
    w += snprintf(ib + w, sizeof ib - (size_t)w, "%s%lld", k ? ", " : "", (long long)x);
  }
  snprintf(ib + w, sizeof ib - (size_t)w, "]");
  zrt_failf("read of array %s at index %s is outside its storage %s", a->name, ib,
            box_text(sb, sizeof sb, &a->storage));
}

/* The reads of tile t land in tile t's storage of a: a tile's box is the
 * product of its parts, so each dimension's parts can be checked alone. */
void zrt_array_check(zrt_array *a, zrt_region r, int64_t d0, int64_t d1, int64_t d2) {
  r = zrt_region_align(r, a);
  const zrt_parts *P = &tiles_of(&r)->parts;
  if (P->count == 0)
    return;
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  for (int k = 0; k < r.rank; ++k) {
    if (zrt_is_flood(&a->decl, k))
      continue;
    for (int64_t e = 0; e < P->n[k]; ++e) {
      const zrt_dim_part *x = &P->v[k][e];
      if (a->nblk[k] == 0)
        storage_error(a, P, d, k, x->lo + d[k]);
      int64_t j = x->local >= 0 ? x->local : stored_block(a, k, r.lo[k]);
      if (x->lo + d[k] < a->first[k][j])
        storage_error(a, P, d, k, x->lo + d[k]);
      if (x->hi + d[k] > a->last[k][j])
        storage_error(a, P, d, k, x->hi + d[k]);
    }
  }
}

/* ---- reductions ---------------------------------------------------------------------------- */
int64_t zrt_allreduce_i64(int64_t op, int64_t v) {
  double t0 = zrt_g.be->clock();
  int o = (int)op;
  if (o == ZRT_AND)
    o = ZRT_MIN;
  else if (o == ZRT_OR)
    o = ZRT_MAX;
  zrt_g.be->allreduce(&v, 1, ZRT_I64, o);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
  return v;
}

double zrt_allreduce_f64(int64_t op, double v) {
  double t0 = zrt_g.be->clock();
  zrt_g.be->allreduce(&v, 1, ZRT_F64, (int)op);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
  return v;
}

float zrt_allreduce_f32(int64_t op, float v) {
  double t0 = zrt_g.be->clock();
  zrt_g.be->allreduce(&v, 1, ZRT_F32, (int)op);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
  return v;
}

bool zrt_allreduce_bool(int64_t op, bool v) {
  double t0 = zrt_g.be->clock();
  int64_t x = v ? 1 : 0;
  int o = (op == ZRT_AND || op == ZRT_MIN || op == ZRT_PROD) ? ZRT_MIN : ZRT_MAX;
  zrt_g.be->allreduce(&x, 1, ZRT_I64, o);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
  return x != 0;
}

/* ---- element type helpers ------------------------------------------------------------------ */
double zrt_elem_get_f64(int type, const void *p) {
  switch (type) {
  case ZRT_I64: {
    int64_t x;
    memcpy(&x, p, sizeof x);
    return (double)x;
  }
  case ZRT_F64: {
    double x;
    memcpy(&x, p, sizeof x);
    return x;
  }
  case ZRT_F32: {
    float x;
    memcpy(&x, p, sizeof x);
    return (double)x;
  }
  default: {
    bool x;
    memcpy(&x, p, sizeof x);
    return x ? 1.0 : 0.0;
  }
  }
}

int64_t zrt_elem_get_i64(int type, const void *p) {
  if (type == ZRT_I64) {
    int64_t x;
    memcpy(&x, p, sizeof x);
    return x;
  }
  if (type == ZRT_BOOL) {
    bool x;
    memcpy(&x, p, sizeof x);
    return x ? 1 : 0;
  }
  return (int64_t)zrt_elem_get_f64(type, p);
}

void zrt_elem_convert(int dtype, void *d, int stype, const void *s) {
  if (dtype == stype) {
    memcpy(d, s, elem_size(dtype));
    return;
  }
  switch (dtype) {
  case ZRT_I64: {
    int64_t x = zrt_elem_get_i64(stype, s);
    memcpy(d, &x, sizeof x);
    break;
  }
  case ZRT_F64: {
    double x = zrt_elem_get_f64(stype, s);
    memcpy(d, &x, sizeof x);
    break;
  }
  case ZRT_F32: {
    float x = (float)zrt_elem_get_f64(stype, s);
    memcpy(d, &x, sizeof x);
    break;
  }
  default: {
    bool x = zrt_elem_get_f64(stype, s) != 0.0;
    memcpy(d, &x, sizeof x);
    break;
  }
  }
}
