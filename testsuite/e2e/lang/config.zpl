-- Config vars: defaults (one using an earlier config var), overrides on the
-- command line for integer, double and boolean config vars; the region
-- bound follows the override. Expected values computed by hand.
-- RUN: %zplc %s -o %t
-- RUN: %t | FileCheck --match-full-lines --check-prefix=DEF %s
-- RUN: %t --n=7 | FileCheck --match-full-lines --check-prefix=N7 %s
-- RUN: %t --n=7 --m=2 --scale=0.5 --verbose=true | FileCheck --match-full-lines --check-prefix=ALL %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines --check-prefix=DEF %s
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 --n=7 | FileCheck --match-full-lines --check-prefix=N7 %s
-- RUN: %mpirun -np 2 %t.mpi --n=7 | FileCheck --match-full-lines --check-prefix=N7 %s
-- RUN: %mpirun -np 2 %t.mpi --n=7 --m=2 --scale=0.5 --verbose=true | FileCheck --match-full-lines --check-prefix=ALL %s
--
-- n=5, m=n+2=7: sums over [1..5,1..7] of Index1 = 7*15 = 105, of Index2 = 5*28 = 140, of 2*scale*Index1 = 3*105 = 315
-- DEF: n 5 m 7 scale 1.5 verbose false
-- DEF-NEXT: sums 105 140 315
-- DEF-NEXT: last 5 7
-- DEF-NOT: {{.}}
-- n=7, m=9: 9*28 = 252, 7*45 = 315, 3*252 = 756
-- N7: n 7 m 9 scale 1.5 verbose false
-- N7-NEXT: sums 252 315 756
-- N7-NEXT: last 7 9
-- N7-NOT: {{.}}
-- n=7, m=2, scale=0.5: 2*28 = 56, 7*3 = 21, 1*56 = 56
-- ALL: n 7 m 2 scale 0.5 verbose true
-- ALL-NEXT: sums 56 21 56
-- ALL-NEXT: last 7 2
-- ALL-NEXT: verbose
-- ALL-NOT: {{.}}

program cfgvars;
config var n : integer = 5;
config var m : integer = n + 2;
config var scale : double = 1.5;
config var verbose : boolean = false;
region R = [1..n, 1..m];
var A : [R] integer;
var s1, s2 : integer;
var s3 : double;
procedure cfgvars();
begin
  writeln("n ", n, " m ", m, " scale ", scale, " verbose ", verbose);
  [R] A := Index1;
  [R] s1 := +<< A;
  [R] s2 := +<< Index2;
  [R] s3 := +<< (A * 2 * scale);
  writeln("sums ", s1, " ", s2, " ", s3);
  [n, m] writeln("last ", Index1, " ", Index2);
  if verbose then
    writeln("verbose");
  end;
end;
