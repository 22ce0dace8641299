#!/usr/bin/env bash
# Line coverage of the library by the committed corpus (llvm-cov).
#
#   Fuzz/scripts/coverage.sh [TARGET…]          (default: every target)
#
# Builds the targets with libFuzzer and profile instrumentation (debug, so lines map exactly;
# scratch path Fuzz/.build/coverage), runs every input of Corpus/TARGET and
# Corpus/regressions/TARGET once (through libFuzzer's crash-safe merge, so a crashing input does
# not stop the run), merges the profiles and reports on Sources/RedirectURIKit only:
#   Fuzz/work/coverage/report.txt   per-file table (llvm-cov report)
#   Fuzz/work/coverage/html/        annotated sources (llvm-cov show)
# The last line printed is the total line coverage of Sources/RedirectURIKit.
# CORPUS_ROOT=DIR reads DIR/TARGET instead of Corpus/TARGET (e.g. Fuzz/work/corpus).
set -euo pipefail
source "$(dirname "$0")/common.sh"

targets=("$@")
[ "${#targets[@]}" -gt 0 ] || mapfile -t targets < <(all_targets)
scratch_path="$FUZZ_DIR/.build/coverage"
out="$WORK_DIR/coverage"
rm -rf "$out"
mkdir -p "$out/profiles"

flags=(--sanitize=fuzzer -Xswiftc -sanitize=fuzzer -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping)
echo "== swift build -c debug (fuzzer + profile) in $scratch_path"
# One retry, as in build.sh (SwiftPM can miss a newly added source file on the first build).
if ! (cd "$FUZZ_DIR" && swift build -c debug --scratch-path "$scratch_path" "${flags[@]}" "${LINKER_FLAGS[@]}") >"$out/build.log" 2>&1 \
  && ! (cd "$FUZZ_DIR" && swift build -c debug --scratch-path "$scratch_path" "${flags[@]}" "${LINKER_FLAGS[@]}") >"$out/build.log" 2>&1; then
  grep -v -e 'warning: .*gold' -e '^\[' "$out/build.log" >&2 || true
  exit 1
fi
bin="$scratch_path/debug"

objects=()
for target in "${targets[@]}"; do
  corpus="${CORPUS_ROOT:-$CORPUS_DIR}/$target"
  inputs=()
  for dir in "$corpus" "$REGRESSIONS_DIR/$target"; do [ -d "$dir" ] && inputs+=("$dir"); done
  [ "${#inputs[@]}" -gt 0 ] || { echo "$target: no corpus" >&2; continue; }
  empty="$(mktemp -d)"
  LLVM_PROFILE_FILE="$out/profiles/$target-%p.profraw" \
    "$bin/$target" -merge=1 -artifact_prefix="$out/$target-" "$empty" "${inputs[@]}" >"$out/$target.log" 2>&1 || true
  rm -rf "$empty"
  echo "$target: ran $(ls "$corpus" 2>/dev/null | wc -l) corpus + $(ls "$REGRESSIONS_DIR/$target" 2>/dev/null | wc -l) regression inputs"
  objects+=(-object "$bin/$target")
done

"$LLVM_PROFDATA" merge -sparse "$out"/profiles/*.profraw -o "$out/merged.profdata"
first="${objects[1]}"
rest=("${objects[@]:2}")
"$LLVM_COV" report "$first" "${rest[@]}" -instr-profile="$out/merged.profdata" "$LIBRARY_SOURCES" >"$out/report.txt"
"$LLVM_COV" show "$first" "${rest[@]}" -instr-profile="$out/merged.profdata" -format=html \
  -output-dir="$out/html" -show-line-counts-or-regions "$LIBRARY_SOURCES" >/dev/null
sed "s|$LIBRARY_SOURCES/||" "$out/report.txt"
"$LLVM_COV" export "$first" "${rest[@]}" -instr-profile="$out/merged.profdata" -summary-only "$LIBRARY_SOURCES" >"$out/summary.json"
read -r covered count percent < <(python3 -c '
import json, sys
lines = json.load(open(sys.argv[1]))["data"][0]["totals"]["lines"]
print(lines["covered"], lines["count"], "%.2f" % lines["percent"])' "$out/summary.json")
echo "line coverage of Sources/RedirectURIKit by the corpus: $percent% ($covered/$count lines; report: $out/report.txt, html: $out/html/index.html)"
