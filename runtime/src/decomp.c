/* decomp.c — PE grids, block decomposition, halo section computation.
 * Pure functions: every PE can compute every other PE's block, so both
 * sides of a message agree on its section without talking. */
#include "zplrt_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void zrt_block_range(int64_t L, int64_t H, int64_t P, int64_t p, int64_t *lo, int64_t *hi) {
  int64_t n = H - L + 1;
  if (n < 0)
    n = 0;
  int64_t q = n / P, rem = n % P;
  int64_t start = L + p * q + (p < rem ? p : rem);
  int64_t size = q + (p < rem ? 1 : 0);
  *lo = start;
  *hi = start + size - 1;
}

void zrt_default_grid(int64_t npes, int rank, int64_t dims[ZRT_MAX_RANK]) {
  for (int k = 0; k < ZRT_MAX_RANK; ++k)
    dims[k] = 1;
  if (rank <= 1) {
    dims[0] = npes;
    return;
  }
  if (rank == 2) {
    int64_t best = 1;
    for (int64_t a = 1; a * a <= npes; ++a)
      if (npes % a == 0)
        best = a;
    dims[0] = best;
    dims[1] = npes / best;
    return;
  }
  int64_t bs = INT64_MAX;
  for (int64_t a = 1; a * a * a <= npes; ++a) {
    if (npes % a)
      continue;
    int64_t m = npes / a;
    for (int64_t b = a; b * b <= m; ++b) {
      if (m % b)
        continue;
      int64_t c = m / b;
      if (a + b + c < bs) { /* the most PEs along the slowest dimension */
        bs = a + b + c;
        dims[0] = c;
        dims[1] = b;
        dims[2] = a;
      }
    }
  }
}

int zrt_parse_grid(const char *s, int64_t dims[ZRT_MAX_RANK]) {
  int n = 0;
  const char *p = s;
  for (;;) {
    if (!isdigit((unsigned char)*p))
      return 0;
    char *end;
    long long v = strtoll(p, &end, 10);
    if (v < 1 || n == ZRT_MAX_RANK)
      return 0;
    dims[n++] = v;
    p = end;
    if (*p == '\0')
      break;
    if (*p != 'x' && *p != 'X')
      return 0;
    ++p;
  }
  for (int k = n; k < ZRT_MAX_RANK; ++k)
    dims[k] = 1;
  return n;
}

int64_t zrt_decomp_npes(const zrt_decomp *D) {
  int64_t n = 1;
  for (int k = 0; k < D->rank; ++k)
    n *= D->grid[k];
  return n;
}

void zrt_decomp_coords(const zrt_decomp *D, int64_t pe, int64_t c[ZRT_MAX_RANK]) {
  for (int k = ZRT_MAX_RANK - 1; k >= 0; --k) {
    if (k >= D->rank) {
      c[k] = 0;
      continue;
    }
    c[k] = pe % D->grid[k];
    pe /= D->grid[k];
  }
}

int64_t zrt_decomp_pe(const zrt_decomp *D, const int64_t c[ZRT_MAX_RANK]) {
  int64_t pe = 0;
  for (int k = 0; k < D->rank; ++k) {
    if (c[k] < 0 || c[k] >= D->grid[k])
      return -1;
    pe = pe * D->grid[k] + c[k];
  }
  return pe;
}

/* ---- ownership along one dimension ------------------------------------------------------
 * The bounding box [L..H] (n indices) is cut into global blocks. Block kind:
 * coordinate c owns zrt_block_range's block c; with n < P only the first n
 * coordinates own an index (one each), the others own nothing, not even
 * outside the box. Cyclic and blockcyclic(b): blocks of b (the last one
 * possibly shorter), dealt round-robin to the coordinates. `*`: one block
 * on coordinate 0. Indices outside the box belong to the first and the last
 * block that own something (their extended ranges run to -/+ infinity), so
 * every index has exactly one owner block. Everything else (tiles, owners
 * of indices, sections) is derived from these functions. */
static int64_t dim_extent(const zrt_decomp *D, int k) {
  return D->bbox.hi[k] - D->bbox.lo[k] + 1;
}

static bool dim_cyclic(const zrt_decomp *D, int k) {
  return D->kind[k] == ZRT_DIST_CYCLIC || D->kind[k] == ZRT_DIST_BLOCKCYCLIC;
}

/* Block length of the cyclic kinds. */
static int64_t dim_bsize(const zrt_decomp *D, int k) {
  return D->kind[k] == ZRT_DIST_BLOCKCYCLIC && D->bsize[k] > 1 ? D->bsize[k] : 1;
}

int64_t zrt_dim_blocks(const zrt_decomp *D, int k) {
  if (D->kind[k] == ZRT_DIST_NONE)
    return 1;
  if (!dim_cyclic(D, k))
    return D->grid[k];
  int64_t n = dim_extent(D, k), b = dim_bsize(D, k);
  return n < 1 ? 1 : (n + b - 1) / b;
}

int64_t zrt_dim_owners(const zrt_decomp *D, int k) {
  int64_t n = dim_extent(D, k), P = D->grid[k];
  if (n < 1) /* nothing spread: block 0 holds everything */
    return 1;
  if (D->kind[k] == ZRT_DIST_BLOCK)
    return n < P ? n : P;
  return zrt_dim_blocks(D, k);
}

void zrt_dim_block(const zrt_decomp *D, int k, int64_t B, bool extended, int64_t *lo,
                   int64_t *hi) {
  int64_t L = D->bbox.lo[k], H = D->bbox.hi[k];
  if (D->kind[k] == ZRT_DIST_NONE) {
    *lo = L;
    *hi = H;
  } else if (dim_cyclic(D, k)) {
    int64_t b = dim_bsize(D, k);
    *lo = L + B * b;
    *hi = *lo + b - 1 < H ? *lo + b - 1 : H;
  } else {
    zrt_block_range(L, H, D->grid[k], B, lo, hi);
  }
  if (!extended)
    return;
  int64_t last = zrt_dim_owners(D, k) - 1;
  if (B > last)
    return; /* owns nothing: stays empty (lo > hi) */
  if (B == 0)
    *lo = -ZRT_INF;
  if (B == last)
    *hi = ZRT_INF;
}

int64_t zrt_dim_owner(const zrt_decomp *D, int k, int64_t x) {
  int64_t L = D->bbox.lo[k], H = D->bbox.hi[k], P = D->grid[k];
  if (x <= L)
    return 0;
  if (x >= H)
    return zrt_dim_owners(D, k) - 1;
  if (D->kind[k] == ZRT_DIST_NONE)
    return 0;
  if (dim_cyclic(D, k))
    return (x - L) / dim_bsize(D, k);
  int64_t n = H - L + 1, q = n / P, rem = n % P, off = x - L;
  if (off < rem * (q + 1)) /* with n < P: q = 0, rem = n, always here */
    return off / (q + 1);
  return rem + (off - rem * (q + 1)) / q;
}

int64_t zrt_dim_coord(const zrt_decomp *D, int k, int64_t B) {
  if (D->kind[k] == ZRT_DIST_NONE)
    return 0;
  return dim_cyclic(D, k) ? B % D->grid[k] : B;
}

int64_t zrt_dim_local(const zrt_decomp *D, int k, int64_t B) {
  return dim_cyclic(D, k) ? B / D->grid[k] : 0;
}

int64_t zrt_dim_nlocal(const zrt_decomp *D, int k, int64_t c) {
  if (D->kind[k] == ZRT_DIST_NONE)
    return c == 0 ? 1 : 0;
  if (!dim_cyclic(D, k))
    return 1;
  int64_t nb = zrt_dim_blocks(D, k);
  return c < nb ? (nb - 1 - c) / D->grid[k] + 1 : 0;
}

int64_t zrt_dim_global(const zrt_decomp *D, int k, int64_t c, int64_t j) {
  if (D->kind[k] == ZRT_DIST_NONE)
    return 0;
  return dim_cyclic(D, k) ? j * D->grid[k] + c : c;
}

int zrt_dim_split(const zrt_decomp *D, int k, int64_t lo, int64_t hi, zrt_run *out, int cap) {
  int n = 0;
  for (int64_t x = lo; x <= hi;) {
    int64_t c = zrt_dim_owner(D, k, x), blo, bhi;
    zrt_dim_block(D, k, c, true, &blo, &bhi);
    int64_t e = bhi < hi ? bhi : hi;
    if (e < x) /* cannot happen: the owner's extended block holds x */
      e = x;
    if (out && n < cap)
      out[n] = (zrt_run){c, x, e};
    ++n;
    if (e >= hi)
      break;
    x = e + 1;
  }
  return n;
}

/* The empty range a PE without local blocks along dimension k gets. */
static void no_block(const zrt_decomp *D, int k, int64_t *lo, int64_t *hi) {
  *lo = D->bbox.lo[k];
  *hi = D->bbox.lo[k] - 1;
}

zrt_region zrt_decomp_block(const zrt_decomp *D, int64_t pe, bool extended) {
  int64_t c[ZRT_MAX_RANK];
  zrt_decomp_coords(D, pe, c);
  zrt_region b;
  memset(&b, 0, sizeof b);
  b.rank = D->rank;
  for (int k = 0; k < D->rank; ++k) {
    int64_t n = zrt_dim_nlocal(D, k, c[k]);
    if (n == 0) {
      no_block(D, k, &b.lo[k], &b.hi[k]);
      continue;
    }
    int64_t lo, hi, unused;
    zrt_dim_block(D, k, zrt_dim_global(D, k, c[k], 0), extended, &lo, &unused);
    zrt_dim_block(D, k, zrt_dim_global(D, k, c[k], n - 1), extended, &unused, &hi);
    b.lo[k] = lo;
    b.hi[k] = hi;
  }
  return b;
}

int64_t zrt_decomp_owner(const zrt_decomp *D, const int64_t idx[ZRT_MAX_RANK]) {
  int64_t c[ZRT_MAX_RANK] = {0, 0, 0};
  for (int k = 0; k < D->rank; ++k)
    c[k] = zrt_dim_coord(D, k, zrt_dim_owner(D, k, idx[k]));
  return zrt_decomp_pe(D, c);
}

/* ---- a PE's part of a region, tile by tile ------------------------------------------------ */
static void *xmalloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p)
    zrt_failf("out of memory");
  return p;
}

/* r's lattice points in [lo..hi] as [*plo..*phi]; false if there are none. */
static bool lattice_clip(const zrt_region *r, int k, int64_t lo, int64_t hi, int64_t *plo,
                         int64_t *phi) {
  if (r->lo[k] > lo)
    lo = r->lo[k];
  if (r->hi[k] < hi)
    hi = r->hi[k];
  int64_t s = zrt_step(r, k);
  if (s > 1 && hi >= lo) {
    lo = zrt_lattice_up(lo, r->lo[k], s);
    hi = zrt_lattice_down(hi, r->lo[k], s);
  }
  *plo = lo;
  *phi = hi;
  return hi >= lo;
}

/* Coordinate c's entries along dimension k (out NULL: count only). */
static int64_t dim_parts(const zrt_decomp *D, int k, int64_t c, const zrt_region *r,
                         bool owner_only, zrt_dim_part *out) {
  if (zrt_is_flood(r, k)) {
    if (owner_only && zrt_dim_coord(D, k, zrt_dim_owner(D, k, r->lo[k])) != c)
      return 0;
    if (out)
      out[0] = (zrt_dim_part){r->lo[k], r->lo[k], -1};
    return 1;
  }
  int64_t n = 0, nl = zrt_dim_nlocal(D, k, c);
  for (int64_t j = 0; j < nl; ++j) {
    int64_t elo, ehi, lo, hi;
    zrt_dim_block(D, k, zrt_dim_global(D, k, c, j), true, &elo, &ehi);
    if (!lattice_clip(r, k, elo, ehi, &lo, &hi))
      continue;
    if (out)
      out[n] = (zrt_dim_part){lo, hi, j};
    ++n;
  }
  return n;
}

void zrt_parts_make(zrt_parts *P, const zrt_decomp *D, const int64_t c[ZRT_MAX_RANK],
                    const zrt_region *r, bool owner_only) {
  memset(P, 0, sizeof *P);
  P->rank = (int)r->rank;
  P->count = 1;
  for (int k = 0; k < P->rank; ++k) {
    P->n[k] = dim_parts(D, k, c[k], r, owner_only, NULL);
    P->v[k] = xmalloc((size_t)P->n[k] * sizeof(zrt_dim_part));
    dim_parts(D, k, c[k], r, owner_only, P->v[k]);
    P->count *= P->n[k];
  }
}

void zrt_parts_free(zrt_parts *P) {
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    free(P->v[k]);
    P->v[k] = NULL;
  }
}

void zrt_parts_index(const zrt_parts *P, int64_t t, int64_t i[ZRT_MAX_RANK]) {
  if (P->count == 1) { /* block distributions: the one tile */
    i[0] = i[1] = i[2] = 0;
    return;
  }
  for (int k = ZRT_MAX_RANK - 1; k >= 0; --k) {
    if (k >= P->rank) {
      i[k] = 0;
      continue;
    }
    i[k] = t % P->n[k];
    t /= P->n[k];
  }
}

zrt_region zrt_parts_box(const zrt_parts *P, const zrt_region *r, int64_t t) {
  int64_t i[ZRT_MAX_RANK];
  zrt_parts_index(P, t, i);
  zrt_region b = *r;
  for (int k = 0; k < P->rank; ++k) {
    b.lo[k] = P->v[k][i[k]].lo;
    b.hi[k] = P->v[k][i[k]].hi;
  }
  return b;
}

zrt_region zrt_parts_bounds(const zrt_parts *P, const zrt_region *r) {
  zrt_region b = *r;
  for (int k = 0; k < P->rank; ++k) {
    if (P->n[k] == 0) {
      b.hi[k] = b.lo[k] - 1;
      continue;
    }
    b.lo[k] = P->v[k][0].lo;
    b.hi[k] = P->v[k][P->n[k] - 1].hi;
  }
  return b;
}

/* ---- sections: one entry list per dimension, combined ------------------------------------
 * Every section of a transfer is a product of per-dimension intervals, each
 * lying in one block on the receiving side and one block on the sending
 * side. So each computation below lists, per dimension, the intervals this
 * PE takes part in, with the blocks on both sides (the receiving and the
 * sending tile's grid coordinate, local block and global block), and the
 * sections are the combinations of one entry per dimension. Both sides of a
 * message compute the same intervals from their own side, and sort their
 * sections the same way, so a message's pieces need no negotiation. */
typedef struct dim_entry {
  int64_t dlo, dhi; /* indices on the receiving side */
  int64_t slo, shi; /* the indices they come from on the sending side */
  int64_t dc, dj, dB;
  int64_t sc, sj, sB;
} dim_entry;

typedef struct entry_list {
  dim_entry *v;
  int64_t n, cap;
} entry_list;

static void entry_push(entry_list *l, dim_entry e) {
  if (l->n == l->cap) {
    int64_t cap = l->cap ? 2 * l->cap : 8;
    dim_entry *nv = realloc(l->v, (size_t)cap * sizeof *nv);
    if (!nv)
      zrt_failf("out of memory computing transfer sections");
    l->v = nv;
    l->cap = cap;
  }
  l->v[l->n++] = e;
}

static void entries_free(entry_list L[ZRT_MAX_RANK]) {
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    free(L[k].v);
    L[k] = (entry_list){NULL, 0, 0};
  }
}

/* A receiving block (dc, dj, dB) and the runs of [lo..hi] split by the
 * sending side's owner blocks in S; the entries' indices are moved by
 * `move` on the receiving side. */
static void push_runs(entry_list *l, const zrt_decomp *S, int k, int64_t lo, int64_t hi,
                      int64_t move, int64_t dc, int64_t dj, int64_t dB) {
  for (int64_t x = lo; x <= hi;) {
    int64_t U = zrt_dim_owner(S, k, x), ulo, uhi;
    zrt_dim_block(S, k, U, true, &ulo, &uhi);
    int64_t e = uhi < hi ? uhi : hi;
    entry_push(l, (dim_entry){x + move, e + move, x, e, dc, dj, dB, zrt_dim_coord(S, k, U),
                              zrt_dim_local(S, k, U), U});
    x = e + 1;
  }
}

/* The same with the roles swapped: a sending block and the runs of
 * [lo..hi] split by the receiving side's owner blocks in R. */
static void push_runs_to(entry_list *l, const zrt_decomp *R, int k, int64_t lo, int64_t hi,
                         int64_t move, int64_t sc, int64_t sj, int64_t sB) {
  for (int64_t x = lo; x <= hi;) {
    int64_t U = zrt_dim_owner(R, k, x), ulo, uhi;
    zrt_dim_block(R, k, U, true, &ulo, &uhi);
    int64_t e = uhi < hi ? uhi : hi;
    entry_push(l, (dim_entry){x + move, e + move, x + move, e + move, zrt_dim_coord(R, k, U),
                              zrt_dim_local(R, k, U), U, sc, sj, sB});
    x = e + 1;
  }
}

typedef int (*combo_fn)(void *ctx, const dim_entry *const e[ZRT_MAX_RANK]);

/* Calls visit for every combination of one entry per dimension (the last
 * dimension fastest); stops at the first nonzero return. */
static int for_each_combination(int rank, const entry_list L[ZRT_MAX_RANK], combo_fn visit,
                                void *ctx) {
  for (int k = 0; k < rank; ++k)
    if (L[k].n == 0)
      return 0;
  int64_t i[ZRT_MAX_RANK] = {0, 0, 0};
  for (;;) {
    const dim_entry *e[ZRT_MAX_RANK] = {NULL, NULL, NULL};
    for (int k = 0; k < rank; ++k)
      e[k] = &L[k].v[i[k]];
    int rc = visit(ctx, e);
    if (rc)
      return rc;
    int k = rank - 1;
    while (k >= 0 && ++i[k] == L[k].n)
      i[k--] = 0;
    if (k < 0)
      return 0;
  }
}

static int64_t pe_at(const zrt_decomp *D, const dim_entry *const e[ZRT_MAX_RANK], bool sender) {
  int64_t c[ZRT_MAX_RANK] = {0, 0, 0};
  for (int k = 0; k < D->rank; ++k)
    c[k] = sender ? e[k]->sc : e[k]->dc;
  return zrt_decomp_pe(D, c);
}

static zrt_region combo_box(int rank, const dim_entry *const e[ZRT_MAX_RANK], bool sending_side) {
  zrt_region b;
  memset(&b, 0, sizeof b);
  b.rank = rank;
  for (int k = 0; k < rank; ++k) {
    b.lo[k] = sending_side ? e[k]->slo : e[k]->dlo;
    b.hi[k] = sending_side ? e[k]->shi : e[k]->dhi;
  }
  return b;
}

/* Row-major order of boxes by their low corner. */
static int box_cmp(const zrt_region *a, const zrt_region *b) {
  for (int k = 0; k < a->rank; ++k)
    if (a->lo[k] != b->lo[k])
      return a->lo[k] < b->lo[k] ? -1 : 1;
  return 0;
}

static int tag_of(int64_t id, const int64_t off[ZRT_MAX_RANK]) {
  int64_t code = 0;
  for (int k = ZRT_MAX_RANK - 1; k >= 0; --k)
    code = code * 3 + (off[k] + 1);
  int64_t t = id * 27 + code;
  if (t < 0)
    t = -t;
  return (int)(t % 0x3fffffff);
}

/* ---- halo sections ------------------------------------------------------------------------
 * Tile v of PE me reads the cells N(v) = (r ∩ ext(v)) + d. Those it does not
 * own are split by owner tile: along each dimension into runs of one owner
 * block (zrt_dim_split), and the product of the runs gives boxes of one
 * owner tile each, however far away that owner is. The owner tile u
 * computes it from its side: the cells of r whose reads land in ext(u) are
 * S(u) = r ∩ (ext(u) - d); split by owner, the piece owned by v, shifted by
 * d, is N(v) ∩ ext(u) -- the very box v computed, since both are the
 * product over the dimensions of the same intervals. So both sides list the
 * same (sender, receiver, box) triples; the sections between one pair of
 * PEs form one message, whose tag carries the sign of the grid offset. */

typedef struct sec_list {
  zrt_section *v;
  int n, cap;
} sec_list;

static bool sec_push(sec_list *l, zrt_section s) {
  if (l->n == l->cap) {
    int cap = l->cap ? 2 * l->cap : 8;
    zrt_section *nv = realloc(l->v, (size_t)cap * sizeof *nv);
    if (!nv)
      return false;
    l->v = nv;
    l->cap = cap;
  }
  l->v[l->n++] = s;
  return true;
}

/* Dimension k of PE coordinate c's receives (sending = false: its tiles'
 * needs split by owner) or sends (its tiles' cells that others read). Along
 * a flood dimension of the array nothing moves: one entry, r's index. */
static void halo_dim(const zrt_decomp *D, int k, int64_t c, const zrt_region *r, int64_t dk,
                     bool flood, bool sending, entry_list *l) {
  if (flood) {
    entry_push(l, (dim_entry){r->lo[k], r->hi[k], r->lo[k], r->hi[k], c, 0, 0, c, 0, 0});
    return;
  }
  int64_t nl = zrt_dim_nlocal(D, k, c);
  for (int64_t j = 0; j < nl; ++j) {
    int64_t B = zrt_dim_global(D, k, c, j), elo, ehi;
    zrt_dim_block(D, k, B, true, &elo, &ehi);
    if (sending) {
      int64_t lo = r->lo[k] > elo - dk ? r->lo[k] : elo - dk;
      int64_t hi = r->hi[k] < ehi - dk ? r->hi[k] : ehi - dk;
      push_runs_to(l, D, k, lo, hi, dk, c, j, B);
    } else {
      int64_t lo = r->lo[k] > elo ? r->lo[k] : elo;
      int64_t hi = r->hi[k] < ehi ? r->hi[k] : ehi;
      if (hi >= lo)
        push_runs(l, D, k, lo + dk, hi + dk, 0, c, j, B);
    }
  }
}

/* Puts box on the points a statement over r reads at shift d, in the
 * dimensions where r has steps: r's lattice moved by d (every step-th
 * index from r.lo + d; a wrap moves by whole periods, which keeps it), so
 * only the points the statement reads travel: an array over a strided
 * region holds no others (a coarse level's restriction reads a finer one
 * at half its step: those points only). A reflect mirrors r's lattice onto
 * itself only for shifts by whole steps: other shifts keep dense boxes.
 * False when no point is left; both sides compute the same box, so they
 * agree on it. */
static bool to_lattice(zrt_region *box, const zrt_region *r, const int64_t *d, bool reflect) {
  for (int k = 0; k < box->rank; ++k) {
    int64_t s = zrt_step(r, k), base = r->lo[k] + d[k];
    if (s == 1 || (reflect && d[k] % s != 0))
      continue;
    /* the points below base count down from it */
    int64_t below = (box->lo[k] - base) % s, above = (box->hi[k] - base) % s;
    box->lo[k] += below > 0 ? s - below : -below;
    box->hi[k] -= above >= 0 ? above : s + above;
    box->step[k] = s;
    if (box->hi[k] < box->lo[k])
      return false;
  }
  return true;
}

typedef struct halo_ctx {
  const zrt_decomp *D;
  const zrt_region *r;
  int64_t me;
  bool sending;
  int64_t id;
  const zrt_region *storage_me;
  const int64_t *d;
  sec_list *out;
  char *err;
  size_t errlen;
} halo_ctx;

static int halo_visit(void *vctx, const dim_entry *const e[ZRT_MAX_RANK]) {
  halo_ctx *x = vctx;
  int rank = x->D->rank;
  bool own = true;
  int64_t off[ZRT_MAX_RANK] = {0, 0, 0};
  for (int k = 0; k < rank; ++k) {
    own = own && e[k]->dB == e[k]->sB;
    off[k] = e[k]->sc > e[k]->dc ? 1 : e[k]->sc < e[k]->dc ? -1 : 0;
  }
  if (own) /* the tile's own cells */
    return 0;
  int64_t peer = pe_at(x->D, e, !x->sending);
  if (peer < 0 || (x->sending && peer == x->me)) /* copies within a PE: listed as receives */
    return 0;
  zrt_region box = combo_box(rank, e, false);
  if (!to_lattice(&box, x->r, x->d, false))
    return 0;
  if (!zrt_box_contains(x->storage_me, &box)) {
    char b1[160], b2[64];
    zrt_box_text(b1, sizeof b1, &box);
    zrt_vector_text(b2, sizeof b2, rank, x->d);
    snprintf(x->err, x->errlen,
             x->sending ? "cells %s to send for shift %s lie outside the array's storage"
                        : "ghost cells %s needed for shift %s lie outside the array's storage",
             b1, b2);
    return -1;
  }
  zrt_section s;
  memset(&s, 0, sizeof s);
  s.peer = peer;
  s.tag = tag_of(x->id, off);
  s.box = box;
  for (int k = 0; k < rank; ++k) {
    s.tile[k] = x->sending ? e[k]->sj : e[k]->dj;
    s.src_tile[k] = e[k]->sj;
  }
  if (!sec_push(x->out, s)) {
    snprintf(x->err, x->errlen, "out of memory");
    return -1;
  }
  return 0;
}

static int section_cmp(const void *pa, const void *pb) {
  const zrt_section *a = pa, *b = pb;
  if (a->peer != b->peer)
    return a->peer < b->peer ? -1 : 1;
  return box_cmp(&a->box, &b->box);
}

int zrt_halo_compute(const zrt_decomp *D, int64_t me, zrt_region r, const int64_t d_in[ZRT_MAX_RANK],
                     int64_t flood, int64_t id, const zrt_region *storage_me, zrt_section **recv,
                     int *nrecv, zrt_section **send, int *nsend, char *err, size_t errlen) {
  *recv = *send = NULL;
  *nrecv = *nsend = 0;
  int rank = D->rank;
  int64_t mec[ZRT_MAX_RANK], d[ZRT_MAX_RANK] = {0, 0, 0};
  zrt_decomp_coords(D, me, mec);
  for (int k = 0; k < rank; ++k)
    if (!((flood >> k) & 1))
      d[k] = d_in[k];
  r.flood = 0;
  sec_list lists[2] = {{NULL, 0, 0}, {NULL, 0, 0}};
  for (int sending = 0; sending < 2; ++sending) {
    entry_list L[ZRT_MAX_RANK] = {{NULL, 0, 0}, {NULL, 0, 0}, {NULL, 0, 0}};
    for (int k = 0; k < rank; ++k)
      halo_dim(D, k, mec[k], &r, d[k], (flood >> k) & 1, sending, &L[k]);
    halo_ctx ctx = {D, &r, me, sending, id, storage_me, d, &lists[sending], err, errlen};
    int rc = for_each_combination(rank, L, halo_visit, &ctx);
    entries_free(L);
    if (rc != 0) {
      free(lists[0].v);
      free(lists[1].v);
      return -1;
    }
    if (lists[sending].n)
      qsort(lists[sending].v, (size_t)lists[sending].n, sizeof(zrt_section), section_cmp);
  }
  *recv = lists[0].v;
  *nrecv = lists[0].n;
  *send = lists[1].v;
  *nsend = lists[1].n;
  return 0;
}

/* ---- boundary transfers (wrap, reflect) and redistributions ----------------------------------
 * A boundary transfer's band is split by owner tile, each piece mapped to
 * its source cells, and those split by owner tile again; every PE
 * enumerates the whole band this way (it is thin) and keeps the sections it
 * sends or receives. A redistribution lists, per dimension, its receiving
 * tiles' indices split by the source distribution's owners and its sending
 * tiles' indices split by the destination's. Each (sender, receiver) pair
 * exchanges one message, so one tag per transfer suffices; the tag space
 * (id*27 + 13) is disjoint from the halo tags of zrt_halo_compute
 * (id*27 + code, code != 13). */

/* The period of a wrap along dimension k: the number of r's indices times
 * its step (a strided region {2,4,6,8} repeats every 8, not every 7). */
static int64_t wrap_period(const zrt_region *r, int k) {
  return r->hi[k] - r->lo[k] + zrt_step(r, k);
}

/* Maps [lo..hi] of dimension k between the band and its source: wrap
 * translates by the region's period, reflect mirrors about the point half
 * a step outside the edge (an involution, so one map serves both
 * directions); both take lattice points to lattice points. */
static void bmap_dim(int kind, int64_t dk, const zrt_region *r, int k, bool to_source,
                     int64_t lo, int64_t hi, int64_t *olo, int64_t *ohi) {
  if (dk == 0) {
    *olo = lo;
    *ohi = hi;
  } else if (kind == ZRT_XFER_WRAP) {
    int64_t sh = wrap_period(r, k);
    if ((dk > 0) == to_source)
      sh = -sh;
    *olo = lo + sh;
    *ohi = hi + sh;
  } else {
    int64_t s = zrt_step(r, k);
    int64_t c = dk > 0 ? 2 * r->hi[k] + s : 2 * r->lo[k] - s;
    *olo = c - hi;
    *ohi = c - lo;
  }
}

int zrt_pair_tag(int64_t id) {
  int64_t t = id * 27 + 13;
  if (t < 0)
    t = -t;
  return (int)(t % 0x3fffffff);
}

void zrt_bsec_push(zrt_bsec_list *l, const zrt_bsection *s) {
  if (l->n == l->cap) {
    int cap = l->cap ? 2 * l->cap : 8;
    zrt_bsection *nv = realloc(l->v, (size_t)cap * sizeof *nv);
    if (!nv)
      zrt_failf("out of memory computing transfer sections");
    l->v = nv;
    l->cap = cap;
  }
  l->v[l->n++] = *s;
}

/* The destination box of a section (what orders a message's pieces). */
static const zrt_region *bsec_dest(const zrt_bsection *s) {
  return s->role == ZRT_BSEC_SEND ? &s->other : &s->box;
}

int zrt_bsec_cmp(const void *pa, const void *pb) {
  const zrt_bsection *a = pa, *b = pb;
  if (a->role != b->role)
    return a->role < b->role ? -1 : 1;
  if (a->peer != b->peer)
    return a->peer < b->peer ? -1 : 1;
  return box_cmp(bsec_dest(a), bsec_dest(b));
}

/* Records the section of a combination: the receiving tile's cells `dst`
 * on PE q, the sending tile's `src` on PE p, as seen by me. */
static void record(zrt_bsec_list *l, int64_t me, int64_t p, int64_t q, int tag, int mirror,
                   const zrt_region *dst, const zrt_region *src,
                   const dim_entry *const e[ZRT_MAX_RANK], int rank) {
  zrt_bsection x;
  memset(&x, 0, sizeof x);
  x.tag = tag;
  x.mirror = mirror;
  bool sending = p == me && q != me;
  x.role = p == me && q == me ? ZRT_BSEC_LOCAL : sending ? ZRT_BSEC_SEND : ZRT_BSEC_RECV;
  x.peer = sending ? q : p;
  x.box = sending ? *src : *dst;
  x.other = sending ? *dst : *src;
  for (int k = 0; k < rank; ++k) {
    x.tile[k] = sending ? e[k]->sj : e[k]->dj;
    x.other_tile[k] = sending ? e[k]->dj : e[k]->sj;
  }
  zrt_bsec_push(l, &x);
}

typedef struct boundary_ctx {
  const zrt_decomp *D;
  const zrt_region *r;
  int64_t me;
  int kind;
  const int64_t *d;
  int tag;
  zrt_bsec_list out;
} boundary_ctx;

static int boundary_visit(void *vctx, const dim_entry *const e[ZRT_MAX_RANK]) {
  boundary_ctx *x = vctx;
  int rank = x->D->rank;
  int64_t q = pe_at(x->D, e, false), p = pe_at(x->D, e, true);
  if (q != x->me && p != x->me)
    return 0;
  zrt_region dpart = combo_box(rank, e, false), spart = combo_box(rank, e, true);
  bool reflect = x->kind == ZRT_XFER_REFLECT;
  if (!to_lattice(&dpart, x->r, x->d, reflect) || !to_lattice(&spart, x->r, x->d, reflect))
    return 0;
  int mirror = 0;
  if (x->kind == ZRT_XFER_REFLECT)
    for (int k = 0; k < rank; ++k)
      if (x->d[k] != 0 && dpart.hi[k] > dpart.lo[k])
        mirror |= 1 << k;
  record(&x->out, x->me, p, q, x->tag, mirror, &dpart, &spart, e, rank);
  return 0;
}

/* Dimension k of the boundary transfer: the band's runs of one owner, each
 * mapped to its source and split by the source's owners. */
static void boundary_dim(const zrt_decomp *D, int k, int kind, const zrt_region *band,
                         const zrt_region *r, int64_t dk, entry_list *l) {
  for (int64_t x = band->lo[k]; x <= band->hi[k];) {
    int64_t Q = zrt_dim_owner(D, k, x), qlo, qhi;
    zrt_dim_block(D, k, Q, true, &qlo, &qhi);
    int64_t e = qhi < band->hi[k] ? qhi : band->hi[k];
    int64_t slo, shi;
    bmap_dim(kind, dk, r, k, true, x, e, &slo, &shi);
    for (int64_t y = slo; y <= shi;) {
      int64_t P = zrt_dim_owner(D, k, y), plo, phi;
      zrt_dim_block(D, k, P, true, &plo, &phi);
      int64_t f = phi < shi ? phi : shi, dlo, dhi;
      bmap_dim(kind, dk, r, k, false, y, f, &dlo, &dhi);
      entry_push(l, (dim_entry){dlo, dhi, y, f, zrt_dim_coord(D, k, Q), zrt_dim_local(D, k, Q), Q,
                                zrt_dim_coord(D, k, P), zrt_dim_local(D, k, P), P});
      y = f + 1;
    }
    x = e + 1;
  }
}

int zrt_boundary_compute(const zrt_decomp *D, int64_t me, int kind, zrt_region r,
                         const int64_t d_in[ZRT_MAX_RANK], int64_t flood,
                         const int64_t flood_index[ZRT_MAX_RANK], int64_t id, zrt_bsection **out,
                         int *nout, char *err, size_t errlen) {
  *out = NULL;
  *nout = 0;
  int rank = D->rank;
  int64_t d[ZRT_MAX_RANK] = {0, 0, 0};
  int nz = 0;
  for (int k = 0; k < rank; ++k) {
    if (((flood >> k) & 1) || ((r.flood >> k) & 1))
      continue; /* nothing moves along a flood dimension */
    d[k] = d_in[k];
    int64_t ext = wrap_period(&r, k);
    if (d[k] != 0) {
      ++nz;
      if (d[k] > ext || -d[k] > ext) {
        snprintf(err, errlen,
                 "the band is %lld wide but the region has only %lld indices along dimension %d",
                 (long long)(d[k] > 0 ? d[k] : -d[k]), (long long)ext, k + 1);
        return -1;
      }
    }
  }
  zrt_region band = zrt_region_of(r, d[0], d[1], d[2]);
  band.flood = 0;
  for (int k = 0; k < ZRT_MAX_RANK; ++k)
    band.step[k] = 0;
  zrt_region rr = r; /* keeps its steps: bmap_dim needs them */
  rr.flood = 0;
  if (nz == 0 || zrt_box_empty(&band) || zrt_box_empty(&rr))
    return 0;
  int64_t mec[ZRT_MAX_RANK];
  zrt_decomp_coords(D, me, mec);
  entry_list L[ZRT_MAX_RANK] = {{NULL, 0, 0}, {NULL, 0, 0}, {NULL, 0, 0}};
  for (int k = 0; k < rank; ++k) {
    if ((flood >> k) & 1) { /* the one stored index, within this PE's slice */
      int64_t f = flood_index[k];
      entry_push(&L[k], (dim_entry){f, f, f, f, mec[k], 0, 0, mec[k], 0, 0});
    } else {
      boundary_dim(D, k, kind, &band, &rr, d[k], &L[k]);
    }
  }
  boundary_ctx ctx = {D, &rr, me, kind, d, zrt_pair_tag(id), {NULL, 0, 0}};
  for_each_combination(rank, L, boundary_visit, &ctx);
  entries_free(L);
  if (ctx.out.n)
    qsort(ctx.out.v, (size_t)ctx.out.n, sizeof(zrt_bsection), zrt_bsec_cmp);
  *out = ctx.out.v;
  *nout = ctx.out.n;
  return 0;
}

/* Dimension k of a redistribution from PE coordinates cd (in Dd) / cs (in
 * Ds): its receiving tiles' indices of r split by Ds's owners, or its
 * sending tiles' split by Dd's. Lattice dimensions go point by point. */
static void redist_dim(const zrt_decomp *Dd, const zrt_decomp *Ds, int k, const zrt_region *r,
                       int64_t cd, int64_t cs, bool sending, entry_list *l) {
  const zrt_decomp *mine = sending ? Ds : Dd, *other = sending ? Dd : Ds;
  int64_t c = sending ? cs : cd, nl = zrt_dim_nlocal(mine, k, c), s = zrt_step(r, k);
  for (int64_t j = 0; j < nl; ++j) {
    int64_t B = zrt_dim_global(mine, k, c, j), elo, ehi, lo, hi;
    zrt_dim_block(mine, k, B, true, &elo, &ehi);
    if (!lattice_clip(r, k, elo, ehi, &lo, &hi))
      continue;
    /* a lattice dimension moves point by point */
    for (int64_t x = lo; x <= hi; x = s > 1 ? x + s : hi + 1) {
      int64_t e = s > 1 ? x : hi;
      if (sending)
        push_runs_to(l, other, k, x, e, 0, c, j, B);
      else
        push_runs(l, other, k, x, e, 0, c, j, B);
    }
  }
}

/* Along a flood dimension of both arrays every PE holds the element; the
 * receivers get it from the source PEs at coordinate 0. */
static void redist_flood_dim(const zrt_decomp *Dd, int k, int64_t f, int64_t cd, int64_t cs,
                             bool sending, entry_list *l) {
  if (!sending) {
    entry_push(l, (dim_entry){f, f, f, f, cd, 0, 0, 0, 0, 0});
    return;
  }
  if (cs != 0)
    return;
  for (int64_t c = 0; c < Dd->grid[k]; ++c)
    entry_push(l, (dim_entry){f, f, f, f, c, 0, 0, 0, 0, 0});
}

typedef struct redist_ctx {
  const zrt_decomp *Dd, *Ds;
  int64_t me;
  bool sending;
  int tag;
  zrt_bsec_list out;
} redist_ctx;

static int redist_visit(void *vctx, const dim_entry *const e[ZRT_MAX_RANK]) {
  redist_ctx *x = vctx;
  int rank = x->Dd->rank;
  int64_t q = pe_at(x->Dd, e, false), p = pe_at(x->Ds, e, true);
  if (x->sending && q == x->me) /* copies within a PE: listed by the receiving side */
    return 0;
  zrt_region box = combo_box(rank, e, false);
  record(&x->out, x->me, p, q, x->tag, 0, &box, &box, e, rank);
  return 0;
}

int zrt_redist_compute(const zrt_decomp *Dd, const zrt_decomp *Ds, int64_t me, zrt_region r,
                       int64_t flood, const int64_t flood_index[ZRT_MAX_RANK], int64_t id,
                       zrt_bsection **out, int *nout, char *err, size_t errlen) {
  *out = NULL;
  *nout = 0;
  int rank = Dd->rank;
  if (Ds->rank != rank || zrt_decomp_npes(Ds) != zrt_decomp_npes(Dd)) {
    snprintf(err, errlen, "the two distributions have different ranks or PE counts");
    return -1;
  }
  int64_t cd[ZRT_MAX_RANK], cs[ZRT_MAX_RANK];
  zrt_decomp_coords(Dd, me, cd);
  zrt_decomp_coords(Ds, me, cs);
  r.flood = 0;
  redist_ctx ctx = {Dd, Ds, me, false, zrt_pair_tag(id), {NULL, 0, 0}};
  for (int sending = 0; sending < 2; ++sending) {
    entry_list L[ZRT_MAX_RANK] = {{NULL, 0, 0}, {NULL, 0, 0}, {NULL, 0, 0}};
    for (int k = 0; k < rank; ++k) {
      if ((flood >> k) & 1)
        redist_flood_dim(Dd, k, flood_index[k], cd[k], cs[k], sending, &L[k]);
      else
        redist_dim(Dd, Ds, k, &r, cd[k], cs[k], sending, &L[k]);
    }
    ctx.sending = sending;
    for_each_combination(rank, L, redist_visit, &ctx);
    entries_free(L);
  }
  if (ctx.out.n)
    qsort(ctx.out.v, (size_t)ctx.out.n, sizeof(zrt_bsection), zrt_bsec_cmp);
  *out = ctx.out.v;
  *nout = ctx.out.n;
  return 0;
}
