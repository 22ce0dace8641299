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

swift build -c release --product measure-ops 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]' || true
binary="$(swift build -c release --product measure-ops --show-bin-path)/measure-ops"
[ -x "$binary" ] || { echo "instructions.sh: the driver did not build ($binary)" >&2; exit 2; }

exec python3 scripts/instructions.py --binary "$binary" "$@"
