-- RUN: %zplc --emit=ironman %s | FileCheck %s
-- RUN: %zplc --emit=c %s | FileCheck %s --check-prefix=C
-- A region derived with a direction of config vars: zpl.derive takes the
-- components as operands; zpl-infer-storage cannot size A's fluff for it
-- and marks the statements over it zpl.check_storage instead; the C checks
-- the assigned array (write) and the arrays read at offset 0 (read).
-- CHECK: zpl.array_decl @A : !zpl.array<1 x i64> attributes {fluff = array<i64: 0, 0>}
-- CHECK: zpl.derive of {{%.*}} [0] run_time({{%.*}}) : !zpl.region<1>
-- CHECK: zpl.assign {{.*}} {zpl.check_storage}
-- CHECK: zpl.reduce add over {{.*}} {zpl.check_storage}
-- C: zrt_array_check(
-- C: zrt_array_check_write(
-- C: zrt_array_check(
-- C-NOT: zrt_array_check
program p;
config var k : integer = 1;
direction right = [k];
var A, B : [1..8] integer;
var s : integer;
procedure p();
begin
  [1..8] A := 0;
  [1..8] B := 1;
  [right of [1..4]] A := B;
  s := +<< [[1..4] at right] A;
  writeln(s);
end;
