#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build script: builds every fuzz target of Fuzz/ and copies it to $OUT
# with its dictionary, its options file and `<target>_seed_corpus.zip` (Corpus/<target>/ plus the
# kept crashers in Corpus/regressions/<target>/).
#
# Run locally, without Docker, from the repository root:
#   OUT=/tmp/cflite-out SANITIZER=address .clusterfuzzlite/build.sh
#   OUT=/tmp/cflite-cov SANITIZER=coverage .clusterfuzzlite/build.sh
#
# The stock `precompile_swift` flags lack `--sanitize=fuzzer` and fail to link executable targets,
# so the flags are spelled out here (see Fuzz/scripts/common.sh for why both forms are needed).
# Binaries link the Swift runtime statically so that they run on the runner image.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
[ -d "$root/Fuzz" ] || root="$PWD"                     # OSS-Fuzz copies this script to $SRC
[ -d "$root/Fuzz" ] || root="$SRC/swift-redirect-uri"
: "${OUT:?set OUT to the output folder}"
sanitizer="${SANITIZER:-address}"
mkdir -p "$OUT"

case "$sanitizer" in
  address)
    flags=(--sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address) ;;
  coverage)
    flags=(--sanitize=fuzzer -Xswiftc -sanitize=fuzzer
           -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping) ;;
  *)
    echo "unsupported SANITIZER '$sanitizer' (address or coverage)" >&2; exit 1 ;;
esac
flags+=(--static-swift-stdlib -Xswiftc -static-stdlib)
if command -v ld.lld >/dev/null || [ -x "$(dirname "$(readlink -f "$(command -v swift)")")/ld.lld" ]; then
  flags+=(-Xswiftc -use-ld=lld)
fi

fuzz="$root/Fuzz"
scratch="$fuzz/.build/cflite-$sanitizer"
# OSS-Fuzz exports C/C++ sanitizer flags for C code; there is none here, and SwiftPM must not pass
# them to the Swift driver's clang invocations.
unset CFLAGS CXXFLAGS LDFLAGS || true
# One retry: SwiftPM can miss a source file added to the root package on the first incremental
# build of this dependent package (never on a fresh checkout, which is what CI builds).
(cd "$fuzz" && swift build -c release --scratch-path "$scratch" "${flags[@]}") \
  || (cd "$fuzz" && swift build -c release --scratch-path "$scratch" "${flags[@]}")
bin="$(cd "$fuzz" && swift build -c release --scratch-path "$scratch" "${flags[@]}" --show-bin-path)"

# Instrumentation guard (see Fuzz/scripts/build.sh): the library must carry libFuzzer's coverage
# hooks, and ASan's when building for address.
nm_tool="$(command -v llvm-nm || true)"
if [ -n "$nm_tool" ]; then
  symbols="$(for object in "$bin"/RedirectURIKit.build/*.o; do "$nm_tool" "$object"; done)"
  grep -Eq '__sanitizer_cov_trace|__sancov' <<<"$symbols" || { echo "error: RedirectURIKit is not coverage-instrumented" >&2; exit 1; }
  if [ "$sanitizer" = address ]; then
    grep -q '__asan_' <<<"$symbols" || { echo "error: RedirectURIKit is not ASan-instrumented" >&2; exit 1; }
  fi
fi

for dir in "$fuzz"/Sources/*; do
  target="$(basename "$dir")"
  # A fuzz target has its libFuzzer options next to it; the shared libraries have none.
  [ -f "$dir/$target.options" ] || continue
  cp "$bin/$target" "$OUT/$target"
  cp "$dir/$target.dict" "$dir/$target.options" "$OUT/"
  rm -f "$OUT/${target}_seed_corpus.zip"
  seeds=()
  for seed in "$root/Corpus/$target"/* "$root/Corpus/regressions/$target"/*; do
    [ -f "$seed" ] && seeds+=("$seed")
  done
  if [ "${#seeds[@]}" -gt 0 ]; then
    zip -q -j "$OUT/${target}_seed_corpus.zip" "${seeds[@]}"
  fi
  echo "built $target"
done
