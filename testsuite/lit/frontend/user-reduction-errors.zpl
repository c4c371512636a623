-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- Errors of user-defined reductions (docs/language.md section 6).
program p;
region R = [1..4];
region C = [1..4, 1];
var A : [R] double;
var B : [R] boolean;
var S : [C] double;
region Q = [1..4, 1..4];
var A2 : [Q] double;
var M2 : [Q] boolean;
var s : double;
var t : integer;

procedure three(a, b, c : double) : double;
begin
  return a;
end;

procedure mixed(a : double; b : integer) : double;
begin
  return a;
end;

procedure noisy(a, b : double) : double;
begin
  writeln("combining");
  return a + b;
end;

procedure pick(a, b : double) : double;
begin
  return b;
end;

procedure p();
begin
-- CHECK: {{.*}}user-reduction-errors.zpl:[[@LINE+1]]:12: error: unknown reduction operator 'nosuch' (expected + * max min & | or the name of a procedure)
  [R] s := nosuch<< A;
-- CHECK: {{.*}}user-reduction-errors.zpl:[[@LINE+1]]:12: error: 'three' cannot be a reduction operator: it must take two values of one type and return that type, e.g. 'procedure three(a, b : double) : double'
  [R] s := three<< A;
-- CHECK: {{.*}}user-reduction-errors.zpl:[[@LINE+1]]:12: error: 'mixed' cannot be a reduction operator: it must take two values of one type
  [R] s := mixed<< A;
-- CHECK: {{.*}}user-reduction-errors.zpl:[[@LINE+1]]:12: error: reduction 'pick<<' combines double values, not boolean
  [R] s := pick<< B;
-- CHECK: {{.*}}user-reduction-errors.zpl:[[@LINE+1]]:8: error: reduction 'pick<<' of a scalar needs a region to reduce over (a region scope or 'pick<< [R] ...')
  s := pick<< 1.0;
-- CHECK: {{.*}}user-reduction-errors.zpl:[[@LINE+1]]:27: error: a mask on the region of a partial reduction with 'pick<<' is not supported (a user-defined operator has no identity to stand for masked-out indices)
  [C] S := pick<< [Q with M2] A2;
-- CHECK: {{.*}}user-reduction-errors.zpl:[[@LINE+1]]:12: error: 'p' cannot be a reduction operator: it must take two values
  [R] s := p<< A;
end;
