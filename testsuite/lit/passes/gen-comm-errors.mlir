// zpl-gen-comm reports what it cannot communicate.
// RUN: %zpl-opt %s --zpl-gen-comm -split-input-file -verify-diagnostics

func.func @region_inside_statement(%A: !zpl.array<2 x f64>, %V: !zpl.array<1 x f64>, %R: !zpl.region<2>, %L: !zpl.region<1>) {
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %band = zpl.derive of %L [1] : !zpl.region<1>
    %s = zpl.reduce add over %band : !zpl.region<1> -> f64 {
      // expected-error @+1 {{cannot generate communication: the region of the enclosing statement is computed inside the statement}}
      %v = zpl.read %V [-1] : !zpl.array<1 x f64>
      zpl.yield %v : f64
    }
    zpl.yield %s : f64
  }
  return
}
