-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- A shattered `if` (docs/language.md section 9): before any
-- branch runs, one i1 temporary per condition, each evaluated only where no
-- earlier condition held ("live"); the branches are then statements masked
-- by them, the `else` by what stays live. The scope's mask starts `live`;
-- a nested parallel `if` starts from its branch's mask.

program shattered;
region R = [1..4, 1..4];
var A, B : [R] integer;
var M : [R] boolean;

procedure shattered();
begin
  [R with M] if A > 0 then
    B := A;
    if A > 5 then B += 1; end;
  elsif A < -3 then
    B := 1;
  else
    B := -A;
  end;
end;

-- CHECK-LABEL: func.func @shattered()
-- CHECK-DAG:   %[[M:.*]] = zpl.get @M
-- CHECK-DAG:   %[[B:.*]] = zpl.get @B
-- CHECK:       %[[LIVE:.*]] = zpl.local_array "live" over %[[R:[0-9]+]] align %[[B]]
-- CHECK:       zpl.assign %[[LIVE]] over %[[R]] : !zpl.array<2 x i1>, !zpl.region<2> {
-- CHECK-NEXT:    zpl.yield %false
-- CHECK:       zpl.assign %[[LIVE]] over %[[R]] mask %[[M]] : {{.*}} {
-- CHECK-NEXT:    zpl.yield %true
-- First condition, where live.
-- CHECK:       %[[K1:.*]] = zpl.local_array "branch" over %[[R]] align %[[B]]
-- CHECK:       zpl.assign %[[K1]] over %[[R]] mask %[[LIVE]] : {{.*}} {
-- CHECK:         arith.cmpi sgt
-- CHECK:       zpl.assign %[[LIVE]] over %[[R]] mask %[[K1]] : {{.*}} {
-- CHECK-NEXT:    zpl.yield %false
-- The elsif condition, where still live.
-- CHECK:       %[[K2:.*]] = zpl.local_array "branch" over %[[R]] align %[[B]]
-- CHECK:       zpl.assign %[[K2]] over %[[R]] mask %[[LIVE]] : {{.*}} {
-- CHECK:         arith.cmpi slt
-- CHECK:       zpl.assign %[[LIVE]] over %[[R]] mask %[[K2]] : {{.*}} {
-- The first branch; its nested `if` starts from K1.
-- CHECK:       zpl.assign %[[B]] over %[[R]] mask %[[K1]] : {{.*}} {
-- CHECK:       %[[LIVE2:.*]] = zpl.local_array "live"
-- CHECK:       zpl.assign %[[LIVE2]] over %[[R]] mask %[[K1]] : {{.*}} {
-- CHECK-NEXT:    zpl.yield %true
-- CHECK:       %[[K3:.*]] = zpl.local_array "branch"
-- CHECK:       zpl.assign %[[K3]] over %[[R]] mask %[[LIVE2]] : {{.*}} {
-- CHECK:       zpl.assign %[[B]] over %[[R]] mask %[[K3]] : {{.*}} {
-- CHECK:         arith.addi
-- The elsif branch and the else branch.
-- CHECK:       zpl.assign %[[B]] over %[[R]] mask %[[K2]] : {{.*}} {
-- CHECK:       zpl.assign %[[B]] over %[[R]] mask %[[LIVE]] : {{.*}} {
-- CHECK:         arith.subi
-- CHECK:       zpl.free_array
