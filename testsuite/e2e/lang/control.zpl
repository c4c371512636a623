-- Control flow: if/elsif/else, for to/downto/by (incl. empty ranges), while, repeat, exit, continue (nested loops), return from inside a loop.
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- CHECK: neg small big 
-- CHECK-NEXT: then
-- CHECK-NEXT: else
-- CHECK-NEXT: 1 2 3 4 5 |
-- CHECK-NEXT: 5 4 3 2 1 |
-- CHECK-NEXT: 1 4 7 10 |
-- CHECK-NEXT: empty loops ok
-- CHECK-NEXT: while 9 16
-- CHECK-NEXT: repeat 12
-- CHECK-NEXT: repeat once 101
-- CHECK-NEXT: nested 224
-- CHECK-NEXT: first 8 -1
-- CHECK-NEXT: x 244.141
-- CHECK-NOT: {{.}}

program control;
var i, j, s : integer;
var x : double;

procedure classify(v : integer);
begin
  if v < 0 then
    write("neg");
  elsif v = 0 then
    write("zero");
  elsif v < 10 then
    write("small");
  else
    write("big");
  end;
end;

procedure firstsquare(limit : integer) : integer;
var k : integer;
begin
  for k := 1 to 100 do
    if k * k > limit then
      return k;
    end;
  end;
  return -1;
end;

procedure control();
begin
  for i := -1 to 11 by 6 do
    classify(i);
    write(" ");
  end;
  writeln();
  if 1 < 2 then writeln("then"); end;
  if 2 < 1 then writeln("wrong"); else writeln("else"); end;
  for i := 1 to 5 do write(i, " "); end;
  writeln("|");
  for i := 5 downto 1 do write(i, " "); end;
  writeln("|");
  for i := 1 to 10 by 3 do write(i, " "); end;
  writeln("|");
  for i := 3 to 2 do write("never"); end;
  for i := 2 downto 3 do write("never"); end;
  writeln("empty loops ok");
  s := 0;
  i := 0;
  while i < 10 do
    i += 1;
    if i % 2 = 0 then
      continue;
    end;
    if i > 7 then
      exit;
    end;
    s += i;
  end;
  writeln("while ", i, " ", s);
  i := 0;
  repeat
    i += 3;
  until i >= 10;
  writeln("repeat ", i);
  i := 100;
  repeat
    i += 1;
  until true;
  writeln("repeat once ", i);
  s := 0;
  for i := 1 to 4 do
    for j := 1 to 4 do
      if j > i then exit; end;
      if j = 2 then continue; end;
      s += i * 10 + j;
    end;
  end;
  writeln("nested ", s);
  writeln("first ", firstsquare(50), " ", firstsquare(100000));
  x := 1.0;
  while x < 100.0 do x *= 2.5; end;
  writeln("x ", x);
end;
