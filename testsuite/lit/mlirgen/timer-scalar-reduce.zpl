-- RUN: %zplc --emit=zpl -O0 %s | FileCheck %s
-- `timer()` is zpl.timer, read where the program calls it: twice in a loop
-- is two reads per iteration, and in an array statement it is read once
-- before the statement like any scalar part. A reduction of a scalar
-- operand is a zpl.reduce over the scope (or its own region) whose body
-- yields the scalar, computed before the reduction (issue 25, item 3).

program m;
region R = [1..4, 1..4];
region Col = [1..4, 1];
var A : [R] double;
var C : [Col] integer;
var x, t0 : double;
var k, i : integer;
procedure m();
begin
  t0 := timer();
  for i := 1 to 3 do
    x := timer() - timer();
  end;
  [R] A := timer() - t0;
  [R] k := +<< 1;
  x := max<< [R] (x * 2.0);
  [R with A > 0.0] x := +<< x;
  [Col] C := +<< [R] 1;
end;

-- CHECK-LABEL: func.func @m() {
-- CHECK:         %[[R:.*]] = zpl.get @R : !zpl.region<2>
-- CHECK:         %[[T0:.*]] = zpl.timer
-- CHECK-NEXT:    zpl.set @t0, %[[T0]] : f64
-- CHECK:         scf.for
-- CHECK:           zpl.set @i
-- CHECK-NEXT:      %[[T1:.*]] = zpl.timer
-- CHECK-NEXT:      %[[T2:.*]] = zpl.timer
-- CHECK-NEXT:      %[[D:.*]] = arith.subf %[[T1]], %[[T2]] : f64
-- CHECK-NEXT:      zpl.set @x, %[[D]] : f64
-- CHECK:         %[[T3:.*]] = zpl.timer
-- CHECK-NEXT:    %[[G:.*]] = zpl.get @t0 : f64
-- CHECK-NEXT:    %[[E:.*]] = arith.subf %[[T3]], %[[G]] : f64
-- CHECK-NEXT:    zpl.assign %{{.*}} over %[[R]] : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK-NEXT:      zpl.yield %[[E]] : f64
-- CHECK-NEXT:    }
-- CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : i64
-- CHECK-NEXT:    %[[N:.*]] = zpl.reduce add over %[[R]] : !zpl.region<2> -> i64 {
-- CHECK-NEXT:      zpl.yield %[[ONE]] : i64
-- CHECK-NEXT:    }
-- CHECK-NEXT:    zpl.set @k, %[[N]] : i64
-- CHECK-NEXT:    %[[X:.*]] = zpl.get @x : f64
-- CHECK-NEXT:    %[[TWO:.*]] = arith.constant 2.0{{.*}} : f64
-- CHECK-NEXT:    %[[X2:.*]] = arith.mulf %[[X]], %[[TWO]] : f64
-- CHECK-NEXT:    %[[M:.*]] = zpl.reduce max over %[[R]] : !zpl.region<2> -> f64 {
-- CHECK-NEXT:      zpl.yield %[[X2]] : f64
-- CHECK-NEXT:    }
-- CHECK-NEXT:    zpl.set @x, %[[M]] : f64
-- CHECK:         %[[XM:.*]] = zpl.get @x : f64
-- CHECK-NEXT:    %[[S:.*]] = zpl.reduce add over %[[R]] mask %{{.*}} : !zpl.array<2 x i1> : !zpl.region<2> -> f64 {
-- CHECK-NEXT:      zpl.yield %[[XM]] : f64
-- CHECK-NEXT:    }
-- CHECK-NEXT:    zpl.set @x, %[[S]] : f64
-- CHECK:         %[[ONE2:.*]] = arith.constant 1 : i64
-- CHECK-NEXT:    zpl.reduce_partial add %{{.*}} over %{{.*}} from %[[R]] : !zpl.array<2 x i64>, !zpl.region<2>, !zpl.region<2> {
-- CHECK-NEXT:      zpl.yield %[[ONE2]] : i64
-- CHECK-NEXT:    }
