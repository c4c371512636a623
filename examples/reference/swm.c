/* swm.c: an independent sequential reference for examples/swm.zpl.
 *
 * The shallow-water model of SPEC swm256 (Sadourny's energy-conserving
 * scheme) on a doubly periodic m x n grid, written directly with loops and
 * modular indexing (no ghost cells). Grid point (i, j), 0 <= i < m,
 * 0 <= j < n, is the ZPL program's index (i+1, j+1); a neighbour index is
 * taken modulo m (rows) or n (columns).
 *
 *   psi(i,j) = a sin((i+0.5) di) sin((j+0.5) dj)      0 <= i <= m, 0 <= j <= n
 *   p(i,j)   = pcf (cos(2 i di) + cos(2 j dj)) + 50000
 *   u(i,j)   = -(psi(i,j+1) - psi(i,j)) / dy
 *   v(i,j)   =  (psi(i+1,j) - psi(i,j)) / dx
 * each step, with all neighbour indices periodic:
 *   cu(i,j) = .5 (p(i,j) + p(i-1,j)) u(i,j)
 *   cv(i,j) = .5 (p(i,j) + p(i,j-1)) v(i,j)
 *   z(i,j)  = (fsdx (v(i,j) - v(i-1,j)) - fsdy (u(i,j) - u(i,j-1)))
 *             / (p(i-1,j-1) + p(i,j-1) + p(i,j) + p(i-1,j))
 *   h(i,j)  = p(i,j) + .25 (u(i+1,j)^2 + u(i,j)^2 + v(i,j+1)^2 + v(i,j)^2)
 *   unew = uold + tdts8 (z(i,j+1) + z(i,j))
 *                 (cv(i,j+1) + cv(i-1,j+1) + cv(i-1,j) + cv(i,j))
 *               - tdtsdx (h(i,j) - h(i-1,j))
 *   vnew = vold - tdts8 (z(i+1,j) + z(i,j))
 *                 (cu(i+1,j) + cu(i,j) + cu(i,j-1) + cu(i+1,j-1))
 *               - tdtsdy (h(i,j) - h(i,j-1))
 *   pnew = pold - tdtsdx (cu(i+1,j) - cu(i,j)) - tdtsdy (cv(i,j+1) - cv(i,j))
 *   step 1: tdt doubles, old := current, current := new
 *   later:  old := cur + alpha (new - 2 cur + old), current := new
 * Printed: max/min of p, max |u|, max |v| after each step; at the end the
 * sums over the grid of |pnew - 50000|, |unew|, |vnew| in row-major order.
 * Floating-point operations are evaluated left to right as written.
 *
 * Options: --m=<int> (64), --n=<int> (48), --itmax=<int> (10).
 * Build: cc -O2 -std=c11 -ffp-contract=off -o swm swm.c -lm
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long long option(const char *arg, const char *name, int *matched) {
  size_t len = strlen(name);
  if (strncmp(arg, "--", 2) != 0 || strncmp(arg + 2, name, len) != 0 ||
      arg[2 + len] != '=')
    return 0;
  const char *text = arg + 3 + len;
  char *end = NULL;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0') {
    fprintf(stderr, "error: bad value for --%s: '%s'\n", name, text);
    exit(2);
  }
  *matched = 1;
  return v;
}

static long long M, N; /* rows, columns */

/* periodic index helpers */
static inline long long rw(long long i) { return (i + M) % M; }
static inline long long cl(long long j) { return (j + N) % N; }
#define F(arr, i, j) (arr)[rw(i) * N + cl(j)]

static double *field(void) {
  double *f = calloc((size_t)(M * N), sizeof(double));
  if (!f) {
    fprintf(stderr, "error: grid too large for memory\n");
    exit(2);
  }
  return f;
}

static void extremes(const double *p, const double *u, const double *v,
                     double *pmax, double *pmin, double *umax, double *vmax) {
  *pmax = -INFINITY;
  *pmin = INFINITY;
  *umax = 0.0;
  *vmax = 0.0;
  for (long long k = 0; k < M * N; k++) {
    if (p[k] > *pmax) *pmax = p[k];
    if (p[k] < *pmin) *pmin = p[k];
    if (fabs(u[k]) > *umax) *umax = fabs(u[k]);
    if (fabs(v[k]) > *vmax) *vmax = fabs(v[k]);
  }
}

int main(int argc, char **argv) {
  long long itmax = 10;
  M = 64;
  N = 48;
  for (int k = 1; k < argc; k++) {
    int ok = 0;
    long long val;
    val = option(argv[k], "m", &ok);
    if (ok) { M = val; continue; }
    val = option(argv[k], "n", &ok);
    if (ok) { N = val; continue; }
    val = option(argv[k], "itmax", &ok);
    if (ok) { itmax = val; continue; }
    fprintf(stderr, "error: unknown option '%s'\n", argv[k]);
    return 2;
  }
  if (M < 1 || N < 1) {
    fprintf(stderr, "error: the grid must be at least 1 x 1\n");
    return 2;
  }

  const double dt = 90.0, dx = 100000.0, dy = 100000.0, a = 1000000.0;
  const double alpha = 0.001, pi = 3.141592653589793;

  double *u = field(), *v = field(), *p = field();
  double *uold = field(), *vold = field(), *pold = field();
  double *unew = field(), *vnew = field(), *pnew = field();
  double *cu = field(), *cv = field(), *z = field(), *h = field();
  double *psi = calloc((size_t)((M + 1) * (N + 1)), sizeof(double));
  if (!psi) { fprintf(stderr, "error: grid too large for memory\n"); return 2; }

  printf("swm: %lld x %lld grid, %lld steps, dt = %.1f\n", M, N, itmax, dt);

  /* initial state */
  double di = (pi + pi) / (double)M;
  double dj = (pi + pi) / (double)N;
  double el = (double)N * dx;
  double pcf = pi * pi * a * a / (el * el);
  for (long long i = 0; i <= M; i++)
    for (long long j = 0; j <= N; j++)
      psi[i * (N + 1) + j] =
          a * sin(((double)(i + 1) - 0.5) * di) * sin(((double)(j + 1) - 0.5) * dj);
  for (long long i = 0; i < M; i++)
    for (long long j = 0; j < N; j++) {
      long long k = i * N + j;
      p[k] = pcf * (cos(2.0 * (double)i * di) + cos(2.0 * (double)j * dj)) + 50000.0;
      u[k] = -(psi[i * (N + 1) + j + 1] - psi[i * (N + 1) + j]) / dy;
      v[k] = (psi[(i + 1) * (N + 1) + j] - psi[i * (N + 1) + j]) / dx;
      uold[k] = u[k];
      vold[k] = v[k];
      pold[k] = p[k];
    }

  double pmax, pmin, umax, vmax;
  extremes(p, u, v, &pmax, &pmin, &umax, &vmax);
  printf("initial: pmax %.9e pmin %.9e |u|max %.9e |v|max %.9e\n", pmax, pmin,
         umax, vmax);

  const double fsdx = 4.0 / dx, fsdy = 4.0 / dy;
  double tdt = dt, time = 0.0;
  for (long long cycle = 1; cycle <= itmax; cycle++) {
    for (long long i = 0; i < M; i++)
      for (long long j = 0; j < N; j++) {
        F(cu, i, j) = 0.5 * (F(p, i, j) + F(p, i - 1, j)) * F(u, i, j);
        F(cv, i, j) = 0.5 * (F(p, i, j) + F(p, i, j - 1)) * F(v, i, j);
        F(z, i, j) = (fsdx * (F(v, i, j) - F(v, i - 1, j)) -
                      fsdy * (F(u, i, j) - F(u, i, j - 1))) /
                     (F(p, i - 1, j - 1) + F(p, i, j - 1) + F(p, i, j) + F(p, i - 1, j));
        F(h, i, j) = F(p, i, j) + 0.25 * (F(u, i + 1, j) * F(u, i + 1, j) +
                                          F(u, i, j) * F(u, i, j) +
                                          F(v, i, j + 1) * F(v, i, j + 1) +
                                          F(v, i, j) * F(v, i, j));
      }
    double tdts8 = tdt / 8.0, tdtsdx = tdt / dx, tdtsdy = tdt / dy;
    for (long long i = 0; i < M; i++)
      for (long long j = 0; j < N; j++) {
        F(unew, i, j) = F(uold, i, j) +
                        tdts8 * (F(z, i, j + 1) + F(z, i, j)) *
                            (F(cv, i, j + 1) + F(cv, i - 1, j + 1) +
                             F(cv, i - 1, j) + F(cv, i, j)) -
                        tdtsdx * (F(h, i, j) - F(h, i - 1, j));
        F(vnew, i, j) = F(vold, i, j) -
                        tdts8 * (F(z, i + 1, j) + F(z, i, j)) *
                            (F(cu, i + 1, j) + F(cu, i, j) + F(cu, i, j - 1) +
                             F(cu, i + 1, j - 1)) -
                        tdtsdy * (F(h, i, j) - F(h, i, j - 1));
        F(pnew, i, j) = F(pold, i, j) - tdtsdx * (F(cu, i + 1, j) - F(cu, i, j)) -
                        tdtsdy * (F(cv, i, j + 1) - F(cv, i, j));
      }
    time += dt;
    for (long long k = 0; k < M * N; k++) {
      if (cycle > 1) {
        uold[k] = u[k] + alpha * (unew[k] - 2.0 * u[k] + uold[k]);
        vold[k] = v[k] + alpha * (vnew[k] - 2.0 * v[k] + vold[k]);
        pold[k] = p[k] + alpha * (pnew[k] - 2.0 * p[k] + pold[k]);
      } else {
        uold[k] = u[k];
        vold[k] = v[k];
        pold[k] = p[k];
      }
      u[k] = unew[k];
      v[k] = vnew[k];
      p[k] = pnew[k];
    }
    if (cycle == 1) tdt = tdt + tdt;
    extremes(p, u, v, &pmax, &pmin, &umax, &vmax);
    printf("cycle %lld time %.1f: pmax %.9e pmin %.9e |u|max %.9e |v|max %.9e\n",
           cycle, time, pmax, pmin, umax, vmax);
  }

  double pcheck = 0.0, ucheck = 0.0, vcheck = 0.0;
  for (long long k = 0; k < M * N; k++) {
    pcheck += fabs(pnew[k] - 50000.0);
    ucheck += fabs(unew[k]);
    vcheck += fabs(vnew[k]);
  }
  printf("pcheck %.6e\nucheck %.6e\nvcheck %.6e\n", pcheck, ucheck, vcheck);
#ifdef CHECK_ORDERS
  /* Not part of the output: how far each checksum is from changing its
   * printed text. The sums are recomputed in long double (close to exact)
   * and in a few other orders (column-major, reversed, 2 x 2 blocks). */
  const double *arrs[3] = {pnew, unew, vnew};
  for (int q = 0; q < 3; q++) {
    long double ex = 0.0L;
    double cm = 0.0, rv = 0.0, bl = 0.0;
    for (long long k = 0; k < M * N; k++)
      ex += fabsl((long double)arrs[q][k] - (q == 0 ? 50000.0L : 0.0L));
    for (long long j = 0; j < N; j++)
      for (long long i = 0; i < M; i++)
        cm += fabs(arrs[q][i * N + j] - (q == 0 ? 50000.0 : 0.0));
    for (long long k = M * N - 1; k >= 0; k--)
      rv += fabs(arrs[q][k] - (q == 0 ? 50000.0 : 0.0));
    for (int bi = 0; bi < 2; bi++) {
      double part[2] = {0.0, 0.0};
      for (int bj = 0; bj < 2; bj++)
        for (long long i = bi * M / 2; i < (bi + 1) * M / 2; i++)
          for (long long j = bj * N / 2; j < (bj + 1) * N / 2; j++)
            part[bj] += fabs(arrs[q][i * N + j] - (q == 0 ? 50000.0 : 0.0));
      bl += part[0] + part[1];
    }
    char t[64];
    snprintf(t, sizeof t, "%.6e", (double)ex);
    double printed = strtod(t, NULL);
    double ulp7 = pow(10.0, floor(log10((double)ex)) - 6);
    double dist = fabs(fabsl(ex - (long double)printed) - 0.5 * ulp7);
    fprintf(stderr, "sum %d: exact %.15Le col %.15e rev %.15e blk %.15e; "
            "relative distance to a print boundary %.2e\n",
            q, ex, cm, rv, bl, dist / (double)ex);
  }
#endif
  return 0;
}
