#!/usr/bin/env python3
"""Instructions per operation, counted by valgrind's callgrind, for the library and its Foundation peers.

Run through scripts/instructions.sh, which builds the measure-ops driver first:

    scripts/instructions.sh                    # count every operation, print the table, ratios, targets
    scripts/instructions.sh --check            # and compare with Thresholds/instructions.json (CI)
    scripts/instructions.sh --update           # and rewrite Thresholds/instructions.json
    scripts/instructions.sh --filter '^c/'     # only the operations whose id matches a regex

Each operation runs in its own process: `measure-ops count OP --passes N` makes one warm pass over
the operation's corpus lines (not counted), then N passes inside `measure_ops_counted_passes`, the
only function callgrind collects in (`--collect-atstart=no --toggle-collect=...`). Instructions per
operation = Ir / (N x lines). Counts are repeatable: the same binary on the same inputs counts the
same instructions whatever else the machine does (Swift's per-process hash seed is fixed with
SWIFT_DETERMINISTIC_HASHING=1, since Set and Dictionary probes would otherwise vary).

--check fails (exit 1) when a library operation needs more than `tolerance_percent` (3 %) more
instructions than its threshold, or has none. Foundation peers are reported, never gated: their
counts change with the toolchain. Counts depend on the toolchain (and on the CPU only through the
C library's CPU-specific string functions); the file records both, and --check says when they
differ from this run's (and compares anyway).

Only the standard library is used.
"""

import argparse
import concurrent.futures
import json
import os
import platform
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)
THRESHOLDS = os.path.join(PACKAGE, "Thresholds", "instructions.json")
RESULTS = os.path.join(PACKAGE, ".build", "instructions")
LATEST = os.path.join(RESULTS, "latest.json")
TOGGLE = "measure_ops_counted_passes"
TOLERANCE_PERCENT = 3.0

# The targets the library is working towards (informational: printed, never gated).
# (label, kind, operands, limit): kind "at most" compares an operation's instructions per op (or
# per byte) with the limit; "ratio at least" / "ratio at most" compare numerator ÷ denominator.
TARGETS = [
    # (a): is the bundle ID in this redirect URI the caller's, and the bundle ID handed out (a
    # BundleID: its bytes lent by withUTF8, its Substring made when asked for), each with
    # classification, the call and the loop included. The issue sets the second in a plain loop
    # (scripts/plain-loop.sh, a/classify+bundleID); this harness's loop costs more around it.
    ("(a) classify + bundle ID compared (bundleID(in:equals:)) ≤ 900 instructions per short redirect URI",
     "per op at most", ("a/classify+equals",), 900),
    ("(a) classify + bundle ID handed out (bundleID(in:), a BundleID) ≤ 900 instructions per short redirect URI, "
     "here in measure-ops' harness (scripts/plain-loop.sh counts the plain loop)",
     "per op at most", ("a/classify+bundleID",), 900),
    ("(c) raw redirect_uri: URLComponents.queryItems needs ≥ 20× the instructions",
     "ratio at least", ("c/URLComponents+queryItems", "c/redirect_uri-raw"), 20),
    ("(c) decoded redirect_uri: URLComponents.queryItems needs ≥ 16× the instructions",
     "ratio at least", ("c/URLComponents+queryItems", "c/redirect_uri-decoded"), 16),
    ("(d) long inputs: the full strict parse ≤ 1.2 instructions per byte",
     "per byte at most", ("d/parse",), 1.2),
    ("(d) BrokerResponse(parsing:), response and hash as offsets ≤ 1.3× the parse of the same URL",
     "ratio at most", ("d/BrokerResponse", "d/parse"), 1.3),
]


def load_operations(binary):
    """The driver's operation table: [{id, side, lines, bytes, inputs, call}], and the corpus fingerprint."""
    output = subprocess.run([binary, "list"], check=True, capture_output=True, text=True).stdout
    operations, fingerprint = [], None
    for line in output.splitlines():
        if line.startswith("# corpus fingerprint "):
            fingerprint = line.split()[-1]
            continue
        identifier, side, lines, size, inputs, call = line.split("\t")
        operations.append({"id": identifier, "side": side, "lines": int(lines), "bytes": int(size),
                           "inputs": inputs, "call": call})
    return operations, fingerprint


def load_comparisons(binary):
    output = subprocess.run([binary, "comparisons"], check=True, capture_output=True, text=True).stdout
    return [tuple(line.split("\t")) for line in output.splitlines() if line]


def validate(operations, comparisons):
    """The driver's tables must be consistent: unique ids, comparisons of known operations."""
    ids = [op["id"] for op in operations]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    unknown = sorted({i for row in comparisons for i in row if i not in ids})
    if duplicates or unknown:
        sys.exit(f"instructions: measure-ops tables are inconsistent: duplicate ids {duplicates}, "
                 f"comparisons of unknown operations {unknown}")


def environment():
    """What the counts depend on: the toolchain, the CPU, valgrind."""
    def first_line(command):
        try:
            result = subprocess.run(command, capture_output=True, text=True)
            return (result.stdout or result.stderr).strip().splitlines()[0]
        except (OSError, IndexError):
            return "unknown"

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "toolchain": first_line(["swift", "--version"]),
        "cpu": f"{cpu} ({platform.machine()})",
        "valgrind": first_line(["valgrind", "--version"]),
    }


def file_name(identifier):
    return re.sub(r"[^A-Za-z0-9._+-]", "_", identifier)


def count(binary, operation, passes):
    """Runs one operation under callgrind; returns instructions per operation."""
    out = os.path.join(RESULTS, "callgrind", file_name(operation["id"]) + ".out")
    command = [
        "valgrind", "--tool=callgrind", "--quiet", f"--callgrind-out-file={out}",
        "--collect-atstart=no", f"--toggle-collect={TOGGLE}",
        binary, "count", operation["id"], "--passes", str(passes),
    ]
    environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    result = subprocess.run(command, capture_output=True, text=True, env=environment)
    if result.returncode != 0:
        raise RuntimeError(f"{operation['id']}: {' '.join(command)} exited {result.returncode}\n{result.stderr}")
    total = None
    with open(out, encoding="utf-8") as profile:
        for line in profile:
            if line.startswith("summary:") or line.startswith("totals:"):
                total = int(line.split()[1])
    if not total:
        raise RuntimeError(f"{operation['id']}: no instructions collected in {TOGGLE} ({out})")
    return total / (passes * operation["lines"])


def fmt(value, decimals=0):
    return f"{value:,.{decimals}f}"


def ratio(counts, numerator, denominator):
    if numerator in counts and denominator in counts and counts[denominator]:
        return counts[numerator] / counts[denominator]
    return None


def report(operations, counts, comparisons, thresholds):
    by_id = {op["id"]: op for op in operations}
    recorded = (thresholds or {}).get("operations", {})
    print(f"{'operation':32} {'side':10} {'instr/op':>10} {'instr/byte':>10} {'threshold':>10} {'change':>8}  call")
    for op in operations:
        identifier = op["id"]
        if identifier not in counts:
            continue
        value = counts[identifier]
        per_byte = value * op["lines"] / op["bytes"]
        old = recorded.get(identifier, {}).get("instructions_per_op")
        change = f"{(value / old - 1) * 100:+.1f}%" if old else ""
        print(f"{identifier:32} {op['side']:10} {fmt(value):>10} {per_byte:>10.2f} "
              f"{fmt(old) if old else '':>10} {change:>8}  {op['call']}")
    # Every figure includes the call and the loop around it (harness/sink is that loop alone):
    # no figure here is net of anything, so each can be compared with a plain loop's.
    print("\nEvery instr/op includes the call and the loop that makes it (harness/sink: the loop alone).")

    print("\nRatios of instructions (numerator ÷ denominator; a Foundation peer over the library"
          " means the peer needs that many times the library's instructions):")
    for numerator, denominator in comparisons:
        value = ratio(counts, numerator, denominator)
        if value is None:
            continue
        print(f"  {numerator + ' ÷ ' + denominator:58} {value:>6.2f}×  "
              f"{fmt(counts[numerator])} ÷ {fmt(counts[denominator])}")
        print(f"  {'':58}{'':22}{by_id[numerator]['call']}  ÷  {by_id[denominator]['call']}")

    print("\nTargets (informational, not gated):")
    for label, kind, operands, limit in TARGETS:
        if not all(operand in counts for operand in operands):
            continue
        if kind == "per op at most":
            value = counts[operands[0]]
            met = value <= limit
            shown = f"{fmt(value)} instructions, the call and the loop included"
        elif kind == "per byte at most":
            op = by_id[operands[0]]
            value = counts[operands[0]] * op["lines"] / op["bytes"]
            met = value <= limit
            shown = f"{value:.2f} instructions per byte"
        else:
            value = ratio(counts, *operands)
            met = value >= limit if kind == "ratio at least" else value <= limit
            shown = f"{value:.2f}×"
        print(f"  {'met    ' if met else 'NOT MET'}  {label}: {shown}")


def check(operations, counts, thresholds, this_environment, fingerprint):
    """Compares library counts with the thresholds; returns the failure messages."""
    if thresholds is None:
        return [f"no thresholds file {os.path.relpath(THRESHOLDS)}: run scripts/instructions.sh --update"]
    tolerance = thresholds.get("tolerance_percent", TOLERANCE_PERCENT)
    recorded = thresholds.get("recorded_with", {})
    for key in ("toolchain", "cpu", "valgrind"):
        if recorded.get(key) != this_environment.get(key):
            print(f"note: the thresholds were recorded with {key} '{recorded.get(key)}'; this run has "
                  f"'{this_environment.get(key)}'. Compared anyway: a change may come from the {key}, not the code.")
    if recorded.get("corpus_fingerprint") not in (None, fingerprint):
        print(f"note: the corpus changed (fingerprint {recorded.get('corpus_fingerprint')} → {fingerprint}): "
              "every count moves with it.")
    failures = []
    for op in operations:
        identifier = op["id"]
        if op["side"] != "library" or identifier not in counts:
            continue
        new = counts[identifier]
        old = thresholds.get("operations", {}).get(identifier, {}).get("instructions_per_op")
        if old is None:
            failures.append(f"{identifier}: no threshold recorded (new operation?): run scripts/instructions.sh --update")
            continue
        change = (new / old - 1) * 100
        if change > tolerance:
            failures.append(f"{identifier}: {fmt(old, 1)} → {fmt(new, 1)} instructions per operation "
                            f"({change:+.1f}%, more than the +{tolerance:g}% allowed)")
        elif change < -tolerance:
            print(f"note: {identifier} improved: {fmt(old, 1)} → {fmt(new, 1)} instructions per operation "
                  f"({change:+.1f}%); run scripts/instructions.sh --update to hold it there")
    return failures


def write_latest(operations, counts, this_environment, fingerprint, passes):
    with open(LATEST, "w", encoding="utf-8") as output:
        json.dump({"recorded_with": dict(this_environment, corpus_fingerprint=fingerprint, passes=passes),
                   "operations": {op["id"]: {"side": op["side"], "instructions_per_op": counts[op["id"]]}
                                  for op in operations}}, output, indent=2, ensure_ascii=False)


def write_thresholds(operations, counts, this_environment, fingerprint, passes, previous):
    entries = dict((previous or {}).get("operations", {}))
    for op in operations:
        if op["id"] in counts:
            value = counts[op["id"]]
            entries[op["id"]] = {
                "side": op["side"],
                "instructions_per_op": round(value, 1),
                "instructions_per_byte": round(value * op["lines"] / op["bytes"], 3),
            }
    order = [op["id"] for op in operations]
    document = {
        "about": "Instructions per operation counted by scripts/instructions.sh (valgrind callgrind, "
                 "measure-ops driver). --check fails when a library operation needs more than "
                 "tolerance_percent more than recorded here; Foundation peers are recorded for "
                 "reference only. Rewrite with scripts/instructions.sh --update.",
        "tolerance_percent": (previous or {}).get("tolerance_percent", TOLERANCE_PERCENT),
        "recorded_with": dict(this_environment, corpus_fingerprint=fingerprint, passes=passes),
        "operations": {key: entries[key] for key in sorted(entries, key=lambda k: order.index(k) if k in order else len(order))},
    }
    with open(THRESHOLDS, "w", encoding="utf-8") as output:
        json.dump(document, output, indent=2, ensure_ascii=False)
        output.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True, help="the measure-ops executable (release build)")
    parser.add_argument("--passes", type=int, default=3, help="counted passes per operation (default 3)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="valgrind processes at once")
    parser.add_argument("--filter", default=None, help="regex over operation ids")
    parser.add_argument("--library-only", action="store_true",
                        help="count only the gated operations (library and harness), not the Foundation peers (CI)")
    parser.add_argument("--last", action="store_true",
                        help="count nothing: report (or check, or record) the last run's counts (.build/instructions/latest.json)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="fail when a library operation regresses")
    mode.add_argument("--update", action="store_true", help="rewrite Thresholds/instructions.json")
    arguments = parser.parse_args()

    if shutil.which("valgrind") is None and not arguments.last:
        sys.exit("instructions: valgrind is not installed (apt-get install -y valgrind)")
    operations, fingerprint = load_operations(arguments.binary)
    comparisons = load_comparisons(arguments.binary)
    validate(operations, comparisons)
    if arguments.filter:
        operations = [op for op in operations if re.search(arguments.filter, op["id"])]
        if not operations:
            sys.exit(f"instructions: no operation matches {arguments.filter!r}")
    if arguments.library_only:
        operations = [op for op in operations if op["side"] != "foundation"]

    this_environment = environment()
    if arguments.last:
        with open(LATEST, encoding="utf-8") as source:
            last = json.load(source)
        counts = {k: v["instructions_per_op"] for k, v in last["operations"].items()}
        operations = [op for op in operations if op["id"] in counts]
        this_environment = {k: last["recorded_with"].get(k) for k in this_environment}
        arguments.passes = last["recorded_with"].get("passes", arguments.passes)
    else:
        # The peers must reach the library's answers and every read must take its success
        # path, or the counts would compare different work.
        subprocess.run([arguments.binary, "check"], check=True, stdout=subprocess.DEVNULL)
        os.makedirs(os.path.join(RESULTS, "callgrind"), exist_ok=True)
        counts = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, arguments.jobs)) as pool:
            futures = {pool.submit(count, arguments.binary, op, arguments.passes): op["id"] for op in operations}
            for future in concurrent.futures.as_completed(futures):
                counts[futures[future]] = future.result()
    thresholds = None
    if os.path.exists(THRESHOLDS):
        with open(THRESHOLDS, encoding="utf-8") as source:
            thresholds = json.load(source)

    if not arguments.last:
        write_latest(operations, counts, this_environment, fingerprint, arguments.passes)

    report(operations, counts, comparisons, thresholds)
    print(f"\nProfiles: {os.path.relpath(os.path.join(RESULTS, 'callgrind'))}/<operation>.out "
          "(callgrind_annotate --inclusive=yes FILE)")

    if arguments.update:
        write_thresholds(operations, counts, this_environment, fingerprint, arguments.passes, thresholds)
        print(f"\nwrote {os.path.relpath(THRESHOLDS)}: review with git diff and commit")
    elif arguments.check:
        failures = check(operations, counts, thresholds, this_environment, fingerprint)
        if failures:
            print("\nFAILED: instruction counts regressed:")
            for failure in failures:
                print(f"  {failure}")
            print("If the change is intended, rewrite the thresholds with scripts/instructions.sh --update and commit them.")
            sys.exit(1)
        library = sum(1 for op in operations if op["side"] == "library")
        print(f"\ninstruction thresholds: {library} library operations within "
              f"+{(thresholds or {}).get('tolerance_percent', TOLERANCE_PERCENT):g}% of Thresholds/instructions.json")


if __name__ == "__main__":
    main()
