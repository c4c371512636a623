-- RUN: %zplc --emit=ast %s | FileCheck %s
-- int32 as the type of a config var, a parallel and an indexed array,
-- parameters (by value and `var`) and a result, and int32() as a
-- conversion (docs/language.md section 3): int32 + int32 is int32.

program p;
config var c : int32 = 7;
region R = [1..4];
var A : [R] int32;
var T : array [1..2] of int32;
procedure f(a : int32; var b : int32) : int32;
begin
  b := int32(a);
  return a + c;
end;
procedure p();
begin
  [R] A := int32(Index1) + A;
end;

-- CHECK:      ConfigVar 'c' : int32
-- CHECK-NEXT:   IntLit 7 : integer
-- CHECK:      Var 'A' : [R] int32 rank=1
-- CHECK:      Var 'T' : array [1..2] of int32
-- CHECK:      Procedure 'f' : int32
-- CHECK-NEXT:   Param 'a' : int32
-- CHECK-NEXT:   Param var 'b' : int32
-- CHECK:          Call 'int32' builtin : int32
-- CHECK-NEXT:       Name 'a' -> parameter : int32
-- CHECK:          Binary '+' : int32
-- CHECK:        Binary '+' : int32 parallel rank=1
-- CHECK-NEXT:     Call 'int32' builtin : int32 parallel rank=1
-- CHECK-NEXT:       Name 'Index1' -> index array : integer parallel rank=1
-- CHECK-NEXT:     Name 'A' -> variable : int32 parallel rank=1
