-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- Region scopes: named, literal, derived (of/in/at), around loops and blocks.

program regions;

config var n : integer = 8;
region R = [1..n, 1..n];
direction east = [0, 1]; south = [1, 0];
var A : [0..n+1, 0..n+1] double;

procedure regions();
var i : integer;
begin
  [east of R] A := 1.0;
  [south in R] A := 2.0;
  [R at east] A := 3.0;
  [[-1, 0] of R] A := 4.0;
  [2..3, 5] A := 5.0;
  for i := 1 to n do
    [i, 1..n] A := 6.0;
  end;
  [R] begin
        A := 7.0;
        [east of R] A := 8.0;
        A := 9.0;
      end;
  [R] for i := 1 to 2 do
        A := 10.0;
      end;
end;

-- CHECK-LABEL: func.func @regions() {
-- CHECK-DAG:     %[[R:.*]] = zpl.get @R : !zpl.region<2>
-- CHECK-DAG:     %[[A:.*]] = zpl.get @A : !zpl.array<2 x f64>

-- CHECK:         %[[OF:.*]] = zpl.derive of %[[R]] [0, 1] : !zpl.region<2>
-- CHECK:         zpl.assign %[[A]] over %[[OF]] : !zpl.array<2 x f64>, !zpl.region<2>
-- CHECK:         %[[IN:.*]] = zpl.derive in %[[R]] [1, 0] : !zpl.region<2>
-- CHECK:         zpl.assign %[[A]] over %[[IN]]
-- CHECK:         %[[AT:.*]] = zpl.derive at %[[R]] [0, 1] : !zpl.region<2>
-- CHECK:         zpl.assign %[[A]] over %[[AT]]
-- A literal direction.
-- CHECK:         %[[NO:.*]] = zpl.derive of %[[R]] [-1, 0] : !zpl.region<2>
-- CHECK:         zpl.assign %[[A]] over %[[NO]]

-- A literal region with a single index in one dimension.
-- CHECK:         %[[L2:.*]] = arith.constant 2 : i64
-- CHECK-NEXT:    %[[H3:.*]] = arith.constant 3 : i64
-- CHECK-NEXT:    %[[C5:.*]] = arith.constant 5 : i64
-- CHECK-NEXT:    %[[LIT:.*]] = zpl.make_region [%[[L2]] : %[[H3]], %[[C5]] : %[[C5]]] : !zpl.region<2>
-- CHECK:         zpl.assign %[[A]] over %[[LIT]]

-- A region that depends on the loop variable is built in the loop.
-- CHECK:         scf.for
-- CHECK:           %[[IV:.*]] = zpl.load %{{.*}} : !zpl.ref<i64>
-- CHECK:           %[[ROW:.*]] = zpl.make_region [%[[IV]] : %[[IV]], %{{.*}} : %{{.*}}] : !zpl.region<2>
-- CHECK:           zpl.assign %[[A]] over %[[ROW]]
-- CHECK:         }

-- A scoped block: every statement uses the scope; an inner scope replaces it.
-- CHECK:         zpl.assign %[[A]] over %[[R]]
-- CHECK:         %[[INNER:.*]] = zpl.derive of %[[R]] [0, 1] : !zpl.region<2>
-- CHECK:         zpl.assign %[[A]] over %[[INNER]]
-- CHECK:         zpl.assign %[[A]] over %[[R]]

-- A scope around a loop applies to the statements inside.
-- CHECK:         scf.for
-- CHECK:           zpl.assign %[[A]] over %[[R]]
-- CHECK-NEXT:        zpl.yield
-- CHECK-NEXT:      }
-- CHECK-NEXT:    }
-- CHECK-NEXT:    return
