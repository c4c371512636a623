-- RUN: %zplc --emit=zpl -O0 %s | %zpl-opt --zpl-check-lattices | FileCheck %s
-- RUN: %zplc --emit=c %s | FileCheck %s --check-prefix=CSRC
-- zpl-check-lattices (CheckLattices.cpp): every access of a rank-only
-- array parameter, or of the copy `@^` makes of one, is checked at run
-- time against the array's lattice, at the offset and over the region
-- of the access; arrays whose region the compiler knows are not.
program checklattices;
region R = [1..8];
region S = [R by [2]];
var G : [S] integer;
var H : [R] integer;

-- CHECK-LABEL: func.func @reads(
-- CHECK-SAME:    %[[A:[a-z0-9]+]]: !zpl.array<1 x i64>, %[[B:[a-z0-9]+]]: !zpl.array<1 x i64>
-- CHECK:         %[[S:.*]] = zpl.get @S
-- CHECK:         %[[R:.*]] = zpl.get @R
-- CHECK-DAG:     zpl.check_lattice %[[A]] over %[[S]] [2]
-- CHECK-DAG:     zpl.check_lattice %[[B]] over %[[S]] [0]
-- CHECK-NOT:     zpl.check_lattice
-- CHECK:         zpl.assign
-- CHECK:         zpl.check_lattice %[[A]] over %[[R]] [0]
-- CHECK-NEXT:    zpl.write_array %[[A]] over %[[R]]
procedure reads(A, B : [] integer);
begin
  [S] H := A@[2] + B;
  [R] writeln(A);
end;

-- The copy `@^` reads is checked as the parameter it copies: at the
-- statement's shift, and at the wrap's band.
-- CHECK-LABEL: func.func @wraps(
-- CHECK-SAME:    %[[A:[a-z0-9]+]]: !zpl.array<1 x i64>
-- CHECK:         zpl.check_lattice %[[A]] over %{{.*}} [2]
-- CHECK-NEXT:    zpl.boundary wrap
-- CHECK:         zpl.check_lattice %[[A]] over %{{.*}} [2]
-- CHECK:         zpl.assign %{{.*}} over %{{.*}} :
-- CHECK-NEXT:      zpl.read %{{.*}} [2]
procedure wraps(A : [] integer);
begin
  [S] H := A@^[2];
end;

-- CHECK-LABEL: func.func @globals(
-- CHECK-NOT:     zpl.check_lattice
-- CHECK:         return
procedure globals();
begin
  [S] G := G@^[2] + H@[1];
  [S] writeln(G);
end;

procedure checklattices();
begin
  reads(G, H);
  wraps(G);
  globals();
end;

-- CSRC-LABEL: void zp_reads(
-- CSRC:         zrt_array_check_lattice({{.*}}, 2, 0, 0, "{{.*}}check-lattices.zpl:25:{{[0-9]+}}");
