-- RUN: %zplc --emit=ironman %s | FileCheck %s
-- RUN: %zplc --emit=c %s | FileCheck %s --check-prefix=C
-- zpl-infer-storage marks zpl.compact the arrays over regions with constant
-- steps (some above 1) whose every use the runtime supports on compact
-- storage: A and B (shifted reads, @^ and its temporary A_wrap, wrap, a
-- mask, a reduction, writeln), M (a mask), L (the source of a scan), H
-- (a scan's destination), D (a partial reduction's), K (a remap's index)
-- and P (passed to a procedure that assigns it: its parameter X is marked
-- zpl.may_be_compact). F is over a unit-step region; Q is passed to a
-- procedure where it is a sparse product's destination, V its source and
-- factor, J its index: they keep the layout of their bounding box, and a parameter no
-- compact array reaches (Y) is not marked.
-- CHECK-LABEL: zpl.array_decl @F
-- CHECK-NOT: zpl.compact
-- CHECK-SAME: init
-- CHECK-LABEL: zpl.array_decl @A
-- CHECK-SAME: zpl.compact
-- CHECK-LABEL: zpl.array_decl @B
-- CHECK-SAME: zpl.compact
-- CHECK-LABEL: zpl.array_decl @M
-- CHECK-SAME: zpl.compact
-- CHECK-LABEL: zpl.array_decl @P
-- CHECK-SAME: zpl.compact
-- CHECK-LABEL: zpl.array_decl @D
-- CHECK-SAME: zpl.compact
-- CHECK-LABEL: zpl.array_decl @L
-- CHECK-SAME: zpl.compact
-- CHECK-LABEL: zpl.array_decl @H
-- CHECK-SAME: zpl.compact
-- CHECK-LABEL: zpl.array_decl @K
-- CHECK-SAME: zpl.compact
-- CHECK-LABEL: zpl.array_decl @Q
-- CHECK-NOT: zpl.compact
-- CHECK-SAME: init
-- CHECK-LABEL: zpl.array_decl @V
-- CHECK-NOT: zpl.compact
-- CHECK-SAME: init
-- CHECK-LABEL: func.func @use(%arg0: !zpl.array<2 x f64> {zpl.may_be_compact})
-- CHECK-LABEL: func.func @turn(%arg0: !zpl.array<1 x f64>)
-- CHECK-NOT: zpl.may_be_compact
-- CHECK-LABEL: func.func @p()
-- CHECK: zpl.local_array "A_wrap" {{.*}}zpl.compact
-- The C allocates them with zrt_array_new_compact and addresses them by
-- lattice index: (i - origin) / step per row, and a count of the lattice
-- points of the row in the innermost loop.
-- C-LABEL: void zpl_main() {
-- C: zrt_array_new("F",
-- C: zrt_array_new_compact("A",
-- C: zrt_array_new_compact("B",
-- C: zrt_array_new_compact("M",
-- C: zrt_array_new_compact("P",
-- C: zrt_array_new_compact("L",
-- C: zrt_array_new_compact("H",
-- The procedure reads the lattice of its parameter at run time and runs
-- the nest that addresses it by lattice index where it is compact, the
-- dense one where it is not.
-- C-LABEL: void zp_use(
-- C: [[S0:v[0-9]+]] = zrt_array_lattice_step([[X:v[0-9]+]], 0);
-- C: [[S1:v[0-9]+]] = zrt_array_lattice_step([[X]], 1);
-- C: {{v[0-9]+}} = [[S0]] != [[ONE:v[0-9]+]];
-- C: {{v[0-9]+}} = [[S1]] != [[ONE]];
-- C: if ({{v[0-9]+}} | {{v[0-9]+}}) {
-- C: zrt_tiles(
-- C: } else {
-- C: zrt_tiles(
-- C-LABEL: void zp_p() {
-- C: [[O:v[0-9]+]] = zrt_array_lattice_origin([[A:v[0-9]+]], 0);
-- C: [[S:v[0-9]+]] = zrt_array_lattice_step([[A]], 0);
-- C: / [[S]]) *
-- C: zrt_array_new_compact("A_wrap",
program p;
region R = [1..16, 1..16];
region C = [R by [2, 2]];
region Col = [1..16, 1 by [2, 1]];
region S = [1..16 by [4]];
direction e2 = [0, 2]; s2 = [2, 0];
var F : [R] double;
var A, B : [C] double;
var M : [C] boolean;
var P : [C] double;
var D : [Col] double;
var L, H, K : [S] integer;
var Q, V : [S] double;
var J : [S] integer;
var x : double;
procedure use(X : [C] double);
begin
  [C] X := 1.0;
end;
procedure turn(Y : [S] double);
begin
  [S] Y#[J] += V * V#[J];
end;
procedure p();
begin
  [R] F := Index1 + Index2;
  [C] M := Index2 > 4;
  [C] A := F;
  [C] B := A@^e2 + A@s2;
  [s2 of C] wrap B;
  [C with M] A := B;
  x := +<< [C] A;
  [C] writeln(A);
  use(P);
  [Col] D := +<< [C] B;
  [S] L := Index1;
  [S] H := +|| L;
  [S] K := 17 - Index1;
  [S] H := H#[K];
  turn(Q);
end;
