-- RUN: %zplc -O0 --emit=zpl %s | FileCheck %s
-- User-defined reductions and scans (docs/language.md section 6): zpl.reduce
-- and zpl.scan of kind user naming the procedure that combines two values;
-- an integer operand of a real operator is converted in the body; a mask
-- is kept; zpl.reduce_partial of kind user for a partial reduction.
program userred;
region R = [1..4, 1..4];
var A : [R] double;
var K : [R] integer;
var M : [R] boolean;
var s : double;
var S : [R] double;
var C : [1..4, 1] double;

procedure pick(a, b : double) : double;
begin
  if b > a then return b; end;
  return a;
end;

-- CHECK-LABEL: func.func @userred()
-- CHECK: zpl.reduce user over %{{.*}} {combiner = @pick} : !zpl.region<2> -> f64 {
-- CHECK-NEXT: zpl.read %{{.*}} [0, 0] : !zpl.array<2 x f64>
-- CHECK: zpl.reduce user over %{{.*}} mask %{{.*}} : !zpl.array<2 x i1> {combiner = @pick} : !zpl.region<2> -> f64 {
-- CHECK: %[[K:.*]] = zpl.read %{{.*}} [0, 0] : !zpl.array<2 x i64>
-- CHECK-NEXT: %[[D:.*]] = arith.sitofp %[[K]] : i64 to f64
-- CHECK-NEXT: zpl.yield %[[D]] : f64
-- CHECK: zpl.scan user %{{.*}} over %{{.*}} dim -1 {combiner = @pick} : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK: zpl.scan user %{{.*}} over %{{.*}} dim 1 {combiner = @pick} : !zpl.array<2 x f64>, !zpl.region<2> {
-- A partial reduction onto a column: the destination, its region, the
-- source region and the procedure.
-- CHECK: zpl.reduce_partial user %{{.*}} over %{{.*}} from %{{.*}} {combiner = @pick} : !zpl.array<2 x f64>, !zpl.region<2>, !zpl.region<2> {
-- CHECK-NEXT: zpl.read %{{.*}} [0, 0] : !zpl.array<2 x f64>
procedure userred();
begin
  s := pick<< [R] A;
  [R with M] s := pick<< K;
  [R] S := pick|| A;
  [R] S := pick|| [2] K;
  [1..4, 1] C := pick<< [R] A;
end;
