-- Declared regions whose bounds compute with config values: `+`, `-` and
-- `*` of a large value must not wrap into an empty or a tiny region.
program bounds;
config var n : integer = 8;
config var m : integer = 0;
config var k : integer = 2;

region BigR   = [0..n+1];            -- wraps for n = 2^63 - 1
region Square = [1..n*n];            -- wraps for n >= 3037000500
region Below  = [m-1..m];            -- wraps for m = -2^63
var A : [BigR] integer;
var S : [Square] integer;
var B : [Below] integer;
var C : [1..k+1] integer;            -- a region of its own

procedure bounds();
begin
  [BigR] A := 1;
  [Square] S := 2;
  [Below] B := 3;
  [1..k+1] C := 4;
  writeln(+<< [BigR] A, " ", +<< [Square] S, " ", +<< [Below] B, " ", +<< [1..k+1] C);
end;
