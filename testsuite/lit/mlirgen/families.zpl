-- RUN: %zplc --emit=zpl -O0 %s | FileCheck %s
-- A family declares one region (array) per index, `{}` the element's
-- index: the strides fold. A constant index names its element; a run-time
-- one is a zpl.family_element of every element, selected before the
-- statement, once per statement for the same spelling of the index.
program families;
region L{0..2} = [[1..8] by [bsl(1, {})]];
var U{0..2} : [L{}] double;
var V{1..2} : [L{{} - 1}] double;

-- CHECK-LABEL: zpl.region_decl @"L{0}"
-- CHECK:         zpl.derive by %{{.*}} [1]
-- CHECK-LABEL: zpl.region_decl @"L{2}"
-- CHECK:         zpl.derive by %{{.*}} [4]
-- CHECK-LABEL: zpl.array_decl @"U{1}"
-- CHECK:         zpl.get @"L{1}"
-- CHECK-LABEL: zpl.array_decl @"V{2}"
-- CHECK:         zpl.get @"L{1}"

-- The elsif's condition reads the selection of the if's condition (one
-- statement, one index), never the then-branch's, which does not dominate
-- it.
-- CHECK-LABEL: func.func @branches(
-- CHECK:         %[[C:.*]] = zpl.family_element %{{.*}} of [@"U{0}", @"U{1}", @"U{2}"]
-- CHECK:         zpl.reduce
-- CHECK:         scf.if
-- CHECK:           %[[T:.*]] = zpl.family_element %{{.*}} of [@"U{0}", @"U{1}", @"U{2}"]
-- CHECK:           zpl.assign %[[T]]
-- CHECK:         } else {
-- CHECK:           zpl.reduce
-- CHECK-NEXT:        zpl.read %[[C]] [0]
-- CHECK-LABEL: func.func @families(
-- CHECK:         %[[U2:.*]] = zpl.get @"U{2}" : !zpl.array<1 x f64>
-- CHECK:         zpl.assign %[[U2]] over
-- CHECK:         scf.for
-- CHECK:           %[[L:.*]] = zpl.family_element %{{.*}} of [@"L{0}", @"L{1}", @"L{2}"] first 0 : !zpl.region<1>
-- CHECK:           %[[D:.*]] = zpl.family_element %{{.*}} of [@"U{0}", @"U{1}", @"U{2}"] first 0 : !zpl.array<1 x f64>
-- CHECK:           %[[S:.*]] = zpl.family_element %{{.*}} of [@"U{0}", @"U{1}", @"U{2}"] first 0 : !zpl.array<1 x f64>
-- CHECK-NOT:       zpl.family_element
-- CHECK:           zpl.assign %[[D]] over %[[L]]
-- CHECK-DAG:         zpl.read %[[S]] [0]
-- CHECK-DAG:         zpl.read %[[S]] [4]
-- CHECK-DAG:         zpl.read %[[D]] [4]
procedure branches(j : integer);
begin
  if +<< [L{j}] U{j} > 0.0 then
    [L{j}] U{j} := 1.0;
  elsif +<< [L{j}] U{j} < 0.0 then
    [L{j}] U{j} := 2.0;
  end;
end;

procedure families();
var j : integer;
begin
  [L{2}] U{2} := 1.0;
  branches(1);
  for j := 1 to 2 do
    [L{j}] U{j} := U{j - 1} + U{j - 1}@[4] + U{j}@[4];
  end;
end;
