/* nn8_petsc.c: examples/nn8.zpl with PETSc's distributed arrays.
 *
 * A DMDA of (n+2) x (n+2) points (Big; x is the column, y the row), box
 * stencil of width 1 (the corners), no periodic boundary, on the same
 * P x Q process grid and block sizes as zplc's runtime. PETSc vectors hold
 * PetscScalar (double): every value of the program is an integer below
 * 2^21, exact in a double, and fmod of such integers is exact, so the
 * results are the integers the ZPL program computes. Each iteration:
 * DMGlobalToLocal (edges and corners), one loop over this process's part
 * of R into the other global vector, and the two vectors trade places
 * (both hold the boundary band).
 *
 * Options: --n=<int> (16), --iters=<int> (1000), --show=<int> (4),
 * --grid=PxQ, --time ("loop_seconds <s>", the loop, and "main_seconds <s>", storage to
 * output, on stderr).
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <petscdmda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static PetscMPIInt rank = 0;

static void fail(const char *msg, const char *arg) {
  if (rank == 0) fprintf(stderr, "error: %s%s\n", msg, arg ? arg : "");
  PetscFinalize();
  exit(2);
}

static PetscInt parse_int(const char *opt, const char *text) {
  char *end = NULL;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0') fail(opt, text);
  return (PetscInt)v;
}

static PetscInt *block_sizes(PetscInt N, PetscMPIInt P) {
  PetscInt *sizes = malloc((size_t)P * sizeof *sizes);
  if (!sizes) fail("out of memory", NULL);
  for (PetscMPIInt p = 0; p < P; p++) sizes[p] = N / P + (p < N % P ? 1 : 0);
  return sizes;
}

int main(int argc, char **argv) {
  int fake_argc = 1; /* PETSc reads no option of ours */
  PetscCall(PetscInitialize(&fake_argc, &argv, NULL, NULL));
  PetscMPIInt np;
  MPI_Comm_rank(PETSC_COMM_WORLD, &rank);
  MPI_Comm_size(PETSC_COMM_WORLD, &np);

  PetscInt n = 16, iters = 1000, show = 4;
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
  if (P == 0) {
    P = 1;
    for (int d = 1; d * d <= np; d++)
      if (np % d == 0) P = d;
    Q = np / P;
  }
  if (P * Q != np) fail("--grid does not match the number of PEs", NULL);
  const PetscInt N = n + 2;
  if (N < P || N < Q) fail("n is too small for the PE grid", NULL);

  PetscInt *lx = block_sizes(N, Q), *ly = block_sizes(N, P);
  DM da;
  /* main_seconds: from here (storage, set-up, loop, reductions, output),
   * the span of a zplc program's stats.total_seconds. */
  const double tm0 = MPI_Wtime();
  PetscCall(DMDACreate2d(PETSC_COMM_WORLD, DM_BOUNDARY_NONE, DM_BOUNDARY_NONE, DMDA_STENCIL_BOX,
                         N, N, Q, P, 1, 1, lx, ly, &da));
  PetscCall(DMSetUp(da));
  Vec A, T, Aloc;
  PetscCall(DMCreateGlobalVector(da, &A));
  PetscCall(VecDuplicate(A, &T));
  PetscCall(DMCreateLocalVector(da, &Aloc));
  PetscInt xs, ys, xm, ym;
  PetscCall(DMDAGetCorners(da, &xs, &ys, NULL, &xm, &ym, NULL));
  const PetscInt ilo = PetscMax(ys, 1), ihi = PetscMin(ys + ym - 1, n);
  const PetscInt jlo = PetscMax(xs, 1), jhi = PetscMin(xs + xm - 1, n);
  const PetscScalar m = 65521.0;

  /* [Big] A := (Index1 * 131 + Index2 * 71) % 1000; [R] A := ... (both). */
  Vec both[2] = {A, T};
  for (int v = 0; v < 2; v++) {
    PetscScalar **a;
    PetscCall(DMDAVecGetArray(da, both[v], &a));
    for (PetscInt i = ys; i < ys + ym; i++)
      for (PetscInt j = xs; j < xs + xm; j++) {
        const int in_r = i >= 1 && i <= n && j >= 1 && j <= n;
        a[i][j] = (PetscScalar)(in_r ? (i * j * 37 + i * 11 + j) % 65521 : (i * 131 + j * 71) % 1000);
      }
    PetscCall(DMDAVecRestoreArray(da, both[v], &a));
  }

  PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD));
  const double t0 = MPI_Wtime();
  for (PetscInt it = 1; it <= iters; it++) {
    PetscCall(DMGlobalToLocalBegin(da, A, INSERT_VALUES, Aloc));
    PetscCall(DMGlobalToLocalEnd(da, A, INSERT_VALUES, Aloc));
    const PetscScalar **a;
    PetscScalar **t;
    PetscCall(DMDAVecGetArrayRead(da, Aloc, &a));
    PetscCall(DMDAVecGetArray(da, T, &t));
    for (PetscInt i = ilo; i <= ihi; i++)
      for (PetscInt j = jlo; j <= jhi; j++) {
        const PetscScalar s = a[i - 1][j] + a[i + 1][j] + a[i][j + 1] + a[i][j - 1] +
                              2.0 * (a[i - 1][j + 1] + a[i - 1][j - 1] + a[i + 1][j + 1] + a[i + 1][j - 1]) +
                              3.0 * a[i][j] + (PetscScalar)it;
        t[i][j] = fmod(s, m);
      }
    PetscCall(DMDAVecRestoreArray(da, T, &t));
    PetscCall(DMDAVecRestoreArrayRead(da, Aloc, &a));
    Vec swap = A;
    A = T;
    T = swap;
  }
  const double t1 = MPI_Wtime();

  const PetscScalar **a;
  PetscCall(DMDAVecGetArrayRead(da, A, &a));
  int64_t part[4] = {0, INT64_MIN, INT64_MAX, 0};
  int64_t *shown = calloc((size_t)(show * show + 1), sizeof *shown), *mine = calloc((size_t)(show * show + 1), sizeof *mine);
  if (!shown || !mine) fail("out of memory", NULL);
  for (PetscInt i = ilo; i <= ihi; i++)
    for (PetscInt j = jlo; j <= jhi; j++) {
      const int64_t v = (int64_t)a[i][j];
      part[0] += v;
      part[1] = v > part[1] ? v : part[1];
      part[2] = v < part[2] ? v : part[2];
      part[3] += v * ((i * 7 + j * 13) % 97 + 1);
      if (i <= show && j <= show) mine[(i - 1) * show + (j - 1)] = v;
    }
  PetscCall(DMDAVecRestoreArrayRead(da, A, &a));
  int64_t total, high, low, check;
  PetscCallMPI(MPI_Reduce(&part[0], &total, 1, MPI_INT64_T, MPI_SUM, 0, PETSC_COMM_WORLD));
  PetscCallMPI(MPI_Reduce(&part[1], &high, 1, MPI_INT64_T, MPI_MAX, 0, PETSC_COMM_WORLD));
  PetscCallMPI(MPI_Reduce(&part[2], &low, 1, MPI_INT64_T, MPI_MIN, 0, PETSC_COMM_WORLD));
  PetscCallMPI(MPI_Reduce(&part[3], &check, 1, MPI_INT64_T, MPI_SUM, 0, PETSC_COMM_WORLD));
  PetscCallMPI(MPI_Reduce(mine, shown, (int)(show * show), MPI_INT64_T, MPI_SUM, 0, PETSC_COMM_WORLD));

  if (rank == 0) {
    printf("nn8: n = %" PetscInt_FMT ", iterations = %" PetscInt_FMT "\n", n, iters);
    printf("sum: %" PRId64 " max: %" PRId64 " min: %" PRId64 "\n", total, high, low);
    printf("checksum: %" PRId64 "\n", check);
    for (PetscInt i = 0; i < show; i++)
      for (PetscInt j = 0; j < show; j++)
        printf("%" PRId64 "%s", shown[i * show + j], j + 1 < show ? " " : "\n");
    if (timing) fprintf(stderr, "loop_seconds %.6f\n", t1 - t0);
    if (timing) fprintf(stderr, "main_seconds %.6f\n", MPI_Wtime() - tm0);
  }
  free(shown);
  free(mine);
  free(lx);
  free(ly);
  PetscCall(VecDestroy(&Aloc));
  PetscCall(VecDestroy(&A));
  PetscCall(VecDestroy(&T));
  PetscCall(DMDestroy(&da));
  PetscCall(PetscFinalize());
  return 0;
}
