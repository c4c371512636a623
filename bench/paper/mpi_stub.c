/* bench/paper/mpi_stub.c: the MPI calls of the MPI back end with the
 * communication stubbed out, for measuring what going through IRONMAN
 * costs by itself (docs/machines.md sections 5-6: the MPI calls stubbed out).
 *
 * Built by bench/paper/run.sh as a shared library and loaded with
 * LD_PRELOAD in front of Open MPI: a program compiled with --backend=mpi
 * then runs as one process that believes it is rank ZPL_STUB_RANK of
 * ZPL_STUB_SIZE; every send, receive, wait and collective returns at once
 * (a reduction returns the caller's own value), so the time left is the
 * runtime's IRONMAN calls and the back end's own bookkeeping around MPI.
 * The program's output is meaningless; only its timing is used.
 */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int initialized, finalized;
static char dummy_handle[64]; /* distinct non-null handles */
static int tag_ub = 1 << 30;

static int env_int(const char *name, int fallback) {
  const char *v = getenv(name);
  return v ? atoi(v) : fallback;
}

static size_t type_size(MPI_Datatype t) {
  if (t == MPI_DOUBLE || t == MPI_INT64_T)
    return 8;
  if (t == MPI_FLOAT || t == MPI_INT32_T || t == MPI_INT)
    return 4;
  if (t == MPI_INT16_T)
    return 2;
  return 1;
}

int MPI_Init(int *argc, char ***argv) { initialized = 1; return MPI_SUCCESS; }
int MPI_Initialized(int *flag) { *flag = initialized; return MPI_SUCCESS; }
int MPI_Finalize(void) { finalized = 1; return MPI_SUCCESS; }
int MPI_Finalized(int *flag) { *flag = finalized; return MPI_SUCCESS; }
int MPI_Comm_rank(MPI_Comm c, int *rank) { *rank = env_int("ZPL_STUB_RANK", 0); return MPI_SUCCESS; }
int MPI_Comm_size(MPI_Comm c, int *size) { *size = env_int("ZPL_STUB_SIZE", 1); return MPI_SUCCESS; }
int MPI_Comm_dup(MPI_Comm c, MPI_Comm *out) { *out = c; return MPI_SUCCESS; }
int MPI_Comm_free(MPI_Comm *c) { *c = MPI_COMM_NULL; return MPI_SUCCESS; }
int MPI_Comm_set_errhandler(MPI_Comm c, MPI_Errhandler e) { return MPI_SUCCESS; }
int MPI_Comm_get_attr(MPI_Comm c, int key, void *value, int *flag) {
  *(int **)value = &tag_ub;
  *flag = 1;
  return MPI_SUCCESS;
}
int MPI_Error_string(int code, char *s, int *len) {
  strcpy(s, "stubbed MPI");
  *len = (int)strlen(s);
  return MPI_SUCCESS;
}
double MPI_Wtime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int MPI_Allreduce(const void *in, void *out, int count, MPI_Datatype t, MPI_Op op, MPI_Comm c) {
  if (in != MPI_IN_PLACE)
    memmove(out, in, (size_t)count * type_size(t));
  return MPI_SUCCESS;
}
int MPI_Alltoallv(const void *sb, const int *sc, const int *sd, MPI_Datatype st, void *rb,
                  const int *rc, const int *rd, MPI_Datatype rt, MPI_Comm c) {
  return MPI_SUCCESS;
}
int MPI_Barrier(MPI_Comm c) { return MPI_SUCCESS; }
int MPI_Bcast(void *b, int n, MPI_Datatype t, int root, MPI_Comm c) { return MPI_SUCCESS; }
int MPI_Send(const void *b, int n, MPI_Datatype t, int dest, int tag, MPI_Comm c) {
  return MPI_SUCCESS;
}
int MPI_Recv(void *b, int n, MPI_Datatype t, int src, int tag, MPI_Comm c, MPI_Status *s) {
  return MPI_SUCCESS;
}
int MPI_Send_init(const void *b, int n, MPI_Datatype t, int dest, int tag, MPI_Comm c,
                  MPI_Request *r) {
  *r = (MPI_Request)(void *)dummy_handle;
  return MPI_SUCCESS;
}
int MPI_Recv_init(void *b, int n, MPI_Datatype t, int src, int tag, MPI_Comm c, MPI_Request *r) {
  *r = (MPI_Request)(void *)dummy_handle;
  return MPI_SUCCESS;
}
int MPI_Startall(int n, MPI_Request r[]) { return MPI_SUCCESS; }
int MPI_Waitall(int n, MPI_Request r[], MPI_Status s[]) { return MPI_SUCCESS; }
int MPI_Request_free(MPI_Request *r) { *r = MPI_REQUEST_NULL; return MPI_SUCCESS; }

int MPI_Get_address(const void *p, MPI_Aint *a) { *a = (MPI_Aint)p; return MPI_SUCCESS; }
static int new_type(MPI_Datatype *t) {
  *t = (MPI_Datatype)(void *)(dummy_handle + 1);
  return MPI_SUCCESS;
}
int MPI_Type_commit(MPI_Datatype *t) { return MPI_SUCCESS; }
int MPI_Type_free(MPI_Datatype *t) { *t = MPI_DATATYPE_NULL; return MPI_SUCCESS; }
int MPI_Type_contiguous(int n, MPI_Datatype o, MPI_Datatype *t) { return new_type(t); }
int MPI_Type_vector(int n, int b, int s, MPI_Datatype o, MPI_Datatype *t) { return new_type(t); }
int MPI_Type_create_hvector(int n, int b, MPI_Aint s, MPI_Datatype o, MPI_Datatype *t) {
  return new_type(t);
}
int MPI_Type_create_indexed_block(int n, int b, const int d[], MPI_Datatype o, MPI_Datatype *t) {
  return new_type(t);
}
int MPI_Type_create_hindexed_block(int n, int b, const MPI_Aint d[], MPI_Datatype o,
                                   MPI_Datatype *t) {
  return new_type(t);
}
int MPI_Type_create_struct(int n, const int b[], const MPI_Aint d[], const MPI_Datatype ts[],
                           MPI_Datatype *t) {
  return new_type(t);
}
int MPI_Type_create_subarray(int nd, const int sz[], const int sub[], const int st[], int order,
                             MPI_Datatype o, MPI_Datatype *t) {
  return new_type(t);
}
