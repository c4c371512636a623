-- Full reductions + * max min on integer, double and float data, & and | on booleans (all true, all false, mixed, single true).
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- CHECK: int + -6
-- CHECK-NEXT: int max 5
-- CHECK-NEXT: int min -6
-- CHECK-NEXT: int * 13824
-- CHECK-NEXT: double + 4.5
-- CHECK-NEXT: double max 1.25
-- CHECK-NEXT: double min -0.5
-- CHECK-NEXT: double * 18.1686
-- CHECK-NEXT: float + -9
-- CHECK-NEXT: float max 1
-- CHECK-NEXT: float min -2.5
-- CHECK-NEXT: float * 3543.75
-- CHECK-NEXT: bool false true
-- CHECK-NEXT: bool true true
-- CHECK-NEXT: bool false false
-- CHECK-NEXT: bool false true false
-- CHECK-NOT: {{.}}

program redfull;
region R = [1..3, 1..4];
var I : [R] integer;
var D : [R] double;
var F : [R] float;
var B : [R] boolean;
var si : integer;
var sd : double;
var sf : float;
var sb, sb2, sb3 : boolean;
procedure redfull();
begin
  [R] I := (Index1 - 2) * 4 + Index2 - 3;   -- -7 .. 4
  [R] begin
    si := +<< I;   writeln("int + ", si);
    si := max<< I; writeln("int max ", si);
    si := min<< I; writeln("int min ", si);
    si := *<< ((I + 7) % 4 + 1); writeln("int * ", si);
  end;
  [R] D := Index1 * 0.5 - Index2 * 0.25;
  [R] begin
    sd := +<< D;   writeln("double + ", sd);
    sd := max<< D; writeln("double max ", sd);
    sd := min<< D; writeln("double min ", sd);
    sd := *<< (D + 1.0); writeln("double * ", sd);
  end;
  [R] F := Index2 * 0.5 - Index1;
  [R] begin
    sf := +<< F;   writeln("float + ", sf);
    sf := max<< F; writeln("float max ", sf);
    sf := min<< F; writeln("float min ", sf);
    sf := *<< (F + 3.0);  writeln("float * ", sf);
  end;
  [R] B := Index1 + Index2 != 7;
  [R] begin
    sb := &<< B; sb2 := |<< B; writeln("bool ", sb, " ", sb2);
    B := Index1 > 0;
    sb := &<< B; sb2 := |<< B; writeln("bool ", sb, " ", sb2);
    B := Index1 > 3;
    sb := &<< B; sb2 := |<< B; writeln("bool ", sb, " ", sb2);
    B := Index1 = 3 & Index2 = 4;
    sb := &<< B; sb2 := |<< B; sb3 := &<< !B; writeln("bool ", sb, " ", sb2, " ", sb3);
  end;
end;
