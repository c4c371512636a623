-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- Remaps: gathers and scatters; index expressions become i64 temporaries,
-- except in a transpose (a permutation of Index1, Index2), and an Index
-- array that is not part of a permutation is an index expression.

program remap;

config var n : integer = 4;
region R = [1..n, 1..n];
var A, B : [R] double;
var I1, I2 : [R] integer;
var T : [R] integer;

procedure remap();
begin
  [R] A := B#[I1, I2];
  [R] A := B#[Index2, Index1];
  [R] A := A#[I1 + 1, I2];
  [R] A#[I1, I2] := B;
  [R] A#[I1, I2] := T;
  [R] B := 1.0 + B#[I2, I1];
  [R] A := B#[Index1, Index1];
end;

-- CHECK-LABEL: func.func @remap() {
-- CHECK-DAG:     %[[R:.*]] = zpl.get @R : !zpl.region<2>
-- CHECK-DAG:     %[[A:.*]] = zpl.get @A : !zpl.array<2 x f64>
-- CHECK-DAG:     %[[B:.*]] = zpl.get @B : !zpl.array<2 x f64>
-- CHECK-DAG:     %[[I1:.*]] = zpl.get @I1 : !zpl.array<2 x i64>
-- CHECK-DAG:     %[[I2:.*]] = zpl.get @I2 : !zpl.array<2 x i64>
-- CHECK-DAG:     %[[T:.*]] = zpl.get @T : !zpl.array<2 x i64>

-- CHECK:         zpl.remap gather %[[A]] from %[[B]] over %[[R]][%[[I1]], %[[I2]]] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>]

-- The transpose: a permutation of the Index arrays needs no index arrays.
-- CHECK-NEXT:    zpl.remap gather %[[A]] from %[[B]] over %[[R]] transpose [2, 1] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>{{$}}

-- A gather from the destination itself goes through a temporary.
-- CHECK-NEXT:    %[[G:.*]] = zpl.local_array "tmp" over %[[R]] align %[[A]] : !zpl.array<2 x f64> : !zpl.region<2> -> !zpl.array<2 x f64>
-- CHECK-NEXT:    %[[X3:.*]] = zpl.local_array "index" over %[[R]] align %[[G]]
-- CHECK:           arith.addi
-- CHECK:         zpl.remap gather %[[G]] from %[[A]] over %[[R]][%[[X3]], %[[I2]]]
-- CHECK-NEXT:    zpl.assign %[[A]] over %[[R]]
-- CHECK-NEXT:      %[[GV:.*]] = zpl.read %[[G]] [0, 0]
-- CHECK-NEXT:      zpl.yield %[[GV]] : f64
-- CHECK-NEXT:    }
-- CHECK-NEXT:    zpl.free_array %[[X3]]
-- CHECK-NEXT:    zpl.free_array %[[G]]

-- Scatters; a source of another element type is converted first.
-- CHECK-NEXT:    zpl.remap scatter %[[A]] from %[[B]] over %[[R]][%[[I1]], %[[I2]]] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>]
-- CHECK-NEXT:    %[[SRC:.*]] = zpl.local_array "source" over %[[R]] align %[[T]] : !zpl.array<2 x i64> : !zpl.region<2> -> !zpl.array<2 x f64>
-- CHECK-NEXT:    zpl.assign %[[SRC]] over %[[R]]
-- CHECK-NEXT:      %[[TV:.*]] = zpl.read %[[T]] [0, 0] : !zpl.array<2 x i64>
-- CHECK-NEXT:      %[[TF:.*]] = arith.sitofp %[[TV]] : i64 to f64
-- CHECK-NEXT:      zpl.yield %[[TF]] : f64
-- CHECK-NEXT:    }
-- CHECK-NEXT:    zpl.remap scatter %[[A]] from %[[SRC]] over %[[R]][%[[I1]], %[[I2]]]
-- CHECK-NEXT:    zpl.free_array %[[SRC]]

-- A gather inside an expression.
-- CHECK:         %[[G2:.*]] = zpl.local_array "tmp" over %[[R]] align %[[B]]
-- CHECK-NEXT:    zpl.remap gather %[[G2]] from %[[B]] over %[[R]][%[[I2]], %[[I1]]]
-- CHECK-NEXT:    zpl.assign %[[B]] over %[[R]]
-- CHECK-NEXT:      %[[G2V:.*]] = zpl.read %[[G2]] [0, 0]
-- CHECK-NEXT:      arith.addf %{{.*}}, %[[G2V]] : f64
-- CHECK:         zpl.free_array %[[G2]]

-- Index1 twice is no permutation: index arrays as for any expression.
-- CHECK:         %[[Y1:.*]] = zpl.local_array "index" over %[[R]]
-- CHECK:           zpl.index 0
-- CHECK:         %[[Y2:.*]] = zpl.local_array "index" over %[[R]]
-- CHECK:           zpl.index 0
-- CHECK:         zpl.remap gather %[[A]] from %[[B]] over %[[R]][%[[Y1]], %[[Y2]]]
