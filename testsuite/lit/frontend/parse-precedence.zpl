program prec;
var a, b, c : integer;
var x : double;
var l : boolean;
procedure prec();
begin
  x := -2.0 ^ 3 ^ 2;
  a := a + b * c - a / b % c;
  l := a < b & b <= c | !(a = c) & a != b;
  l := a >= b | a > c;
  x := +x;
end;

-- C precedence; ^ binds tightest and is right-associative; unary below ^.
-- RUN: %zplc --emit=ast %s | FileCheck %s
-- CHECK-LABEL: Program 'prec' <1:9>
-- CHECK-NEXT: Var 'a' : integer <2:5>
-- CHECK-NEXT: Var 'b' : integer <2:8>
-- CHECK-NEXT: Var 'c' : integer <2:11>
-- CHECK-NEXT: Var 'x' : double <3:5>
-- CHECK-NEXT: Var 'l' : boolean <4:5>
-- CHECK-NEXT: Procedure 'prec' entry <5:11>
-- CHECK-NEXT: Body
-- CHECK-NEXT: Assign ':=' <7:3>
-- CHECK-NEXT: Name 'x' -> variable : double <7:3>
-- CHECK-NEXT: Unary '-' : double <7:8>
-- CHECK-NEXT: Binary '^' : double <7:13>
-- CHECK-NEXT: RealLit 2.0 : double <7:9>
-- CHECK-NEXT: Binary '^' : integer <7:17>
-- CHECK-NEXT: IntLit 3 : integer <7:15>
-- CHECK-NEXT: IntLit 2 : integer <7:19>
-- CHECK-NEXT: Assign ':=' <8:3>
-- CHECK-NEXT: Name 'a' -> variable : integer <8:3>
-- CHECK-NEXT: Binary '-' : integer <8:18>
-- CHECK-NEXT: Binary '+' : integer <8:10>
-- CHECK-NEXT: Name 'a' -> variable : integer <8:8>
-- CHECK-NEXT: Binary '*' : integer <8:14>
-- CHECK-NEXT: Name 'b' -> variable : integer <8:12>
-- CHECK-NEXT: Name 'c' -> variable : integer <8:16>
-- CHECK-NEXT: Binary '%' : integer <8:26>
-- CHECK-NEXT: Binary '/' : integer <8:22>
-- CHECK-NEXT: Name 'a' -> variable : integer <8:20>
-- CHECK-NEXT: Name 'b' -> variable : integer <8:24>
-- CHECK-NEXT: Name 'c' -> variable : integer <8:28>
-- CHECK-NEXT: Assign ':=' <9:3>
-- CHECK-NEXT: Name 'l' -> variable : boolean <9:3>
-- CHECK-NEXT: Binary '|' : boolean <9:23>
-- CHECK-NEXT: Binary '&' : boolean <9:14>
-- CHECK-NEXT: Binary '<' : boolean <9:10>
-- CHECK-NEXT: Name 'a' -> variable : integer <9:8>
-- CHECK-NEXT: Name 'b' -> variable : integer <9:12>
-- CHECK-NEXT: Binary '<=' : boolean <9:18>
-- CHECK-NEXT: Name 'b' -> variable : integer <9:16>
-- CHECK-NEXT: Name 'c' -> variable : integer <9:21>
-- CHECK-NEXT: Binary '&' : boolean <9:34>
-- CHECK-NEXT: Unary '!' : boolean <9:25>
-- CHECK-NEXT: Binary '=' : boolean <9:29>
-- CHECK-NEXT: Name 'a' -> variable : integer <9:27>
-- CHECK-NEXT: Name 'c' -> variable : integer <9:31>
-- CHECK-NEXT: Binary '!=' : boolean <9:38>
-- CHECK-NEXT: Name 'a' -> variable : integer <9:36>
-- CHECK-NEXT: Name 'b' -> variable : integer <9:41>
-- CHECK-NEXT: Assign ':=' <10:3>
-- CHECK-NEXT: Name 'l' -> variable : boolean <10:3>
-- CHECK-NEXT: Binary '|' : boolean <10:15>
-- CHECK-NEXT: Binary '>=' : boolean <10:10>
-- CHECK-NEXT: Name 'a' -> variable : integer <10:8>
-- CHECK-NEXT: Name 'b' -> variable : integer <10:13>
-- CHECK-NEXT: Binary '>' : boolean <10:19>
-- CHECK-NEXT: Name 'a' -> variable : integer <10:17>
-- CHECK-NEXT: Name 'c' -> variable : integer <10:21>
-- CHECK-NEXT: Assign ':=' <11:3>
-- CHECK-NEXT: Name 'x' -> variable : double <11:3>
-- CHECK-NEXT: Unary '+' : double <11:8>
-- CHECK-NEXT: Name 'x' -> variable : double <11:9>
