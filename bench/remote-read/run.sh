#!/usr/bin/env bash
# bench/remote-read/run.sh: what one remote word costs on the simulated
# machines, against Krishnamurthy, Culler & Yelick's measurements (issue
# 28, item 3).
#
#   bench/remote-read/run.sh
#
# remote_read.zpl reads, on 2 PEs, w words of the other PE with a gather,
# `steps` times. The simulated time of one step (the difference between
# 101 steps and 1, over 100: the remap's one-time inspection is left out)
# divided by w is the cost of a word: w = 1 is one blocking remote read, a
# large w streams the words of one read back to back, like a run of
# prefetches. Both strategies run (--strategy=chained: every word with its
# address; packed: gathered into a buffer first). Prints one line per
# machine, strategy and w, then the published figures with what they are
# for zplc: an input of the machine description, or a prediction.
#
# Environment: ZPLC=path (default <repo>/build/bin/zplc).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
ZPLC=${ZPLC:-$repo/build/bin/zplc}
work=$(mktemp -d "${TMPDIR:-/tmp}/zplc-remote-read.XXXXXX")
trap 'rm -rf "$work"' EXIT

sim_time() { # EXE STRATEGY W STEPS
  "$1" --pes=2 --strategy="$2" --w="$3" --steps="$4" --stats |
    awk '$1 == "stats.sim.time" { print $2 }'
}

printf '%-8s %-8s %6s %12s\n' machine strategy w ns/word
for machine in t3d t3e paragon; do
  "$ZPLC" "$here/remote_read.zpl" --backend=sim --machine=$machine -o "$work/rr.$machine"
  for strategy in chained packed; do
    for w in 1 16 256 4096; do
      one=$(sim_time "$work/rr.$machine" $strategy $w 1)
      many=$(sim_time "$work/rr.$machine" $strategy $w 101)
      awk -v m=$machine -v s=$strategy -v w=$w -v a="$one" -v b="$many" \
        'BEGIN { printf "%-8s %-8s %6d %12.0f\n", m, s, w, (b - a) / 100 / w * 1e9 }'
    done
  done
done
cat <<'TEXT'

Published (Krishnamurthy, Culler & Yelick, sections 4.1 and 5.1):
  T3D remote read 600-750 ns     an input: machines/t3d.toml startup_us
  T3E remote read about 1500 ns  a prediction: compare w = 1 on the t3e
  T3D prefetch about 250 ns/word a prediction: compare the largest w, chained, on the t3d
  T3E prefetch about 130 ns/word an input: machines/t3e.toml indexed words (8 B / 130 ns)
A zplc gather is not a single remote load: every read is a bulk-synchronous
exchange (the remap's executor, IRONMAN's DR/SR/DN/SV and their flags, one
array statement), so w = 1 pays far more than the raw hardware latency.
TEXT
