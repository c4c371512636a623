-- sg_sor.zpl: the overlap exchange of Stricker & Gross's successive
-- over-relaxation kernel (section 6.1.3, Table 6) for bench/paper/run.sh
-- (--only=sg): a 256 x 256 matrix distributed as contiguous blocks of rows
-- over p PEs (64 there: four rows each), each step a relaxation that reads
-- the neighbouring rows, so the overlap rows (one row of 256 words to the
-- PE above and one to the PE below) are exchanged every step: contiguous
-- transfers, 1Q1.

program sg_sor;

config var p     : integer = 64;     -- PEs: the grid is p x 1
config var n     : integer = 256;
config var iters : integer = 20;
constant omega   : double = 1.5;     -- over-relaxation factor

grid G = [p, 1];
distribution D : G = [block, block];
region R   : D = [1..n, 1..n];
region Big : D = [0..n+1, 0..n+1];

direction no = [-1, 0]; so = [1, 0]; ea = [0, 1]; we = [0, -1];

var A     : [Big] double;
var check : double;

procedure sg_sor();
var it : integer;
begin
  [Big] A := 0.0;
  [R]   A := (Index1 * 7 + Index2 * 3) % 101;
  for it := 1 to iters do
    [R] A := A + omega * ((A@no + A@so + A@ea + A@we) / 4.0 - A);
  end;
  check := +<< [R] (A * Index1);
  writeln("sg_sor: n = ", n, ", iterations = ", iters);
  writeln("checksum: ", check:"%.6e");
end;
