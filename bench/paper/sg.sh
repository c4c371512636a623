# bench/paper/sg.sh: section 8 of bench/paper/run.sh (sourced by it; run it
# alone with `bench/paper/run.sh --only=sg --out=DIR`). Stricker & Gross's
# measured values of Tables 5 and 6, withheld from us, predicted with the
# simulator (not the cost model): each transfer or kernel is a ZPL program
# (bench/paper/sg_*.zpl) run on the simulated machine with
# --strategy=packed and --strategy=chained.
#
# A prediction is MB/s per node: the payload bytes a node sends in one
# step (stats.bytes of the run, per step and per sending PE) over the
# step's time (bench/paper/sg_step.py: the longest per-PE time inside the
# IRONMAN calls, from the --trace). Both come from the difference of two
# runs with SG_ITERS_A and SG_ITERS_B steps, so what a run does once
# (start-up, a remap's inspection, the final checks) cancels. Every run's
# output is checked against the serial back end.
#
#   Table 5: 1Q16 and 16Q1 (sg_transfer.zpl), buffer packing and chained,
#     T3D and Paragon. The paper ran the T3D with every node sending and
#     receiving at once (mode both), the Paragon with each node either
#     sending or receiving (section 5.1.4, "we did not run sending and
#     receiving simultaneously at each node": mode oneway); those are the
#     predictions, the other mode is shown in the report. Its other
#     Paragon caveat, no pipelined loads (a 30-40% loss), is not modelled:
#     the machine file's strided loads are the pipelined ones (table 1).
#   Table 6: on 64 simulated T3D PEs, the transpose of a 1024 x 1024
#     complex matrix (sg_transpose.zpl), the SOR overlap exchange of a
#     256 x 256 matrix (sg_sor.zpl) and the FEM solver's indexed exchange
#     on a stand-in mesh (sg_fem.zpl: the paper's valley mesh is not
#     available), compiled with --overlap=false so that no computation
#     hides in the step.
#
# Writes $data/sg-runs.csv (every run) and $out/predictions.csv
# (source,item,machine,strategy,value,unit). Uses $zplc, $root, $work,
# $data and $out of run.sh. Sizes (the lit test makes them small):
#   PAPER_SG_T5_PES=16    PEs of the Table 5 transfers (the stride is 16)
#   PAPER_SG_T5_M=16384   a node's elements per step (8 KB per peer)
#   PAPER_SG_T6_PES=64    PEs of Table 6 (a cube: the FEM mesh's boxes)
#   PAPER_SG_FFT_N=1024   PAPER_SG_SOR_N=256   PAPER_SG_FEM_S=8 (box edge)
#   SG_ITERS_A=2 SG_ITERS_B=4

# Program $1 (compiled as $work/$1.$2 and $work/$1.serial) run twice, with
# SG_ITERS_A and SG_ITERS_B steps, on PES simulated PEs (its grid, --p) with
# the strategy $3 and the options after; the serial back end (--p=1) must
# print the same. Leaves the stats in $work/sg.run.ITERS and the traces in
# $work/sg.trace.ITERS.
sg_run_twice() { # prog machine strategy pes args...
  local prog=$1 machine=$2 strategy=$3 pes=$4 iters
  shift 4
  for iters in $SG_ITERS_A $SG_ITERS_B; do
    "$work/$prog.$machine" --pes=$pes --p=$pes --strategy=$strategy --stats \
      --trace="$work/sg.trace.$iters" "$@" --iters=$iters > "$work/sg.run.$iters"
    "$work/$prog.serial" --p=1 "$@" --iters=$iters > "$work/sg.ref"
    grep -v '^stats' "$work/sg.run.$iters" | cmp -s - "$work/sg.ref" || {
      echo "bench/paper/sg.sh: $prog on $machine ($strategy, $*) differs from the serial back end" >&2
      return 1; }
  done
}

# One CSV row of sg-runs.csv from the two runs just made.
sg_row() { # source item machine strategy mode pes senders
  local bytes_a bytes_b step
  bytes_a=$(awk '$1=="stats.bytes"{print $2}' "$work/sg.run.$SG_ITERS_A")
  bytes_b=$(awk '$1=="stats.bytes"{print $2}' "$work/sg.run.$SG_ITERS_B")
  step=$(python3 "$root/bench/paper/sg_step.py" "$work/sg.trace.$SG_ITERS_A" $SG_ITERS_A \
         "$work/sg.trace.$SG_ITERS_B" $SG_ITERS_B)
  awk -v s="$1" -v i="$2" -v m="$3" -v st="$4" -v mo="$5" -v p="$6" -v n="$7" \
      -v a="$bytes_a" -v b="$bytes_b" -v t="$step" -v k=$((SG_ITERS_B - SG_ITERS_A)) \
    'BEGIN { node = (b - a) / k / n;
             printf "%s,%s,%s,%s,%s,%d,%d,%.0f,%.9f,%.3f\n", s, i, m, st, mo, p, n, node, t, node / t / 1e6 }'
}

sg_table5() {
  local p=$PAPER_SG_T5_PES machine strategy item dir mode oneway senders
  "$zplc" "$root/bench/paper/sg_transfer.zpl" --backend=serial -o "$work/sg_transfer.serial"
  for machine in t3d paragon; do
    "$zplc" "$root/bench/paper/sg_transfer.zpl" --backend=sim --machine=$machine \
      -o "$work/sg_transfer.$machine"
    for item in 1Q16 16Q1; do
      dir=0; [ $item = 16Q1 ] && dir=1
      for mode in both oneway; do
        oneway=0; senders=$p
        [ $mode = oneway ] && { oneway=1; senders=$((p / 2)); }
        for strategy in packed chained; do
          sg_run_twice sg_transfer $machine $strategy $p --m=$PAPER_SG_T5_M --dir=$dir --oneway=$oneway
          sg_row sg-table5 $item $machine $strategy $mode $p $senders >> "$data/sg-runs.csv"
        done
      done
    done
  done
}

sg_table6() {
  local p=$PAPER_SG_T6_PES q prog item strategy args
  q=$(awk -v p=$p 'BEGIN { q = int(p ^ (1 / 3) + 0.5); if (q * q * q != p) exit 1; print q }') ||
    { echo "bench/paper/sg.sh: PAPER_SG_T6_PES=$p is not a cube" >&2; return 1; }
  for item in transpose sor fem; do
    case $item in
      transpose) prog=sg_transpose; args="--n=$PAPER_SG_FFT_N" ;;
      sor)       prog=sg_sor;       args="--n=$PAPER_SG_SOR_N" ;;
      fem)       prog=sg_fem;       args="--q=$q --s=$PAPER_SG_FEM_S" ;;
    esac
    "$zplc" "$root/bench/paper/$prog.zpl" --backend=serial -o "$work/$prog.serial"
    "$zplc" "$root/bench/paper/$prog.zpl" --backend=sim --machine=t3d --overlap=false \
      -o "$work/$prog.t3d"
    for strategy in packed chained; do
      # shellcheck disable=SC2086 # args are words
      sg_run_twice $prog t3d $strategy $p $args
      sg_row sg-table6 $item t3d $strategy both $p $p >> "$data/sg-runs.csv"
    done
  done
}

sg_predictions() {
  : "${PAPER_SG_T5_PES:=16}" "${PAPER_SG_T5_M:=16384}" "${PAPER_SG_T6_PES:=64}"
  : "${PAPER_SG_FFT_N:=1024}" "${PAPER_SG_SOR_N:=256}" "${PAPER_SG_FEM_S:=8}"
  : "${SG_ITERS_A:=2}" "${SG_ITERS_B:=4}"
  echo "== 8. Stricker & Gross's measurements, predicted (Table 5: $PAPER_SG_T5_PES PEs, Table 6: $PAPER_SG_T6_PES PEs)"
  echo "source,item,machine,strategy,mode,pes,senders,bytes_per_node,step_seconds,mbps" > "$data/sg-runs.csv"
  sg_table5
  sg_table6
  # The predictions: Table 5's T3D with every node sending and receiving,
  # its Paragon one way, as the paper ran them; Table 6 as run.
  awk -F, 'NR == 1 { print "source,item,machine,strategy,value,unit"; next }
           ($1 == "sg-table5" && ($3 == "t3d") == ($5 == "both")) || $1 == "sg-table6" {
             printf "%s,%s,%s,%s,%s,MB/s\n", $1, $2, $3, $4, $10 }' \
    "$data/sg-runs.csv" > "$out/predictions.csv"
  echo "sg_sizes t5_pes=$PAPER_SG_T5_PES t5_m=$PAPER_SG_T5_M t6_pes=$PAPER_SG_T6_PES fft_n=$PAPER_SG_FFT_N sor_n=$PAPER_SG_SOR_N fem_s=$PAPER_SG_FEM_S iters=$SG_ITERS_A,$SG_ITERS_B" >> "$data/meta.txt"
}
