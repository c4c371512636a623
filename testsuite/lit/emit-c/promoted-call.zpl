-- RUN: %zplc --emit=c %s | FileCheck %s
-- A promoted scalar procedure is a plain C call inside the loop nest, no
-- runtime dispatch; two statements with promoted calls fuse (-O2) into one
-- nest: nothing between the two calls opens a loop or calls the runtime.

program fused;
region R = [1..8, 1..8];
var B, C : [R] integer;

procedure fib(k : integer) : integer;
begin
  if k < 2 then return k; end;
  return fib(k - 1) + fib(k - 2);
end;

procedure twice(k : integer) : integer;
begin
  return 2 * fib(k);
end;

procedure fused();
begin
  [R] B := fib(Index2) + 1;
  [R] C := B * twice(Index1);
end;

-- CHECK-LABEL: void zp_fused() {
-- CHECK:         for (
-- CHECK:         zp_fib(
-- CHECK-NOT:     for (
-- CHECK-NOT:     zrt_
-- CHECK:         zp_twice(
-- CHECK:       return;
