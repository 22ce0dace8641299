#!/usr/bin/env bash
# Merges new inputs into the committed corpus and minimizes it.
#
#   Fuzz/scripts/merge.sh [TARGET…] [-- EXTRA_DIR…]     (default: every target)
#
# For each target, libFuzzer's crash-safe `-set_cover_merge=1` keeps a small set of inputs of
# Corpus/TARGET, Fuzz/work/corpus/TARGET and any EXTRA_DIR that covers all their features, named
# by SHA-1; that set replaces Corpus/TARGET (about half the size `-merge=1` keeps; MERGE_MODE=merge
# to use that instead; merge_flags in common.sh adds a target's own). Inputs above the target's max_len are dropped; inputs that crash are left
# out and copied to Fuzz/work/artifacts/TARGET/.
set -euo pipefail
source "$(dirname "$0")/common.sh"

targets=()
extra=()
while [ $# -gt 0 ]; do
  if [ "$1" = -- ]; then shift; extra=("$@"); break; fi
  targets+=("$1"); shift
done
[ "${#targets[@]}" -gt 0 ] || mapfile -t targets < <(all_targets)
[ -n "${NO_BUILD:-}" ] || "$FUZZ_DIR/scripts/build.sh" release >/dev/null

for target in "${targets[@]}"; do
  merged="$(mktemp -d)"
  sources=("$CORPUS_DIR/$target")
  [ -d "$WORK_DIR/corpus/$target" ] && sources+=("$WORK_DIR/corpus/$target")
  for dir in "${extra[@]}"; do [ -d "$dir" ] && sources+=("$dir"); done
  mkdir -p "$CORPUS_DIR/$target"
  before="$(ls "$CORPUS_DIR/$target" | wc -l)"
  log="$(mktemp)"
  max_len="$(option "$target" max_len)"
  # shellcheck disable=SC2046
  if ! "$(bin_dir release)/$target" -"${MERGE_MODE:-set_cover_merge}"=1 ${max_len:+-max_len=$max_len} $(merge_flags "$target") -artifact_prefix="$merged.crash-" "$merged" "${sources[@]}" >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    echo "$target: merge failed; corpus left as it was" >&2
    rm -rf "$merged" "$merged".crash-* "$log"
    exit 1
  fi
  rm -f "$CORPUS_DIR/$target"/*
  cp "$merged"/* "$CORPUS_DIR/$target"/ 2>/dev/null || true
  echo "$target: corpus $before -> $(ls "$CORPUS_DIR/$target" | wc -l) files, $(du -sk "$CORPUS_DIR/$target" | cut -f1) KB"
  crashers=("$merged".crash-*)
  if [ -e "${crashers[0]}" ]; then
    echo "$target: warning: ${#crashers[@]} input(s) crash the target and were left out; reproduce with reproduce.sh:" >&2
    mkdir -p "$WORK_DIR/artifacts/$target"
    for crasher in "${crashers[@]}"; do cp "$crasher" "$WORK_DIR/artifacts/$target/"; echo "  $WORK_DIR/artifacts/$target/$(basename "$crasher")" >&2; done
  fi
  rm -rf "$merged" "$merged".crash-* "$log"
done
