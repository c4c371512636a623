-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- write/writeln: strings, scalars with and without formats, arrays.

program output;

region R = [1..3, 1..4];
region Row = [2, 1..4];
var A : [R] double;
var I : [R] integer;

procedure output();
var x : double;
var k : integer;
var b : boolean;
begin
  write("x = ", x, " k = ", k:"%5d", " b = ", b);
  writeln(x:"%8.3f");
  writeln();
  writeln("tab\tquote\"");
  [R] writeln(A);
  [R] write(I:"%3d");
  [Row] writeln("row: ", A:"%6.2f");
end;

-- CHECK-LABEL: func.func @output() {
-- CHECK-DAG:     %[[R:.*]] = zpl.get @R : !zpl.region<2>
-- CHECK-DAG:     %[[A:.*]] = zpl.get @A : !zpl.array<2 x f64>
-- CHECK-DAG:     %[[I:.*]] = zpl.get @I : !zpl.array<2 x i64>
-- CHECK-DAG:     %[[ROW:.*]] = zpl.get @Row : !zpl.region<2>
-- CHECK-DAG:     %[[X:.*]] = zpl.alloca "x" : !zpl.ref<f64>
-- CHECK-DAG:     %[[K:.*]] = zpl.alloca "k" : !zpl.ref<i64>
-- CHECK-DAG:     %[[B:.*]] = zpl.alloca "b" : !zpl.ref<i1>

-- CHECK:         zpl.write_str "x = "
-- CHECK-NEXT:    %[[XV:.*]] = zpl.load %[[X]] : !zpl.ref<f64>
-- CHECK-NEXT:    zpl.write %[[XV]] : f64
-- CHECK-NEXT:    zpl.write_str " k = "
-- CHECK-NEXT:    %[[KV:.*]] = zpl.load %[[K]] : !zpl.ref<i64>
-- CHECK-NEXT:    zpl.write %[[KV]] {format = "%5d"} : i64
-- CHECK-NEXT:    zpl.write_str " b = "
-- CHECK-NEXT:    %[[BV:.*]] = zpl.load %[[B]] : !zpl.ref<i1>
-- CHECK-NEXT:    zpl.write %[[BV]] : i1
-- CHECK-NOT:     zpl.writeln
-- CHECK-NEXT:    %[[XV2:.*]] = zpl.load %[[X]] : !zpl.ref<f64>
-- CHECK-NEXT:    zpl.write %[[XV2]] {format = "%8.3f"} : f64
-- CHECK-NEXT:    zpl.writeln
-- CHECK-NEXT:    zpl.writeln
-- CHECK-NEXT:    zpl.write_str "tab\09quote\22"
-- CHECK-NEXT:    zpl.writeln

-- A parallel array prints over the current scope.
-- CHECK-NEXT:    zpl.write_array %[[A]] over %[[R]] : !zpl.array<2 x f64>, !zpl.region<2>
-- CHECK-NEXT:    zpl.writeln
-- CHECK-NEXT:    zpl.write_array %[[I]] over %[[R]] {format = "%3d"} : !zpl.array<2 x i64>, !zpl.region<2>
-- CHECK-NEXT:    zpl.write_str "row: "
-- CHECK-NEXT:    zpl.write_array %[[A]] over %[[ROW]] {format = "%6.2f"} : !zpl.array<2 x f64>, !zpl.region<2>
-- CHECK-NEXT:    zpl.writeln
-- CHECK-NEXT:    return
