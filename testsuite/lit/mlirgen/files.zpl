-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- File I/O (docs/language.md section 12): open is zpl.file_open, write(f, ...) the usual
-- write ops between zpl.file_output and zpl.file_output_end, read a
-- zpl.file_read per scalar (stored like an assignment) and a
-- zpl.file_read_array per array over the scope, close zpl.file_close.

program files;
region R = [1..4, 1..4];
var A : [R] double;
var k : integer;
var x : float;
var f : file;

procedure files();
begin
  f := open("data.txt", "w");
  [R] writeln(f, "A: ", A);
  close(f);
  f := open("data.txt", "r");
  [R] read(f, k, A, x);
  close(f);
end;

-- CHECK-LABEL: func.func @files()
-- CHECK:       %[[W:.*]] = zpl.file_open "data.txt", "w"
-- CHECK-NEXT:  zpl.set @f, %[[W]] : i64
-- CHECK-NEXT:  %[[F:.*]] = zpl.get @f : i64
-- CHECK-NEXT:  zpl.file_output %[[F]]
-- CHECK-NEXT:  zpl.write_str "A: "
-- CHECK-NEXT:  zpl.write_array
-- CHECK-NEXT:  zpl.writeln
-- CHECK-NEXT:  zpl.file_output_end
-- CHECK-NEXT:  %[[C:.*]] = zpl.get @f : i64
-- CHECK-NEXT:  zpl.file_close %[[C]]
-- CHECK-NEXT:  %[[R:.*]] = zpl.file_open "data.txt", "r"
-- CHECK-NEXT:  zpl.set @f, %[[R]] : i64
-- CHECK-NEXT:  %[[G:.*]] = zpl.get @f : i64
-- CHECK-NEXT:  %[[K:.*]] = zpl.file_read %[[G]] as "k" : i64
-- CHECK-NEXT:  zpl.set @k, %[[K]] : i64
-- CHECK-NEXT:  zpl.file_read_array %[[G]] into %{{.*}} over %{{.*}} as "A" : !zpl.array<2 x f64>, !zpl.region<2>
-- CHECK-NEXT:  %[[X:.*]] = zpl.file_read %[[G]] as "x" : f32
-- CHECK-NEXT:  zpl.set @x, %[[X]] : f32
-- CHECK-NEXT:  %[[D:.*]] = zpl.get @f : i64
-- CHECK-NEXT:  zpl.file_close %[[D]]
