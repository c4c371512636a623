-- RUN: %zplc -O0 --emit=zpl %s | FileCheck %s
-- (-O0: what MLIRGen produces; -O1 and up wrap runs of statements in
-- zpl.fused, see lit/passes/fuse-statements.mlir.)
-- Promoted scalar procedures (docs/language.md section 9): a func.call inside
-- the per-element body of the array op, its scalar arguments computed once
-- before the op; in an assignment, a reduction, a mask, and with a shifted
-- argument.

program promotion;
region R = [1..4, 1..4];
direction east = [0, 1];
var A : [0..5, 0..5] integer;
var B : [R] integer;
var X : [R] double;
var s : integer;
var c : double;

procedure fib(k : integer) : integer;
begin
  if k < 2 then return k; end;
  return fib(k - 1) + fib(k - 2);
end;

procedure scale(x : double; by2 : double) : double;
begin
  return x * by2;
end;

procedure promotion();
begin
  [R] B := fib(A % 9);
  [R] X := scale(double(B), c + 1.0);
  [R] s := +<< fib(A@east);
  [R with fib(A) > 2] B := 0;
end;

-- CHECK-LABEL: func.func @promotion()
-- CHECK:       zpl.assign %{{.*}} over %{{.*}} : !zpl.array<2 x i64>, !zpl.region<2> {
-- CHECK-NEXT:    %[[A:.*]] = zpl.read %{{.*}} [0, 0] : !zpl.array<2 x i64>
-- CHECK-NEXT:    %[[K:.*]] = arith.remsi %[[A]], %{{.*}} : i64
-- CHECK-NEXT:    %[[F:.*]] = func.call @fib(%[[K]]) : (i64) -> i64
-- CHECK-NEXT:    zpl.yield %[[F]] : i64
-- The scalar argument c + 1.0 is computed once, before the op.
-- CHECK:       %[[C1:.*]] = arith.addf %{{.*}}, %{{.*}} : f64
-- CHECK-NEXT:  zpl.assign %{{.*}} over %{{.*}} : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK-NEXT:    %[[B:.*]] = zpl.read %{{.*}} [0, 0] : !zpl.array<2 x i64>
-- CHECK-NEXT:    %[[BD:.*]] = arith.sitofp %[[B]] : i64 to f64
-- CHECK-NEXT:    %[[S:.*]] = func.call @scale(%[[BD]], %[[C1]]) : (f64, f64) -> f64
-- CHECK-NEXT:    zpl.yield %[[S]] : f64
-- A reduction of a promoted call with a shifted argument.
-- CHECK:       zpl.reduce add over %{{.*}} : !zpl.region<2> -> i64 {
-- CHECK-NEXT:    %[[AE:.*]] = zpl.read %{{.*}} [0, 1] : !zpl.array<2 x i64>
-- CHECK-NEXT:    %[[FE:.*]] = func.call @fib(%[[AE]]) : (i64) -> i64
-- CHECK-NEXT:    zpl.yield %[[FE]] : i64
-- A mask that calls a promoted procedure is evaluated into a temporary.
-- CHECK:       %[[M:.*]] = zpl.local_array "mask"
-- CHECK:       zpl.assign %[[M]] over
-- CHECK:         func.call @fib(
-- CHECK:       zpl.assign %{{.*}} over %{{.*}} mask %[[M]]
