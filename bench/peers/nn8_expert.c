/* nn8_expert.c: examples/nn8.zpl as an expert writes it in C + MPI.
 *
 * The 9-point update of an n x n integer array (64-bit, as ZPL's integer)
 * with a fixed boundary band: every iteration each PE exchanges edges with
 * its four face neighbours and single corner cells with its four diagonal
 * ones. Layout as zplc's runtime: Big = [0..n+1, 0..n+1] block-distributed
 * over a near-square P x Q grid (P <= Q, --grid=PxQ), the first N mod P
 * blocks one longer, row-major with one ghost cell on every side.
 *
 * What makes it fast:
 *   - restrict pointers, one unit-stride inner loop per row;
 *   - the modulo in 32-bit unsigned arithmetic, which GCC vectorises (AVX2
 *     has no 64-bit multiply-high): every value is below m = 65521, so the
 *     sum 15 (m - 1) + it is below 2^32 for any it < 2^31 (checked);
 *   - A := new A is a pointer swap (both arrays hold the boundary band);
 *   - all eight messages are in flight while the cells that read no ghost
 *     cell are computed; the strips next to the neighbours follow;
 *   - built with -O3 -march=native (bench/peers/run.sh).
 * Sums, max and min are exact integers: the output cannot depend on the
 * order of anything.
 *
 * Options: --n=<int> (16), --iters=<int> (1000), --show=<int> (4),
 * --grid=PxQ, --time ("loop_seconds <s>", the loop, and "main_seconds <s>", storage to
 * output, on stderr).
 */
#include <errno.h>
#include <inttypes.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { M = 65521 };
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

static void block(int64_t N, int64_t P, int64_t p, int64_t *lo, int64_t *hi) {
  const int64_t q = N / P, r = N % P;
  *lo = p * q + (p < r ? p : r);
  *hi = *lo + q + (p < r ? 1 : 0) - 1;
}

typedef struct {
  int64_t rlo, rhi, clo, chi, ld;
} layout;

static inline int64_t ix(const layout *L, int64_t i, int64_t j) {
  return (i - (L->rlo - 1)) * L->ld + (j - (L->clo - 1));
}

/* One row piece of the update; n, c, s point at the rows above, at and
 * below the first cell. */
static void row(const int64_t *restrict n, const int64_t *restrict c, const int64_t *restrict s,
                int64_t *restrict t, int64_t len, int64_t it) {
  for (int64_t k = 0; k < len; k++) {
    const uint32_t x = (uint32_t)(n[k] + s[k] + c[k + 1] + c[k - 1] +
                                  2 * (n[k + 1] + n[k - 1] + s[k + 1] + s[k - 1]) + 3 * c[k] + it);
    t[k] = x % (uint32_t)M;
  }
}

static void sweep(const layout *L, const int64_t *restrict A, int64_t *restrict T, int64_t i0,
                  int64_t i1, int64_t j0, int64_t j1, int64_t it) {
  if (j1 < j0) return;
  for (int64_t i = i0; i <= i1; i++)
    row(&A[ix(L, i - 1, j0)], &A[ix(L, i, j0)], &A[ix(L, i + 1, j0)], &T[ix(L, i, j0)],
        j1 - j0 + 1, it);
}

/* The halo of one direction (di, dj): the cells this PE sends, the ghost
 * cells it receives, and a buffer when they are a column. */
typedef struct {
  int peer;
  int64_t si0, si1, sj0, sj1; /* sent block */
  int64_t ri0, ri1, rj0, rj1; /* received block */
  int64_t *sbuf, *rbuf;       /* columns only */
} halo;

static int64_t span(int64_t lo, int64_t hi) { return hi >= lo ? hi - lo + 1 : 0; }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int np;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &np);

  int64_t n = 16, iters = 1000, show = 4;
  int P = 0, Q = 0, timing = 0;
  for (int a = 1; a < argc; a++) {
    const char *s = argv[a];
    if (strncmp(s, "--n=", 4) == 0) {
      n = parse_int("bad value for --n: ", s + 4);
    } else if (strncmp(s, "--iters=", 8) == 0) {
      iters = parse_int("bad value for --iters: ", s + 8);
    } else if (strncmp(s, "--show=", 7) == 0) {
      show = parse_int("bad value for --show: ", s + 7);
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
  if (n < 1 || show < 0 || show > n) fail("want n >= 1 and 0 <= show <= n", NULL);
  if (iters >= INT64_C(1) << 31) fail("--iters must be below 2^31", NULL);
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
  layout L;
  block(N, P, gp, &L.rlo, &L.rhi);
  block(N, Q, gq, &L.clo, &L.chi);
  L.ld = L.chi - L.clo + 3;
  const size_t cells = (size_t)((L.rhi - L.rlo + 3) * L.ld);
  /* main_seconds: from here (storage, set-up, loop, reductions, output),
   * the span of a zplc program's stats.total_seconds. */
  const double tm0 = MPI_Wtime();
  int64_t *A = calloc(cells, sizeof *A), *T = calloc(cells, sizeof *T);
  if (!A || !T) fail("n is too large for memory", NULL);

  /* [Big] A := (Index1 * 131 + Index2 * 71) % 1000; [R] A := ...; the
   * band in both arrays (after a swap T is A). */
  for (int64_t i = L.rlo; i <= L.rhi; i++)
    for (int64_t j = L.clo; j <= L.chi; j++) {
      const int in_r = i >= 1 && i <= n && j >= 1 && j <= n;
      A[ix(&L, i, j)] = in_r ? (i * j * 37 + i * 11 + j) % M : (i * 131 + j * 71) % 1000;
      T[ix(&L, i, j)] = A[ix(&L, i, j)];
    }

  /* The eight directions. Rows and corners go in place; columns through
   * buffers. */
  halo h[8];
  int nh = 0;
  for (int di = -1; di <= 1; di++)
    for (int dj = -1; dj <= 1; dj++) {
      const int pi = gp + di, pj = gq + dj;
      if ((di == 0 && dj == 0) || pi < 0 || pi >= P || pj < 0 || pj >= Q) continue;
      halo *x = &h[nh++];
      x->peer = pi * Q + pj;
      x->si0 = di < 0 ? L.rlo : di > 0 ? L.rhi : L.rlo;
      x->si1 = di < 0 ? L.rlo : di > 0 ? L.rhi : L.rhi;
      x->sj0 = dj < 0 ? L.clo : dj > 0 ? L.chi : L.clo;
      x->sj1 = dj < 0 ? L.clo : dj > 0 ? L.chi : L.chi;
      x->ri0 = di < 0 ? L.rlo - 1 : di > 0 ? L.rhi + 1 : L.rlo;
      x->ri1 = di < 0 ? L.rlo - 1 : di > 0 ? L.rhi + 1 : L.rhi;
      x->rj0 = dj < 0 ? L.clo - 1 : dj > 0 ? L.chi + 1 : L.clo;
      x->rj1 = dj < 0 ? L.clo - 1 : dj > 0 ? L.chi + 1 : L.chi;
      x->sbuf = x->rbuf = NULL;
      if (di == 0) {
        x->sbuf = malloc((size_t)span(L.rlo, L.rhi) * sizeof(int64_t));
        x->rbuf = malloc((size_t)span(L.rlo, L.rhi) * sizeof(int64_t));
        if (!x->sbuf || !x->rbuf) fail("out of memory", NULL);
      }
    }

  /* This PE's part of R and the cells that read no received ghost cell. */
  const int64_t ilo = L.rlo > 1 ? L.rlo : 1, ihi = L.rhi < n ? L.rhi : n;
  const int64_t jlo = L.clo > 1 ? L.clo : 1, jhi = L.chi < n ? L.chi : n;
  const int64_t iin0 = ilo + (gp > 0), iin1 = ihi - (gp < P - 1);
  const int64_t jin0 = jlo + (gq > 0), jin1 = jhi - (gq < Q - 1);
  const int any = ihi >= ilo && jhi >= jlo;

  MPI_Barrier(MPI_COMM_WORLD);
  const double t0 = MPI_Wtime();
  for (int64_t it = 1; it <= iters; it++) {
    MPI_Request req[16];
    int nr = 0;
    for (int k = 0; k < nh; k++) {
      halo *x = &h[k];
      const int tag = 0; /* one message per ordered pair of PEs */
      const int64_t rows = span(x->ri0, x->ri1), cols = span(x->rj0, x->rj1);
      if (x->rbuf)
        MPI_Irecv(x->rbuf, (int)rows, MPI_INT64_T, x->peer, tag, MPI_COMM_WORLD, &req[nr++]);
      else
        MPI_Irecv(&A[ix(&L, x->ri0, x->rj0)], (int)cols, MPI_INT64_T, x->peer, tag, MPI_COMM_WORLD,
                  &req[nr++]);
    }
    for (int k = 0; k < nh; k++) {
      halo *x = &h[k];
      if (x->sbuf) {
        for (int64_t i = x->si0; i <= x->si1; i++) x->sbuf[i - x->si0] = A[ix(&L, i, x->sj0)];
        MPI_Isend(x->sbuf, (int)span(x->si0, x->si1), MPI_INT64_T, x->peer, 0, MPI_COMM_WORLD,
                  &req[nr++]);
      } else {
        MPI_Isend(&A[ix(&L, x->si0, x->sj0)], (int)span(x->sj0, x->sj1), MPI_INT64_T, x->peer, 0,
                  MPI_COMM_WORLD, &req[nr++]);
      }
    }
    if (any) sweep(&L, A, T, iin0, iin1, jin0, jin1, it);
    MPI_Waitall(nr, req, MPI_STATUSES_IGNORE);
    for (int k = 0; k < nh; k++)
      if (h[k].rbuf)
        for (int64_t i = h[k].ri0; i <= h[k].ri1; i++) A[ix(&L, i, h[k].rj0)] = h[k].rbuf[i - h[k].ri0];
    if (any) {
      if (iin0 > ilo) sweep(&L, A, T, ilo, ilo, jlo, jhi, it);
      if (iin1 < ihi && !(iin0 > ilo && ihi == ilo)) sweep(&L, A, T, ihi, ihi, jlo, jhi, it);
      const int64_t s0 = iin0 > ilo ? ilo + 1 : ilo, s1 = iin1 < ihi ? ihi - 1 : ihi;
      if (jin0 > jlo) sweep(&L, A, T, s0, s1, jlo, jlo, it);
      if (jin1 < jhi && !(jin0 > jlo && jhi == jlo)) sweep(&L, A, T, s0, s1, jhi, jhi, it);
    }
    int64_t *swap = A;
    A = T;
    T = swap;
  }
  const double t1 = MPI_Wtime();

  /* [R] total, high, low, check; then [Show] writeln(A) gathered on PE 0. */
  int64_t part[4] = {0, INT64_MIN, INT64_MAX, 0};
  for (int64_t i = ilo; i <= ihi; i++)
    for (int64_t j = jlo; j <= jhi; j++) {
      const int64_t v = A[ix(&L, i, j)];
      part[0] += v;
      part[1] = v > part[1] ? v : part[1];
      part[2] = v < part[2] ? v : part[2];
      part[3] += v * ((i * 7 + j * 13) % 97 + 1);
    }
  int64_t total, high, low, check;
  MPI_Reduce(&part[0], &total, 1, MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(&part[1], &high, 1, MPI_INT64_T, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Reduce(&part[2], &low, 1, MPI_INT64_T, MPI_MIN, 0, MPI_COMM_WORLD);
  MPI_Reduce(&part[3], &check, 1, MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  int64_t *shown = calloc((size_t)(show * show + 1), sizeof *shown), *mine = calloc((size_t)(show * show + 1), sizeof *mine);
  if (!shown || !mine) fail("out of memory", NULL);
  for (int64_t i = 1; i <= show; i++)
    for (int64_t j = 1; j <= show; j++)
      if (i >= ilo && i <= ihi && j >= jlo && j <= jhi) mine[(i - 1) * show + (j - 1)] = A[ix(&L, i, j)];
  MPI_Reduce(mine, shown, (int)(show * show), MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD);

  if (rank == 0) {
    printf("nn8: n = %" PRId64 ", iterations = %" PRId64 "\n", n, iters);
    printf("sum: %" PRId64 " max: %" PRId64 " min: %" PRId64 "\n", total, high, low);
    printf("checksum: %" PRId64 "\n", check);
    for (int64_t i = 0; i < show; i++)
      for (int64_t j = 0; j < show; j++)
        printf("%" PRId64 "%s", shown[i * show + j], j + 1 < show ? " " : "\n");
    if (timing) fprintf(stderr, "loop_seconds %.6f\n", t1 - t0);
    if (timing) fprintf(stderr, "main_seconds %.6f\n", MPI_Wtime() - tm0);
  }
  for (int k = 0; k < nh; k++) {
    free(h[k].sbuf);
    free(h[k].rbuf);
  }
  free(shown);
  free(mine);
  free(A);
  free(T);
  MPI_Finalize();
  return 0;
}
