/* Most constructs of docs/language.md (sections 2 to 11) in one program.
   A block comment. */
program all;
config var n : integer = 8;
config var m : integer = n * 2;       -- uses an earlier config var
config var p : integer = 1; q : integer = 1;
constant k : integer = 2;
constant half : double = .5;
constant big : double = 2.5e3;
constant f0 : float = 1.0;
grid G = [p, q];
distribution D : G = [block, cyclic];
distribution D2 : G = [blockcyclic(k), *];
region R : D = [1..n, 1..n];
region BigR = [0..n+1, 0..n+1];
region Row = [1, 1..n];
region Col = [1..n, *];
region V = [1..m];
region C3 = [1..n, 1..n, 1..2];
direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
direction right = [1];
direction se = [1, 1];
var A, B, Temp : [BigR] double;
var I1, I2 : [R] integer;
var M : [R] boolean;
var C : [1..n, *] double;
var S : [1..n, 1] double;
var X : [V] integer;
var Z : [C3] float;
var s, t : double;
var i, j : integer;
var flag : boolean = true;

procedure sq(x : double) : double;
begin
  return x ^ 2;
end;

procedure bump(var y : integer; d : integer);
begin
  y += d;
end;

procedure scale(A : [,] double; f : double);
begin
  [R] A *= f;
end;

procedure fill(W : [R] double);
begin
  [R] W := 1.0;
end;

procedure fact(x : integer) : integer;
begin
  if x <= 1 then return 1; end;
  return x * fact(x - 1);
end;

procedure all();
var it : integer;
begin
  [BigR] A := 0.0;
  [east of R] wrap A;
  [west of R] reflect A, B;
  [north in R] A := 1.0;
  [R at east] B := A;
  [R by [2, 2]] B := 2.0;
  [R with M] A := B@east + B@^west;
  [R without M] begin
    A -= 1;
    B /= 2;
  end;
  [R] begin
    M := A > 0.5 & !(B = 1.0) | Index1 != Index2;
    I1 := Index2; I2 := Index1;
    A := B#[I1, I2];
    A#[I2, I1] := B;
    Temp := +|| A;
    Temp := max|| [2] A;
    s := +<< A;
    t := min<< A + *<< A - max<< A;
    flag := &<< M | |<< M;
    A := -A ^ 2 ^ 1 * 3 + double(I1 % 2) + sqrt(abs(A)) - exp(log(1.0)) + sin(cos(tan(A)))
         + floor(ceil(A)) + min(A, B) + max(1, 2) + pow(A, 2) + double(I1)
         + integer(2.7);
  end;
  [1..n, 1] S := +<< [1..n, 1..n] A;
  [1..n, *] C := >>[1..n, k] A;
  [R] A := A - C;
  [V] X := Index1 % 3;
  [C3] Z := f0;
  for i := 1 to n do
    if i % 2 = 0 then continue;
    elsif i > 5 then exit;
    else bump(j, i);
    end;
  end;
  for i := n downto 1 by 2 do
    [i, 1..n] A := 0.0;
  end;
  while i < 10 do i := i + 1; end;
  it := fact(5);
  s := sq(2.0) + half + big;
  scale(A, 2.0);
  fill(B);
  write("a\tb\n", "quote\" back\\", s:"%8.3f", flag, it);
  writeln();
  [R] writeln(A);
  if false then halt; end;
  return;
end;

-- The program above, with the Sema annotations in the dump. Files, shattered
-- ifs, promoted calls and accumulating scatters have lit tests of their own.
-- RUN: %zplc --emit=ast %s | FileCheck %s
-- CHECK-LABEL: Program 'all' <3:9>
-- CHECK-NEXT: ConfigVar 'n' : integer <4:12>
-- CHECK-NEXT: IntLit 8 : integer <4:26>
-- CHECK-NEXT: ConfigVar 'm' : integer <5:12>
-- CHECK-NEXT: Binary '*' : integer <5:28>
-- CHECK-NEXT: Name 'n' -> config var : integer <5:26>
-- CHECK-NEXT: IntLit 2 : integer <5:30>
-- CHECK-NEXT: ConfigVar 'p' : integer <6:12>
-- CHECK-NEXT: IntLit 1 : integer <6:26>
-- CHECK-NEXT: ConfigVar 'q' : integer <6:29>
-- CHECK-NEXT: IntLit 1 : integer <6:43>
-- CHECK-NEXT: Constant 'k' : integer value=2 <7:10>
-- CHECK-NEXT: IntLit 2 : integer <7:24>
-- CHECK-NEXT: Constant 'half' : double value=5.000000e-01 <8:10>
-- CHECK-NEXT: RealLit .5 : double <8:26>
-- CHECK-NEXT: Constant 'big' : double value=2.500000e+03 <9:10>
-- CHECK-NEXT: RealLit 2.5e3 : double <9:25>
-- CHECK-NEXT: Constant 'f0' : float value=1.000000e+00 <10:10>
-- CHECK-NEXT: RealLit 1.0 : double <10:23>
-- CHECK-NEXT: Grid 'G' [p, q] <11:6>
-- CHECK-NEXT: Distribution 'D' : G [block, cyclic] <12:14>
-- CHECK-NEXT: Distribution 'D2' : G [blockcyclic(k), *] <13:14>
-- CHECK-NEXT: Region 'R' : D rank=2 <14:8>
-- CHECK-NEXT: Region Literal [1..n, 1..n] rank=2 <14:16>
-- CHECK-NEXT: Dim range <14:17>
-- CHECK-NEXT: IntLit 1 : integer <14:17>
-- CHECK-NEXT: Name 'n' -> config var : integer <14:20>
-- CHECK-NEXT: Dim range <14:23>
-- CHECK-NEXT: IntLit 1 : integer <14:23>
-- CHECK-NEXT: Name 'n' -> config var : integer <14:26>
-- CHECK-NEXT: Region 'BigR' rank=2 <15:8>
-- CHECK-NEXT: Region Literal [0..(n + 1), 0..(n + 1)] rank=2 <15:15>
-- CHECK-NEXT: Dim range <15:16>
-- CHECK-NEXT: IntLit 0 : integer <15:16>
-- CHECK-NEXT: Binary '+' : integer <15:20>
-- CHECK-NEXT: Name 'n' -> config var : integer <15:19>
-- CHECK-NEXT: IntLit 1 : integer <15:21>
-- CHECK-NEXT: Dim range <15:24>
-- CHECK-NEXT: IntLit 0 : integer <15:24>
-- CHECK-NEXT: Binary '+' : integer <15:28>
-- CHECK-NEXT: Name 'n' -> config var : integer <15:27>
-- CHECK-NEXT: IntLit 1 : integer <15:29>
-- CHECK-NEXT: Region 'Row' rank=2 <16:8>
-- CHECK-NEXT: Region Literal [1, 1..n] rank=2 <16:14>
-- CHECK-NEXT: Dim single <16:15>
-- CHECK-NEXT: IntLit 1 : integer <16:15>
-- CHECK-NEXT: Dim range <16:18>
-- CHECK-NEXT: IntLit 1 : integer <16:18>
-- CHECK-NEXT: Name 'n' -> config var : integer <16:21>
-- CHECK-NEXT: Region 'Col' rank=2 <17:8>
-- CHECK-NEXT: Region Literal [1..n, *] rank=2 <17:14>
-- CHECK-NEXT: Dim range <17:15>
-- CHECK-NEXT: IntLit 1 : integer <17:15>
-- CHECK-NEXT: Name 'n' -> config var : integer <17:18>
-- CHECK-NEXT: Dim * <17:21>
-- CHECK-NEXT: Region 'V' rank=1 <18:8>
-- CHECK-NEXT: Region Literal [1..m] rank=1 <18:12>
-- CHECK-NEXT: Dim range <18:13>
-- CHECK-NEXT: IntLit 1 : integer <18:13>
-- CHECK-NEXT: Name 'm' -> config var : integer <18:16>
-- CHECK-NEXT: Region 'C3' rank=3 <19:8>
-- CHECK-NEXT: Region Literal [1..n, 1..n, 1..2] rank=3 <19:13>
-- CHECK-NEXT: Dim range <19:14>
-- CHECK-NEXT: IntLit 1 : integer <19:14>
-- CHECK-NEXT: Name 'n' -> config var : integer <19:17>
-- CHECK-NEXT: Dim range <19:20>
-- CHECK-NEXT: IntLit 1 : integer <19:20>
-- CHECK-NEXT: Name 'n' -> config var : integer <19:23>
-- CHECK-NEXT: Dim range <19:26>
-- CHECK-NEXT: IntLit 1 : integer <19:26>
-- CHECK-NEXT: IntLit 2 : integer <19:29>
-- CHECK-NEXT: Direction 'north' (-1,0) <20:11>
-- CHECK-NEXT: Direction 'south' (1,0) <20:28>
-- CHECK-NEXT: Direction 'east' (0,1) <20:44>
-- CHECK-NEXT: Direction 'west' (0,-1) <20:59>
-- CHECK-NEXT: Direction 'right' (1) <21:11>
-- CHECK-NEXT: Direction 'se' (1,1) <22:11>
-- CHECK-NEXT: Var 'A' : [BigR] double rank=2 <23:5>
-- CHECK-NEXT: Var 'B' : [BigR] double rank=2 <23:8>
-- CHECK-NEXT: Var 'Temp' : [BigR] double rank=2 <23:11>
-- CHECK-NEXT: Var 'I1' : [R] integer rank=2 <24:5>
-- CHECK-NEXT: Var 'I2' : [R] integer rank=2 <24:9>
-- CHECK-NEXT: Var 'M' : [R] boolean rank=2 <25:5>
-- CHECK-NEXT: Var 'C' : [1..n, *] double rank=2 <26:5>
-- CHECK-NEXT: Var 'S' : [1..n, 1] double rank=2 <27:5>
-- CHECK-NEXT: Var 'X' : [V] integer rank=1 <28:5>
-- CHECK-NEXT: Var 'Z' : [C3] float rank=3 <29:5>
-- CHECK-NEXT: Var 's' : double <30:5>
-- CHECK-NEXT: Var 't' : double <30:8>
-- CHECK-NEXT: Var 'i' : integer <31:5>
-- CHECK-NEXT: Var 'j' : integer <31:8>
-- CHECK-NEXT: Var 'flag' : boolean <32:5>
-- CHECK-NEXT: BoolLit true : boolean <32:22>
-- CHECK-NEXT: Procedure 'sq' : double <34:11>
-- CHECK-NEXT: Param 'x' : double <34:14>
-- CHECK-NEXT: Body
-- CHECK-NEXT: Return <36:3>
-- CHECK-NEXT: Binary '^' : double <36:12>
-- CHECK-NEXT: Name 'x' -> parameter : double <36:10>
-- CHECK-NEXT: IntLit 2 : integer <36:14>
-- CHECK-NEXT: Procedure 'bump' <39:11>
-- CHECK-NEXT: Param var 'y' : integer <39:20>
-- CHECK-NEXT: Param 'd' : integer <39:33>
-- CHECK-NEXT: Body
-- CHECK-NEXT: Assign '+=' <41:3>
-- CHECK-NEXT: Name 'y' -> parameter : integer <41:3>
-- CHECK-NEXT: Name 'd' -> parameter : integer <41:8>
-- CHECK-NEXT: Procedure 'scale' <44:11>
-- CHECK-NEXT: Param 'A' : [,] double rank=2 <44:17>
-- CHECK-NEXT: Param 'f' : double <44:33>
-- CHECK-NEXT: Body
-- CHECK-NEXT: Scoped [R] <46:3>
-- CHECK-NEXT: Region Named [R] rank=2 <46:3>
-- CHECK-NEXT: Assign '*=' scope=[R] <46:7>
-- CHECK-NEXT: Name 'A' -> parameter : double parallel rank=2 <46:7>
-- CHECK-NEXT: Name 'f' -> parameter : double <46:12>
-- CHECK-NEXT: Procedure 'fill' <49:11>
-- CHECK-NEXT: Param 'W' : [R] double rank=2 <49:16>
-- CHECK-NEXT: Body
-- CHECK-NEXT: Scoped [R] <51:3>
-- CHECK-NEXT: Region Named [R] rank=2 <51:3>
-- CHECK-NEXT: Assign ':=' scope=[R] <51:7>
-- CHECK-NEXT: Name 'W' -> parameter : double parallel rank=2 <51:7>
-- CHECK-NEXT: RealLit 1.0 : double <51:12>
-- CHECK-NEXT: Procedure 'fact' : integer <54:11>
-- CHECK-NEXT: Param 'x' : integer <54:16>
-- CHECK-NEXT: Body
-- CHECK-NEXT: If <56:3>
-- CHECK-NEXT: Cond
-- CHECK-NEXT: Binary '<=' : boolean <56:8>
-- CHECK-NEXT: Name 'x' -> parameter : integer <56:6>
-- CHECK-NEXT: IntLit 1 : integer <56:11>
-- CHECK-NEXT: Then
-- CHECK-NEXT: Return <56:18>
-- CHECK-NEXT: IntLit 1 : integer <56:25>
-- CHECK-NEXT: Return <57:3>
-- CHECK-NEXT: Binary '*' : integer <57:12>
-- CHECK-NEXT: Name 'x' -> parameter : integer <57:10>
-- CHECK-NEXT: Call 'fact' : integer <57:14>
-- CHECK-NEXT: Binary '-' : integer <57:21>
-- CHECK-NEXT: Name 'x' -> parameter : integer <57:19>
-- CHECK-NEXT: IntLit 1 : integer <57:23>
-- CHECK-NEXT: Procedure 'all' entry <60:11>
-- CHECK-NEXT: Local 'it' : integer <61:5>
-- CHECK-NEXT: Body
-- CHECK-NEXT: Scoped [BigR] <63:3>
-- CHECK-NEXT: Region Named [BigR] rank=2 <63:3>
-- CHECK-NEXT: Assign ':=' scope=[BigR] <63:10>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <63:10>
-- CHECK-NEXT: RealLit 0.0 : double <63:15>
-- CHECK-NEXT: Scoped [east of R] <64:3>
-- CHECK-NEXT: Region Of [east of R] rank=2 <64:3>
-- CHECK-NEXT: Direction east (0,1) <64:4>
-- CHECK-NEXT: Region Named [R] rank=2 <64:12>
-- CHECK-NEXT: Wrap 'A' scope=[east of R] <64:15>
-- CHECK-NEXT: Scoped [west of R] <65:3>
-- CHECK-NEXT: Region Of [west of R] rank=2 <65:3>
-- CHECK-NEXT: Direction west (0,-1) <65:4>
-- CHECK-NEXT: Region Named [R] rank=2 <65:12>
-- CHECK-NEXT: Reflect 'A' 'B' scope=[west of R] <65:15>
-- CHECK-NEXT: Scoped [north in R] <66:3>
-- CHECK-NEXT: Region In [north in R] rank=2 <66:3>
-- CHECK-NEXT: Direction north (-1,0) <66:4>
-- CHECK-NEXT: Region Named [R] rank=2 <66:13>
-- CHECK-NEXT: Assign ':=' scope=[north in R] <66:16>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <66:16>
-- CHECK-NEXT: RealLit 1.0 : double <66:21>
-- CHECK-NEXT: Scoped [R at east] <67:3>
-- CHECK-NEXT: Region At [R at east] rank=2 <67:3>
-- CHECK-NEXT: Direction east (0,1) <67:9>
-- CHECK-NEXT: Region Named [R] rank=2 <67:4>
-- CHECK-NEXT: Assign ':=' scope=[R at east] <67:15>
-- CHECK-NEXT: Name 'B' -> variable : double parallel rank=2 <67:15>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <67:20>
-- CHECK-NEXT: Scoped [R by [2, 2]] <68:3>
-- CHECK-NEXT: Region By [R by [2, 2]] rank=2 <68:3>
-- CHECK-NEXT: Direction [2, 2] (2,2) <68:9>
-- CHECK-NEXT: Region Named [R] rank=2 <68:4>
-- CHECK-NEXT: Assign ':=' scope=[R by [2, 2]] <68:17>
-- CHECK-NEXT: Name 'B' -> variable : double parallel rank=2 <68:17>
-- CHECK-NEXT: RealLit 2.0 : double <68:22>
-- CHECK-NEXT: Scoped [R with M] <69:3>
-- CHECK-NEXT: Region Named [R with M] rank=2 <69:3>
-- CHECK-NEXT: With
-- CHECK-NEXT: Name 'M' -> variable : boolean parallel rank=2 <69:11>
-- CHECK-NEXT: Assign ':=' scope=[R with M] <69:14>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <69:14>
-- CHECK-NEXT: Binary '+' : double parallel rank=2 <69:26>
-- CHECK-NEXT: Shift '@' east (0,1) : double parallel rank=2 <69:20>
-- CHECK-NEXT: Name 'B' -> variable : double parallel rank=2 <69:19>
-- CHECK-NEXT: Shift '@^' west (0,-1) : double parallel rank=2 <69:29>
-- CHECK-NEXT: Name 'B' -> variable : double parallel rank=2 <69:28>
-- CHECK-NEXT: Scoped [R without M] <70:3>
-- CHECK-NEXT: Region Named [R without M] rank=2 <70:3>
-- CHECK-NEXT: Without
-- CHECK-NEXT: Name 'M' -> variable : boolean parallel rank=2 <70:14>
-- CHECK-NEXT: Block <70:17>
-- CHECK-NEXT: Assign '-=' scope=[R without M] <71:5>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <71:5>
-- CHECK-NEXT: IntLit 1 : integer <71:10>
-- CHECK-NEXT: Assign '/=' scope=[R without M] <72:5>
-- CHECK-NEXT: Name 'B' -> variable : double parallel rank=2 <72:5>
-- CHECK-NEXT: IntLit 2 : integer <72:10>
-- CHECK-NEXT: Scoped [R] <74:3>
-- CHECK-NEXT: Region Named [R] rank=2 <74:3>
-- CHECK-NEXT: Block <74:7>
-- CHECK-NEXT: Assign ':=' scope=[R] <75:5>
-- CHECK-NEXT: Name 'M' -> variable : boolean parallel rank=2 <75:5>
-- CHECK-NEXT: Binary '|' : boolean parallel rank=2 <75:31>
-- CHECK-NEXT: Binary '&' : boolean parallel rank=2 <75:18>
-- CHECK-NEXT: Binary '>' : boolean parallel rank=2 <75:12>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <75:10>
-- CHECK-NEXT: RealLit 0.5 : double <75:14>
-- CHECK-NEXT: Unary '!' : boolean parallel rank=2 <75:20>
-- CHECK-NEXT: Binary '=' : boolean parallel rank=2 <75:24>
-- CHECK-NEXT: Name 'B' -> variable : double parallel rank=2 <75:22>
-- CHECK-NEXT: RealLit 1.0 : double <75:26>
-- CHECK-NEXT: Binary '!=' : boolean parallel rank=2 <75:40>
-- CHECK-NEXT: Name 'Index1' -> index array : integer parallel rank=2 <75:33>
-- CHECK-NEXT: Name 'Index2' -> index array : integer parallel rank=2 <75:43>
-- CHECK-NEXT: Assign ':=' scope=[R] <76:5>
-- CHECK-NEXT: Name 'I1' -> variable : integer parallel rank=2 <76:5>
-- CHECK-NEXT: Name 'Index2' -> index array : integer parallel rank=2 <76:11>
-- CHECK-NEXT: Assign ':=' scope=[R] <76:19>
-- CHECK-NEXT: Name 'I2' -> variable : integer parallel rank=2 <76:19>
-- CHECK-NEXT: Name 'Index1' -> index array : integer parallel rank=2 <76:25>
-- CHECK-NEXT: Assign ':=' scope=[R] <77:5>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <77:5>
-- CHECK-NEXT: Remap '#' : double parallel rank=2 <77:11>
-- CHECK-NEXT: Name 'B' -> variable : double parallel rank=2 <77:10>
-- CHECK-NEXT: Name 'I1' -> variable : integer parallel rank=2 <77:13>
-- CHECK-NEXT: Name 'I2' -> variable : integer parallel rank=2 <77:17>
-- CHECK-NEXT: Assign ':=' scope=[R] <78:5>
-- CHECK-NEXT: Remap '#' : double parallel rank=2 <78:6>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <78:5>
-- CHECK-NEXT: Name 'I2' -> variable : integer parallel rank=2 <78:8>
-- CHECK-NEXT: Name 'I1' -> variable : integer parallel rank=2 <78:12>
-- CHECK-NEXT: Name 'B' -> variable : double parallel rank=2 <78:19>
-- CHECK-NEXT: Assign ':=' scope=[R] <79:5>
-- CHECK-NEXT: Name 'Temp' -> variable : double parallel rank=2 <79:5>
-- CHECK-NEXT: Scan '+||' : double parallel rank=2 <79:13>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <79:17>
-- CHECK-NEXT: Assign ':=' scope=[R] <80:5>
-- CHECK-NEXT: Name 'Temp' -> variable : double parallel rank=2 <80:5>
-- CHECK-NEXT: Scan 'max||' dim=2 : double parallel rank=2 <80:13>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <80:23>
-- CHECK-NEXT: Assign ':=' scope=[R] <81:5>
-- CHECK-NEXT: Name 's' -> variable : double <81:5>
-- CHECK-NEXT: Reduce '+<<' : double <81:10>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <81:14>
-- CHECK-NEXT: Assign ':=' scope=[R] <82:5>
-- CHECK-NEXT: Name 't' -> variable : double <82:5>
-- CHECK-NEXT: Binary '-' : double <82:26>
-- CHECK-NEXT: Binary '+' : double <82:18>
-- CHECK-NEXT: Reduce 'min<<' : double <82:10>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <82:16>
-- CHECK-NEXT: Reduce '*<<' : double <82:20>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <82:24>
-- CHECK-NEXT: Reduce 'max<<' : double <82:28>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <82:34>
-- CHECK-NEXT: Assign ':=' scope=[R] <83:5>
-- CHECK-NEXT: Name 'flag' -> variable : boolean <83:5>
-- CHECK-NEXT: Binary '|' : boolean <83:19>
-- CHECK-NEXT: Reduce '&<<' : boolean <83:13>
-- CHECK-NEXT: Name 'M' -> variable : boolean parallel rank=2 <83:17>
-- CHECK-NEXT: Reduce '|<<' : boolean <83:21>
-- CHECK-NEXT: Name 'M' -> variable : boolean parallel rank=2 <83:25>
-- CHECK-NEXT: Assign ':=' scope=[R] <84:5>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <84:5>
-- CHECK-NEXT: Binary '+' : double parallel rank=2 <86:10>
-- CHECK-NEXT: Binary '+' : double parallel rank=2 <85:63>
-- CHECK-NEXT: Binary '+' : double parallel rank=2 <85:51>
-- CHECK-NEXT: Binary '+' : double parallel rank=2 <85:39>
-- CHECK-NEXT: Binary '+' : double parallel rank=2 <85:27>
-- CHECK-NEXT: Binary '+' : double parallel rank=2 <85:10>
-- CHECK-NEXT: Binary '+' : double parallel rank=2 <84:73>
-- CHECK-NEXT: Binary '-' : double parallel rank=2 <84:57>
-- CHECK-NEXT: Binary '+' : double parallel rank=2 <84:42>
-- CHECK-NEXT: Binary '+' : double parallel rank=2 <84:25>
-- CHECK-NEXT: Binary '*' : double parallel rank=2 <84:21>
-- CHECK-NEXT: Unary '-' : double parallel rank=2 <84:10>
-- CHECK-NEXT: Binary '^' : double parallel rank=2 <84:13>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <84:11>
-- CHECK-NEXT: Binary '^' : integer <84:17>
-- CHECK-NEXT: IntLit 2 : integer <84:15>
-- CHECK-NEXT: IntLit 1 : integer <84:19>
-- CHECK-NEXT: IntLit 3 : integer <84:23>
-- CHECK-NEXT: Call 'double' builtin : double parallel rank=2 <84:27>
-- CHECK-NEXT: Binary '%' : integer parallel rank=2 <84:37>
-- CHECK-NEXT: Name 'I1' -> variable : integer parallel rank=2 <84:34>
-- CHECK-NEXT: IntLit 2 : integer <84:39>
-- CHECK-NEXT: Call 'sqrt' builtin : double parallel rank=2 <84:44>
-- CHECK-NEXT: Call 'abs' builtin : double parallel rank=2 <84:49>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <84:53>
-- CHECK-NEXT: Call 'exp' builtin : double <84:59>
-- CHECK-NEXT: Call 'log' builtin : double <84:63>
-- CHECK-NEXT: RealLit 1.0 : double <84:67>
-- CHECK-NEXT: Call 'sin' builtin : double parallel rank=2 <84:75>
-- CHECK-NEXT: Call 'cos' builtin : double parallel rank=2 <84:79>
-- CHECK-NEXT: Call 'tan' builtin : double parallel rank=2 <84:83>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <84:87>
-- CHECK-NEXT: Call 'floor' builtin : double parallel rank=2 <85:12>
-- CHECK-NEXT: Call 'ceil' builtin : double parallel rank=2 <85:18>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <85:23>
-- CHECK-NEXT: Call 'min' builtin : double parallel rank=2 <85:29>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <85:33>
-- CHECK-NEXT: Name 'B' -> variable : double parallel rank=2 <85:36>
-- CHECK-NEXT: Call 'max' builtin : integer <85:41>
-- CHECK-NEXT: IntLit 1 : integer <85:45>
-- CHECK-NEXT: IntLit 2 : integer <85:48>
-- CHECK-NEXT: Call 'pow' builtin : double parallel rank=2 <85:53>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <85:57>
-- CHECK-NEXT: IntLit 2 : integer <85:60>
-- CHECK-NEXT: Call 'double' builtin : double parallel rank=2 <85:65>
-- CHECK-NEXT: Name 'I1' -> variable : integer parallel rank=2 <85:72>
-- CHECK-NEXT: Call 'integer' builtin : integer <86:12>
-- CHECK-NEXT: RealLit 2.7 : double <86:20>
-- CHECK-NEXT: Scoped [1..n, 1] <88:3>
-- CHECK-NEXT: Region Literal [1..n, 1] rank=2 <88:3>
-- CHECK-NEXT: Dim range <88:4>
-- CHECK-NEXT: IntLit 1 : integer <88:4>
-- CHECK-NEXT: Name 'n' -> config var : integer <88:7>
-- CHECK-NEXT: Dim single <88:10>
-- CHECK-NEXT: IntLit 1 : integer <88:10>
-- CHECK-NEXT: Assign ':=' scope=[1..n, 1] <88:13>
-- CHECK-NEXT: Name 'S' -> variable : double parallel rank=2 <88:13>
-- CHECK-NEXT: Reduce '+<<' partial : double parallel rank=2 <88:18>
-- CHECK-NEXT: Region Literal [1..n, 1..n] rank=2 <88:22>
-- CHECK-NEXT: Dim range <88:23>
-- CHECK-NEXT: IntLit 1 : integer <88:23>
-- CHECK-NEXT: Name 'n' -> config var : integer <88:26>
-- CHECK-NEXT: Dim range <88:29>
-- CHECK-NEXT: IntLit 1 : integer <88:29>
-- CHECK-NEXT: Name 'n' -> config var : integer <88:32>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <88:35>
-- CHECK-NEXT: Scoped [1..n, *] <89:3>
-- CHECK-NEXT: Region Literal [1..n, *] rank=2 <89:3>
-- CHECK-NEXT: Dim range <89:4>
-- CHECK-NEXT: IntLit 1 : integer <89:4>
-- CHECK-NEXT: Name 'n' -> config var : integer <89:7>
-- CHECK-NEXT: Dim * <89:10>
-- CHECK-NEXT: Assign ':=' scope=[1..n, *] <89:13>
-- CHECK-NEXT: Name 'C' -> variable : double parallel rank=2 <89:13>
-- CHECK-NEXT: Flood '>>' : double parallel rank=2 <89:18>
-- CHECK-NEXT: Region Literal [1..n, k] rank=2 <89:20>
-- CHECK-NEXT: Dim range <89:21>
-- CHECK-NEXT: IntLit 1 : integer <89:21>
-- CHECK-NEXT: Name 'n' -> config var : integer <89:24>
-- CHECK-NEXT: Dim single <89:27>
-- CHECK-NEXT: Name 'k' -> constant : integer <89:27>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <89:30>
-- CHECK-NEXT: Scoped [R] <90:3>
-- CHECK-NEXT: Region Named [R] rank=2 <90:3>
-- CHECK-NEXT: Assign ':=' scope=[R] <90:7>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <90:7>
-- CHECK-NEXT: Binary '-' : double parallel rank=2 <90:14>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <90:12>
-- CHECK-NEXT: Name 'C' -> variable : double parallel rank=2 <90:16>
-- CHECK-NEXT: Scoped [V] <91:3>
-- CHECK-NEXT: Region Named [V] rank=1 <91:3>
-- CHECK-NEXT: Assign ':=' scope=[V] <91:7>
-- CHECK-NEXT: Name 'X' -> variable : integer parallel rank=1 <91:7>
-- CHECK-NEXT: Binary '%' : integer parallel rank=1 <91:19>
-- CHECK-NEXT: Name 'Index1' -> index array : integer parallel rank=1 <91:12>
-- CHECK-NEXT: IntLit 3 : integer <91:21>
-- CHECK-NEXT: Scoped [C3] <92:3>
-- CHECK-NEXT: Region Named [C3] rank=3 <92:3>
-- CHECK-NEXT: Assign ':=' scope=[C3] <92:8>
-- CHECK-NEXT: Name 'Z' -> variable : float parallel rank=3 <92:8>
-- CHECK-NEXT: Name 'f0' -> constant : float <92:13>
-- CHECK-NEXT: For 'i' to <93:3>
-- CHECK-NEXT: IntLit 1 : integer <93:12>
-- CHECK-NEXT: Name 'n' -> config var : integer <93:17>
-- CHECK-NEXT: Do
-- CHECK-NEXT: If <94:5>
-- CHECK-NEXT: Cond
-- CHECK-NEXT: Binary '=' : boolean <94:14>
-- CHECK-NEXT: Binary '%' : integer <94:10>
-- CHECK-NEXT: Name 'i' -> variable : integer <94:8>
-- CHECK-NEXT: IntLit 2 : integer <94:12>
-- CHECK-NEXT: IntLit 0 : integer <94:16>
-- CHECK-NEXT: Then
-- CHECK-NEXT: Continue <94:23>
-- CHECK-NEXT: Elsif
-- CHECK-NEXT: Binary '>' : boolean <95:13>
-- CHECK-NEXT: Name 'i' -> variable : integer <95:11>
-- CHECK-NEXT: IntLit 5 : integer <95:15>
-- CHECK-NEXT: Then
-- CHECK-NEXT: Exit <95:22>
-- CHECK-NEXT: Else
-- CHECK-NEXT: CallStmt <96:10>
-- CHECK-NEXT: Call 'bump' : void <96:10>
-- CHECK-NEXT: Name 'j' -> variable : integer <96:15>
-- CHECK-NEXT: Name 'i' -> variable : integer <96:18>
-- CHECK-NEXT: For 'i' downto <99:3>
-- CHECK-NEXT: Name 'n' -> config var : integer <99:12>
-- CHECK-NEXT: IntLit 1 : integer <99:21>
-- CHECK-NEXT: By
-- CHECK-NEXT: IntLit 2 : integer <99:26>
-- CHECK-NEXT: Do
-- CHECK-NEXT: Scoped [i, 1..n] <100:5>
-- CHECK-NEXT: Region Literal [i, 1..n] rank=2 <100:5>
-- CHECK-NEXT: Dim single <100:6>
-- CHECK-NEXT: Name 'i' -> variable : integer <100:6>
-- CHECK-NEXT: Dim range <100:9>
-- CHECK-NEXT: IntLit 1 : integer <100:9>
-- CHECK-NEXT: Name 'n' -> config var : integer <100:12>
-- CHECK-NEXT: Assign ':=' scope=[i, 1..n] <100:15>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <100:15>
-- CHECK-NEXT: RealLit 0.0 : double <100:20>
-- CHECK-NEXT: While <102:3>
-- CHECK-NEXT: Binary '<' : boolean <102:11>
-- CHECK-NEXT: Name 'i' -> variable : integer <102:9>
-- CHECK-NEXT: IntLit 10 : integer <102:13>
-- CHECK-NEXT: Do
-- CHECK-NEXT: Assign ':=' <102:19>
-- CHECK-NEXT: Name 'i' -> variable : integer <102:19>
-- CHECK-NEXT: Binary '+' : integer <102:26>
-- CHECK-NEXT: Name 'i' -> variable : integer <102:24>
-- CHECK-NEXT: IntLit 1 : integer <102:28>
-- CHECK-NEXT: Assign ':=' <103:3>
-- CHECK-NEXT: Name 'it' -> variable : integer <103:3>
-- CHECK-NEXT: Call 'fact' : integer <103:9>
-- CHECK-NEXT: IntLit 5 : integer <103:14>
-- CHECK-NEXT: Assign ':=' <104:3>
-- CHECK-NEXT: Name 's' -> variable : double <104:3>
-- CHECK-NEXT: Binary '+' : double <104:23>
-- CHECK-NEXT: Binary '+' : double <104:16>
-- CHECK-NEXT: Call 'sq' : double <104:8>
-- CHECK-NEXT: RealLit 2.0 : double <104:11>
-- CHECK-NEXT: Name 'half' -> constant : double <104:18>
-- CHECK-NEXT: Name 'big' -> constant : double <104:25>
-- CHECK-NEXT: CallStmt <105:3>
-- CHECK-NEXT: Call 'scale' : void <105:3>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <105:9>
-- CHECK-NEXT: RealLit 2.0 : double <105:12>
-- CHECK-NEXT: CallStmt <106:3>
-- CHECK-NEXT: Call 'fill' : void <106:3>
-- CHECK-NEXT: Name 'B' -> variable : double parallel rank=2 <106:8>
-- CHECK-NEXT: Write <107:3>
-- CHECK-NEXT: StringLit "a\tb\n" : string <107:9>
-- CHECK-NEXT: StringLit "quote\" back\\" : string <107:19>
-- CHECK-NEXT: Format "%8.3f"
-- CHECK-NEXT: Name 's' -> variable : double <107:37>
-- CHECK-NEXT: Name 'flag' -> variable : boolean <107:48>
-- CHECK-NEXT: Name 'it' -> variable : integer <107:54>
-- CHECK-NEXT: Writeln <108:3>
-- CHECK-NEXT: Scoped [R] <109:3>
-- CHECK-NEXT: Region Named [R] rank=2 <109:3>
-- CHECK-NEXT: Writeln scope=[R] <109:7>
-- CHECK-NEXT: Name 'A' -> variable : double parallel rank=2 <109:15>
-- CHECK-NEXT: If <110:3>
-- CHECK-NEXT: Cond
-- CHECK-NEXT: BoolLit false : boolean <110:6>
-- CHECK-NEXT: Then
-- CHECK-NEXT: Halt <110:17>
-- CHECK-NEXT: Return <111:3>
