-- RUN: %zplc --emit=c %s | FileCheck %s
-- The run-time shifts of one array in a statement's prologue lower to one
-- call for their wraps, then one for their halos, each with C arrays of
-- the directions (three per shift) and of the source positions; an array
-- shifted once keeps its own call (zrt_shift). A statement reading its
-- destination by run-time shifts asks the runtime whether they miss what
-- it writes: then it writes in place, else in the destination's spare,
-- copied back.
program groups;
region R = [1..8, 1..8];
region Odd = [[1..7, 1..8] by [2, 1]];
var A, B, C : [R] double;

procedure smooth(X, Y, Z : [,] double; s : integer);
var t : integer;
begin
  t := 2 * s;
  Y := X@^[0, -s] + X@^[s, 0] + X@^[0, t] + Z@[0, s];
end;

procedure fill(Y : [,] double; s : integer);
begin
  Y := Y@[-s, 0] + Y@[s, 0];
end;

procedure groups();
begin
  [R] A := Index1 + Index2;
  [R] C := Index1;
  [R] smooth(A, B, C, 1);
  [Odd at [1, 0]] fill(B, 1);
  [R] writeln(B);
end;

-- CHECK-LABEL: void zp_smooth({{.*}}) {
-- CHECK:       int64_t [[DW:v[0-9]+]][9];
-- CHECK:       const char * [[PW:v[0-9]+]][3];
-- CHECK:       zrt_shift_wraps({{.*}}, 3, [[DW]], [[PW]]);
-- CHECK:       int64_t [[DH:v[0-9]+]][9];
-- CHECK:       const char * [[PH:v[0-9]+]][3];
-- CHECK:       zrt_shift_halos({{.*}}, 3, [[DH]], [[PH]]);
-- CHECK:       zrt_shift({{.*}}"{{.*}}run-time-shift-groups.zpl:18:46");
-- CHECK-NOT:   zrt_shift
-- CHECK:       }

-- CHECK-LABEL: void zp_fill({{.*}}) {
-- CHECK:       zrt_shift_halos({{.*}}, 2,
-- CHECK:       [[M1:v[0-9]+]] = zrt_shift_misses_writes(
-- CHECK:       [[M2:v[0-9]+]] = zrt_shift_misses_writes(
-- CHECK:       [[BOTH:v[0-9]+]] = [[M1]] && [[M2]];
-- CHECK:       zrt_array_spare_if({{.*}}, ![[BOTH]]);
-- CHECK:       if (![[BOTH]]) {
