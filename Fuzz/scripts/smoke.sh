#!/usr/bin/env bash
# CI smoke run: builds the release fuzz targets (with the instrumentation guard), replays every
# kept crasher, then fuzzes each target briefly from the committed corpus.
#
#   Fuzz/scripts/smoke.sh            (SMOKE_SECONDS per target, default 30)
#
# Fails on any crash, on a regression input that still crashes, or on a blind build (libFuzzer
# must report `Loaded 1 modules (N inline 8-bit counters)` with N well above zero). Never
# modifies the committed corpus. Called by .ci/run after `swift test`.
set -euo pipefail
source "$(dirname "$0")/common.sh"

seconds="${SMOKE_SECONDS:-30}"
"$FUZZ_DIR/scripts/build.sh" release
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

failed=()
for target in $(all_targets); do
  binary="$(bin_dir release)/$target"
  regressions=("$REGRESSIONS_DIR/$target"/*)
  if [ -e "${regressions[0]}" ]; then
    if "$binary" -artifact_prefix="$scratch/" "${regressions[@]}" >"$scratch/$target.replay.log" 2>&1; then
      echo "$target: ${#regressions[@]} regression inputs pass"
    else
      grep -E -A3 'Running:|property failed|Fatal error|ERROR:' "$scratch/$target.replay.log" | tail -n 20 >&2
      echo "$target: a regression input crashes again" >&2
      failed+=("$target")
      continue
    fi
  fi
  mkdir -p "$scratch/corpus/$target"
  cp "$CORPUS_DIR/$target"/* "$scratch/corpus/$target"/ 2>/dev/null || true
  if ! FUZZ_WORK_DIR="$scratch" NO_BUILD=1 "$FUZZ_DIR/scripts/run.sh" "$target" "$seconds"; then
    failed+=("$target")
    # Keep the crash (Fuzz/work/artifacts/, git-ignored) and show it.
    mkdir -p "$WORK_DIR/artifacts/$target"
    for crash in "$scratch/artifacts/$target"/*; do
      [ -f "$crash" ] || continue
      cp "$crash" "$WORK_DIR/artifacts/$target/"
      echo "crash: $WORK_DIR/artifacts/$target/$(basename "$crash") hex: $(od -An -tx1 -v "$crash" | tr -d ' \n' | head -c 2000)" >&2
    done
  fi
done

if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz smoke run FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz smoke run passed ($(all_targets | wc -l) targets, ${seconds}s each)"
