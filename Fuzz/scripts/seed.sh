#!/usr/bin/env bash
# Adds the hand-written seed inputs (Fuzz/seeds/*.txt) to the committed corpus.
#
#   Fuzz/scripts/seed.sh
#
# Each seeds file holds one input per line; `\xHH` escapes a byte, `#` at the start of a line
# makes it a comment. uris.txt seeds the URI targets, percent.txt FuzzPercentCoding, redirect.txt
# and broker.txt the redirect and broker targets (each also gets uris.txt), verify.txt FuzzVerify
# (raw cases; its other inputs are recipes, see Fuzz/README.md), hotpath.txt and redirect.txt
# FuzzHotPath (redirect.txt's third line is a registration there: a request that does not parse). The inputs are
# written as files and merged (merge.sh) so only those that add coverage are kept.
set -euo pipefail
source "$(dirname "$0")/common.sh"

seeds_for() {
  case "$1" in
    FuzzPercentCoding) echo percent.txt uris.txt ;;
    FuzzRedirect) echo redirect.txt uris.txt ;;
    FuzzBroker) echo broker.txt uris.txt ;;
    FuzzVerify) echo verify.txt ;;
    FuzzHotPath) echo hotpath.txt redirect.txt ;;
    FuzzCAPI) echo capi.txt ;;
    *) echo uris.txt ;;
  esac
}

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for target in $(all_targets); do
  mkdir -p "$scratch/$target"
  n=0
  for seeds in $(seeds_for "$target"); do
    [ -f "$FUZZ_DIR/seeds/$seeds" ] || continue
    while IFS= read -r line || [ -n "$line" ]; do
      case "$line" in '#'*|'') continue ;; esac
      n=$((n + 1))
      printf '%b' "$line" >"$scratch/$target/seed-$n"
    done <"$FUZZ_DIR/seeds/$seeds"
  done
  echo "$target: $n seed inputs"
done
for target in $(all_targets); do
  "$FUZZ_DIR/scripts/merge.sh" "$target" -- "$scratch/$target"
done
