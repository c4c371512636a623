-- histogram.zpl: a histogram whose keys change at every step, the inner
-- loop of NAS IS (bench/histogram/run.sh times it against histogram_mpi.c).
-- Step s gives point i the key (i * 40503 + s * 977) mod nb + 1.
program histogram;
config var n : integer = 4194304;
config var nb : integer = 1048576;
config var steps : integer = 10;
region R = [1..n];
region Bins = [1..nb];
var Key : [R] integer;
var Count : [Bins] integer;
var check : integer;

procedure histogram();
var s : integer;
begin
  [Bins] Count := 0;
  for s := 1 to steps do
    [R] Key := (Index1 * 40503 + s * 977) % nb + 1;
    [R] Count#[Key] += 1;
  end;
  [Bins] check := +<< (Count * (Index1 % 7));
  writeln("check ", check);
end;
