#!/usr/bin/env bash
# Measures how fast each target fuzzes: exec/s of a run from the committed corpus.
#
#   Fuzz/scripts/speed.sh [SECONDS] [TARGET…]      (default: 60 s, every target)
#
# For each target: a fresh copy of Corpus/TARGET, the target's dictionary and max_len,
# `-max_total_time=SECONDS`, one process, no fork. Prints one Markdown table row per target:
# exec/s (libFuzzer's final figure: all executions, corpus load included, over the whole run),
# runs, executions per CPU-second (runs over the process's user+system time: on a shared machine
# the wall-clock figure follows the load, this one much less), the coverage and feature counts
# libFuzzer reached (`cov:`, `ft:`), and the 1-minute load average when the run ended.
# Environment: BIN_DIR=DIR runs the binaries in DIR instead of Fuzz/.build/release (e.g. a copy of
# an older build, to compare); NO_BUILD=1 skips the build; EXTRA_FLAGS adds libFuzzer flags.
set -euo pipefail
source "$(dirname "$0")/common.sh"

seconds="${1:-60}"
shift || true
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || mapfile -t targets < <(all_targets)
[ -n "${NO_BUILD:-}" ] || [ -n "${BIN_DIR:-}" ] || "$FUZZ_DIR/scripts/build.sh" release >/dev/null
bin="${BIN_DIR:-$(bin_dir release)}"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
echo "| target | exec/s | runs | exec/CPU-s | cov | ft | corpus files | load average |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for target in "${targets[@]}"; do
  mkdir -p "$scratch/$target"
  cp "$CORPUS_DIR/$target"/* "$scratch/$target"/ 2>/dev/null || true
  log="$scratch/$target.log"
  # shellcheck disable=SC2046,SC2086
  /usr/bin/time -f '%U %S' -o "$scratch/$target.time" "$bin/$target" "$scratch/$target" $(fuzzer_flags "$target") -max_total_time="$seconds" \
    -print_final_stats=1 -artifact_prefix="$scratch/" ${EXTRA_FLAGS:-} >"$log" 2>&1 || {
    grep -E -A3 'property failed|Fatal error|ERROR:' "$log" | head -n 20 >&2
    echo "$target: crashed (log kept in $WORK_DIR/speed-$target.log)" >&2
    mkdir -p "$WORK_DIR" && cp "$log" "$WORK_DIR/speed-$target.log"
  }
  load="$(cut -d' ' -f1 /proc/loadavg)"
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)"
  last="$(grep -E '^#[0-9]+' "$log" | tail -n 1)"
  cov="$(grep -Eo 'cov: [0-9]+' <<<"$last" | grep -Eo '[0-9]+' || echo ?)"
  ft="$(grep -Eo 'ft: [0-9]+' <<<"$last" | grep -Eo '[0-9]+' || echo ?)"
  cpu="$(awk '{ print $1 + $2 }' "$scratch/$target.time" | tail -n 1)"
  per_cpu="$(awk -v runs="${runs:-0}" -v cpu="$cpu" 'BEGIN { printf "%d", (cpu > 0 ? runs / cpu : 0) }')"
  echo "| $target | $(exec_per_second "$log") | ${runs:-?} | $per_cpu | $cov | $ft | $(ls "$CORPUS_DIR/$target" | wc -l) | $load |"
done
