/* calibrate.c — zplc-calibrate: measures this host for the copy-transfer
 * model (`zplc calibrate`) and compares the packed and chained strategies
 * for real (bench/strategy.sh). Runs under `mpirun -np 2`; both ranks do
 * the same work at the same time (as every PE of a halo exchange does), and
 * every figure is the median over repetitions of the slower rank's time.
 *
 *   zplc-calibrate calibrate [--quick]
 *       prints `copy KEY MBPS ...`, `mpi KEY MBPS ...`, `message KEY US ...`
 *       lines (see calibrate) that zplc calibrate turns into TOML, or
 *       `unmeasurable TABLE KEY MBPS TRIES` for a figure that came out as
 *       0 MB/s or not finite however often it was measured.
 *   zplc-calibrate bench [--reps=N] PATTERN...
 *       PATTERN is STRIDE,BLOCK,BYTES (both sides: BLOCK words every STRIDE
 *       words, like a halo column), or w,BYTES (contiguous source, indexed
 *       destination: a random permutation); prints per pattern
 *       `pattern ... packed_us X chained_us Y`.
 *
 * The code paths are the back end's: packed = the runtime's pack kernels
 * (zrt_pack / zrt_unpack / zrt_unpack_index) around contiguous byte
 * messages; chained = the MPI datatypes of zrt_mpi_box_type /
 * zrt_mpi_index_type sent straight from and received straight into the
 * arrays. */
#define _POSIX_C_SOURCE 200809L
#include "zplrt_mpi.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int me, np, peer;

static void die(const char *msg) {
  fprintf(stderr, "zplc-calibrate: error: %s\n", msg);
  MPI_Abort(MPI_COMM_WORLD, 2);
  exit(2);
}

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p)
    die("out of memory");
  memset(p, 0, n);
  return p;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* ---- one side of a transfer ------------------------------------------------------------ */
typedef struct side {
  int kind;      /* 0 contiguous, 1 strided, 2 indexed */
  int64_t stride, block, count; /* in 8-byte words */
  uint64_t *mem;
  zrt_layout L;
  zrt_region box;
  int64_t *idx;
  MPI_Datatype type;
  void *origin;
  int tkind;
} side;

static uint64_t rng_state = 88172645463325252ull;
static uint64_t rng(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

/* count words: contiguous; `block` words every `stride` words; or a random
 * permutation of `count` words (indexed). */
static void side_make(side *s, int kind, int64_t stride, int64_t block, int64_t count) {
  memset(s, 0, sizeof *s);
  s->kind = kind;
  s->stride = stride;
  s->block = block;
  s->count = count;
  s->type = MPI_DATATYPE_NULL;
  int64_t words = count;
  if (kind == 1) {
    int64_t rows = count / block;
    words = rows * stride;
    zrt_region st = zrt_region_make(2, 0, rows - 1, 0, stride - 1, 0, 0);
    s->L = zrt_layout_make(&st, 8);
    s->box = zrt_region_make(2, 0, rows - 1, 0, block - 1, 0, 0);
  } else {
    zrt_region st = zrt_region_make(1, 0, count - 1, 0, 0, 0, 0);
    s->L = zrt_layout_make(&st, 8);
    s->box = st;
  }
  s->mem = xmalloc((size_t)words * 8);
  for (int64_t i = 0; i < words; ++i)
    s->mem[i] = (uint64_t)i * 2654435761u + (uint64_t)me;
  if (kind == 2) {
    s->idx = xmalloc((size_t)count * sizeof *s->idx);
    for (int64_t i = 0; i < count; ++i)
      s->idx[i] = i;
    for (int64_t i = count - 1; i > 0; --i) {
      int64_t j = (int64_t)(rng() % (uint64_t)(i + 1));
      int64_t t = s->idx[i];
      s->idx[i] = s->idx[j];
      s->idx[j] = t;
    }
  }
}

/* The chained datatype of the side (the back end's constructors). */
static void side_type(side *s) {
  if (s->kind == 2) {
    int *off = xmalloc((size_t)s->count * sizeof *off);
    for (int64_t i = 0; i < s->count; ++i)
      off[i] = (int)s->idx[i];
    if (zrt_mpi_index_type(8, off, (int)s->count, &s->type) != MPI_SUCCESS)
      die("MPI_Type_create_indexed_block failed");
    free(off);
    s->origin = s->mem;
    s->tkind = ZRT_MPI_TYPE_INDEXED;
    return;
  }
  char err[200];
  int64_t origin = 0;
  s->tkind = zrt_mpi_box_type(&s->L, &s->box, 0, &s->type, &origin, err, sizeof err);
  if (s->tkind < 0)
    die(err);
  s->origin = s->mem + origin;
}

static void side_free(side *s) {
  if (s->type != MPI_DATATYPE_NULL)
    MPI_Type_free(&s->type);
  free(s->mem);
  free(s->idx);
}

static void pack(void *buf, side *s) {
  if (s->kind == 2)
    zrt_pack_index(buf, s->mem, 8, s->idx, s->count);
  else
    zrt_pack(buf, s->mem, &s->L, &s->box);
}

static void unpack(side *s, const void *buf) {
  if (s->kind == 2)
    zrt_unpack_index(s->mem, 8, s->idx, s->count, buf);
  else
    zrt_unpack(s->mem, &s->L, &s->box, buf);
}

/* ---- timing -------------------------------------------------------------------------------- */
enum { OP_PACK, OP_UNPACK, OP_PACKED, OP_CHAINED, OP_PINGPONG };

typedef struct op {
  int what;
  side *src, *dst;
  void *sbuf, *rbuf;
  size_t bytes;
} op;

static void run_once(const op *o) {
  MPI_Request rq[2];
  switch (o->what) {
  case OP_PACK:
    pack(o->sbuf, o->src);
    break;
  case OP_UNPACK:
    unpack(o->dst, o->rbuf);
    break;
  case OP_PACKED: {
    bool sc = o->src->kind == 0, dc = o->dst->kind == 0;
    void *rb = dc ? (void *)o->dst->mem : o->rbuf;
    void *sb = sc ? (void *)o->src->mem : o->sbuf;
    MPI_Irecv(rb, (int)o->bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD, &rq[0]);
    if (!sc)
      pack(o->sbuf, o->src);
    MPI_Isend(sb, (int)o->bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD, &rq[1]);
    MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
    if (!dc)
      unpack(o->dst, o->rbuf);
    break;
  }
  case OP_CHAINED: {
    bool sc = o->src->kind == 0, dc = o->dst->kind == 0;
    if (dc)
      MPI_Irecv(o->dst->mem, (int)o->bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD, &rq[0]);
    else
      MPI_Irecv(o->dst->origin, 1, o->dst->type, peer, 1, MPI_COMM_WORLD, &rq[0]);
    if (sc)
      MPI_Isend(o->src->mem, (int)o->bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD, &rq[1]);
    else
      MPI_Isend(o->src->origin, 1, o->src->type, peer, 1, MPI_COMM_WORLD, &rq[1]);
    MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
    break;
  }
  case OP_PINGPONG:
    if (me == 0) {
      MPI_Send(o->sbuf, (int)o->bytes, MPI_BYTE, peer, 2, MPI_COMM_WORLD);
      MPI_Recv(o->rbuf, (int)o->bytes, MPI_BYTE, peer, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(o->rbuf, (int)o->bytes, MPI_BYTE, peer, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(o->sbuf, (int)o->bytes, MPI_BYTE, peer, 2, MPI_COMM_WORLD);
    }
    break;
  }
}

static double rep_seconds = 0.004; /* target length of one repetition */
static int reps = 7;

/* Warms the operation up and returns how many iterations make one
 * repetition last about rep_seconds (the same on both ranks): batches of
 * 1, 4, 16, ... operations until one lasts a quarter of that, so that one
 * preempted operation does not decide the count. */
static int plan_iters(const op *o) {
  run_once(o); /* warm-up: pages, caches, MPI connections */
  int n = 1;
  for (;;) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < n; ++i)
      run_once(o);
    double t = MPI_Wtime() - t0;
    MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (t >= rep_seconds / 4 || n >= 65536) {
      double iters = rep_seconds / (t / n);
      return iters < 1 ? 1 : iters > 100000 ? 100000 : (int)iters;
    }
    n *= 4;
  }
}

/* Per-operation times of one repetition, the slower rank's for each. */
static double *op_times;
static int op_cap;

static void ensure_times(int n) {
  if (n <= op_cap)
    return;
  free(op_times);
  op_times = xmalloc((size_t)n * 2 * sizeof *op_times);
  op_cap = n;
}

/* One repetition: `iters` operations, each timed on its own; the figure is
 * the median over the operations of the slower rank's time. (A median, not
 * a mean: on the shared machine an operation now and then waits a whole
 * time slice for a descheduled rank; the median is the typical operation,
 * which is what the model describes and what repeats from run to run.) */
static double one_rep(const op *o, int iters) {
  ensure_times(iters);
  MPI_Barrier(MPI_COMM_WORLD);
  for (int i = 0; i < iters; ++i) {
    double a = MPI_Wtime();
    run_once(o);
    op_times[i] = MPI_Wtime() - a;
  }
  MPI_Allreduce(MPI_IN_PLACE, op_times, iters, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return median(op_times, iters);
}

/* Median over `nreps` repetitions of the time per operation (seconds). */
static double time_op(const op *o, int nreps) {
  int iters = plan_iters(o);
  double v[64];
  if (nreps > 64)
    nreps = 64;
  for (int r = 0; r < nreps; ++r)
    v[r] = one_rep(o, iters);
  return median(v, nreps);
}

/* ---- calibrate -------------------------------------------------------------------------------- */
static const int64_t strides[] = {2, 4, 8, 16, 64, 1024};
enum { NSTRIDES = sizeof strides / sizeof strides[0] };
static const int64_t blocks[] = {1, 2, 8, 64};
enum { NBLOCKS = sizeof blocks / sizeof blocks[0] };

/* Payload words of a figure with b words every s words: `target` words,
 * fewer where the strided footprint would pass `cap` words. */
static int64_t payload_words(int64_t target, int64_t s, int64_t b, int64_t cap) {
  int64_t w = target;
  if (w / b * s > cap)
    w = cap / s * b;
  if (w < 64 * b) /* at least 64 blocks, but never more than the target */
    w = 64 * b < target ? 64 * b : target;
  return w;
}

/* One figure: a copy (what = OP_PACK/OP_UNPACK of side a) or an MPI
 * message from side a to side d (OP_CHAINED: bytes or the back end's
 * datatypes). */
typedef struct spec {
  const char *table;
  char key[80];
  int what;
  int akind, dkind;
  int64_t astride, ablock, dstride, dblock, words;
  double v[64];
  int nv;
  double pv[64]; /* diagonal/indexed patterns: the packed exchange's times (s) */
  int npv;
  char how[160];
} spec;

static spec specs[320];
static int nspecs;

static spec *new_spec(void) {
  if (nspecs == (int)(sizeof specs / sizeof specs[0]))
    die("too many figures (raise the size of specs)");
  spec *x = &specs[nspecs++];
  memset(x, 0, sizeof *x);
  return x;
}

static const char *kind_name(int kind, bool mpi) {
  if (!mpi)
    return kind == 0 ? "memcpy" : kind == 1 ? "strided" : "index list";
  return kind == 0 ? "bytes" : kind == 1 ? "MPI_Type_vector" : "MPI_Type_create_indexed_block";
}

static void pat(char *buf, size_t n, int kind, int64_t s, int64_t b) {
  if (kind == 0)
    snprintf(buf, n, "1");
  else if (kind == 2)
    snprintf(buf, n, "w");
  else if (b > 1)
    snprintf(buf, n, "%lldb%lld", (long long)s, (long long)b);
  else
    snprintf(buf, n, "%lld", (long long)s);
}

static void add_copy(int what, int kind, int64_t s, int64_t b, int64_t words) {
  spec *x = new_spec();
  x->table = "copy";
  x->what = what;
  x->akind = x->dkind = kind;
  x->astride = x->dstride = s;
  x->ablock = x->dblock = b;
  x->words = words;
  char p[32];
  pat(p, sizeof p, kind, s, b);
  snprintf(x->key, sizeof x->key, what == OP_PACK ? "%sC1" : "1C%s", p);
  snprintf(x->how, sizeof x->how, "%s",
           kind == 0   ? "zrt_pack of a contiguous box (memcpy)"
           : kind == 2 ? (what == OP_PACK ? "zrt_pack_index, random permutation"
                                          : "zrt_unpack_index, random permutation")
           : what == OP_PACK ? "zrt_pack of a strided box"
                             : "zrt_unpack into a strided box");
}

static void add_mpi(int ak, int64_t as, int64_t ab, int dk, int64_t ds, int64_t db,
                    int64_t words) {
  spec *x = new_spec();
  x->table = "mpi";
  x->what = OP_CHAINED;
  x->akind = ak;
  x->astride = as;
  x->ablock = ab;
  x->dkind = dk;
  x->dstride = ds;
  x->dblock = db;
  x->words = words;
  char p[32], q[32];
  pat(p, sizeof p, ak, as, ab);
  pat(q, sizeof q, dk, ds, db);
  snprintf(x->key, sizeof x->key, "%sM%s", p, q);
  snprintf(x->how, sizeof x->how, "both ranks Isend+Irecv at once, %s to %s",
           kind_name(ak, true), kind_name(dk, true));
}

static void compare(long long stride, long long block, long long bytes, bool indexed, double *tp,
                    double *tc);

static void measure(spec *x, int nreps) {
  bool diag = x->what == OP_CHAINED && x->akind == 1 && x->dkind == 1 &&
              x->astride == x->dstride && x->ablock == x->dblock;
  bool toidx = x->what == OP_CHAINED && x->akind == 0 && x->dkind == 2;
  if (diag || toidx) {
    /* The chained datatype messages a transfer really sends (same pattern
     * at both ends, or contiguous into indexed): measured the way they run,
     * each exchange alternating with the packed exchange of the same
     * pattern (compare), which leaves caches and the two ranks in the state
     * a program's transfers find them in. */
    int saved = reps;
    reps = nreps;
    double tp, tc;
    compare(x->astride, x->ablock, x->words * 8, toidx, &tp, &tc);
    reps = saved;
    for (int r = 0; r < nreps && x->nv < 64; ++r) {
      x->v[x->nv++] = (double)(x->words * 8) / tc / 1e6;
      x->pv[x->npv++] = tp;
    }
    return;
  }
  side a, d;
  side_make(&a, x->akind, x->astride, x->ablock, x->words);
  void *buf = NULL;
  op o;
  memset(&o, 0, sizeof o);
  o.what = x->what;
  o.bytes = (size_t)x->words * 8;
  o.src = &a;
  if (x->what == OP_CHAINED) {
    side_make(&d, x->dkind, x->dstride, x->dblock, x->words);
    if (x->akind)
      side_type(&a);
    if (x->dkind)
      side_type(&d);
    o.dst = &d;
  } else {
    buf = xmalloc(o.bytes);
    o.dst = &a;
    o.sbuf = o.rbuf = buf;
  }
  int iters = plan_iters(&o);
  for (int r = 0; r < nreps && x->nv < 64; ++r)
    x->v[x->nv++] = (double)o.bytes / one_rep(&o, iters) / 1e6;
  if (x->what == OP_CHAINED)
    side_free(&d);
  side_free(&a);
  free(buf);
}

/* A figure is printed with one decimal (MB/s); one that would print as 0.0
 * or is not finite was not measured: a rank was descheduled through most
 * of its repetitions (a heavily loaded machine), or the clock did not
 * advance. */
static bool figure_usable(double mbps) { return isfinite(mbps) && mbps >= 0.05; }

enum { MEASURE_TRIES = 4 };

/* Measures a figure that came out unusable again (fresh repetitions, up to
 * MEASURE_TRIES in all); returns the number of tries made. Both ranks
 * decide together: measure() is collective. */
static int remeasure_if_unusable(spec *x, int nreps) {
  int tries = 1;
  for (;;) {
    int bad = !figure_usable(median(x->v, x->nv));
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    if (!bad || tries == MEASURE_TRIES)
      return tries;
    x->nv = x->npv = 0;
    measure(x, nreps);
    ++tries;
  }
}

/* The figures of one set (0 memory-bound, 1 last-level cache, 2 cache, 3
 * eager): payloads of about `tgt` words, footprints up to `cp` words. */
static void add_figure_set(int set, int64_t tgt, int64_t cp) {
  static const char *const set_copy[] = {"copy", "llc.copy", "cache.copy", "eager.copy"};
  static const char *const set_mpi[] = {"mpi", "llc.mpi", "cache.mpi", "eager.mpi"};
  int first = nspecs;
  add_copy(OP_PACK, 0, 1, 1, tgt);
  for (int j = 0; j < NBLOCKS; ++j)
    for (int i = 0; i < NSTRIDES; ++i) {
      int64_t s = strides[i], b = blocks[j];
      if (b >= s)
        continue;
      int64_t w = payload_words(tgt, s, b, cp);
      add_copy(OP_PACK, 1, s, b, w);
      add_copy(OP_UNPACK, 1, s, b, w);
    }
  add_copy(OP_PACK, 2, 0, 1, tgt);
  add_copy(OP_UNPACK, 2, 0, 1, tgt);
  add_mpi(0, 1, 1, 0, 1, 1, tgt);
  for (int j = 0; j < NBLOCKS; ++j)
    for (int i = 0; i < NSTRIDES; ++i) {
      int64_t s = strides[i], b = blocks[j];
      if (b >= s)
        continue;
      int64_t w = payload_words(tgt, s, b, cp);
      if (b == 1) { /* one-sided datatypes: single words only */
        add_mpi(1, s, 1, 0, 1, 1, w);
        add_mpi(0, 1, 1, 1, s, 1, w);
      }
      add_mpi(1, s, b, 1, s, b, w);
    }
  add_mpi(2, 0, 1, 0, 1, 1, tgt);
  add_mpi(0, 1, 1, 2, 0, 1, tgt);
  add_mpi(2, 0, 1, 2, 0, 1, tgt);
  for (int i = first; i < nspecs; ++i)
    specs[i].table = specs[i].what == OP_CHAINED ? set_mpi[set] : set_copy[set];
}

/* Four sets, by where the data of a message lives: memory-bound ones
 * (8 MB payloads, footprints up to 64 MB: the data of both ranks' two
 * arrays passes the shared last-level cache), last-level-cache ones (1 MB
 * payloads: the [llc] figures for messages of at most 4 MB),
 * cache-resident ones (64 KB payloads, footprints up to 8 MB: the [cache]
 * figures for messages of at most 256 KB) and eager ones (4 KB payloads:
 * the [eager] figures for messages of at most 4 KB, which the MPI
 * library moves in one fragment, where per-message and per-cache-line
 * costs outweigh bandwidth). --quick: an eighth of the sizes. */
static void add_figures(bool quick) {
  int64_t target = quick ? 16384 : 131072;     /* payload words: 128 KB / 1 MB */
  int64_t cap = quick ? (1 << 20) : (1 << 23); /* footprint words: 8 MB / 64 MB */
  for (int set = 0; set < 4; ++set) {
    int64_t tgt = set == 0 ? target * 8 : set == 1 ? target : set == 2 ? target / 16 : 512;
    int64_t cp = set < 2 ? cap : cap / 8;
    add_figure_set(set, tgt, cp);
  }
}

/* Rounds over every figure (so that a busy spell of the shared machine
 * hits all figures alike), per_round repetitions each, while whole rounds
 * fit in `budget` seconds (at least one); returns the rounds done. */
static int measure_rounds(int rounds, int per_round, double budget) {
  double t0 = MPI_Wtime();
  int done = 0;
  for (int r = 0; r < rounds; ++r) {
    for (int i = 0; i < nspecs; ++i)
      measure(&specs[i], per_round);
    ++done;
    double el = MPI_Wtime() - t0;
    MPI_Bcast(&el, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (el / done * (done + 1) > budget)
      break;
  }
  return done;
}

/* Prints every figure, the median of all its repetitions (remeasured if it
 * came out unusable; `unmeasurable` if it stayed so), and the whole packed
 * exchanges measured beside them. */
static void print_figures(int per_round) {
  for (int i = 0; i < nspecs; ++i) {
    spec *x = &specs[i];
    int tries = remeasure_if_unusable(x, per_round);
    double m = median(x->v, x->nv);
    if (!figure_usable(m)) {
      if (me == 0)
        printf("unmeasurable %s %s %g %d\n", x->table, x->key, m, tries);
      continue;
    }
    if (me == 0)
      printf("%s %s %.1f bytes=%lld reps=%d %s\n", x->table, x->key, m,
             (long long)(x->words * 8), x->nv, x->how);
    if (me == 0 && x->npv)
      printf("packedx %s %s %lld %.3f\n", x->table, x->key, (long long)(x->words * 8),
             median(x->pv, x->npv) * 1e6);
  }
}

/* Per-message costs: one-way latency from an 8-byte ping-pong; start-up
 * = the time of a symmetric exchange of 8-byte messages (both ranks
 * Isend+Irecv+Waitall, what every transfer does) minus that latency. */
static void measure_message_costs(bool quick) {
  int nrep = quick ? 3 : 15;
  uint64_t a[1] = {0}, b[1] = {0};
  side s8, d8;
  side_make(&s8, 0, 1, 1, 1);
  side_make(&d8, 0, 1, 1, 1);
  op pp = {OP_PINGPONG, NULL, NULL, a, b, 8};
  double rt = time_op(&pp, nrep);
  op ex = {OP_CHAINED, &s8, &d8, NULL, NULL, 8};
  double tx = time_op(&ex, nrep);
  double lat = rt / 2 * 1e6, st = tx * 1e6 - lat;
  if (st < 0)
    st = 0;
  if (me == 0) {
    printf("message latency_us %.3f bytes=8 reps=%d half the round trip of an 8-byte "
           "MPI_Send/MPI_Recv ping-pong\n",
           lat, nrep);
    printf("message startup_us %.3f bytes=8 reps=%d symmetric 8-byte exchange "
           "(Irecv+Isend+Waitall on both ranks, %.3f us) minus the latency\n",
           st, nrep, tx * 1e6);
  }
  side_free(&s8);
  side_free(&d8);
}

/* Per-message costs of each strategy: real packed and chained exchanges
 * of 4 KB messages (the runtime's kernels and the back end's datatypes)
 * for reference patterns; zplc calibrate subtracts the model's latency
 * and payload time to get each strategy's start-up. */
static void measure_strategy_startups(bool quick) {
  static const long long refs[][2] = {{2, 1}, {8, 2}, {16, 8}, {64, 1}, {1024, 64}, {0, 0}};
  int saved = reps;
  reps = quick ? 3 : 9;
  rep_seconds = quick ? 0.002 : 0.01;
  for (size_t i = 0; i < sizeof refs / sizeof refs[0]; ++i) {
    double tp, tc;
    bool ix = refs[i][0] == 0;
    compare(refs[i][0], refs[i][1], 4096, ix, &tp, &tc);
    if (me == 0) {
      if (ix)
        printf("small 1Qw 4096 %.3f %.3f reps=%d\n", tp * 1e6, tc * 1e6, reps);
      else if (refs[i][1] > 1)
        printf("small %lldb%lldQ%lldb%lld 4096 %.3f %.3f reps=%d\n", refs[i][0], refs[i][1],
               refs[i][0], refs[i][1], tp * 1e6, tc * 1e6, reps);
      else
        printf("small %lldQ%lld 4096 %.3f %.3f reps=%d\n", refs[i][0], refs[i][0], tp * 1e6,
               tc * 1e6, reps);
    }
  }
  reps = saved;
}

static int calibrate(bool quick) {
  int rounds = quick ? 1 : 7, per_round = quick ? 3 : 3;
  double budget = quick ? 10 : 85; /* seconds; whole rounds only */
  rep_seconds = quick ? 0.001 : 0.005;
  add_figures(quick);
  int done = measure_rounds(rounds, per_round, budget);
  print_figures(per_round);
  measure_message_costs(quick);
  if (me == 0)
    printf("info rounds %d\n", done);
  measure_strategy_startups(quick);
  return 0;
}

/* Packed and chained exchanges of one pattern, measured against each
 * other (median of `reps` repetitions, microseconds come out in seconds):
 * STRIDE,BLOCK on both sides, or a contiguous source and an indexed
 * (random permutation) destination. */
static void compare(long long stride, long long block, long long bytes, bool indexed, double *tp,
                    double *tc) {
  side s, d;
  int64_t words = bytes / 8;
  if (indexed) {
    side_make(&s, 0, 1, 1, words);
    side_make(&d, 2, 0, 1, words);
    side_type(&d);
  } else {
    if (block < 1 || stride <= block || words % block)
      die("bad pattern: need 1 <= BLOCK < STRIDE and BYTES a multiple of 8*BLOCK");
    side_make(&s, 1, stride, block, words);
    side_make(&d, 1, stride, block, words);
    side_type(&s);
    side_type(&d);
  }
  void *sbuf = xmalloc((size_t)bytes), *rbuf = xmalloc((size_t)bytes);
  op po = {OP_PACKED, &s, &d, sbuf, rbuf, (size_t)bytes};
  op co = {OP_CHAINED, &s, &d, sbuf, rbuf, (size_t)bytes};
  /* Interleaved: within each repetition packed and chained exchanges
   * alternate one by one, each timed on its own, so that busy spells of
   * the shared machine hit both strategies alike; a repetition's figure
   * is each strategy's median exchange (slower rank; see one_rep), and
   * the result the median over the repetitions. */
  double vp[64], vc[64];
  int ip = plan_iters(&po), ic = plan_iters(&co);
  int iters = ip < ic ? ip : ic;
  ensure_times(iters);
  for (int r = 0; r < reps; ++r) {
    double *tp_ = op_times, *tc_ = op_times + iters;
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < iters; ++i) {
      double a = MPI_Wtime();
      run_once(&po);
      double b = MPI_Wtime();
      run_once(&co);
      tc_[i] = MPI_Wtime() - b;
      tp_[i] = b - a;
    }
    MPI_Allreduce(MPI_IN_PLACE, op_times, 2 * iters, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    vp[r] = median(tp_, iters);
    vc[r] = median(tc_, iters);
  }
  *tp = median(vp, reps);
  *tc = median(vc, reps);
  free(sbuf);
  free(rbuf);
  side_free(&s);
  side_free(&d);
}

/* ---- bench ------------------------------------------------------------------------------------- */
static int bench(int argc, char **argv) {
  rep_seconds = 0.02; /* one repetition: the mean over ~20 ms of exchanges */
  for (int i = 0; i < argc; ++i) {
    const char *p = argv[i];
    if (strncmp(p, "--reps=", 7) == 0) {
      reps = atoi(p + 7);
      if (reps < 1 || reps > 64)
        die("--reps must be 1..64");
      continue;
    }
    long long stride = 0, block = 0, bytes = 0;
    bool indexed = p[0] == 'w';
    if (indexed ? sscanf(p, "w,%lld", &bytes) != 1
                : sscanf(p, "%lld,%lld,%lld", &stride, &block, &bytes) != 3)
      die("bad pattern (expected STRIDE,BLOCK,BYTES or w,BYTES)");
    if (!indexed && (block < 1 || stride <= block || (bytes / 8) % block))
      die("bad pattern: need 1 <= BLOCK < STRIDE and BYTES a multiple of 8*BLOCK");
    double tp, tc;
    compare(stride, block, bytes, indexed, &tp, &tc);
    if (me == 0) {
      if (indexed)
        printf("pattern 1Qw block 1 bytes %lld packed_us %.3f chained_us %.3f\n", bytes,
               tp * 1e6, tc * 1e6);
      else
        printf("pattern %lldQ%lld block %lld bytes %lld packed_us %.3f chained_us %.3f\n", stride,
               stride, block, bytes, tp * 1e6, tc * 1e6);
      fflush(stdout);
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  if (np != 2) {
    if (me == 0)
      fprintf(stderr, "zplc-calibrate: error: run with exactly 2 ranks (mpirun -np 2)\n");
    MPI_Finalize();
    return 2;
  }
  peer = 1 - me;
  rng_state += (uint64_t)me * 7919u;
  int rc = 2;
  if (argc >= 2 && strcmp(argv[1], "calibrate") == 0) {
    bool quick = argc >= 3 && strcmp(argv[2], "--quick") == 0;
    rc = calibrate(quick);
  } else if (argc >= 2 && strcmp(argv[1], "bench") == 0) {
    rc = bench(argc - 2, argv + 2);
  } else if (me == 0) {
    fprintf(stderr, "usage: mpirun -np 2 zplc-calibrate calibrate [--quick]\n"
                    "       mpirun -np 2 zplc-calibrate bench [--reps=N] STRIDE,BLOCK,BYTES|w,BYTES ...\n");
  }
  fflush(stdout);
  MPI_Finalize();
  return rc;
}
