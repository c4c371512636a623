-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- exit, continue and early returns: i1 flags (zpl.alloca at the top of the
-- function) and scf.if guards; only loops that need them get flags.

program flow;

procedure find(k : integer) : integer;
var i : integer;
begin
  for i := 1 to 10 do
    if i * i > k then return i; end;
  end;
  return -1;
end;

procedure flow();
var i, s : integer;
begin
  while s < 100 do
    s += 1;
    if s > 5 then exit; end;
    if s = 2 then continue; end;
    writeln(s);
  end;
  for i := 1 to 4 do
    if i = 2 then continue; end;
    s += i;
  end;
  repeat
    s -= 1;
    if s = 3 then exit; end;
  until s < 0;
  writeln(find(s));
end;

-- A `for` containing a `return` becomes an scf.while over the counter
-- that also stops when `returned` is set.
-- CHECK-LABEL: func.func @find(%arg0: i64) -> i64 {
-- CHECK-NEXT:    %[[RET:.*]] = zpl.alloca "returned" : !zpl.ref<i1>
-- CHECK-NEXT:    %[[RES:.*]] = zpl.alloca "result" : !zpl.ref<i64>
-- CHECK:         %[[I:.*]] = zpl.alloca "i" : !zpl.ref<i64>
-- CHECK-NEXT:    %[[F:.*]] = arith.constant false
-- CHECK-NEXT:    zpl.store %[[F]], %[[RET]] : !zpl.ref<i1>
-- CHECK:         arith.andi
-- CHECK-NEXT:    %[[TRIPS:.*]] = arith.select
-- CHECK-NEXT:    %{{.*}} = scf.while (%[[K:.*]] = %{{.*}}) : (i64) -> i64 {
-- CHECK-NEXT:      %[[MORE:.*]] = arith.cmpi slt, %[[K]], %[[TRIPS]] : i64
-- CHECK-NEXT:      %[[RV:.*]] = zpl.load %[[RET]] : !zpl.ref<i1>
-- CHECK-NEXT:      %[[T:.*]] = arith.constant true
-- CHECK-NEXT:      %[[NR:.*]] = arith.xori %[[RV]], %[[T]] : i1
-- CHECK-NEXT:      %[[GO:.*]] = arith.andi %[[MORE]], %[[NR]] : i1
-- CHECK-NEXT:      scf.condition(%[[GO]]) %[[K]] : i64
-- CHECK-NEXT:    } do {
-- CHECK-NEXT:    ^bb0(%[[KA:.*]]: i64):
-- CHECK:           zpl.store %{{.*}}, %[[I]] : !zpl.ref<i64>
-- CHECK:           scf.if %{{.*}} {
-- CHECK-NEXT:        %[[IV:.*]] = zpl.load %[[I]] : !zpl.ref<i64>
-- CHECK-NEXT:        zpl.store %[[IV]], %[[RES]] : !zpl.ref<i64>
-- CHECK-NEXT:        %[[TR:.*]] = arith.constant true
-- CHECK-NEXT:        zpl.store %[[TR]], %[[RET]] : !zpl.ref<i1>
-- CHECK-NEXT:      }
-- CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %[[KA]], %{{.*}} : i64
-- CHECK-NEXT:      scf.yield %[[NEXT]] : i64
-- CHECK-NEXT:    }
-- The final `return -1` is guarded by the flag; the function returns the
-- result slot at its end.
-- CHECK-NEXT:    %[[RV2:.*]] = zpl.load %[[RET]] : !zpl.ref<i1>
-- CHECK-NEXT:    %[[T2:.*]] = arith.constant true
-- CHECK-NEXT:    %[[NR2:.*]] = arith.xori %[[RV2]], %[[T2]] : i1
-- CHECK-NEXT:    scf.if %[[NR2]] {
-- CHECK:           zpl.store %{{.*}}, %[[RES]] : !zpl.ref<i64>
-- CHECK:           zpl.store %{{.*}}, %[[RET]] : !zpl.ref<i1>
-- CHECK-NEXT:    }
-- CHECK-NEXT:    %[[R:.*]] = zpl.load %[[RES]] : !zpl.ref<i64>
-- CHECK-NEXT:    return %[[R]] : i64

-- CHECK-LABEL: func.func @flow() {
-- CHECK-NEXT:    %[[BW:.*]] = zpl.alloca "broken" : !zpl.ref<i1>
-- CHECK-NEXT:    %[[SW:.*]] = zpl.alloca "skip" : !zpl.ref<i1>
-- CHECK-NEXT:    %[[SF:.*]] = zpl.alloca "skip" : !zpl.ref<i1>
-- CHECK-NEXT:    %[[BR:.*]] = zpl.alloca "broken" : !zpl.ref<i1>
-- CHECK-NOT:     zpl.alloca "{{broken|skip}}"

-- while: `broken` is tested before the condition (which is then not
-- evaluated); `skip` is reset at the top of the body.
-- CHECK:         zpl.store %{{.*}}, %[[BW]] : !zpl.ref<i1>
-- CHECK-NEXT:    scf.while : () -> () {
-- CHECK-NEXT:      %[[BV:.*]] = zpl.load %[[BW]] : !zpl.ref<i1>
-- CHECK-NEXT:      %[[C:.*]] = scf.if %[[BV]] -> (i1) {
-- CHECK-NEXT:        %[[NO:.*]] = arith.constant false
-- CHECK-NEXT:        scf.yield %[[NO]] : i1
-- CHECK-NEXT:      } else {
-- CHECK:             %[[LT:.*]] = arith.cmpi slt
-- CHECK-NEXT:        scf.yield %[[LT]] : i1
-- CHECK-NEXT:      }
-- CHECK-NEXT:      scf.condition(%[[C]])
-- CHECK-NEXT:    } do {
-- CHECK-NEXT:      %[[F0:.*]] = arith.constant false
-- CHECK-NEXT:      zpl.store %[[F0]], %[[SW]] : !zpl.ref<i1>
-- CHECK:           scf.if %{{.*}} {
-- CHECK-NEXT:        %[[T3:.*]] = arith.constant true
-- CHECK-NEXT:        zpl.store %[[T3]], %[[BW]] : !zpl.ref<i1>
-- CHECK-NEXT:      }
-- CHECK-NEXT:      %[[B1:.*]] = zpl.load %[[BW]] : !zpl.ref<i1>
-- CHECK-NEXT:      %[[T4:.*]] = arith.constant true
-- CHECK-NEXT:      %[[NB:.*]] = arith.xori %[[B1]], %[[T4]] : i1
-- CHECK-NEXT:      scf.if %[[NB]] {
-- CHECK:             scf.if %{{.*}} {
-- CHECK-NEXT:          %[[T5:.*]] = arith.constant true
-- CHECK-NEXT:          zpl.store %[[T5]], %[[SW]] : !zpl.ref<i1>
-- CHECK-NEXT:        }
-- CHECK-NEXT:        %[[S1:.*]] = zpl.load %[[SW]] : !zpl.ref<i1>
-- CHECK-NEXT:        %[[T6:.*]] = arith.constant true
-- CHECK-NEXT:        %[[NS:.*]] = arith.xori %[[S1]], %[[T6]] : i1
-- CHECK-NEXT:        scf.if %[[NS]] {
-- CHECK:               zpl.write
-- CHECK-NEXT:          zpl.writeln
-- CHECK-NEXT:        }
-- CHECK-NEXT:      }
-- CHECK-NEXT:      scf.yield
-- CHECK-NEXT:    }

-- for with only `continue` stays an scf.for.
-- CHECK:         scf.for
-- CHECK:           zpl.store %{{.*}}, %[[SF]] : !zpl.ref<i1>
-- CHECK:           zpl.load %[[SF]] : !zpl.ref<i1>

-- repeat: the until-condition is only evaluated when not broken.
-- CHECK:         zpl.store %{{.*}}, %[[BR]] : !zpl.ref<i1>
-- CHECK-NEXT:    scf.while : () -> () {
-- CHECK:           %[[BV2:.*]] = zpl.load %[[BR]] : !zpl.ref<i1>
-- CHECK-NEXT:      %[[AGAIN:.*]] = scf.if %[[BV2]] -> (i1) {
-- CHECK:           } else {
-- CHECK:             arith.cmpi slt
-- CHECK:           }
-- CHECK-NEXT:      scf.condition(%[[AGAIN]])
-- CHECK:         call @find
