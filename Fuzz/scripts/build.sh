#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer, and proves the build is
# instrumented.
#
#   Fuzz/scripts/build.sh [release|debug|all]     (default: all)
#
# Release finds bugs fast; debug runs the library's invariant assertions after every parse and
# Swift's debug checks, so it finds different ones. Binaries: Fuzz/.build/<config>/<Target>.
#
# The guard: every object file of the RedirectURI library that defines Swift functions must reference both
# libFuzzer's coverage hooks (`__sanitizer_cov_trace*` / `__sancov*`) and ASan (`__asan_*`), and
# a first run must report `Loaded 1 modules (N inline 8-bit counters)` with N well above zero.
# Without that a build can silently be blind or ASan-less (Fuzz/README.md, Scripts: build.sh).
# Extra `swift build` flags can be passed in FUZZ_BUILD_FLAGS.
set -euo pipefail
source "$(dirname "$0")/common.sh"

configs=("${1:-all}")
[ "${configs[0]}" = all ] && configs=(release debug)

for config in "${configs[@]}"; do
  case "$config" in release|debug) ;; *) echo "usage: $0 [release|debug|all]" >&2; exit 2 ;; esac
  echo "== swift build -c $config (fuzzer + address)"
  log="$(mktemp)"
  # shellcheck disable=SC2086
  # One retry: after a source file is added to the root package, SwiftPM's first build of this
  # dependent package can still use the old file list ("cannot find 'X' in scope").
  if ! (cd "$FUZZ_DIR" && swift build -c "$config" "${SANITIZER_FLAGS[@]}" "${LINKER_FLAGS[@]}" ${FUZZ_BUILD_FLAGS:-}) >"$log" 2>&1 \
    && ! (cd "$FUZZ_DIR" && swift build -c "$config" "${SANITIZER_FLAGS[@]}" "${LINKER_FLAGS[@]}" ${FUZZ_BUILD_FLAGS:-}) >"$log" 2>&1; then
    grep -v -e 'warning: .*gold' -e '^\[' "$log" >&2 || true
    rm -f "$log"
    echo "error: swift build -c $config failed" >&2
    exit 1
  fi
  grep -v -e 'warning: .*gold' -e '^\[' "$log" || true
  rm -f "$log"
  for target in $(all_targets); do
    [ -x "$(bin_dir "$config")/$target" ] || { echo "error: $config/$target was not built" >&2; exit 1; }
  done

  objects=("$(bin_dir "$config")"/RedirectURIKit.build/*.o)
  [ -e "${objects[0]}" ] || { echo "error: no RedirectURIKit object files in $(bin_dir "$config")" >&2; exit 1; }
  checked=0
  for object in "${objects[@]}"; do
    symbols="$("$LLVM_NM" "$object")"
    # Only objects that define Swift functions (`$s…`) must be instrumented: one whose code was
    # all inlined elsewhere holds nothing but sanitizer constructors.
    grep -Eq ' [Tt] \$s' <<<"$symbols" || continue
    grep -Eq '__sanitizer_cov_trace|__sancov' <<<"$symbols" \
      || { echo "error: $object has no libFuzzer coverage instrumentation" >&2; exit 1; }
    grep -q '__asan_' <<<"$symbols" \
      || { echo "error: $object has no AddressSanitizer instrumentation" >&2; exit 1; }
    checked=$((checked + 1))
  done
  [ "$checked" -gt 0 ] || { echo "error: no RedirectURIKit object file defines Swift functions" >&2; exit 1; }
  echo "guard: all $checked RedirectURIKit object files with code carry sancov and asan symbols"

  for target in $(all_targets); do
    log="$(mktemp)"
    "$(bin_dir "$config")/$target" -runs=1 </dev/null >"$log" 2>&1 || { cat "$log"; rm -f "$log"; exit 1; }
    counters="$(check_counters "$log")" || { rm -f "$log"; exit 1; }
    rm -f "$log"
    echo "guard: $config/$target loads $counters inline 8-bit counters"
  done
done
