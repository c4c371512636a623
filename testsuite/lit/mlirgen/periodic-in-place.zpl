-- RUN: %zplc --emit=zpl -O0 %s | FileCheck %s
-- `A@^d` fills A's own bands in place when nothing else in the program uses
-- them (VarDecl::wrapsInPlace): no copy of A, a wrap of A itself before the
-- statement. B is also shifted with `@`, C is named in a `wrap` statement
-- and D is passed to a procedure that shifts its parameter with `@`: their
-- `@^` copies the array into a wrapped temporary and leaves its bands
-- alone. A parameter's bands are those of the arrays passed for it: `@^`
-- of Y wraps in place (F, whose other uses are `@^` too, is passed for it),
-- of Z does not (B is passed for it).
program periodic;
config var n : integer = 8;
region R = [1..n, 1..n];
direction no = [-1, 0]; ea = [0, 1];
var A, B, C, D, E, F : [R] double;

procedure shifts(X : [R] double);
begin
  [R] E := X@ea;
end;

procedure wrapsY(Y : [R] double);
begin
  [R] E := Y@^ea;
end;

procedure wrapsZ(Z : [R] double);
begin
  [R] E := Z@^ea;
end;

procedure periodic();
begin
  [R] A := A@^no + A@^ea;
  [R] E := B@^no + B@no;
  [no of R] wrap C;
  [R] E := C@^no;
  [R] E := D@^no;
  shifts(D);
  [R] E := F@^no;
  wrapsY(F);
  wrapsZ(B);
end;

-- CHECK-LABEL: func.func @wrapsY
-- CHECK-NOT: "Y_wrap"
-- CHECK: zpl.boundary wrap %arg0 over %{{.*}} [0, 1]
-- CHECK-LABEL: func.func @wrapsZ
-- CHECK: zpl.local_array "Z_wrap"
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
-- CHECK-NOT: "F_wrap"
-- CHECK: zpl.boundary wrap %{{.*}} over %{{.*}} [-1, 0]
-- CHECK: call @wrapsY
