#!/usr/bin/env bash
# The hot operations in plain loops (Sources/plain-loop): instructions per operation (callgrind,
# the counted loop only) and time per operation (median and quartiles of R timed loops), next to
# measure-ops' count of the same call from .build/instructions/latest.json when
# scripts/instructions.sh has run. A figure that holds only inside our harness is not a result.
#
#     scripts/plain-loop.sh [--rounds R]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=31
if [ "${1:-}" = "--rounds" ]; then rounds="$2"; fi
command -v valgrind >/dev/null || { echo "plain-loop.sh: valgrind is not installed (apt-get install -y valgrind)" >&2; exit 2; }

# A failed build must stop the run: the binary of an earlier build would still be there, and
# its figures would be printed as today's.
if ! build_log="$(swift build -c release --product plain-loop 2>&1)"; then
  printf '%s\n' "$build_log" >&2
  echo "plain-loop.sh: the driver did not build" >&2
  exit 2
fi
printf '%s\n' "$build_log" | grep -vE '^\[[0-9]+/[0-9]+\]' || true
binary="$(swift build -c release --product plain-loop --show-bin-path)/plain-loop"
out=.build/plain-loop
mkdir -p "$out"

latest=.build/instructions/latest.json
printf '%-22s %12s %14s %22s %8s\n' operation "instr/op" "measure-ops" "ns/op median (IQR)" rounds
while IFS=$'\t' read -r op lines; do
  file="$out/${op//\//_}.callgrind"
  SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*plain_loop_counted*' \
    --callgrind-out-file="$file" "$binary" count "$op" </dev/null 2>/dev/null
  total=$(grep -E '^summary:|^totals:' "$file" | head -n 1 | awk '{print $2}')
  per_op=$(python3 -c "print(f'{$total / $lines:,.0f}')")
  harness=$(python3 - "$latest" "$op" <<'PY'
import json, sys
try:
    operations = json.load(open(sys.argv[1])).get("operations", {})
    value = operations.get(sys.argv[2], {}).get("instructions_per_op")
    print(f"{value:,.0f}" if value else "-")
except (OSError, ValueError):
    print("-")
PY
)
  IFS=$'\t' read -r _ median low high count < <(SWIFT_DETERMINISTIC_HASHING=1 "$binary" time "$op" --rounds "$rounds" </dev/null)
  printf '%-22s %12s %14s %22s %8s\n' "$op" "$per_op" "$harness" "$median ($low–$high)" "$count"
done < <("$binary" list)
echo
echo "instr/op: the counted loop's instructions ÷ its inputs: the call, the loop and a checksum fold."
echo "measure-ops: the same call through its closure-and-sink harness (scripts/instructions.sh), when counted."
