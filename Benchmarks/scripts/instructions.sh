#!/usr/bin/env bash
# Instructions per operation (valgrind callgrind) for the library and its Foundation peers on the
# benchmark corpus; --check gates the library against Thresholds/instructions.json, --update
# rewrites it. Builds only the measure-ops driver (release), not package-benchmark.
#
#     scripts/instructions.sh [--check | --update] [--filter REGEX] [--passes N] [--jobs J] [--library-only] [--last]
#
# See scripts/instructions.py for what is counted and ../README.md for how to read it.
set -euo pipefail
cd "$(dirname "$0")/.."

[[ " $* " == *" --last "* ]] || command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is not installed (apt-get install -y valgrind)" >&2; exit 2; }

# A failed build must stop the run: the binary of an earlier build would still be there, and
# its figures would be printed as today's.
if ! build_log="$(swift build -c release --product measure-ops 2>&1)"; then
  printf '%s\n' "$build_log" >&2
  echo "instructions.sh: the driver did not build" >&2
  exit 2
fi
printf '%s\n' "$build_log" | grep -vE '^\[[0-9]+/[0-9]+\]' || true
binary="$(swift build -c release --product measure-ops --show-bin-path)/measure-ops"
[ -x "$binary" ] || { echo "instructions.sh: the driver did not build ($binary)" >&2; exit 2; }

exec python3 scripts/instructions.py --binary "$binary" "$@"
