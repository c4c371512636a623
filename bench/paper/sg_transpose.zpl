-- sg_transpose.zpl: the transpose of Stricker & Gross's 2D FFT kernel
-- (section 6.1.1, Table 6) for bench/paper/run.sh (--only=sg): an n x n
-- complex matrix (n = 1024 there), distributed by rows over p PEs (64
-- there), transposed as between the row and the column FFTs.
--
-- A complex element is two 64-bit words stored together (the paper's
-- "blocks of data words, e.g. 2 words for complex numbers"): the matrix is
-- [1..n, 1..n, 1..2] on a p x 1 x 1 grid, and the transpose permutes the
-- first two dimensions only. Each PE owns n/p whole rows and sends every
-- other PE an (n/p) x (n/p) patch (Figure 9: square patches), one 2-word
-- block every 2n words on the strided side: the T3D's compiled
-- orientation stores strided (1Q2n of complex blocks), the Paragon's loads
-- strided. The 1D FFTs are not part of the step and are left out.

program sg_transpose;

config var p     : integer = 64;     -- PEs: the grid is p x 1 x 1
config var n     : integer = 1024;
config var iters : integer = 2;

grid G = [p, 1, 1];
distribution D : G = [block, block, block];
region R : D = [1..n, 1..n, 1..2];   -- (row, column, real/imaginary)

var A, B  : [R] double;
var check : double;

procedure sg_transpose();
var it : integer;
begin
  [R] A := Index1 * 4096.0 + Index2 + (Index3 - 1) * 0.5;
  for it := 1 to iters do
    [R] B := A#[Index2, Index1, Index3];
  end;
  -- B(i, j) = A(j, i): weight the result by its position
  check := +<< [R] (B * Index1);
  writeln("sg_transpose: n = ", n);
  writeln("checksum: ", check:"%.1f");
end;
