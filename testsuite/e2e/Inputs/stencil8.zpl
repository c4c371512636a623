-- 8-point stencil with corner halos, every full reduction and a gathered
-- array print; checked against stencil8.py, written separately.
program stencil8;
config var n     : integer = 7;
config var steps : integer = 3;
region R   = [1..n, 1..n];
region Big = [0..n+1, 0..n+1];
direction nw = [-1, -1]; no = [-1, 0]; ne = [-1, 1]; we = [0, -1];
          ea = [0, 1];   sw = [1, -1];  so = [1, 0];  se = [1, 1];
var A, B : [Big] double;
var M    : [R] integer;
var F    : [R] boolean;
var total, top, low : double;
var mx, mn, prod : integer;
var every, some : boolean;

procedure stencil8();
var t : integer;
begin
  [Big] A := 0.0;
  [R] A := Index1 * 10 + Index2;
  [ea of R] A := -1.0;
  for t := 1 to steps do
    [R] B := (A@nw + A@no + A@ne + A@we + A@ea + A@sw + A@so + A@se) / 8.0;
    [R] A := B;
  end;
  [R] begin
    total := +<< A;
    top := max<< A;
    low := min<< A;
    M := (Index1 * 3 + Index2 * 5) % 7 + 1;
    mx := max<< M;
    mn := min<< M;
    F := M > 1;
    every := &<< F;
    some := |<< F;
  end;
  [1..2, 1..3] prod := *<< M;
  writeln("total ", total:"%.6f", " top ", top:"%.6f", " low ", low:"%.6f");
  writeln("mx ", mx, " mn ", mn, " prod ", prod, " every ", every, " some ", some);
  [2..4, 1..n] writeln(M);
  [1..2, 1..3] writeln(A:"%7.3f");
end;
