// RUN: not %zpl-opt %s --zpl-select-strategy=machine=nosuch 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %zpl-opt %s --zpl-select-strategy=machine=%t.does-not-exist.toml 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: printf '[machine]\nname = "broken"\n' > %t.broken.toml
// RUN: not %zpl-opt %s --zpl-select-strategy=machine=%t.broken.toml 2>&1 | FileCheck %s --check-prefix=BROKEN
// RUN: not %zpl-opt %s --zpl-select-strategy="machine=t3d strategy=fastest" 2>&1 | FileCheck %s --check-prefix=STRATEGY

// UNKNOWN:  error: zpl-select-strategy: unknown machine 'nosuch' (known: t3d, t3e, paragon, host, or a path to a .toml file)
// MISSING:  error: zpl-select-strategy: machine description '{{.*}}does-not-exist.toml' not found
// BROKEN:   error: zpl-select-strategy: {{.*}}broken.toml: key 'copy': missing table [copy]
// STRATEGY: error: zpl-select-strategy: unknown strategy 'fastest' (use auto, chained or packed)

module {
  zpl.region_decl @R : !zpl.region<1> init {
    %c1 = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %r = zpl.make_region [%c1 : %c8] : !zpl.region<1>
    zpl.yield %r : !zpl.region<1>
  }
  zpl.array_decl @A : !zpl.array<1 x f64> attributes {fluff = array<i64: 0, 1>} init {
    %r = zpl.get @R : !zpl.region<1>
    zpl.yield %r : !zpl.region<1>
  }
  func.func @f() {
    %A = zpl.get @A : !zpl.array<1 x f64>
    %R = zpl.get @R : !zpl.region<1>
    %t = ironman.transfer %A -> %A over %R shift [1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 0 : i64} : !zpl.array<1 x f64> -> !zpl.array<1 x f64>, !zpl.region<1>
    ironman.dr %t
    ironman.sr %t
    ironman.dn %t
    ironman.sv %t
    return
  }
}
