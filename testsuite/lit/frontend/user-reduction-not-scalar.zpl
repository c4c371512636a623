-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A user-defined reduction's procedure must be scalar (docs/language.md
-- sections 6 and 9): this one does I/O.
program p;
region R = [1..4];
region C = [1..4, 1];
var A : [R] double;
var B : [R] boolean;
var S : [C] double;
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
-- CHECK: {{.*}}user-reduction-not-scalar.zpl:[[@LINE+2]]:12: error: 'noisy' cannot be a reduction operator: it is not a scalar procedure: it does I/O ('writeln' at 25:3)
-- CHECK: {{.*}}user-reduction-not-scalar.zpl:25:3: note: what keeps 'noisy' from being scalar
  [R] s := noisy<< A;
end;
