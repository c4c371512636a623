/* An independent sequential reference for NPB MG (examples/nas/mg.zpl),
 * written from NPB 3.4's specification of the benchmark:
 *
 *   mg [--n=32] [--nit=4]
 *
 * It solves the discrete Poisson problem A u = v on an n^3 periodic grid
 * with nit V-cycles of multigrid, where v is zero except +1 at the ten
 * points of the largest and -1 at the ten points of the smallest of n^3
 * pseudo-random numbers, and prints the L2 norm of the final residual,
 * sqrt(sum r^2 / n^3), with %.13e. Grids are stored without ghost cells:
 * every neighbour index is taken modulo the grid's size.
 *
 * The V-cycle: the residual is restricted from the finest level down to
 * the coarsest (2^3 points) with the full-weighting operator P; there one
 * smoothing step S is applied to a zero guess; on the way up each level
 * takes the prolongated (trilinear, Q) correction of the level below,
 * recomputes its residual and smooths once. A, S and P are 27-point
 * operators whose coefficient depends only on how many of a neighbour's
 * three offsets are nonzero (centre, face, edge, corner).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int n;     /* points per dimension */
  double *u; /* the correction (the solution at the finest level) */
  double *r; /* the residual */
} Level;

static const double coefA[4] = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};
/* The smoother of classes S, W and A; the other classes use another. */
static const double coefSa[4] = {-3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0};
static const double coefSb[4] = {-3.0 / 17.0, 1.0 / 33.0, -1.0 / 61.0, 0.0};
static const double coefP[4] = {0.5, 0.25, 0.125, 0.0625};

static size_t at(int n, int x, int y, int z) {
  x = (x + n) % n;
  y = (y + n) % n;
  z = (z + n) % n;
  return ((size_t)z * n + y) * n + x;
}

/* The 27-point combination sum over |d|<=1 of w[#nonzero(d)] g[p+d]. */
static double stencil(const double *g, int n, int x, int y, int z,
                      const double w[4]) {
  double sum[4] = {0, 0, 0, 0};
  for (int dz = -1; dz <= 1; dz++)
    for (int dy = -1; dy <= 1; dy++)
      for (int dx = -1; dx <= 1; dx++)
        sum[abs(dx) + abs(dy) + abs(dz)] += g[at(n, x + dx, y + dy, z + dz)];
  return w[0] * sum[0] + w[1] * sum[1] + w[2] * sum[2] + w[3] * sum[3];
}

/* r := v - A u. r may be v. */
static void residual(int n, const double *u, const double *v, double *r) {
  size_t size = (size_t)n * n * n;
  double *out = malloc(size * sizeof *out);
  for (int z = 0; z < n; z++)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        out[at(n, x, y, z)] =
            v[at(n, x, y, z)] - stencil(u, n, x, y, z, coefA);
  memcpy(r, out, size * sizeof *out);
  free(out);
}

/* u := u + S r. */
static void smooth(int n, const double *r, double *u, const double c[4]) {
  for (int z = 0; z < n; z++)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        u[at(n, x, y, z)] += stencil(r, n, x, y, z, c);
}

/* Coarse point i (0-based) lies on fine point 2i+1: coarse := P fine. */
static void restrict_to(const Level *fine, Level *coarse) {
  int m = coarse->n;
  for (int z = 0; z < m; z++)
    for (int y = 0; y < m; y++)
      for (int x = 0; x < m; x++)
        coarse->r[at(m, x, y, z)] =
            stencil(fine->r, fine->n, 2 * x + 1, 2 * y + 1, 2 * z + 1, coefP);
}

/* fine.u += Q coarse.u: a fine point takes the mean of the coarse points
 * at the corners of the cell of coarse points it lies in (1, 2, 4 or 8 of
 * them, as it lies on a coarse point, edge, face or cell). Fine index 2i+1
 * is coarse i; fine 2i lies between coarse i-1 and i. */
static void prolongate(const Level *coarse, Level *fine) {
  int m = coarse->n, n = fine->n;
  for (int z = 0; z < n; z++)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++) {
        int lx = (x - 1) >> 1, ly = (y - 1) >> 1, lz = (z - 1) >> 1;
        int ex = !(x & 1), ey = !(y & 1), ez = !(z & 1); /* between two */
        double sum = 0;
        for (int kz = 0; kz <= ez; kz++)
          for (int ky = 0; ky <= ey; ky++)
            for (int kx = 0; kx <= ex; kx++)
              sum += coarse->u[at(m, lx + kx, ly + ky, lz + kz)];
        fine->u[at(n, x, y, z)] += sum / (1 << (ex + ey + ez));
      }
}

static void vcycle(Level *lv, int top, const double *v, const double c[4]) {
  for (int k = top; k > 1; k--)
    restrict_to(&lv[k], &lv[k - 1]);
  memset(lv[1].u, 0, 8 * sizeof(double));
  smooth(lv[1].n, lv[1].r, lv[1].u, c);
  for (int k = 2; k < top; k++) {
    size_t size = (size_t)lv[k].n * lv[k].n * lv[k].n;
    memset(lv[k].u, 0, size * sizeof(double));
    prolongate(&lv[k - 1], &lv[k]);
    residual(lv[k].n, lv[k].u, lv[k].r, lv[k].r);
    smooth(lv[k].n, lv[k].r, lv[k].u, c);
  }
  prolongate(&lv[top - 1], &lv[top]);
  residual(lv[top].n, lv[top].u, v, lv[top].r);
  smooth(lv[top].n, lv[top].r, lv[top].u, c);
}

/* NPB's generator x := 5^13 x mod 2^46, exact in 64-bit integers (the
 * product is split at 2^23 so that no partial product overflows). */
static uint64_t next_random(uint64_t x) {
  const uint64_t a = 1220703125ULL, mask23 = (1ULL << 23) - 1;
  const uint64_t mask46 = (1ULL << 46) - 1;
  uint64_t a_hi = a >> 23, a_lo = a & mask23;
  uint64_t x_hi = x >> 23, x_lo = x & mask23;
  uint64_t mid = (a_hi * x_lo + a_lo * x_hi) & mask23;
  return ((mid << 23) + a_lo * x_lo) & mask46;
}

typedef struct {
  double value;
  size_t where;
} Pick;

/* The n^3 numbers in order (x fastest) from seed 314159265; v is +1 at
 * the ten largest and -1 at the ten smallest, zero elsewhere. */
static void make_charges(int n, double *v) {
  size_t size = (size_t)n * n * n;
  Pick high[10], low[10];
  for (int i = 0; i < 10; i++) {
    high[i] = (Pick){-1.0, 0};
    low[i] = (Pick){2.0, 0};
  }
  uint64_t x = 314159265ULL;
  for (size_t p = 0; p < size; p++) {
    x = next_random(x);
    double u = (double)x / 70368744177664.0; /* 2^46 */
    /* keep each list sorted, extreme first, by insertion */
    int i = 9;
    if (u > high[9].value) {
      for (; i > 0 && u > high[i - 1].value; i--)
        high[i] = high[i - 1];
      high[i] = (Pick){u, p};
    }
    i = 9;
    if (u < low[9].value) {
      for (; i > 0 && u < low[i - 1].value; i--)
        low[i] = low[i - 1];
      low[i] = (Pick){u, p};
    }
  }
  memset(v, 0, size * sizeof *v);
  for (int i = 0; i < 10; i++) {
    v[high[i].where] = 1.0;
    v[low[i].where] = -1.0;
  }
}

static double l2norm(int n, const double *r) {
  size_t size = (size_t)n * n * n;
  double sum = 0;
  for (size_t p = 0; p < size; p++)
    sum += r[p] * r[p];
  return sqrt(sum / (double)size);
}

int main(int argc, char **argv) {
  int n = 32, nit = 4;
  for (int i = 1; i < argc; i++) {
    if (sscanf(argv[i], "--n=%d", &n) == 1 ||
        sscanf(argv[i], "--nit=%d", &nit) == 1)
      continue;
    fprintf(stderr, "usage: mg [--n=N] [--nit=NIT]\n");
    return 2;
  }
  int top = 0;
  while ((2 << top) <= n)
    top++;
  if (n < 4 || (1 << top) != n) {
    fprintf(stderr, "mg: --n must be a power of two, at least 4\n");
    return 2;
  }
  /* NPB uses the first smoother for its classes S, W and A (n = 32, 128
   * and 256 with 4 iterations), the second for every other size */
  int classSWA = nit == 4 && (n == 32 || n == 128 || n == 256);
  const double *c = classSWA ? coefSa : coefSb;
  Level lv[32];
  for (int k = 1; k <= top; k++) {
    lv[k].n = 1 << k;
    size_t size = (size_t)lv[k].n * lv[k].n * lv[k].n;
    lv[k].u = calloc(size, sizeof(double));
    lv[k].r = calloc(size, sizeof(double));
  }
  size_t size = (size_t)n * n * n;
  double *v = malloc(size * sizeof *v);
  make_charges(n, v);
  residual(n, lv[top].u, v, lv[top].r);
  printf("initial L2 norm %.13e\n", l2norm(n, lv[top].r));
  for (int it = 1; it <= nit; it++) {
    vcycle(lv, top, v, c);
    residual(n, lv[top].u, v, lv[top].r);
  }
  printf("L2 norm %.13e\n", l2norm(n, lv[top].r));
  return 0;
}
