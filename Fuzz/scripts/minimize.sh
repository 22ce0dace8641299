#!/usr/bin/env bash
# Minimizes a crashing input and keeps it as a regression.
#
#   Fuzz/scripts/minimize.sh FILE [TARGET] [NAME]
#
# Runs libFuzzer's `-minimize_crash=1` (60 s, MINIMIZE_SECONDS to change) on the release build and
# writes the smallest input that still crashes to Corpus/regressions/TARGET/NAME (default: the
# input's SHA-1). TARGET is inferred as in reproduce.sh. Keep the file after the fix: smoke.sh
# replays every regression input, and the root package's `swift test` replays them too.
set -euo pipefail
source "$(dirname "$0")/common.sh"

[ $# -ge 1 ] || { echo "usage: $0 FILE [TARGET] [NAME]" >&2; exit 2; }
file="$(readlink -f "$1")"
target="${2:-}"
if [ -z "$target" ]; then
  for candidate in $(all_targets); do
    case "$file" in */"$candidate"/*|*/"$candidate"-*) target="$candidate" ;; esac
  done
fi
[ -n "$target" ] || { echo "cannot tell the target of $file; pass it as the second argument" >&2; exit 2; }
[ -n "${NO_BUILD:-}" ] || "$FUZZ_DIR/scripts/build.sh" release >/dev/null

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
"$(bin_dir release)/$target" "$file" -minimize_crash=1 -max_total_time="${MINIMIZE_SECONDS:-60}" \
  -exact_artifact_path="$scratch/minimized" -artifact_prefix="$scratch/" >"$scratch/log" 2>&1 || true
[ -s "$scratch/minimized" ] || cp "$file" "$scratch/minimized"
if "$(bin_dir release)/$target" -artifact_prefix="$scratch/" "$scratch/minimized" >/dev/null 2>&1; then
  echo "error: $file does not crash $target" >&2
  exit 1
fi
name="${3:-$(sha1sum "$scratch/minimized" | cut -c1-40)}"
mkdir -p "$REGRESSIONS_DIR/$target"
cp "$scratch/minimized" "$REGRESSIONS_DIR/$target/$name"
echo "kept Corpus/regressions/$target/$name ($(wc -c <"$scratch/minimized") bytes)"
echo "hex: $(od -An -tx1 -v "$scratch/minimized" | tr -d ' \n')"
"$(bin_dir release)/$target" -artifact_prefix="$scratch/" "$scratch/minimized" 2>&1 | grep -A1 -E 'property failed|Fatal error|ERROR: AddressSanitizer' | head -n 4 || true
