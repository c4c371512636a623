-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- The bit built-ins and the conversions of a boolean, on scalars and
-- elementwise on parallel arrays (issue 25, item 3): band, bor, bxor are
-- andi, ori, xori; bnot is xori with -1; bsl and bsr are shli and the
-- arithmetic shrsi (their amount is checked when lowered to C);
-- integer/double/float of a boolean select 1 or 0.

program bits;
region R = [1..4];
var A, B : [R] integer;
var D : [R] double;
var P : [R] boolean;
procedure bits();
var i, j : integer;
var x : double;
var f : float;
var p : boolean;
begin
  i := band(i, j); i := bor(i, j); i := bxor(i, j); i := bnot(i);
  i := bsl(i, j); i := bsr(i, j);
  i := integer(p); x := double(p); f := float(p);
  [R] A := band(A, B) + bsr(A, i);
  [R] B := bor(bsl(A, 2), bxor(B, bnot(A)));
  [R] D := double(P) + double(A > B);
end;

-- CHECK-LABEL: func.func @bits() {
-- CHECK-DAG:     %[[A:.*]] = zpl.get @A : !zpl.array<1 x i64>
-- CHECK-DAG:     %[[B:.*]] = zpl.get @B : !zpl.array<1 x i64>
-- CHECK-DAG:     %[[P:.*]] = zpl.get @P : !zpl.array<1 x i1>
-- CHECK-DAG:     %[[I:.*]] = zpl.alloca "i" : !zpl.ref<i64>
-- CHECK-DAG:     %[[J:.*]] = zpl.alloca "j" : !zpl.ref<i64>
-- CHECK-DAG:     %[[X:.*]] = zpl.alloca "x" : !zpl.ref<f64>
-- CHECK-DAG:     %[[F:.*]] = zpl.alloca "f" : !zpl.ref<f32>
-- CHECK-DAG:     %[[PS:.*]] = zpl.alloca "p" : !zpl.ref<i1>

-- Scalars.
-- CHECK:         %[[I1:.*]] = zpl.load %[[I]] : !zpl.ref<i64>
-- CHECK-NEXT:    %[[J1:.*]] = zpl.load %[[J]] : !zpl.ref<i64>
-- CHECK-NEXT:    %[[AND:.*]] = arith.andi %[[I1]], %[[J1]] : i64
-- CHECK-NEXT:    zpl.store %[[AND]], %[[I]] : !zpl.ref<i64>
-- CHECK:         arith.ori %{{.*}}, %{{.*}} : i64
-- CHECK:         arith.xori %{{.*}}, %{{.*}} : i64
-- CHECK:         %[[I4:.*]] = zpl.load %[[I]] : !zpl.ref<i64>
-- CHECK-NEXT:    %[[ONES:.*]] = arith.constant -1 : i64
-- CHECK-NEXT:    %[[NOT:.*]] = arith.xori %[[I4]], %[[ONES]] : i64
-- CHECK-NEXT:    zpl.store %[[NOT]], %[[I]] : !zpl.ref<i64>
-- CHECK:         %[[I5:.*]] = zpl.load %[[I]] : !zpl.ref<i64>
-- CHECK-NEXT:    %[[J5:.*]] = zpl.load %[[J]] : !zpl.ref<i64>
-- CHECK-NEXT:    %[[SHL:.*]] = arith.shli %[[I5]], %[[J5]] : i64
-- CHECK-NEXT:    zpl.store %[[SHL]], %[[I]] : !zpl.ref<i64>
-- CHECK:         %[[I6:.*]] = zpl.load %[[I]] : !zpl.ref<i64>
-- CHECK-NEXT:    %[[J6:.*]] = zpl.load %[[J]] : !zpl.ref<i64>
-- CHECK-NEXT:    %[[SHR:.*]] = arith.shrsi %[[I6]], %[[J6]] : i64
-- CHECK-NEXT:    zpl.store %[[SHR]], %[[I]] : !zpl.ref<i64>

-- Booleans to numbers.
-- CHECK:         %[[P1:.*]] = zpl.load %[[PS]] : !zpl.ref<i1>
-- CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : i64
-- CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i64
-- CHECK-NEXT:    %[[SEL:.*]] = arith.select %[[P1]], %[[ONE]], %[[ZERO]] : i64
-- CHECK-NEXT:    zpl.store %[[SEL]], %[[I]] : !zpl.ref<i64>
-- CHECK:         %[[P2:.*]] = zpl.load %[[PS]] : !zpl.ref<i1>
-- CHECK-NEXT:    %[[ONED:.*]] = arith.constant 1.000000e+00 : f64
-- CHECK-NEXT:    %[[ZEROD:.*]] = arith.constant 0.000000e+00 : f64
-- CHECK-NEXT:    %[[SELD:.*]] = arith.select %[[P2]], %[[ONED]], %[[ZEROD]] : f64
-- CHECK-NEXT:    zpl.store %[[SELD]], %[[X]] : !zpl.ref<f64>
-- CHECK:         %[[P3:.*]] = zpl.load %[[PS]] : !zpl.ref<i1>
-- CHECK-NEXT:    %[[ONEF:.*]] = arith.constant 1.000000e+00 : f32
-- CHECK-NEXT:    %[[ZEROF:.*]] = arith.constant 0.000000e+00 : f32
-- CHECK-NEXT:    %[[SELF:.*]] = arith.select %[[P3]], %[[ONEF]], %[[ZEROF]] : f32
-- CHECK-NEXT:    zpl.store %[[SELF]], %[[F]] : !zpl.ref<f32>

-- Elementwise on arrays; scalar amounts are computed once, outside the body.
-- CHECK:         %[[AMT:.*]] = zpl.load %[[I]] : !zpl.ref<i64>
-- CHECK-NEXT:    %[[TWO:.*]] = arith.constant 2 : i64
-- CHECK:         zpl.assign %[[A]] over %{{.*}} : !zpl.array<1 x i64>, !zpl.region<1> {
-- CHECK-NEXT:      %[[RA:.*]] = zpl.read %[[A]] [0] : !zpl.array<1 x i64>
-- CHECK-NEXT:      %[[RB:.*]] = zpl.read %[[B]] [0] : !zpl.array<1 x i64>
-- CHECK-NEXT:      %[[EAND:.*]] = arith.andi %[[RA]], %[[RB]] : i64
-- CHECK-NEXT:      %[[RA2:.*]] = zpl.read %[[A]] [0] : !zpl.array<1 x i64>
-- CHECK-NEXT:      %[[ESHR:.*]] = arith.shrsi %[[RA2]], %[[AMT]] : i64
-- CHECK-NEXT:      %[[SUM:.*]] = arith.addi %[[EAND]], %[[ESHR]] : i64
-- CHECK-NEXT:      zpl.yield %[[SUM]] : i64
-- CHECK:         zpl.assign %[[B]] over %{{.*}} : !zpl.array<1 x i64>, !zpl.region<1> {
-- CHECK-NEXT:      %[[RA3:.*]] = zpl.read %[[A]] [0] : !zpl.array<1 x i64>
-- CHECK-NEXT:      %[[ESHL:.*]] = arith.shli %[[RA3]], %[[TWO]] : i64
-- CHECK-NEXT:      %[[RB3:.*]] = zpl.read %[[B]] [0] : !zpl.array<1 x i64>
-- CHECK-NEXT:      %[[RA4:.*]] = zpl.read %[[A]] [0] : !zpl.array<1 x i64>
-- CHECK-NEXT:      %[[ENOTC:.*]] = arith.constant -1 : i64
-- CHECK-NEXT:      %[[ENOT:.*]] = arith.xori %[[RA4]], %[[ENOTC]] : i64
-- CHECK-NEXT:      %[[EXOR:.*]] = arith.xori %[[RB3]], %[[ENOT]] : i64
-- CHECK-NEXT:      %[[EOR:.*]] = arith.ori %[[ESHL]], %[[EXOR]] : i64
-- CHECK-NEXT:      zpl.yield %[[EOR]] : i64
-- CHECK:         zpl.assign %{{.*}} over %{{.*}} : !zpl.array<1 x f64>, !zpl.region<1> {
-- CHECK-NEXT:      %[[RP:.*]] = zpl.read %[[P]] [0] : !zpl.array<1 x i1>
-- CHECK-NEXT:      %[[C1:.*]] = arith.constant 1.000000e+00 : f64
-- CHECK-NEXT:      %[[C0:.*]] = arith.constant 0.000000e+00 : f64
-- CHECK-NEXT:      %[[EP:.*]] = arith.select %[[RP]], %[[C1]], %[[C0]] : f64
-- CHECK:           %[[GT:.*]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : i64
-- CHECK:           %[[EG:.*]] = arith.select %[[GT]], %{{.*}}, %{{.*}} : f64
-- CHECK-NEXT:      %[[ESUM:.*]] = arith.addf %[[EP]], %[[EG]] : f64
-- CHECK-NEXT:      zpl.yield %[[ESUM]] : f64
