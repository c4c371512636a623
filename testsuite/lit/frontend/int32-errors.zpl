-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- int32 (docs/language.md section 3): integer and int32 convert into each
-- other on assignment, reals and booleans only through int32(); `%` and
-- the bit built-ins take either integer type; loop variables, indices of
-- indexed arrays and `var` arguments keep their exact types; remap indices
-- may be int32. Lines 37-39 are legal and give no error.
-- CHECK: {{.*}}int32-errors.zpl:26:8: error: cannot assign a double value to int32 'j' (convert with int32())
-- CHECK: {{.*}}int32-errors.zpl:27:12: error: cannot assign a double value to int32 'A' (convert with int32())
-- CHECK: {{.*}}int32-errors.zpl:28:10: error: operator '%' needs integer operands (have double and int32)
-- CHECK: {{.*}}int32-errors.zpl:29:13: error: argument of 'bnot' must be an integer (have double)
-- CHECK: {{.*}}int32-errors.zpl:30:7: error: the loop variable 'j' must be an integer scalar variable
-- CHECK: {{.*}}int32-errors.zpl:32:10: error: the index of an indexed array must be an integer (have int32)
-- CHECK: {{.*}}int32-errors.zpl:33:9: error: argument 1 of 'byref' must be an int32 variable (have integer)
-- CHECK: {{.*}}int32-errors.zpl:34:8: error: cannot assign a boolean value to int32 'j'
-- CHECK: {{.*}}int32-errors.zpl:35:15: error: remap indices must be integer or int32 (have double)
-- CHECK: {{.*}}int32-errors.zpl:36:8: error: 'int32' takes 1 argument
-- CHECK-NOT: error:
program bad;
region R = [1..4];
var A : [R] int32; D : [R] double; N : [R] integer;
var i : integer; j : int32; x : double; p : boolean;
var T : array [1..4] of int32;
procedure byref(var v : int32); begin v := 1; end;
procedure bad();
begin
  j := 1.5;
  [R] A := D;
  j := x % j;
  j := bnot(x);
  for j := 1 to 3 do
  end;
  i := T[j];
  byref(i);
  j := p;
  [R] A := N#[D];
  j := int32(1, 2);
  j := int32(p) + int32(x) + int32(i) + integer(j) + band(j, i);
  byref(j);
  [R] A := N#[A] + A#[N] + i % j;
end;
