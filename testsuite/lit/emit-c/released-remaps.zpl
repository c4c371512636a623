-- RUN: %zplc --emit=c -O2 %s > %t.c
-- RUN: FileCheck %s < %t.c
-- RUN: %zplc --emit=c -O0 %s | FileCheck %s
-- RUN: cc -std=c11 -Wall -Werror -fsyntax-only -I%runtime_include %t.c
-- A remap the program runs at most once releases its handle after SV
-- (zt_<id> = im_remap_release(h)): in a procedure whose one call sits in
-- no loop of the entry procedure, and in the entry procedure outside its
-- loops (an `if` is no loop). A procedure called twice, a procedure called
-- in a loop and a remap in a loop keep their schedules for the next run.

program released;
config var n : integer = 8;
region R = [1..n];
var A, B, I : [R] integer;

-- CHECK-LABEL: void zp_once() {
-- CHECK:         [[H:v[0-9]+]] = im_remap(
-- CHECK:         im_sv([[H]]);
-- CHECK-NEXT:    im_transfer* [[NONE:v[0-9]+]] = im_remap_release([[H]]);
-- CHECK-NEXT:    zt_0 = [[NONE]];
-- CHECK-NEXT:    return;
procedure once();
begin
  [R] B := A#[I];
end;

-- CHECK-LABEL: void zp_twice() {
-- CHECK-NOT:     im_remap_release
-- CHECK:         return;
procedure twice();
begin
  [R] A#[I] := B;
end;

-- CHECK-LABEL: void zp_inloop() {
-- CHECK-NOT:     im_remap_release
-- CHECK:         return;
procedure inloop();
begin
  [R] B#[I] += A;
end;

-- CHECK-LABEL: void zp_released() {
-- CHECK:         for (
-- CHECK-NOT:     im_remap_release
-- CHECK:         [[G:v[0-9]+]] = im_remap({{v[0-9]+}}, 3,
-- CHECK:         im_sv([[G]]);
-- CHECK-NEXT:    im_transfer* [[NONE2:v[0-9]+]] = im_remap_release([[G]]);
-- CHECK-NEXT:    zt_3 = [[NONE2]];
-- CHECK-NOT:     im_remap_release
procedure released();
var k : integer;
begin
  [R] I := n + 1 - Index1;
  [R] A := Index1;
  once();
  twice();
  twice();
  for k := 1 to 2 do
    inloop();
    [R] B := A#[I];
  end;
  if n > 2 then
    [R] A := B#[I];
  end;
  [R] writeln(A);
end;
