-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- wrap/reflect statements and wrap-around shifts `@^`.

program boundary;

config var n : integer = 4;
region R = [1..n, 1..n];
region Big = [0..n+1, 0..n+1];
direction east = [0, 1]; se = [1, 1];
var A : [R] double;
var W : [Big] double;

procedure sum(X : [,] double) : double;
begin
  [R] return +<< X@^east;
end;

procedure boundary();
begin
  [east of R] wrap W;
  [se of R] reflect W, A;
  [R] A := W@^se;
  writeln(sum(A));
end;

-- A parameter's declared region comes from zpl.array_region. (The
-- `return` is inside a scope, so it goes through the result slot.)
-- CHECK-LABEL: func.func @sum(%arg0: !zpl.array<2 x f64>) -> f64 {
-- CHECK:         %[[XR:.*]] = zpl.array_region %arg0 : !zpl.array<2 x f64> -> !zpl.region<2>
-- CHECK-NEXT:    %[[XT:.*]] = zpl.local_array "X_wrap" over %[[XR]] align %arg0 : !zpl.array<2 x f64> : !zpl.region<2> -> !zpl.array<2 x f64>
-- CHECK-NEXT:    zpl.assign %[[XT]] over %[[XR]] : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK-NEXT:      %[[XV:.*]] = zpl.read %arg0 [0, 0] : !zpl.array<2 x f64>
-- CHECK-NEXT:      zpl.yield %[[XV]] : f64
-- CHECK-NEXT:    }
-- CHECK-NEXT:    zpl.boundary wrap %[[XT]] over %[[XR]] [0, 1] : !zpl.array<2 x f64>, !zpl.region<2>
-- CHECK-NEXT:    %[[SUM:.*]] = zpl.reduce add over %{{.*}} : !zpl.region<2> -> f64 {
-- CHECK-NEXT:      %[[XS:.*]] = zpl.read %[[XT]] [0, 1] : !zpl.array<2 x f64>
-- CHECK-NEXT:      zpl.yield %[[XS]] : f64
-- CHECK-NEXT:    }
-- CHECK-NEXT:    zpl.free_array %[[XT]] : !zpl.array<2 x f64>
-- CHECK-NEXT:    zpl.store %[[SUM]], %{{.*}} : !zpl.ref<f64>

-- CHECK-LABEL: func.func @boundary() {
-- CHECK-DAG:     %[[R:.*]] = zpl.get @R : !zpl.region<2>
-- CHECK-DAG:     %[[BIG:.*]] = zpl.get @Big : !zpl.region<2>
-- CHECK-DAG:     %[[A:.*]] = zpl.get @A : !zpl.array<2 x f64>
-- CHECK-DAG:     %[[W:.*]] = zpl.get @W : !zpl.array<2 x f64>

-- The base region and the direction come from the `of` scope.
-- CHECK:         zpl.boundary wrap %[[W]] over %[[R]] [0, 1] : !zpl.array<2 x f64>, !zpl.region<2>
-- CHECK:         zpl.boundary reflect %[[W]] over %[[R]] [1, 1] : !zpl.array<2 x f64>, !zpl.region<2>
-- CHECK-NEXT:    zpl.boundary reflect %[[A]] over %[[R]] [1, 1] : !zpl.array<2 x f64>, !zpl.region<2>

-- W@^se: a copy of W over its declared region, wrapped on both edges and
-- the corner, read at the offset, freed after the statement.
-- CHECK-NEXT:    %[[T:.*]] = zpl.local_array "W_wrap" over %[[BIG]] align %[[A]] : !zpl.array<2 x f64> : !zpl.region<2> -> !zpl.array<2 x f64>
-- CHECK-NEXT:    zpl.assign %[[T]] over %[[BIG]] : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK-NEXT:      %[[WV:.*]] = zpl.read %[[W]] [0, 0] : !zpl.array<2 x f64>
-- CHECK-NEXT:      zpl.yield %[[WV]] : f64
-- CHECK-NEXT:    }
-- CHECK-NEXT:    zpl.boundary wrap %[[T]] over %[[BIG]] [1, 0]
-- CHECK-NEXT:    zpl.boundary wrap %[[T]] over %[[BIG]] [0, 1]
-- CHECK-NEXT:    zpl.boundary wrap %[[T]] over %[[BIG]] [1, 1]
-- CHECK-NEXT:    zpl.assign %[[A]] over %[[R]] : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK-NEXT:      %[[TV:.*]] = zpl.read %[[T]] [1, 1] : !zpl.array<2 x f64>
-- CHECK-NEXT:      zpl.yield %[[TV]] : f64
-- CHECK-NEXT:    }
-- CHECK-NEXT:    zpl.free_array %[[T]] : !zpl.array<2 x f64>
-- CHECK-NEXT:    call @sum(%[[A]]) : (!zpl.array<2 x f64>) -> f64
