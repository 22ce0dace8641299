#!/usr/bin/env python3
"""The mutation campaign's driver; run it through scripts/mutation.sh (which documents the options).

Each mutant of scripts/mutants.py is one small, realistic bug. For each, in a scratch copy of the
repository (never the checkout this runs from), the driver writes the mutated file, builds
incrementally (`swift build --build-tests`), runs the suites of the mutant's area, then, if they
all pass, the whole `swift test`, and puts the original file back. A mutant is killed when a test
fails or the test process crashes, traps or times out; one that does not build is killed by the
compiler and counted apart.

Score: K/N, where N is the number of mutants that built and K those that the tests killed.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mutants as catalog  # noqa: E402  (scripts/mutants.py: the mutants, as data)

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = Path("Sources/RedirectURIKit")

# The suites run first for a mutant of each area: those that test it directly (quick), plus the
# slower ones that target it (the kernels' exhaustive positions). Everything else runs only for a
# mutant these let through.
AREA_SUITES = {
    "parser": [
        "CharacterClassTests", "GrammarOracleTests", "RFC3986ExampleTests", "ParseErrorTests", "IPv4Tests",
        "IPv6Tests", "URIComponentsTests", "NormalizationTests", "PropertyTests", "SingleFaultVectorTests",
        "SingleFaultVectorsOnExactCopiesTests", "VectorScanTests", "RedirectVerificationTests",
        "RedirectClassificationTests",
    ],
    "decoding": [
        "PercentEncodingTests", "QueryParametersTests", "InPlaceQueryExampleTests", "BrokerRequestTests",
        "BrokerResponseTests", "BrokerRequestVerificationTests", "BrokerMetamorphicTests", "PropertyTests",
        "SingleFaultVectorTests", "SingleFaultVectorsOnExactCopiesTests", "RedirectClassificationTests",
        "RedirectVerificationTests", "CodableTests",
    ],
    "kernels": [
        "VectorScanTests", "VectorScanBoundsTests", "UUIDSyntaxTests", "BrokerResponseKernelTests",
        "VectorKernelPositionTests", "SingleFaultVectorTests", "InPlaceClassificationTests",
    ],
    "engine": [
        "RedirectVerificationTests", "ResponseRoutingTests", "RegistrationLintTests", "BrokerRequestVerificationTests",
        "BuildVariableLintTests", "RedirectClassificationTests", "RedirectBuilderTests", "SchemeTableTests",
        "InPlaceClassificationTests", "SingleFaultVectorTests", "FindingCodeDocumentationTests", "CodableTests",
        "VerificationTableTests", "ModelTests", "MetamorphicTests", "NearMissTests",
    ],
    "broker": [
        "QueryParametersTests", "BrokerRequestTests", "BrokerResponseTests", "InPlaceQueryExampleTests",
        "BrokerMetamorphicTests", "BrokerMetamorphicOnExactCopiesTests", "BrokerRequestVerificationTests",
        "BrokerResponseKernelTests", "SingleFaultVectorTests", "BrokerMessageReportTests", "VerificationTableTests",
        "MetamorphicTests", "RegistrationsTests", "BrokerRoundTripTests",
    ],
    # The doctor's code reading, build-phase edits and SDK detection: its own test target
    # (goldens, fixtures, corpus replays), and the report module's tests of its articles and command.
    "doctor": [
        "CodeFactTests", "ProjectAppsCodeTests", "ProjectCodeTests", "ProjectSDKCodeTests", "ProjectShapesTests",
        "SDKDetectionTests", "ProjectDoctorTests", "DoctorTests", "DoctorCodeRegistryTests", "AnnotationTests", "LifeFixtureTests",
        "PackageDoctorTests", "SourceLexerTests", "DoctorReadersCorpusTests", "SourceReaderCorpusTests", "TargetSourceFilesTests",
        "UnexpandedPlistTests", "ClientIDRedirectTests", "DoctorCodeDocumentationTests", "ProjectReadersTests", "DocCDoctorArticleTests",
        "DoctorCommandTests", "ReadCountTests", "SDKTaggingTests", "DoctorStructureTests", "ReadOnceTests",
        "DetectionSplitTests", "SDKTagRulesTests", "EntitlementsReadingTests", "GeneratorSpecTests",
    ],
    # The doctor's readers of other kinds of project (XcodeGen, .csproj, app.json, preprocessing,
    # Flutter, Capacitor and Kotlin Multiplatform folders).
    "kinds": [
        "YAMLSubsetTests", "InfoPlistPreprocessorTests", "XcodeGenSpecTests", "ProjectFileReaderTests", "ProjectKindsTests",
        "ProjectKindsContextTests", "ProjectKindsErrorTests", "CrossPlatformKindsTests", "ProjectKindReaderBoundsTests",
    ],
}

# What the scratch copy never receives from the checkout, and never loses when it is synced.
SCRATCH_KEEP = re.compile(r"^(\.git|\.build[^/]*|Fuzz/\.build[^/]*|Fuzz/work|Tests/SnippetTests/Generated|\.ci/\.venv)(/|$)")


class Drift(Exception):
    """A mutant's original snippet no longer occurs exactly once: the code moved on."""


@dataclasses.dataclass
class Outcome:
    mutant: catalog.Mutant
    status: str  # killed | compiler | survived
    killers: list[str]
    stage: str  # build | area suites | full swift test
    seconds: float
    log: str = ""


def log(message: str) -> None:
    print(message, flush=True)


def validate(mutants: list[catalog.Mutant], root: Path) -> None:
    """Every mutant's snippet occurs exactly once in its file, and no ID repeats; raises Drift."""
    problems = []
    seen: set[str] = set()
    for mutant in mutants:
        if mutant.id in seen:
            problems.append(f"{mutant.id}: duplicate ID")
        seen.add(mutant.id)
        if mutant.area not in AREA_SUITES:
            problems.append(f"{mutant.id}: unknown area {mutant.area!r} (areas: {', '.join(AREA_SUITES)})")
        path = root / LIBRARY / mutant.file
        if not path.is_file():
            problems.append(f"{mutant.id}: {LIBRARY / mutant.file} does not exist")
            continue
        occurrences = path.read_text(encoding="utf-8").count(mutant.original)
        if occurrences != 1:
            problems.append(
                f"{mutant.id}: the original snippet occurs {occurrences} times in {LIBRARY / mutant.file} "
                f"(must be exactly once):\n    {mutant.original!r}")
        if mutant.original == mutant.replacement:
            problems.append(f"{mutant.id}: the replacement equals the original")
    if problems:
        raise Drift("\n".join(problems))


def tracked_files(root: Path) -> list[str]:
    """The checkout's files as git sees them: tracked, and untracked but not ignored."""
    output = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=root, check=True, capture_output=True).stdout
    return [name for name in output.decode("utf-8").split("\0") if name and (root / name).is_file()]


def sync(root: Path, scratch: Path) -> None:
    """Makes the scratch copy's sources equal to the checkout's, copying only files whose bytes
    differ (their modification times stay otherwise, so the next build is incremental)."""
    files = set(tracked_files(root))
    copied = 0
    for name in sorted(files):
        source, target = root / name, scratch / name
        if target.is_file() and target.read_bytes() == source.read_bytes():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
        copied += 1
    removed = 0
    for path in sorted(scratch.rglob("*"), reverse=True):
        relative = path.relative_to(scratch).as_posix()
        if SCRATCH_KEEP.match(relative):
            continue
        if path.is_file() and relative not in files:
            path.unlink()
            removed += 1
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    log(f"== scratch copy {scratch}: {copied} files copied, {removed} removed")


def run(command: list[str], cwd: Path, timeout: int, log_path: Path) -> tuple[int, str, bool]:
    """Runs `command` under coreutils `timeout` (which signals the whole process group, so the
    test runner's children die with it); returns the exit status, the output and whether it
    timed out."""
    wrapped = ["timeout", "--kill-after=30", str(timeout)] + command
    with open(log_path, "w", encoding="utf-8") as output:
        status = subprocess.run(wrapped, cwd=cwd, stdout=output, stderr=subprocess.STDOUT).returncode
    text = log_path.read_text(encoding="utf-8", errors="replace")
    return status, text, status in (124, 137)


FAILED_SUITE = re.compile(r"✘ Suite (\"[^\"]+\"|\S+) failed")
STARTED_TEST = re.compile(r"◇ Test (.+?) started\.")
ENDED_TEST = re.compile(r"[✔✘] Test (.+?) (?:passed|failed)")


def killers(output: str, timed_out: bool, status: int) -> list[str]:
    """The suites that failed, or what the process died of."""
    suites = sorted({match.strip('"') for match in FAILED_SUITE.findall(output)})
    if suites:
        return suites
    started = STARTED_TEST.findall(output)
    ended = set(ENDED_TEST.findall(output))
    unfinished = [name for name in started if name not in ended]
    where = f" in {unfinished[-1]}" if unfinished else ""
    if timed_out:
        return [f"timeout{where}"]
    if status > 128 or status < 0:
        return [f"crash (signal {status - 128 if status > 128 else -status}){where}"]
    return [f"crash (exit {status}){where}"]


def filter_for(suites: list[str]) -> str:
    return r"\.(" + "|".join(suites) + r")/"


def build(scratch: Path, timeout: int, log_path: Path) -> tuple[int, str, bool]:
    return run(["swift", "build", "--build-tests"], scratch, timeout, log_path)


def test(scratch: Path, suites: list[str] | None, timeout: int, log_path: Path) -> tuple[int, str, bool]:
    command = ["swift", "test", "--skip-build"]
    if suites:
        command += ["--filter", filter_for(suites)]
    return run(command, scratch, timeout, log_path)


def passed(status: int, output: str) -> bool:
    # Swift Testing's closing line; a run that crashes before it never prints it.
    return status == 0 and re.search(r"Test run with \d+ tests? .*passed", output) is not None


def evaluate(mutant: catalog.Mutant, scratch: Path, args: argparse.Namespace, logs: Path) -> Outcome:
    path = scratch / LIBRARY / mutant.file
    original = path.read_bytes()
    text = original.decode("utf-8")
    if text.count(mutant.original) != 1:
        raise Drift(f"{mutant.id}: the snippet does not occur exactly once in the scratch copy of {mutant.file}")
    started = time.monotonic()
    try:
        path.write_text(text.replace(mutant.original, mutant.replacement, 1), encoding="utf-8")
        status, output, timed_out = build(scratch, args.build_timeout, logs / f"{mutant.id}.build.log")
        if status != 0:
            if timed_out:
                raise RuntimeError(f"{mutant.id}: the build timed out after {args.build_timeout} s")
            if "error:" not in output:
                raise RuntimeError(f"{mutant.id}: the build failed without a compiler error (see {logs / mutant.id}.build.log)")
            return Outcome(mutant, "compiler", ["compiler"], "build", time.monotonic() - started)
        suites = AREA_SUITES[mutant.area] + [suite for suite in mutant.suites if suite not in AREA_SUITES[mutant.area]]
        status, output, timed_out = test(scratch, suites, args.area_timeout, logs / f"{mutant.id}.area.log")
        if not passed(status, output):
            return Outcome(mutant, "killed", killers(output, timed_out, status), "area suites", time.monotonic() - started)
        status, output, timed_out = test(scratch, None, args.full_timeout, logs / f"{mutant.id}.full.log")
        if not passed(status, output):
            return Outcome(mutant, "killed", killers(output, timed_out, status), "full swift test", time.monotonic() - started)
        return Outcome(mutant, "survived", [], "full swift test", time.monotonic() - started)
    finally:
        path.write_bytes(original)


def previous_outcomes(path: Path, rerun: list[catalog.Mutant]) -> list[Outcome]:
    """The outcomes of a previous run (its kill-matrix.json) for the catalog's mutants not run
    now. An entry whose mutant is no longer in the catalog is dropped (said so on the log): a
    mutant rewritten under the same ID must be rerun, which replaces its old outcome."""
    by_id = {mutant.id: mutant for mutant in catalog.MUTANTS}
    skipped = {mutant.id for mutant in rerun}
    kept = []
    for entry in json.loads(path.read_text(encoding="utf-8")):
        mutant = by_id.get(entry["id"])
        if mutant is None:
            log(f"   merge: {entry['id']} is no longer a mutant; its outcome is dropped")
            continue
        if mutant.id in skipped:
            continue
        if (mutant.file, mutant.description) != (entry["file"], entry["description"]):
            raise SystemExit(f"mutation: {mutant.id} changed since {path}; rerun it (--only {mutant.id})")
        kept.append(Outcome(mutant, entry["status"], entry["killedBy"], entry["stage"], entry["seconds"]))
    return kept


def select(args: argparse.Namespace) -> list[catalog.Mutant]:
    chosen = catalog.MUTANTS
    if args.only:
        known = {mutant.id for mutant in chosen}
        unknown = [name for name in args.only if name not in known]
        if unknown:
            raise SystemExit(f"mutation: unknown mutant(s): {' '.join(unknown)} (see --list)")
        chosen = [mutant for mutant in chosen if mutant.id in args.only]
    if args.area:
        unknown = [name for name in args.area if name not in AREA_SUITES]
        if unknown:
            raise SystemExit(f"mutation: unknown area(s): {' '.join(unknown)} (areas: {', '.join(AREA_SUITES)})")
        chosen = [mutant for mutant in chosen if mutant.area in args.area]
    return chosen


def cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def matrix(outcomes: list[Outcome]) -> str:
    lines = ["| mutant | area | file | bug | killed by |", "|---|---|---|---|---|"]
    for outcome in outcomes:
        mutant = outcome.mutant
        if outcome.status == "compiler":
            verdict = "compiler"
        elif outcome.status == "survived":
            verdict = "**survived**" + (f" ({mutant.note})" if mutant.note else "")
        else:
            verdict = ", ".join(outcome.killers) + (" (full run)" if outcome.stage == "full swift test" else "")
        lines.append(f"| {mutant.id} | {mutant.area} | `{mutant.file}` | {cell(mutant.description)} | {cell(verdict)} |")
    return "\n".join(lines)


def totals(outcomes: list[Outcome]) -> str:
    lines = [
        "| area | mutants | killed by the tests | killed by the compiler | survived | score |",
        "|---|---|---|---|---|---|",
    ]
    areas = [area for area in AREA_SUITES if any(outcome.mutant.area == area for outcome in outcomes)]
    for area in areas + ["all"]:
        chosen = [outcome for outcome in outcomes if area == "all" or outcome.mutant.area == area]
        killed = sum(outcome.status == "killed" for outcome in chosen)
        compiler = sum(outcome.status == "compiler" for outcome in chosen)
        survived = sum(outcome.status == "survived" for outcome in chosen)
        built = killed + survived
        score = f"{100 * killed / built:.0f} %" if built else "–"
        name = "**all**" if area == "all" else area
        lines.append(f"| {name} | {len(chosen)} | {killed} | {compiler} | {survived} | {score} |")
    return "\n".join(lines)


def list_mutants(mutants: list[catalog.Mutant]) -> None:
    for mutant in mutants:
        print(f"{mutant.id:<10} {mutant.area:<9} {mutant.file:<36} {mutant.description}")
    print(f"{len(mutants)} mutants")


def main() -> int:
    parser = argparse.ArgumentParser(prog="scripts/mutation.sh", description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="+", metavar="ID", help="run only these mutants")
    parser.add_argument("--area", nargs="+", metavar="NAME", help=f"run only these areas ({', '.join(AREA_SUITES)})")
    parser.add_argument("--list", action="store_true", help="list the selected mutants and exit")
    parser.add_argument("--validate", action="store_true", help="check every snippet still matches, and exit")
    parser.add_argument("--scratch", type=Path, default=ROOT / ".build-mutation", help="scratch folder (default .build-mutation)")
    parser.add_argument("--report", type=Path, help="where to write the kill matrix (default SCRATCH/kill-matrix.md)")
    parser.add_argument("--no-baseline", action="store_true", help="skip the full test run of the unmutated copy")
    parser.add_argument("--merge", type=Path, metavar="JSON",
                        help="a previous run's kill-matrix.json: its outcomes for the mutants not run now join the "
                             "report and the score (rerun the survivors after adding tests)")
    parser.add_argument("--fail-under", type=float, default=0, metavar="PERCENT", help="exit 1 when the score is lower")
    parser.add_argument("--build-timeout", type=int, default=1800, metavar="S")
    parser.add_argument("--area-timeout", type=int, default=900, metavar="S")
    parser.add_argument("--full-timeout", type=int, default=1200, metavar="S")
    args = parser.parse_args()

    # Every mutant, selected or not, is checked against the checkout: drift fails the run.
    try:
        validate(catalog.MUTANTS, ROOT)
    except Drift as drift:
        print(f"mutation: code drift, fix scripts/mutants.py:\n{drift}", file=sys.stderr)
        return 2
    mutants = select(args)
    if args.list:
        list_mutants(mutants)
        return 0
    if args.validate:
        log(f"mutation: all {len(catalog.MUTANTS)} snippets match")
        return 0
    if not mutants:
        print("mutation: no mutant selected", file=sys.stderr)
        return 2
    # Read before anything runs: the report written at the end may replace this very file.
    merged = previous_outcomes(args.merge, mutants) if args.merge else []

    scratch = args.scratch.resolve()
    source = scratch / "src"
    logs = scratch / "logs"
    source.mkdir(parents=True, exist_ok=True)
    if logs.exists():
        shutil.rmtree(logs)
    logs.mkdir()
    report = (args.report or scratch / "kill-matrix.md").resolve()
    campaign_started = time.monotonic()

    sync(ROOT, source)
    # The documentation snippets are tests too (CI generates them before `swift test`).
    subprocess.run([sys.executable, "scripts/check-snippets", "--generate"], cwd=source, check=True, stdout=subprocess.DEVNULL)
    log("== baseline build")
    status, _, _ = build(source, args.build_timeout, logs / "baseline.build.log")
    if status != 0:
        print(f"mutation: the unmutated copy does not build (see {logs / 'baseline.build.log'})", file=sys.stderr)
        return 2
    if not args.no_baseline:
        log("== baseline swift test")
        started = time.monotonic()
        status, output, _ = test(source, None, args.full_timeout, logs / "baseline.test.log")
        if not passed(status, output):
            print(f"mutation: the unmutated copy fails its tests (see {logs / 'baseline.test.log'})", file=sys.stderr)
            return 2
        log(f"   passed in {time.monotonic() - started:.0f} s")

    outcomes: list[Outcome] = []
    try:
        for number, mutant in enumerate(mutants, 1):
            log(f"== [{number}/{len(mutants)}] {mutant.id} ({mutant.area}, {mutant.file}): {mutant.description}")
            outcome = evaluate(mutant, source, args, logs)
            outcomes.append(outcome)
            label = {"compiler": "killed by the compiler", "survived": "SURVIVED"}.get(
                outcome.status, f"killed by {', '.join(outcome.killers)} ({outcome.stage})")
            log(f"   {label} in {outcome.seconds:.0f} s")
    except Drift as drift:
        print(f"mutation: code drift: {drift}", file=sys.stderr)
        return 2

    elapsed = time.monotonic() - campaign_started
    ran = len(outcomes)
    if merged:
        order = {mutant.id: number for number, mutant in enumerate(catalog.MUTANTS)}
        outcomes = sorted(outcomes + merged, key=lambda outcome: order[outcome.mutant.id])
        missing = [mutant.id for mutant in catalog.MUTANTS if mutant.id not in {o.mutant.id for o in outcomes}]
        if missing:
            log(f"   merge: not run in either run: {' '.join(missing)}")
    killed = sum(outcome.status == "killed" for outcome in outcomes)
    built = sum(outcome.status != "compiler" for outcome in outcomes)
    provenance = (f"{ran} mutants run now, {len(merged)} outcomes kept from `{args.merge}`" if merged
                  else f"{len(outcomes)} mutants")
    body = "\n\n".join([
        f"Kill matrix: `scripts/mutation.sh{' ' + ' '.join(sys.argv[1:]) if sys.argv[1:] else ''}`, "
        f"{provenance}, {elapsed / 60:.0f} min.",
        matrix(outcomes),
        totals(outcomes),
    ])
    report.parent.mkdir(parents=True, exist_ok=True)
    report.write_text(body + "\n", encoding="utf-8")
    report.with_suffix(".json").write_text(json.dumps([
        {"id": o.mutant.id, "area": o.mutant.area, "file": o.mutant.file, "description": o.mutant.description,
         "status": o.status, "killedBy": o.killers, "stage": o.stage, "seconds": round(o.seconds)}
        for o in outcomes], indent=2) + "\n", encoding="utf-8")
    log("")
    log(body)
    survivors = [outcome.mutant.id for outcome in outcomes if outcome.status == "survived"]
    if survivors:
        log(f"\nsurvivors: {' '.join(survivors)}")
    log(f"\nreport: {report}; logs: {logs}")
    score = 100 * killed / built if built else 100.0
    log(f"mutation: {killed}/{built} killed by swift test")
    return 1 if score < args.fail_under else 0


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    sys.exit(main())
