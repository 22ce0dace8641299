#!/usr/bin/env bash
# Time per operation over R interleaved rounds (library and Foundation peer side by side in every
# round), with the spread over rounds and the instruction ratio next to each time ratio. Builds
# only the measure-ops driver (release), not package-benchmark.
#
#     scripts/rounds.sh [--rounds R] [--sample-ms M] [--filter REGEX] [--pin CPU] [--raw FILE]
#
# See scripts/rounds.py and ../README.md. Times are only worth publishing from a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."

# A failed build must stop the run: the binary of an earlier build would still be there, and
# its figures would be printed as today's.
if ! build_log="$(swift build -c release --product measure-ops 2>&1)"; then
  printf '%s\n' "$build_log" >&2
  echo "rounds.sh: the driver did not build" >&2
  exit 2
fi
printf '%s\n' "$build_log" | grep -vE '^\[[0-9]+/[0-9]+\]' || true
binary="$(swift build -c release --product measure-ops --show-bin-path)/measure-ops"
[ -x "$binary" ] || { echo "rounds.sh: the driver did not build ($binary)" >&2; exit 2; }

exec python3 scripts/rounds.py --binary "$binary" "$@"
