-- RUN: %zplc --emit=ironman %s | FileCheck %s
-- RUN: %zplc --emit=ironman -O0 %s | FileCheck %s --check-prefix=O0
-- RUN: %zplc --emit=c %s | FileCheck %s --check-prefix=CSRC
-- zpl-defer-combines (DeferCombines.cpp): an accumulating scatter into a
-- rank-1 integer array that nothing else in the loop touches is marked
-- deferred, and its destination settled once, after the outermost such
-- loop; any other use of the destination in a loop (a read, another
-- combiner, a call that reaches it) keeps the scatter as it is.
-- O0-NOT: deferred
-- O0-NOT: zpl.scatter_settle
program defercombines;
config var n : integer = 20;
region R = [1..n];
region B = [0..9];
region B2 = [0..3, 0..3];
var K : [R] integer;
var Q, P, Used, Mixed : [B] integer;
var F : [B] double;
var Q2 : [B2] integer;
var s, t, total : integer;

procedure readsUsed() : integer;
begin
  return +<< [B] Used;
end;

procedure scalarOnly(x : integer) : integer;
begin
  return x + 1;
end;

procedure defercombines();
begin
  [R] K := Index1 % 10;
  -- Deferred over both loops: settled after the outer one.
  -- CHECK-LABEL: func.func @defercombines
  -- CHECK:       scf.for
  -- CHECK:       scf.for
  -- CHECK:       zpl.scatter_combine add %[[Q:.*]] from %{{.*}} over %{{.*}}[%{{.*}}] {deferred}
  -- CHECK:       }
  -- CHECK-NEXT:  }
  -- CHECK-NEXT:  zpl.scatter_settle %[[Q]]
  for s := 1 to 3 do
    for t := 1 to 2 do
      [R] Q#[K] += 1;
      total := scalarOnly(t);
    end;
  end;
  -- P is read in the outer loop: deferred over the inner one only.
  -- CHECK:       scf.for
  -- CHECK:       scf.for
  -- CHECK:       zpl.scatter_combine add %[[P:.*]] from %{{.*}} over %{{.*}}[%{{.*}}] {deferred}
  -- CHECK:       }
  -- CHECK-NEXT:  zpl.scatter_settle %[[P]]
  -- CHECK:       zpl.reduce add
  for s := 1 to 3 do
    for t := 1 to 2 do
      [R] P#[K] += 2;
    end;
    total := +<< [B] P;
  end;
  -- A call that reads Used, a product and a sum into Mixed, reals, a
  -- rank-2 target, a scatter outside a loop: none deferred.
  -- CHECK:       zpl.scatter_combine add %{{[0-9]+}} from %{{.*}} over %{{.*}}[%{{.*}}] :
  -- CHECK:       call @readsUsed
  -- CHECK:       zpl.scatter_combine add %{{[0-9]+}} from %{{.*}} over %{{.*}}[%{{.*}}] :
  -- CHECK:       zpl.scatter_combine mul %{{[0-9]+}} from %{{.*}} over %{{.*}}[%{{.*}}] :
  -- CHECK:       zpl.scatter_combine add %{{[0-9]+}} from %{{.*}} over %{{.*}}[%{{.*}}] :
  -- CHECK:       zpl.scatter_combine add %{{[0-9]+}} from %{{.*}} over %{{.*}}[%{{.*}}, %{{.*}}] :
  -- CHECK-NOT:   zpl.scatter_settle
  -- CHECK:       zpl.scatter_combine add %{{[0-9]+}} from %{{.*}} over %{{.*}}[%{{.*}}] :
  -- CHECK-NOT:   zpl.scatter_settle
  -- CHECK:       return
  for s := 1 to 3 do
    [R] Used#[K] += 1;
    total := readsUsed();
  end;
  for s := 1 to 3 do
    [R] Mixed#[K] += 1;
    [R] Mixed#[K] *= 2;
  end;
  for s := 1 to 3 do
    [R] F#[K] += 0.5;
    [R] Q2#[K % 4, K / 4 % 4] += 1;
  end;
  [R] Q#[K] += 1;
  [B] writeln(Q, " ", P, " ", Used, " ", Mixed, " ", F);
end;
-- The C: the partial results, one loop adding to them, the scatter as
-- before when the runtime does not defer, the settle.
-- CSRC:     zrt_deferred* [[D:v[0-9]+]] = zrt_scatter_defer(
-- CSRC-NEXT:  if ([[D]] != NULL) {
-- CSRC:     zrt_deferred_add([[D]],
-- CSRC:     } else {
-- CSRC:     im_remap_combine_value(
-- CSRC:     zrt_scatter_settle(
