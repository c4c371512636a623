/* jacobi.c: an independent sequential reference for examples/jacobi.zpl.
 *
 * Plain C, no zplc runtime. It does exactly the computation the ZPL program
 * describes, in the same floating-point order, and prints the same lines:
 *
 *   A is (n+2) x (n+2), indices 0..n+1 in both dimensions (BigR).
 *   A = 0 everywhere; A[n+1][j] = 1 for j = 1..n ([south of R] A := 1.0).
 *   repeat
 *     over R = [1..n, 1..n], from the old A:
 *       Temp[i][j] = (((A[i-1][j] + A[i][j+1]) + A[i+1][j]) + A[i][j-1]) / 4
 *     err = max over R of |Temp - A|
 *     A = Temp over R (the boundary keeps its initial values)
 *     it += 1
 *   until err < eps or it >= maxit
 *   print "iterations: <it> err: <err %.3e>"
 *   print "sum: <sum of A over R, row-major order, %.6f>"
 *
 * Options: --n=<int> (default 64), --maxit=<int> (default 100000).
 * A malformed or unknown option prints one line and exits with status 2.
 *
 * Build: cc -O2 -std=c11 -o jacobi jacobi.c -lm
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int64_t parse_int(const char *opt, const char *text) {
  char *end = NULL;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0') {
    fprintf(stderr, "error: bad value for --%s: '%s'\n", opt, text);
    exit(2);
  }
  return (int64_t)v;
}

int main(int argc, char **argv) {
  int64_t n = 64;
  int64_t maxit = 100000;
  const double eps = 1e-6;

  for (int a = 1; a < argc; a++) {
    if (strncmp(argv[a], "--n=", 4) == 0) {
      n = parse_int("n", argv[a] + 4);
    } else if (strncmp(argv[a], "--maxit=", 8) == 0) {
      maxit = parse_int("maxit", argv[a] + 8);
    } else {
      fprintf(stderr, "error: unknown option '%s'\n", argv[a]);
      return 2;
    }
  }
  if (n < 1) {
    fprintf(stderr, "error: --n must be at least 1 (got %" PRId64 ")\n", n);
    return 2;
  }

  const int64_t w = n + 2; /* row length of BigR */
  double *A = calloc((size_t)(w * w), sizeof *A);
  double *T = calloc((size_t)(w * w), sizeof *T);
  if (A == NULL || T == NULL) {
    fprintf(stderr, "error: n=%" PRId64 " is too large for memory\n", n);
    return 2;
  }
#define AT(M, i, j) (M)[(i) * w + (j)]

  for (int64_t j = 1; j <= n; j++) AT(A, n + 1, j) = 1.0;

  int64_t it = 0;
  double err;
  do {
    for (int64_t i = 1; i <= n; i++)
      for (int64_t j = 1; j <= n; j++)
        AT(T, i, j) = (AT(A, i - 1, j) + AT(A, i, j + 1) + AT(A, i + 1, j) +
                       AT(A, i, j - 1)) / 4.0;
    err = 0.0; /* every |Temp - A| is >= 0, so 0 is a neutral start */
    for (int64_t i = 1; i <= n; i++)
      for (int64_t j = 1; j <= n; j++) {
        double d = fabs(AT(T, i, j) - AT(A, i, j));
        if (d > err) err = d;
      }
    for (int64_t i = 1; i <= n; i++)
      for (int64_t j = 1; j <= n; j++) AT(A, i, j) = AT(T, i, j);
    it += 1;
  } while (!(err < eps || it >= maxit));

  printf("iterations: %" PRId64 " err: %.3e\n", it, err);

  double total = 0.0;
  for (int64_t i = 1; i <= n; i++)
    for (int64_t j = 1; j <= n; j++) total += AT(A, i, j);
  printf("sum: %.6f\n", total);

#undef AT
  free(A);
  free(T);
  return 0;
}
