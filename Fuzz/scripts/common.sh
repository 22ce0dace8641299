# Shared settings for the fuzz scripts; sourced, not run.
#
# Layout: Fuzz/ is a SwiftPM package of its own (one executable target per property); the seed
# corpus is ../Corpus/<Target>/, crashers are kept in ../Corpus/regressions/<Target>/; scratch
# state (working corpora, artifacts, profiles, nightly reports) goes to Fuzz/work/ (git-ignored).

FUZZ_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROOT_DIR="$(cd "$FUZZ_DIR/.." && pwd)"
CORPUS_DIR="$ROOT_DIR/Corpus"
REGRESSIONS_DIR="$CORPUS_DIR/regressions"
WORK_DIR="${FUZZ_WORK_DIR:-$FUZZ_DIR/work}"
LIBRARY_SOURCES="$ROOT_DIR/Sources/RedirectURIKit"

# Swift's own crash handler would run before libFuzzer's and make ASan report a false stack
# overflow; deterministic hashing makes runs reproducible.
export SWIFT_BACKTRACE=enable=no
export SWIFT_DETERMINISTIC_HASHING=1

# LLVM tools from the Swift toolchain (they match its profile format); fall back to PATH.
TOOLCHAIN_BIN="$(dirname "$(readlink -f "$(command -v swift)")")"
tool() { if [ -x "$TOOLCHAIN_BIN/$1" ]; then echo "$TOOLCHAIN_BIN/$1"; else command -v "$1"; fi; }
LLVM_NM="$(tool llvm-nm)"
LLVM_COV="$(tool llvm-cov)"
LLVM_PROFDATA="$(tool llvm-profdata)"
SWIFT_DEMANGLE="$(tool swift-demangle || echo cat)"

# The fuzz targets: every Sources/<Target> folder with a <Target>.options file (the shared
# FuzzProperties and FuzzSupport libraries have none).
all_targets() {
  local dir
  for dir in "$FUZZ_DIR"/Sources/*; do
    [ -f "$dir/$(basename "$dir").options" ] && basename "$dir"
  done
  return 0
}

# `--sanitize=fuzzer` keeps SwiftPM from renaming the entry point; the single comma-joined
# `-Xswiftc -sanitize=fuzzer,address` makes the compiler see both sanitizers whatever order
# SwiftPM emits its own flags in (the driver keeps only the last `-sanitize=`).
SANITIZER_FLAGS=(--sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address)
if [ -x "$TOOLCHAIN_BIN/ld.lld" ] || command -v ld.lld >/dev/null; then
  LINKER_FLAGS=(-Xswiftc -use-ld=lld)
else
  LINKER_FLAGS=()
fi

bin_dir() { echo "$FUZZ_DIR/.build/$1"; }   # release | debug

# A value from a target's .options file ([libfuzzer] key = value), empty when absent.
option() {
  local target="$1" key="$2" file="$FUZZ_DIR/Sources/$1/$1.options"
  [ -f "$file" ] || return 0
  sed -n "s/^[[:space:]]*$key[[:space:]]*=[[:space:]]*//p" "$file" | head -n 1
}

# Extra flags for merging a target's corpus. FuzzVerify reads its input as a recipe that drives the
# model and the library through many hit-count buckets; merging on edges alone keeps a few hundred
# inputs instead of well over a thousand. FuzzHotPath keeps its hit-count features (about 1,200
# inputs): merged on edges alone (216 inputs), every run spent its first minutes finding the same
# 1,700 inputs again and writing them out (a tenth of its time in file creation, by `perf`), at
# 20.7k exec/s over 30 s instead of 23k.
merge_flags() {
  case "$1" in
    FuzzVerify) echo "-use_counters=0" ;;
  esac
}

# libFuzzer flags from the target's .options file.
fuzzer_flags() {
  local target="$1" max_len
  echo "-dict=$FUZZ_DIR/Sources/$target/$target.dict"
  max_len="$(option "$target" max_len)"
  [ -z "$max_len" ] || echo "-max_len=$max_len"
  # Optional per target: a per-input timeout, and leak detection off where Foundation leaks.
  local key value
  for key in timeout detect_leaks; do
    value="$(option "$target" "$key")"
    [ -z "$value" ] || echo "-$key=$value"
  done
}

# Fails unless libFuzzer reports a non-trivial number of coverage counters: a blind build fuzzes
# at full speed and finds nothing.
check_counters() {
  local log="$1" counters
  counters="$(sed -n 's/.*Loaded 1 modules *(\([0-9]*\) inline 8-bit counters).*/\1/p' "$log" | head -n 1)"
  if [ -z "$counters" ] || [ "$counters" -lt 500 ]; then
    echo "error: blind build: libFuzzer loaded ${counters:-no} inline 8-bit counters ($log)" >&2
    return 1
  fi
  echo "$counters"
}

# exec/s from libFuzzer's last status line.
exec_per_second() {
  grep -Eo 'exec/s:? [0-9]+' "$1" | tail -n 1 | grep -Eo '[0-9]+' || echo 0
}
