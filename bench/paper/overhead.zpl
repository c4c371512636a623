-- overhead.zpl: one-element transfers in a tight loop, for the cost of the
-- IRONMAN calls themselves (bench/paper/run.sh section 5, with MPI stubbed
-- out by mpi_stub.c). `mode` picks the statement:
--   mode 0: no shift (the baseline: the loop and the statement alone)
--   mode 1: A@ea, one transfer per iteration: on a 1x2 grid PE 0 only
--           receives and PE 1 only sends; on a 1x3 grid PE 1 does both;
--           on a 2x1 grid nobody exchanges ("neither": the calls run with
--           no message)

program overhead;

config var iters : integer = 1000;
config var mode  : integer = 1;

constant   m     : integer = 65521;

config var cols  : integer = 2;

region R   = [1..1, 1..cols];
region Big = [1..1, 0..cols+1];

direction ea = [0, 1];

var A : [Big] integer;

procedure overhead();
var it : integer;
begin
  [Big] A := Index2;
  if mode = 0 then
    for it := 1 to iters do
      [R] A := (A + it) % m;
    end;
  else
    for it := 1 to iters do
      [R] A := (A@ea + it) % m;
    end;
  end;
  [R] writeln(A);
end;
