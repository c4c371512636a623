-- RUN: %zplc -O0 --emit=zpl %s | FileCheck %s
-- (-O0: what MLIRGen produces; -O1 and up wrap runs of statements in
-- zpl.fused, see lit/passes/fuse-statements.mlir.)
-- Array statements, Index1..3, compound assignments, reductions.

program arrays;

config var n : integer = 8;
region R = [1..n, 1..n];
region V = [1..n];
region C = [1..2, 1..3, 1..4];
direction west = [0, -1];
var A, B : [R] double;
var I : [R] integer;
var M : [R] boolean;
var v : [V] integer;
var c : [C] float;
var s : double;

procedure arrays();
var x : double;
var k : integer;
var p : boolean;
begin
  [R] A := B@west * x + 1;
  [R] I := Index1 * 10 + Index2;
  [V] v := Index1;
  [C] c := Index3;
  [R] A += B;
  [R] I -= 1;
  [R] A *= 2.0;
  [R] A /= x;
  [R] M := A > B;
  [R] x := 1.0 + +<< A * 2.0;
  [R] k := min<< I;
  [R] s := max<< abs(A - B);
  [R] A := B - +<< B / (n * n);
  x := *<< [R] A;
  p := |<< [R] M;
  [R] p := &<< M;
end;

-- CHECK-LABEL: func.func @arrays() {
-- CHECK-DAG:     %[[R:.*]] = zpl.get @R : !zpl.region<2>
-- CHECK-DAG:     %[[A:.*]] = zpl.get @A : !zpl.array<2 x f64>
-- CHECK-DAG:     %[[B:.*]] = zpl.get @B : !zpl.array<2 x f64>
-- CHECK-DAG:     %[[I:.*]] = zpl.get @I : !zpl.array<2 x i64>
-- CHECK-DAG:     %[[M:.*]] = zpl.get @M : !zpl.array<2 x i1>
-- CHECK-DAG:     %[[V:.*]] = zpl.get @V : !zpl.region<1>
-- CHECK-DAG:     %[[VA:.*]] = zpl.get @v : !zpl.array<1 x i64>
-- CHECK-DAG:     %[[C:.*]] = zpl.get @C : !zpl.region<3>
-- CHECK-DAG:     %[[CA:.*]] = zpl.get @c : !zpl.array<3 x f32>
-- CHECK-DAG:     %[[X:.*]] = zpl.alloca "x" : !zpl.ref<f64>
-- CHECK-DAG:     %[[K:.*]] = zpl.alloca "k" : !zpl.ref<i64>
-- CHECK-DAG:     %[[P:.*]] = zpl.alloca "p" : !zpl.ref<i1>

-- Scalar subexpressions (and their conversions) are computed before the
-- statement; the body reads the arrays.
-- CHECK:         %[[XV:.*]] = zpl.load %[[X]] : !zpl.ref<f64>
-- CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : i64
-- CHECK-NEXT:    %[[ONEF:.*]] = arith.sitofp %[[ONE]] : i64 to f64
-- CHECK-NEXT:    zpl.assign %[[A]] over %[[R]] : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK-NEXT:      %[[BW:.*]] = zpl.read %[[B]] [0, -1] : !zpl.array<2 x f64>
-- CHECK-NEXT:      %[[MUL:.*]] = arith.mulf %[[BW]], %[[XV]] : f64
-- CHECK-NEXT:      %[[SUM:.*]] = arith.addf %[[MUL]], %[[ONEF]] : f64
-- CHECK-NEXT:      zpl.yield %[[SUM]] : f64
-- CHECK-NEXT:    }

-- Index1, Index2 -> zpl.index 0, 1.
-- CHECK:         zpl.assign %[[I]] over %[[R]] : !zpl.array<2 x i64>, !zpl.region<2> {
-- CHECK-NEXT:      %[[I0:.*]] = zpl.index 0
-- CHECK-NEXT:      %[[I0T:.*]] = arith.muli %[[I0]], %{{.*}} : i64
-- CHECK-NEXT:      %[[I1:.*]] = zpl.index 1
-- CHECK-NEXT:      %[[IS:.*]] = arith.addi %[[I0T]], %[[I1]] : i64
-- CHECK-NEXT:      zpl.yield %[[IS]] : i64
-- CHECK-NEXT:    }
-- CHECK-NEXT:    zpl.assign %[[VA]] over %[[V]] : !zpl.array<1 x i64>, !zpl.region<1> {
-- CHECK-NEXT:      %[[V0:.*]] = zpl.index 0
-- CHECK-NEXT:      zpl.yield %[[V0]] : i64
-- CHECK-NEXT:    }
-- CHECK-NEXT:    zpl.assign %[[CA]] over %[[C]] : !zpl.array<3 x f32>, !zpl.region<3> {
-- CHECK-NEXT:      %[[C2:.*]] = zpl.index 2
-- CHECK-NEXT:      %[[C2F:.*]] = arith.sitofp %[[C2]] : i64 to f32
-- CHECK-NEXT:      zpl.yield %[[C2F]] : f32
-- CHECK-NEXT:    }

-- Compound assignments read the destination at offset 0.
-- CHECK-NEXT:    zpl.assign %[[A]] over %[[R]] : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK-NEXT:      %[[RB:.*]] = zpl.read %[[B]] [0, 0] : !zpl.array<2 x f64>
-- CHECK-NEXT:      %[[RA:.*]] = zpl.read %[[A]] [0, 0] : !zpl.array<2 x f64>
-- CHECK-NEXT:      %[[ADD:.*]] = arith.addf %[[RA]], %[[RB]] : f64
-- CHECK-NEXT:      zpl.yield %[[ADD]] : f64
-- CHECK-NEXT:    }
-- CHECK:         zpl.assign %[[I]] over %[[R]]
-- CHECK:           arith.subi %{{.*}}, %{{.*}} : i64
-- CHECK:         zpl.assign %[[A]] over %[[R]]
-- CHECK:           arith.mulf %{{.*}}, %{{.*}} : f64
-- CHECK:         zpl.assign %[[A]] over %[[R]]
-- CHECK:           arith.divf %{{.*}}, %{{.*}} : f64

-- A boolean array.
-- CHECK:         zpl.assign %[[M]] over %[[R]] : !zpl.array<2 x i1>, !zpl.region<2> {
-- CHECK:           %[[CMP:.*]] = arith.cmpf ogt, %{{.*}}, %{{.*}} : f64
-- CHECK-NEXT:      zpl.yield %[[CMP]] : i1

-- A reduction inside a scalar expression, over the statement's scope.
-- CHECK:         %[[ONED:.*]] = arith.constant 1.000000e+00 : f64
-- CHECK-NEXT:    %[[RED:.*]] = zpl.reduce add over %[[R]] : !zpl.region<2> -> f64 {
-- CHECK-NEXT:      %[[RAV:.*]] = zpl.read %[[A]] [0, 0] : !zpl.array<2 x f64>
-- CHECK-NEXT:      zpl.yield %[[RAV]] : f64
-- CHECK-NEXT:    }
-- CHECK-NEXT:    %[[TWO:.*]] = arith.constant 2.000000e+00 : f64
-- CHECK-NEXT:    %[[PROD:.*]] = arith.mulf %[[RED]], %[[TWO]] : f64
-- CHECK-NEXT:    %[[TOT:.*]] = arith.addf %[[ONED]], %[[PROD]] : f64
-- CHECK-NEXT:    zpl.store %[[TOT]], %[[X]] : !zpl.ref<f64>

-- CHECK:         %[[MIN:.*]] = zpl.reduce min over %[[R]] : !zpl.region<2> -> i64 {
-- CHECK:         zpl.store %[[MIN]], %[[K]] : !zpl.ref<i64>

-- A reduction assigned to a global: zpl.set.
-- CHECK:         %[[MAX:.*]] = zpl.reduce max over %[[R]] : !zpl.region<2> -> f64 {
-- CHECK:           math.absf
-- CHECK:         zpl.set @s, %[[MAX]] : f64

-- A reduction inside an array statement is computed before it.
-- CHECK:         %[[BS:.*]] = zpl.reduce add over %[[R]] : !zpl.region<2> -> f64 {
-- CHECK:         %[[AVG:.*]] = arith.divf %[[BS]], %{{.*}} : f64
-- CHECK-NEXT:    zpl.assign %[[A]] over %[[R]] : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK-NEXT:      %[[RB2:.*]] = zpl.read %[[B]] [0, 0] : !zpl.array<2 x f64>
-- CHECK-NEXT:      %[[DIFF:.*]] = arith.subf %[[RB2]], %[[AVG]] : f64
-- CHECK-NEXT:      zpl.yield %[[DIFF]] : f64
-- CHECK-NEXT:    }

-- A reduction with its own region (no enclosing scope).
-- CHECK-NEXT:    %[[PR:.*]] = zpl.reduce mul over %[[R]] : !zpl.region<2> -> f64 {
-- CHECK:         zpl.store %[[PR]], %[[X]] : !zpl.ref<f64>
-- CHECK-NEXT:    %[[OR:.*]] = zpl.reduce or over %[[R]] : !zpl.region<2> -> i1 {
-- CHECK-NEXT:      %[[MV:.*]] = zpl.read %[[M]] [0, 0] : !zpl.array<2 x i1>
-- CHECK-NEXT:      zpl.yield %[[MV]] : i1
-- CHECK-NEXT:    }
-- CHECK-NEXT:    zpl.store %[[OR]], %[[P]] : !zpl.ref<i1>
-- CHECK-NEXT:    %[[AND:.*]] = zpl.reduce and over %[[R]] : !zpl.region<2> -> i1 {
-- CHECK:         zpl.store %[[AND]], %[[P]] : !zpl.ref<i1>
-- CHECK-NEXT:    return
