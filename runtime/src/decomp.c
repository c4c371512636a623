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
      if (a + b + c < bs) {
        bs = a + b + c;
        dims[0] = a;
        dims[1] = b;
        dims[2] = c;
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

zrt_region zrt_decomp_block(const zrt_decomp *D, int64_t pe, bool extended) {
  int64_t c[ZRT_MAX_RANK];
  zrt_decomp_coords(D, pe, c);
  zrt_region b;
  memset(&b, 0, sizeof b);
  b.rank = D->rank;
  for (int k = 0; k < D->rank; ++k) {
    zrt_block_range(D->bbox.lo[k], D->bbox.hi[k], D->grid[k], c[k], &b.lo[k], &b.hi[k]);
    if (extended) {
      if (c[k] == 0)
        b.lo[k] = -ZRT_INF;
      if (c[k] == D->grid[k] - 1)
        b.hi[k] = ZRT_INF;
    }
  }
  return b;
}

static int fmt_box(char *buf, size_t n, const zrt_region *b) {
  int w = snprintf(buf, n, "[");
  for (int k = 0; k < b->rank; ++k)
    w += snprintf(buf + w, n > (size_t)w ? n - (size_t)w : 0, "%s%lld..%lld", k ? ", " : "",
                  (long long)b->lo[k], (long long)b->hi[k]);
  w += snprintf(buf + w, n > (size_t)w ? n - (size_t)w : 0, "]");
  return w;
}

static int fmt_dir(char *buf, size_t n, int rank, const int64_t d[ZRT_MAX_RANK]) {
  int w = snprintf(buf, n, "[");
  for (int k = 0; k < rank; ++k)
    w += snprintf(buf + w, n > (size_t)w ? n - (size_t)w : 0, "%s%lld", k ? ", " : "",
                  (long long)d[k]);
  w += snprintf(buf + w, n > (size_t)w ? n - (size_t)w : 0, "]");
  return w;
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

int zrt_halo_compute(const zrt_decomp *D, int64_t me, zrt_region r, const int64_t d[ZRT_MAX_RANK],
                     int64_t id, const zrt_region *storage_me, zrt_section *recv, int *nrecv,
                     zrt_section *send, int *nsend, char *err, size_t errlen) {
  *nrecv = *nsend = 0;
  int rank = D->rank;
  int64_t mec[ZRT_MAX_RANK];
  zrt_decomp_coords(D, me, mec);
  zrt_region ext_me = zrt_decomp_block(D, me, true);
  zrt_region mine = zrt_box_intersect(&r, &ext_me);
  zrt_region need = zrt_box_shift(&mine, d);
  int nz[ZRT_MAX_RANK], nnz = 0;
  for (int k = 0; k < rank; ++k)
    if (d[k] != 0)
      nz[nnz++] = k;
  char b1[160], b2[64];

  /* Reach: the needed cells must lie in this PE's extended block or the
   * adjacent one along each shifted dimension. */
  if (!zrt_box_empty(&need)) {
    for (int i = 0; i < nnz; ++i) {
      int k = nz[i];
      int64_t c[ZRT_MAX_RANK];
      memcpy(c, mec, sizeof c);
      c[k] += d[k] > 0 ? 1 : -1;
      int64_t q = zrt_decomp_pe(D, c);
      if (q < 0)
        continue;
      zrt_region eq = zrt_decomp_block(D, q, true);
      bool bad = d[k] > 0 ? need.hi[k] > eq.hi[k] : need.lo[k] < eq.lo[k];
      if (bad) {
        zrt_region bq = zrt_decomp_block(D, q, false);
        fmt_dir(b2, sizeof b2, rank, d);
        snprintf(err, errlen,
                 "shift by %s reaches past the neighbouring PE's block (only %lld %s "
                 "along dimension %d); use fewer PEs along that dimension",
                 b2, (long long)(bq.hi[k] - bq.lo[k] + 1),
                 bq.hi[k] == bq.lo[k] ? "index" : "indices", k + 1);
        return -1;
      }
    }
  }

  for (int mask = 1; mask < (1 << nnz); ++mask) {
    int64_t off[ZRT_MAX_RANK] = {0, 0, 0};
    for (int i = 0; i < nnz; ++i)
      if (mask & (1 << i))
        off[nz[i]] = d[nz[i]] > 0 ? 1 : -1;
    int tag = tag_of(id, off);
    int64_t c[ZRT_MAX_RANK];
    /* receive from me + off */
    for (int k = 0; k < ZRT_MAX_RANK; ++k)
      c[k] = mec[k] + off[k];
    int64_t q = zrt_decomp_pe(D, c);
    if (q >= 0 && !zrt_box_empty(&need)) {
      zrt_region eq = zrt_decomp_block(D, q, true);
      zrt_region box = zrt_box_intersect(&need, &eq);
      if (!zrt_box_empty(&box)) {
        if (!zrt_box_contains(storage_me, &box)) {
          fmt_box(b1, sizeof b1, &box);
          fmt_dir(b2, sizeof b2, rank, d);
          snprintf(err, errlen,
                   "ghost cells %s needed for shift %s lie outside the array's storage", b1, b2);
          return -1;
        }
        recv[*nrecv] = (zrt_section){q, tag, box};
        ++*nrecv;
      }
    }
    /* send to me - off */
    for (int k = 0; k < ZRT_MAX_RANK; ++k)
      c[k] = mec[k] - off[k];
    int64_t p = zrt_decomp_pe(D, c);
    if (p >= 0) {
      zrt_region ep = zrt_decomp_block(D, p, true);
      zrt_region theirs = zrt_box_intersect(&r, &ep);
      zrt_region pneed = zrt_box_shift(&theirs, d);
      zrt_region box = zrt_box_intersect(&pneed, &ext_me);
      if (!zrt_box_empty(&box)) {
        if (!zrt_box_contains(storage_me, &box)) {
          fmt_box(b1, sizeof b1, &box);
          fmt_dir(b2, sizeof b2, rank, d);
          snprintf(err, errlen,
                   "cells %s to send for shift %s lie outside the array's storage", b1, b2);
          return -1;
        }
        send[*nsend] = (zrt_section){p, tag, box};
        ++*nsend;
      }
    }
  }
  return 0;
}
