#!/usr/bin/env bash
# ClusterFuzzLite's build and run, without Docker: runs .clusterfuzzlite/build.sh the way the
# OSS-Fuzz base-builder-swift image runs it, then every fuzzer it produced for a few seconds from
# its seed corpus the way the base-runner image's `run_fuzzer` does. Fails on a build error, on a
# target of Fuzz/ that the build did not produce, and on any crash, leak or timeout.
#
#   Fuzz/scripts/cflite-local.sh [SECONDS]       (default 10 per fuzzer; SANITIZER=address)
#   KEEP=1 Fuzz/scripts/cflite-local.sh           keeps the folders and prints where they are
#   CFLITE_BASE=DIR Fuzz/scripts/cflite-local.sh  runs again in those folders (an incremental build)
#
# This is an emulation, not the image: there is no Docker here. What it reproduces, from the
# images' Dockerfiles and scripts (google/oss-fuzz infra/base-images):
# - the folders: a fresh copy of the repository's files at $SRC/swift-redirect-uri (the
#   Dockerfile's COPY), build.sh at $SRC/build.sh, run from that folder (its WORKDIR); $OUT and
#   $WORK empty;
# - base-builder's and `compile`'s environment for SANITIZER=address: FUZZING_ENGINE=libfuzzer,
#   FUZZING_LANGUAGE=swift, ARCHITECTURE=x86_64, LIB_FUZZING_ENGINE, CC/CXX, and CFLAGS/CXXFLAGS
#   as `compile` composes them (base-clang's flags, then the sanitizer's and the coverage flags);
# - `precompile_swift`, which build.sh sources: a stand-in on the PATH that does what the image's
#   does (copy a Swift-aware llvm-symbolizer to $OUT, export SWIFTFLAGS with the static Swift
#   runtime, the sanitizer and each CFLAGS/CXXFLAGS word as -Xcc=/-Xcxx=);
# - base-runner's ASAN_OPTIONS and FUZZER_ARGS, and `run_fuzzer`'s use of the seed corpus zip, the
#   options file's [libfuzzer] and [asan] sections and the dictionary.
# What differs: the toolchain is this machine's Swift (the image ships Swift 6.2.3), the OS is this
# machine's, and the symbolizer is the toolchain's llvm-symbolizer (the image builds its own).
set -euo pipefail
source "$(dirname "$0")/common.sh"

seconds="${1:-10}"
export SANITIZER="${SANITIZER:-address}"
if [ -n "${CFLITE_BASE:-}" ]; then
  # Reuse the folders of an earlier run (KEEP=1 printed them): the build is incremental.
  base="$CFLITE_BASE"
  rm -rf "$base/out" "$base/corpus"
else
  base="$(mktemp -d)"
  if [ -n "${KEEP:-}" ]; then echo "cflite-local: folders kept in $base"; else trap 'rm -rf "$base"' EXIT; fi
fi
export SRC="$base/src" OUT="$base/out" WORK="$base/work"
mkdir -p "$SRC/swift-redirect-uri" "$OUT" "$WORK" "$base/bin"

# The repository as a fresh clone has it (tracked and new, unignored files; no .build).
(cd "$ROOT_DIR" && git ls-files -z --cached --others --exclude-standard | tar -cf - --null --no-recursion -T -) \
  | tar -xf - -C "$SRC/swift-redirect-uri"
cp "$ROOT_DIR/.clusterfuzzlite/build.sh" "$SRC/build.sh"

# base-clang's CFLAGS, then `compile`'s additions for libFuzzer with AddressSanitizer.
base_cflags="-O1 -fno-omit-frame-pointer -gline-tables-only -Wno-error=incompatible-function-pointer-types \
-Wno-error=int-conversion -Wno-error=deprecated-declarations -Wno-error=implicit-function-declaration \
-Wno-error=implicit-int -Wno-error=unknown-warning-option -Wno-error=vla-cxx-extension \
-DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
case "$SANITIZER" in
  address) sanitizer_flags="-fsanitize=address -fsanitize-address-use-after-scope"; coverage_flags="-fsanitize=fuzzer-no-link" ;;
  coverage) sanitizer_flags=""; coverage_flags="-fprofile-instr-generate -fcoverage-mapping -pthread -Wl,--no-as-needed -Wl,-ldl -Wl,-lm -Wno-unused-command-line-argument" ;;
  *) echo "cflite-local: SANITIZER must be address or coverage" >&2; exit 2 ;;
esac
export CFLAGS="$base_cflags $sanitizer_flags $coverage_flags"
export CXXFLAGS="$CFLAGS -stdlib=libc++"
export CC=clang CXX=clang++ CCC=clang++
export FUZZING_ENGINE=libfuzzer FUZZING_LANGUAGE=swift ARCHITECTURE=x86_64
export LIB_FUZZING_ENGINE=/usr/lib/libFuzzingEngine.a SANITIZER_FLAGS="$sanitizer_flags" COVERAGE_FLAGS="$coverage_flags"

# The stand-in for the image's /usr/local/bin/precompile_swift (sourced by build.sh).
cat >"$base/bin/precompile_swift" <<EOF
cp "$(tool llvm-symbolizer)" "\$OUT/llvm-symbolizer"
export SWIFTFLAGS="-Xswiftc -parse-as-library -Xswiftc -static-stdlib --static-swift-stdlib"
if [ "\$SANITIZER" = coverage ]; then
  export SWIFTFLAGS="\$SWIFTFLAGS -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping -Xswiftc -sanitize=fuzzer"
else
  export SWIFTFLAGS="\$SWIFTFLAGS -Xswiftc -sanitize=fuzzer,\$SANITIZER --sanitize=\$SANITIZER"
  for f in \$CFLAGS; do export SWIFTFLAGS="\$SWIFTFLAGS -Xcc=\$f"; done
  for f in \$CXXFLAGS; do export SWIFTFLAGS="\$SWIFTFLAGS -Xcxx=\$f"; done
fi
EOF
export PATH="$base/bin:$PATH"

started=$SECONDS
(cd "$SRC/swift-redirect-uri" && bash -eu "$SRC/build.sh") >"$base/build.log" 2>&1 || {
  tail -n 40 "$base/build.log" >&2
  echo "cflite-local: build.sh failed" >&2
  exit 1
}
echo "cflite-local: build.sh built $(grep -c '^built ' "$base/build.log") fuzzers in $((SECONDS - started)) s"
[ -x "$OUT/llvm-symbolizer" ] || { echo "cflite-local: no llvm-symbolizer in \$OUT (precompile_swift was not sourced)" >&2; exit 1; }

[ "$SANITIZER" = address ] || exit 0

# base-runner's environment for running a fuzzer.
asan_options="alloc_dealloc_mismatch=0:allocator_may_return_null=1:allocator_release_to_os_interval_ms=500:check_malloc_usable_size=0:detect_container_overflow=1:detect_odr_violation=0:detect_leaks=1:detect_stack_use_after_return=1:fast_unwind_on_fatal=0:handle_abort=1:handle_segv=1:handle_sigill=1:max_uar_stack_size_log=16:print_scariness=1:quarantine_size_mb=10:strict_memcmp=1:symbolize=1:use_sigaltstack=1:dedup_token_length=3"
fuzzer_args=(-rss_limit_mb=2560 -timeout=25)
# `key = value` lines of one section of an options file, as -key=value (libfuzzer) or key=value.
section() {
  awk -v want="[$2]" '/^\[/ { on = ($0 == want); next } on && /=/ { gsub(/[ \t]/, ""); print }' "$1"
}

failed=()
for target in $(all_targets); do
  if [ ! -x "$OUT/$target" ]; then
    echo "cflite-local: build.sh did not produce $target" >&2
    failed+=("$target")
    continue
  fi
  corpus="$base/corpus/$target"
  mkdir -p "$corpus"
  [ -f "$OUT/${target}_seed_corpus.zip" ] && unzip -q -o -d "$corpus" "$OUT/${target}_seed_corpus.zip"
  options=()
  while read -r line; do [ -n "$line" ] && options+=("-$line"); done < <(section "$OUT/$target.options" libfuzzer)
  target_asan="$asan_options"
  while read -r line; do [ -n "$line" ] && target_asan="$target_asan:$line"; done < <(section "$OUT/$target.options" asan)
  log="$base/$target.log"
  if (cd "$OUT" && ASAN_OPTIONS="$target_asan" SWIFT_BACKTRACE=enable=no ./"$target" "${fuzzer_args[@]}" \
    -max_total_time="$seconds" -artifact_prefix="$base/" "$corpus" "${options[@]}" </dev/null >"$log" 2>&1); then
    echo "cflite-local: $target ran ${seconds} s from $(find "$corpus" -type f | wc -l) seeds: $(grep -Eo 'Done [0-9]+ runs in [0-9]+ second' "$log" | head -n 1)s"
  else
    grep -E -B2 -A30 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|Fatal error|property failed' "$log" | head -n 60 >&2
    echo "cflite-local: $target FAILED (log: $log)" >&2
    failed+=("$target")
  fi
done
if [ "${#failed[@]}" -gt 0 ]; then
  [ -n "${KEEP:-}" ] || trap - EXIT
  echo "cflite-local: FAILED: ${failed[*]} (folders kept in $base)" >&2
  exit 1
fi
echo "cflite-local: $(all_targets | wc -l) fuzzers ran ${seconds} s each without a crash"
