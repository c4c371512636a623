/* remap_abi.c — gather and scatter through the runtime ABI: a transpose via
 * index arrays (both ways), a random permutation (rank 1), a gather from a
 * rank-1 array at rank-2 points, scatter collisions (largest row-major
 * position wins) and a scatter into a flood array. Results are checked
 * against formulas on every PE; printed arrays are compared with the serial
 * run. zrt_gather/zrt_scatter run one remap each; the last section keeps
 * im_remap handles across rounds. --probe=1 / --probe=2 / --probe=3: an
 * index outside the declared region (gather / scatter / gather on a kept
 * handle) must stop every PE with status 2.
 *
 *   [Q] T := A#[Index2, Index1];  [Q] U#[Index2, Index1] := A;
 *   [L] Y := X#[P];  [L] Z#[P] := X;  [L] V#[Index1 % 3 + 1] := X; ...
 */
#include "abi_util.h"

static int64_t perm(int64_t i, int64_t N, int64_t mul, int64_t add) {
  return ((i - 1) * mul + add) % N + 1;
}

static int64_t gcd(int64_t a, int64_t b) { return b ? gcd(b, a % b) : a; }

void zpl_main(void) {
  int64_t n = zrt_config_i64("n", 6);
  int64_t N = zrt_config_i64("N", 23);
  int64_t mul = zrt_config_i64("mul", 7);
  int64_t probe = zrt_config_i64("probe", 0);
  zrt_config_done();
  while (gcd(mul, N) != 1)
    ++mul;
  int64_t add = N / 3;

  zrt_region Q = zrt_region_make(2, 1, n, 1, n, 0, 0);
  zrt_region L = zrt_region_make(1, 1, N, 0, 0, 0, 0);
  zrt_region FQ = zrt_region_flood(zrt_region_make(2, 1, n, 1, 1, 0, 0), 1);
  zrt_region_check("Q", Q);
  zrt_region_check("L", L);
  zrt_dist_add(Q);
  zrt_dist_add(L);
  zrt_dist_add(FQ);

  zrt_array *A = zrt_array_new("A", Q, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *T = zrt_array_new("T", Q, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *U = zrt_array_new("U", Q, ZRT_F64, 0, 0, 0, 0, 0, 0);
  zrt_array *I1 = zrt_array_new("I1", Q, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *I2 = zrt_array_new("I2", Q, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *J = zrt_array_new("J", Q, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *M = zrt_array_new("M", Q, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *X = zrt_array_new("X", L, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *Y = zrt_array_new("Y", L, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *Z = zrt_array_new("Z", L, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *P = zrt_array_new("P", L, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *C3 = zrt_array_new("C3", L, ZRT_I64, 0, 0, 0, 0, 0, 0);
  zrt_array *F = zrt_array_new("F", FQ, ZRT_F64, 0, 0, 0, 0, 0, 0);
  acc a = acc_of(A, ZRT_F64), t = acc_of(T, ZRT_F64), u = acc_of(U, ZRT_F64),
      i1 = acc_of(I1, ZRT_I64), i2 = acc_of(I2, ZRT_I64), jj = acc_of(J, ZRT_I64),
      mm = acc_of(M, ZRT_I64), x = acc_of(X, ZRT_I64), y = acc_of(Y, ZRT_I64),
      z = acc_of(Z, ZRT_I64), pp = acc_of(P, ZRT_I64), c3 = acc_of(C3, ZRT_I64),
      f = acc_of(F, ZRT_F64);

  FOR_LOCAL(Q, i, j, k) {
    AT_F64(a, i, j, k) = (double)(100 * i + j);
    AT_I64(i1, i, j, k) = j; /* Index2 */
    AT_I64(i2, i, j, k) = i; /* Index1 */
    AT_I64(jj, i, j, k) = ((i - 1) * n + (j - 1)) % N + 1;
  }
  FOR_LOCAL(L, i, j, k) {
    AT_I64(x, i, j, k) = 1000 + i * i;
    AT_I64(pp, i, j, k) = perm(i, N, mul, add);
    AT_I64(c3, i, j, k) = i % 3 + 1;
  }
  if (probe == 1) { /* one PE holds the bad index */
    FOR_LOCAL(Q, i, j, k) if (i == n && j == n) AT_I64(i1, i, j, k) = n + 1;
    zrt_gather(T, Q, A, I1, I2, NULL);
  }
  if (probe == 2) {
    FOR_LOCAL(L, i, j, k) if (i == 2) AT_I64(pp, i, j, k) = 0;
    zrt_scatter(Z, L, X, P, NULL, NULL);
  }

  /* [Q] T := A#[Index2, Index1] */
  zrt_gather(T, Q, A, I1, I2, NULL);
  int64_t e = 0;
  FOR_LOCAL(Q, i, j, k) e += AT_F64(t, i, j, k) != (double)(100 * j + i);
  report("gather transpose", e);
  print_array("T := A#[Index2, Index1]", T, Q, "");

  /* [Q] U#[Index2, Index1] := A */
  zrt_scatter(U, Q, A, I1, I2, NULL);
  e = 0;
  FOR_LOCAL(Q, i, j, k) e += AT_F64(u, i, j, k) != (double)(100 * j + i);
  report("scatter transpose", e);

  /* [L] Y := X#[P]; [L] Z#[P] := X */
  zrt_gather(Y, L, X, P, NULL, NULL);
  zrt_scatter(Z, L, X, P, NULL, NULL);
  e = 0;
  FOR_LOCAL(L, i, j, k) {
    int64_t pi = perm(i, N, mul, add);
    e += AT_I64(y, i, j, k) != 1000 + pi * pi;
    /* Z[perm(i')] = X[i']: find i' with perm(i') = i */
    int64_t src = 0;
    for (int64_t q = 1; q <= N; ++q)
      if (perm(q, N, mul, add) == i)
        src = q;
    e += AT_I64(z, i, j, k) != 1000 + src * src;
  }
  report("gather and scatter with a permutation", e);
  print_array("Y := X#[P]", Y, L, "");
  print_array("Z#[P] := X", Z, L, "");

  /* [Q] M := X#[J] (rank-2 points read a rank-1 array) */
  zrt_gather(M, Q, X, J, NULL, NULL);
  e = 0;
  FOR_LOCAL(Q, i, j, k) {
    int64_t q = ((i - 1) * n + (j - 1)) % N + 1;
    e += AT_I64(mm, i, j, k) != 1000 + q * q;
  }
  report("gather rank 1 source at rank 2 points", e);

  /* [L] Z#[Index1 % 3 + 1] := X: the largest i of each residue wins */
  FOR_LOCAL(L, i, j, k) AT_I64(z, i, j, k) = -7;
  zrt_scatter(Z, L, X, C3, NULL, NULL);
  e = 0;
  FOR_LOCAL(L, i, j, k) {
    int64_t want = -7;
    for (int64_t q = 1; q <= N; ++q)
      if (q % 3 + 1 == i)
        want = 1000 + q * q;
    e += AT_I64(z, i, j, k) != want;
  }
  report("scatter collisions: largest position wins", e);
  print_array("Z#[Index1 % 3 + 1] := X", Z, L, "");

  /* [Q] F#[Index2, Index1] := A with F a flood array over [1..n, *]: every
   * PE along * receives the writes; the last point (i = n) wins per row */
  zrt_scatter(F, Q, A, I1, I2, NULL);
  e = 0;
  FOR_LOCAL(Q, i, j, k) e += AT_F64(f, i, j, k) != (double)(100 * n + i);
  report("scatter into a flood array", e);
  /* and gather back from it: [Q] T := F#[Index1, Index2] */
  zrt_gather(T, Q, F, I2, I1, NULL);
  e = 0;
  FOR_LOCAL(Q, i, j, k) e += AT_F64(t, i, j, k) != (double)(100 * n + i);
  report("gather from a flood array", e);
  print_array("F over Q", F, Q, "");
  /* [L] Y := X#[P] and [L] Z#[C3] := X on static handles, as generated
   * code runs them: five rounds with new values of X; P stays the same for
   * rounds 0-2 (the schedule is kept) and changes in round 3; the strategy
   * alternates. --probe=3: P turns bad in round 3 (the re-inspection stops
   * every PE with status 2). */
  im_transfer *gather = NULL, *scatter = NULL;
  int64_t mul2 = mul + 1;
  while (gcd(mul2, N) != 1)
    ++mul2;
  e = 0;
  for (int64_t round = 0; round < 5; ++round) {
    int64_t mm_r = round < 3 ? mul : mul2;
    FOR_LOCAL(L, i, j, k) {
      AT_I64(x, i, j, k) = 1000 * round + i * i;
      AT_I64(pp, i, j, k) = perm(i, N, mm_r, add);
      if (probe == 3 && round == 3 && i == N)
        AT_I64(pp, i, j, k) = N + 1;
      AT_I64(z, i, j, k) = -7;
    }
    zrt_array_wrote(P); /* written through a pointer taken before the remaps */
    int64_t strategy = round % 2 ? IM_CHAINED : IM_PACKED;
    gather = im_remap(gather, 20, IM_GATHER, Y, L, X, P, NULL, NULL);
    im_strategy(gather, strategy);
    im_dr(gather);
    im_sr(gather);
    im_dn(gather);
    im_sv(gather);
    scatter = im_remap(scatter, 21, IM_SCATTER, Z, L, X, C3, NULL, NULL);
    im_strategy(scatter, strategy);
    im_dr(scatter);
    im_sr(scatter);
    im_dn(scatter);
    im_sv(scatter);
    FOR_LOCAL(L, i, j, k) {
      int64_t pi = perm(i, N, mm_r, add);
      e += AT_I64(y, i, j, k) != 1000 * round + pi * pi;
      int64_t want = -7; /* Z(c) = X(largest q with q % 3 + 1 = c) */
      for (int64_t q = 1; q <= N; ++q)
        if (q % 3 + 1 == i)
          want = 1000 * round + q * q;
      e += AT_I64(z, i, j, k) != want;
    }
  }
  report("gather and scatter on static handles, indices kept then changed", e);
  report_all();
}
