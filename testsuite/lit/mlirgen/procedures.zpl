-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- Procedures: value parameters in slots, results, calls, local initializers.

program procs;

procedure square(x : double) : double;
begin
  return x * x;
end;

procedure fact(k : integer) : integer;
var r : integer = 1;
begin
  if k > 1 then r := k * fact(k - 1); end;
  return r;
end;

procedure show(k : integer; f : float);
begin
  writeln(k, f);
  return;
end;

procedure noresult() : integer;
begin
end;

procedure procs();
var y : double;
begin
  y := square(3);
  show(fact(5), y);
end;

-- CHECK:      module attributes {zpl.entry = @procs} {
-- CHECK-LABEL:  func.func @square(%arg0: f64) -> f64 {
-- CHECK-NEXT:     %[[X:.*]] = zpl.alloca "x" : !zpl.ref<f64>
-- CHECK-NEXT:     zpl.store %arg0, %[[X]] : !zpl.ref<f64>
-- CHECK-NEXT:     %[[A:.*]] = zpl.load %[[X]] : !zpl.ref<f64>
-- CHECK-NEXT:     %[[B:.*]] = zpl.load %[[X]] : !zpl.ref<f64>
-- CHECK-NEXT:     %[[M:.*]] = arith.mulf %[[A]], %[[B]] : f64
-- CHECK-NEXT:     return %[[M]] : f64
-- CHECK-NEXT:   }

-- CHECK-LABEL:  func.func @fact(%arg0: i64) -> i64 {
-- CHECK-NEXT:     %[[K:.*]] = zpl.alloca "k" : !zpl.ref<i64>
-- CHECK-NEXT:     zpl.store %arg0, %[[K]] : !zpl.ref<i64>
-- CHECK-NEXT:     %[[R:.*]] = zpl.alloca "r" : !zpl.ref<i64>
-- CHECK-NEXT:     %[[ONE:.*]] = arith.constant 1 : i64
-- CHECK-NEXT:     zpl.store %[[ONE]], %[[R]] : !zpl.ref<i64>
-- CHECK:          scf.if
-- CHECK:            %[[REC:.*]] = {{(func\.)?}}call @fact(%{{.*}}) : (i64) -> i64
-- CHECK:          %[[RV:.*]] = zpl.load %[[R]] : !zpl.ref<i64>
-- CHECK-NEXT:     return %[[RV]] : i64

-- CHECK-LABEL:  func.func @show(%arg0: i64, %arg1: f32) {
-- CHECK:          zpl.writeln
-- CHECK-NEXT:     return{{$}}

-- Falling off the end of a function returns zero.
-- CHECK-LABEL:  func.func @noresult() -> i64 {
-- CHECK-NEXT:     %[[Z:.*]] = arith.constant 0 : i64
-- CHECK-NEXT:     return %[[Z]] : i64

-- Arguments convert to the parameter types.
-- CHECK-LABEL:  func.func @procs() {
-- CHECK:          %[[THREE:.*]] = arith.constant 3 : i64
-- CHECK-NEXT:     %[[THREEF:.*]] = arith.sitofp %[[THREE]] : i64 to f64
-- CHECK-NEXT:     %[[SQ:.*]] = {{(func\.)?}}call @square(%[[THREEF]]) : (f64) -> f64
-- CHECK-NEXT:     zpl.store %[[SQ]], %{{.*}} : !zpl.ref<f64>
-- CHECK-NEXT:     %[[FIVE:.*]] = arith.constant 5 : i64
-- CHECK-NEXT:     %[[F:.*]] = {{(func\.)?}}call @fact(%[[FIVE]]) : (i64) -> i64
-- CHECK-NEXT:     %[[YV:.*]] = zpl.load %{{.*}} : !zpl.ref<f64>
-- CHECK-NEXT:     %[[YF:.*]] = arith.truncf %[[YV]] : f64 to f32
-- CHECK-NEXT:     {{(func\.)?}}call @show(%[[F]], %[[YF]]) : (i64, f32) -> ()
-- CHECK-NEXT:     return
