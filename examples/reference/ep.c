/* ep.c: an independent sequential reference for examples/nas/ep.zpl.
 *
 * Plain C, no zplc runtime. It follows the NPB 3.4 specification of EP
 * directly: one generator, the uniform numbers in the order the
 * specification draws them, the generator's multiplication done in double
 * arithmetic on 23-bit halves as the specification describes it (the ZPL
 * program uses 64-bit integers instead, so the two share no arithmetic).
 *
 *   x_0 = 271828183, x_{j+1} = 5^13 * x_j mod 2^46, u_j = x_j / 2^46
 *   for every pair (u_{2i+1}, u_{2i+2}), i = 0 .. 2^m - 1:
 *     x = 2u - 1, y = 2u' - 1, t = x^2 + y^2
 *     if t <= 1: f = sqrt(-2 ln t / t), X = x f, Y = y f,
 *                sx += X, sy += Y, q[int(max(|X|, |Y|))] += 1
 *   print, as NPB does (in C formats), the number of pairs inside, the
 *   sums and the counts q[0..9]
 *
 * NPB splits the pairs into batches to run them in parallel; taken in
 * order, the batches are exactly this one sequence, so the reference has
 * no batches and sums in sequence order.
 *
 * Options: --m=<int> (default 24, NPB class S). A malformed or unknown
 * option prints one line and exits with status 2.
 *
 * Build: cc -O2 -std=c11 -ffp-contract=off -o ep ep.c -lm
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ANNULI = 10 };

/* x := a * x mod 2^46 with every product exact in doubles: a and x are
 * split into 23-bit halves, a = a1 2^23 + a2, x = x1 2^23 + x2, and
 * a x mod 2^46 = ((a1 x2 + a2 x1) mod 2^23) 2^23 + a2 x2 (mod 2^46). */
static double next_uniform(double *x, double a) {
  const double two23 = 8388608.0, two46 = two23 * two23;
  double a1 = floor(a / two23), a2 = a - two23 * a1;
  double x1 = floor(*x / two23), x2 = *x - two23 * x1;
  double cross = a1 * x2 + a2 * x1;
  double cross_low = cross - two23 * floor(cross / two23);
  double product = two23 * cross_low + a2 * x2;
  *x = product - two46 * floor(product / two46);
  return *x / two46;
}

static long parse_m(int argc, char **argv) {
  long m = 24;
  for (int i = 1; i < argc; ++i) {
    char *end = NULL;
    if (strncmp(argv[i], "--m=", 4) != 0 ||
        (m = strtol(argv[i] + 4, &end, 10), *end != '\0') || m < 1 || m > 40) {
      fprintf(stderr, "ep: bad option '%s' (expected --m=<1..40>)\n", argv[i]);
      exit(2);
    }
  }
  return m;
}

int main(int argc, char **argv) {
  long m = parse_m(argc, argv);
  double a = 1220703125.0, x = 271828183.0, sx = 0.0, sy = 0.0;
  long long q[ANNULI] = {0}, pairs = 1LL << m;
  for (long long i = 0; i < pairs; ++i) {
    double px = 2.0 * next_uniform(&x, a) - 1.0;
    double py = 2.0 * next_uniform(&x, a) - 1.0;
    double t = px * px + py * py;
    if (t <= 1.0) {
      double f = sqrt(-2.0 * log(t) / t);
      double gx = px * f, gy = py * f;
      q[(int)fmax(fabs(gx), fabs(gy))] += 1;
      sx += gx;
      sy += gy;
    }
  }
  long long inside = 0;
  for (int l = 0; l < ANNULI; ++l)
    inside += q[l];
  printf("No. Gaussian Pairs = %14lld.\n", inside);
  printf("Sums = %25.15e%25.15e\n", sx, sy);
  printf("Counts:\n");
  for (int l = 0; l < ANNULI; ++l)
    printf("%3d%14lld.\n", l, q[l]);
  return 0;
}
