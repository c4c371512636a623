-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- Every scalar operator and built-in; integer/real mixing.

program ops;

var gi : integer;

procedure ops();
var i, j : integer;
var x, y : double;
var f : float;
var p, q : boolean;
begin
  i := i + j; i := i - j; i := i * j; i := i / j; i := i % j; i := i ^ j;
  x := x + y; x := x - y; x := x * y; x := x / y; x := x ^ y;
  x := i + x;
  x := f * x;
  f := f + f;
  f := x;
  p := i < j; p := i <= j; p := i > j; p := i >= j; p := i = j; p := i != j;
  p := x < y; p := x <= y; p := x > y; p := x >= y; p := x = y; p := x != y;
  p := i < x;
  p := p = q; p := p != q;
  p := p & q; p := p | q; p := !p;
  i := -i; x := -x; x := +x;
  x := abs(x); i := abs(i);
  x := sqrt(x); x := exp(x); x := log(x); x := sin(x); x := cos(x); x := tan(x);
  x := floor(x); x := ceil(x); f := sqrt(f);
  x := pow(x, y); x := pow(i, 2);
  x := min(x, y); x := max(x, y); i := min(i, j); i := max(i, j); x := max(x, i);
  x := double(i); x := double(f); i := integer(x); f := float(x); f := float(i);
  i += 1; i -= 2; i *= 3; i /= 4; x += 1; x /= 2.0;
  gi := gi + 1;
end;

-- CHECK-LABEL: func.func @ops() {
-- CHECK-DAG:     %[[I:.*]] = zpl.alloca "i" : !zpl.ref<i64>
-- CHECK-DAG:     %[[J:.*]] = zpl.alloca "j" : !zpl.ref<i64>
-- CHECK-DAG:     %[[X:.*]] = zpl.alloca "x" : !zpl.ref<f64>
-- CHECK-DAG:     %[[Y:.*]] = zpl.alloca "y" : !zpl.ref<f64>
-- CHECK-DAG:     %[[F:.*]] = zpl.alloca "f" : !zpl.ref<f32>
-- CHECK-DAG:     %[[P:.*]] = zpl.alloca "p" : !zpl.ref<i1>
-- CHECK-DAG:     %[[Q:.*]] = zpl.alloca "q" : !zpl.ref<i1>

-- Integer arithmetic.
-- CHECK:         %[[IV:.*]] = zpl.load %[[I]] : !zpl.ref<i64>
-- CHECK-NEXT:    %[[JV:.*]] = zpl.load %[[J]] : !zpl.ref<i64>
-- CHECK-NEXT:    %[[ADD:.*]] = arith.addi %[[IV]], %[[JV]] : i64
-- CHECK-NEXT:    zpl.store %[[ADD]], %[[I]] : !zpl.ref<i64>
-- CHECK:         arith.subi %{{.*}}, %{{.*}} : i64
-- CHECK:         arith.muli %{{.*}}, %{{.*}} : i64
-- CHECK:         arith.divsi %{{.*}}, %{{.*}} : i64
-- CHECK:         arith.remsi %{{.*}}, %{{.*}} : i64
-- CHECK:         math.ipowi %{{.*}}, %{{.*}} : i64

-- Real arithmetic.
-- CHECK:         arith.addf %{{.*}}, %{{.*}} : f64
-- CHECK:         arith.subf %{{.*}}, %{{.*}} : f64
-- CHECK:         arith.mulf %{{.*}}, %{{.*}} : f64
-- CHECK:         arith.divf %{{.*}}, %{{.*}} : f64
-- CHECK:         math.powf %{{.*}}, %{{.*}} : f64

-- Mixing promotes: integer -> real, float -> double; assignment narrows.
-- CHECK:         %[[MI:.*]] = zpl.load %[[I]] : !zpl.ref<i64>
-- CHECK-NEXT:    %[[MX:.*]] = zpl.load %[[X]] : !zpl.ref<f64>
-- CHECK-NEXT:    %[[MIF:.*]] = arith.sitofp %[[MI]] : i64 to f64
-- CHECK-NEXT:    arith.addf %[[MIF]], %[[MX]] : f64
-- CHECK:         %[[FV:.*]] = zpl.load %[[F]] : !zpl.ref<f32>
-- CHECK-NEXT:    %[[XV:.*]] = zpl.load %[[X]] : !zpl.ref<f64>
-- CHECK-NEXT:    %[[FD:.*]] = arith.extf %[[FV]] : f32 to f64
-- CHECK-NEXT:    arith.mulf %[[FD]], %[[XV]] : f64
-- CHECK:         arith.addf %{{.*}}, %{{.*}} : f32
-- CHECK:         %[[XN:.*]] = zpl.load %[[X]] : !zpl.ref<f64>
-- CHECK-NEXT:    %[[XT:.*]] = arith.truncf %[[XN]] : f64 to f32
-- CHECK-NEXT:    zpl.store %[[XT]], %[[F]] : !zpl.ref<f32>

-- Comparisons.
-- CHECK:         arith.cmpi slt, %{{.*}}, %{{.*}} : i64
-- CHECK:         arith.cmpi sle, %{{.*}}, %{{.*}} : i64
-- CHECK:         arith.cmpi sgt, %{{.*}}, %{{.*}} : i64
-- CHECK:         arith.cmpi sge, %{{.*}}, %{{.*}} : i64
-- CHECK:         arith.cmpi eq, %{{.*}}, %{{.*}} : i64
-- CHECK:         arith.cmpi ne, %{{.*}}, %{{.*}} : i64
-- CHECK:         arith.cmpf olt, %{{.*}}, %{{.*}} : f64
-- CHECK:         arith.cmpf ole, %{{.*}}, %{{.*}} : f64
-- CHECK:         arith.cmpf ogt, %{{.*}}, %{{.*}} : f64
-- CHECK:         arith.cmpf oge, %{{.*}}, %{{.*}} : f64
-- CHECK:         arith.cmpf oeq, %{{.*}}, %{{.*}} : f64
-- CHECK:         arith.cmpf one, %{{.*}}, %{{.*}} : f64
-- CHECK:         arith.sitofp %{{.*}} : i64 to f64
-- CHECK-NEXT:    arith.cmpf olt, %{{.*}}, %{{.*}} : f64
-- CHECK:         arith.cmpi eq, %{{.*}}, %{{.*}} : i1
-- CHECK:         arith.cmpi ne, %{{.*}}, %{{.*}} : i1

-- Logical operators.
-- CHECK:         arith.andi %{{.*}}, %{{.*}} : i1
-- CHECK:         arith.ori %{{.*}}, %{{.*}} : i1
-- CHECK:         %[[PV:.*]] = zpl.load %[[P]] : !zpl.ref<i1>
-- CHECK-NEXT:    %[[TRUE:.*]] = arith.constant true
-- CHECK-NEXT:    %[[NOT:.*]] = arith.xori %[[PV]], %[[TRUE]] : i1
-- CHECK-NEXT:    zpl.store %[[NOT]], %[[P]] : !zpl.ref<i1>

-- Unary minus and plus.
-- CHECK:         %[[NI:.*]] = zpl.load %[[I]] : !zpl.ref<i64>
-- CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : i64
-- CHECK-NEXT:    arith.subi %[[Z]], %[[NI]] : i64
-- CHECK:         arith.negf %{{.*}} : f64
-- CHECK:         %[[PX:.*]] = zpl.load %[[X]] : !zpl.ref<f64>
-- CHECK-NEXT:    zpl.store %[[PX]], %[[X]] : !zpl.ref<f64>

-- Built-ins.
-- CHECK:         math.absf %{{.*}} : f64
-- CHECK:         math.absi %{{.*}} : i64
-- CHECK:         math.sqrt %{{.*}} : f64
-- CHECK:         math.exp %{{.*}} : f64
-- CHECK:         math.log %{{.*}} : f64
-- CHECK:         math.sin %{{.*}} : f64
-- CHECK:         math.cos %{{.*}} : f64
-- CHECK:         math.tan %{{.*}} : f64
-- CHECK:         math.floor %{{.*}} : f64
-- CHECK:         math.ceil %{{.*}} : f64
-- CHECK:         math.sqrt %{{.*}} : f32
-- CHECK:         math.powf %{{.*}}, %{{.*}} : f64
-- CHECK:         arith.sitofp %{{.*}} : i64 to f64
-- CHECK:         arith.sitofp %{{.*}} : i64 to f64
-- CHECK-NEXT:    math.powf %{{.*}}, %{{.*}} : f64
-- CHECK:         arith.minimumf %{{.*}}, %{{.*}} : f64
-- CHECK:         arith.maximumf %{{.*}}, %{{.*}} : f64
-- CHECK:         arith.minsi %{{.*}}, %{{.*}} : i64
-- CHECK:         arith.maxsi %{{.*}}, %{{.*}} : i64
-- CHECK:         arith.sitofp %{{.*}} : i64 to f64
-- CHECK-NEXT:    arith.maximumf %{{.*}}, %{{.*}} : f64

-- Conversions: double(), integer(), float().
-- CHECK:         arith.sitofp %{{.*}} : i64 to f64
-- CHECK:         arith.extf %{{.*}} : f32 to f64
-- CHECK:         arith.fptosi %{{.*}} : f64 to i64
-- CHECK:         arith.truncf %{{.*}} : f64 to f32
-- CHECK:         arith.sitofp %{{.*}} : i64 to f32

-- Compound assignments.
-- CHECK:         %[[C1:.*]] = arith.constant 1 : i64
-- CHECK-NEXT:    %[[OLD:.*]] = zpl.load %[[I]] : !zpl.ref<i64>
-- CHECK-NEXT:    %[[NEW:.*]] = arith.addi %[[OLD]], %[[C1]] : i64
-- CHECK-NEXT:    zpl.store %[[NEW]], %[[I]] : !zpl.ref<i64>
-- CHECK:         arith.subi %{{.*}}, %{{.*}} : i64
-- CHECK:         arith.muli %{{.*}}, %{{.*}} : i64
-- CHECK:         arith.divsi %{{.*}}, %{{.*}} : i64
-- CHECK:         arith.sitofp %{{.*}} : i64 to f64
-- CHECK:         arith.addf %{{.*}}, %{{.*}} : f64
-- CHECK:         arith.divf %{{.*}}, %{{.*}} : f64

-- Global scalars: zpl.get / zpl.set.
-- CHECK:         %[[G:.*]] = zpl.get @gi : i64
-- CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : i64
-- CHECK-NEXT:    %[[G1:.*]] = arith.addi %[[G]], %[[ONE]] : i64
-- CHECK-NEXT:    zpl.set @gi, %[[G1]] : i64
-- CHECK-NEXT:    return
