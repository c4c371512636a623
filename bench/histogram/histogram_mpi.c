/* histogram_mpi.c: the histogram of histogram.zpl written by hand in C+MPI,
 * as NAS IS exchanges its keys: each rank computes the keys of its block of
 * points, counts the keys of bins it owns in place, buckets the others by
 * owning rank (a counting sort), exchanges them with one MPI_Alltoallv and
 * counts what it receives. Bins and points are blocked like zplc blocks a
 * rank-1 region. Prints the same check value. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int64_t arg(int argc, char **argv, const char *name, int64_t dflt) {
  size_t len = strlen(name);
  for (int i = 1; i < argc; ++i)
    if (strncmp(argv[i], name, len) == 0 && argv[i][len] == '=')
      return atoll(argv[i] + len + 1);
  return dflt;
}

/* The first index of block p of 1..total over np ranks (as zplc's block). */
static int64_t block_lo(int64_t total, int np, int p) { return 1 + total * p / np; }

static int owner_of(int64_t x, int64_t total, int np) {
  int p = (int)((x - 1) * np / total);
  while (p + 1 < np && block_lo(total, np, p + 1) <= x)
    ++p;
  while (p > 0 && block_lo(total, np, p) > x)
    --p;
  return p;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int me, np;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  int64_t n = arg(argc, argv, "--n", 4194304), nb = arg(argc, argv, "--nb", 1048576);
  int64_t steps = arg(argc, argv, "--steps", 10);
  int64_t lo = block_lo(n, np, me), hi = block_lo(n, np, me + 1) - 1;
  int64_t blo = block_lo(nb, np, me), bhi = block_lo(nb, np, me + 1) - 1;
  int64_t *count = calloc((size_t)(bhi - blo + 1), sizeof *count);
  int64_t *keys = malloc((size_t)(hi - lo + 1) * sizeof *keys);
  int64_t *sorted = malloc((size_t)(hi - lo + 1) * sizeof *sorted);
  int *sendn = calloc((size_t)np, sizeof(int)), *recvn = calloc((size_t)np, sizeof(int));
  int *sdisp = calloc((size_t)np + 1, sizeof(int)), *rdisp = calloc((size_t)np + 1, sizeof(int));
  double t0 = MPI_Wtime();
  for (int64_t s = 1; s <= steps; ++s) {
    memset(sendn, 0, (size_t)np * sizeof(int));
    for (int64_t i = lo; i <= hi; ++i) {
      int64_t k = (i * 40503 + s * 977) % nb + 1;
      keys[i - lo] = k;
      ++sendn[np == 1 ? 0 : owner_of(k, nb, np)];
    }
    sdisp[0] = 0;
    for (int p = 0; p < np; ++p)
      sdisp[p + 1] = sdisp[p] + sendn[p];
    int *at = calloc((size_t)np, sizeof(int));
    for (int64_t i = 0; i <= hi - lo; ++i) {
      int p = np == 1 ? 0 : owner_of(keys[i], nb, np);
      sorted[sdisp[p] + at[p]++] = keys[i];
    }
    free(at);
    MPI_Alltoall(sendn, 1, MPI_INT, recvn, 1, MPI_INT, MPI_COMM_WORLD);
    rdisp[0] = 0;
    for (int p = 0; p < np; ++p)
      rdisp[p + 1] = rdisp[p] + recvn[p];
    int64_t *got = malloc((size_t)(rdisp[np] ? rdisp[np] : 1) * sizeof *got);
    MPI_Alltoallv(sorted, sendn, sdisp, MPI_INT64_T, got, recvn, rdisp, MPI_INT64_T,
                  MPI_COMM_WORLD);
    for (int i = 0; i < rdisp[np]; ++i)
      ++count[got[i] - blo];
    free(got);
  }
  int64_t check = 0, all = 0;
  for (int64_t b = blo; b <= bhi; ++b)
    check += count[b - blo] * (b % 7);
  MPI_Reduce(&check, &all, 1, MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  double seconds = MPI_Wtime() - t0;
  if (me == 0) {
    printf("check %lld\n", (long long)all);
    fprintf(stderr, "loop_seconds %.6f\n", seconds);
  }
  free(count); free(keys); free(sorted); free(sendn); free(recvn); free(sdisp); free(rdisp);
  MPI_Finalize();
  return 0;
}
