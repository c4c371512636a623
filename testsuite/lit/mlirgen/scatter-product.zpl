-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- Sparse products (docs/language.md section 7): `A#[I] += B * C#[J]` of
-- doubles without a mask, B an array over the region, is one
-- zpl.scatter_product (either operand order, computed indices through
-- their temporaries); no gather and no product temporary. Other forms
-- stay a gather into a temporary and a zpl.scatter_combine: a mask, `-=`,
-- integers, a product of two gathers, the destination gathered.

program products;
region E = [1..4, 1..4];
region N = [1..8];
var Row, Col : [E] integer;
var V : [E] double;
var K : [E] integer;
var M : [E] boolean;
var Y, S : [N] double;
var Yi, Si : [N] integer;

procedure products();
begin
  [E] Y#[Row] += V * S#[Col];
  [E] Y#[Row] += S#[Col + 1] * V;
  [E with M] Y#[Row] += V * S#[Col];
  [E] Y#[Row] -= V * S#[Col];
  [E] Yi#[Row] += K * Si#[Col];
  [E] Y#[Row] += S#[Row] * S#[Col];
  [E] Y#[Row] += V * Y#[Col];
end;

-- CHECK-LABEL: func.func @products()
-- CHECK:       zpl.scatter_product %[[Y:[0-9]+]] from %[[V:[0-9]+]] times %[[S:[0-9]+]] over %[[E:[0-9]+]][%[[ROW:[0-9]+]]] [%[[COL:[0-9]+]]] : !zpl.array<1 x f64>, !zpl.array<2 x f64>, !zpl.array<1 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>], [!zpl.array<2 x i64>]
-- CHECK-NEXT:  %[[IDX:[0-9]+]] = zpl.local_array "index"
-- CHECK:       zpl.scatter_product %[[Y]] from %[[V]] times %[[S]] over %[[E]][%[[ROW]]] [%[[IDX]]]
-- CHECK-NOT:   zpl.scatter_product
-- CHECK:       zpl.masked_remap gather
-- CHECK:       zpl.scatter_combine add %[[Y]] from %{{.*}} mask
-- CHECK-NOT:   zpl.scatter_product
-- CHECK:       zpl.remap gather
-- CHECK:       zpl.scatter_combine add %[[Y]]
-- CHECK-NOT:   zpl.scatter_product
-- CHECK:       zpl.remap gather
-- CHECK:       zpl.scatter_combine add
-- CHECK-NOT:   zpl.scatter_product
-- CHECK:       zpl.remap gather
-- CHECK:       zpl.remap gather
-- CHECK:       zpl.scatter_combine add %[[Y]]
-- CHECK-NOT:   zpl.scatter_product
-- CHECK:       zpl.remap gather %{{.*}} from %[[Y]]
-- CHECK:       zpl.scatter_combine add %[[Y]]
-- CHECK-NOT:   zpl.scatter_product
-- CHECK:       return
