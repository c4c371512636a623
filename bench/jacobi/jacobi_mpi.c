/* jacobi_mpi.c: hand-written C+MPI Jacobi, the baseline for examples/jacobi.zpl.
 *
 * Same computation, floating-point order and output as the ZPL program (and
 * examples/reference/jacobi.c), with the data layout zplc's runtime uses:
 *
 *   - The bounding box of the program's regions is BigR = [0..n+1, 0..n+1]
 *     (N = n+2 indices per dimension). It is block-distributed over a P x Q
 *     grid of PEs, as square as possible with P <= Q (override with
 *     --grid=PxQ). PE (p, q) owns rows floor(p*N/P) .. floor((p+1)*N/P)-1
 *     and likewise for columns.
 *   - Each PE stores its block plus one ghost cell on every side, row-major
 *     doubles, for both A and Temp.
 *   - Per iteration: halo exchange of A with the four face neighbours
 *     (MPI_Irecv / MPI_Isend / MPI_Waitall; rows are sent in place, columns
 *     are packed into and unpacked from buffers), then over this PE's part
 *     of R: Temp = 4-point average of A, local max |Temp - A|; A = Temp;
 *     MPI_Allreduce(MAX) of the error.
 *   - The checksum sums this PE's part of R in row-major order, then
 *     MPI_Allreduce(SUM).
 *
 * What a careful hand coder would do and the straightforward compiled code
 * may not: the stencil and the error are computed in one loop. What it does
 * not do: swap A and Temp instead of copying (the program says A := Temp),
 * overlap communication with computation, or exchange corner cells (the
 * 4-point stencil does not read them).
 *
 * Options: --n=<int> (64), --maxit=<int> (100000), --grid=PxQ,
 *          --time (print the wall time of the iteration loop on stderr).
 * Bad options or a grid that does not match the PE count: one line on
 * stderr from rank 0, exit status 2.
 *
 * Build: mpicc -O3 -std=c11 -Wall -Werror -o jacobi_mpi jacobi_mpi.c -lm
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank = 0;

static void fail(const char *msg, const char *arg) {
  if (rank == 0) fprintf(stderr, "error: %s%s\n", msg, arg ? arg : "");
  MPI_Finalize();
  exit(2);
}

static int64_t parse_int(const char *opt, const char *text) {
  char *end = NULL;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0') fail(opt, text);
  return (int64_t)v;
}

/* Largest P <= sqrt(np) dividing np: the most square grid with P <= Q. */
static void default_grid(int np, int *P, int *Q) {
  int p = 1;
  for (int d = 1; (int64_t)d * d <= np; d++)
    if (np % d == 0) p = d;
  *P = p;
  *Q = np / p;
}

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int np;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &np);

  int64_t n = 64, maxit = 100000;
  const double eps = 1e-6;
  int P = 0, Q = 0, timing = 0;
  for (int a = 1; a < argc; a++) {
    const char *s = argv[a];
    if (strncmp(s, "--n=", 4) == 0) {
      n = parse_int("bad value for --n: ", s + 4);
    } else if (strncmp(s, "--maxit=", 8) == 0) {
      maxit = parse_int("bad value for --maxit: ", s + 8);
    } else if (strncmp(s, "--grid=", 7) == 0) {
      char extra;
      if (sscanf(s + 7, "%dx%d%c", &P, &Q, &extra) != 2 || P < 1 || Q < 1)
        fail("bad value for --grid (want PxQ): ", s + 7);
    } else if (strcmp(s, "--time") == 0) {
      timing = 1;
    } else {
      fail("unknown option ", s);
    }
  }
  if (n < 1) fail("--n must be at least 1", NULL);
  if (P == 0) default_grid(np, &P, &Q);
  if ((int64_t)P * Q != np) fail("--grid does not match the number of PEs", NULL);
  const int64_t N = n + 2;
  if (N < P || N < Q) fail("n is too small for the PE grid", NULL);

  /* This PE's grid position, block of BigR and neighbours. */
  const int gp = rank / Q, gq = rank % Q;
  const int64_t rlo = gp * N / P, rhi = (gp + 1) * N / P - 1;
  const int64_t clo = gq * N / Q, chi = (gq + 1) * N / Q - 1;
  const int north = gp > 0 ? rank - Q : MPI_PROC_NULL;
  const int south = gp < P - 1 ? rank + Q : MPI_PROC_NULL;
  const int west = gq > 0 ? rank - 1 : MPI_PROC_NULL;
  const int east = gq < Q - 1 ? rank + 1 : MPI_PROC_NULL;

  /* Local storage: rows rlo-1..rhi+1, columns clo-1..chi+1. */
  const int64_t ld = chi - clo + 3;
  const int64_t nrows = rhi - rlo + 3;
  double *A = calloc((size_t)(nrows * ld), sizeof *A);
  double *T = calloc((size_t)(nrows * ld), sizeof *T);
#define IX(i, j) (((i) - (rlo - 1)) * ld + ((j) - (clo - 1)))

  /* This PE's part of R = [1..n, 1..n] (may be empty). */
  const int64_t ilo = max64(rlo, 1), ihi = min64(rhi, n);
  const int64_t jlo = max64(clo, 1), jhi = min64(chi, n);
  const int64_t ni = ihi >= ilo ? ihi - ilo + 1 : 0;
  const int64_t nj = jhi >= jlo ? jhi - jlo + 1 : 0;

  /* Column buffers: the ghost column a neighbour needs spans its part of
   * R's rows, the same as ours (same grid row). */
  double *sendw = malloc((size_t)(ni + 1) * sizeof(double));
  double *sende = malloc((size_t)(ni + 1) * sizeof(double));
  double *recvw = malloc((size_t)(ni + 1) * sizeof(double));
  double *recve = malloc((size_t)(ni + 1) * sizeof(double));
  if (!A || !T || !sendw || !sende || !recvw || !recve)
    fail("n is too large for memory", NULL);

  /* [BigR] A := 0.0 (calloc);  [south of R] A := 1.0 on row n+1, cols 1..n. */
  if (rlo <= n + 1 && n + 1 <= rhi)
    for (int64_t j = jlo; j <= jhi; j++) A[IX(n + 1, j)] = 1.0;

  /* Rows sent and received: the columns of R in this grid column. */
  enum { TAG_N = 1, TAG_S, TAG_W, TAG_E };
  const int row_len = (int)nj, col_len = (int)ni;

  MPI_Barrier(MPI_COMM_WORLD);
  const double t0 = MPI_Wtime();
  int64_t it = 0;
  double err;
  do {
    /* Halo exchange of A. */
    MPI_Request req[8];
    int nr = 0;
    if (row_len > 0) {
      MPI_Irecv(&A[IX(rlo - 1, jlo)], row_len, MPI_DOUBLE, north, TAG_S, MPI_COMM_WORLD, &req[nr++]);
      MPI_Irecv(&A[IX(rhi + 1, jlo)], row_len, MPI_DOUBLE, south, TAG_N, MPI_COMM_WORLD, &req[nr++]);
    }
    if (col_len > 0) {
      MPI_Irecv(recvw, col_len, MPI_DOUBLE, west, TAG_E, MPI_COMM_WORLD, &req[nr++]);
      MPI_Irecv(recve, col_len, MPI_DOUBLE, east, TAG_W, MPI_COMM_WORLD, &req[nr++]);
    }
    if (row_len > 0) {
      MPI_Isend(&A[IX(rlo, jlo)], row_len, MPI_DOUBLE, north, TAG_N, MPI_COMM_WORLD, &req[nr++]);
      MPI_Isend(&A[IX(rhi, jlo)], row_len, MPI_DOUBLE, south, TAG_S, MPI_COMM_WORLD, &req[nr++]);
    }
    if (col_len > 0) {
      if (west != MPI_PROC_NULL)
        for (int64_t i = ilo; i <= ihi; i++) sendw[i - ilo] = A[IX(i, clo)];
      if (east != MPI_PROC_NULL)
        for (int64_t i = ilo; i <= ihi; i++) sende[i - ilo] = A[IX(i, chi)];
      MPI_Isend(sendw, col_len, MPI_DOUBLE, west, TAG_W, MPI_COMM_WORLD, &req[nr++]);
      MPI_Isend(sende, col_len, MPI_DOUBLE, east, TAG_E, MPI_COMM_WORLD, &req[nr++]);
    }
    MPI_Waitall(nr, req, MPI_STATUSES_IGNORE);
    if (col_len > 0) {
      if (west != MPI_PROC_NULL)
        for (int64_t i = ilo; i <= ihi; i++) A[IX(i, clo - 1)] = recvw[i - ilo];
      if (east != MPI_PROC_NULL)
        for (int64_t i = ilo; i <= ihi; i++) A[IX(i, chi + 1)] = recve[i - ilo];
    }

    /* Temp := (A@north + A@east + A@south + A@west) / 4.0 and the local
     * max |Temp - A|, over this PE's part of R. */
    double lerr = 0.0; /* every |Temp - A| >= 0: 0 is neutral */
    for (int64_t i = ilo; i <= ihi; i++) {
      const double *an = &A[IX(i - 1, jlo)], *ac = &A[IX(i, jlo)], *as = &A[IX(i + 1, jlo)];
      double *tc = &T[IX(i, jlo)];
      for (int64_t k = 0; k < nj; k++) {
        const double t = (an[k] + ac[k + 1] + as[k] + ac[k - 1]) / 4.0;
        const double d = fabs(t - ac[k]);
        tc[k] = t;
        if (d > lerr) lerr = d;
      }
    }
    /* A := Temp. */
    for (int64_t i = ilo; i <= ihi; i++)
      if (nj > 0) memcpy(&A[IX(i, jlo)], &T[IX(i, jlo)], (size_t)nj * sizeof(double));
    MPI_Allreduce(&lerr, &err, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    it += 1;
  } while (!(err < eps || it >= maxit));
  const double t1 = MPI_Wtime();

  double lsum = 0.0, total;
  for (int64_t i = ilo; i <= ihi; i++)
    for (int64_t j = jlo; j <= jhi; j++) lsum += A[IX(i, j)];
  MPI_Allreduce(&lsum, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);

  if (rank == 0) {
    printf("iterations: %" PRId64 " err: %.3e\n", it, err);
    printf("sum: %.6f\n", total);
    if (timing)
      fprintf(stderr, "jacobi_mpi: %dx%d PEs, n=%" PRId64 ", %" PRId64 " iterations, %.6f s\n",
              P, Q, n, it, t1 - t0);
  }
#undef IX
  free(A);
  free(T);
  free(sendw);
  free(sende);
  free(recvw);
  free(recve);
  MPI_Finalize();
  return 0;
}
