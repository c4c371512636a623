#!/usr/bin/env bash
# bench/strategy-repeat.sh: how well can any compile-time strategy choice
# do on this host? Runs bench/strategy.sh RUNS times (default 5) and prints
#   - each run's summary (the model's correct choices, median and maximum
#     regret), as bench/strategy.sh prints it;
#   - how many patterns change their measured winner between runs;
#   - the bound: for every pattern the one fixed choice that is right in the
#     most runs (ties: the smaller worst regret), chosen with hindsight from
#     these very runs, scored per run like the model; and the safest one,
#     whose largest regret over the runs is the smallest. No model that
#     picks one strategy per pattern makes more correct choices over all
#     these runs together than the first, or has a smaller worst regret
#     over all of them than the second.
# The outputs of the runs stay in $STRATEGY_OUT (default: a temporary
# directory, named at the end).
#
#   bench/strategy-repeat.sh [RUNS]
#
# The environment of bench/strategy.sh applies (ZPLC, MACHINE, BENCH_REPS).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
runs=${1:-5}
if ! [[ $runs =~ ^[0-9]+$ ]] || ((runs < 2)); then
  echo "usage: $0 [RUNS]   (RUNS >= 2, default 5)" >&2
  exit 2
fi
out=${STRATEGY_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/zplc-strategy.XXXXXX")}
mkdir -p "$out"

for ((i = 1; i <= runs; ++i)); do
  bash "$here/strategy.sh" > "$out/run$i.txt"
  printf 'run %d: %s\n' "$i" \
    "$(grep -E '^(correct choices|median regret|maximum regret):' "$out/run$i.txt" | paste -sd' ')"
done

python3 - "$out" "$runs" <<'EOF'
import sys

out, runs = sys.argv[1], int(sys.argv[2])
tables = []
for i in range(1, runs + 1):
    rows = {}
    for line in open(f"{out}/run{i}.txt"):
        f = line.split()
        if len(f) == 8 and f[0] != "pattern" and not line.startswith("#"):
            rows[(f[0], f[1], f[2])] = (float(f[3]), float(f[4]))
    tables.append(rows)
keys = [k for k in tables[0] if all(k in t for t in tables)]

def winner(times):
    return "packed" if times[0] <= times[1] else "chained"

def regret(times, choice):
    best = min(times)
    return ((times[0] if choice == "packed" else times[1]) - best) / best * 100

flips = [k for k in keys if len({winner(t[k]) for t in tables}) > 1]
print(f"patterns whose winner changes between runs: {len(flips)}/{len(keys)}")

def fixed(k):
    def rank(c):
        return (-sum(winner(t[k]) == c for t in tables), max(regret(t[k], c) for t in tables))
    return min(("packed", "chained"), key=rank)

def safest(k):
    return min(("packed", "chained"), key=lambda c: max(regret(t[k], c) for t in tables))

def score(label, choice):
    for i, t in enumerate(tables, 1):
        rs = sorted(regret(t[k], choice[k]) for k in keys)
        ok = sum(winner(t[k]) == choice[k] for k in keys)
        n = len(rs)
        med = rs[n // 2] if n % 2 else (rs[n // 2 - 1] + rs[n // 2]) / 2
        print(f"{label}, run {i}: correct {ok}/{n} ({100 * ok / n:.0f}%), "
              f"median regret {med:.1f}%, maximum regret {rs[-1]:.1f}%")

score("best fixed choice", {k: fixed(k) for k in keys})
score("safest fixed choice", {k: safest(k) for k in keys})
EOF
echo "# runs in $out"
