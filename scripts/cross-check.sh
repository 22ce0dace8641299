#!/usr/bin/env bash
# Cross-checks `parse --json` against the independent grammar oracle on N generated strings.
#   scripts/cross-check.sh [N] [SEED]      (needs python3 with the `regex` module)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-20000}
seed=${2:-1}
work=$(mktemp -d)
python3 scripts/rfc3986_oracle.py generate "$count" "$seed" > "$work/oracle.tsv"
cut -f1 "$work/oracle.tsv" > "$work/inputs.txt"
swift run -q parse --json < "$work/inputs.txt" > "$work/parse.jsonl" || true
python3 - "$work/oracle.tsv" "$work/parse.jsonl" <<'PY'
import json, sys
oracle = [l.rstrip("\n").split("\t") for l in open(sys.argv[1], encoding="utf-8")]
ours = [json.loads(l) for l in open(sys.argv[2], encoding="utf-8")]
assert len(oracle) == len(ours), (len(oracle), len(ours))
bad = 0
for row, report in zip(oracle, ours):
    text, status = row[0], row[1]
    if status == "valid":
        want = [None if f == "-" else f[1:] for f in row[2:]]
        c = report["components"]
        got = None if c is None else [c[k] for k in ("scheme", "userinfo", "host", "port", "path", "query", "fragment")]
        if not report["valid"] or got != want:
            bad += 1
            if bad <= 20: print("MISMATCH valid", repr(text), want, report.get("error"), got)
    else:
        offset = int(row[2])
        if report["valid"] or report["error"]["offset"] != offset:
            bad += 1
            if bad <= 20: print("MISMATCH invalid", repr(text), "oracle offset", offset, "ours", report.get("error"))
print(f"{len(oracle)} inputs, {bad} disagreements")
sys.exit(1 if bad else 0)
PY
