-- RUN: %zplc --emit=c %s > %t.c
-- RUN: FileCheck %s < %t.c
-- RUN: cc -std=c11 -Wall -Werror -fsyntax-only -I%runtime_include %t.c
-- int32 through the whole pipeline to C (docs/language.md section 3):
-- int32_t variables and element pointers, the runtime's _i32 calls
-- (config var, array data, allreduce, write), arithmetic that wraps (as
-- uint32_t), and max<<'s identity INT32_MIN; the C compiles with -Wall
-- -Werror.

program ints;
config var c : int32 = 7;
region R = [1..8];
var A, B : [R] int32;
var j : int32;
procedure ints();
begin
  [R] A := B * c + A;
  j := max<< [R] A;
  writeln(j);
end;

-- CHECK:       int32_t zg_c = 0;
-- CHECK:       int32_t zg_j = 0;
-- CHECK:       int32_t {{v[0-9]+}} = zrt_config_i32("c", 7);
-- CHECK-LABEL: void zp_ints() {
-- CHECK:         int32_t [[C:v[0-9]+]] = zg_c;
-- CHECK:         int32_t* [[A:v[0-9]+]] = zrt_array_i32(
-- CHECK:         int32_t* [[B:v[0-9]+]] = zrt_array_i32(
-- CHECK:         = -2147483648;
-- CHECK:           int32_t [[X:v[0-9]+]] = {{v[0-9]+}}[{{j[0-9]+}}];
-- CHECK:           int32_t [[Y:v[0-9]+]] = {{v[0-9]+}}[{{j[0-9]+}}];
-- CHECK:           int32_t {{v[0-9]+}} = (int32_t) ((uint32_t) ((int32_t) ((uint32_t) [[X]] * (uint32_t) [[C]])) + (uint32_t) [[Y]]);
-- CHECK:         int32_t {{v[0-9]+}} = zrt_allreduce_i32(2, {{v[0-9]+}});
-- CHECK:         zrt_write_i32({{v[0-9]+}}, "");
