/* includes_structures.c — a back-end source that reaches for the runtime's
 * structures: with ZRT_BACKEND_SOURCE (as back ends are compiled) this must
 * not compile (ctest narrow-backend-structures-refused). */
#include "zplrt_backend.h"

int zrt_msg_size(void) { return (int)sizeof(zrt_msg); }
