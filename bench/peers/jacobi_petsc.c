/* jacobi_petsc.c: examples/jacobi.zpl with PETSc's distributed arrays.
 *
 * A DMDA of (n+2) x (n+2) points (BigR: x is the column, y the row), stencil
 * width 1, star stencil, no periodic boundary, over the same P x Q grid of
 * processes and the same block sizes as zplc's runtime (the first N mod P
 * blocks one longer, passed as ownership ranges), so the checksum adds the
 * same values in the same order. Each sweep: DMGlobalToLocal brings the
 * ghost points of A, one loop over this process's part of R computes Temp
 * and the local max |Temp - A|, MPI_Allreduce(MAX) combines it, and the two
 * global vectors trade places (both hold the fixed boundary values).
 *
 * Options: --n=<int> (64), --maxit=<int> (100000), --grid=PxQ, --time
 * ("loop_seconds <s>", the loop, and "main_seconds <s>", storage to output,
 * on stderr). PETSc's own options are not read.
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

/* Block sizes of N points over P processes, the first N mod P one longer. */
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

  PetscInt n = 64, maxit = 100000;
  const PetscReal eps = 1e-6;
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
  const PetscInt N = n + 2;
  if (N < P || N < Q) fail("n is too small for the PE grid", NULL);

  PetscInt *lx = block_sizes(N, Q), *ly = block_sizes(N, P);
  DM da;
  /* main_seconds: from here (storage, set-up, loop, reductions, output),
   * the span of a zplc program's stats.total_seconds. */
  const double tm0 = MPI_Wtime();
  PetscCall(DMDACreate2d(PETSC_COMM_WORLD, DM_BOUNDARY_NONE, DM_BOUNDARY_NONE, DMDA_STENCIL_STAR,
                         N, N, Q, P, 1, 1, lx, ly, &da));
  PetscCall(DMSetUp(da));
  Vec A, T, Aloc;
  PetscCall(DMCreateGlobalVector(da, &A));
  PetscCall(VecDuplicate(A, &T));
  PetscCall(DMCreateLocalVector(da, &Aloc));

  PetscInt xs, ys, xm, ym;
  PetscCall(DMDAGetCorners(da, &xs, &ys, NULL, &xm, &ym, NULL));
  /* This process's part of R = [1..n, 1..n]. */
  const PetscInt ilo = PetscMax(ys, 1), ihi = PetscMin(ys + ym - 1, n);
  const PetscInt jlo = PetscMax(xs, 1), jhi = PetscMin(xs + xm - 1, n);

  /* [BigR] A := 0.0; [south of R] A := 1.0, in both vectors. */
  Vec both[2] = {A, T};
  for (int v = 0; v < 2; v++) {
    PetscScalar **a;
    PetscCall(VecSet(both[v], 0.0));
    PetscCall(DMDAVecGetArray(da, both[v], &a));
    if (ys <= n + 1 && n + 1 < ys + ym)
      for (PetscInt j = jlo; j <= jhi; j++) a[n + 1][j] = 1.0;
    PetscCall(DMDAVecRestoreArray(da, both[v], &a));
  }

  PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD));
  const double t0 = MPI_Wtime();
  PetscInt it = 0;
  PetscReal err;
  do {
    PetscCall(DMGlobalToLocalBegin(da, A, INSERT_VALUES, Aloc));
    PetscCall(DMGlobalToLocalEnd(da, A, INSERT_VALUES, Aloc));
    const PetscScalar **a;
    PetscScalar **t;
    PetscCall(DMDAVecGetArrayRead(da, Aloc, &a));
    PetscCall(DMDAVecGetArray(da, T, &t));
    PetscReal lerr = 0.0;
    for (PetscInt i = ilo; i <= ihi; i++)
      for (PetscInt j = jlo; j <= jhi; j++) {
        const PetscScalar v = (a[i - 1][j] + a[i][j + 1] + a[i + 1][j] + a[i][j - 1]) / 4.0;
        const PetscReal d = PetscAbsScalar(v - a[i][j]);
        t[i][j] = v;
        if (d > lerr) lerr = d;
      }
    PetscCall(DMDAVecRestoreArray(da, T, &t));
    PetscCall(DMDAVecRestoreArrayRead(da, Aloc, &a));
    PetscCallMPI(MPI_Allreduce(&lerr, &err, 1, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
    Vec swap = A; /* A := Temp */
    A = T;
    T = swap;
    it += 1;
  } while (!(err < eps || it >= maxit));
  const double t1 = MPI_Wtime();

  /* [R] total := +<< A: this process's part in row-major order. */
  const PetscScalar **a;
  PetscCall(DMDAVecGetArrayRead(da, A, &a));
  PetscReal lsum = 0.0, total;
  for (PetscInt i = ilo; i <= ihi; i++)
    for (PetscInt j = jlo; j <= jhi; j++) lsum += a[i][j];
  PetscCall(DMDAVecRestoreArrayRead(da, A, &a));
  PetscCallMPI(MPI_Allreduce(&lsum, &total, 1, MPIU_REAL, MPIU_SUM, PETSC_COMM_WORLD));

  if (rank == 0) {
    printf("iterations: %" PetscInt_FMT " err: %.3e\n", it, (double)err);
    printf("sum: %.6f\n", (double)total);
    if (timing) fprintf(stderr, "loop_seconds %.6f\n", t1 - t0);
    if (timing) fprintf(stderr, "main_seconds %.6f\n", MPI_Wtime() - tm0);
  }
  PetscCall(VecDestroy(&Aloc));
  PetscCall(VecDestroy(&A));
  PetscCall(VecDestroy(&T));
  PetscCall(DMDestroy(&da));
  free(lx);
  free(ly);
  PetscCall(PetscFinalize());
  return 0;
}
