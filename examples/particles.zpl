-- particles.zpl: particles drift through a periodic mesh; each step their
-- cells are counted with an accumulating scatter (a histogram), every
-- particle reads its cell's count back with a gather, and a shattered `if`
-- slows particles in crowded cells and turns back those alone in theirs.
-- The positions and cells are computed by promoted scalar procedures.
program particles;

config var n     : integer = 16;   -- n x n particles
config var cells : integer = 8;    -- a cells x cells periodic mesh
config var steps : integer = 5;

region P = [1..n, 1..n];
region G = [1..cells, 1..cells];

var X, Y, VX, VY : [P] double;
var CI, CJ, Crowd : [P] integer;
var Count : [G] integer;
var moving : double;

-- x moved by v, wrapped into [0, L).
procedure drift(x : double; v : double; L : double) : double;
var y : double;
begin
  y := x + v;
  while y < 0.0 do y := y + L; end;
  while y >= L do y := y - L; end;
  return y;
end;

-- The mesh cell (1-based) of a position in [0, L).
procedure cell(x : double) : integer;
begin
  return integer(floor(x)) + 1;
end;

procedure particles();
var t : integer;
begin
  [P] begin
    X  := double((Index1 * 37 + Index2 * 11) % (cells * 16)) / 16.0;
    Y  := double((Index1 * 13 + Index2 * 29) % (cells * 16)) / 16.0;
    VX := double((Index1 * 5 + Index2 * 3) % 9 - 4) / 4.0;
    VY := double((Index1 * 7 + Index2 * 2) % 9 - 4) / 8.0;
  end;
  for t := 1 to steps do
    [P] begin
      X := drift(X, VX, double(cells));
      Y := drift(Y, VY, double(cells));
      CI := cell(Y);
      CJ := cell(X);
    end;
    [G] Count := 0;
    [P] Count#[CI, CJ] += 1;
    [P] begin
      Crowd := Count#[CI, CJ];
      if Crowd > 6 then
        VX := VX / 2.0;
        VY := VY / 2.0;
      elsif Crowd = 1 then
        VX := -VX;
        VY := -VY;
      end;
      moving := +<< (abs(VX) + abs(VY));
    end;
    writeln("step ", t, ": fullest cell ", max<<[G] Count, ", sum of squares ",
            +<<[G] (Count * Count), ", speed sum ", moving:"%.4f");
  end;
  [G] writeln(Count);
end;
