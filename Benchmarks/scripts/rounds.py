#!/usr/bin/env python3
"""Time per operation over R interleaved rounds, with its spread, next to the instruction ratios.

Run through scripts/rounds.sh, which builds the measure-ops driver and runs it:

    scripts/rounds.sh                         # 11 rounds of every compared operation
    scripts/rounds.sh --rounds 31             # more rounds (for published figures: a quiet machine)
    scripts/rounds.sh --filter '^(a|c)/'      # only some operations (regex over ids)
    scripts/rounds.sh --pin 1                 # run the driver on CPU 1 only (taskset)

One process times everything: each round times every operation once (about --sample-ms of
passes over its corpus lines), library operations next to their Foundation peers, odd rounds in
reverse order; so every round holds one sample of each side taken moments apart. A ratio is
computed within each round, then summarised over the rounds: the median, the interquartile
range (IQR) and the min–max. The instruction ratio beside it comes from the last
scripts/instructions.sh run (.build/instructions/latest.json), or else from the committed
Thresholds/instructions.json; the table says which.

Only the standard library is used.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from instructions import LATEST, THRESHOLDS, load_comparisons, load_operations, validate  # noqa: E402


def quartiles(values):
    """(q1, median, q3) by linear interpolation (statistics.quantiles, 'inclusive')."""
    if len(values) == 1:
        return values[0], values[0], values[0]
    q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, median, q3


def spread(values, decimals):
    q1, median, q3 = quartiles(values)
    f = f"{{:,.{decimals}f}}"
    return (f.format(median), f"{f.format(q1)}–{f.format(q3)}", f"{f.format(min(values))}–{f.format(max(values))}")


def instruction_counts():
    for path, label in ((LATEST, "the last scripts/instructions.sh run"), (THRESHOLDS, "Thresholds/instructions.json")):
        if os.path.exists(path):
            with open(path, encoding="utf-8") as source:
                document = json.load(source)
            return {k: v["instructions_per_op"] for k, v in document["operations"].items()}, label
    return {}, "nowhere (run scripts/instructions.sh)"


def run_order(operations, comparisons, pattern):
    """Library operations next to their peers: each comparison's denominator, then its numerator."""
    known = {op["id"] for op in operations}
    order = []
    for numerator, denominator in comparisons:
        for identifier in (denominator, numerator):
            if identifier in known and identifier not in order and (not pattern or re.search(pattern, identifier)):
                order.append(identifier)
    return order


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--sample-ms", type=int, default=20, help="time per operation per round (default 20 ms)")
    parser.add_argument("--filter", default=None, help="regex over operation ids")
    parser.add_argument("--pin", default=None, help="CPU list for taskset -c (e.g. 1)")
    parser.add_argument("--raw", default=None, help="also write the per-round samples (TSV) to this file")
    arguments = parser.parse_args()

    operations, _ = load_operations(arguments.binary)
    by_id = {op["id"]: op for op in operations}
    comparisons = load_comparisons(arguments.binary)
    validate(operations, comparisons)
    order = run_order(operations, comparisons, arguments.filter)
    if not order:
        sys.exit("rounds: no compared operation matches the filter")

    subprocess.run([arguments.binary, "check"], check=True, stdout=subprocess.DEVNULL)
    command = [arguments.binary, "time", "--rounds", str(arguments.rounds), "--sample-ms", str(arguments.sample_ms)] + order
    if arguments.pin is not None:
        command = ["taskset", "-c", arguments.pin] + command
    print(f"rounds: {arguments.rounds} rounds × {len(order)} operations × ~{arguments.sample_ms} ms "
          f"(about {arguments.rounds * len(order) * arguments.sample_ms / 1000 * 1.2:.0f} s)", file=sys.stderr)
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    if arguments.raw:
        with open(arguments.raw, "w", encoding="utf-8") as raw:
            raw.write(output)

    samples = {}  # id -> {round: ns/op}
    for line in output.splitlines()[1:]:
        round_index, identifier, nanoseconds, _ = line.split("\t")
        samples.setdefault(identifier, {})[int(round_index)] = float(nanoseconds)

    counts, source = instruction_counts()
    print(f"{arguments.rounds} interleaved rounds, ~{arguments.sample_ms} ms per operation per round; "
          "time per operation in ns (the harness's loop and call included, as in every row)")
    print(f"{'operation':32} {'side':10} {'median':>10} {'IQR':>19} {'min–max':>19} {'instr/op':>10}  call")
    for identifier in order:
        values = list(samples[identifier].values())
        median, iqr, extremes = spread(values, 1)
        instructions = counts.get(identifier)
        print(f"{identifier:32} {by_id[identifier]['side']:10} {median:>10} {iqr:>19} {extremes:>19} "
              f"{'' if instructions is None else f'{instructions:,.0f}':>10}  {by_id[identifier]['call']}")

    print(f"\nRatios (numerator ÷ denominator), time per round then summarised; instructions from {source}:")
    print(f"  {'comparison':58} {'time: median':>12} {'IQR':>13} {'min–max':>13} {'instr':>8}")
    for numerator, denominator in comparisons:
        if numerator not in samples or denominator not in samples:
            continue
        rounds = sorted(set(samples[numerator]) & set(samples[denominator]))
        ratios = [samples[numerator][r] / samples[denominator][r] for r in rounds]
        median, iqr, extremes = spread(ratios, 2)
        instruction_ratio = ""
        if counts.get(numerator) and counts.get(denominator):
            instruction_ratio = f"{counts[numerator] / counts[denominator]:.2f}×"
        print(f"  {numerator + ' ÷ ' + denominator:58} {median + '×':>12} {iqr:>13} {extremes:>13} {instruction_ratio:>8}")
        print(f"  {'':58}   {by_id[numerator]['call']}  ÷  {by_id[denominator]['call']}")


if __name__ == "__main__":
    main()
