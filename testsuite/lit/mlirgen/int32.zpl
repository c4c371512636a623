-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- int32 (docs/language.md section 3) is i32: int32 arithmetic stays in
-- i32 (wrapping), an integer operand widens the other with extsi, an
-- assignment to int32 narrows with trunci and int32() of a real is fptosi;
-- an int32 array indexes a histogram's scatter directly (no i64
-- temporary), and a reduction of int32 values is an i32 reduction.

program ints;
config var c : int32 = 7;
region R = [1..4];
var A, B : [R] int32;
var N : [R] integer;
var j : int32;
var i : integer;
procedure ints();
begin
  j := j + c;
  i := j + i;
  j := i;
  j := int32(2.5);
  [R] A := A * B - j;
  [R] N := A + N;
  [R] N#[A] += 1;
  j := +<< [R] A;
end;

-- CHECK-LABEL: func.func @ints() {
-- CHECK-DAG:     %[[A:.*]] = zpl.get @A : !zpl.array<1 x i32>
-- CHECK-DAG:     %[[B:.*]] = zpl.get @B : !zpl.array<1 x i32>
-- CHECK-DAG:     %[[N:.*]] = zpl.get @N : !zpl.array<1 x i64>
-- CHECK:         %[[J:.*]] = zpl.get @j : i32
-- CHECK:         %[[C:.*]] = zpl.get @c : i32
-- CHECK:         %[[S:.*]] = arith.addi %[[J]], %[[C]] : i32
-- CHECK:         zpl.set @j, %[[S]] : i32
-- CHECK:         %[[J2:.*]] = zpl.get @j : i32
-- CHECK:         %[[I:.*]] = zpl.get @i : i64
-- CHECK:         %[[W:.*]] = arith.extsi %[[J2]] : i32 to i64
-- CHECK:         arith.addi %[[W]], %[[I]] : i64
-- CHECK:         %[[I2:.*]] = zpl.get @i : i64
-- CHECK:         %[[T:.*]] = arith.trunci %[[I2]] : i64 to i32
-- CHECK:         zpl.set @j, %[[T]] : i32
-- CHECK:         arith.fptosi %{{.*}} : f64 to i32
-- CHECK:         zpl.assign %[[A]] over
-- CHECK:           arith.muli %{{.*}}, %{{.*}} : i32
-- CHECK:           arith.subi %{{.*}}, %{{.*}} : i32
-- CHECK:           zpl.yield %{{.*}} : i32
-- CHECK:         zpl.assign %[[N]] over
-- CHECK:           arith.extsi %{{.*}} : i32 to i64
-- CHECK:         zpl.scatter_combine add %[[N]] from %{{.*}} over %{{.*}}[%[[A]]] : !zpl.array<1 x i64>, i64, !zpl.region<1>, [!zpl.array<1 x i32>]
-- CHECK:         zpl.reduce add over %{{.*}} : !zpl.region<1> -> i32 {
-- CHECK:           zpl.read %[[A]] [0] : !zpl.array<1 x i32>
