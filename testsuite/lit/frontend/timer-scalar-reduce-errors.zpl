-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- `timer()` takes no arguments, gives a double that must be used, and is
-- not a constant. A reduction of a scalar operand needs a region to
-- evaluate it over: the reduction's own or the enclosing scope's (issue
-- 25, item 3). Lines 29-33 are the legal forms and give no error.
-- CHECK: {{.*}}timer-scalar-reduce-errors.zpl:17:23: error: a call cannot be used in a constant initializer
-- CHECK: {{.*}}timer-scalar-reduce-errors.zpl:24:8: error: 'timer' takes no arguments
-- CHECK: {{.*}}timer-scalar-reduce-errors.zpl:25:3: error: the result of 'timer' is unused
-- CHECK: {{.*}}timer-scalar-reduce-errors.zpl:26:8: error: reduction '+<<' of a scalar needs a region to reduce over (a region scope or '+<< [R] ...')
-- CHECK: {{.*}}timer-scalar-reduce-errors.zpl:27:8: error: reduction 'max<<' of a scalar needs a region to reduce over (a region scope or 'max<< [R] ...')
-- CHECK: {{.*}}timer-scalar-reduce-errors.zpl:28:12: error: reduction '&<<' cannot reduce integer values
-- CHECK-NOT: error:
program p;
region R = [1..4, 1..4];
var A : [R] double;
var x : double;
constant t : double = timer();
var k : integer;
var b : boolean;
procedure p();
begin
  x := timer();
  [R] A := timer() + A;
  x := timer(1);
  timer();
  k := +<< 1;
  x := max<< x;
  [R] b := &<< 1;
  [R] k := +<< 1;
  [R] x := max<< x + timer();
  x := +<< [R] x;
  [R] b := |<< b;
  [R] A := +<< 1.5 + A;
end;
