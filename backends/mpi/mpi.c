/* mpi.c — the MPI back end.
 *
 * DR starts the receives (MPI_Irecv semantics), SR packs the non-contiguous
 * sources and starts the sends (MPI_Isend), DN waits for the receives and
 * unpacks, SV waits for the sends. Requests are persistent, created once per
 * transfer handle, so the steady state allocates nothing. Contiguous
 * sections go straight from/to the array; the others through the runtime's
 * pack buffers. IRONMAN traffic and the runtime's own collectives/gathers
 * use two separate duplicated communicators. */
#include "zplrt_internal.h"

#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static MPI_Comm comm_im = MPI_COMM_NULL;   /* IRONMAN transfers */
static MPI_Comm comm_coll = MPI_COMM_NULL; /* reductions, gathers */
static int tag_ub = 32767;
static int me, np;

static void check(int rc, const char *what) {
  if (rc != MPI_SUCCESS) {
    char msg[MPI_MAX_ERROR_STRING + 64];
    char es[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(rc, es, &len);
    snprintf(msg, sizeof msg, "MPI error in %s: %s", what, es);
    zrt_fail(msg);
  }
}

static void m_init(int *argc, char ***argv) {
  int inited = 0;
  MPI_Initialized(&inited);
  if (!inited)
    MPI_Init(argc, argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  MPI_Comm_dup(MPI_COMM_WORLD, &comm_im);
  MPI_Comm_dup(MPI_COMM_WORLD, &comm_coll);
  MPI_Comm_set_errhandler(comm_im, MPI_ERRORS_RETURN);
  MPI_Comm_set_errhandler(comm_coll, MPI_ERRORS_RETURN);
  void *v = NULL;
  int flag = 0;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &v, &flag);
  if (flag && v)
    tag_ub = *(int *)v;
}

static void m_finalize(void) {
  int inited = 0, finalized = 0;
  MPI_Initialized(&inited);
  MPI_Finalized(&finalized);
  if (!inited || finalized)
    return;
  fflush(stdout);
  fflush(stderr);
  if (comm_im != MPI_COMM_NULL)
    MPI_Comm_free(&comm_im);
  if (comm_coll != MPI_COMM_NULL)
    MPI_Comm_free(&comm_coll);
  MPI_Finalize();
}

static int m_pe_id(void) { return me; }
static int m_pe_count(void) { return np; }
static void m_barrier(void) { check(MPI_Barrier(comm_coll), "MPI_Barrier"); }

static MPI_Datatype dtype(int type) {
  switch (type) {
  case ZRT_I64:
    return MPI_INT64_T;
  case ZRT_F64:
    return MPI_DOUBLE;
  case ZRT_F32:
    return MPI_FLOAT;
  default:
    return MPI_C_BOOL;
  }
}

static MPI_Op mop(int op) {
  switch (op) {
  case ZRT_SUM:
    return MPI_SUM;
  case ZRT_PROD:
    return MPI_PROD;
  case ZRT_MAX:
    return MPI_MAX;
  case ZRT_MIN:
    return MPI_MIN;
  case ZRT_AND:
    return MPI_LAND;
  default:
    return MPI_LOR;
  }
}

static void m_allreduce(void *inout, int count, int type, int op) {
  if (np == 1)
    return;
  check(MPI_Allreduce(MPI_IN_PLACE, inout, count, dtype(type), mop(op), comm_coll),
        "MPI_Allreduce");
}

static void m_broadcast(void *buf, size_t bytes, int root) {
  check(MPI_Bcast(buf, (int)bytes, MPI_BYTE, root, comm_coll), "MPI_Bcast");
}

static void m_alltoallv(const void *sendbuf, const size_t *sendbytes, void *recvbuf,
                        const size_t *recvbytes) {
  int *sc = malloc((size_t)np * 4 * sizeof *sc);
  if (!sc)
    zrt_fail("out of memory in an all-to-all exchange");
  int *sd = sc + np, *rc = sc + 2 * np, *rd = sc + 3 * np;
  size_t so = 0, ro = 0;
  for (int q = 0; q < np; ++q) {
    if (sendbytes[q] > INT_MAX || recvbytes[q] > INT_MAX || so > INT_MAX || ro > INT_MAX)
      zrt_fail("all-to-all exchange of more than 2 GB (MPI int counts)");
    sc[q] = (int)sendbytes[q];
    sd[q] = (int)so;
    rc[q] = (int)recvbytes[q];
    rd[q] = (int)ro;
    so += sendbytes[q];
    ro += recvbytes[q];
  }
  if (so > INT_MAX || ro > INT_MAX)
    zrt_fail("all-to-all exchange of more than 2 GB (MPI int counts)");
  check(MPI_Alltoallv(sendbuf, sc, sd, MPI_BYTE, recvbuf, rc, rd, MPI_BYTE, comm_coll),
        "MPI_Alltoallv");
  free(sc);
}

static void m_send(int dest, int tag, const void *buf, size_t bytes) {
  check(MPI_Send(buf, (int)bytes, MPI_BYTE, dest, tag % tag_ub, comm_coll), "MPI_Send");
}

static void m_recv(int src, int tag, void *buf, size_t bytes) {
  check(MPI_Recv(buf, (int)bytes, MPI_BYTE, src, tag % tag_ub, comm_coll, MPI_STATUS_IGNORE),
        "MPI_Recv");
}

/* Per transfer: nrecv receive requests followed by nsend send requests. */
static void m_setup(im_transfer *t) {
  int n = t->nrecv + t->nsend;
  if (n == 0) {
    t->be = NULL;
    return;
  }
  MPI_Request *req = malloc((size_t)n * sizeof *req);
  if (!req)
    zrt_fail("out of memory for MPI requests");
  for (int i = 0; i < t->nrecv; ++i) {
    zrt_msg *m = &t->recv[i];
    void *p = m->contiguous ? m->ptr : m->buf;
    check(MPI_Recv_init(p, (int)m->bytes, MPI_BYTE, (int)m->peer, m->tag % tag_ub, comm_im,
                        &req[i]),
          "MPI_Recv_init");
  }
  for (int i = 0; i < t->nsend; ++i) {
    zrt_msg *m = &t->send[i];
    void *p = m->contiguous ? m->ptr : m->buf;
    check(MPI_Send_init(p, (int)m->bytes, MPI_BYTE, (int)m->peer, m->tag % tag_ub, comm_im,
                        &req[t->nrecv + i]),
          "MPI_Send_init");
  }
  t->be = req;
}

static void m_release(im_transfer *t) {
  MPI_Request *req = t->be;
  if (!req)
    return;
  for (int i = 0; i < t->nrecv + t->nsend; ++i)
    if (req[i] != MPI_REQUEST_NULL)
      MPI_Request_free(&req[i]);
  free(req);
  t->be = NULL;
}

static void m_dr(im_transfer *t) {
  if (t->nrecv)
    check(MPI_Startall(t->nrecv, (MPI_Request *)t->be), "MPI_Startall (DR)");
}

static void m_sr(im_transfer *t) {
  if (!t->nsend)
    return;
  zrt_transfer_pack_sends(t);
  check(MPI_Startall(t->nsend, (MPI_Request *)t->be + t->nrecv), "MPI_Startall (SR)");
}

static void m_dn(im_transfer *t) {
  if (!t->nrecv)
    return;
  check(MPI_Waitall(t->nrecv, (MPI_Request *)t->be, MPI_STATUSES_IGNORE), "MPI_Waitall (DN)");
  zrt_transfer_unpack_recvs(t);
}

static void m_sv(im_transfer *t) {
  if (t->nsend)
    check(MPI_Waitall(t->nsend, (MPI_Request *)t->be + t->nrecv, MPI_STATUSES_IGNORE),
          "MPI_Waitall (SV)");
}

static void *m_alloc(size_t bytes) { return malloc(bytes); }
static void m_free(void *p) { free(p); }
static double m_clock(void) { return MPI_Wtime(); }

static void m_abort(int status) {
  fflush(stdout);
  fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, status);
  exit(status);
}

static const zrt_backend mpi_backend = {
    .name = "mpi",
    .init = m_init,
    .finalize = m_finalize,
    .pe_id = m_pe_id,
    .pe_count = m_pe_count,
    .barrier = m_barrier,
    .allreduce = m_allreduce,
    .broadcast = m_broadcast,
    .alltoallv = m_alltoallv,
    .send = m_send,
    .recv = m_recv,
    .transfer_setup = m_setup,
    .transfer_release = m_release,
    .dr = m_dr,
    .sr = m_sr,
    .dn = m_dn,
    .sv = m_sv,
    .sym_alloc = m_alloc,
    .sym_free = m_free,
    .clock = m_clock,
    .abort = m_abort,
    .accepts_option = NULL,
    .help = NULL,
};

const zrt_backend *zrt_backend_get(void) { return &mpi_backend; }
