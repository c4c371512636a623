#!/usr/bin/env bash
# Runs zplc-fuzz for a given time:
#   run-fuzzer.sh BUILD_DIR SECONDS [libFuzzer flags...]
#
# The working corpus grows in BUILD_DIR/fuzz-corpus (new inputs go there);
# the seeds are the examples, the language tests and testsuite/fuzz/corpus.
# A finding is written to BUILD_DIR/fuzz-findings/ (crash-*, timeout-*,
# leak-*, oom-*); minimise it, fix it, and keep the reproducer in
# testsuite/fuzz/crashes/ (make check replays that folder).
# One process at a low priority (FUZZ_NICE, default 10): the build
# machines are shared.
set -euo pipefail
build=${1:?usage: run-fuzzer.sh BUILD_DIR SECONDS}
seconds=${2:?usage: run-fuzzer.sh BUILD_DIR SECONDS}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
fuzzer="$build/bin/zplc-fuzz"
[ -x "$fuzzer" ] || { echo "run-fuzzer: $fuzzer is not built (make fuzz)" >&2; exit 1; }

mkdir -p "$build/fuzz-corpus" "$build/fuzz-findings"
# -timeout: an input that compiles for longer than 20 s is a hang.
# -max_len: long enough for deep nesting and long lines to be tried.
exec nice -n "${FUZZ_NICE:-10}" "$fuzzer" \
  -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=20000 \
  -dict="$here/zpl.dict" -print_final_stats=1 -print_pcs=0 \
  -artifact_prefix="$build/fuzz-findings/" "${@:3}" \
  "$build/fuzz-corpus" "$root/examples" "$root/testsuite/e2e/lang" \
  "$here/corpus"
