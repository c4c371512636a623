/* comm.c — the narrow back-end interface (zplrt_comm.h): a back end's view
 * of transfer handles and messages, read from the runtime's structures
 * (zplrt_backend.h), which back ends do not see. Everything here that
 * depends on a transfer's kind stays on this side of the interface. */
#include "zplrt_internal.h"

int64_t zrt_xfer_id(const zrt_xfer *t) { return t->id; }
const char *zrt_xfer_array_name(const zrt_xfer *t) {
  return t->a && t->a->name ? t->a->name : "?";
}
int zrt_xfer_recv_count(const zrt_xfer *t) { return t->nrecv; }
int zrt_xfer_send_count(const zrt_xfer *t) { return t->nsend; }
zrt_xmsg *zrt_xfer_recv(zrt_xfer *t, int i) { return &t->recv[i]; }
zrt_xmsg *zrt_xfer_send(zrt_xfer *t, int i) { return &t->send[i]; }

bool zrt_xfer_all_to_all(const zrt_xfer *t) {
  return t->kind == ZRT_XFER_TRANSPOSE || t->kind == ZRT_XFER_REMAP || t->kind == ZRT_XFER_REDIST;
}

bool zrt_xfer_chained(const zrt_xfer *t) { return t->strategy == IM_CHAINED; }
void zrt_xfer_set_chained(zrt_xfer *t, bool chained) {
  t->strategy = chained ? IM_CHAINED : IM_PACKED;
}
void *zrt_xfer_state(const zrt_xfer *t) { return t->be; }
void zrt_xfer_set_state(zrt_xfer *t, void *state) { t->be = state; }

void zrt_xfer_pack_sends(zrt_xfer *t, bool all) { zrt_transfer_pack_sends(t, all); }
void zrt_xfer_unpack_recvs(zrt_xfer *t, bool all) { zrt_transfer_unpack_recvs(t, all); }
int zrt_xfer_copy_to_self(zrt_xfer *t) { return zrt_transfer_local_copies(t); }
void zrt_xfer_finish_local(zrt_xfer *t) {
  if (t->kind_unpack) /* an accumulating scatter combines its contributions */
    t->kind_unpack(t);
}

int zrt_xmsg_peer(const zrt_xmsg *m) { return (int)m->peer; }
int zrt_xmsg_tag(const zrt_xmsg *m) { return m->tag; }
size_t zrt_xmsg_bytes(const zrt_xmsg *m) { return m->bytes; }
bool zrt_xmsg_contiguous(const zrt_xmsg *m) { return m->contiguous; }
void *zrt_xmsg_data(const zrt_xmsg *m) { return m->contiguous ? m->ptr : m->buf; }
bool zrt_xmsg_chainable(const zrt_xfer *t, const zrt_xmsg *m) { return zrt_msg_chainable(t, m); }
bool zrt_xmsg_buffered(const zrt_xfer *t, const zrt_xmsg *m) { return zrt_msg_buffered(t, m); }

/* A combined transfer's message is the concatenation of its members'
 * messages (its pieces): one part each. Other messages are one part, whose
 * pieces (a tiled distribution's sections for one peer) are sections. */
static bool combined_parts(const zrt_xfer *t, const zrt_xmsg *m) {
  return t->kind == ZRT_XFER_COMBINED && m->npieces > 0;
}

int zrt_xmsg_parts(const zrt_xfer *t, const zrt_xmsg *m) {
  return combined_parts(t, m) ? m->npieces : 1;
}

/* Part `part` of m, and the array its sections lie in unless they name
 * their own. */
static const zrt_msg *part_of(const zrt_xfer *t, const zrt_xmsg *m, int part,
                              const zrt_array **arr) {
  *arr = m->arr ? m->arr : t->a;
  if (!combined_parts(t, m))
    return m;
  const zrt_msg *p = &m->pieces[part];
  *arr = p->arr ? p->arr : *arr;
  return p;
}

size_t zrt_xmsg_part_bytes(const zrt_xfer *t, const zrt_xmsg *m, int part) {
  const zrt_array *arr;
  return part_of(t, m, part, &arr)->bytes;
}

int zrt_xmsg_sections(const zrt_xfer *t, const zrt_xmsg *m, int part) {
  const zrt_array *arr;
  const zrt_msg *p = part_of(t, m, part, &arr);
  return p->npieces ? p->npieces : 1;
}

zrt_piece zrt_xmsg_section(const zrt_xfer *t, const zrt_xmsg *m, int part, int i) {
  const zrt_array *arr;
  const zrt_msg *s = part_of(t, m, part, &arr);
  if (s->npieces) {
    s = &s->pieces[i];
    arr = s->arr ? s->arr : arr;
  }
  zrt_piece sec = {
      .base = arr->base,
      .layout = arr->layout,
      .box = s->lbox,
      .contiguous = s->contiguous,
      .at = s->ptr,
      .bytes = s->bytes,
      .mirror = s->mirror,
      .idx = s->idx,
      .nidx = s->nidx,
  };
  return sec;
}
