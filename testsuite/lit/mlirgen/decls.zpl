-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- Global declarations, in declaration order.

program decls;

config var n       : integer = 10;
config var h       : double  = 1.0 / n;
config var verbose : boolean = false;
constant   k       : integer = 3;
constant   half    : float   = 0.5;
var        g       : double;
var        start   : integer = 7;
region     R       = [1..n, 1..n];
region     Line    = [1..n];
region     Cube    = [0..k, 0..k, 1..2];
region     Edge    = [[0, 1] of R];
direction  east    = [0, 1];
var        A, B    : [R] double;
var        I       : [1..n] integer;
var        F       : [Cube] float;
var        M       : [Edge] boolean;

procedure decls();
begin
end;

-- CHECK:      module attributes {zpl.entry = @decls} {

-- CHECK-NEXT:   zpl.config @n : i64 init {
-- CHECK-NEXT:     %[[C10:.*]] = arith.constant 10 : i64
-- CHECK-NEXT:     zpl.yield %[[C10]] : i64
-- CHECK-NEXT:   }

-- A config var initializer may read earlier config vars.
-- CHECK-NEXT:   zpl.config @h : f64 init {
-- CHECK-NEXT:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
-- CHECK-NEXT:     %[[N:.*]] = zpl.get @n : i64
-- CHECK-NEXT:     %[[NF:.*]] = arith.sitofp %[[N]] : i64 to f64
-- CHECK-NEXT:     %[[H:.*]] = arith.divf %[[ONE]], %[[NF]] : f64
-- CHECK-NEXT:     zpl.yield %[[H]] : f64
-- CHECK-NEXT:   }

-- CHECK-NEXT:   zpl.config @verbose : i1 init {
-- CHECK-NEXT:     %[[F:.*]] = arith.constant false
-- CHECK-NEXT:     zpl.yield %[[F]] : i1
-- CHECK-NEXT:   }

-- CHECK-NEXT:   zpl.global @k : i64 constant init {
-- CHECK-NEXT:     %[[C3:.*]] = arith.constant 3 : i64
-- CHECK-NEXT:     zpl.yield %[[C3]] : i64
-- CHECK-NEXT:   }

-- CHECK-NEXT:   zpl.global @half : f32 constant init {
-- CHECK-NEXT:     %[[HD:.*]] = arith.constant 5.000000e-01 : f64
-- CHECK-NEXT:     %[[HF:.*]] = arith.truncf %[[HD]] : f64 to f32
-- CHECK-NEXT:     zpl.yield %[[HF]] : f32
-- CHECK-NEXT:   }

-- CHECK-NEXT:   zpl.global @g : f64{{$}}
-- CHECK-NEXT:   zpl.global @start : i64 init {
-- CHECK-NEXT:     %[[C7:.*]] = arith.constant 7 : i64
-- CHECK-NEXT:     zpl.yield %[[C7]] : i64
-- CHECK-NEXT:   }

-- CHECK-NEXT:   zpl.region_decl @R : !zpl.region<2> init {
-- CHECK-NEXT:     %[[L0:.*]] = arith.constant 1 : i64
-- CHECK-NEXT:     %[[H0:.*]] = zpl.get @n : i64
-- CHECK-NEXT:     %[[L1:.*]] = arith.constant 1 : i64
-- CHECK-NEXT:     %[[H1:.*]] = zpl.get @n : i64
-- CHECK-NEXT:     %[[RR:.*]] = zpl.make_region [%[[L0]] : %[[H0]], %[[L1]] : %[[H1]]] : !zpl.region<2>
-- CHECK-NEXT:     zpl.yield %[[RR]] : !zpl.region<2>
-- CHECK-NEXT:   }

-- CHECK-NEXT:   zpl.region_decl @Line : !zpl.region<1> init {
-- CHECK:          zpl.make_region [%{{.*}} : %{{.*}}] : !zpl.region<1>

-- CHECK:        zpl.region_decl @Cube : !zpl.region<3> init {
-- CHECK:          %[[K:.*]] = zpl.get @k : i64
-- CHECK:          zpl.make_region [%{{.*}} : %[[K]], %{{.*}} : %{{.*}}, %{{.*}} : %{{.*}}] : !zpl.region<3>

-- A region declared by deriving another one.
-- CHECK:        zpl.region_decl @Edge : !zpl.region<2> init {
-- CHECK-NEXT:     %[[BASE:.*]] = zpl.get @R : !zpl.region<2>
-- CHECK-NEXT:     %[[EDGE:.*]] = zpl.derive of %[[BASE]] [0, 1] : !zpl.region<2>
-- CHECK-NEXT:     zpl.yield %[[EDGE]] : !zpl.region<2>
-- CHECK-NEXT:   }

-- Directions are folded into their uses: no op.
-- CHECK-NOT:    east

-- One zpl.array_decl per array.
-- CHECK-NEXT:   zpl.array_decl @A : !zpl.array<2 x f64> init {
-- CHECK-NEXT:     %[[RA:.*]] = zpl.get @R : !zpl.region<2>
-- CHECK-NEXT:     zpl.yield %[[RA]] : !zpl.region<2>
-- CHECK-NEXT:   }
-- CHECK-NEXT:   zpl.array_decl @B : !zpl.array<2 x f64> init {
-- CHECK-NEXT:     %[[RB:.*]] = zpl.get @R : !zpl.region<2>
-- CHECK-NEXT:     zpl.yield %[[RB]] : !zpl.region<2>
-- CHECK-NEXT:   }

-- An array over a literal region builds it in its init body.
-- CHECK-NEXT:   zpl.array_decl @I : !zpl.array<1 x i64> init {
-- CHECK-NEXT:     %[[ILO:.*]] = arith.constant 1 : i64
-- CHECK-NEXT:     %[[IHI:.*]] = zpl.get @n : i64
-- CHECK-NEXT:     %[[IR:.*]] = zpl.make_region [%[[ILO]] : %[[IHI]]] : !zpl.region<1>
-- CHECK-NEXT:     zpl.yield %[[IR]] : !zpl.region<1>
-- CHECK-NEXT:   }
-- CHECK-NEXT:   zpl.array_decl @F : !zpl.array<3 x f32> init {
-- CHECK-NEXT:     %[[RC:.*]] = zpl.get @Cube : !zpl.region<3>
-- CHECK-NEXT:     zpl.yield %[[RC]] : !zpl.region<3>
-- CHECK-NEXT:   }
-- CHECK-NEXT:   zpl.array_decl @M : !zpl.array<2 x i1> init {
-- CHECK-NEXT:     %[[RE:.*]] = zpl.get @Edge : !zpl.region<2>
-- CHECK-NEXT:     zpl.yield %[[RE]] : !zpl.region<2>
-- CHECK-NEXT:   }

-- CHECK-NEXT:   func.func @decls() {
-- CHECK-NEXT:     return
-- CHECK-NEXT:   }
-- CHECK-NEXT: }
