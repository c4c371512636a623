// Unit tests of the runtime pose as one PE of several: pose(me, npes)
// resets the runtime's state to that of PE `me` of `npes` on the serial
// back end (no --grid, configuration done), so that decompositions and
// arrays are computed as that PE would compute them.
#ifndef ZPLC_TESTSUITE_UNIT_POSE_H
#define ZPLC_TESTSUITE_UNIT_POSE_H

#include "zplrt_internal.h"

#include <cstring>

inline void pose(int me, int npes) {
  std::memset(&zrt_g, 0, sizeof zrt_g);
  zrt_g.be = zrt_backend_get();
  zrt_g.me = me;
  zrt_g.npes = npes;
  zrt_g.prog = "unit";
  zrt_g.config_done = true;
}

#endif
