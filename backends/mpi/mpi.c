/* mpi.c — the MPI back end.
 *
 * DR starts the receives (MPI_Irecv semantics), SR starts the sends
 * (MPI_Isend), DN waits for the receives, SV waits for the sends. Requests
 * are persistent, created once per transfer handle (and strategy), so the
 * steady state allocates nothing. Contiguous sections go straight from/to
 * the array under both strategies. The others:
 *   packed (IM_PACKED, the default): SR packs them into the runtime's
 *     buffers with its pack kernels, the messages are contiguous bytes, DN
 *     unpacks;
 *   chained (IM_CHAINED): one derived datatype per message, built and
 *     committed once (MPI_Type_vector for one strided loop, a subarray or
 *     nested hvectors for more, MPI_Type_create_indexed_block for the
 *     mirrored receives of reflect, hindexed blocks for the indexed
 *     messages of remaps; for a combined message (im_combine) a struct of
 *     its pieces' types at absolute addresses), sent straight from and
 *     received straight into the arrays; no copies by the runtime. Other
 *     messages made of several pieces (one peer's sections of several tiles
 *     under cyclic distributions, combined messages one of whose members
 *     has such pieces, or whose pieces overlap: MPI may not receive into a
 *     cell twice) travel packed under both (zrt_xmsg_buffered), and so do
 *     the messages of accumulating scatters, whose pack combines each
 *     PE's contributions to one element and whose unpack combines them
 *     into it (zrt_xmsg_chainable is false for them).
 * IRONMAN traffic and the runtime's own collectives/gathers use two separate
 * duplicated communicators. */
#include "zplrt_mpi.h"

#include <limits.h>
#include <mpi.h>
#include <unistd.h>
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
  case ZRT_I32:
    return MPI_INT32_T;
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

/* ---- datatypes of array sections (the chained strategy) ---------------------------- */
static MPI_Datatype elem_type(size_t esz, bool *owned) {
  *owned = false;
  switch (esz) {
  case 8:
    return MPI_INT64_T; /* integer types: bits move unchanged (NaNs too) */
  case 4:
    return MPI_INT32_T;
  case 2:
    return MPI_INT16_T;
  case 1:
    return MPI_BYTE;
  default: {
    MPI_Datatype t;
    MPI_Type_contiguous((int)esz, MPI_BYTE, &t);
    *owned = true;
    return t;
  }
  }
}

static bool fits_int(int64_t v) { return v >= INT_MIN && v <= INT_MAX; }

int zrt_mpi_index_type(size_t esz, const int *offsets, int n, MPI_Datatype *type) {
  bool owned;
  MPI_Datatype et = elem_type(esz, &owned);
  int rc = MPI_Type_create_indexed_block(n, 1, offsets, et, type);
  if (rc == MPI_SUCCESS)
    rc = MPI_Type_commit(type);
  if (owned)
    MPI_Type_free(&et);
  return rc;
}

/* The datatype of a mirrored box (bit k of `mirror` reverses dimension k):
 * every element at its own displacement, in the sender's order, from the
 * box's lowest element, which becomes *origin_elem. */
static int mirrored_box_type(const zrt_layout *L, const zrt_region *box, int mirror,
                             int64_t count, MPI_Datatype *type, int64_t *origin_elem, char *err,
                             size_t errlen) {
  if (!fits_int(count)) {
    snprintf(err, errlen, "a mirrored section of %lld elements is too large for MPI",
             (long long)count);
    return -1;
  }
  int64_t n[ZRT_MAX_RANK], start[ZRT_MAX_RANK], dir[ZRT_MAX_RANK];
  int64_t lo_elem = 0;
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    bool in = k < L->rank;
    bool rev = in && ((mirror >> k) & 1);
    n[k] = in ? box->hi[k] - box->lo[k] + 1 : 1;
    start[k] = in ? (rev ? box->hi[k] : box->lo[k]) - L->lo[k] : 0;
    dir[k] = rev ? -1 : 1;
    if (in)
      lo_elem += (box->lo[k] - L->lo[k]) * L->stride[k];
  }
  int *disp = malloc((size_t)count * sizeof *disp);
  if (!disp) {
    snprintf(err, errlen, "out of memory for a datatype");
    return -1;
  }
  int64_t e = 0;
  for (int64_t i0 = 0; i0 < n[0]; ++i0)
    for (int64_t i1 = 0; i1 < n[1]; ++i1)
      for (int64_t i2 = 0; i2 < n[2]; ++i2) {
        int64_t o = (start[0] + dir[0] * i0) * L->stride[0] +
                    (start[1] + dir[1] * i1) * L->stride[1] +
                    (start[2] + dir[2] * i2) * L->stride[2] - lo_elem;
        if (!fits_int(o)) {
          free(disp);
          snprintf(err, errlen, "a mirrored section spans too many elements for MPI");
          return -1;
        }
        disp[e++] = (int)o;
      }
  int rc = zrt_mpi_index_type(L->esz, disp, (int)count, type);
  free(disp);
  *origin_elem = lo_elem;
  if (rc != MPI_SUCCESS) {
    snprintf(err, errlen, "MPI_Type_create_indexed_block failed");
    return -1;
  }
  return ZRT_MPI_TYPE_INDEXED;
}

/* The box as m loops (outer first: cnt[i] iterations of stride str[i]
 * elements) around one contiguous run of *run elements; returns m. */
static int box_loops(const zrt_layout *L, const zrt_region *box, int64_t *cnt, int64_t *str,
                     int64_t *run) {
  int m = 0;
  for (int k = 0; k < L->rank; ++k) {
    int64_t e = box->hi[k] - box->lo[k] + 1;
    if (e != 1) {
      cnt[m] = e < 0 ? 0 : e;
      str[m] = L->stride[k];
      ++m;
    }
  }
  *run = 1;
  while (m > 0 && str[m - 1] == *run) {
    *run *= cnt[m - 1];
    --m;
  }
  return m;
}

/* Whether L's strides are those of a row-major array of L->ext. */
static bool dense_layout(const zrt_layout *L) {
  bool dense = true;
  for (int k = 0; k < L->rank; ++k) {
    int64_t p = 1;
    for (int j = k + 1; j < L->rank; ++j)
      p *= L->ext[j];
    dense = dense && L->stride[k] == p;
  }
  return dense;
}

/* The box of a dense layout as an MPI subarray of elements `et` (not yet
 * committed); returns an MPI error code, or -1 with `err` set. */
static int subarray_type(const zrt_layout *L, const zrt_region *box, MPI_Datatype et,
                         MPI_Datatype *type, char *err, size_t errlen) {
  int sizes[ZRT_MAX_RANK], sub[ZRT_MAX_RANK], st[ZRT_MAX_RANK];
  bool ok = true;
  for (int k = 0; k < L->rank; ++k) {
    ok = ok && fits_int(L->ext[k]);
    sizes[k] = (int)L->ext[k];
    sub[k] = (int)(box->hi[k] - box->lo[k] + 1);
    st[k] = (int)(box->lo[k] - L->lo[k]);
  }
  if (!ok) {
    snprintf(err, errlen, "an array section is too large for MPI");
    return -1;
  }
  return MPI_Type_create_subarray(L->rank, sizes, sub, st, MPI_ORDER_C, et, type);
}

/* The m loops of box_loops as nested vectors (not yet committed): the
 * innermost loop as a vector of elements `et`, the outer ones as
 * byte-strided vectors; returns an MPI error code, or -1 with `err` set. */
static int hvector_type(const zrt_layout *L, const int64_t *cnt, const int64_t *str, int m,
                        int64_t run, MPI_Datatype et, MPI_Datatype *type, char *err,
                        size_t errlen) {
  MPI_Datatype cur = MPI_DATATYPE_NULL;
  int rc = MPI_SUCCESS;
  for (int i = m - 1; i >= 0 && rc == MPI_SUCCESS; --i) {
    MPI_Datatype next;
    if (!fits_int(cnt[i]) || !fits_int(run) || !fits_int(str[i])) {
      snprintf(err, errlen, "a strided section is too large for MPI");
      rc = -1;
      break;
    }
    if (i == m - 1)
      rc = MPI_Type_vector((int)cnt[i], (int)run, (int)str[i], et, &next);
    else
      rc = MPI_Type_create_hvector((int)cnt[i], 1, (MPI_Aint)(str[i] * (int64_t)L->esz), cur,
                                   &next);
    if (cur != MPI_DATATYPE_NULL)
      MPI_Type_free(&cur);
    cur = next;
  }
  *type = cur;
  return rc;
}

/* The element offset of box.lo in L. */
static int64_t box_first(const zrt_layout *L, const zrt_region *box) {
  int64_t first = 0;
  for (int k = 0; k < L->rank; ++k)
    first += (box->lo[k] - L->lo[k]) * L->stride[k];
  return first;
}

/* The type of a box with steps (its lattice points): that of its dense
 * shape in a layout skipping the indices between them, from box->lo. */
static int lattice_box_type(const zrt_layout *L, const zrt_region *box, int mirror,
                            MPI_Datatype *type, int64_t *origin_elem, char *err, size_t errlen) {
  int64_t first = box_first(L, box);
  zrt_layout Ls;
  zrt_region s = zrt_lattice_shape(L, box, &Ls);
  int rc = zrt_mpi_box_type(&Ls, &s, mirror, type, origin_elem, err, errlen);
  *origin_elem += first;
  return rc;
}

int zrt_mpi_box_type(const zrt_layout *L, const zrt_region *box, int mirror, MPI_Datatype *type,
                     int64_t *origin_elem, char *err, size_t errlen) {
  for (int k = 0; k < L->rank; ++k)
    if (box->step[k] > 1 && box->hi[k] > box->lo[k])
      return lattice_box_type(L, box, mirror, type, origin_elem, err, errlen);
  int64_t count = zrt_box_count(box);
  if (mirror && count > 0)
    return mirrored_box_type(L, box, mirror, count, type, origin_elem, err, errlen);
  int64_t first = box_first(L, box);
  int64_t cnt[ZRT_MAX_RANK], str[ZRT_MAX_RANK], run;
  int m = box_loops(L, box, cnt, str, &run);
  bool owned;
  MPI_Datatype et = elem_type(L->esz, &owned);
  int kind, rc;
  *origin_elem = first;
  if (count == 0 || m == 0) {
    if (!fits_int(count)) {
      snprintf(err, errlen, "a section of %lld elements is too large for MPI", (long long)count);
      rc = -1;
    } else {
      rc = MPI_Type_contiguous((int)count, et, type);
    }
    kind = ZRT_MPI_TYPE_CONTIG;
  } else if (m == 1) {
    if (!fits_int(cnt[0]) || !fits_int(run) || !fits_int(str[0])) {
      snprintf(err, errlen, "a strided section is too large for MPI");
      rc = -1;
    } else {
      rc = MPI_Type_vector((int)cnt[0], (int)run, (int)str[0], et, type);
    }
    kind = ZRT_MPI_TYPE_VECTOR;
  } else if (dense_layout(L)) {
    rc = subarray_type(L, box, et, type, err, errlen);
    *origin_elem = 0; /* subarray offsets count from the array's first element */
    kind = ZRT_MPI_TYPE_SUBARRAY;
  } else {
    rc = hvector_type(L, cnt, str, m, run, et, type, err, errlen);
    kind = ZRT_MPI_TYPE_HVECTOR;
  }
  if (owned)
    MPI_Type_free(&et);
  if (rc != MPI_SUCCESS) {
    if (rc != -1)
      snprintf(err, errlen, "building an MPI datatype failed");
    return -1;
  }
  if (MPI_Type_commit(type) != MPI_SUCCESS) {
    snprintf(err, errlen, "MPI_Type_commit failed");
    return -1;
  }
  return kind;
}

/* The datatype of an element list (remap: sec->idx lists its elements'
 * offsets in the storage, in message order): one element per block at byte
 * displacements from the lowest offset, which becomes *origin_elem. Byte
 * displacements (MPI_Aint) keep large arrays within MPI's range; only the
 * element count must fit an int. Returns 0, or -1 with a message in err. */
static int index_type(const zrt_piece *sec, MPI_Datatype *type, int64_t *origin_elem, char *err,
                      size_t errlen) {
  int64_t n = sec->nidx;
  if (!fits_int(n)) {
    snprintf(err, errlen, "an indexed message of %lld elements is too large for MPI",
             (long long)n);
    return -1;
  }
  int64_t lowest = n ? sec->idx[0] : 0;
  for (int64_t i = 1; i < n; ++i)
    lowest = sec->idx[i] < lowest ? sec->idx[i] : lowest;
  MPI_Aint *disp = malloc((size_t)(n ? n : 1) * sizeof *disp);
  if (!disp) {
    snprintf(err, errlen, "out of memory for a datatype");
    return -1;
  }
  size_t esz = sec->layout.esz;
  for (int64_t i = 0; i < n; ++i)
    disp[i] = (MPI_Aint)((sec->idx[i] - lowest) * (int64_t)esz);
  bool owned;
  MPI_Datatype et = elem_type(esz, &owned);
  int rc = MPI_Type_create_hindexed_block((int)n, 1, disp, et, type);
  if (rc == MPI_SUCCESS)
    rc = MPI_Type_commit(type);
  if (owned)
    MPI_Type_free(&et);
  free(disp);
  *origin_elem = lowest;
  if (rc != MPI_SUCCESS) {
    snprintf(err, errlen, "building an indexed MPI datatype failed");
    return -1;
  }
  return 0;
}

/* ---- transfers -------------------------------------------------------------------------
 * Per transfer: persistent requests for the packed strategy (nrecv receives
 * then nsend sends), built at setup, and, once the transfer is first
 * switched to chained, a second set with one derived datatype per
 * non-contiguous message (contiguous ones are the same byte messages).
 * Switching back and forth only swaps which set DR/SR/DN/SV start. */
typedef struct mpi_xfer {
  MPI_Request *packed;  /* nrecv + nsend */
  MPI_Request *chained; /* NULL until first needed */
  MPI_Datatype *types;  /* per chained request; MPI_DATATYPE_NULL for bytes */
  MPI_Request *cur;
  bool chained_on;
} mpi_xfer;

static void m_strategy(zrt_xfer *t);

/* Request i of t: the receives, then the sends. */
static zrt_xmsg *request_msg(zrt_xfer *t, int i, bool *recv) {
  int nrecv = zrt_xfer_recv_count(t);
  *recv = i < nrecv;
  return *recv ? zrt_xfer_recv(t, i) : zrt_xfer_send(t, i - nrecv);
}

/* The chained datatype of one section of t's array storage, and the
 * address it starts from: an indexed type for an element list (remap),
 * else the type of its box (mirrored for receives). */
static void section_type(const zrt_xfer *t, const zrt_piece *sec, bool recv,
                         MPI_Datatype *type, void **at) {
  int64_t origin = 0;
  char err[200];
  int rc = sec->idx ? index_type(sec, type, &origin, err, sizeof err)
                    : zrt_mpi_box_type(&sec->layout, &sec->box, recv ? sec->mirror : 0, type,
                                       &origin, err, sizeof err);
  if (rc < 0)
    zrt_failf("array %s: %s", zrt_xfer_array_name(t), err);
  *at = sec->base + (size_t)origin * sec->layout.esz;
}

/* The chained datatype of a message of several parts (im_combine) whose
 * parts are one section each: one struct over the parts at their absolute
 * addresses (used with MPI_BOTTOM), each a run of bytes or its own type. */
static void parts_type(const zrt_xfer *t, const zrt_xmsg *m, bool recv, MPI_Datatype *type) {
  int n = zrt_xmsg_parts(t, m);
  int *lens = malloc((size_t)n * sizeof *lens);
  MPI_Aint *disps = malloc((size_t)n * sizeof *disps);
  MPI_Datatype *types = malloc((size_t)n * sizeof *types);
  if (!lens || !disps || !types)
    zrt_fail("out of memory for an MPI datatype");
  for (int j = 0; j < n; ++j) {
    zrt_piece sec = zrt_xmsg_section(t, m, j, 0);
    void *at = sec.at;
    lens[j] = (int)sec.bytes;
    types[j] = MPI_BYTE;
    if (!sec.contiguous || (recv && sec.mirror)) {
      section_type(t, &sec, recv, &types[j], &at);
      lens[j] = 1;
    }
    check(MPI_Get_address(at, &disps[j]), "MPI_Get_address");
  }
  check(MPI_Type_create_struct(n, lens, disps, types, type), "MPI_Type_create_struct");
  check(MPI_Type_commit(type), "MPI_Type_commit");
  for (int j = 0; j < n; ++j)
    if (types[j] != MPI_BYTE)
      MPI_Type_free(&types[j]);
  free(lens);
  free(disps);
  free(types);
}

/* The chained form of a non-contiguous chainable message (each of its
 * parts one section): its datatype, and the address the request starts
 * from. */
static void *chained_type(zrt_xfer *t, const zrt_xmsg *m, bool recv, MPI_Datatype *type) {
  if (zrt_xmsg_parts(t, m) > 1) {
    parts_type(t, m, recv, type);
    return MPI_BOTTOM;
  }
  void *at;
  zrt_piece sec = zrt_xmsg_section(t, m, 0, 0);
  section_type(t, &sec, recv, type, &at);
  return at;
}

static void init_requests(zrt_xfer *t, MPI_Request *req, MPI_Datatype *types) {
  int n = zrt_xfer_recv_count(t) + zrt_xfer_send_count(t);
  for (int i = 0; i < n; ++i) {
    bool recv;
    zrt_xmsg *m = request_msg(t, i, &recv);
    void *p = zrt_xmsg_data(m);
    int count = (int)zrt_xmsg_bytes(m);
    MPI_Datatype dt = MPI_BYTE;
    if (types && !zrt_xmsg_contiguous(m) && zrt_xmsg_chainable(t, m)) {
      p = chained_type(t, m, recv, &types[i]);
      dt = types[i];
      count = 1;
    }
    int peer = zrt_xmsg_peer(m), tag = zrt_xmsg_tag(m) % tag_ub;
    if (recv)
      check(MPI_Recv_init(p, count, dt, peer, tag, comm_im, &req[i]), "MPI_Recv_init");
    else
      check(MPI_Send_init(p, count, dt, peer, tag, comm_im, &req[i]), "MPI_Send_init");
  }
}

static void m_setup(zrt_xfer *t) {
  int n = zrt_xfer_recv_count(t) + zrt_xfer_send_count(t);
  if (n == 0) {
    zrt_xfer_set_state(t, NULL);
    return;
  }
  mpi_xfer *x = calloc(1, sizeof *x);
  MPI_Request *req = malloc((size_t)n * sizeof *req);
  if (!x || !req)
    zrt_fail("out of memory for MPI requests");
  for (int i = 0; i < n; ++i) {
    bool recv;
    size_t bytes = zrt_xmsg_bytes(request_msg(t, i, &recv));
    if (bytes > INT_MAX)
      zrt_failf("array %s: a message of %zu bytes is too large for MPI", zrt_xfer_array_name(t),
                bytes);
  }
  init_requests(t, req, NULL);
  x->packed = req;
  x->cur = req;
  zrt_xfer_set_state(t, x);
  if (zrt_xfer_chained(t)) /* handles start packed; kept for safety */
    m_strategy(t);
}

static void m_strategy(zrt_xfer *t) {
  mpi_xfer *x = zrt_xfer_state(t);
  if (!x)
    return;
  if (zrt_xfer_chained(t) && !x->chained) {
    int n = zrt_xfer_recv_count(t) + zrt_xfer_send_count(t);
    x->chained = malloc((size_t)n * sizeof *x->chained);
    x->types = malloc((size_t)n * sizeof *x->types);
    if (!x->chained || !x->types)
      zrt_fail("out of memory for MPI requests");
    for (int i = 0; i < n; ++i)
      x->types[i] = MPI_DATATYPE_NULL;
    init_requests(t, x->chained, x->types);
  }
  x->chained_on = zrt_xfer_chained(t);
  x->cur = x->chained_on ? x->chained : x->packed;
}

static void free_requests(MPI_Request *req, int n) {
  if (!req)
    return;
  for (int i = 0; i < n; ++i)
    if (req[i] != MPI_REQUEST_NULL)
      MPI_Request_free(&req[i]);
  free(req);
}

static void m_release(zrt_xfer *t) {
  mpi_xfer *x = zrt_xfer_state(t);
  if (!x)
    return;
  int n = zrt_xfer_recv_count(t) + zrt_xfer_send_count(t);
  free_requests(x->packed, n);
  free_requests(x->chained, n);
  if (x->types) {
    for (int i = 0; i < n; ++i)
      if (x->types[i] != MPI_DATATYPE_NULL)
        MPI_Type_free(&x->types[i]);
    free(x->types);
  }
  free(x);
  zrt_xfer_set_state(t, NULL);
}

static void m_dr(zrt_xfer *t) {
  int nrecv = zrt_xfer_recv_count(t);
  if (nrecv)
    check(MPI_Startall(nrecv, ((mpi_xfer *)zrt_xfer_state(t))->cur), "MPI_Startall (DR)");
}

static void m_sr(zrt_xfer *t) {
  int nsend = zrt_xfer_send_count(t);
  if (!nsend)
    return;
  mpi_xfer *x = zrt_xfer_state(t);
  zrt_xfer_pack_sends(t, false);
  check(MPI_Startall(nsend, x->cur + zrt_xfer_recv_count(t)), "MPI_Startall (SR)");
}

static void m_dn(zrt_xfer *t) {
  int nrecv = zrt_xfer_recv_count(t);
  if (nrecv)
    check(MPI_Waitall(nrecv, ((mpi_xfer *)zrt_xfer_state(t))->cur, MPI_STATUSES_IGNORE),
          "MPI_Waitall (DN)");
  zrt_xfer_unpack_recvs(t, false); /* also without receives (accumulating scatters) */
}

static void m_sv(zrt_xfer *t) {
  int nsend = zrt_xfer_send_count(t);
  if (nsend)
    check(MPI_Waitall(nsend, ((mpi_xfer *)zrt_xfer_state(t))->cur + zrt_xfer_recv_count(t),
                      MPI_STATUSES_IGNORE),
          "MPI_Waitall (SV)");
}

static void *m_alloc(size_t bytes) { return calloc(1, bytes); }
static void m_free(void *p) { free(p); }
static void *m_grow(void *p, size_t bytes) { return realloc(p, bytes); }
static double m_clock(void) { return MPI_Wtime(); }

/* Ends this PE at once. mpirun ends the whole job when a rank exits with a
 * non-zero status without finalizing, which also frees peers blocked in a
 * transfer. MPI_Abort is not used: with Open MPI 4.1, several ranks calling
 * it at the same moment (an error every PE sees) can leave mpirun hanging. */
static void m_abort(int status) {
  fflush(stdout);
  fflush(stderr);
  _exit(status);
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
    .transfer_strategy = m_strategy,
    .dr = m_dr,
    .sr = m_sr,
    .dn = m_dn,
    .sv = m_sv,
    .sym_alloc = m_alloc,
    .sym_free = m_free,
    .sym_grow = m_grow,
    .clock = m_clock,
    .abort = m_abort,
    .accepts_option = NULL,
    .help = NULL,
};

const zrt_backend *zrt_backend_get(void) { return &mpi_backend; }
