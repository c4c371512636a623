-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- Indexed arrays (rank 1 and 2): a global is a zpl.global holding the !zpl.indexed handle
-- that its init body makes from the bounds; a local is made at the
-- procedure's entry and freed at its exit; T[i] reads and writes are
-- zpl.indexed_load / zpl.indexed_store, and a compound assignment loads
-- and stores the same index.

program idx;

config var n : integer = 5;
var T : array [1..n] of integer;
var B : array [0..3] of boolean;
var M : array [0..n, 1..2] of double;
var x : integer;

-- CHECK-LABEL: zpl.global @T : !zpl.indexed<1 x i64> init {
-- CHECK: %[[ONE:.*]] = arith.constant 1 : i64
-- CHECK: %[[N:.*]] = zpl.get @n : i64
-- CHECK: %[[NEW:.*]] = zpl.indexed_new "T"[%[[ONE]], %[[N]]] : !zpl.indexed<1 x i64>
-- CHECK: zpl.yield %[[NEW]] : !zpl.indexed<1 x i64>
-- CHECK-LABEL: zpl.global @B : !zpl.indexed<1 x i1> init {
-- CHECK: zpl.indexed_new "B"[%{{.*}}, %{{.*}}] : !zpl.indexed<1 x i1>
-- CHECK-LABEL: zpl.global @M : !zpl.indexed<2 x f64> init {
-- CHECK: zpl.indexed_new "M"[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : !zpl.indexed<2 x f64>

-- CHECK-LABEL: func.func @sum
-- CHECK: %[[L:.*]] = zpl.indexed_new "L"[%{{.*}}, %{{.*}}] : !zpl.indexed<1 x f64>
-- CHECK: scf.for
-- CHECK: zpl.indexed_store %{{.*}}, %[[L]][%{{.*}}] : !zpl.indexed<1 x f64>
-- CHECK: %[[OLD:.*]] = zpl.indexed_load %[[L]][%[[K:.*]]] : !zpl.indexed<1 x f64>
-- CHECK: %[[NEWV:.*]] = arith.addf %[[OLD]], %{{.*}} : f64
-- CHECK: zpl.indexed_store %[[NEWV]], %[[L]][%[[K]]] : !zpl.indexed<1 x f64>
-- CHECK: %[[R:.*]] = zpl.indexed_load %[[L]][%{{.*}}] : !zpl.indexed<1 x f64>
-- CHECK: zpl.indexed_free %[[L]] : !zpl.indexed<1 x f64>
-- CHECK: return %[[R]] : f64
procedure sum(k : integer) : double;
var L : array [1..n] of double;
    j : integer;
begin
  for j := 1 to k do
    L[j] := double(j);
  end;
  L[k] += 0.5;
  return L[k];
end;

-- CHECK-LABEL: func.func @idx
-- CHECK: %[[T:.*]] = zpl.get @T : !zpl.indexed<1 x i64>
-- CHECK: %[[B:.*]] = zpl.get @B : !zpl.indexed<1 x i1>
-- CHECK: %[[M:.*]] = zpl.get @M : !zpl.indexed<2 x f64>
-- CHECK: zpl.indexed_store %{{.*}}, %[[T]][%{{.*}}] : !zpl.indexed<1 x i64>
-- CHECK: %[[PREV:.*]] = zpl.indexed_load %[[T]][%{{.*}}] : !zpl.indexed<1 x i64>
-- CHECK: arith.addi %[[PREV]]
-- CHECK: zpl.indexed_store %{{.*}}, %[[T]][%{{.*}}] : !zpl.indexed<1 x i64>
-- CHECK: zpl.indexed_store %{{.*}}, %[[B]][%{{.*}}] : !zpl.indexed<1 x i1>
-- CHECK: zpl.indexed_store %{{.*}}, %[[M]][%{{.*}}, %{{.*}}] : !zpl.indexed<2 x f64>
-- CHECK-NOT: zpl.indexed_free
procedure idx();
begin
  T[1] := 1;
  for x := 2 to n do
    T[x] := T[x - 1] + 2;
  end;
  B[T[1]] := true;
  M[n, 2] := 1.5;
  writeln(sum(3));
end;
