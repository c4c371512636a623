-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- `var` parameters, array parameters (by reference, rank-only too) and
-- local arrays.

program refs;

config var n : integer = 4;
region R = [1..n, 1..n];
var A : [R] double;
var g : integer;

procedure inc(var y : integer; d : integer);
begin
  y := y + d;
end;

procedure twice(var y : integer);
begin
  inc(y, y);
end;

procedure fill(X : [R] double; Y : [,] double; v : double);
var L : [R] double;
var c : integer;
begin
  [R] L := v;
  [R] X := L + Y;
  if v > 0.0 then
    return;
  end;
  c := 1;
end;

procedure refs();
var x : integer;
begin
  inc(x, 2);
  inc(g, 3);
  twice(x);
  fill(A, A, 1.5);
end;

-- Loads and stores of a `var` parameter go through its reference.
-- CHECK-LABEL: func.func @inc(%arg0: !zpl.ref<i64>, %arg1: i64) {
-- CHECK-NEXT:    %[[D:.*]] = zpl.alloca "d" : !zpl.ref<i64>
-- CHECK-NEXT:    zpl.store %arg1, %[[D]] : !zpl.ref<i64>
-- CHECK-NEXT:    %[[Y:.*]] = zpl.load %arg0 : !zpl.ref<i64>
-- CHECK-NEXT:    %[[DV:.*]] = zpl.load %[[D]] : !zpl.ref<i64>
-- CHECK-NEXT:    %[[S:.*]] = arith.addi %[[Y]], %[[DV]] : i64
-- CHECK-NEXT:    zpl.store %[[S]], %arg0 : !zpl.ref<i64>
-- CHECK-NEXT:    return

-- A `var` parameter passes its own reference on.
-- CHECK-LABEL: func.func @twice(%arg0: !zpl.ref<i64>) {
-- CHECK-NEXT:    %[[YV:.*]] = zpl.load %arg0 : !zpl.ref<i64>
-- CHECK-NEXT:    call @inc(%arg0, %[[YV]]) : (!zpl.ref<i64>, i64) -> ()

-- Arrays are arguments; a local array is allocated at entry and freed
-- at the single exit (after the `returned` flag's guard).
-- CHECK-LABEL: func.func @fill(%arg0: !zpl.array<2 x f64>, %arg1: !zpl.array<2 x f64>, %arg2: f64) {
-- CHECK-DAG:     %[[R:.*]] = zpl.get @R : !zpl.region<2>
-- CHECK-DAG:     %[[RET:.*]] = zpl.alloca "returned" : !zpl.ref<i1>
-- CHECK:         %[[L:.*]] = zpl.local_array "L" over %[[R]] : !zpl.region<2> -> !zpl.array<2 x f64>
-- CHECK:         zpl.assign %[[L]] over %[[R]]
-- CHECK:         zpl.assign %arg0 over %[[R]] : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK-NEXT:      %[[LV:.*]] = zpl.read %[[L]] [0, 0] : !zpl.array<2 x f64>
-- CHECK-NEXT:      %[[YV2:.*]] = zpl.read %arg1 [0, 0] : !zpl.array<2 x f64>
-- CHECK-NEXT:      arith.addf %[[LV]], %[[YV2]] : f64
-- CHECK:         scf.if
-- CHECK:           zpl.store %{{.*}}, %[[RET]] : !zpl.ref<i1>
-- CHECK:         %[[RV:.*]] = zpl.load %[[RET]] : !zpl.ref<i1>
-- CHECK:         scf.if
-- CHECK:           zpl.store
-- CHECK:         }
-- CHECK-NEXT:    zpl.free_array %[[L]] : !zpl.array<2 x f64>
-- CHECK-NEXT:    return

-- Callers pass a local's slot, or the address of a global.
-- CHECK-LABEL: func.func @refs() {
-- CHECK-DAG:     %[[A:.*]] = zpl.get @A : !zpl.array<2 x f64>
-- CHECK-DAG:     %[[X:.*]] = zpl.alloca "x" : !zpl.ref<i64>
-- CHECK:         call @inc(%[[X]], %{{.*}}) : (!zpl.ref<i64>, i64) -> ()
-- CHECK-NEXT:    %[[G:.*]] = zpl.address_of @g : !zpl.ref<i64>
-- CHECK:         call @inc(%[[G]], %{{.*}}) : (!zpl.ref<i64>, i64) -> ()
-- CHECK-NEXT:    call @twice(%[[X]]) : (!zpl.ref<i64>) -> ()
-- CHECK:         call @fill(%[[A]], %[[A]], %{{.*}}) : (!zpl.array<2 x f64>, !zpl.array<2 x f64>, f64) -> ()
