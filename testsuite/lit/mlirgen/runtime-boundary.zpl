-- RUN: %zplc --emit=zpl -O0 %s | FileCheck %s
-- `wrap`/`reflect` under an `of` scope whose direction is known only at
-- run time become zpl.dyn_boundary of the array over the scope's base
-- region by the components' values (a parameter, a config var); with a
-- constant direction, zpl.boundary as before.
program rtboundary;
config var k : integer = 1;
direction dn = [k, 0];
region R = [1..8, 1..8];
var A : [R] double;

procedure bands(s : integer);
begin
  [[0, s] of R] wrap A;
  [dn of R] reflect A;
  [[0, 1] of R] wrap A;
end;

procedure rtboundary();
begin
  bands(2);
end;

-- CHECK-LABEL: func.func @bands
-- CHECK:      %[[S:[0-9]+]] = zpl.load
-- CHECK:      %[[S2:[0-9]+]] = zpl.load
-- CHECK-NEXT: zpl.dyn_boundary wrap %{{[0-9]+}} over %{{[0-9]+}} by(%{{.*}}, %[[S2]])
-- CHECK:      zpl.get @k : i64
-- CHECK:      %[[K:[0-9]+]] = zpl.get @k : i64
-- CHECK-NEXT: zpl.dyn_boundary reflect %{{[0-9]+}} over %{{[0-9]+}} by(%[[K]], %{{.*}})
-- CHECK:      zpl.boundary wrap %{{[0-9]+}} over %{{[0-9]+}} [0, 1]
