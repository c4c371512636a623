// The classic Jacobi program (examples/jacobi.zpl), written by hand in zpl + ironman (as
// storage inference and communication generation leave it), through the
// rest of the zplc pipeline (Pipeline.cpp, from zpl-lower-to-loops on) to C.
// (--zpl-to-emitc would run zpl-gen-comm again, which adds a second set of
// transfers for the reads these ones already cover.)
// The C must compile with -Wall -Werror against the runtime headers.
// Unfused on purpose: passes/lower-to-loops-fusion.mlir covers fusion.
// RUN: %zpl-opt %s --zpl-lower-to-loops --canonicalize --cse --zpl-legalize-for-emitc \
// RUN:   | mlir-opt --convert-scf-to-emitc --convert-arith-to-emitc --convert-func-to-emitc --form-expressions \
// RUN:   | mlir-translate --mlir-to-cpp > %t.c
// RUN: FileCheck %s < %t.c
// RUN: cc -std=c11 -Wall -Werror -fsyntax-only -I%runtime_include %t.c

module attributes {zpl.entry = @jacobi} {
  zpl.config @n : i64 init {
    %c = arith.constant 64 : i64
    zpl.yield %c : i64
  }
  zpl.global @eps : f64 constant init {
    %c = arith.constant 1.0e-06 : f64
    zpl.yield %c : f64
  }
  zpl.region_decl @R : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %n = zpl.get @n : i64
    %r = zpl.make_region [%c1 : %n, %c1 : %n] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.region_decl @BigR : !zpl.region<2> init {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %n = zpl.get @n : i64
    %hi = arith.addi %n, %c1 : i64
    %r = zpl.make_region [%c0 : %hi, %c0 : %hi] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @A : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 1, 1, 1>} init {
    %r = zpl.get @BigR : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @Temp : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 1, 1, 1>} init {
    %r = zpl.get @BigR : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.global @err : f64

  func.func @jacobi() {
    %BigR = zpl.get @BigR : !zpl.region<2>
    %A = zpl.get @A : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %Temp = zpl.get @Temp : !zpl.array<2 x f64>
    %it = zpl.alloca "it" : !zpl.ref<i64>
    // [BigR] A := 0.0;
    %zero = arith.constant 0.000000e+00 : f64
    zpl.assign %A over %BigR : !zpl.array<2 x f64>, !zpl.region<2> {
      zpl.yield %zero : f64
    }
    // [south of R] A := 1.0;
    %south = zpl.derive of %R [1, 0] : !zpl.region<2>
    %one = arith.constant 1.000000e+00 : f64
    zpl.assign %A over %south : !zpl.array<2 x f64>, !zpl.region<2> {
      zpl.yield %one : f64
    }
    %c0 = arith.constant 0 : i64
    zpl.store %c0, %it : !zpl.ref<i64>
    scf.while : () -> () {
      %tn = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 0 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
      %te = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 1 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
      %ts = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 2 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
      %tw = ironman.transfer %A -> %A over %R shift [0, -1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 3 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
      ironman.dr %tn
      ironman.dr %te
      ironman.dr %ts
      ironman.dr %tw
      ironman.sr %tn
      ironman.sr %te
      ironman.sr %ts
      ironman.sr %tw
      ironman.dn %tn
      ironman.dn %te
      ironman.dn %ts
      ironman.dn %tw
      %four = arith.constant 4.000000e+00 : f64
      zpl.assign %Temp over %R : !zpl.array<2 x f64>, !zpl.region<2> {
        %no = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
        %ea = zpl.read %A [0, 1] : !zpl.array<2 x f64>
        %s1 = arith.addf %no, %ea : f64
        %so = zpl.read %A [1, 0] : !zpl.array<2 x f64>
        %s2 = arith.addf %s1, %so : f64
        %we = zpl.read %A [0, -1] : !zpl.array<2 x f64>
        %s3 = arith.addf %s2, %we : f64
        %q = arith.divf %s3, %four : f64
        zpl.yield %q : f64
      }
      %m = zpl.reduce max over %R : !zpl.region<2> -> f64 {
        %t = zpl.read %Temp [0, 0] : !zpl.array<2 x f64>
        %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
        %d = arith.subf %t, %a : f64
        %abs = math.absf %d : f64
        zpl.yield %abs : f64
      }
      zpl.set @err, %m : f64
      ironman.sv %tn
      ironman.sv %te
      ironman.sv %ts
      ironman.sv %tw
      zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
        %tv = zpl.read %Temp [0, 0] : !zpl.array<2 x f64>
        zpl.yield %tv : f64
      }
      %old = zpl.load %it : !zpl.ref<i64>
      %c1 = arith.constant 1 : i64
      %new = arith.addi %old, %c1 : i64
      zpl.store %new, %it : !zpl.ref<i64>
      %err = zpl.get @err : f64
      %eps = zpl.get @eps : f64
      %done = arith.cmpf olt, %err, %eps : f64
      %true = arith.constant true
      %again = arith.xori %done, %true : i1
      scf.condition(%again)
    } do {
      scf.yield
    }
    zpl.write_str "iterations: "
    %itv = zpl.load %it : !zpl.ref<i64>
    zpl.write %itv : i64
    zpl.write_str " err: "
    %errv = zpl.get @err : f64
    zpl.write %errv {format = "%.3e"} : f64
    zpl.writeln
    return
  }
}

// CHECK:      #include "zplrt.h"
// CHECK-NEXT: #include "ironman.h"
// CHECK-NEXT: #include <string.h>
// CHECK-NEXT: im_transfer* zt_0 = NULL;
// CHECK-NEXT: im_transfer* zt_1 = NULL;
// CHECK-NEXT: im_transfer* zt_2 = NULL;
// CHECK-NEXT: im_transfer* zt_3 = NULL;
// CHECK-NEXT: int64_t zg_n = 0;
// CHECK-NEXT: double zg_eps = 0.0e+00;
// CHECK-NEXT: zrt_region zg_R;
// CHECK-NEXT: zrt_region zg_BigR;
// CHECK-NEXT: zrt_array* zg_A = NULL;
// CHECK-NEXT: zrt_array* zg_Temp = NULL;
// CHECK-NEXT: double zg_err = 0.0e+00;

// Prototypes, then zpl_main first: configs, one zrt_config_done, the
// scalars, the regions (checked and added to the implicit distribution
// before they are stored), the arrays, then the entry procedure.
// CHECK-NEXT: void zp_jacobi();
// CHECK-LABEL: void zpl_main() {
// CHECK:         int64_t [[N:v[0-9]+]] = zrt_config_i64("n", 64);
// CHECK-NEXT:    zg_n = [[N]];
// CHECK-NEXT:    zrt_config_done();
// CHECK-NEXT:    zg_eps = 9.99999999999999950e-07;
// CHECK:         zrt_region [[R:v[0-9]+]] = zrt_region_make(2, {{.*}});
// CHECK-NEXT:    zrt_region_check("R", [[R]]);
// CHECK-NEXT:    zrt_dist_add([[R]]);
// CHECK-NEXT:    zg_R = [[R]];
// CHECK:         zrt_region [[BR:v[0-9]+]] = zrt_region_make(2, 0, {{.*}}, 0, {{.*}}, 0, 0);
// CHECK-NEXT:    zrt_region_check("BigR", [[BR]]);
// CHECK-NEXT:    zrt_dist_add([[BR]]);
// CHECK-NEXT:    zg_BigR = [[BR]];
// CHECK:         zrt_array* [[A:v[0-9]+]] = zrt_array_new("A", {{v[0-9]+}}, 1, 1, 1, 1, 1, 0, 0);
// CHECK-NEXT:    zg_A = [[A]];
// CHECK:         zrt_array_new("Temp", {{v[0-9]+}}, 1, 1, 1, 1, 1, 0, 0);
// CHECK:         zp_jacobi();

// CHECK-LABEL: void zp_jacobi() {
// [BigR] A := 0.0: one loop nest over each of this PE's tiles of BigR,
// aligned with A's distribution.
// CHECK:         zrt_region [[BA:v[0-9]+]] = zrt_region_align({{v[0-9]+}}, [[A:v[0-9]+]]);
// CHECK:         double* [[AB:v[0-9]+]] = zrt_array_f64([[A]]);
// CHECK:         int64_t [[NT:v[0-9]+]] = zrt_tiles([[BA]]);
// CHECK:         for (int64_t [[TI:i[0-9]+]] = {{.*}}; [[TI]] < [[NT]]; {{.*}}) {
// CHECK:           int64_t {{v[0-9]+}} = zrt_tile_lo([[BA]], [[TI]], 0);
// CHECK:           int64_t [[AO:v[0-9]+]] = zrt_array_tile_offset([[A]], [[BA]], [[TI]]);
// CHECK:           for (int64_t [[I:j[0-9]+]] = {{.*}}) {
// CHECK:             [[ROW:v[0-9]+]] = (double *restrict) ([[AB]] + ([[AO]] + [[I]] * {{.*}}));
// CHECK:             double *restrict [[ROWV:v[0-9]+]] = [[ROW]];
// CHECK:             for (int64_t [[J:k[0-9]+]] = {{.*}}) {
// CHECK:               [[ROWV]][[[J]]] = 0.0e+00;
// [south of R] A := 1.0
// CHECK:         zrt_region [[SOUTH:v[0-9]+]] = zrt_region_of([[R:v[0-9]+]], 1, 0, 0);
// CHECK:         zrt_region [[SA:v[0-9]+]] = zrt_region_align([[SOUTH]], [[A]]);
// CHECK:         zrt_tiles([[SA]]);
// CHECK:         = 1.00000000000000000e+00;
// The repeat loop.
// CHECK:         do {
// Each halo gets R aligned with A.
// CHECK:           zrt_region [[RA:v[0-9]+]] = zrt_region_align([[R]], [[A]]);
// CHECK:           im_transfer* [[C0:v[0-9]+]] = zt_0;
// CHECK-NEXT:      im_transfer* [[H0:v[0-9]+]] = im_halo([[C0]], 0, [[A]], [[RA]], -1, 0, 0);
// CHECK-NEXT:      zt_0 = [[H0]];
// CHECK:           im_transfer* [[H1:v[0-9]+]] = im_halo({{v[0-9]+}}, 1, [[A]], {{v[0-9]+}}, 0, 1, 0);
// CHECK:           im_transfer* [[H2:v[0-9]+]] = im_halo({{v[0-9]+}}, 2, [[A]], {{v[0-9]+}}, 1, 0, 0);
// CHECK:           im_transfer* [[H3:v[0-9]+]] = im_halo({{v[0-9]+}}, 3, [[A]], {{v[0-9]+}}, 0, -1, 0);
// CHECK:           im_dr([[H0]]);
// CHECK:           im_sr([[H0]]);
// CHECK:           im_dn([[H3]]);
// CHECK:           zrt_region [[RT:v[0-9]+]] = zrt_region_align([[R]], [[T:v[0-9]+]]);
// CHECK:           zrt_array_check([[A]], [[RT]], -1, 0, 0);
// CHECK:           zrt_array_check([[A]], [[RT]], 0, -1, 0);
// Temp := (A@north + A@east + A@south + A@west) / 4.0: a restrict
// pointer per row (Temp's, and A's rows i-1, i, i+1), set once per row;
// the innermost loop is a plain unit-stride loop over them.
// CHECK:           double* [[TB:v[0-9]+]] = zrt_array_f64([[T]]);
// CHECK:           double* [[AB2:v[0-9]+]] = zrt_array_f64([[A]]);
// CHECK:           for (int64_t {{i[0-9]+}} = {{.*}}) {
// CHECK:             for (int64_t [[I:j[0-9]+]] = {{.*}}) {
// CHECK:               [[TR:v[0-9]+]] = (double *restrict) ([[TB]] + {{.*}});
// CHECK-NEXT:          double *restrict [[TRV:v[0-9]+]] = [[TR]];
// CHECK:               [[NR:v[0-9]+]] = (double *restrict) ([[AB2]] + {{.*}});
// CHECK-NEXT:          double *restrict [[NRV:v[0-9]+]] = [[NR]];
// CHECK:               [[CR:v[0-9]+]] = (double *restrict) ([[AB2]] + {{.*}});
// CHECK-NEXT:          double *restrict [[CRV:v[0-9]+]] = [[CR]];
// CHECK:               [[SR:v[0-9]+]] = (double *restrict) ([[AB2]] + {{.*}});
// CHECK-NEXT:          double *restrict [[SRV:v[0-9]+]] = [[SR]];
// CHECK-NEXT:          for (int64_t [[J:k[0-9]+]] = {{.*}}) {
// CHECK-NEXT:            int64_t [[EI:v[0-9]+]] = [[J]] + {{.*}};
// CHECK-NEXT:            int64_t [[WI:v[0-9]+]] = [[J]] + {{.*}};
// CHECK-NEXT:            double [[N:v[0-9]+]] = [[NRV]][[[J]]];
// CHECK-NEXT:            double [[E:v[0-9]+]] = [[CRV]][[[EI]]];
// CHECK-NEXT:            double [[S:v[0-9]+]] = [[SRV]][[[J]]];
// CHECK-NEXT:            double [[W:v[0-9]+]] = [[CRV]][[[WI]]];
// CHECK-NEXT:            [[TRV]][[[J]]] = ((([[N]] + [[E]]) + [[S]]) + [[W]]) / 4.00000000000000000e+00;
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// err := max<< abs(Temp - A): the maximum of the order keys (an integer
// max, which C compilers vectorise; of an absolute value, its bits),
// converted back once.
// CHECK:           int64_t [[ID:v[0-9]+]] = zrt_max_key_f64(-INFINITY);
// CHECK:             for (int64_t [[J:k[0-9]+]] = {{.*}}) {
// CHECK:               double [[D:v[0-9]+]] = fabs({{v[0-9]+}} - {{v[0-9]+}});
// CHECK-NEXT:          int64_t [[K:v[0-9]+]] = zrt_max_key_abs_f64([[D]]);
// CHECK-NEXT:          [[ACC:v[0-9]+]] = [[K]] > [[OLD:v[0-9]+]] ? [[K]] : [[OLD]];
// CHECK:           double [[LOCAL:v[0-9]+]] = zrt_key_f64({{v[0-9]+}});
// CHECK-NEXT:      double [[ERR:v[0-9]+]] = zrt_allreduce_f64(2, [[LOCAL]]);
// CHECK-NEXT:      zg_err = [[ERR]];
// CHECK:           im_sv([[H3]]);
// A := Temp: rows copied with memmove.
// CHECK:           for (int64_t
// CHECK:             memmove(
// CHECK:         } while (
// CHECK:         zrt_write_str("iterations: ");
// CHECK:         zrt_write_i64({{v[0-9]+}}, "");
// CHECK:         zrt_write_str(" err: ");
// CHECK:         zrt_write_f64({{v[0-9]+}}, "%.3e");
// CHECK:         zrt_writeln();

