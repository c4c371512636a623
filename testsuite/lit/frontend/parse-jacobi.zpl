program jacobi;
config var n   : integer = 64;       -- settable at run time: ./jacobi --n=256
constant  eps  : double  = 1e-6;
region    R    = [1..n, 1..n];
region    BigR = [0..n+1, 0..n+1];
direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
var A, Temp : [BigR] double;
var err     : double;

procedure jacobi();                   -- entry point: the program's name
var it : integer;
begin
  [BigR] A := 0.0;
  [south of R] A := 1.0;
  it := 0;
  [R] repeat
        Temp := (A@north + A@east + A@south + A@west) / 4.0;
        err  := max<< abs(Temp - A);
        A    := Temp;
        it   += 1;
      until err < eps;
  writeln("iterations: ", it, " err: ", err:"%.3e");
end;

-- The classic Jacobi program (examples/jacobi.zpl without maxit and the checksum); RUN/CHECK lines at the end keep its line numbers.
-- RUN: %zplc --emit=ast %s | FileCheck %s
-- CHECK-LABEL: Program 'jacobi' <1:9>
-- CHECK-NEXT: ConfigVar 'n' : integer <2:12>
-- CHECK-NEXT: IntLit 64 : integer <2:28>
-- CHECK-NEXT: Constant 'eps' : double value=1.000000e-06 <3:11>
-- CHECK-NEXT: RealLit 1e-6 : double <3:28>
-- CHECK-NEXT: Region 'R' rank=2 <4:11>
-- CHECK-NEXT: Region Literal [1..n, 1..n] rank=2 <4:18>
-- CHECK-NEXT: Dim range <4:19>
-- CHECK-NEXT: IntLit 1 : integer <4:19>
-- CHECK-NEXT: Name 'n' -> config var : integer <4:22>
-- CHECK-NEXT: Dim range <4:25>
-- CHECK-NEXT: IntLit 1 : integer <4:25>
-- CHECK-NEXT: Name 'n' -> config var : integer <4:28>
-- CHECK-NEXT: Region 'BigR' rank=2 <5:11>
-- CHECK-NEXT: Region Literal [0..(n + 1), 0..(n + 1)] rank=2 <5:18>
-- CHECK-NEXT: Dim range <5:19>
-- CHECK-NEXT: IntLit 0 : integer <5:19>
-- CHECK-NEXT: Binary '+' : integer <5:23>
-- CHECK-NEXT: Name 'n' -> config var : integer <5:22>
-- CHECK-NEXT: IntLit 1 : integer <5:24>
-- CHECK-NEXT: Dim range <5:27>
-- CHECK-NEXT: IntLit 0 : integer <5:27>
-- CHECK-NEXT: Binary '+' : integer <5:31>
-- CHECK-NEXT: Name 'n' -> config var : integer <5:30>
-- CHECK-NEXT: IntLit 1 : integer <5:32>
-- CHECK-NEXT: Direction 'north' (-1,0) <6:11>
-- CHECK-NEXT: Direction 'south' (1,0) <6:28>
-- CHECK-NEXT: Direction 'east' (0,1) <6:44>
-- CHECK-NEXT: Direction 'west' (0,-1) <6:59>
-- CHECK-NEXT: Var 'A' : [BigR] double rank=2 <7:5>
-- CHECK-NEXT: Var 'Temp' : [BigR] double rank=2 <7:8>
-- CHECK-NEXT: Var 'err' : double <8:5>
-- CHECK-NEXT: Procedure 'jacobi' entry <10:11>
-- CHECK-NEXT: Local 'it' : integer <11:5>
-- CHECK-NEXT: Body
-- CHECK-NEXT: Scoped [BigR] <13:3>
-- CHECK-NEXT: Region Named [BigR] rank=2 <13:3>
-- CHECK-NEXT: Assign ':=' scope=[BigR] <13:10>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <13:10>
-- CHECK-NEXT: RealLit 0.0 : double <13:15>
-- CHECK-NEXT: Scoped [south of R] <14:3>
-- CHECK-NEXT: Region Of [south of R] rank=2 <14:3>
-- CHECK-NEXT: Direction south (1,0) <14:4>
-- CHECK-NEXT: Region Named [R] rank=2 <14:13>
-- CHECK-NEXT: Assign ':=' scope=[south of R] <14:16>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <14:16>
-- CHECK-NEXT: RealLit 1.0 : double <14:21>
-- CHECK-NEXT: Assign ':=' <15:3>
-- CHECK-NEXT: Name 'it' -> variable : integer <15:3>
-- CHECK-NEXT: IntLit 0 : integer <15:9>
-- CHECK-NEXT: Scoped [R] <16:3>
-- CHECK-NEXT: Region Named [R] rank=2 <16:3>
-- CHECK-NEXT: Repeat scope=[R] <16:7>
-- CHECK-NEXT: Assign ':=' scope=[R] <17:9>
-- CHECK-NEXT: Name 'Temp' -> variable : double parallel rank=2 <17:9>
-- CHECK-NEXT: Binary '/' : double parallel rank=2 <17:55>
-- CHECK-NEXT: Binary '+' : double parallel rank=2 <17:45>
-- CHECK-NEXT: Binary '+' : double parallel rank=2 <17:35>
-- CHECK-NEXT: Binary '+' : double parallel rank=2 <17:26>
-- CHECK-NEXT: Shift '@' north (-1,0) : double parallel rank=2 <17:19>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <17:18>
-- CHECK-NEXT: Shift '@' east (0,1) : double parallel rank=2 <17:29>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <17:28>
-- CHECK-NEXT: Shift '@' south (1,0) : double parallel rank=2 <17:38>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <17:37>
-- CHECK-NEXT: Shift '@' west (0,-1) : double parallel rank=2 <17:48>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <17:47>
-- CHECK-NEXT: RealLit 4.0 : double <17:57>
-- CHECK-NEXT: Assign ':=' scope=[R] <18:9>
-- CHECK-NEXT: Name 'err' -> variable : double <18:9>
-- CHECK-NEXT: Reduce 'max<<' : double <18:17>
-- CHECK-NEXT: Call 'abs' builtin : double parallel rank=2 <18:23>
-- CHECK-NEXT: Binary '-' : double parallel rank=2 <18:32>
-- CHECK-NEXT: Name 'Temp' -> variable : double parallel rank=2 <18:27>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <18:34>
-- CHECK-NEXT: Assign ':=' scope=[R] <19:9>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <19:9>
-- CHECK-NEXT: Name 'Temp' -> variable : double parallel rank=2 <19:17>
-- CHECK-NEXT: Assign '+=' scope=[R] <20:9>
-- CHECK-NEXT: Name 'it' -> variable : integer <20:9>
-- CHECK-NEXT: IntLit 1 : integer <20:17>
-- CHECK-NEXT: Until
-- CHECK-NEXT: Binary '<' : boolean <21:17>
-- CHECK-NEXT: Name 'err' -> variable : double <21:13>
-- CHECK-NEXT: Name 'eps' -> constant : double <21:19>
-- CHECK-NEXT: Writeln <22:3>
-- CHECK-NEXT: StringLit "iterations: " : string <22:11>
-- CHECK-NEXT: Name 'it' -> variable : integer <22:27>
-- CHECK-NEXT: StringLit " err: " : string <22:31>
-- CHECK-NEXT: Format "%.3e"
-- CHECK-NEXT: Name 'err' -> variable : double <22:41>
