#!/usr/bin/env bash
# What FuzzHotPath's structure-aware mutator buys: the coverage libFuzzer reaches in equal runs
# with it and without it (FUZZ_PLAIN_MUTATOR=1: plain LLVMFuzzerMutate, as if there were no
# custom mutator), from the same hand-written seeds (seeds/hotpath.txt), not the committed corpus.
#
#   Fuzz/scripts/mutator-coverage.sh [SECONDS] [ROUNDS]      (defaults: 90 s, 2 rounds)
#
# Each round runs the two side by side (one per core, so both see the same machine load), each
# one process on a fresh copy of the seeds with the target's dictionary and max_len. Prints one
# Markdown row per run: executions, libFuzzer's final `cov:` (edges) and `ft:` (features), and the
# corpus size. Environment: NO_BUILD=1 skips the build.
set -euo pipefail
source "$(dirname "$0")/common.sh"

seconds="${1:-90}"
rounds="${2:-2}"
target=FuzzHotPath
[ -n "${NO_BUILD:-}" ] || "$FUZZ_DIR/scripts/build.sh" release >/dev/null
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/seeds"
n=0
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in '#'*|'') continue ;; esac
  n=$((n + 1))
  printf '%b' "$line" >"$scratch/seeds/seed-$n"
done <"$FUZZ_DIR/seeds/hotpath.txt"

run() {  # run MODE ROUND
  local mode="$1" round="$2" dir="$scratch/$1-$2"
  mkdir -p "$dir/corpus"
  cp "$scratch/seeds"/* "$dir/corpus/"
  # shellcheck disable=SC2046
  env $([ "$mode" = plain ] && echo FUZZ_PLAIN_MUTATOR=1) "$(bin_dir release)/$target" "$dir/corpus" $(fuzzer_flags "$target") \
    -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$dir/" >"$dir/log" 2>&1 || echo "$mode $round: crashed (see $dir/log)" >&2
}

echo "| mutator | round | executions | cov (edges) | ft (features) | corpus |"
echo "|---|---:|---:|---:|---:|---:|"
for round in $(seq 1 "$rounds"); do
  run custom "$round" &
  run plain "$round" &
  wait
  for mode in custom plain; do
    log="$scratch/$mode-$round/log"
    last="$(grep -E '^#[0-9]+' "$log" | tail -n 1)"
    echo "| $mode | $round | $(sed -n 's/^stat::number_of_executed_units: *//p' "$log") | $(grep -Eo 'cov: [0-9]+' <<<"$last" | grep -Eo '[0-9]+') | $(grep -Eo 'ft: [0-9]+' <<<"$last" | grep -Eo '[0-9]+') | $(grep -Eo 'corp: [0-9]+' <<<"$last" | grep -Eo '[0-9]+') |"
  done
  # Keep the last custom round's corpus for merge.sh (Fuzz/work/corpus/FuzzHotPath).
  mkdir -p "$WORK_DIR/corpus/$target"
  cp -n "$scratch/custom-$round/corpus"/* "$WORK_DIR/corpus/$target/" 2>/dev/null || true
done
