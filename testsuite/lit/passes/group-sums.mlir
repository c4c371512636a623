// RUN: %zpl-opt %s --split-input-file --zpl-group-sums | FileCheck %s

// zpl-group-sums (GroupSums.cpp): a sum whose leaves at one inner offset
// are the same expression, up to the inner offset, as leaves at another
// offset is rebuilt as the groups' partial sums, each in one canonical
// order (added leaves first, then by spelling), in the order of their
// first leaf.

// Six reads of a 2-D array in three columns, the two rows summed in each:
// a partial sum per column, all three the same expression shifted.
// CHECK-LABEL: func.func @columns
// CHECK:         zpl.assign
// CHECK-DAG:       %[[A1:.*]] = zpl.read %{{.*}} [-1, -1]
// CHECK-DAG:       %[[B1:.*]] = zpl.read %{{.*}} [1, -1]
// CHECK-DAG:       %[[A0:.*]] = zpl.read %{{.*}} [-1, 0]
// CHECK-DAG:       %[[B0:.*]] = zpl.read %{{.*}} [1, 0]
// CHECK-DAG:       %[[A2:.*]] = zpl.read %{{.*}} [-1, 1]
// CHECK-DAG:       %[[B2:.*]] = zpl.read %{{.*}} [1, 1]
// CHECK:           %[[P1:.*]] = arith.addf %[[A1]], %[[B1]]
// CHECK:           %[[P0:.*]] = arith.addf %[[A0]], %[[B0]]
// CHECK:           %[[P2:.*]] = arith.addf %[[A2]], %[[B2]]
// CHECK:           %[[S:.*]] = arith.addf %[[P1]], %[[P0]]
// CHECK:           %[[T:.*]] = arith.addf %[[S]], %[[P2]]
// CHECK:           zpl.yield %[[T]]
func.func @columns(%A: !zpl.array<2 x f64>, %D: !zpl.array<2 x f64>) {
  %c1 = arith.constant 1 : i64
  %c8 = arith.constant 8 : i64
  %dense = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
  %R = zpl.derive by %dense [1, 2] : !zpl.region<2>
  zpl.assign %D over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %a1 = zpl.read %A [-1, -1] : !zpl.array<2 x f64>
    %a0 = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %s1 = arith.addf %a1, %a0 : f64
    %a2 = zpl.read %A [-1, 1] : !zpl.array<2 x f64>
    %s2 = arith.addf %s1, %a2 : f64
    %b1 = zpl.read %A [1, -1] : !zpl.array<2 x f64>
    %s3 = arith.addf %s2, %b1 : f64
    %b0 = zpl.read %A [1, 0] : !zpl.array<2 x f64>
    %s4 = arith.addf %s3, %b0 : f64
    %b2 = zpl.read %A [1, 1] : !zpl.array<2 x f64>
    %s5 = arith.addf %s4, %b2 : f64
    zpl.yield %s5 : f64
  }
  return
}

// -----

// Signs and coefficients: c * A@[-1, o] - c * A@[1, o] + A@[0, o] at
// o = -1 and 1 of one sum (the inner sum under `+` is part of it): the
// added leaves first, products before reads in spelling order, then the
// subtracted one. The difference under the product 2.0 * (...) is a sum of
// its own, which shares nothing and keeps its order, and a term of the
// outer sum after the two groups.
// CHECK-LABEL: func.func @differences
// CHECK-DAG:       %[[CU1:.*]] = arith.mulf %[[C:.*]], %[[U1:.*]] :
// CHECK-DAG:       %[[CT1:.*]] = arith.mulf %[[C]], %[[T1:.*]] :
// CHECK-DAG:       %[[CU3:.*]] = arith.mulf %[[C]], %[[U3:.*]] :
// CHECK-DAG:       %[[CT3:.*]] = arith.mulf %[[C]], %[[T3:.*]] :
// CHECK:           %[[MID:.*]] = arith.subf %[[CT0:.*]], %[[CU0:.*]] :
// CHECK:           %[[M2:.*]] = arith.mulf %{{.*}}, %[[MID]]
// CHECK:           %[[P:.*]] = zpl.read %{{.*}} [0, -1]
// CHECK:           %[[Q:.*]] = zpl.read %{{.*}} [0, 1]
// CHECK:           %[[G1A:.*]] = arith.addf %[[CT1]], %[[P]]
// CHECK:           %[[G1:.*]] = arith.subf %[[G1A]], %[[CU1]]
// CHECK:           %[[G3A:.*]] = arith.addf %[[CT3]], %[[Q]]
// CHECK:           %[[G3:.*]] = arith.subf %[[G3A]], %[[CU3]]
// CHECK:           %[[S:.*]] = arith.addf %[[G1]], %[[G3]]
// CHECK:           %[[T:.*]] = arith.addf %[[S]], %[[M2]]
// CHECK:           zpl.yield %[[T]]
func.func @differences(%A: !zpl.array<2 x f64>, %D: !zpl.array<2 x f64>, %c: f64) {
  %c1 = arith.constant 1 : i64
  %c8 = arith.constant 8 : i64
  %dense = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
  %R = zpl.derive by %dense [1, 2] : !zpl.region<2>
  zpl.assign %D over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %u1 = zpl.read %A [1, -1] : !zpl.array<2 x f64>
    %t1 = zpl.read %A [-1, -1] : !zpl.array<2 x f64>
    %cu1 = arith.mulf %c, %u1 : f64
    %ct1 = arith.mulf %c, %t1 : f64
    %d1 = arith.subf %ct1, %cu1 : f64
    %u3 = zpl.read %A [1, 1] : !zpl.array<2 x f64>
    %t3 = zpl.read %A [-1, 1] : !zpl.array<2 x f64>
    %cu3 = arith.mulf %c, %u3 : f64
    %ct3 = arith.mulf %c, %t3 : f64
    %e1 = arith.subf %d1, %cu3 : f64
    %e2 = arith.addf %e1, %ct3 : f64
    %u0 = zpl.read %A [1, 0] : !zpl.array<2 x f64>
    %t0 = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %cu0 = arith.mulf %c, %u0 : f64
    %ct0 = arith.mulf %c, %t0 : f64
    %mid = arith.subf %ct0, %cu0 : f64
    %two = arith.constant 2.0 : f64
    %m2 = arith.mulf %two, %mid : f64
    %p = zpl.read %A [0, -1] : !zpl.array<2 x f64>
    %q = zpl.read %A [0, 1] : !zpl.array<2 x f64>
    %pq = arith.addf %p, %q : f64
    %pqm = arith.addf %pq, %m2 : f64
    %all = arith.addf %e2, %pqm : f64
    zpl.yield %all : f64
  }
  return
}

// -----

// A masked statement, a sum with fast-math flags and a statement over a
// region of step 1 in the innermost dimension are left alone.
// CHECK-LABEL: func.func @untouched
// CHECK:           %[[A1:.*]] = zpl.read %{{.*}} [-1, -1]
// CHECK:           %[[B1:.*]] = zpl.read %{{.*}} [1, -1]
// CHECK:           %[[A0:.*]] = zpl.read %{{.*}} [-1, 0]
// CHECK:           %[[B0:.*]] = zpl.read %{{.*}} [1, 0]
// CHECK:           %[[S1:.*]] = arith.addf %[[A1]], %[[B1]]
// CHECK:           %[[S2:.*]] = arith.addf %[[S1]], %[[A0]]
// CHECK:           arith.addf %[[S2]], %[[B0]]
// CHECK:           %[[E1:.*]] = zpl.read %{{.*}} [-1, -1]
// CHECK:           %[[E0:.*]] = zpl.read %{{.*}} [-1, 0]
// CHECK:           arith.addf %[[E1]], %[[E0]] :
// CHECK:           fastmath<reassoc>
// CHECK:           %[[G1:.*]] = zpl.read %{{.*}} [-1, -1]
// CHECK:           %[[G0:.*]] = zpl.read %{{.*}} [-1, 0]
// CHECK:           arith.addf %[[G1]], %[[G0]] :
func.func @untouched(%A: !zpl.array<2 x f64>, %D: !zpl.array<2 x f64>, %M: !zpl.array<2 x i1>) {
  %c1 = arith.constant 1 : i64
  %c8 = arith.constant 8 : i64
  %dense = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
  %R = zpl.derive by %dense [1, 2] : !zpl.region<2>
  zpl.assign %D over %R mask %M : !zpl.array<2 x i1> : !zpl.array<2 x f64>, !zpl.region<2> {
    %a1 = zpl.read %A [-1, -1] : !zpl.array<2 x f64>
    %b1 = zpl.read %A [1, -1] : !zpl.array<2 x f64>
    %a0 = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %b0 = zpl.read %A [1, 0] : !zpl.array<2 x f64>
    %s1 = arith.addf %a1, %b1 : f64
    %s2 = arith.addf %s1, %a0 : f64
    %s3 = arith.addf %s2, %b0 : f64
    zpl.yield %s3 : f64
  }
  zpl.assign %D over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %a1 = zpl.read %A [-1, -1] : !zpl.array<2 x f64>
    %a0 = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %b1 = zpl.read %A [1, -1] : !zpl.array<2 x f64>
    %b0 = zpl.read %A [1, 0] : !zpl.array<2 x f64>
    %s1 = arith.addf %a1, %a0 : f64
    %s2 = arith.addf %s1, %b1 fastmath<reassoc> : f64
    %s3 = arith.addf %s2, %b0 : f64
    zpl.yield %s3 : f64
  }
  zpl.assign %D over %dense : !zpl.array<2 x f64>, !zpl.region<2> {
    %a1 = zpl.read %A [-1, -1] : !zpl.array<2 x f64>
    %a0 = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %b1 = zpl.read %A [1, -1] : !zpl.array<2 x f64>
    %b0 = zpl.read %A [1, 0] : !zpl.array<2 x f64>
    %s1 = arith.addf %a1, %a0 : f64
    %s2 = arith.addf %s1, %b1 : f64
    %s3 = arith.addf %s2, %b0 : f64
    zpl.yield %s3 : f64
  }
  return
}
