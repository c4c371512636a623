/* jacobi_expert.c: examples/jacobi.zpl as an expert writes it in C + MPI.
 *
 * The same computation, output and data layout as the ZPL program compiled
 * by zplc (so the checksum adds in the same order): BigR = [0..n+1, 0..n+1]
 * is block-distributed over a near-square P x Q grid of PEs (P <= Q,
 * --grid=PxQ to override), the first (N mod P) blocks one row longer, each
 * block stored row-major with one ghost cell on every side.
 *
 * What makes it fast, compared with bench/jacobi/jacobi_mpi.c:
 *   - restrict pointers and one unit-stride inner loop per row;
 *   - a max reduction GCC vectorises: every |Temp - A| is >= +0 and not a
 *     NaN, and for such doubles the order of the values is the order of
 *     their bit patterns read as signed 64-bit integers, so the loop keeps
 *     the integer maximum (a vector max reduction without -ffast-math),
 *     converted back once per sweep: the same value, bit for bit;
 *   - A := Temp is a pointer swap: both arrays hold the fixed boundary
 *     values, and each sweep writes all of R in the other one;
 *   - the halo exchange is overlapped with the interior: receives and sends
 *     are posted, the cells that read no ghost cell are computed, then the
 *     strips next to the neighbours once the messages are in;
 *   - built with -O3 -march=native (bench/peers/run.sh).
 *
 * Options: --n=<int> (64), --maxit=<int> (100000), --grid=PxQ, --time (the
 * wall time of the iteration loop on stderr: "loop_seconds <s>", and of
 * everything from the allocation of the arrays to the output:
 * "main_seconds <s>").
 * Bad options: one line on stderr from rank 0, exit status 2.
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

/* Block p of P over 0..N-1, the first N mod P blocks one longer. */
static void block(int64_t N, int64_t P, int64_t p, int64_t *lo, int64_t *hi) {
  const int64_t q = N / P, r = N % P;
  *lo = p * q + (p < r ? p : r);
  *hi = *lo + q + (p < r ? 1 : 0) - 1;
}

/* The bits of a double >= +0 as an integer, and back. */
static inline int64_t order_bits(double d) {
  int64_t b;
  memcpy(&b, &d, sizeof b);
  return b;
}
static inline double from_bits(int64_t b) {
  double d;
  memcpy(&d, &b, sizeof d);
  return d;
}

/* One row piece: t[k] = (n[k] + c[k+1] + s[k] + c[k-1]) / 4 for k in
 * [0, len), in the ZPL program's order (north, east, south, west); returns
 * max(m, bits of every |t[k] - c[k]|). */
static int64_t row(const double *restrict n, const double *restrict c, const double *restrict s,
                   double *restrict t, int64_t len, int64_t m) {
  for (int64_t k = 0; k < len; k++) {
    const double v = (n[k] + c[k + 1] + s[k] + c[k - 1]) / 4.0;
    const int64_t d = order_bits(fabs(v - c[k]));
    t[k] = v;
    m = d > m ? d : m;
  }
  return m;
}

/* The local array: rows rlo-1..rhi+1, columns clo-1..chi+1, leading
 * dimension ld. */
typedef struct {
  int64_t rlo, clo, ld;
} layout;

static inline int64_t ix(const layout *L, int64_t i, int64_t j) {
  return (i - (L->rlo - 1)) * L->ld + (j - (L->clo - 1));
}

/* Rows i0..i1, columns j0..j1 of Temp from A. */
static int64_t sweep(const layout *L, const double *restrict A, double *restrict T, int64_t i0,
                     int64_t i1, int64_t j0, int64_t j1, int64_t m) {
  if (j1 < j0) return m;
  for (int64_t i = i0; i <= i1; i++)
    m = row(&A[ix(L, i - 1, j0)], &A[ix(L, i, j0)], &A[ix(L, i + 1, j0)], &T[ix(L, i, j0)],
            j1 - j0 + 1, m);
  return m;
}

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
  if (P == 0) {
    P = 1;
    for (int d = 1; d * d <= np; d++)
      if (np % d == 0) P = d;
    Q = np / P;
  }
  if (P * Q != np) fail("--grid does not match the number of PEs", NULL);
  const int64_t N = n + 2;
  if (N < P || N < Q) fail("n is too small for the PE grid", NULL);

  const int gp = rank / Q, gq = rank % Q;
  int64_t rlo, rhi, clo, chi;
  block(N, P, gp, &rlo, &rhi);
  block(N, Q, gq, &clo, &chi);
  const int north = gp > 0 ? rank - Q : MPI_PROC_NULL;
  const int south = gp < P - 1 ? rank + Q : MPI_PROC_NULL;
  const int west = gq > 0 ? rank - 1 : MPI_PROC_NULL;
  const int east = gq < Q - 1 ? rank + 1 : MPI_PROC_NULL;

  const layout L = {rlo, clo, chi - clo + 3};
  const size_t cells = (size_t)((rhi - rlo + 3) * L.ld);
  /* main_seconds: from here (storage, set-up, loop, reductions, output),
   * the span of a zplc program's stats.total_seconds. */
  const double tm0 = MPI_Wtime();
  double *A = calloc(cells, sizeof *A), *T = calloc(cells, sizeof *T);

  /* This PE's part of R = [1..n, 1..n] (may be empty). */
  const int64_t ilo = rlo > 1 ? rlo : 1, ihi = rhi < n ? rhi : n;
  const int64_t jlo = clo > 1 ? clo : 1, jhi = chi < n ? chi : n;
  const int64_t ni = ihi >= ilo ? ihi - ilo + 1 : 0, nj = jhi >= jlo ? jhi - jlo + 1 : 0;
  double *colbuf = malloc((size_t)(4 * (ni + 1)) * sizeof(double));
  if (!A || !T || !colbuf) fail("n is too large for memory", NULL);
  double *sendw = colbuf, *sende = colbuf + ni + 1, *recvw = sende + ni + 1,
         *recve = recvw + ni + 1;

  /* [south of R] A := 1.0, in both arrays: after a swap Temp is A. */
  if (rlo <= n + 1 && n + 1 <= rhi)
    for (int64_t j = jlo; j <= jhi; j++) A[ix(&L, n + 1, j)] = T[ix(&L, n + 1, j)] = 1.0;

  /* Cells whose stencil reads no ghost cell a neighbour sends. */
  const int64_t iin0 = ilo + (north != MPI_PROC_NULL), iin1 = ihi - (south != MPI_PROC_NULL);
  const int64_t jin0 = jlo + (west != MPI_PROC_NULL), jin1 = jhi - (east != MPI_PROC_NULL);
  enum { TAG_N = 1, TAG_S, TAG_W, TAG_E };
  const int rowlen = (int)nj, collen = (int)ni;

  MPI_Barrier(MPI_COMM_WORLD);
  const double t0 = MPI_Wtime();
  int64_t it = 0;
  double err;
  do {
    MPI_Request req[8];
    int nr = 0;
    if (nj > 0) { /* rows in place */
      MPI_Irecv(&A[ix(&L, rlo - 1, jlo)], rowlen, MPI_DOUBLE, north, TAG_S, MPI_COMM_WORLD, &req[nr++]);
      MPI_Irecv(&A[ix(&L, rhi + 1, jlo)], rowlen, MPI_DOUBLE, south, TAG_N, MPI_COMM_WORLD, &req[nr++]);
      MPI_Isend(&A[ix(&L, rlo, jlo)], rowlen, MPI_DOUBLE, north, TAG_N, MPI_COMM_WORLD, &req[nr++]);
      MPI_Isend(&A[ix(&L, rhi, jlo)], rowlen, MPI_DOUBLE, south, TAG_S, MPI_COMM_WORLD, &req[nr++]);
    }
    if (ni > 0) { /* columns through buffers */
      MPI_Irecv(recvw, collen, MPI_DOUBLE, west, TAG_E, MPI_COMM_WORLD, &req[nr++]);
      MPI_Irecv(recve, collen, MPI_DOUBLE, east, TAG_W, MPI_COMM_WORLD, &req[nr++]);
      if (west != MPI_PROC_NULL)
        for (int64_t i = ilo; i <= ihi; i++) sendw[i - ilo] = A[ix(&L, i, clo)];
      if (east != MPI_PROC_NULL)
        for (int64_t i = ilo; i <= ihi; i++) sende[i - ilo] = A[ix(&L, i, chi)];
      MPI_Isend(sendw, collen, MPI_DOUBLE, west, TAG_W, MPI_COMM_WORLD, &req[nr++]);
      MPI_Isend(sende, collen, MPI_DOUBLE, east, TAG_E, MPI_COMM_WORLD, &req[nr++]);
    }
    /* The interior while the halo is in flight. */
    int64_t m = sweep(&L, A, T, iin0, iin1, jin0, jin1, 0);
    MPI_Waitall(nr, req, MPI_STATUSES_IGNORE);
    if (west != MPI_PROC_NULL)
      for (int64_t i = ilo; i <= ihi; i++) A[ix(&L, i, clo - 1)] = recvw[i - ilo];
    if (east != MPI_PROC_NULL)
      for (int64_t i = ilo; i <= ihi; i++) A[ix(&L, i, chi + 1)] = recve[i - ilo];
    /* The strips next to the neighbours (none if R has no cell here). */
    if (ni > 0 && nj > 0) {
      if (iin0 > ilo) m = sweep(&L, A, T, ilo, ilo, jlo, jhi, m);
      if (iin1 < ihi && !(iin0 > ilo && ihi == ilo)) m = sweep(&L, A, T, ihi, ihi, jlo, jhi, m);
      const int64_t s0 = iin0 > ilo ? ilo + 1 : ilo, s1 = iin1 < ihi ? ihi - 1 : ihi;
      if (jin0 > jlo) m = sweep(&L, A, T, s0, s1, jlo, jlo, m);
      if (jin1 < jhi && !(jin0 > jlo && jhi == jlo)) m = sweep(&L, A, T, s0, s1, jhi, jhi, m);
    }
    /* A := Temp. */
    double *swap = A;
    A = T;
    T = swap;
    const double lerr = from_bits(m);
    MPI_Allreduce(&lerr, &err, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    it += 1;
  } while (!(err < eps || it >= maxit));
  const double t1 = MPI_Wtime();

  double lsum = 0.0, total;
  for (int64_t i = ilo; i <= ihi; i++)
    for (int64_t j = jlo; j <= jhi; j++) lsum += A[ix(&L, i, j)];
  MPI_Allreduce(&lsum, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);

  if (rank == 0) {
    printf("iterations: %" PRId64 " err: %.3e\n", it, err);
    printf("sum: %.6f\n", total);
    if (timing) fprintf(stderr, "loop_seconds %.6f\n", t1 - t0);
    if (timing) fprintf(stderr, "main_seconds %.6f\n", MPI_Wtime() - tm0);
  }
  free(A);
  free(T);
  free(colbuf);
  MPI_Finalize();
  return 0;
}
