#!/usr/bin/env python3
"""Condense the text output of `swift package benchmark` into one line per benchmark.

    swift package benchmark --no-progress | tee run.txt
    python3 scripts/summarize.py run.txt            # or: ... | python3 scripts/summarize.py
    python3 scripts/summarize.py run1.txt run2.txt  # several runs: each benchmark's fastest p50

For every benchmark it prints the median (p50) time per operation in nanoseconds, the ratio to
the library benchmark of the same group (RedirectURI, else BrokerResponse, RedirectURI-raw,
BrokerRequest; >1 means slower than the library), the median
mallocs per operation and, where measured, the median input MB/s. Then the 1 MB / 100 KB time
ratio of the linear-scaling pair. Only the standard library is used.
"""

import re
import sys

LIBRARY = ("RedirectURI", "BrokerResponse", "RedirectURI-raw", "BrokerRequest")
UNIT_NS = {"ns": 1.0, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}


def parse(text):
    """Yields (name, {metric: p50}) for each benchmark table in the output."""
    name, metrics = None, {}
    for line in text.splitlines():
        line = line.rstrip()
        if not line:
            continue
        if line[0] not in "│╒╞├╘=" and not line.startswith(("Host", "#", "Running", "Baseline", "RedirectURIBenchmarks")):
            if name is not None:
                yield name, metrics
            name, metrics = line.strip(), {}
            continue
        if line.startswith("│") and name is not None:
            cells = [cell.strip() for cell in line.strip("│").split("│")]
            if len(cells) < 4 or cells[0] == "Metric":
                continue
            try:
                metrics[cells[0]] = float(cells[3])  # p50
            except ValueError:
                pass
    if name is not None:
        yield name, metrics


def nanoseconds(metrics):
    for key, value in metrics.items():
        match = re.match(r"Time \(wall clock\) \((\S+)\)", key)
        if match:
            return value * UNIT_NS[match.group(1)]
    return None


def main():
    texts = [open(path, encoding="utf-8").read() for path in sys.argv[1:]] or [sys.stdin.read()]
    best = {}  # name -> (ns, mallocs, MB/s): the fastest p50 over the runs given
    order = []
    for text in texts:
        for name, metrics in parse(text):
            if "--" not in name:
                continue
            ns = nanoseconds(metrics)
            mallocs = next((v for k, v in metrics.items() if k.startswith("Malloc (total)")), None)
            throughput = next((v for k, v in metrics.items() if k.startswith("MB/s")), None)
            if name not in best:
                order.append(name)
                best[name] = (ns, mallocs, throughput)
            elif ns is not None and (best[name][0] is None or ns < best[name][0]):
                best[name] = (ns, mallocs, throughput)
    rows = []
    for name in order:
        group, implementation = name.split("--", 1)
        rows.append((group, implementation) + best[name])

    # The ratio's reference in each group: the library's main entry point (the first of LIBRARY
    # present), so "× library" > 1 means slower than the library.
    reference = {}
    for preferred in LIBRARY:
        for group, implementation, ns, _, _ in rows:
            if implementation == preferred and group not in reference and ns:
                reference[group] = ns

    print(f"{'benchmark':34} {'implementation':26} {'ns/op':>11} {'× library':>10} {'mallocs/op':>11} {'MB/s':>8}")
    previous = None
    for group, implementation, ns, mallocs, throughput in rows:
        if previous is not None and group != previous:
            print()
        previous = group
        ratio = f"{ns / reference[group]:.2f}" if ns and group in reference else ""
        print(f"{group:34} {implementation:26} {ns or 0:>11,.0f} {ratio:>10} "
              f"{'' if mallocs is None else f'{mallocs:.0f}':>11} {'' if throughput is None else f'{throughput:,.0f}':>8}")

    times = {(g, i): ns for g, i, ns, _, _ in rows}
    for implementation in ("RedirectURI", "URL"):
        small, large = times.get(("scaling-100KB", implementation)), times.get(("scaling-1MB", implementation))
        if small and large:
            print(f"\nlinear scaling, {implementation}: 1 MB takes {large / small:.2f}× the time of 100 KB (10.24× is linear)")


if __name__ == "__main__":
    main()
