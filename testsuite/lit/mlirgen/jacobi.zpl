-- RUN: %zplc -O0 --emit=zpl %s | FileCheck %s
-- RUN: %zplc -O0 --emit=zpl %examples/jacobi.zpl | FileCheck %s
-- (-O0: what MLIRGen produces; -O1 and up wrap runs of statements in
-- zpl.fused, see lit/passes/fuse-statements.mlir.)
-- The classic Jacobi program: this copy and examples/jacobi.zpl.

program jacobi;

config var n     : integer = 64;
config var maxit : integer = 100000;
constant  eps    : double  = 1e-6;

region    R    = [1..n, 1..n];
region    BigR = [0..n+1, 0..n+1];

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];

var A, Temp : [BigR] double;
var err     : double;
var total   : double;

procedure jacobi();
var it : integer;
begin
  [BigR] A := 0.0;
  [south of R] A := 1.0;
  it := 0;
  [R] repeat
        Temp := (A@north + A@east + A@south + A@west) / 4.0;
        err  := max<< abs(Temp - A);
        A    := Temp;
        it   += 1;
      until err < eps | it >= maxit;
  writeln("iterations: ", it, " err: ", err:"%.3e");
  [R] total := +<< A;
  writeln("sum: ", total:"%.6f");
end;

-- CHECK:      module attributes {zpl.entry = @jacobi} {
-- CHECK-NEXT:   zpl.config @n : i64 init {
-- CHECK-NEXT:     %[[C64:.*]] = arith.constant 64 : i64
-- CHECK-NEXT:     zpl.yield %[[C64]] : i64
-- CHECK:        zpl.config @maxit : i64 init {
-- CHECK:        zpl.global @eps : f64 constant init {
-- CHECK-NEXT:     %[[EPS:.*]] = arith.constant 9.99{{[0-9]*}}E-7 : f64
-- CHECK-NEXT:     zpl.yield %[[EPS]] : f64

-- CHECK:        zpl.region_decl @R : !zpl.region<2> init {
-- CHECK:          zpl.make_region [{{.*}}] : !zpl.region<2>
-- CHECK:        zpl.region_decl @BigR : !zpl.region<2> init {
-- CHECK:          %[[N:.*]] = zpl.get @n : i64
-- CHECK:          %[[HI:.*]] = arith.addi %[[N]], %{{.*}} : i64
-- CHECK:          zpl.make_region [%{{.*}} : %[[HI]], %{{.*}} : %{{.*}}] : !zpl.region<2>
-- CHECK-NOT:    direction
-- CHECK:        zpl.array_decl @A : !zpl.array<2 x f64> init {
-- CHECK-NEXT:     %[[BR:.*]] = zpl.get @BigR : !zpl.region<2>
-- CHECK-NEXT:     zpl.yield %[[BR]] : !zpl.region<2>
-- CHECK:        zpl.array_decl @Temp : !zpl.array<2 x f64> init {
-- CHECK:        zpl.global @err : f64{{$}}
-- CHECK:        zpl.global @total : f64{{$}}

-- CHECK-LABEL:  func.func @jacobi() {
-- CHECK-DAG:      %[[BIGR:.*]] = zpl.get @BigR : !zpl.region<2>
-- CHECK-DAG:      %[[A:.*]] = zpl.get @A : !zpl.array<2 x f64>
-- CHECK-DAG:      %[[R:.*]] = zpl.get @R : !zpl.region<2>
-- CHECK-DAG:      %[[TEMP:.*]] = zpl.get @Temp : !zpl.array<2 x f64>
-- CHECK-DAG:      %[[IT:.*]] = zpl.alloca "it" : !zpl.ref<i64>

-- [BigR] A := 0.0;
-- CHECK:          %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
-- CHECK-NEXT:     zpl.assign %[[A]] over %[[BIGR]] : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK-NEXT:       zpl.yield %[[ZERO]] : f64
-- CHECK-NEXT:     }

-- [south of R] A := 1.0;
-- CHECK:          %[[SOUTH:.*]] = zpl.derive of %[[R]] [1, 0] : !zpl.region<2>
-- CHECK:          zpl.assign %[[A]] over %[[SOUTH]]

-- it := 0;
-- CHECK:          zpl.store %{{.*}}, %[[IT]] : !zpl.ref<i64>

-- The repeat loop: the body and the until-condition in the `before` region.
-- CHECK:          scf.while : () -> () {
-- CHECK:            %[[FOUR:.*]] = arith.constant 4.000000e+00 : f64
-- CHECK-NEXT:       zpl.assign %[[TEMP]] over %[[R]] : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK-NEXT:         %[[NO:.*]] = zpl.read %[[A]] [-1, 0] : !zpl.array<2 x f64>
-- CHECK-NEXT:         %[[EA:.*]] = zpl.read %[[A]] [0, 1] : !zpl.array<2 x f64>
-- CHECK-NEXT:         %[[S1:.*]] = arith.addf %[[NO]], %[[EA]] : f64
-- CHECK-NEXT:         %[[SO:.*]] = zpl.read %[[A]] [1, 0] : !zpl.array<2 x f64>
-- CHECK-NEXT:         %[[S2:.*]] = arith.addf %[[S1]], %[[SO]] : f64
-- CHECK-NEXT:         %[[WE:.*]] = zpl.read %[[A]] [0, -1] : !zpl.array<2 x f64>
-- CHECK-NEXT:         %[[S3:.*]] = arith.addf %[[S2]], %[[WE]] : f64
-- CHECK-NEXT:         %[[Q:.*]] = arith.divf %[[S3]], %[[FOUR]] : f64
-- CHECK-NEXT:         zpl.yield %[[Q]] : f64
-- CHECK-NEXT:       }
-- CHECK-NEXT:       %[[M:.*]] = zpl.reduce max over %[[R]] : !zpl.region<2> -> f64 {
-- CHECK-NEXT:         %[[T:.*]] = zpl.read %[[TEMP]] [0, 0] : !zpl.array<2 x f64>
-- CHECK-NEXT:         %[[AV:.*]] = zpl.read %[[A]] [0, 0] : !zpl.array<2 x f64>
-- CHECK-NEXT:         %[[D:.*]] = arith.subf %[[T]], %[[AV]] : f64
-- CHECK-NEXT:         %[[ABS:.*]] = math.absf %[[D]] : f64
-- CHECK-NEXT:         zpl.yield %[[ABS]] : f64
-- CHECK-NEXT:       }
-- CHECK-NEXT:       zpl.set @err, %[[M]] : f64
-- CHECK-NEXT:       zpl.assign %[[A]] over %[[R]] : !zpl.array<2 x f64>, !zpl.region<2> {
-- CHECK-NEXT:         %[[TV:.*]] = zpl.read %[[TEMP]] [0, 0] : !zpl.array<2 x f64>
-- CHECK-NEXT:         zpl.yield %[[TV]] : f64
-- CHECK-NEXT:       }
-- CHECK:            %[[OLD:.*]] = zpl.load %[[IT]] : !zpl.ref<i64>
-- CHECK-NEXT:       %[[NEW:.*]] = arith.addi %[[OLD]], %{{.*}} : i64
-- CHECK-NEXT:       zpl.store %[[NEW]], %[[IT]] : !zpl.ref<i64>
-- CHECK-NEXT:       %[[ERR:.*]] = zpl.get @err : f64
-- CHECK-NEXT:       %[[E:.*]] = zpl.get @eps : f64
-- CHECK-NEXT:       %[[C1:.*]] = arith.cmpf olt, %[[ERR]], %[[E]] : f64
-- CHECK:            %[[C2:.*]] = arith.cmpi sge, %{{.*}}, %{{.*}} : i64
-- CHECK-NEXT:       %[[UNTIL:.*]] = arith.ori %[[C1]], %[[C2]] : i1
-- CHECK-NEXT:       %[[TRUE:.*]] = arith.constant true
-- CHECK-NEXT:       %[[AGAIN:.*]] = arith.xori %[[UNTIL]], %[[TRUE]] : i1
-- CHECK-NEXT:       scf.condition(%[[AGAIN]])
-- CHECK-NEXT:     } do {
-- CHECK-NEXT:       scf.yield
-- CHECK-NEXT:     }

-- CHECK-NEXT:     zpl.write_str "iterations: "
-- CHECK-NEXT:     %[[ITV:.*]] = zpl.load %[[IT]] : !zpl.ref<i64>
-- CHECK-NEXT:     zpl.write %[[ITV]] : i64
-- CHECK-NEXT:     zpl.write_str " err: "
-- CHECK-NEXT:     %[[ERRV:.*]] = zpl.get @err : f64
-- CHECK-NEXT:     zpl.write %[[ERRV]] {format = "%.3e"} : f64
-- CHECK-NEXT:     zpl.writeln
-- CHECK-NEXT:     %[[SUM:.*]] = zpl.reduce add over %[[R]] : !zpl.region<2> -> f64 {
-- CHECK-NEXT:       %[[X:.*]] = zpl.read %[[A]] [0, 0] : !zpl.array<2 x f64>
-- CHECK-NEXT:       zpl.yield %[[X]] : f64
-- CHECK-NEXT:     }
-- CHECK-NEXT:     zpl.set @total, %[[SUM]] : f64
-- CHECK-NEXT:     zpl.write_str "sum: "
-- CHECK-NEXT:     %[[TOT:.*]] = zpl.get @total : f64
-- CHECK-NEXT:     zpl.write %[[TOT]] {format = "%.6f"} : f64
-- CHECK-NEXT:     zpl.writeln
-- CHECK-NEXT:     return
-- CHECK-NEXT:   }
-- CHECK-NEXT: }
