/* state.c — the runtime state of this PE (zrt_g), the lowest layer: every
 * other file may read and write it, none of its users is called from here. */
#include "zplrt_internal.h"

ZRT_PE_LOCAL zrt_state zrt_g;
