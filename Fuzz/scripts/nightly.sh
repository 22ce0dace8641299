#!/usr/bin/env bash
# The nightly job, locally: fuzz every target in fork mode, fold new inputs into the committed
# corpus, measure coverage, and write a summary.
#
#   Fuzz/scripts/nightly.sh [SECONDS_PER_TARGET] [JOBS]      (defaults: 3600, number of cores)
#
# For each target: libFuzzer `-fork=JOBS -ignore_crashes=1` for SECONDS_PER_TARGET on a working
# copy of the corpus (Fuzz/work/corpus/TARGET), crashes to Fuzz/work/nightly/<stamp>/crashes/TARGET/.
# Then merge.sh minimizes Corpus/TARGET together with the new inputs (commit the result), and
# coverage.sh measures the line coverage of Sources/RedirectURIKit. The summary (exec/s, corpus size,
# crashes, coverage) is Fuzz/work/nightly/<stamp>/summary.md and is printed at the end.
# Exits 1 when any target crashed (the crashers stay in the report folder; minimize.sh keeps one
# as a regression).
set -euo pipefail
source "$(dirname "$0")/common.sh"

seconds="${1:-3600}"
jobs="${2:-$(nproc)}"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
report="$WORK_DIR/nightly/$stamp"
mkdir -p "$report"
"$FUZZ_DIR/scripts/build.sh" release >"$report/build.log"

declare -A rate crashes files_before
for target in $(all_targets); do
  corpus="$WORK_DIR/corpus/$target"
  mkdir -p "$corpus" "$report/crashes/$target"
  cp -n "$CORPUS_DIR/$target"/* "$corpus"/ 2>/dev/null || true
  files_before[$target]="$(ls "$CORPUS_DIR/$target" | wc -l)"
  log="$report/$target.log"
  echo "== $target: ${seconds}s, $jobs jobs"
  # shellcheck disable=SC2046
  "$(bin_dir release)/$target" "$corpus" $(fuzzer_flags "$target") -fork="$jobs" -ignore_crashes=1 \
    -max_total_time="$seconds" -artifact_prefix="$report/crashes/$target/" >"$log" 2>&1 || true
  check_counters "$log" >/dev/null || { echo "blind build" >&2; exit 1; }
  rate[$target]="$(exec_per_second "$log")"
  crashes[$target]="$(find "$report/crashes/$target" -type f | wc -l)"
done

"$FUZZ_DIR/scripts/merge.sh" >"$report/merge.log"
coverage="$("$FUZZ_DIR/scripts/coverage.sh" 2>&1 | tee "$report/coverage.log" | tail -n 1)"

{
  echo "# Nightly fuzzing $stamp"
  echo
  echo "$seconds s per target, $jobs fork jobs, $(swift --version 2>/dev/null | head -n 1)"
  echo
  echo "| target | exec/s | corpus before → after | crashes |"
  echo "|---|---:|---|---:|"
  total_crashes=0
  for target in $(all_targets); do
    echo "| $target | ${rate[$target]} | ${files_before[$target]} → $(ls "$CORPUS_DIR/$target" | wc -l) | ${crashes[$target]} |"
    total_crashes=$((total_crashes + crashes[$target]))
  done
  echo
  echo "$coverage"
  echo
  if [ "$total_crashes" -gt 0 ]; then
    echo "## Crashes"
    find "$report/crashes" -type f | sed "s|^|- |"
    echo
    echo "Reproduce with Fuzz/scripts/reproduce.sh FILE; keep with Fuzz/scripts/minimize.sh FILE."
  else
    echo "No crashes."
  fi
} >"$report/summary.md"
cat "$report/summary.md"
grep -q '^No crashes.' "$report/summary.md"
