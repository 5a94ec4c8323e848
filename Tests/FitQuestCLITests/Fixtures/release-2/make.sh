#!/usr/bin/env bash
# How these fixtures were made, once, by the release before engine core v3 (main at 59512e3,
# schema 2 stores, state format 2). Kept for the record: never run it again (the fixtures stand
# for what that release wrote). Run from the repository root with that release's binary:
#   FITQUEST=.build/debug/fitquest Tests/FitQuestCLITests/Fixtures/release-2/make.sh
set -euo pipefail
fq=${FITQUEST:-.build/debug/fitquest}
out=Tests/FitQuestCLITests/Fixtures/release-2
rm -rf "$out/rules" "$out/state" "$out/final-state" "$out/players.sqlite" "$out"/*.ndjson "$out"/*.json
mkdir -p "$out/rules" "$out/state"
cp rules/*.json "$out/rules/"
tmp=$(mktemp -d)
for s in beginner-3x dieter consistent-5x-lifter; do "$fq" simulate "scenarios/$s.json" --format events > "$tmp/$s"; done
# One player (the ledger): the beginner's first three months, then the rest, a late workout and a
# retraction.
awk -F'"date":"' '{ split($2, d, "\""); if (d[1] < "2026-04-01") print }' "$tmp/beginner-3x" > "$out/first.ndjson"
awk -F'"date":"' '{ split($2, d, "\""); if (d[1] >= "2026-04-01") print }' "$tmp/beginner-3x" > "$out/second.ndjson"
cat >> "$out/second.ndjson" <<'LINES'
{"type":"workout","id":"late-1","date":"2026-06-20","category":"strength","durationMin":45,"rpe":7,"exercises":[{"name":"Back Squat","sets":[{"reps":5,"weightKg":80,"rpe":7}]}]}
{"type":"retraction","id":"r-1","date":"2026-07-04","of":"w136-1"}
LINES
# Three players (the store): each scenario's events with a "player" field, merged by date.
for s in beginner-3x dieter consistent-5x-lifter; do
  sed "s/^{\"type\":\"\\([a-zA-Z]*\\)\",\"id\":\"\\([^\"]*\\)\",/{\"type\":\"\\1\",\"id\":\"\\2\",\"player\":\"$s\",/" "$tmp/$s"
done | awk -F'"date":"' '{ split($2, d, "\""); printf "%s\t%08d\t%s\n", d[1], NR, $0 }' | sort -t"$(printf '\t')" -k1,1 -k2,2n | cut -f3- > "$tmp/players"
awk -F'"date":"' '{ split($2, d, "\""); if (d[1] < "2026-04-01") print }' "$tmp/players" > "$out/players-first.ndjson"
awk -F'"date":"' '{ split($2, d, "\""); if (d[1] >= "2026-04-01") print }' "$tmp/players" > "$out/players-second.ndjson"
# What that release wrote after the first part, and what it printed and kept after the second.
"$fq" award --state "$out/state/player.json" --rules "$out/rules" --today 2026-12-31 "$out/first.ndjson" > /dev/null
"$fq" award --store "$out/players.sqlite" --rules "$out/rules" --today 2026-12-31 "$out/players-first.ndjson" > /dev/null
cp -r "$out/state" "$tmp/state"
cp "$out/players.sqlite" "$tmp/players.sqlite"
"$fq" award --state "$tmp/state/player.json" --rules "$out/rules" --today 2026-12-31 "$out/second.ndjson" > "$out/second.awards.ndjson"
"$fq" award --store "$tmp/players.sqlite" --rules "$out/rules" --today 2026-12-31 "$out/players-second.ndjson" > "$out/players-second.awards.ndjson"
rm -f "$out/state/player.json.lock" "$tmp/state/player.json.lock"
cp -r "$tmp/state" "$out/final-state"
for s in beginner-3x dieter consistent-5x-lifter; do
  "$fq" players --store "$tmp/players.sqlite" show "$s" --format json > "$out/final-$s.json"
done
rm -rf "$tmp"
