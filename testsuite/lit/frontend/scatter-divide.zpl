-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A scatter combines with +=, -= or *= (docs/language.md section 7); /= is an error.
program p;
region R = [1..4, 1..4];
var A, B : [R] double;
var K, L : [R] integer;

procedure p();
begin
-- CHECK: {{.*}}scatter-divide.zpl:[[@LINE+1]]:7: error: a scatter combines with '+=', '-=' or '*=', not '/='
  [R] A#[K, L] /= B;
end;
