/* loopback.c — a test back end written against zplrt_comm.h alone
 * (compiled with ZRT_BACKEND_SOURCE, so the runtime's structures do not
 * compile here). Its PEs are threads of one process (--loopback-pes=N,
 * default 2; the runtime keeps each PE's state thread-local) that pass
 * messages through one shared mailbox. Packed transfers move the runtime's
 * packed image (zrt_xmsg_data after zrt_xfer_pack_sends; DN then calls
 * zrt_xfer_unpack_recvs); chained ones (--loopback-chained=1 makes every
 * transfer chained) gather and scatter the messages' pieces themselves, as
 * a message layer with gather/scatter lists would, so the piece lists must
 * describe each message exactly. */
#define _POSIX_C_SOURCE 200809L
#include "zplrt_comm.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { SPACE_IRONMAN, SPACE_DIRECT, SPACE_COLLECTIVE, MAX_PES = 64 };

typedef struct letter {
  int src, dst, tag, space;
  size_t bytes;
  struct letter *next;
  char data[];
} letter;

static letter *mailbox;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t arrived = PTHREAD_COND_INITIALIZER;
static pthread_barrier_t all_pes;
static int npes = 2;
static bool all_chained;
static _Thread_local int me;

static void post(int dst, int space, int tag, const void *data, size_t bytes) {
  letter *l = malloc(sizeof *l + bytes + 1);
  if (!l)
    zrt_fail("loopback: out of memory");
  *l = (letter){.src = me, .dst = dst, .tag = tag, .space = space, .bytes = bytes};
  if (data && bytes)
    memcpy(l->data, data, bytes);
  pthread_mutex_lock(&lock);
  letter **end = &mailbox; /* in order: messages between two PEs do not overtake */
  while (*end)
    end = &(*end)->next;
  *end = l;
  pthread_cond_broadcast(&arrived);
  pthread_mutex_unlock(&lock);
}

/* Waits for the first letter from src to this PE in space/tag; the caller
 * frees it. */
static letter *take(int src, int space, int tag) {
  pthread_mutex_lock(&lock);
  for (;;) {
    for (letter **p = &mailbox; *p; p = &(*p)->next) {
      letter *l = *p;
      if (l->src == src && l->dst == me && l->space == space && l->tag == tag) {
        *p = l->next;
        pthread_mutex_unlock(&lock);
        return l;
      }
    }
    pthread_cond_wait(&arrived, &lock);
  }
}

static void take_into(int src, int space, int tag, void *buf, size_t bytes) {
  letter *l = take(src, space, tag);
  if (l->bytes != bytes)
    zrt_failf("loopback: PE %d expects %zu bytes from PE %d, which sent %zu", me, bytes, src,
              l->bytes);
  if (bytes) /* an empty exchange may come with no buffer */
    memcpy(buf, l->data, bytes);
  free(l);
}

/* ---- IRONMAN: the pieces walked by the back end (chained) ---------------------- */

/* Copies the elements of piece p to or from the message bytes at *cursor
 * (row-major over p's box, backwards along the dimensions whose bit is in
 * `mirror`; or p's element list), advancing *cursor. */
static void walk_piece(const zrt_piece *p, int mirror, bool to_msg, char **cursor) {
  size_t esz = p->layout.esz;
  if (p->idx) {
    for (int64_t i = 0; i < p->nidx; ++i, *cursor += esz) {
      char *cell = p->base + (size_t)p->idx[i] * esz;
      memcpy(to_msg ? *cursor : cell, to_msg ? cell : *cursor, esz);
    }
    return;
  }
  int64_t lo[ZRT_MAX_RANK] = {0, 0, 0}, ext[ZRT_MAX_RANK] = {1, 1, 1}, st[ZRT_MAX_RANK] = {0, 0, 0};
  for (int k = 0; k < p->layout.rank; ++k) {
    lo[k] = p->box.lo[k] - p->layout.lo[k];
    ext[k] = p->box.hi[k] - p->box.lo[k] + 1;
    st[k] = p->layout.stride[k];
  }
  for (int64_t a = 0; a < ext[0]; ++a)
    for (int64_t b = 0; b < ext[1]; ++b)
      for (int64_t c = 0; c < ext[2]; ++c, *cursor += esz) {
        int64_t i = lo[0] + ((mirror & 1) ? ext[0] - 1 - a : a);
        int64_t j = lo[1] + ((mirror & 2) ? ext[1] - 1 - b : b);
        int64_t k = lo[2] + ((mirror & 4) ? ext[2] - 1 - c : c);
        char *cell = p->base + esz * (size_t)(i * st[0] + j * st[1] + k * st[2]);
        memcpy(to_msg ? *cursor : cell, to_msg ? cell : *cursor, esz);
      }
}

/* Gathers a send's pieces into buf, or scatters a receive's from it. */
static void walk_message(zrt_xfer *t, zrt_xmsg *m, bool to_msg, char *buf) {
  char *cursor = buf;
  for (int j = 0; j < zrt_xmsg_parts(t, m); ++j)
    for (int i = 0; i < zrt_xmsg_sections(t, m, j); ++i) {
      zrt_piece p = zrt_xmsg_section(t, m, j, i);
      walk_piece(&p, to_msg ? 0 : p.mirror, to_msg, &cursor);
    }
  if ((size_t)(cursor - buf) != zrt_xmsg_bytes(m))
    zrt_failf("loopback: the pieces of a message hold %zu bytes, the message %zu",
              (size_t)(cursor - buf), zrt_xmsg_bytes(m));
}

static bool walked(zrt_xfer *t, zrt_xmsg *m) {
  return !zrt_xmsg_contiguous(m) && !zrt_xmsg_buffered(t, m);
}

/* Generated code sets each transfer's strategy after building it; the
 * test's choice wins at DR. */
static void lb_dr(zrt_xfer *t) {
  if (all_chained)
    zrt_xfer_set_chained(t, true);
}

static void lb_sr(zrt_xfer *t) {
  zrt_xfer_pack_sends(t, false);
  for (int i = 0; i < zrt_xfer_send_count(t); ++i) {
    zrt_xmsg *m = zrt_xfer_send(t, i);
    if (!walked(t, m)) {
      post(zrt_xmsg_peer(m), SPACE_IRONMAN, zrt_xmsg_tag(m), zrt_xmsg_data(m), zrt_xmsg_bytes(m));
      continue;
    }
    char *bytes = malloc(zrt_xmsg_bytes(m) + 1);
    walk_message(t, m, true, bytes);
    post(zrt_xmsg_peer(m), SPACE_IRONMAN, zrt_xmsg_tag(m), bytes, zrt_xmsg_bytes(m));
    free(bytes);
  }
}

static void lb_dn(zrt_xfer *t) {
  for (int i = 0; i < zrt_xfer_recv_count(t); ++i) {
    zrt_xmsg *r = zrt_xfer_recv(t, i);
    letter *l = take(zrt_xmsg_peer(r), SPACE_IRONMAN, zrt_xmsg_tag(r));
    if (l->bytes != zrt_xmsg_bytes(r))
      zrt_failf("loopback: a receive of %zu bytes got %zu", zrt_xmsg_bytes(r), l->bytes);
    if (walked(t, r))
      walk_message(t, r, false, l->data);
    else
      memcpy(zrt_xmsg_data(r), l->data, l->bytes);
    free(l);
  }
  zrt_xfer_unpack_recvs(t, false);
}

static void lb_xfer_nothing(zrt_xfer *t) { (void)t; }

/* ---- PEs and collectives --------------------------------------------------------- */
/* One PE: its own copy of the command line (the runtime consumes its
 * options from argv). */
typedef struct pe_start {
  int id, argc;
  char *argv[64];
  void (*pe_main)(int argc, char **argv);
} pe_start;

static void *pe_thread(void *arg) {
  pe_start *s = arg;
  me = s->id;
  s->pe_main(s->argc, s->argv);
  return NULL;
}

static void lb_launch(int argc, char **argv, void (*pe_main)(int argc, char **argv)) {
  for (int i = 1; i < argc; ++i)
    if (strncmp(argv[i], "--loopback-pes=", 15) == 0)
      npes = atoi(argv[i] + 15);
  if (npes < 1 || npes > MAX_PES)
    npes = 1;
  if (argc > 63)
    zrt_fail("loopback: too many arguments");
  pthread_barrier_init(&all_pes, NULL, (unsigned)npes);
  pthread_t threads[MAX_PES];
  static pe_start starts[MAX_PES];
  for (int p = 0; p < npes; ++p) {
    starts[p] = (pe_start){.id = p, .argc = argc, .pe_main = pe_main};
    memcpy(starts[p].argv, argv, (size_t)(argc + 1) * sizeof *argv);
    pthread_create(&threads[p], NULL, pe_thread, &starts[p]);
  }
  for (int p = 0; p < npes; ++p)
    pthread_join(threads[p], NULL);
  exit(0);
}

static void lb_barrier(void) { pthread_barrier_wait(&all_pes); }

static void combine(void *acc, const void *x, int count, int type, int op) {
  for (int i = 0; i < count; ++i) {
    double a, b;
    if (type == ZRT_I64) {
      int64_t *p = (int64_t *)acc + i, q = ((const int64_t *)x)[i];
      *p = op == ZRT_SUM ? *p + q : op == ZRT_PROD ? *p * q : op == ZRT_MAX ? (*p > q ? *p : q)
                                                                            : (*p < q ? *p : q);
      continue;
    }
    a = type == ZRT_F64 ? ((double *)acc)[i] : ((float *)acc)[i];
    b = type == ZRT_F64 ? ((const double *)x)[i] : ((const float *)x)[i];
    a = op == ZRT_SUM ? a + b : op == ZRT_PROD ? a * b : op == ZRT_MAX ? (a > b ? a : b)
                                                                       : (a < b ? a : b);
    if (type == ZRT_F64)
      ((double *)acc)[i] = a;
    else
      ((float *)acc)[i] = (float)a;
  }
}

static void lb_broadcast(void *buf, size_t bytes, int root) {
  if (me != root) {
    take_into(root, SPACE_COLLECTIVE, 1, buf, bytes);
    return;
  }
  for (int q = 0; q < npes; ++q)
    if (q != root)
      post(q, SPACE_COLLECTIVE, 1, buf, bytes);
}

/* Every PE's contribution combined on PE 0 in PE order, then broadcast. */
static void lb_allreduce(void *inout, int count, int type, int op) {
  size_t bytes = (size_t)count * (type == ZRT_F32 ? 4 : 8);
  if (me != 0) {
    post(0, SPACE_COLLECTIVE, 0, inout, bytes);
  } else {
    for (int q = 1; q < npes; ++q) {
      letter *l = take(q, SPACE_COLLECTIVE, 0);
      combine(inout, l->data, count, type, op);
      free(l);
    }
  }
  lb_broadcast(inout, bytes, 0);
}

static void lb_alltoallv(const void *sendbuf, const size_t *sendbytes, void *recvbuf,
                         const size_t *recvbytes) {
  size_t at = 0;
  for (int q = 0; q < npes; ++q) {
    post(q, SPACE_COLLECTIVE, 2, (const char *)sendbuf + at, sendbytes[q]);
    at += sendbytes[q];
  }
  at = 0;
  for (int q = 0; q < npes; ++q) {
    take_into(q, SPACE_COLLECTIVE, 2, (char *)recvbuf + at, recvbytes[q]);
    at += recvbytes[q];
  }
}

static void lb_send(int dest, int tag, const void *buf, size_t bytes) {
  post(dest, SPACE_DIRECT, tag, buf, bytes);
}
static void lb_recv(int src, int tag, void *buf, size_t bytes) {
  take_into(src, SPACE_DIRECT, tag, buf, bytes);
}

static void lb_init(int *argc, char ***argv) { (void)argc, (void)argv; }
static void lb_finalize(void) { lb_barrier(); }
static int lb_pe_id(void) { return me; }
static int lb_pe_count(void) { return npes; }
/* The runtime takes arrays' storage zeroed from the back end. */
static void *lb_alloc(size_t bytes) { return calloc(1, bytes); }

static double lb_clock(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
static void lb_abort(int status) { exit(status); }
static int lb_option(const char *arg) {
  if (strcmp(arg, "--loopback-chained=1") == 0)
    all_chained = true; /* every PE sets the same */
  return strncmp(arg, "--loopback-chained=", 19) == 0 || strncmp(arg, "--loopback-pes=", 15) == 0;
}

static const zrt_backend loopback = {
    .name = "loopback",
    .init = lb_init,
    .finalize = lb_finalize,
    .pe_id = lb_pe_id,
    .pe_count = lb_pe_count,
    .barrier = lb_barrier,
    .allreduce = lb_allreduce,
    .broadcast = lb_broadcast,
    .alltoallv = lb_alltoallv,
    .send = lb_send,
    .recv = lb_recv,
    .dr = lb_dr,
    .sr = lb_sr,
    .dn = lb_dn,
    .sv = lb_xfer_nothing,
    .sym_alloc = lb_alloc,
    .sym_free = free,
    .clock = lb_clock,
    .abort = lb_abort,
    .accepts_option = lb_option,
    .launch = lb_launch,
};

const zrt_backend *zrt_backend_get(void) { return &loopback; }
