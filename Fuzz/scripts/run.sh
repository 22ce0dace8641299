#!/usr/bin/env bash
# Runs one fuzz target for a given time.
#
#   Fuzz/scripts/run.sh TARGET SECONDS [libFuzzer flags…]
#   e.g. Fuzz/scripts/run.sh FuzzParse 600 -jobs=2 -workers=2
#
# Fuzzes a working copy of the committed corpus (Fuzz/work/corpus/TARGET, seeded from
# Corpus/TARGET; fold new inputs back with merge.sh) with the target's dictionary and max_len.
# Crashes land in Fuzz/work/artifacts/TARGET/. Environment: CONFIG=debug to use the debug build
# (default release), NO_BUILD=1 to skip the build, LOG=FILE to keep libFuzzer's output.
# Exits non-zero when the target crashes or the build is blind; prints exec/s at the end.
set -euo pipefail
source "$(dirname "$0")/common.sh"

[ $# -ge 2 ] || { echo "usage: $0 TARGET SECONDS [libFuzzer flags…]" >&2; exit 2; }
target="$1" seconds="$2"; shift 2
config="${CONFIG:-release}"
[ -d "$FUZZ_DIR/Sources/$target" ] || { echo "unknown target $target; targets: $(all_targets | tr '\n' ' ')" >&2; exit 2; }
[ -n "${NO_BUILD:-}" ] || "$FUZZ_DIR/scripts/build.sh" "$config" >/dev/null

corpus="$WORK_DIR/corpus/$target"
artifacts="$WORK_DIR/artifacts/$target"
mkdir -p "$corpus" "$artifacts" "$CORPUS_DIR/$target"
cp -n "$CORPUS_DIR/$target"/* "$corpus"/ 2>/dev/null || true
log="${LOG:-$(mktemp)}"

status=0
# shellcheck disable=SC2046
"$(bin_dir "$config")/$target" "$corpus" $(fuzzer_flags "$target") \
  -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$artifacts/" "$@" >"$log" 2>&1 || status=$?

counters="$(check_counters "$log")" || status=1
if [ "$status" -ne 0 ]; then
  grep -E -A3 'property failed|Fatal error|ERROR: (AddressSanitizer|libFuzzer)' "$log" | head -n 40 | "$SWIFT_DEMANGLE" -compact >&2 || true
  echo "$target: FAILED (status $status); log: $log; artifacts: $artifacts" >&2
  exit 1
fi
runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)"
echo "$target: ok, ${seconds}s, ${runs:-?} runs, $(exec_per_second "$log") exec/s, $counters counters, corpus $(ls "$corpus" | wc -l) files"
[ -n "${LOG:-}" ] || rm -f "$log"
