/* strategy_wrap.h — runs an ABI test program (jacobi_abi.c, stencil3d_abi.c,
 * boundary_abi.c) with a transfer strategy: every im_halo / im_wrap /
 * im_reflect is followed by im_strategy, as generated code does, with the
 * strategy named by the environment variable ZPLRT_TEST_STRATEGY:
 *   packed     IM_PACKED for every transfer (the default)
 *   chained    IM_CHAINED for every transfer
 *   alternate  the strategy flips on every call, so cached handles switch
 *              back and forth between their packed and chained requests.
 * The program's output must be identical under all three (and equal to the
 * serial run's). Include this first, then the program's .c file. */
#ifndef STRATEGY_WRAP_H
#define STRATEGY_WRAP_H

#include "ironman.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int64_t strategy_next(void) {
  static int mode = -1; /* 0 packed, 1 chained, 2 alternate */
  static int64_t flip = 0;
  if (mode < 0) {
    const char *s = getenv("ZPLRT_TEST_STRATEGY");
    mode = !s || !*s || strcmp(s, "packed") == 0 ? 0
           : strcmp(s, "chained") == 0           ? 1
           : strcmp(s, "alternate") == 0         ? 2
                                                 : -2;
    if (mode == -2) {
      fprintf(stderr, "bad ZPLRT_TEST_STRATEGY '%s' (packed, chained, alternate)\n", s);
      exit(3);
    }
  }
  if (mode == 2)
    return (flip++ & 1) ? IM_CHAINED : IM_PACKED;
  return mode == 1 ? IM_CHAINED : IM_PACKED;
}

static inline im_transfer *strategy_halo(im_transfer *c, int64_t id, zrt_array *a, zrt_region r,
                                         int64_t d0, int64_t d1, int64_t d2) {
  im_transfer *t = im_halo(c, id, a, r, d0, d1, d2);
  im_strategy(t, strategy_next());
  return t;
}
static inline im_transfer *strategy_wrap(im_transfer *c, int64_t id, zrt_array *a, zrt_region r,
                                         int64_t d0, int64_t d1, int64_t d2) {
  im_transfer *t = im_wrap(c, id, a, r, d0, d1, d2);
  im_strategy(t, strategy_next());
  return t;
}
static inline im_transfer *strategy_reflect(im_transfer *c, int64_t id, zrt_array *a,
                                            zrt_region r, int64_t d0, int64_t d1, int64_t d2) {
  im_transfer *t = im_reflect(c, id, a, r, d0, d1, d2);
  im_strategy(t, strategy_next());
  return t;
}

#define im_halo strategy_halo
#define im_wrap strategy_wrap
#define im_reflect strategy_reflect

#endif
