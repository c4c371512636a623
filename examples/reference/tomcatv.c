/* tomcatv.c: an independent sequential reference for examples/tomcatv.zpl.
 *
 * Thompson's elliptic mesh generation in the style of SPEC tomcatv: an
 * m x n mesh of points (X, Y) whose boundary is fixed; each iteration
 *   - computes the residuals RX, RY of the mesh equations at every interior
 *     point from its 8 neighbours (centred first, second and mixed
 *     differences, with metric coefficients a, b, c),
 *   - takes the maximum |RX| and |RY| (the convergence test),
 *   - solves, for every interior column j, the tridiagonal system along the
 *     rows i = 2..m-1 with diagonal DD = 2b + rel*a and off-diagonals
 *     AA = -b (LU: forward elimination then back substitution),
 *   - adds the corrections to the interior points.
 * Arrays are 1-based here, X[i][j] with 1 <= i <= m, 1 <= j <= n, the same
 * indices as the ZPL program (rows i are SPEC's J, columns j SPEC's I).
 * Floating-point operations are evaluated left to right as written.
 *
 * Options: --m=<int> (48), --n=<int> (40), --itmax=<int> (12),
 *          --eps=<real> (1e-12): stop early when both maxima are <= eps.
 * Build: cc -O2 -std=c11 -ffp-contract=off -o tomcatv tomcatv.c -lm
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *value_of(const char *arg, const char *name) {
  size_t len = strlen(name);
  if (strncmp(arg, "--", 2) == 0 && strncmp(arg + 2, name, len) == 0 &&
      arg[2 + len] == '=')
    return arg + 3 + len;
  return NULL;
}

static long long int_value(const char *name, const char *text) {
  char *end = NULL;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0') {
    fprintf(stderr, "error: bad value for --%s: '%s'\n", name, text);
    exit(2);
  }
  return v;
}

static double real_value(const char *name, const char *text) {
  char *end = NULL;
  errno = 0;
  double v = strtod(text, &end);
  if (errno != 0 || end == text || *end != '\0') {
    fprintf(stderr, "error: bad value for --%s: '%s'\n", name, text);
    exit(2);
  }
  return v;
}

int main(int argc, char **argv) {
  long long m = 48, n = 40, itmax = 12;
  double eps = 1e-12;
  for (int k = 1; k < argc; k++) {
    const char *t;
    if ((t = value_of(argv[k], "m"))) m = int_value("m", t);
    else if ((t = value_of(argv[k], "n"))) n = int_value("n", t);
    else if ((t = value_of(argv[k], "itmax"))) itmax = int_value("itmax", t);
    else if ((t = value_of(argv[k], "eps"))) eps = real_value("eps", t);
    else {
      fprintf(stderr, "error: unknown option '%s'\n", argv[k]);
      return 2;
    }
  }
  if (m < 4 || n < 3) {
    fprintf(stderr, "error: the mesh must be at least 4 x 3\n");
    return 2;
  }
  const double pi = 3.141592653589793, rel = 2.0;
  const long long w = n + 1; /* row stride, 1-based columns */
  size_t cells = (size_t)((m + 1) * w);
  double *X = calloc(cells, sizeof(double)), *Y = calloc(cells, sizeof(double));
  double *RX = calloc(cells, sizeof(double)), *RY = calloc(cells, sizeof(double));
  double *AA = calloc(cells, sizeof(double)), *DD = calloc(cells, sizeof(double));
  double *D = calloc(cells, sizeof(double));
  if (!X || !Y || !RX || !RY || !AA || !DD || !D) {
    fprintf(stderr, "error: mesh too large for memory\n");
    return 2;
  }
#define E(arr, i, j) (arr)[(i) * w + (j)]

  printf("tomcatv: %lld x %lld mesh, at most %lld iterations\n", m, n, itmax);

  /* the initial mesh: the unit square with a bump on the bottom edge
   * (Y(1, j) = 0.1 sin(pi s)) and a wavy interior */
  for (long long i = 1; i <= m; i++)
    for (long long j = 1; j <= n; j++) {
      double s = (double)(j - 1) / ((double)n - 1.0);
      double t = (double)(i - 1) / ((double)m - 1.0);
      E(X, i, j) = s + 0.05 * sin(3.0 * pi * t) * sin(pi * s);
      E(Y, i, j) = t + 0.1 * (1.0 - t) * sin(pi * s) +
                   0.03 * sin(2.0 * pi * s) * sin(pi * t);
    }

  long long iter;
  for (iter = 1; iter <= itmax; iter++) {
    /* residuals and the tridiagonal coefficients */
    for (long long i = 2; i <= m - 1; i++)
      for (long long j = 2; j <= n - 1; j++) {
        double xx = E(X, i, j + 1) - E(X, i, j - 1);
        double yx = E(Y, i, j + 1) - E(Y, i, j - 1);
        double xy = E(X, i + 1, j) - E(X, i - 1, j);
        double yy = E(Y, i + 1, j) - E(Y, i - 1, j);
        double ca = 0.25 * (xy * xy + yy * yy);
        double cb = 0.25 * (xx * xx + yx * yx);
        double cc = 0.125 * (xx * xy + yx * yy);
        E(AA, i, j) = -cb;
        E(DD, i, j) = cb + cb + ca * rel;
        double pxx = E(X, i, j + 1) - 2.0 * E(X, i, j) + E(X, i, j - 1);
        double qxx = E(Y, i, j + 1) - 2.0 * E(Y, i, j) + E(Y, i, j - 1);
        double pyy = E(X, i + 1, j) - 2.0 * E(X, i, j) + E(X, i - 1, j);
        double qyy = E(Y, i + 1, j) - 2.0 * E(Y, i, j) + E(Y, i - 1, j);
        double pxy = E(X, i + 1, j + 1) - E(X, i - 1, j + 1) -
                     E(X, i + 1, j - 1) + E(X, i - 1, j - 1);
        double qxy = E(Y, i + 1, j + 1) - E(Y, i - 1, j + 1) -
                     E(Y, i + 1, j - 1) + E(Y, i - 1, j - 1);
        E(RX, i, j) = ca * pxx + cb * pyy - cc * pxy;
        E(RY, i, j) = ca * qxx + cb * qyy - cc * qxy;
      }
    double rxm = 0.0, rym = 0.0;
    for (long long i = 2; i <= m - 1; i++)
      for (long long j = 2; j <= n - 1; j++) {
        if (fabs(E(RX, i, j)) > rxm) rxm = fabs(E(RX, i, j));
        if (fabs(E(RY, i, j)) > rym) rym = fabs(E(RY, i, j));
      }

    /* one tridiagonal system per column, along the rows */
    for (long long j = 2; j <= n - 1; j++) {
      E(D, 2, j) = 1.0 / E(DD, 2, j);
      for (long long i = 3; i <= m - 1; i++) {
        double r = E(AA, i, j) * E(D, i - 1, j);
        E(D, i, j) = 1.0 / (E(DD, i, j) - E(AA, i - 1, j) * r);
        E(RX, i, j) = E(RX, i, j) - E(RX, i - 1, j) * r;
        E(RY, i, j) = E(RY, i, j) - E(RY, i - 1, j) * r;
      }
      E(RX, m - 1, j) = E(RX, m - 1, j) * E(D, m - 1, j);
      E(RY, m - 1, j) = E(RY, m - 1, j) * E(D, m - 1, j);
      for (long long i = m - 2; i >= 2; i--) {
        E(RX, i, j) = (E(RX, i, j) - E(AA, i, j) * E(RX, i + 1, j)) * E(D, i, j);
        E(RY, i, j) = (E(RY, i, j) - E(AA, i, j) * E(RY, i + 1, j)) * E(D, i, j);
      }
    }

    /* the corrections */
    double cmax = 0.0;
    for (long long i = 2; i <= m - 1; i++)
      for (long long j = 2; j <= n - 1; j++) {
        E(X, i, j) = E(X, i, j) + E(RX, i, j);
        E(Y, i, j) = E(Y, i, j) + E(RY, i, j);
        double c = fmax(fabs(E(RX, i, j)), fabs(E(RY, i, j)));
        if (c > cmax) cmax = c;
      }
    printf("iteration %lld: max|rx| %.9e max|ry| %.9e max correction %.9e\n",
           iter, rxm, rym, cmax);
    if (rxm <= eps && rym <= eps) break;
  }

  double xmin = INFINITY, ymin = INFINITY, xsum = 0.0, ysum = 0.0;
  for (long long i = 1; i <= m; i++)
    for (long long j = 1; j <= n; j++) {
      xsum += E(X, i, j);
      ysum += E(Y, i, j);
    }
  /* the smallest cell edge along the rows and along the columns */
  for (long long i = 1; i <= m; i++)
    for (long long j = 2; j <= n; j++) {
      double dxr = E(X, i, j) - E(X, i, j - 1);
      if (dxr < xmin) xmin = dxr;
    }
  for (long long i = 2; i <= m; i++)
    for (long long j = 1; j <= n; j++) {
      double dyc = E(Y, i, j) - E(Y, i - 1, j);
      if (dyc < ymin) ymin = dyc;
    }
  printf("sum X %.8e sum Y %.8e\n", xsum, ysum);
  printf("min dX along rows %.9e min dY along columns %.9e\n", xmin, ymin);
#undef E
  return 0;
}
