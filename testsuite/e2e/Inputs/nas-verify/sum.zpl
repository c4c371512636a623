-- nas-class S: --n=4
-- nas-class W: --n=100
-- nas-class A: --n=100 --expected=1
program sum;
-- A stand-in for a NAS benchmark: sums 1..n and verifies the sum as NPB
-- programs verify their result, so that scripts/nas-verify.sh can be tested.
config var n : integer = 4;
config var expected : integer = 0;
region R = [1..n];
var A : [R] integer;
var s, want : integer;
procedure sum();
begin
  [R] A := Index1;
  s := +<< [R] A;
  want := n * (n + 1) / 2;
  if expected != 0 then
    want := expected;
  end;
  writeln(" Time in seconds = ", 0.25);
  if s = want then
    writeln(" Verification = SUCCESSFUL");
  else
    writeln(" Verification = UNSUCCESSFUL");
  end;
end;
