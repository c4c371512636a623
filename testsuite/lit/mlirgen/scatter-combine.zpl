-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- Accumulating and masked remaps (docs/language.md section 7): `+=` and `*=`
-- become zpl.scatter_combine add/mul, an integer scalar source stays one
-- value (no temporary), `-=` adds the negated source, a
-- masked plain scatter or gather is zpl.masked_remap (its computed index
-- evaluated only where the mask holds); unmasked plain remaps stay
-- zpl.remap.

program scatters;
region R = [1..4, 1..4];
var A, B, I, J : [R] integer;
var H : [1..5] integer;
var M : [R] boolean;

procedure scatters();
begin
  [R] H#[I] += 1;
  [R] A#[I, J] *= B;
  [R] A#[I, J] -= B;
  [R with M] A#[I, J] := B;
  [R without M] H#[I] += B;
  [R] A#[I, J] := B;
  [R] H#[J] -= 2;
  [R with M] A := B#[I, J];
  [R without M] A := B#[I + 1, J] + 1;
  [R] A := B#[I, J];
end;

-- CHECK-LABEL: func.func @scatters()
-- CHECK-NOT:   zpl.local_array "source"
-- CHECK:       %[[ONE:.*]] = arith.constant 1 : i64
-- CHECK-NEXT:  zpl.scatter_combine add %{{.*}} from %[[ONE]] over %{{.*}}[%{{.*}}] : !zpl.array<1 x i64>, i64, !zpl.region<2>, [!zpl.array<2 x i64>]
-- CHECK:       zpl.scatter_combine mul %{{.*}} from %{{.*}} over %{{.*}}[%{{.*}}, %{{.*}}] :
-- CHECK:       %[[NEG:.*]] = zpl.local_array "source"
-- CHECK:       zpl.assign %[[NEG]] over
-- CHECK:       zpl.assign %[[NEG]] over
-- CHECK-NEXT:    %[[X:.*]] = zpl.read %[[NEG]] [0, 0]
-- CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i64
-- CHECK-NEXT:    arith.subi %[[ZERO]], %[[X]] : i64
-- CHECK:       zpl.scatter_combine add %{{.*}} from %[[NEG]] over
-- CHECK:       zpl.masked_remap scatter %{{.*}} from %{{.*}} over %{{.*}}[%{{.*}}, %{{.*}}] mask %{{.*}} :
-- CHECK:       zpl.scatter_combine add %{{.*}} from %{{.*}} over %{{.*}}[%{{.*}}] mask %{{.*}} {without} :
-- CHECK:       zpl.remap scatter
-- CHECK:       %[[TWO:.*]] = arith.constant 2 : i64
-- CHECK:       %[[MINUS:.*]] = arith.subi %{{.*}}, %[[TWO]] : i64
-- CHECK-NEXT:  zpl.scatter_combine add %{{.*}} from %[[MINUS]] over %{{.*}}[%{{.*}}] : !zpl.array<1 x i64>, i64,
-- CHECK:       zpl.masked_remap gather %[[A:.*]] from %[[B:.*]] over %[[R:.*]][%[[I:.*]], %[[J:.*]]] mask %[[M:[^ ]*]] :
-- CHECK:       %[[TMP:.*]] = zpl.local_array "tmp"
-- CHECK:       %[[IDX:.*]] = zpl.local_array "index"
-- CHECK:       zpl.assign %[[IDX]] over %[[R]] mask %[[M]] : !zpl.array<2 x i1> {without}
-- CHECK:       zpl.masked_remap gather %[[TMP]] from %[[B]] over %[[R]][%[[IDX]], %[[J]]] mask %[[M]] {without} :
-- CHECK:       zpl.assign %[[A]] over %[[R]] mask %[[M]] : !zpl.array<2 x i1> {without}
-- CHECK:       zpl.remap gather %[[A]] from %[[B]] over %[[R]][%[[I]], %[[J]]]
