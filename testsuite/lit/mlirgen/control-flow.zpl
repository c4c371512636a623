-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- if/elsif/else, while, repeat-until, for to/downto/by, halt.

program flow;

config var n : integer = 10;

procedure flow();
var i, s : integer;
begin
  if s < 1 then
    s := 1;
  elsif s < 2 then
    s := 2;
  else
    s := 3;
  end;
  if s = 0 then halt; end;
  while s < 100 do
    s := s * 2;
  end;
  repeat
    s -= 1;
  until s <= 0;
  for i := 1 to n do s += i; end;
  for i := n downto 2 do s -= i; end;
  for i := 0 to 20 by 5 do s += 1; end;
  for i := 20 downto 0 by 3 do s += 2; end;
end;

-- CHECK-LABEL: func.func @flow() {
-- CHECK-DAG:     %[[I:.*]] = zpl.alloca "i" : !zpl.ref<i64>
-- CHECK-DAG:     %[[S:.*]] = zpl.alloca "s" : !zpl.ref<i64>

-- if/elsif/else: nested scf.if.
-- CHECK:         %[[C1:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i64
-- CHECK-NEXT:    scf.if %[[C1]] {
-- CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1 : i64
-- CHECK-NEXT:      zpl.store %[[ONE]], %[[S]] : !zpl.ref<i64>
-- CHECK-NEXT:    } else {
-- CHECK-NEXT:      %[[SV:.*]] = zpl.load %[[S]] : !zpl.ref<i64>
-- CHECK-NEXT:      %[[TWO:.*]] = arith.constant 2 : i64
-- CHECK-NEXT:      %[[C2:.*]] = arith.cmpi slt, %[[SV]], %[[TWO]] : i64
-- CHECK-NEXT:      scf.if %[[C2]] {
-- CHECK-NEXT:        %[[V2:.*]] = arith.constant 2 : i64
-- CHECK-NEXT:        zpl.store %[[V2]], %[[S]] : !zpl.ref<i64>
-- CHECK-NEXT:      } else {
-- CHECK-NEXT:        %[[V3:.*]] = arith.constant 3 : i64
-- CHECK-NEXT:        zpl.store %[[V3]], %[[S]] : !zpl.ref<i64>
-- CHECK-NEXT:      }
-- CHECK-NEXT:    }

-- if without else; halt.
-- CHECK:         %[[C0:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i64
-- CHECK-NEXT:    scf.if %[[C0]] {
-- CHECK-NEXT:      zpl.halt
-- CHECK-NEXT:    }

-- while: the condition in the `before` region, the body in `do`.
-- CHECK-NEXT:    scf.while : () -> () {
-- CHECK-NEXT:      %[[WS:.*]] = zpl.load %[[S]] : !zpl.ref<i64>
-- CHECK-NEXT:      %[[HUNDRED:.*]] = arith.constant 100 : i64
-- CHECK-NEXT:      %[[WC:.*]] = arith.cmpi slt, %[[WS]], %[[HUNDRED]] : i64
-- CHECK-NEXT:      scf.condition(%[[WC]])
-- CHECK-NEXT:    } do {
-- CHECK:           arith.muli %{{.*}}, %{{.*}} : i64
-- CHECK-NEXT:      zpl.store %{{.*}}, %[[S]] : !zpl.ref<i64>
-- CHECK-NEXT:      scf.yield
-- CHECK-NEXT:    }

-- repeat: the body and the negated until-condition in `before`.
-- CHECK-NEXT:    scf.while : () -> () {
-- CHECK:           arith.subi %{{.*}}, %{{.*}} : i64
-- CHECK-NEXT:      zpl.store %{{.*}}, %[[S]] : !zpl.ref<i64>
-- CHECK-NEXT:      %[[RS:.*]] = zpl.load %[[S]] : !zpl.ref<i64>
-- CHECK-NEXT:      %[[RZ:.*]] = arith.constant 0 : i64
-- CHECK-NEXT:      %[[UNTIL:.*]] = arith.cmpi sle, %[[RS]], %[[RZ]] : i64
-- CHECK-NEXT:      %[[T:.*]] = arith.constant true
-- CHECK-NEXT:      %[[AGAIN:.*]] = arith.xori %[[UNTIL]], %[[T]] : i1
-- CHECK-NEXT:      scf.condition(%[[AGAIN]])
-- CHECK-NEXT:    } do {
-- CHECK-NEXT:      scf.yield
-- CHECK-NEXT:    }

-- for i := 1 to n: k counts 0 .. trips-1, i = lo + k*step.
-- CHECK-NEXT:    %[[LO:.*]] = arith.constant 1 : i64
-- CHECK-NEXT:    %[[HI:.*]] = zpl.get @n : i64
-- CHECK-NEXT:    %[[STEP:.*]] = arith.constant 1 : i64
-- CHECK-NEXT:    %[[K0:.*]] = arith.constant 0 : i64
-- CHECK-NEXT:    %[[K1:.*]] = arith.constant 1 : i64
-- CHECK-NEXT:    %[[DIFF:.*]] = arith.subi %[[HI]], %[[LO]] : i64
-- CHECK-NEXT:    %[[POS:.*]] = arith.cmpi sgt, %[[STEP]], %[[K0]] : i64
-- CHECK-NEXT:    %[[SAFE:.*]] = arith.select %[[POS]], %[[STEP]], %[[K1]] : i64
-- CHECK-NEXT:    %[[QUOT:.*]] = arith.divsi %[[DIFF]], %[[SAFE]] : i64
-- CHECK-NEXT:    %[[CNT:.*]] = arith.addi %[[QUOT]], %[[K1]] : i64
-- CHECK-NEXT:    %[[NE:.*]] = arith.cmpi sge, %[[DIFF]], %[[K0]] : i64
-- CHECK-NEXT:    %[[RUNS:.*]] = arith.andi %[[POS]], %[[NE]] : i1
-- CHECK-NEXT:    %[[TRIPS:.*]] = arith.select %[[RUNS]], %[[CNT]], %[[K0]] : i64
-- CHECK-NEXT:    scf.for %[[K:.*]] = %[[K0]] to %[[TRIPS]] step %[[K1]] : i64 {
-- CHECK-NEXT:      %[[OFF:.*]] = arith.muli %[[K]], %[[STEP]] : i64
-- CHECK-NEXT:      %[[IV:.*]] = arith.addi %[[LO]], %[[OFF]] : i64
-- CHECK-NEXT:      zpl.store %[[IV]], %[[I]] : !zpl.ref<i64>
-- CHECK:         }

-- for i := n downto 2: diff = lo - hi, i = lo - k*step.
-- CHECK-NEXT:    %[[DLO:.*]] = zpl.get @n : i64
-- CHECK-NEXT:    %[[DHI:.*]] = arith.constant 2 : i64
-- CHECK:         %[[DDIFF:.*]] = arith.subi %[[DLO]], %[[DHI]] : i64
-- CHECK:         scf.for %[[DK:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
-- CHECK-NEXT:      %[[DOFF:.*]] = arith.muli %[[DK]], %{{.*}} : i64
-- CHECK-NEXT:      %[[DIV:.*]] = arith.subi %[[DLO]], %[[DOFF]] : i64
-- CHECK-NEXT:      zpl.store %[[DIV]], %[[I]] : !zpl.ref<i64>
-- CHECK:         }

-- for i := 0 to 20 by 5
-- CHECK-NEXT:    %[[BLO:.*]] = arith.constant 0 : i64
-- CHECK-NEXT:    %[[BHI:.*]] = arith.constant 20 : i64
-- CHECK-NEXT:    %[[BSTEP:.*]] = arith.constant 5 : i64
-- CHECK:         arith.divsi %{{.*}}, %{{.*}} : i64
-- CHECK:         scf.for %[[BK:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
-- CHECK-NEXT:      %[[BOFF:.*]] = arith.muli %[[BK]], %[[BSTEP]] : i64
-- CHECK-NEXT:      arith.addi %[[BLO]], %[[BOFF]] : i64

-- for i := 20 downto 0 by 3
-- CHECK:         %[[ELO:.*]] = arith.constant 20 : i64
-- CHECK-NEXT:    %[[EHI:.*]] = arith.constant 0 : i64
-- CHECK-NEXT:    %[[ESTEP:.*]] = arith.constant 3 : i64
-- CHECK:         scf.for %[[EK:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
-- CHECK-NEXT:      %[[EOFF:.*]] = arith.muli %[[EK]], %[[ESTEP]] : i64
-- CHECK-NEXT:      arith.subi %[[ELO]], %[[EOFF]] : i64
-- CHECK:         return
