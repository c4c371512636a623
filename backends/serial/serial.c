/* serial.c — the one-PE back end. With one PE a halo exchange has no
 * neighbours, so transfers carry no messages; a message addressed to this
 * PE itself (possible for wrap-around transfers) is a local copy at SR. */
#define _POSIX_C_SOURCE 199309L
#include "zplrt_comm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void s_init(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
}
static void s_finalize(void) { fflush(stdout); }
static int s_pe_id(void) { return 0; }
static int s_pe_count(void) { return 1; }
static void s_barrier(void) {}
static void s_allreduce(void *inout, int count, int type, int op) {
  (void)inout;
  (void)count;
  (void)type;
  (void)op;
}
static void s_broadcast(void *buf, size_t bytes, int root) {
  (void)buf;
  (void)bytes;
  (void)root;
}
static void s_alltoallv(const void *sendbuf, const size_t *sendbytes, void *recvbuf,
                        const size_t *recvbytes) {
  if (sendbytes[0] != recvbytes[0])
    zrt_fail("internal: serial back end: all-to-all with mismatched sizes");
  if (sendbytes[0])
    memcpy(recvbuf, sendbuf, sendbytes[0]);
}
static void s_send(int dest, int tag, const void *buf, size_t bytes) {
  (void)dest;
  (void)tag;
  (void)buf;
  (void)bytes;
  zrt_fail("internal: serial back end cannot send a message");
}
static void s_recv(int src, int tag, void *buf, size_t bytes) {
  (void)src;
  (void)tag;
  (void)buf;
  (void)bytes;
  zrt_fail("internal: serial back end cannot receive a message");
}
static void s_dr(zrt_xfer *t) { (void)t; }
static void s_sr(zrt_xfer *t) {
  int nsend = zrt_xfer_send_count(t);
  if (nsend == 0)
    return;
  if (zrt_xfer_copy_to_self(t) != nsend)
    zrt_fail("internal: serial back end: transfer with a message to another PE");
}
static void s_dn(zrt_xfer *t) { zrt_xfer_finish_local(t); }
static void s_sv(zrt_xfer *t) { (void)t; }
static void *s_alloc(size_t bytes) { return calloc(1, bytes); }
static void s_free(void *p) { free(p); }
static void *s_grow(void *p, size_t bytes) { return realloc(p, bytes); }
static double s_clock(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
static void s_abort(int status) {
  fflush(stdout);
  fflush(stderr);
  exit(status);
}

static const zrt_backend serial_backend = {
    .name = "serial",
    .init = s_init,
    .finalize = s_finalize,
    .pe_id = s_pe_id,
    .pe_count = s_pe_count,
    .barrier = s_barrier,
    .allreduce = s_allreduce,
    .broadcast = s_broadcast,
    .alltoallv = s_alltoallv,
    .send = s_send,
    .recv = s_recv,
    .transfer_setup = NULL,
    .transfer_release = NULL,
    .dr = s_dr,
    .sr = s_sr,
    .dn = s_dn,
    .sv = s_sv,
    .sym_alloc = s_alloc,
    .sym_free = s_free,
    .sym_grow = s_grow,
    .clock = s_clock,
    .abort = s_abort,
    .accepts_option = NULL,
    .help = NULL,
};

const zrt_backend *zrt_backend_get(void) { return &serial_backend; }
