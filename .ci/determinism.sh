#!/usr/bin/env bash
# Debug and release builds must give byte-identical outputs: every shipped scenario in every
# format, a Monte Carlo batch, a comparison, a sweep, and an award run (its output and state file).
#
#   .ci/determinism.sh DEBUG_BINARY RELEASE_BINARY
set -euo pipefail
cd "$(dirname "$0")/.."
absolute() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
debug=$(absolute "$1")
release=$(absolute "$2")
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run_both() {
  local name=$1
  shift
  "$debug" "$@" > "$work/$name.debug"
  "$release" "$@" > "$work/$name.release"
  if ! cmp -s "$work/$name.debug" "$work/$name.release"; then
    echo "error: debug and release differ for: fitquest $*"
    diff "$work/$name.debug" "$work/$name.release" | head -20
    exit 1
  fi
}

count=0
for scenario in scenarios/*.json; do
  base=$(basename "$scenario" .json)
  for format in text json csv ndjson events; do
    run_both "$base-$format" simulate "$scenario" --format "$format"
    count=$((count + 1))
  done
done
run_both montecarlo simulate --runs 200 --format json
cp -R rules "$work/candidate"
sed -i.bak 's/"perDay": 800/"perDay": 600/' "$work/candidate/xp.json"
grep -q '"perDay": 600' "$work/candidate/xp.json" || { echo "error: could not make the candidate pack"; exit 1; }
run_both compare compare --base rules --candidate "$work/candidate" --runs 5
run_both sweep sweep --set xp.categories.strength.multiplier=1.0..1.4:0.2 --runs 5
count=$((count + 3))

# award: the same long stream into a fresh state with each build.
"$release" simulate --format events --set scenario.duration.months=24 scenarios/consistent-5x-lifter.json > "$work/events.ndjson"
for build in debug release; do
  binary=${!build}
  (cd "$work" && "$binary" award --state "state-$build.json" --rules "$root/rules" --today 2030-01-01 --commit-every 500 events.ndjson > "award-$build.out" 2> "award-$build.err") \
    || { echo "error: award with the $build build failed:"; head -5 "$work/award-$build.err"; exit 1; }
done
cmp -s "$work/award-debug.out" "$work/award-release.out" || { echo "error: award output differs between debug and release"; exit 1; }
cmp -s "$work/state-debug.json" "$work/state-release.json" || { echo "error: award state differs between debug and release"; exit 1; }
count=$((count + 1))
echo "debug and release agree on $count outputs and the award state file"
