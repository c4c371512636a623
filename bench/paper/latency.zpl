-- latency.zpl: a one-word exchange between two PEs, for the remote access
-- latency of the simulated T3D and T3E (bench/paper/run.sh, section 4).
-- On a 1x2 grid each PE owns one element of A; every iteration each reads
-- the other's element (A@ea on PE 0, A@we on PE 1): one 8-byte message
-- each way, then a statement of one element. The time per iteration is
-- the latency of a dependent one-word transfer through the binding.

program latency;

config var iters : integer = 1000;

constant   m     : integer = 65521;

region R   = [1..1, 1..2];
region Big = [1..1, 0..3];

direction ea = [0, 1]; we = [0, -1];

var A : [Big] integer;

procedure latency();
var it : integer;
begin
  [Big] A := Index2;
  for it := 1 to iters do
    [R] A := (A@we + A@ea + it) % m;
  end;
  [R] writeln(A);
end;
