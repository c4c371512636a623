-- RUN: %zplc --emit=ironman -O1 %s | FileCheck %s
-- A promoted call inside an array statement touches no array (the front
-- end checks that the procedure is scalar), so it does not keep a
-- loop-invariant transfer in the loop: A's halo transfer leaves it.

program hoist;
region R = [1..8, 1..8];
direction east = [0, 1];
var A : [0..9, 0..9] double;
var B : [R] double;
var i : integer;

procedure f(x : double) : double;
begin
  return x + 1.0;
end;

procedure hoist();
begin
  [0..9, 0..9] A := 1.0;
  for i := 1 to 3 do
    [R] B := f(A@east);
  end;
end;

-- CHECK-LABEL: func.func @hoist()
-- CHECK:       ironman.transfer %{{.*}} shift [0, 1]
-- CHECK:       scf.for
-- CHECK-NOT:   ironman.transfer
-- CHECK:         func.call @f(
