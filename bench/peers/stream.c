/* stream.c: a STREAM-like copy bandwidth for bench/peers/run.sh's roofline.
 *
 *   mpirun -np P stream --bytes=B [--reps=R]
 *
 * Every rank copies b[i] = a[i] over two arrays of B/(2P) bytes each (the
 * footprint of all ranks together is B, like the kernel it bounds), R
 * times (default 20) between barriers; prints on rank 0 the best rate over
 * the repetitions in bytes per second, counting 16 bytes per element (one
 * read, one write, as STREAM's copy does), summed over the ranks:
 *   copy_bytes_per_second <rate>
 * The arrays are written once before timing, so no page faults are timed.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, np;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  long long bytes = 0, reps = 20;
  for (int i = 1; i < argc; i++) {
    if (strncmp(argv[i], "--bytes=", 8) == 0) bytes = atoll(argv[i] + 8);
    else if (strncmp(argv[i], "--reps=", 7) == 0) reps = atoll(argv[i] + 7);
    else bytes = -1;
  }
  if (bytes < 16 * np || reps < 1) {
    if (rank == 0) fprintf(stderr, "usage: stream --bytes=B [--reps=R]\n");
    MPI_Finalize();
    return 2;
  }
  const size_t count = (size_t)(bytes / (16 * np));
  double *a = malloc(count * sizeof *a), *b = malloc(count * sizeof *b);
  if (!a || !b) {
    fprintf(stderr, "stream: out of memory\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  for (size_t i = 0; i < count; i++) a[i] = (double)i, b[i] = 0.0;
  double best = 1e30;
  for (long long r = 0; r < reps; r++) {
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    memcpy(b, a, count * sizeof *a);
    const double mine = MPI_Wtime() - t0;
    double slowest;
    MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (slowest < best) best = slowest;
    a[r % count] += b[(r + 1) % count]; /* the copies are not dead */
  }
  if (rank == 0) printf("copy_bytes_per_second %.6e\n", 16.0 * (double)count * np / best);
  free(a);
  free(b);
  MPI_Finalize();
  return 0;
}
