#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build script: builds every fuzz target of Fuzz/ and copies it to $OUT
# with its dictionary, its options file and `<target>_seed_corpus.zip` (Corpus/<target>/ plus the
# kept crashers in Corpus/regressions/<target>/).
#
# It runs in the base-builder-swift image (Swift 6.2.3 on Ubuntu 24.04), which sets $SRC, $OUT,
# $WORK, $SANITIZER, $CFLAGS and $CXXFLAGS, and puts `precompile_swift` on the PATH. As every Swift
# project of OSS-Fuzz does, this script sources `precompile_swift` first: it copies the image's
# Swift-aware llvm-symbolizer to $OUT, so that crash stacks are symbolized with demangled Swift
# names, and exports $SWIFTFLAGS (the static Swift runtime, the sanitizer, $CFLAGS as -Xcc and
# $CXXFLAGS as -Xcxx). Those flags predate SwiftPM 6.2, whose `--sanitize=fuzzer` is what keeps an
# executable target's entry point from being renamed (without it the link fails with an undefined
# `<Target>_main`), so it is added here, as swift-protobuf's OSS-Fuzz build does for its 6.2
# manifest. See Fuzz/scripts/common.sh for why the comma-joined `-sanitize=fuzzer,address` must
# stay.
#
# Without Docker, `Fuzz/scripts/cflite-local.sh` runs this script in temporary folders with the
# image's environment and a stand-in for `precompile_swift`, then runs every fuzzer it produced;
# `.ci/run` does that on every change.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
[ -d "$root/Fuzz" ] || root="$PWD"                     # OSS-Fuzz copies this script to $SRC
[ -d "$root/Fuzz" ] || root="$SRC/swift-redirect-uri"
: "${OUT:?set OUT to the output folder}"
: "${SANITIZER:=address}"
mkdir -p "$OUT"

case "$SANITIZER" in
  address | coverage) ;;
  *) echo "unsupported SANITIZER '$SANITIZER' (address or coverage)" >&2; exit 1 ;;
esac

# shellcheck source=/dev/null
. precompile_swift
SWIFTFLAGS="$SWIFTFLAGS --sanitize=fuzzer"
if command -v ld.lld >/dev/null || [ -x "$(dirname "$(readlink -f "$(command -v swift)")")/ld.lld" ]; then
  SWIFTFLAGS="$SWIFTFLAGS -Xswiftc -use-ld=lld"
fi

fuzz="$root/Fuzz"
scratch="$fuzz/.build/cflite-$SANITIZER"

# The static Swift runtime is linked with `--exclude-libs ALL`, which also hides AddressSanitizer's
# malloc and free from libc; Fuzz/Sources/CFuzzLibcAllocation keeps libc's asprintf from handing
# the program a buffer ASan did not allocate (Fuzz/README.md, ClusterFuzzLite).

# $SWIFTFLAGS is a list of words, as precompile_swift writes it.
# shellcheck disable=SC2086
build() { (cd "$fuzz" && swift build -c release --scratch-path "$scratch" $SWIFTFLAGS "$@"); }
# One retry: SwiftPM can miss a source file added to the root package on the first incremental
# build of this dependent package (never on a fresh checkout, which is what CI builds).
build || build
bin="$(build --show-bin-path)"

# Instrumentation guard (see Fuzz/scripts/build.sh): the library must carry libFuzzer's coverage
# hooks, and ASan's when building for address.
nm_tool="$(command -v llvm-nm || true)"
toolchain_nm="$(dirname "$(readlink -f "$(command -v swift)")")/llvm-nm"
[ -x "$toolchain_nm" ] && nm_tool="$toolchain_nm"
if [ -n "$nm_tool" ]; then
  symbols="$(for object in "$bin"/RedirectURIKit.build/*.o; do "$nm_tool" "$object"; done)"
  grep -Eq '__sanitizer_cov_trace|__sancov' <<<"$symbols" || { echo "error: RedirectURIKit is not coverage-instrumented" >&2; exit 1; }
  if [ "$SANITIZER" = address ]; then
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
