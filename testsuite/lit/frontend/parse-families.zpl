program parsefamilies;
region L{0..1} = [[1..8] by [bsl(1, {})]];
var U{0..1}, V{1..1} : [L{}] double;
procedure parsefamilies();
var j : integer;
begin
  [L{j}] U{j} := U{0} + V{j - 1 + 1};
end;
-- RUN: %zplc --emit=ast %s | FileCheck %s
-- A family's declaration is followed by its elements, each an ordinary
-- declaration in which {} is the element's index; selections name their
-- element, or (a run-time index) what stands for it. (The program comes
-- first so that the positions below are its lines.)
-- CHECK: Program 'parsefamilies' <1:9>
-- CHECK-NEXT: Region 'L' family {0..1} rank=1 <2:8>
-- CHECK-NEXT: Region By {{\[\[}}1..8] by [bsl(1, {})]] rank=0 <2:18>
-- CHECK-NEXT: Direction [bsl(1, {})] () <2:29>
-- CHECK-NEXT: Region Literal [1..8] rank=0 <2:19>
-- CHECK-NEXT: Dim range <2:20>
-- CHECK-NEXT: IntLit 1 : <invalid> <2:20>
-- CHECK-NEXT: IntLit 8 : <invalid> <2:23>
-- CHECK-NEXT: Region 'L{0}' rank=1 <2:8>
-- CHECK-NEXT: Region By {{\[\[}}1..8] by [bsl(1, 0)]] rank=1 <2:18>
-- CHECK-NEXT: Direction [bsl(1, 0)] (1) <2:29>
-- CHECK-NEXT: Region Literal [1..8] rank=1 <2:19>
-- CHECK-NEXT: Dim range <2:20>
-- CHECK-NEXT: IntLit 1 : integer <2:20>
-- CHECK-NEXT: IntLit 8 : integer <2:23>
-- CHECK-NEXT: Region 'L{1}' rank=1 <2:8>
-- CHECK-NEXT: Region By {{\[\[}}1..8] by [bsl(1, 1)]] rank=1 <2:18>
-- CHECK-NEXT: Direction [bsl(1, 1)] (2) <2:29>
-- CHECK-NEXT: Region Literal [1..8] rank=1 <2:19>
-- CHECK-NEXT: Dim range <2:20>
-- CHECK-NEXT: IntLit 1 : integer <2:20>
-- CHECK-NEXT: IntLit 8 : integer <2:23>
-- CHECK-NEXT: Var 'U' family {0..1} : [L{}] double rank=1 <3:5>
-- CHECK-NEXT: Var 'U{0}' : [L{0}] double rank=1 <3:5>
-- CHECK-NEXT: Var 'U{1}' : [L{1}] double rank=1 <3:5>
-- CHECK-NEXT: Var 'V' family {1..1} : [L{}] double rank=1 <3:14>
-- CHECK-NEXT: Var 'V{1}' : [L{1}] double rank=1 <3:14>
-- CHECK-NEXT: Procedure 'parsefamilies' entry <4:11>
-- CHECK-NEXT: Local 'j' : integer <5:5>
-- CHECK-NEXT: Body
-- CHECK-NEXT: Scoped [L{j}] <7:3>
-- CHECK-NEXT: Region Named [L{j}] rank=1 <7:3>
-- CHECK-NEXT: Assign ':=' scope=[L{j}] <7:10>
-- CHECK-NEXT: Name 'U{j}' -> variable 'U{j}' : double parallel rank=1 <7:10>
-- CHECK-NEXT: Binary '+' : double parallel rank=1 <7:23>
-- CHECK-NEXT: Name 'U{0}' -> variable 'U{0}' : double parallel rank=1 <7:18>
-- CHECK-NEXT: Name 'V{((j - 1) + 1)}' -> variable 'V{(j - 1) + 1}' : double parallel rank=1 <7:25>
