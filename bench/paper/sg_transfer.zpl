-- sg_transfer.zpl: Stricker & Gross's transfers 1Q16 and 16Q1 (Table 5,
-- section 5.2) as a ZPL transpose, for bench/paper/run.sh (--only=sg).
--
-- Table 5 is about the two ways of moving a transpose's patches: strided
-- stores (1Qn: contiguous loads at the source, stride-n stores at the
-- destination) or strided loads (nQ1). Here the stride is the width w = 16
-- of a tall array: Tall = [1..m, 1..w] is distributed by rows over the p
-- PEs, so each PE stores m/p rows of w elements, one row every w words;
-- Wide = [1..w, 1..m] is distributed by rows as well. With p = w (16 PEs)
-- each PE owns one whole row of Wide, and
--   dir 0:  [Tall] T := W#[Index2, Index1]   reads a contiguous piece of
--           that row and stores it down one column of the receiver's rows
--           of T: 1Q16;
--   dir 1:  [Wide] W := T#[Index2, Index1]   reads one column of the
--           sender's rows of T (stride 16) and stores it as a contiguous
--           piece of the receiver's row of W: 16Q1.
-- A message is one column on one side, so both orientations of the
-- transpose (docs/model.md) give the same pattern, whatever the compiler
-- chose. It is the transpose's all-to-all exchange: every PE sends m/p
-- elements to each of the others and receives as many from each, all at
-- once (as the paper ran the T3D).
--
-- oneway 1: as the paper ran the Paragon (section 5.1.4: "we did not run
-- sending and receiving simultaneously at each node"): only the
-- destination's first half (receivers: PEs 0 .. p/2-1) is assigned from
-- the source's second half (senders: PEs p/2 .. p-1), so a PE either sends
-- or receives.
--
-- The step time and bytes come from the simulator (--stats, run.sh
-- differences two iteration counts); the checksum makes the data real.

program sg_transfer;

config var p      : integer = 16;     -- PEs: the grid is p x 1
config var w      : integer = 16;     -- the stride (width of Tall)
config var m      : integer = 16384;  -- length of a row of Wide
config var dir    : integer = 0;      -- 0: 1Q16, 1: 16Q1
config var oneway : integer = 0;      -- 1: half the PEs send, half receive
config var iters  : integer = 4;

grid G = [p, 1];
distribution DW : G = [block, block];
distribution DT : G = [block, block];
region Wide     : DW = [1..w, 1..m];
region Tall     : DT = [1..m, 1..w];
region HalfWide : DW = [1..w/2, m/2+1..m];   -- oneway 16Q1: PEs 0.. receive
region HalfTall : DT = [1..m/2, w/2+1..w];   -- oneway 1Q16: PEs 0.. receive

var Wa : [Wide] double;
var Ta : [Tall] double;
var check : double;

procedure sg_transfer();
var it : integer;
begin
  [Wide] Wa := Index1 * 100000.0 + Index2;
  [Tall] Ta := Index2 * 100000.0 + Index1;
  for it := 1 to iters do
    if dir = 0 then
      if oneway = 1 then
        [HalfTall] Ta := Wa#[Index2, Index1];
      else
        [Tall] Ta := Wa#[Index2, Index1];
      end;
    else
      if oneway = 1 then
        [HalfWide] Wa := Ta#[Index2, Index1];
      else
        [Wide] Wa := Ta#[Index2, Index1];
      end;
    end;
  end;
  -- Every element is its own transpose's value: Ta(i, j) = Wa(j, i).
  check := (+<< [Tall] Ta) + (+<< [Wide] Wa);
  writeln("sg_transfer: w = ", w, " m = ", m, " dir = ", dir, " oneway = ", oneway);
  writeln("checksum: ", check:"%.1f");
end;
