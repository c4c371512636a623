program registerarrays;
-- Arrays a fused run keeps in scalars (register arrays), and arrays it
-- must keep in memory: see register-arrays.test. Every value is a small
-- dyadic rational, exact in binary, so no sum depends on its order.
config var n : integer = 12;
config var steps : integer = 3;
region R = [1..n, 1..n];
direction east = [0, 1];
var T, S, Kept, Acc, Out, Odd, Sh, W : [R] double;
var M, N : [R] boolean;

procedure registerarrays();
var step : integer;
begin
  [R] begin Acc := 0.0; Out := 0.0; end;
  for step := 1 to steps do
    [R] begin
      T := Index1 * 0.5 + Index2 * 0.25 + step; -- register
      -- register, a mask: T > 7 on odd steps, T < 7 on even ones
      M := (T - 7.0) * (double(band(step, 1)) - 0.5) > 0.0;
      N := Index2 > 4;                          -- register, a mask
      Kept := T - 1.0;                          -- memory: read after the loop
      Sh := T * 2.0;                            -- memory: read shifted
    end;
    [R with M] begin
      S := (T * T) / (T + T); -- register: first assigned under M, read under M
      T := T * S + 1.0;       -- under M: T keeps its value elsewhere
      Acc += S * T;
      Odd := T + 2.0;         -- memory: read under N, another mask
      W := S + T;             -- memory: read where M fails (without M)
    end;
    [R] Out += T;
    [R with N] Out += Odd;
    [R without M] Out += W;
    [R] Out += Sh@east;
  end;
  writeln(+<< [R] Acc:"%.4f", " ", +<< [R] Out:"%.4f", " ", +<< [R] Kept:"%.4f");
end;
