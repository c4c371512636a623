-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- Partial reductions, scans and floods: directly into the destination when
-- they are the whole right-hand side, through a temporary otherwise.

program par;

config var n : integer = 4;
config var k : integer = 2;
region R = [1..n, 1..n];
region Col = [1..n, 1];
var A, B, S : [R] double;
var T : [R] integer;
var M : [R] boolean;
var C : [1..n, *] double;

procedure par();
begin
  [1..n, 1] S := +<< [1..n, 1..n] A;
  [Col] S := max<< [R with M] A;
  [R] B := +|| A;
  [R] B := *|| [2] A;
  [R] B := 2.0 * (+|| T);
  [1..n, *] C := >>[1..n, k] A;
  [R] B := A - >>[1..n, k] A;
  [R with M] B := +|| A;
  [Col] B += +<< [R] A;
end;

-- CHECK-LABEL: func.func @par() {
-- CHECK-DAG:     %[[S:.*]] = zpl.get @S : !zpl.array<2 x f64>
-- CHECK-DAG:     %[[A:.*]] = zpl.get @A : !zpl.array<2 x f64>
-- CHECK-DAG:     %[[B:.*]] = zpl.get @B : !zpl.array<2 x f64>
-- CHECK-DAG:     %[[T:.*]] = zpl.get @T : !zpl.array<2 x i64>
-- CHECK-DAG:     %[[M:.*]] = zpl.get @M : !zpl.array<2 x i1>
-- CHECK-DAG:     %[[C:.*]] = zpl.get @C : !zpl.array<2 x f64>
-- CHECK-DAG:     %[[R:.*]] = zpl.get @R : !zpl.region<2>
-- CHECK-DAG:     %[[COL:.*]] = zpl.get @Col : !zpl.region<2>

-- [1..n, 1] S := +<< [1..n, 1..n] A
-- CHECK:         %[[DR:.*]] = zpl.make_region [%{{.*}} : %{{.*}}, %[[ONE:.*]] : %[[ONE]]] : !zpl.region<2>
-- CHECK:         %[[SR:.*]] = zpl.make_region
-- CHECK-NEXT:    zpl.reduce_partial add %[[S]] over %[[DR]] from %[[SR]] : !zpl.array<2 x f64>, !zpl.region<2>, !zpl.region<2> {
-- CHECK-NEXT:      %[[AV:.*]] = zpl.read %[[A]] [0, 0] : !zpl.array<2 x f64>
-- CHECK-NEXT:      zpl.yield %[[AV]] : f64
-- CHECK-NEXT:    }

-- A masked source region: masked-out elements yield the identity.
-- CHECK-NEXT:    %[[NINF:.*]] = arith.constant 0xFFF0000000000000 : f64
-- CHECK-NEXT:    zpl.reduce_partial max %[[S]] over %[[COL]] from %[[R]] : !zpl.array<2 x f64>, !zpl.region<2>, !zpl.region<2> {
-- CHECK-NEXT:      %[[AV2:.*]] = zpl.read %[[A]] [0, 0]
-- CHECK-NEXT:      %[[MV:.*]] = zpl.read %[[M]] [0, 0] : !zpl.array<2 x i1>
-- CHECK-NEXT:      %[[SEL:.*]] = arith.select %[[MV]], %[[AV2]], %[[NINF]] : f64
-- CHECK-NEXT:      zpl.yield %[[SEL]] : f64
-- CHECK-NEXT:    }

-- Scans: row-major (dim -1) and along dimension 2, counted from 1 as in docs/language.md (dim 1).
-- CHECK-NEXT:    zpl.scan add %[[B]] over %[[R]] dim -1 : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK-NEXT:      %[[AV3:.*]] = zpl.read %[[A]] [0, 0]
-- CHECK-NEXT:      zpl.yield %[[AV3]] : f64
-- CHECK-NEXT:    }
-- CHECK-NEXT:    zpl.scan mul %[[B]] over %[[R]] dim 1 : !zpl.array<2 x f64>, !zpl.region<2> {

-- A scan inside an expression: a temporary of the scan's type.
-- CHECK:         %[[TMP:.*]] = zpl.local_array "tmp" over %[[R]] align %[[B]] : !zpl.array<2 x f64> : !zpl.region<2> -> !zpl.array<2 x i64>
-- CHECK-NEXT:    zpl.scan add %[[TMP]] over %[[R]] dim -1 : !zpl.array<2 x i64>, !zpl.region<2> {
-- CHECK-NEXT:      %[[TV:.*]] = zpl.read %[[T]] [0, 0] : !zpl.array<2 x i64>
-- CHECK-NEXT:      zpl.yield %[[TV]] : i64
-- CHECK-NEXT:    }
-- CHECK-NEXT:    zpl.assign %[[B]] over %[[R]] : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK-NEXT:      %[[TT:.*]] = zpl.read %[[TMP]] [0, 0] : !zpl.array<2 x i64>
-- CHECK-NEXT:      %[[TF:.*]] = arith.sitofp %[[TT]] : i64 to f64
-- CHECK-NEXT:      arith.mulf %{{.*}}, %[[TF]] : f64
-- CHECK:         zpl.free_array %[[TMP]] : !zpl.array<2 x i64>

-- [1..n, *] C := >>[1..n, k] A
-- CHECK:         %[[FR:.*]] = zpl.make_region [%{{.*}} : %{{.*}}, %{{.*}} : %{{.*}}] {flood = array<i64: 1>} : !zpl.region<2>
-- CHECK:         %[[K:.*]] = zpl.get @k : i64
-- CHECK-NEXT:    %[[KR:.*]] = zpl.make_region [%{{.*}} : %{{.*}}, %[[K]] : %[[K]]] : !zpl.region<2>
-- CHECK-NEXT:    zpl.flood %[[C]] over %[[FR]] from %[[KR]] : !zpl.array<2 x f64>, !zpl.region<2>, !zpl.region<2> {
-- CHECK-NEXT:      %[[AV4:.*]] = zpl.read %[[A]] [0, 0]
-- CHECK-NEXT:      zpl.yield %[[AV4]] : f64
-- CHECK-NEXT:    }

-- A flood inside an expression floods into a temporary over the scope.
-- CHECK-NEXT:    %[[FT:.*]] = zpl.local_array "tmp" over %[[R]] align %[[B]] : !zpl.array<2 x f64> : !zpl.region<2> -> !zpl.array<2 x f64>
-- CHECK:         zpl.flood %[[FT]] over %[[R]] from %{{.*}} : !zpl.array<2 x f64>, !zpl.region<2>, !zpl.region<2> {
-- CHECK:         zpl.assign %[[B]] over %[[R]] : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK-NEXT:      %[[AV5:.*]] = zpl.read %[[A]] [0, 0]
-- CHECK-NEXT:      %[[FV:.*]] = zpl.read %[[FT]] [0, 0]
-- CHECK-NEXT:      arith.subf %[[AV5]], %[[FV]] : f64
-- CHECK:         zpl.free_array %[[FT]] : !zpl.array<2 x f64>

-- A masked scan: into a temporary, then a masked assignment.
-- CHECK-NEXT:    %[[MT:.*]] = zpl.local_array "tmp" over %[[R]] align %[[B]]
-- CHECK-NEXT:    zpl.scan add %[[MT]] over %[[R]] dim -1
-- CHECK:         zpl.assign %[[B]] over %[[R]] mask %[[M]] : !zpl.array<2 x i1> : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK-NEXT:      %[[MV2:.*]] = zpl.read %[[MT]] [0, 0]
-- CHECK-NEXT:      zpl.yield %[[MV2]] : f64
-- CHECK-NEXT:    }
-- CHECK-NEXT:    zpl.free_array %[[MT]]

-- A compound assignment of a partial reduction.
-- CHECK-NEXT:    %[[PT:.*]] = zpl.local_array "tmp" over %[[COL]] align %[[B]]
-- CHECK-NEXT:    zpl.reduce_partial add %[[PT]] over %[[COL]] from %[[R]]
-- CHECK:         zpl.assign %[[B]] over %[[COL]]
-- CHECK-NEXT:      %[[PV:.*]] = zpl.read %[[PT]] [0, 0]
-- CHECK-NEXT:      %[[BV:.*]] = zpl.read %[[B]] [0, 0]
-- CHECK-NEXT:      arith.addf %[[BV]], %[[PV]] : f64
-- CHECK:         zpl.free_array %[[PT]]
-- CHECK-NEXT:    return
