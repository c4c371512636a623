/* cg.c: an independent sequential reference for examples/nas/cg.zpl.
 *
 * NPB CG, written from the NPB 3.4 specification with plain loops and a
 * compressed-row (CSR) matrix, as NPB stores it; cg.zpl instead keeps the
 * matrix as unmerged (row, column, value) triples and multiplies with a
 * gather and an accumulating scatter, so the two agree to rounding only.
 *
 * The matrix: the random generator x(k+1) = a x(k) mod 2^46, a = 5^13,
 * x(0) = 314159265, one number drawn before anything else. For each outer
 * index i = 1..na, a sparse vector of nonzer distinct positions in 1..na
 * (draw a value, then a position floor(pow2 * u) + 1 with pow2 the least
 * power of two >= na, rejecting positions beyond na or already taken),
 * then position i set to 0.5 (added when absent). Its outer product,
 * scaled by size_i = rcond^((i-1)/na), is added to the matrix; finally
 * rcond - shift is added to the diagonal. Duplicates are summed per row in
 * the order they were generated, the columns of a row sorted.
 *
 * The benchmark: x = (1, ..., 1); niter times: z = 25 iterations of
 * conjugate gradient on A z = x from z = 0, zeta = shift + 1 / (x . z),
 * x = z / |z|. One untimed iteration first, then x is reset (as NPB does;
 * it does not change the result).
 *
 * Prints "it <k> zeta <%.15e>" per iteration and "zeta <%.15e>" at the end.
 * Options: --na=<int> (1400) --nonzer=<int> (7) --niter=<int> (15)
 *          --shift=<real> (10)
 * Build: cc -O2 -std=c11 -ffp-contract=off -o cg cg.c -lm
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double rcond = 0.1;
static double seed = 314159265.0;

/* One step of the generator; returns the new state scaled into (0, 1).
 * Exact in doubles: the 46-bit product is split into 23-bit halves. */
static double next_random(void) {
  const double two23 = 8388608.0, two46 = two23 * two23;
  const double a = 1220703125.0;
  double a_hi = floor(a / two23), a_lo = a - two23 * a_hi;
  double x_hi = floor(seed / two23), x_lo = seed - two23 * x_hi;
  double mid = a_hi * x_lo + a_lo * x_hi;
  mid -= two23 * floor(mid / two23);
  double full = two23 * mid + a_lo * x_lo;
  seed = full - two46 * floor(full / two46);
  return seed / two46;
}

typedef struct {
  int n;        /* entries */
  int *pos;     /* 1-based positions */
  double *val;
} sparse_vec;

/* The sparse vector of outer index i (see the top of the file). */
static void random_vector(int na, int nonzer, int i, sparse_vec *v, char *taken) {
  int pow2 = 1;
  do
    pow2 *= 2;
  while (pow2 < na);
  v->n = 0;
  while (v->n < nonzer) {
    double value = next_random();
    int p = (int)(pow2 * next_random()) + 1;
    if (p > na || taken[p])
      continue;
    taken[p] = 1;
    v->pos[v->n] = p;
    v->val[v->n++] = value;
  }
  for (int k = 0; k < v->n; ++k)
    taken[v->pos[k]] = 0;
  int k = 0;
  while (k < v->n && v->pos[k] != i)
    ++k;
  if (k == v->n) {
    v->pos[v->n++] = i;
  }
  v->val[k] = 0.5;
}

typedef struct {
  int na;
  int *start; /* row r: entries start[r] .. start[r+1]-1 (0-based rows) */
  int *col;   /* 0-based */
  double *val;
} csr;

typedef struct {
  int row, col;
  double val;
} triple;

/* Duplicates summed in generation order, the columns of each row sorted. */
static csr to_csr(int na, const triple *t, long nt) {
  csr m = {na, calloc(na + 1, sizeof(int)), malloc(nt * sizeof(int)), malloc(nt * sizeof(double))};
  int *count = calloc(na + 1, sizeof(int));
  for (long e = 0; e < nt; ++e)
    ++count[t[e].row + 1];
  for (int r = 0; r < na; ++r)
    count[r + 1] += count[r];
  long *order = malloc(nt * sizeof(long));
  for (long e = 0; e < nt; ++e)
    order[count[t[e].row]++] = e; /* stable: by row, generation order */
  double *sum = calloc(na, sizeof(double));
  char *seen = calloc(na, 1);
  int *cols = malloc(na * sizeof(int));
  long out = 0, e = 0;
  for (int r = 0; r < na; ++r) {
    m.start[r] = (int)out;
    int ncols = 0;
    for (; e < nt && t[order[e]].row == r; ++e) {
      const triple *x = &t[order[e]];
      sum[x->col] += x->val;
      if (!seen[x->col]) {
        seen[x->col] = 1;
        cols[ncols++] = x->col;
      }
    }
    for (int a = 1; a < ncols; ++a) /* insertion sort: rows are short */
      for (int b = a; b > 0 && cols[b - 1] > cols[b]; --b) {
        int c = cols[b];
        cols[b] = cols[b - 1];
        cols[b - 1] = c;
      }
    for (int k = 0; k < ncols; ++k) {
      m.col[out] = cols[k];
      m.val[out++] = sum[cols[k]];
      sum[cols[k]] = 0.0;
      seen[cols[k]] = 0;
    }
  }
  m.start[na] = (int)out;
  free(count);
  free(order);
  free(sum);
  free(seen);
  free(cols);
  return m;
}

static csr make_matrix(int na, int nonzer, double shift) {
  long cap = (long)na * (nonzer + 1) * (nonzer + 1) + na;
  triple *t = malloc(cap * sizeof *t);
  sparse_vec v = {0, malloc((nonzer + 1) * sizeof(int)), malloc((nonzer + 1) * sizeof(double))};
  char *taken = calloc(na + 1, 1);
  double ratio = pow(rcond, 1.0 / na), size = 1.0;
  long nt = 0;
  for (int i = 1; i <= na; ++i) {
    random_vector(na, nonzer, i, &v, taken);
    for (int a = 0; a < v.n; ++a) {
      double scale = size * v.val[a];
      for (int b = 0; b < v.n; ++b)
        t[nt++] = (triple){v.pos[b] - 1, v.pos[a] - 1, v.val[b] * scale};
    }
    size *= ratio;
  }
  for (int i = 0; i < na; ++i)
    t[nt++] = (triple){i, i, rcond - shift};
  csr m = to_csr(na, t, nt);
  free(t);
  free(v.pos);
  free(v.val);
  free(taken);
  return m;
}

static void multiply(const csr *m, const double *p, double *q) {
  for (int r = 0; r < m->na; ++r) {
    double s = 0.0;
    for (int k = m->start[r]; k < m->start[r + 1]; ++k)
      s += m->val[k] * p[m->col[k]];
    q[r] = s;
  }
}

static double dot(int n, const double *a, const double *b) {
  double s = 0.0;
  for (int j = 0; j < n; ++j)
    s += a[j] * b[j];
  return s;
}

/* z = 25 CG iterations on A z = x from 0. */
static void conjugate_gradient(const csr *m, const double *x, double *z, double *p, double *q,
                               double *r) {
  int n = m->na;
  for (int j = 0; j < n; ++j) {
    z[j] = 0.0;
    r[j] = p[j] = x[j];
  }
  double rho = dot(n, r, r);
  for (int it = 0; it < 25; ++it) {
    multiply(m, p, q);
    double alpha = rho / dot(n, p, q), rho0 = rho;
    for (int j = 0; j < n; ++j) {
      z[j] += alpha * p[j];
      r[j] -= alpha * q[j];
    }
    rho = dot(n, r, r);
    for (int j = 0; j < n; ++j)
      p[j] = r[j] + rho / rho0 * p[j];
  }
}

/* zeta of one inverse power iteration; x becomes z / |z|. */
static double power_step(const csr *m, double *x, double *w[4], double shift) {
  int n = m->na;
  double *z = w[0];
  conjugate_gradient(m, x, z, w[1], w[2], w[3]);
  double xz = dot(n, x, z), norm = 1.0 / sqrt(dot(n, z, z));
  for (int j = 0; j < n; ++j)
    x[j] = norm * z[j];
  return shift + 1.0 / xz;
}

static long option(int argc, char **argv, const char *name, double *out) {
  size_t len = strlen(name);
  for (int i = 1; i < argc; ++i)
    if (strncmp(argv[i], name, len) == 0 && argv[i][len] == '=') {
      *out = atof(argv[i] + len + 1);
      return 1;
    }
  return 0;
}

int main(int argc, char **argv) {
  double na_d = 1400, nonzer_d = 7, niter_d = 15, shift = 10;
  option(argc, argv, "--na", &na_d);
  option(argc, argv, "--nonzer", &nonzer_d);
  option(argc, argv, "--niter", &niter_d);
  option(argc, argv, "--shift", &shift);
  int na = (int)na_d, nonzer = (int)nonzer_d, niter = (int)niter_d;
  if (na < 2 || nonzer < 1 || niter < 1) {
    fprintf(stderr, "cg: need na >= 2, nonzer >= 1, niter >= 1\n");
    return 2;
  }
  next_random(); /* NPB draws one number before making the matrix */
  csr m = make_matrix(na, nonzer, shift);
  double *x = malloc(na * sizeof(double)), *w[4];
  for (int k = 0; k < 4; ++k)
    w[k] = malloc(na * sizeof(double));
  for (int j = 0; j < na; ++j)
    x[j] = 1.0;
  power_step(&m, x, w, shift); /* untimed in NPB */
  for (int j = 0; j < na; ++j)
    x[j] = 1.0;
  double zeta = 0.0;
  for (int it = 1; it <= niter; ++it) {
    zeta = power_step(&m, x, w, shift);
    printf("it %d zeta %.15e\n", it, zeta);
  }
  printf("zeta %.15e\n", zeta);
  return 0;
}
