-- File I/O errors (testsuite/e2e/runtime-errors.test): --fault=1 opens a
-- missing file, 2 reads past the end of a file, 3 reads a malformed
-- number into an array, 4 into a scalar, 5 writes to a file opened for
-- reading; 0 reads both files without error.
program fileerr;
config var fault : integer = 0;
region R = [1..2, 1..3];
var A : [R] integer;
var f : file;
var j, k : integer;

procedure fileerr();
begin
  f := open("fileerr-short.txt", "w");
  writeln(f, "1 2 3");
  writeln(f, "4 5");
  close(f);
  f := open("fileerr-bad.txt", "w");
  writeln(f, "1 2 3");
  writeln(f, "4 x5 6");
  close(f);
  if fault = 1 then
    f := open("fileerr-missing/none.txt", "r");
  end;
  f := open("fileerr-short.txt", "r");
  if fault = 2 then
    [R] read(f, A);
  end;
  close(f);
  f := open("fileerr-bad.txt", "r");
  if fault = 3 then
    [R] read(f, A);
  end;
  if fault = 4 then
    for j := 1 to 5 do
      read(f, k);
    end;
  end;
  if fault = 5 then
    writeln(f, 7);
  end;
  close(f);
  writeln("done");
end;
