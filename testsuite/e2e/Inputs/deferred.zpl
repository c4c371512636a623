program deferred;
-- Accumulating scatters in a loop that nothing else in it touches
-- (deferred.test): a masked histogram of a loop variable, a product, a
-- histogram of an array's values, and one into an array too large to
-- defer (65,537 elements), which runs as an exchange per trip.
config var n : integer = 1000;
config var steps : integer = 6;
config var over : integer = 0;     -- 1: a key of 100, past Hist's bins
region R = [1..n];
region Bins = [0..99];
region Digits = [0..9];
region Wide = [0..65536];
var K, V : [R] integer;
var Hist, Hist2 : [Bins] integer;
var Prod : [Digits] integer;
var Big : [Wide] integer;
var t, i : integer;

procedure deferred();
begin
  [Digits] Prod := 1;
  [R] V := Index1 % 7;
  for t := 1 to steps do
    [R] K := (Index1 * 7 + t * 13) % (100 + over);
    [R with K % 3 = 0] Hist#[K] += t;
    [R with Index1 % 97 = t] Prod#[K % 10] *= 3;
    [R] Hist2#[K] += V;
    [R] Big#[K * 600 + t] += V;
  end;
  [Bins] writeln(Hist);
  [Bins] writeln(Hist2);
  [Digits] writeln(Prod);
  writeln(+<< [Wide] Big, " ", max<< [Wide] Big);
end;
