/* charge.c — operation counts of array statements (zrt_charge), handed to
 * back ends that model computation time. */
#include "zplrt_internal.h"

/* This PE's indices of r (flood dimensions not counted). */
static int64_t local_elements(zrt_region r) {
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
  return elements;
}

static void charge_elements(zrt_region r, int64_t elements, const zrt_op_counts *c) {
  int inner = (int)r.rank - 1;
  while (inner > 0 && zrt_is_flood(&r, inner))
    --inner;
  zrt_g.be->compute(elements, zrt_step(&r, inner) > 1, c);
}

void zrt_charge(zrt_region r, int64_t ops, int64_t divs, int64_t calls, int64_t loads,
                int64_t cached, int64_t stores) {
  if (!zrt_g.be->compute)
    return;
  zrt_op_counts c = {ops, divs, calls, loads, cached, stores};
  charge_elements(r, local_elements(r), &c);
}

void zrt_charge_part(zrt_region r, int64_t interior, int64_t below0, int64_t above0,
                     int64_t below1, int64_t above1, int64_t below2, int64_t above2,
                     int64_t ops, int64_t divs, int64_t calls, int64_t loads, int64_t cached,
                     int64_t stores) {
  if (!zrt_g.be->compute)
    return;
  const int64_t below[ZRT_MAX_RANK] = {below0, below1, below2};
  const int64_t above[ZRT_MAX_RANK] = {above0, above1, above2};
  int64_t inner = zrt_inner_elements(r, below, above);
  zrt_op_counts c = {ops, divs, calls, loads, cached, stores};
  charge_elements(r, interior ? inner : local_elements(r) - inner, &c);
}
