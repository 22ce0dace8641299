#!/usr/bin/env bash
# Reproduces a crash: runs one input through the target, release and debug, with a demangled
# stack.
#
#   Fuzz/scripts/reproduce.sh FILE [TARGET]
#
# TARGET defaults to the folder name (Corpus/regressions/<Target>/FILE, Fuzz/work/artifacts/
# <Target>/crash-…) or a `<Target>-` prefix of the file name. Prints the input as hex. Exits 0 when
# neither build crashes. NO_BUILD=1 skips building.
set -euo pipefail
source "$(dirname "$0")/common.sh"

[ $# -ge 1 ] || { echo "usage: $0 FILE [TARGET]" >&2; exit 2; }
file="$(readlink -f "$1")"
target="${2:-}"
if [ -z "$target" ]; then
  for candidate in $(all_targets); do
    case "$file" in
      */"$candidate"/*|*/"$candidate"-*) target="$candidate" ;;
    esac
  done
fi
[ -n "$target" ] || { echo "cannot tell the target of $file; pass it as the second argument" >&2; exit 2; }

# Full allocation and free stacks in ASan reports (FuzzHotPath records none while fuzzing).
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}malloc_context_size=30"
scratch="$(mktemp -d)"   # libFuzzer writes a crash-* copy of a crashing input here
trap 'rm -rf "$scratch"' EXIT
echo "input ($(wc -c <"$file") bytes): $(od -An -tx1 -v "$file" | tr -d ' \n')"
crashed=0
for config in release debug; do
  [ -n "${NO_BUILD:-}" ] || "$FUZZ_DIR/scripts/build.sh" "$config" >/dev/null
  [ -x "$(bin_dir "$config")/$target" ] || { echo "== $config/$target: not built, skipped"; continue; }
  echo "== $config/$target"
  if "$(bin_dir "$config")/$target" -artifact_prefix="$scratch/" "$file" 2>&1 | "$SWIFT_DEMANGLE" -compact \
      | grep -v -e '^INFO:' -e '^MS:' -e '^base unit:' ; then :; fi
  if ! "$(bin_dir "$config")/$target" -artifact_prefix="$scratch/" "$file" >/dev/null 2>&1; then crashed=1; fi
done
if [ "$crashed" -ne 0 ]; then echo "crashes"; exit 1; fi
echo "no crash"
