#!/usr/bin/env bash
# The mutation campaign: plants one small, realistic bug at a time in RedirectURIKit and checks
# that `swift test` notices.
#
#   scripts/mutation.sh                      every mutant (about an hour and a half on two cores)
#   scripts/mutation.sh --only ID…           these mutants
#   scripts/mutation.sh --area NAME…         parser, decoding, kernels, engine, broker, doctor
#   scripts/mutation.sh --list               the mutants (ID, area, file, bug)
#   scripts/mutation.sh --validate           only check that every mutant's snippet still matches
#   scripts/mutation.sh --only ID… --merge .build-mutation/kill-matrix.json
#                                            rerun some mutants (the survivors, once tests were
#                                            added) and report them with the previous run's other
#                                            outcomes: one matrix, one score
#   options: --no-baseline  --report FILE  --fail-under PERCENT  --scratch DIR
#            --build-timeout S  --area-timeout S  --full-timeout S
#
# The mutants are data, in scripts/mutants.py: a file, the exact original snippet (it must occur
# exactly once), the replacement, a one-line description and an area. A snippet that no longer
# matches stops the campaign before anything runs (exit 2): the code moved on, so the mutant must
# be rewritten, never skipped.
#
# How a mutant is judged (scripts/mutation.py does the work):
#   1. The checkout's files (tracked, and untracked but not ignored) are copied into a scratch
#      copy, .build-mutation/src (git-ignored), which is reused from run to run so that builds
#      are incremental; the documentation snippets are generated there as CI does. The checkout
#      itself is never modified.
#   2. The unmutated copy must build and pass the whole `swift test` (skip with --no-baseline).
#   3. For each mutant: write the mutated file, `swift build --build-tests` (a mutant that does
#      not compile is "killed by the compiler" and counted apart), run the suites of its area
#      (`swift test --skip-build --filter …`), and, only if they pass, the whole
#      `swift test --skip-build`; then put the original file back. It is killed when a test fails
#      or the test process crashes, traps or hangs. Every step runs under `timeout`.
#
# Output: the kill matrix (mutant × what killed it: the compiler, the failing suites, or
# "survived") and per-area totals, on standard output and in .build-mutation/kill-matrix.md (and
# .json); the logs of every step in .build-mutation/logs/. The last line is
#   mutation: K/N killed by swift test
# where N counts the mutants that built. Exit status: 0, or 1 when the score is below
# --fail-under, 2 when the snippets drifted or the unmutated copy does not build or pass.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in python3 swift git timeout; do
  command -v "$tool" >/dev/null || { echo "mutation: $tool is required" >&2; exit 2; }
done

exec python3 scripts/mutation.py "$@"
