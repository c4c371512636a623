-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck --strict-whitespace %s
-- An error at the end of the file points just after the last token and
-- quotes its line (issue 15, item 6), not the empty line after it.
-- CHECK: {{.*}}syntax-missing-end.zpl:19:5: error: expected statement or 'end', found end of file
-- CHECK-NEXT: {{^}}end;{{$}}
-- CHECK-NEXT: {{^}}    ^{{$}}
program p;
config var n : integer = 4;
region R = [1..n, 1..n];
region L = [1..n];
direction east = [0, 1]; west = [0, -1]; right = [1];
var A, B : [R] double;
var V : [L] double;
var s : double;
var i : integer;
procedure p();
begin
  if s > 0.0 then s := 1.0;
end;
