/* simple.c: an independent sequential reference for examples/simple.zpl.
 *
 * Planar staggered Lagrangian hydrodynamics with implicit heat conduction
 * (in the spirit of the Livermore SIMPLE code), written with plain loops.
 *
 * Mesh: nodes (i, j), 0 <= i <= m, 0 <= j <= n (x = column, y = row);
 * zone (i, j), 1 <= i <= m, 1 <= j <= n, has the corners
 *   c0 = (i-1, j-1), c1 = (i-1, j), c2 = (i, j), c3 = (i, j-1)
 * (counter-clockwise), area 0.5 ((x2 - x0)(y3 - y1) - (x3 - x1)(y2 - y0)).
 * The boundary nodes never move. The force on an interior node from a zone
 * of pressure p is p times the derivative of the zone's area with respect
 * to the node's position: p/2 (y_next - y_prev, x_prev - x_next), where
 * prev/next are the node's neighbours along that zone's boundary.
 *
 * Step: divergence (rate of area change / area) and Q = cq rho V div^2
 * where div < 0; dt = min(cfl / max((c + 2 sqrt(Q/rho)) / sqrt(V)),
 * 1.1 dt); node velocities and positions; new areas; e -= (p + q) dV / M;
 * rho = M / V; conduction: cgit Jacobi sweeps of
 *   T = (e + s (4 (sides) + corners)) / (1 + 20 s),  s = kappa dt / (6 V),
 * the zone temperatures outside the mesh being copies of the nearest zone
 * (zero flux; the ghost corner copies the corner zone); e = T; then
 * p = (gamma - 1) rho e and c = sqrt(gamma p / rho).
 * Floating-point operations are evaluated left to right as written.
 *
 * Options: --m=<int> (32), --n=<int> (24), --steps=<int> (20), --cgit=<int> (6).
 * Build: cc -O2 -std=c11 -ffp-contract=off -o simple simple.c -lm
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long long m = 32, n = 24;

/* nodes: (m+1) x (n+1); zones: (m+2) x (n+2) with a ghost layer */
#define ND(a, i, j) (a)[(i) * (n + 1) + (j)]
#define ZN(a, i, j) (a)[(i) * (n + 2) + (j)]

static double *alloc(long long count) {
  double *p = calloc((size_t)count, sizeof(double));
  if (!p) {
    fprintf(stderr, "error: mesh too large for memory\n");
    exit(2);
  }
  return p;
}

static void zone_areas(const double *x, const double *y, double *area) {
  for (long long i = 1; i <= m; i++)
    for (long long j = 1; j <= n; j++) {
      double x0 = ND(x, i - 1, j - 1), y0 = ND(y, i - 1, j - 1);
      double x1 = ND(x, i - 1, j), y1 = ND(y, i - 1, j);
      double x2 = ND(x, i, j), y2 = ND(y, i, j);
      double x3 = ND(x, i, j - 1), y3 = ND(y, i, j - 1);
      ZN(area, i, j) = 0.5 * ((x2 - x0) * (y3 - y1) - (x3 - x1) * (y2 - y0));
    }
}

int main(int argc, char **argv) {
  long long steps = 20, cgit = 6;
  for (int k = 1; k < argc; k++) {
    const char *names[4] = {"m", "n", "steps", "cgit"};
    long long *dest[4] = {&m, &n, &steps, &cgit};
    int found = 0;
    for (int q = 0; q < 4 && !found; q++) {
      size_t len = strlen(names[q]);
      if (strncmp(argv[k], "--", 2) == 0 && strncmp(argv[k] + 2, names[q], len) == 0 &&
          argv[k][2 + len] == '=') {
        const char *text = argv[k] + 3 + len;
        char *end = NULL;
        errno = 0;
        long long v = strtoll(text, &end, 10);
        if (errno != 0 || end == text || *end != '\0') {
          fprintf(stderr, "error: bad value for --%s: '%s'\n", names[q], text);
          return 2;
        }
        *dest[q] = v;
        found = 1;
      }
    }
    if (!found) {
      fprintf(stderr, "error: unknown option '%s'\n", argv[k]);
      return 2;
    }
  }
  if (m < 2 || n < 2) {
    fprintf(stderr, "error: the mesh must have at least 2 x 2 zones\n");
    return 2;
  }

  const double gamma = 1.4, cfl = 0.25, cq = 1.5, kappa = 0.05;
  const double ehot = 10.0, ecold = 0.1, pi = 3.141592653589793;

  long long nn = (m + 1) * (n + 1), nz = (m + 2) * (n + 2);
  double *x = alloc(nn), *y = alloc(nn), *u = alloc(nn), *w = alloc(nn);
  double *nmass = alloc(nn);
  double *zmass = alloc(nz), *rho = alloc(nz), *e = alloc(nz), *p = alloc(nz);
  double *q = alloc(nz), *c = alloc(nz), *area = alloc(nz), *anew = alloc(nz);
  double *div = alloc(nz), *sg = alloc(nz), *t = alloc(nz), *tn = alloc(nz);

  printf("simple: %lld x %lld zones, %lld steps, %lld conduction iterations\n",
         m, n, steps, cgit);

  /* the mesh: a slightly wavy grid on the unit square */
  for (long long i = 0; i <= m; i++)
    for (long long j = 0; j <= n; j++) {
      ND(x, i, j) = (double)j / (double)n +
                    0.02 * sin(2.0 * pi * (double)j / (double)n) * sin(pi * (double)i / (double)m);
      ND(y, i, j) = (double)i / (double)m +
                    0.01 * sin(2.0 * pi * (double)i / (double)m) * sin(pi * (double)j / (double)n);
    }
  zone_areas(x, y, area);
  double rad2 = 0.02 * (double)m * (double)n;
  for (long long i = 1; i <= m; i++)
    for (long long j = 1; j <= n; j++) {
      ZN(rho, i, j) = 1.0;
      ZN(zmass, i, j) = ZN(rho, i, j) * ZN(area, i, j);
      double di = (double)i - 0.3 * (double)m, dj = (double)j - 0.4 * (double)n;
      ZN(e, i, j) = (di * di + dj * dj < rad2) ? ehot : ecold;
    }
  /* an interior node's mass: a quarter of each of its four zones */
  for (long long i = 1; i < m; i++)
    for (long long j = 1; j < n; j++)
      ND(nmass, i, j) = 0.25 * (ZN(zmass, i, j) + ZN(zmass, i + 1, j) +
                                ZN(zmass, i, j + 1) + ZN(zmass, i + 1, j + 1));
  for (long long i = 1; i <= m; i++)
    for (long long j = 1; j <= n; j++) {
      ZN(p, i, j) = (gamma - 1.0) * ZN(rho, i, j) * ZN(e, i, j);
      ZN(c, i, j) = sqrt(gamma * ZN(p, i, j) / ZN(rho, i, j));
    }

  double dt = 1.0, time = 0.0; /* the first step takes the CFL limit */
  for (long long step = 1; step <= steps; step++) {
    /* divergence, artificial viscosity, time step */
    double dtinv = -INFINITY;
    for (long long i = 1; i <= m; i++)
      for (long long j = 1; j <= n; j++) {
        double x0 = ND(x, i - 1, j - 1), y0 = ND(y, i - 1, j - 1);
        double x1 = ND(x, i - 1, j), y1 = ND(y, i - 1, j);
        double x2 = ND(x, i, j), y2 = ND(y, i, j);
        double x3 = ND(x, i, j - 1), y3 = ND(y, i, j - 1);
        double u0 = ND(u, i - 1, j - 1), w0 = ND(w, i - 1, j - 1);
        double u1 = ND(u, i - 1, j), w1 = ND(w, i - 1, j);
        double u2 = ND(u, i, j), w2 = ND(w, i, j);
        double u3 = ND(u, i, j - 1), w3 = ND(w, i, j - 1);
        double d = 0.5 * ((u2 - u0) * (y3 - y1) + (x2 - x0) * (w3 - w1) -
                          (u3 - u1) * (y2 - y0) - (x3 - x1) * (w2 - w0)) /
                   ZN(area, i, j);
        ZN(div, i, j) = d;
        ZN(q, i, j) = d < 0.0 ? cq * ZN(rho, i, j) * ZN(area, i, j) * d * d : 0.0;
        double rate = (ZN(c, i, j) + 2.0 * sqrt(ZN(q, i, j) / ZN(rho, i, j))) /
                      sqrt(ZN(area, i, j));
        if (rate > dtinv) dtinv = rate;
      }
    double dtn = cfl / dtinv;
    if (dtn > 1.1 * dt) dtn = 1.1 * dt;
    dt = dtn;

    /* node accelerations and motion, from the total pressures p + q */
    for (long long i = 1; i <= m; i++)
      for (long long j = 1; j <= n; j++) ZN(p, i, j) = ZN(p, i, j) + ZN(q, i, j);
    for (long long i = 1; i < m; i++)
      for (long long j = 1; j < n; j++) {
        double pa = ZN(p, i, j), pb = ZN(p, i + 1, j);     /* above, below  */
        double pc = ZN(p, i, j + 1), pd = ZN(p, i + 1, j + 1);
        double xn = ND(x, i - 1, j), yn = ND(y, i - 1, j); /* node neighbours */
        double xs = ND(x, i + 1, j), ys = ND(y, i + 1, j);
        double xe = ND(x, i, j + 1), ye = ND(y, i, j + 1);
        double xw = ND(x, i, j - 1), yw = ND(y, i, j - 1);
        double fx = 0.5 * (pa * (yw - yn) + pb * (ys - yw) + pc * (yn - ye) + pd * (ye - ys));
        double fy = 0.5 * (pa * (xn - xw) + pb * (xw - xs) + pc * (xe - xn) + pd * (xs - xe));
        /* store the new velocity, move after all forces are known */
        ND(u, i, j) = ND(u, i, j) + dt * fx / ND(nmass, i, j);
        ND(w, i, j) = ND(w, i, j) + dt * fy / ND(nmass, i, j);
      }
    /* (positions change only after every force has used the old ones) */
    for (long long i = 1; i < m; i++)
      for (long long j = 1; j < n; j++) {
        ND(x, i, j) = ND(x, i, j) + dt * ND(u, i, j);
        ND(y, i, j) = ND(y, i, j) + dt * ND(w, i, j);
      }
    zone_areas(x, y, anew);
    double vmin = INFINITY;
    for (long long i = 1; i <= m; i++)
      for (long long j = 1; j <= n; j++) {
        ZN(e, i, j) = ZN(e, i, j) -
                      ZN(p, i, j) * (ZN(anew, i, j) - ZN(area, i, j)) / ZN(zmass, i, j);
        ZN(rho, i, j) = ZN(zmass, i, j) / ZN(anew, i, j);
        ZN(area, i, j) = ZN(anew, i, j);
        if (ZN(area, i, j) < vmin) vmin = ZN(area, i, j);
      }
    if (vmin <= 0.0) {
      printf("step %lld: the mesh is tangled\n", step);
      return 1;
    }

    /* implicit conduction by Jacobi sweeps */
    for (long long i = 1; i <= m; i++)
      for (long long j = 1; j <= n; j++) {
        ZN(sg, i, j) = kappa * dt / (6.0 * ZN(area, i, j));
        ZN(t, i, j) = ZN(e, i, j);
      }
    for (long long it = 0; it < cgit; it++) {
      for (long long j = 1; j <= n; j++) {
        ZN(t, 0, j) = ZN(t, 1, j);
        ZN(t, m + 1, j) = ZN(t, m, j);
      }
      for (long long i = 1; i <= m; i++) {
        ZN(t, i, 0) = ZN(t, i, 1);
        ZN(t, i, n + 1) = ZN(t, i, n);
      }
      ZN(t, 0, 0) = ZN(t, 1, 1);
      ZN(t, 0, n + 1) = ZN(t, 1, n);
      ZN(t, m + 1, 0) = ZN(t, m, 1);
      ZN(t, m + 1, n + 1) = ZN(t, m, n);
      for (long long i = 1; i <= m; i++)
        for (long long j = 1; j <= n; j++) {
          double sides = ZN(t, i - 1, j) + ZN(t, i + 1, j) + ZN(t, i, j + 1) + ZN(t, i, j - 1);
          double corners = ZN(t, i - 1, j + 1) + ZN(t, i - 1, j - 1) +
                           ZN(t, i + 1, j + 1) + ZN(t, i + 1, j - 1);
          ZN(tn, i, j) = (ZN(e, i, j) + ZN(sg, i, j) * (4.0 * sides + corners)) /
                         (1.0 + 20.0 * ZN(sg, i, j));
        }
      for (long long i = 1; i <= m; i++)
        for (long long j = 1; j <= n; j++) ZN(t, i, j) = ZN(tn, i, j);
    }
    double pmax = -INFINITY, tmax = -INFINITY;
    for (long long i = 1; i <= m; i++)
      for (long long j = 1; j <= n; j++) {
        ZN(e, i, j) = ZN(t, i, j);
        ZN(p, i, j) = (gamma - 1.0) * ZN(rho, i, j) * ZN(e, i, j);
        ZN(c, i, j) = sqrt(gamma * ZN(p, i, j) / ZN(rho, i, j));
        if (ZN(p, i, j) > pmax) pmax = ZN(p, i, j);
        if (ZN(e, i, j) > tmax) tmax = ZN(e, i, j);
      }
    time += dt;
    printf("step %lld: dt %.9e pmax %.9e tmax %.9e min area %.9e\n", step, dt, pmax,
           tmax, vmin);
  }

  double eint = 0.0, ekin = 0.0;
  for (long long i = 1; i <= m; i++)
    for (long long j = 1; j <= n; j++) eint += ZN(zmass, i, j) * ZN(e, i, j);
  for (long long i = 1; i < m; i++)
    for (long long j = 1; j < n; j++)
      ekin += 0.5 * ND(nmass, i, j) * (ND(u, i, j) * ND(u, i, j) + ND(w, i, j) * ND(w, i, j));
  printf("time %.6e internal energy %.6e kinetic energy %.6e\n", time, eint, ekin);
  return 0;
}
