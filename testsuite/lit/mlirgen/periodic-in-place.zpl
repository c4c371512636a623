-- RUN: %zplc --emit=zpl -O0 %s | FileCheck %s
-- `A@^d` fills A's own bands in place when nothing else in the program uses
-- them (VarDecl::wrapsInPlace): no copy of A, a wrap of A itself before the
-- statement. B is also shifted with `@`, C is named in a `wrap` statement
-- and D is passed to a procedure: their `@^` copies the array into a
-- wrapped temporary and leaves its bands alone.
program periodic;
config var n : integer = 8;
region R = [1..n, 1..n];
direction no = [-1, 0]; ea = [0, 1];
var A, B, C, D, E : [R] double;

procedure use(X : [R] double);
begin
  [R] E := X;
end;

procedure periodic();
begin
  [R] A := A@^no + A@^ea;
  [R] E := B@^no + B@no;
  [no of R] wrap C;
  [R] E := C@^no;
  [R] E := D@^no;
  use(D);
end;

-- CHECK-LABEL: func.func @periodic
-- CHECK-NOT: "A_wrap"
-- CHECK: zpl.boundary wrap %[[A:.*]] over %{{.*}} [-1, 0]
-- CHECK: zpl.boundary wrap %[[A]] over %{{.*}} [0, 1]
-- CHECK: zpl.assign %[[A]] over
-- CHECK: zpl.read %[[A]] [-1, 0]
-- CHECK: zpl.read %[[A]] [0, 1]
-- CHECK: zpl.local_array "B_wrap"
-- CHECK: zpl.local_array "C_wrap"
-- CHECK: zpl.local_array "D_wrap"
