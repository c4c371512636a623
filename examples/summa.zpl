-- summa.zpl: SUMMA matrix multiplication, C = A * B, with floods.
--
-- A is m x p, B is p x n, C is m x n. For k = 1..p the program floods
-- column k of A across the columns (Acol, an [1..m, *] array) and row k of
-- B across the rows (Brow, a [*, 1..n] array), and adds their product, an
-- outer product, to C:
--   [1..m, *] Acol := >>[1..m, k] A;
--   [*, 1..n] Brow := >>[k, 1..n] B;
--   [RC]      C += Acol * Brow;
-- On a PE grid each flood is a broadcast of one block column of A along the
-- PE rows and one block row of B along the PE columns: the SUMMA algorithm
-- of van de Geijn and Watts, one k at a time.
--
-- The result is checked without a second matrix product: the sum of all of
-- C equals sum_k (column sum k of A) * (row sum k of B). The program forms
-- those with partial reductions, and a remap (gather) transposes the B row
-- sums from a column into a row so the two can be multiplied elementwise.
-- Row sums of C are a partial reduction into a flooded array.
--
-- The inputs are small integers stored as doubles, so every product and
-- every partial sum is an integer below 2^53: everything printed is exact,
-- independent of the number of PEs and of the order of the additions
-- ("%.0f"; C starts at +0.0 so no "-0" can appear).
--
-- Defaults run in a few milliseconds. For benchmarking:
--   ./summa --m=1024 --p=1024 --n=1024 --show=0
--   mpirun -np 16 ./summa --m=2048 --p=2048 --n=2048 --show=0

program summa;

config var m    : integer = 20;        -- rows of A and C:      --m=1024
config var p    : integer = 28;        -- columns of A, rows of B
config var n    : integer = 24;        -- columns of B and C
config var show : integer = 5;         -- print C over [1..show, 1..show]

region RA = [1..m, 1..p];
region RB = [1..p, 1..n];
region RC = [1..m, 1..n];
region ColF = [1..m, *];               -- one value per row, any column
region RowF = [*, 1..n];               -- one value per column, any row
region SumA = [1, 1..p];               -- column sums of A, as a row
region SumB = [1..p, 1];               -- row sums of B, as a column

var A    : [RA] double;
var B    : [RB] double;
var C    : [RC] double;
var Acol : [ColF] double;
var Brow : [RowF] double;
var RowC : [ColF] double;              -- row sums of C
var CA   : [SumA] double;
var RBs  : [SumB] double;
var RBt  : [SumA] double;              -- RBs transposed into a row

procedure summa();
var k, s : integer;
var total, viaRows, viaSums, weighted, big, small : double;
begin
  [RA] A := double((Index1 * Index1 + 3 * Index2 * Index2 + 2 * Index1 * Index2 + Index2)
                   % 11 - 5);
  [RB] B := double((2 * Index1 * Index1 + Index2 * Index2 + Index1 * Index2 + Index2)
                   % 7 - 3);
  [RC] C := 0.0;

  for k := 1 to p do
    [ColF] Acol := >>[1..m, k] A;
    [RowF] Brow := >>[k, 1..n] B;
    [RC]   C += Acol * Brow;
  end;

  [RC] begin
    total    := +<< C;
    weighted := +<< (C * (2 * Index1 - Index2));
    big      := max<< C;
    small    := min<< C;
  end;

  -- checks: the total from the row sums of C, and from the sums of A and B
  [ColF] RowC := +<< [RC] C;
  [1..m, 1] viaRows := +<< RowC;
  [SumA] CA  := +<< [RA] A;
  [SumB] RBs := +<< [RB] B;
  [SumA] begin
    RBt     := RBs#[Index2, Index1];
    viaSums := +<< (CA * RBt);
  end;

  writeln("sum: ", total:"%.0f", " from row sums: ", viaRows:"%.0f",
          " from A and B sums: ", viaSums:"%.0f");
  writeln("weighted: ", weighted:"%.0f", " max: ", big:"%.0f", " min: ", small:"%.0f");

  s := show;
  if s > m then s := m; end;
  if s > n then s := n; end;
  if s > 0 then
    writeln("row sums of C, rows 1..", s, ":");
    [1..s, 1] writeln(RowC:"%.0f");
    writeln("C[1..", s, ", 1..", s, "]:");
    [1..s, 1..s] writeln(C:"%5.0f");
  end;
end;
