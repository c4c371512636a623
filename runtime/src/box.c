/* box.c — index boxes, row-major layouts and the pack/unpack kernels. */
#include "zplrt_internal.h"

#include <stdio.h>
#include <string.h>

bool zrt_box_empty(const zrt_region *b) {
  for (int64_t k = 0; k < b->rank; ++k)
    if (b->hi[k] < b->lo[k])
      return true;
  return false;
}

int64_t zrt_box_count(const zrt_region *b) {
  if (zrt_box_empty(b))
    return 0;
  int64_t n = 1;
  for (int64_t k = 0; k < b->rank; ++k)
    n *= b->hi[k] - b->lo[k] + 1;
  return n;
}

/* The points of box b along dimension k (region.c's zrt_lattice_count;
 * box.c calls nothing of region.c, which calls it). */
static int64_t points_along(const zrt_region *b, int k) {
  return b->hi[k] < b->lo[k] ? 0 : (b->hi[k] - b->lo[k]) / zrt_step(b, k) + 1;
}

int64_t zrt_box_points(const zrt_region *b) {
  int64_t n = 1;
  for (int k = 0; k < b->rank; ++k)
    n *= points_along(b, k);
  return n;
}

zrt_region zrt_lattice_shape(const zrt_layout *L, const zrt_region *box, zrt_layout *Ls) {
  *Ls = *L;
  zrt_region s = *box;
  for (int k = 0; k < L->rank; ++k) {
    int64_t step = zrt_step(box, k);
    Ls->stride[k] = L->stride[k] * step;
    Ls->ext[k] = (L->ext[k] + step - 1) / step;
    s.lo[k] = L->lo[k];
    s.hi[k] = L->lo[k] + points_along(box, k) - 1;
    s.step[k] = 0;
  }
  return s;
}

zrt_region zrt_box_intersect(const zrt_region *a, const zrt_region *b) {
  zrt_region r = *a;
  for (int64_t k = 0; k < a->rank; ++k) {
    r.lo[k] = a->lo[k] > b->lo[k] ? a->lo[k] : b->lo[k];
    r.hi[k] = a->hi[k] < b->hi[k] ? a->hi[k] : b->hi[k];
  }
  return r;
}

bool zrt_box_contains(const zrt_region *outer, const zrt_region *inner) {
  if (zrt_box_empty(inner))
    return true;
  for (int64_t k = 0; k < inner->rank; ++k)
    if (inner->lo[k] < outer->lo[k] || inner->hi[k] > outer->hi[k])
      return false;
  return true;
}

zrt_region zrt_box_shift(const zrt_region *b, const int64_t d[ZRT_MAX_RANK]) {
  zrt_region r = *b;
  for (int64_t k = 0; k < b->rank; ++k) {
    r.lo[k] += d[k];
    r.hi[k] += d[k];
  }
  return r;
}

char *zrt_box_text(char *buf, size_t n, const zrt_region *b) {
  int w = snprintf(buf, n, "[");
  for (int k = 0; k < b->rank && (size_t)w < n; ++k)
    w += snprintf(buf + w, n - (size_t)w, "%s%lld..%lld", k ? ", " : "", (long long)b->lo[k],
                  (long long)b->hi[k]);
  if ((size_t)w < n)
    snprintf(buf + w, n - (size_t)w, "]");
  return buf;
}

char *zrt_vector_text(char *buf, size_t n, int rank, const int64_t v[ZRT_MAX_RANK]) {
  int w = snprintf(buf, n, "[");
  for (int k = 0; k < rank && (size_t)w < n; ++k)
    w += snprintf(buf + w, n - (size_t)w, "%s%lld", k ? ", " : "", (long long)v[k]);
  if ((size_t)w < n)
    snprintf(buf + w, n - (size_t)w, "]");
  return buf;
}

zrt_layout zrt_layout_make(const zrt_region *box, size_t esz) {
  zrt_layout L;
  memset(&L, 0, sizeof L);
  L.rank = (int)box->rank;
  L.esz = esz;
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    L.lo[k] = k < L.rank ? box->lo[k] : 0;
    L.ext[k] = k < L.rank ? box->hi[k] - box->lo[k] + 1 : 1;
    if (L.ext[k] < 0)
      L.ext[k] = 0;
  }
  int64_t s = 1;
  for (int k = ZRT_MAX_RANK - 1; k >= 0; --k) {
    L.stride[k] = s;
    if (k < L.rank)
      s *= L.ext[k];
  }
  return L;
}

static int64_t elem_offset(const zrt_layout *L, const zrt_region *box) {
  int64_t off = 0;
  for (int k = 0; k < L->rank; ++k)
    off += (box->lo[k] - L->lo[k]) * L->stride[k];
  return off;
}

void *zrt_box_ptr(void *base, const zrt_layout *L, const zrt_region *box) {
  return (char *)base + (size_t)elem_offset(L, box) * L->esz;
}

bool zrt_box_contiguous(const zrt_layout *L, const zrt_region *box) {
  if (zrt_box_empty(box))
    return true;
  for (int k = 0; k < L->rank; ++k) /* lattice points with gaps between */
    if (zrt_step(box, k) > 1 && box->hi[k] > box->lo[k])
      return false;
  /* From the innermost dimension out: full dimensions may be followed by
   * one partial one; everything outside that must have extent 1. */
  bool partial_seen = false;
  for (int k = L->rank - 1; k >= 0; --k) {
    int64_t e = box->hi[k] - box->lo[k] + 1;
    if (partial_seen) {
      if (e != 1)
        return false;
    } else if (e != L->ext[k]) {
      partial_seen = true;
    }
  }
  return true;
}

/* The box as up to three outer loops (count, stride in elements) around one
 * contiguous run of `run` elements. */
typedef struct loopnest {
  int64_t off;
  int64_t run;
  int64_t n[ZRT_MAX_RANK];
  int64_t s[ZRT_MAX_RANK];
} loopnest;

static loopnest make_nest(const zrt_layout *L, const zrt_region *box) {
  loopnest ln;
  ln.off = elem_offset(L, box);
  int64_t cnt[ZRT_MAX_RANK], str[ZRT_MAX_RANK];
  int m = 0;
  for (int k = 0; k < L->rank; ++k) {
    int64_t e = box->hi[k] - box->lo[k] + 1;
    if (e != 1) {
      cnt[m] = e;
      str[m] = L->stride[k];
      ++m;
    }
  }
  ln.run = 1;
  while (m > 0 && str[m - 1] == ln.run) {
    ln.run *= cnt[m - 1];
    --m;
  }
  /* right-align the remaining loops in n[]/s[] (outer first) */
  int pad = ZRT_MAX_RANK - m;
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    if (k < pad) {
      ln.n[k] = 1;
      ln.s[k] = 0;
    } else {
      ln.n[k] = cnt[k - pad];
      ln.s[k] = str[k - pad];
    }
  }
  return ln;
}

/* Element loops for short runs (fixed-size memcpy compiles to one move and
 * keeps the copies free of aliasing assumptions); PACKING selects the
 * direction. */
#define STRIDED_COPY(T, PACKING)                                                             \
  do {                                                                                       \
    for (int64_t i0 = 0; i0 < ln.n[0]; ++i0)                                                 \
      for (int64_t i1 = 0; i1 < ln.n[1]; ++i1)                                               \
        for (int64_t i2 = 0; i2 < ln.n[2]; ++i2) {                                           \
          int64_t o = ln.off + i0 * ln.s[0] + i1 * ln.s[1] + i2 * ln.s[2];                   \
          if (PACKING) {                                                                     \
            const T *p = (const T *)mem_r + o;                                               \
            T *q = (T *)(dense_w + doff);                                                    \
            for (int64_t e = 0; e < ln.run; ++e)                                             \
              memcpy(&q[e], &p[e], sizeof(T));                                              \
          } else {                                                                           \
            T *p = (T *)mem_w + o;                                                           \
            const T *q = (const T *)(dense_r + doff);                                        \
            for (int64_t e = 0; e < ln.run; ++e)                                             \
              memcpy(&p[e], &q[e], sizeof(T));                                              \
          }                                                                                  \
          doff += (size_t)ln.run * sizeof(T);                                                \
        }                                                                                    \
  } while (0)

/* 8-byte elements in short runs (ln.run words, at most 64), innermost
 * stride ln.s[2]: single words and pairs unrolled by four and two, longer
 * runs as word loops the compiler vectorises (no memcpy call per run). */
static void strided8_pack(uint64_t *restrict q, const uint64_t *restrict mem, const loopnest *lp) {
  loopnest ln = *lp;
  int64_t n = ln.n[2], st = ln.s[2];
  for (int64_t i0 = 0; i0 < ln.n[0]; ++i0)
    for (int64_t i1 = 0; i1 < ln.n[1]; ++i1) {
      const uint64_t *p = mem + ln.off + i0 * ln.s[0] + i1 * ln.s[1];
      int64_t i = 0;
      if (ln.run == 1) {
        for (; i + 4 <= n; i += 4, p += 4 * st, q += 4) {
          uint64_t a = p[0], b = p[st], c = p[2 * st], d = p[3 * st];
          q[0] = a;
          q[1] = b;
          q[2] = c;
          q[3] = d;
        }
        for (; i < n; ++i, p += st)
          *q++ = *p;
      } else if (ln.run > 2) {
        int64_t r = ln.run;
        for (; i < n; ++i, p += st, q += r)
          for (int64_t e = 0; e < r; ++e)
            q[e] = p[e];
      } else {
        for (; i + 2 <= n; i += 2, p += 2 * st, q += 4) {
          uint64_t a = p[0], b = p[1], c = p[st], d = p[st + 1];
          q[0] = a;
          q[1] = b;
          q[2] = c;
          q[3] = d;
        }
        for (; i < n; ++i, p += st, q += 2) {
          q[0] = p[0];
          q[1] = p[1];
        }
      }
    }
}

static void strided8_unpack(uint64_t *restrict mem, const uint64_t *restrict q,
                            const loopnest *lp) {
  loopnest ln = *lp;
  int64_t n = ln.n[2], st = ln.s[2];
  for (int64_t i0 = 0; i0 < ln.n[0]; ++i0)
    for (int64_t i1 = 0; i1 < ln.n[1]; ++i1) {
      uint64_t *p = mem + ln.off + i0 * ln.s[0] + i1 * ln.s[1];
      int64_t i = 0;
      if (ln.run == 1) {
        for (; i + 4 <= n; i += 4, p += 4 * st, q += 4) {
          uint64_t a = q[0], b = q[1], c = q[2], d = q[3];
          p[0] = a;
          p[st] = b;
          p[2 * st] = c;
          p[3 * st] = d;
        }
        for (; i < n; ++i, p += st)
          *p = *q++;
      } else if (ln.run > 2) {
        int64_t r = ln.run;
        for (; i < n; ++i, p += st, q += r)
          for (int64_t e = 0; e < r; ++e)
            p[e] = q[e];
      } else {
        for (; i + 2 <= n; i += 2, p += 2 * st, q += 4) {
          uint64_t a = q[0], b = q[1], c = q[2], d = q[3];
          p[0] = a;
          p[1] = b;
          p[st] = c;
          p[st + 1] = d;
        }
        for (; i < n; ++i, p += st, q += 2) {
          p[0] = q[0];
          p[1] = q[1];
        }
      }
    }
}

/* Packing reads mem_r and writes dense_w; unpacking reads dense_r and
 * writes mem_w (the unused pair is NULL). */
static size_t copy_box(char *mem_w, const char *mem_r, const zrt_layout *L, const zrt_region *box,
                       char *dense_w, const char *dense_r, bool packing) {
  if (zrt_box_empty(box))
    return 0;
  loopnest ln = make_nest(L, box);
  size_t esz = L->esz;
  size_t total = (size_t)zrt_box_count(box) * esz;
  size_t runbytes = (size_t)ln.run * esz;
  size_t doff = 0;
  if (esz == 8 && ln.run <= 64) {
    if (packing)
      strided8_pack((uint64_t *)(void *)dense_w, (const uint64_t *)(const void *)mem_r, &ln);
    else
      strided8_unpack((uint64_t *)(void *)mem_w, (const uint64_t *)(const void *)dense_r, &ln);
    return total;
  }
  if (runbytes >= 64 || (esz != 8 && esz != 4 && esz != 1)) {
    for (int64_t i0 = 0; i0 < ln.n[0]; ++i0)
      for (int64_t i1 = 0; i1 < ln.n[1]; ++i1)
        for (int64_t i2 = 0; i2 < ln.n[2]; ++i2) {
          size_t o = (size_t)(ln.off + i0 * ln.s[0] + i1 * ln.s[1] + i2 * ln.s[2]) * esz;
          if (packing) {
            memcpy(dense_w + doff, mem_r + o, runbytes);
          } else {
            memcpy(mem_w + o, dense_r + doff, runbytes);
          }
          doff += runbytes;
        }
    return total;
  }
  if (esz == 8) {
    if (packing)
      STRIDED_COPY(uint64_t, 1);
    else
      STRIDED_COPY(uint64_t, 0);
  } else if (esz == 4) {
    if (packing)
      STRIDED_COPY(uint32_t, 1);
    else
      STRIDED_COPY(uint32_t, 0);
  } else {
    if (packing)
      STRIDED_COPY(uint8_t, 1);
    else
      STRIDED_COPY(uint8_t, 0);
  }
  return total;
}

size_t zrt_pack(void *buf, const void *base, const zrt_layout *L, const zrt_region *box) {
  return copy_box(NULL, (const char *)base, L, box, (char *)buf, NULL, true);
}

size_t zrt_unpack(void *base, const zrt_layout *L, const zrt_region *box, const void *buf) {
  return copy_box((char *)base, NULL, L, box, NULL, (const char *)buf, false);
}

size_t zrt_unpack_mirror(void *base, const zrt_layout *L, const zrt_region *box, const void *buf,
                         int mirror) {
  if (!mirror)
    return zrt_unpack(base, L, box, buf);
  if (zrt_box_empty(box))
    return 0;
  int64_t n[ZRT_MAX_RANK], first[ZRT_MAX_RANK], dir[ZRT_MAX_RANK];
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    if (k < L->rank) {
      n[k] = box->hi[k] - box->lo[k] + 1;
      bool rev = (mirror >> k) & 1;
      first[k] = (rev ? box->hi[k] : box->lo[k]) - L->lo[k];
      dir[k] = rev ? -1 : 1;
    } else {
      n[k] = 1;
      first[k] = 0;
      dir[k] = 1;
    }
  }
  size_t esz = L->esz;
  const char *src = (const char *)buf;
  char *mem = (char *)base;
  for (int64_t i0 = 0; i0 < n[0]; ++i0)
    for (int64_t i1 = 0; i1 < n[1]; ++i1)
      for (int64_t i2 = 0; i2 < n[2]; ++i2) {
        int64_t o = (first[0] + dir[0] * i0) * L->stride[0] +
                    (first[1] + dir[1] * i1) * L->stride[1] +
                    (first[2] + dir[2] * i2) * L->stride[2];
        memcpy(mem + (size_t)o * esz, src, esz);
        src += esz;
      }
  return (size_t)zrt_box_count(box) * esz;
}

/* ---- index-list kernels (indexed patterns `w`) ---------------------------------------- */
size_t zrt_pack_index(void *buf, const void *base, size_t esz, const int64_t *idx, int64_t n) {
  if (esz == 8) {
    uint64_t *restrict q = buf;
    const uint64_t *restrict p = base;
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
      uint64_t a = p[idx[i]], b = p[idx[i + 1]], c = p[idx[i + 2]], d = p[idx[i + 3]];
      q[i] = a;
      q[i + 1] = b;
      q[i + 2] = c;
      q[i + 3] = d;
    }
    for (; i < n; ++i)
      q[i] = p[idx[i]];
  } else {
    for (int64_t i = 0; i < n; ++i)
      memcpy((char *)buf + (size_t)i * esz, (const char *)base + (size_t)idx[i] * esz, esz);
  }
  return (size_t)n * esz;
}

size_t zrt_unpack_index(void *base, size_t esz, const int64_t *idx, int64_t n, const void *buf) {
  if (esz == 8) {
    uint64_t *restrict p = base;
    const uint64_t *restrict q = buf;
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) {
      uint64_t a = q[i], b = q[i + 1], c = q[i + 2], d = q[i + 3];
      p[idx[i]] = a;
      p[idx[i + 1]] = b;
      p[idx[i + 2]] = c;
      p[idx[i + 3]] = d;
    }
    for (; i < n; ++i)
      p[idx[i]] = q[i];
  } else {
    for (int64_t i = 0; i < n; ++i)
      memcpy((char *)base + (size_t)idx[i] * esz, (const char *)buf + (size_t)i * esz, esz);
  }
  return (size_t)n * esz;
}

/* ---- combining kernels (accumulating scatters) ---------------------------------------- */
/* Offset i of an indexed message; a run may keep its first offset alone. */
static inline int64_t msg_offset(const zrt_msg *m, int64_t i) {
  return m->idx_run ? m->idx[0] + i : m->idx[i];
}

/* A combining send (zrt_msg.group): element g of buf is the terms of
 * group g combined in list order. Each group starts at the operator's
 * identity, which leaves the first term's bits unchanged (-0.0 + x and
 * 1.0 * x are x, also for x = +-0.0), so the result is t1 op t2 op ...;
 * the loop reads the source in list order (the walk's) and keeps the
 * groups (one per target element) in buf. */
static void groups_f64(double *acc, const double *src, const zrt_msg *m, bool mul) {
  for (int64_t g = 0; g < m->ngroups; ++g)
    acc[g] = mul ? 1.0 : -0.0;
  const int64_t *restrict slot = m->group;
  if (m->idx_run && !mul) { /* the source read in storage order (CG's product) */
    const double *restrict run = src + (m->nidx ? m->idx[0] : 0);
    for (int64_t i = 0; i < m->nidx; ++i)
      acc[slot[i]] += run[i];
  } else if (mul)
    for (int64_t i = 0; i < m->nidx; ++i)
      acc[slot[i]] *= src[msg_offset(m, i)];
  else
    for (int64_t i = 0; i < m->nidx; ++i)
      acc[slot[i]] += src[msg_offset(m, i)];
}

static void groups_f32(float *acc, const float *src, const zrt_msg *m, bool mul) {
  for (int64_t g = 0; g < m->ngroups; ++g)
    acc[g] = mul ? 1.0f : -0.0f;
  const int64_t *restrict slot = m->group;
  if (mul)
    for (int64_t i = 0; i < m->nidx; ++i)
      acc[slot[i]] *= src[msg_offset(m, i)];
  else
    for (int64_t i = 0; i < m->nidx; ++i)
      acc[slot[i]] += src[msg_offset(m, i)];
}

static void groups_i64(uint64_t *acc, const uint64_t *src, const zrt_msg *m, bool mul) {
  for (int64_t g = 0; g < m->ngroups; ++g)
    acc[g] = mul ? 1 : 0;
  const int64_t *restrict slot = m->group;
  if (mul)
    for (int64_t i = 0; i < m->nidx; ++i)
      acc[slot[i]] *= src[msg_offset(m, i)];
  else
    for (int64_t i = 0; i < m->nidx; ++i)
      acc[slot[i]] += src[msg_offset(m, i)];
}

static void groups_i32(uint32_t *acc, const uint32_t *src, const zrt_msg *m, bool mul) {
  for (int64_t g = 0; g < m->ngroups; ++g)
    acc[g] = mul ? 1 : 0;
  const int64_t *restrict slot = m->group;
  if (mul)
    for (int64_t i = 0; i < m->nidx; ++i)
      acc[slot[i]] *= src[msg_offset(m, i)];
  else
    for (int64_t i = 0; i < m->nidx; ++i)
      acc[slot[i]] += src[msg_offset(m, i)];
}

static size_t pack_groups(void *buf, const zrt_msg *m, const zrt_array *arr) {
  bool mul = m->combine_op == ZRT_SCATTER_MUL;
  if (arr->type == ZRT_F64)
    groups_f64(buf, arr->base, m, mul);
  else if (arr->type == ZRT_F32)
    groups_f32(buf, arr->base, m, mul);
  else if (arr->type == ZRT_I32)
    groups_i32(buf, arr->base, m, mul);
  else
    groups_i64(buf, arr->base, m, mul);
  return (size_t)m->ngroups * arr->esz;
}

/* A gather's receive of distinct elements (zrt_msg.group): target i gets
 * element group[i] of buf. */
static size_t unpack_expand(const zrt_msg *m, const zrt_array *arr, const void *buf) {
  size_t esz = arr->esz;
  const int64_t *restrict slot = m->group;
  if (esz == 8) {
    uint64_t *restrict to = arr->base;
    const uint64_t *restrict from = buf;
    for (int64_t i = 0; i < m->nidx; ++i)
      to[msg_offset(m, i)] = from[slot[i]];
  } else {
    for (int64_t i = 0; i < m->nidx; ++i)
      memcpy((char *)arr->base + (size_t)msg_offset(m, i) * esz,
             (const char *)buf + (size_t)slot[i] * esz, esz);
  }
  return (size_t)m->ngroups * esz;
}

/* unpack_combining for sums of doubles (CG's product): one add per
 * element, without the per-element choice of type and operator. */
static void add_f64(double *restrict to, const double *restrict from, const zrt_msg *m) {
  if (m->idx_run) {
    to += m->nidx ? m->idx[0] : 0;
    for (int64_t i = 0; i < m->nidx; ++i)
      to[i] += from[i];
    return;
  }
  const int64_t *restrict at = m->idx;
  for (int64_t i = 0; i < m->nidx; ++i)
    to[at[i]] += from[i];
}

/* A combining receive: each element of buf combined into its target. */
static size_t unpack_combining(const zrt_msg *m, const zrt_array *arr, const void *buf) {
  if (arr->type == ZRT_F64 && m->combine_op == ZRT_SCATTER_ADD) {
    add_f64(arr->base, buf, m);
    return (size_t)m->nidx * arr->esz;
  }
  for (int64_t i = 0; i < m->nidx; ++i)
    zrt_combine_elem(arr->type, m->combine_op,
                     (char *)arr->base + (size_t)msg_offset(m, i) * arr->esz,
                     (const char *)buf + (size_t)i * arr->esz);
  return (size_t)m->nidx * arr->esz;
}

/* ---- transfer helpers for back ends ----------------------------------------------------
 * (kept in this object file, which every program links, so that a back-end
 * library listed after libzplrt always finds them) */
/* Whether two pieces of a message cover the same cells of one array
 * (several shifts of one array from one peer bring the same ghost cells).
 * MPI forbids overlapping receive datatypes, so such a message has no
 * chained form. */
static bool pieces_overlap(const zrt_msg *m) {
  for (int i = 0; i < m->npieces; ++i)
    for (int j = 0; j < i; ++j) {
      const zrt_msg *x = &m->pieces[i], *y = &m->pieces[j];
      zrt_region both = zrt_box_intersect(&x->box, &y->box);
      if (x->arr == y->arr && !zrt_box_empty(&both))
        return true;
    }
  return false;
}

bool zrt_msg_chainable(const im_transfer *t, const zrt_msg *m) {
  if (m->combining || m->group) /* combined or expanded: through the buffer */
    return false;
  if (!m->npieces)
    return true;
  if (t->kind != ZRT_XFER_COMBINED)
    return false;
  for (int i = 0; i < m->npieces; ++i)
    if (m->pieces[i].npieces)
      return false;
  return !pieces_overlap(m);
}

bool zrt_msg_buffered(const im_transfer *t, const zrt_msg *m) {
  return !m->contiguous && (t->strategy != IM_CHAINED || !zrt_msg_chainable(t, m));
}

size_t zrt_msg_pack(void *buf, const zrt_msg *m, const zrt_array *a) {
  const zrt_array *arr = m->arr ? m->arr : a;
  if (m->npieces) {
    size_t n = 0;
    for (int i = 0; i < m->npieces; ++i)
      n += zrt_msg_pack((char *)buf + n, &m->pieces[i], arr);
    return n;
  }
  if (m->group)
    return pack_groups(buf, m, arr);
  if (m->idx && m->idx_run) {
    memcpy(buf, (const char *)arr->base + (size_t)(m->nidx ? m->idx[0] : 0) * arr->esz,
           (size_t)m->nidx * arr->esz);
    return (size_t)m->nidx * arr->esz;
  }
  if (m->idx)
    return zrt_pack_index(buf, arr->base, arr->esz, m->idx, m->nidx);
  if (m->contiguous) { /* pieces are often single elements or rows */
    memcpy(buf, m->ptr, m->bytes);
    return m->bytes;
  }
  /* the box's points from the message's ptr, whatever coordinates its
   * box is in (a compact array's lattice steps: its local box's) */
  zrt_layout Ls;
  zrt_region s = zrt_lattice_shape(&arr->layout, arr->compact ? &m->lbox : &m->box, &Ls);
  return zrt_pack(buf, m->ptr, &Ls, &s);
}

size_t zrt_msg_unpack(const zrt_msg *m, const zrt_array *a, const void *buf) {
  const zrt_array *arr = m->arr ? m->arr : a;
  if (m->npieces) {
    size_t n = 0;
    for (int i = 0; i < m->npieces; ++i)
      n += zrt_msg_unpack(&m->pieces[i], arr, (const char *)buf + n);
    return n;
  }
  if (m->combining)
    return unpack_combining(m, arr, buf);
  if (m->group)
    return unpack_expand(m, arr, buf);
  if (m->idx && m->idx_run) {
    memcpy((char *)arr->base + (size_t)(m->nidx ? m->idx[0] : 0) * arr->esz, buf,
           (size_t)m->nidx * arr->esz);
    return (size_t)m->nidx * arr->esz;
  }
  if (m->idx)
    return zrt_unpack_index(arr->base, arr->esz, m->idx, m->nidx, buf);
  if (m->contiguous && !m->mirror) {
    memcpy(m->ptr, buf, m->bytes);
    return m->bytes;
  }
  zrt_layout Ls;
  zrt_region s = zrt_lattice_shape(&arr->layout, arr->compact ? &m->lbox : &m->box, &Ls);
  return zrt_unpack_mirror(m->ptr, &Ls, &s, buf, m->mirror);
}

void zrt_transfer_pack_sends(im_transfer *t, bool all) {
  for (int i = 0; i < t->nsend; ++i)
    if (all ? !t->send[i].contiguous : zrt_msg_buffered(t, &t->send[i]))
      zrt_msg_pack(t->send[i].buf, &t->send[i], t->a);
}

void zrt_transfer_unpack_recvs(im_transfer *t, bool all) {
  if (t->kind_unpack) {
    t->kind_unpack(t);
    return;
  }
  for (int i = 0; i < t->nrecv; ++i)
    if (all ? !t->recv[i].contiguous : zrt_msg_buffered(t, &t->recv[i]))
      zrt_msg_unpack(&t->recv[i], t->a, t->recv[i].buf);
}

int zrt_transfer_local_copies(im_transfer *t) {
  int copied = 0;
  for (int i = 0; i < t->nsend; ++i) {
    zrt_msg *s = &t->send[i];
    if (s->peer != zrt_g.me)
      continue;
    for (int j = 0; j < t->nrecv; ++j) {
      zrt_msg *r = &t->recv[j];
      if (r->peer != zrt_g.me || r->tag != s->tag || r->bytes != s->bytes)
        continue;
      const void *src = s->ptr;
      if (!s->contiguous) {
        zrt_msg_pack(s->buf, s, t->a);
        src = s->buf;
      }
      if (r->contiguous)
        memmove(r->ptr, src, r->bytes);
      else
        zrt_msg_unpack(r, t->a, src);
      ++copied;
      break;
    }
  }
  return copied;
}
