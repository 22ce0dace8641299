#!/usr/bin/env bash
# Where a target's time goes, per input, in instructions (valgrind callgrind): repeatable where
# exec/s on this shared machine is not.
#
#   Fuzz/scripts/profile.sh TARGET [DIR…]       (default DIR: Corpus/TARGET)
#
# Builds the targets with libFuzzer's instrumentation but without ASan (valgrind cannot run ASan
# binaries; scratch path Fuzz/.build/profile), strips the debug info (valgrind 3.19 cannot read the
# DWARF 5 of the libFuzzer runtime), and runs every input of DIR once (`-runs=0`) under callgrind.
# Prints instructions per input of the whole entry point (property and library, coverage
# callbacks included; libFuzzer's own bookkeeping excluded) and the functions under it with the
# largest inclusive share. The full profile is Fuzz/work/profile/TARGET.callgrind (open it with
# callgrind_annotate or kcachegrind). ASan multiplies the cost of allocations and memory accesses on
# top of this; `perf record -g` on a real fuzzing run shows that part.
# Environment: NO_BUILD=1 skips the build; TOP=N changes the number of functions shown (40).
set -euo pipefail
source "$(dirname "$0")/common.sh"

[ $# -ge 1 ] || { echo "usage: $0 TARGET [DIR…]" >&2; exit 2; }
target="$1"
shift
dirs=("$@")
[ "${#dirs[@]}" -gt 0 ] || dirs=("$CORPUS_DIR/$target")
command -v valgrind >/dev/null || { echo "profile.sh: valgrind is not installed (apt-get install -y valgrind)" >&2; exit 2; }
scratch_path="$FUZZ_DIR/.build/profile"
if [ -z "${NO_BUILD:-}" ]; then
  (cd "$FUZZ_DIR" && swift build -c release --scratch-path "$scratch_path" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer "${LINKER_FLAGS[@]}") \
    2>&1 | grep -E 'error:' >&2 || true
fi
out="$WORK_DIR/profile"
mkdir -p "$out"
strip --strip-debug -o "$out/$target" "$scratch_path/release/$target"
valgrind --tool=callgrind --callgrind-out-file="$out/$target.callgrind" "$out/$target" -runs=0 "${dirs[@]}" >"$out/$target.log" 2>&1
runs="$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$out/$target.log" | tail -n 1)"
callgrind_annotate --inclusive=yes --threshold=100 "$out/$target.callgrind" 2>/dev/null | "$SWIFT_DEMANGLE" --simplified \
  | python3 -c '
import re, sys
runs = int(sys.argv[1]); top = int(sys.argv[2])
rows = []
for line in sys.stdin:
    m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+\S*?:(.*) \[", line)
    if m: rows.append((int(m.group(1).replace(",", "")), m.group(2)))
entry = next((cost for cost, name in rows if name == "LLVMFuzzerTestOneInput"), None)
if entry is None: sys.exit("no LLVMFuzzerTestOneInput in the profile")
print(f"{runs} inputs, {entry // runs:,} instructions per input in LLVMFuzzerTestOneInput")
print("instr/input".rjust(12), "share".rjust(6), " function (inclusive)")
shown = 0
for cost, name in rows:
    # The bookkeeping of libFuzzer itself (feature collection, logarithms of the entropic schedule) runs
    # outside the entry point; callgrind_annotate cannot tell, so leave it out by name.
    if cost > entry or name == "LLVMFuzzerTestOneInput" or name.startswith(("fuzzer::", "unsigned long fuzzer::", "log@", "__ieee754_log")):
        continue
    print(f"{cost // runs:>12,} {100 * cost / entry:5.1f}%  {name[:150]}")
    shown += 1
    if shown >= top: break
' "${runs:-1}" "${TOP:-40}"
