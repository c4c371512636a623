-- RUN: %zplc --emit=zpl -O0 %s | FileCheck %s
-- A procedure run under its caller's scope takes that region as a last
-- parameter; its unscoped statements are over it, and a call passes the
-- scope in effect: a scope statement's region, or the caller's own.
program callerscope;
region R = [1..4, 1..4];
var A, B : [R] double;

-- CHECK-LABEL: func.func @smooth(
-- CHECK-SAME:    %[[Y:[a-z0-9]+]]: !zpl.array<2 x f64>, %[[X:[a-z0-9]+]]: !zpl.array<2 x f64>, %[[S:[a-z0-9]+]]: !zpl.region<2>)
-- CHECK:         zpl.assign %[[Y]] over %[[S]]
-- CHECK:           zpl.read %[[X]] [0, 1]
procedure smooth(Y, X : [,] double);
begin
  Y := X@[0, 1] + X;
end;

-- CHECK-LABEL: func.func @twice(
-- CHECK-SAME:    %[[Y:[a-z0-9]+]]: !zpl.array<2 x f64>, %[[S:[a-z0-9]+]]: !zpl.region<2>)
-- CHECK:         call @smooth(%[[Y]], %[[Y]], %[[S]])
-- CHECK:         zpl.reduce
-- CHECK-SAME:    over %[[S]]
procedure twice(Y : [,] double) : double;
begin
  smooth(Y, Y);
  return +<< Y;
end;

-- CHECK-LABEL: func.func @callerscope(
-- CHECK:         %[[R:.*]] = zpl.get @R : !zpl.region<2>
-- CHECK:         call @smooth(%{{.*}}, %{{.*}}, %[[R]])
-- CHECK:         %[[IN:.*]] = zpl.make_region
-- CHECK:         call @twice(%{{.*}}, %[[IN]])
procedure callerscope();
var s : double;
begin
  [R] smooth(A, B);
  [2..3, 2..3] s := twice(A);
  writeln(s);
end;
