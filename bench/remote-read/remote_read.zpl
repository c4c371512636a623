-- remote_read.zpl: reads of remote words through a gather, for
-- bench/remote-read.sh. On 2 PEs every element of X is read from the other
-- PE: element i of the gather reads element (i + w - 1) mod 2w + 1, w words
-- per PE per step, `steps` times. w = 1 is a blocking single-word read; a
-- large w lets the words of one read stream back to back (a prefetch).
program remote_read;

config var w     : integer = 1;     -- words each PE reads per step
config var steps : integer = 100;

region R = [1..2 * w];
var X, Y : [R] double;
var Idx  : [R] integer;
var s    : double;

procedure remote_read();
var k : integer;
begin
  [R] X := Index1;
  [R] Idx := (Index1 + w - 1) % (2 * w) + 1;
  for k := 1 to steps do
    [R] Y := X#[Idx];
  end;
  [R] s := +<< Y;
  writeln("sum ", s);
end;
