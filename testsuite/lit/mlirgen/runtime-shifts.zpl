-- RUN: %zplc --emit=zpl -O0 %s | FileCheck %s
-- Shifts by directions known only at run time (genRunTimeShift): each
-- becomes a zpl.dyn_shift of the array by the components' values, read at
-- offset 0; components spelled alike in one statement are computed once
-- (componentKey), so `-s` of two reads is one value. `@^` wraps, before
-- its shift, every band of each nonempty subset of the dimensions whose
-- component is not the literal 0 (zpl.dyn_wrap), each band once per
-- statement.
program rtshifts;
config var k : integer = 1;
direction dn = [k, 0];
region R = [1..8, 1..8];
var A, E : [R] double;

procedure shifts(s : integer);
begin
  [R] E := A@dn + A@[-s, s] + A@[-s, 0];
  [R] E := A@^[s, 0] + A@^[s, -s];
end;

procedure rtshifts();
begin
  shifts(2);
end;

-- CHECK-LABEL: func.func @shifts
-- CHECK:      %[[K:.*]] = zpl.get @k : i64
-- CHECK:      zpl.dyn_shift %[[A:[0-9]+]] by(%[[K]], %[[Z:[a-z0-9_]+]]) over %[[R:[0-9]+]]
-- CHECK:      %[[NS:[0-9]+]] = arith.subi
-- CHECK:      %[[S:[0-9]+]] = zpl.load
-- CHECK-NEXT: zpl.dyn_shift %[[A]] by(%[[NS]], %[[S]]) over %[[R]]
-- CHECK-NEXT: zpl.dyn_shift %[[A]] by(%[[NS]], %[[Z]]) over %[[R]]
-- CHECK:      zpl.assign
-- CHECK-COUNT-3: zpl.read %{{[0-9]+}} [0, 0]
-- CHECK:      zpl.local_array "A_wrap"
-- CHECK:      %[[S2:[0-9]+]] = zpl.load
-- CHECK:      zpl.dyn_wrap %[[W:[0-9]+]] by(%[[S2]], %{{.*}})
-- CHECK-NEXT: zpl.dyn_shift %[[W]] by(%[[S2]], %{{.*}}) over %[[R]]
-- CHECK:      %[[NS2:[0-9]+]] = arith.subi
-- CHECK:      zpl.dyn_wrap %[[W]] by(%{{.*}}, %[[NS2]])
-- CHECK-NEXT: zpl.dyn_wrap %[[W]] by(%[[S2]], %[[NS2]])
-- CHECK-NEXT: zpl.dyn_shift %[[W]] by(%[[S2]], %[[NS2]]) over %[[R]]
-- CHECK-NOT:  zpl.dyn_wrap
-- CHECK:      zpl.assign
