-- RUN: %zplc -O0 --emit=zpl %s | FileCheck %s
-- A promoted call statement with 'var' parameters (docs/language.md section
-- 9): one zpl.assign per output array, in argument order, under the
-- statement's mask; each calls the procedure per element into fresh
-- zero-initialized slots and yields the slot of its own output. The
-- scalar argument is computed before each op. 'split' reads 'hi' after
-- assigning it at the top level of its body, so it may be promoted.

program outputs;
region R = [1..4, 1..4];
var X, Hi, Lo : [R] double;
var M : [R] boolean;
var Sign : [R] integer;
var c : double;

procedure split(x, k : double; var hi, lo : double; var s : integer);
begin
  hi := floor(x * k);
  lo := x * k - hi;
  if x < 0.0 then s := -1; else s := 1; end;
end;

procedure outputs();
begin
  c := 2.0;
  [R with M] split(X@[0, 1], c + 1.0, Hi, Lo, Sign);
end;

-- CHECK-LABEL: func.func @outputs
-- CHECK: %[[BY:.*]] = arith.addf
-- CHECK: zpl.assign %[[HI:.*]] over %[[R:.*]] mask %[[M:.*]] : !zpl.array<2 x i1> : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK:   %[[X:.*]] = zpl.read %{{.*}} [0, 1] : !zpl.array<2 x f64>
-- CHECK:   %[[S0:.*]] = zpl.alloca "hi" : !zpl.ref<f64>
-- CHECK:   %[[S1:.*]] = zpl.alloca "lo" : !zpl.ref<f64>
-- CHECK:   %[[S2:.*]] = zpl.alloca "s" : !zpl.ref<i64>
-- CHECK:   func.call @split(%[[X]], %[[BY]], %[[S0]], %[[S1]], %[[S2]])
-- CHECK:   %[[V0:.*]] = zpl.load %[[S0]] : !zpl.ref<f64>
-- CHECK:   zpl.yield %[[V0]] : f64
-- CHECK: zpl.assign %{{.*}} over %[[R]] mask %[[M]] : !zpl.array<2 x i1> : !zpl.array<2 x f64>
-- CHECK:   %[[T1:.*]] = zpl.alloca "lo" : !zpl.ref<f64>
-- CHECK:   func.call @split
-- CHECK:   %[[V1:.*]] = zpl.load %[[T1]] : !zpl.ref<f64>
-- CHECK:   zpl.yield %[[V1]] : f64
-- CHECK: zpl.assign %{{.*}} over %[[R]] mask %[[M]] : !zpl.array<2 x i1> : !zpl.array<2 x i64>
-- CHECK:   %[[T2:.*]] = zpl.alloca "s" : !zpl.ref<i64>
-- CHECK:   func.call @split
-- CHECK:   %[[V2:.*]] = zpl.load %[[T2]] : !zpl.ref<i64>
-- CHECK:   zpl.yield %[[V2]] : i64
