-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- The bit built-ins (band, bor, bxor, bnot, bsl, bsr) take integers only,
-- scalar or parallel, and their number of arguments; the conversions
-- integer, double and float also take a boolean (issue 25, item 3). Lines
-- 36-41 are legal and give no error.
-- CHECK: {{.*}}bit-builtin-errors.zpl:23:24: error: a call cannot be used in a constant initializer
-- CHECK: {{.*}}bit-builtin-errors.zpl:26:13: error: argument of 'band' must be an integer (have double)
-- CHECK: {{.*}}bit-builtin-errors.zpl:27:15: error: argument of 'bor' must be an integer (have boolean)
-- CHECK: {{.*}}bit-builtin-errors.zpl:28:13: error: argument of 'bnot' must be an integer (have float)
-- CHECK: {{.*}}bit-builtin-errors.zpl:29:19: error: argument of 'bsl' must be an integer (have double)
-- CHECK: {{.*}}bit-builtin-errors.zpl:30:16: error: argument of 'bsr' must be an integer (have double)
-- CHECK: {{.*}}bit-builtin-errors.zpl:30:19: error: argument of 'bsr' must be an integer (have double)
-- CHECK: {{.*}}bit-builtin-errors.zpl:31:15: error: argument of 'bxor' must be an integer (have boolean)
-- CHECK: {{.*}}bit-builtin-errors.zpl:32:8: error: 'bsr' takes 2 arguments
-- CHECK: {{.*}}bit-builtin-errors.zpl:33:8: error: 'bnot' takes 1 argument
-- CHECK: {{.*}}bit-builtin-errors.zpl:34:3: error: the result of 'band' is unused
-- CHECK: {{.*}}bit-builtin-errors.zpl:35:13: error: argument of 'sqrt' must be a number (have boolean)
-- CHECK-NOT: error:
program bad;
region R = [1..4];
var A : [R] integer; D : [R] double; P : [R] boolean;
var i : integer; x : double; f : float; p : boolean;
constant c : integer = band(1, 2);
procedure bad();
begin
  i := band(1.5, 2);
  i := bor(i, p);
  i := bnot(f);
  [R] A := bsl(A, D);
  [R] A := bsr(D, x);
  i := bxor(i > 0, 1);
  i := bsr(i);
  i := bnot(i, 1);
  band(i, 1);
  x := sqrt(p);
  i := integer(p) + integer(i < 0);
  x := double(p) + float(true);
  [R] A := integer(P) + band(A, 3) + bnot(Index1);
  [R] D := double(A > 2) + float(P);
  [R] A := bsl(A, i) + bsr(i, A) + bor(A, bxor(A, i));
  x := double(integer(p));
end;
