/* charge.c — operation counts of array statements (zrt_charge), handed to
 * back ends that model computation time. */
#include "zplrt_internal.h"

void zrt_charge(zrt_region r, int64_t ops, int64_t divs, int64_t calls, int64_t loads,
                int64_t cached, int64_t stores) {
  if (!zrt_g.be->compute)
    return;
  const zrt_region *tiles = NULL;
  int64_t ntiles = zrt_local_tiles(r, &tiles);
  int64_t elements = 0;
  for (int64_t t = 0; t < ntiles; ++t) {
    int64_t n = 1;
    for (int k = 0; k < tiles[t].rank; ++k)
      if (!zrt_is_flood(&tiles[t], k))
        n *= zrt_lattice_count(&tiles[t], k);
    elements += n;
  }
  int inner = (int)r.rank - 1;
  while (inner > 0 && zrt_is_flood(&r, inner))
    --inner;
  zrt_op_counts c = {ops, divs, calls, loads, cached, stores};
  zrt_g.be->compute(elements, zrt_step(&r, inner) > 1, &c);
}
