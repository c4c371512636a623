/* stats.c — the communication statistics printed after the program's
 * output (--stats), summed or maximised over all PEs. */
#include "zplrt_internal.h"

#include <stdio.h>

void zrt_stats_report(double seconds) {
  int64_t sums[11] = {zrt_g.n_transfers, zrt_g.n_messages, zrt_g.n_bytes, zrt_g.n_msg_packed,
                      zrt_g.n_msg_chained};
  for (int p = 0; p < 3; ++p) {
    sums[5 + p] = zrt_g.n_msg_pattern[p];
    sums[8 + p] = zrt_g.n_bytes_pattern[p];
  }
  double maxes[2] = {zrt_g.comm_seconds, seconds};
  int64_t inspections = zrt_g.n_remap_inspections; /* collective: the same on every PE */
  zrt_g.be->allreduce(sums, 11, ZRT_I64, ZRT_SUM);
  zrt_g.be->allreduce(maxes, 2, ZRT_F64, ZRT_MAX);
  zrt_g.be->allreduce(&inspections, 1, ZRT_I64, ZRT_MAX);
  int64_t direct = zrt_g.n_remap_direct; /* collective too */
  int64_t io[2] = {zrt_g.n_io_messages, zrt_g.n_io_bytes};
  zrt_g.be->allreduce(io, 2, ZRT_I64, ZRT_SUM);
  if (zrt_g.me == 0) {
    printf("stats.transfers %lld\n", (long long)sums[0]);
    printf("stats.messages %lld\n", (long long)sums[1]);
    printf("stats.messages.packed %lld\n", (long long)sums[3]);
    printf("stats.messages.chained %lld\n", (long long)sums[4]);
    static const char *const pattern_names[3] = {"contiguous", "strided", "indexed"};
    for (int p = 0; p < 3; ++p)
      printf("stats.messages.%s %lld\n", pattern_names[p], (long long)sums[5 + p]);
    printf("stats.bytes %lld\n", (long long)sums[2]);
    for (int p = 0; p < 3; ++p)
      printf("stats.bytes.%s %lld\n", pattern_names[p], (long long)sums[8 + p]);
    printf("stats.remap.inspections %lld\n", (long long)inspections);
    if (direct > 0)
      printf("stats.remap.direct %lld\n", (long long)direct);
    if (io[0] > 0) {
      printf("stats.io.messages %lld\n", (long long)io[0]);
      printf("stats.io.bytes %lld\n", (long long)io[1]);
    }
    printf("stats.comm_seconds %.6f\n", maxes[0]);
    printf("stats.total_seconds %.6f\n", maxes[1]);
    printf("stats.pes %d\n", zrt_g.npes);
  }
}
