-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- Masks (`with`/`without`) on array statements and reductions, strided
-- regions (`by`) and flood dimensions (`*`).

program masks;

config var n : integer = 4;
region R = [1..n, 1..n];
var A, B : [R] double;
var M : [R] boolean;
var C : [1..n, *] double;
var s : double;

procedure masks();
begin
  [R with M] A := 1.0;
  [R without M] A := 2.0;
  [R with A > B] begin
    B := A * 2.0;
    s := +<< A;
  end;
  s := max<< [R without M] A;
  [R by [2, 1]] A := 3.0;
  [R] B := A - C;
end;

-- A flood dimension: bounds 0 and the `flood` attribute.
-- CHECK:       zpl.array_decl @C : !zpl.array<2 x f64> init {
-- CHECK-NEXT:    %[[LO:.*]] = arith.constant 1 : i64
-- CHECK-NEXT:    %[[HI:.*]] = zpl.get @n : i64
-- CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : i64
-- CHECK-NEXT:    %[[CR:.*]] = zpl.make_region [%[[LO]] : %[[HI]], %[[Z]] : %[[Z]]] {flood = array<i64: 1>} : !zpl.region<2>
-- CHECK-NEXT:    zpl.yield %[[CR]] : !zpl.region<2>

-- CHECK-LABEL: func.func @masks() {
-- CHECK-DAG:     %[[R:.*]] = zpl.get @R : !zpl.region<2>
-- CHECK-DAG:     %[[A:.*]] = zpl.get @A : !zpl.array<2 x f64>
-- CHECK-DAG:     %[[B:.*]] = zpl.get @B : !zpl.array<2 x f64>
-- CHECK-DAG:     %[[M:.*]] = zpl.get @M : !zpl.array<2 x i1>
-- CHECK-DAG:     %[[C:.*]] = zpl.get @C : !zpl.array<2 x f64>

-- A mask that names a boolean array is used as it is.
-- CHECK:         zpl.assign %[[A]] over %[[R]] mask %[[M]] : !zpl.array<2 x i1> : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK:         zpl.assign %[[A]] over %[[R]] mask %[[M]] : !zpl.array<2 x i1> {without} : !zpl.array<2 x f64>, !zpl.region<2> {

-- A mask expression is evaluated into an i1 temporary before each
-- statement of the scope and freed after it.
-- CHECK:         %[[T1:.*]] = zpl.local_array "mask" over %[[R]] align %[[B]] : !zpl.array<2 x f64> : !zpl.region<2> -> !zpl.array<2 x i1>
-- CHECK-NEXT:    zpl.assign %[[T1]] over %[[R]] : !zpl.array<2 x i1>, !zpl.region<2> {
-- CHECK:           arith.cmpf ogt
-- CHECK:         zpl.assign %[[B]] over %[[R]] mask %[[T1]] : !zpl.array<2 x i1> : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK:         zpl.free_array %[[T1]] : !zpl.array<2 x i1>
-- CHECK:         %[[T2:.*]] = zpl.local_array "mask" over %[[R]] align %[[A]]
-- CHECK:         %[[S:.*]] = zpl.reduce add over %[[R]] mask %[[T2]] : !zpl.array<2 x i1> : !zpl.region<2> -> f64 {
-- CHECK:         zpl.set @s, %[[S]] : f64
-- CHECK-NEXT:    zpl.free_array %[[T2]] : !zpl.array<2 x i1>

-- A reduction over its own masked region.
-- CHECK:         zpl.reduce max over %[[R]] mask %[[M]] : !zpl.array<2 x i1> {without} : !zpl.region<2> -> f64 {

-- `by`: zpl.derive by.
-- CHECK:         %[[BY:.*]] = zpl.derive by %[[R]] [2, 1] : !zpl.region<2>
-- CHECK:         zpl.assign %[[A]] over %[[BY]]

-- A flood array combines with full arrays by plain reads.
-- CHECK:         zpl.assign %[[B]] over %[[R]] : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK-NEXT:      %[[RA:.*]] = zpl.read %[[A]] [0, 0]
-- CHECK-NEXT:      %[[RC:.*]] = zpl.read %[[C]] [0, 0]
-- CHECK-NEXT:      arith.subf %[[RA]], %[[RC]] : f64
