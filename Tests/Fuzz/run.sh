#!/usr/bin/env bash
# Builds FitQuest's libFuzzer targets (swiftc -sanitize=fuzzer,address) and runs each one.
#
#   Tests/Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]
#
# Targets: json-reader formula-text formula-jsonlogic rule-pack scenario event-reader player-state
# merge-parts.
# Each target first replays its saved crash inputs (Tests/Fuzz/Regressions/TARGET), then fuzzes
# from a seed corpus made of the shipped files for the budget. A crash, a leak, a timeout (10 s
# per input) or an out-of-memory (2 GiB) fails the script; the crashing input is kept in
# .build-fuzz/artifacts/. The executions each target ran are written to .build-fuzz/summary.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."

budget=${1:-25}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(json-reader formula-text formula-jsonlogic rule-pack scenario event-reader player-state merge-parts)
fi

out=.build-fuzz
mkdir -p "$out/artifacts"
# One package name for every module, as SwiftPM gives them: `package` declarations are shared.
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -package-name FitQuest)

module() {
  local name=$1
  shift
  swiftc "${flags[@]}" -swift-version 6 -emit-library -static -emit-module -module-name "$name" \
    -emit-module-path "$out/$name.swiftmodule" -I "$out" "$@" -o "$out/lib$name.a" 2>&1 | grep -v 'ld.gold: warning' || true
  test -f "$out/lib$name.a"
}

echo "building instrumented modules (address sanitizer + coverage)…"
module RuleLanguage $(find Sources/RuleLanguage -name '*.swift' | sort)
module Engine $(find Sources/Engine -name '*.swift' | sort)
module Simulation $(find Sources/Simulation -name '*.swift' | sort)

shared=$(ls Tests/Fuzz/Targets/Fuzz*.swift)
for target in "${targets[@]}"; do
  rm -f "$out/$target"
  swiftc "${flags[@]}" -swift-version 5 -I "$out" "Tests/Fuzz/Targets/$target.swift" $shared \
    "$out/libSimulation.a" "$out/libEngine.a" "$out/libRuleLanguage.a" -o "$out/$target" 2>&1 | grep -v 'ld.gold: warning' || true
  test -x "$out/$target" || { echo "error: could not build fuzz target $target"; exit 1; }
done

# Seed corpora from the shipped files.
seeds() {
  local target=$1 dir=$out/corpus/$1
  rm -rf "$dir"
  mkdir -p "$dir"
  case $target in
    json-reader)
      cp rules/*.json scenarios/*.json "$dir/"
      for file in rules/w1/*.json; do cp "$file" "$dir/w1-$(basename "$file")"; done ;;
    formula-text) cp Tests/Fuzz/Seeds/formula-text/* "$dir/" ;;
    formula-jsonlogic) cp Tests/Fuzz/Seeds/formula-jsonlogic/* "$dir/" ;;
    merge-parts) cp Tests/Fuzz/Seeds/merge-parts/* "$dir/" ;;
    rule-pack)
      local index=0
      for name in pack xp levels streaks records exercises achievements companions nutrition progression; do
        { printf "\\x$(printf '%02x' $index)"; cat "rules/$name.json"; } > "$dir/$name"
        index=$((index + 1))
      done ;;
    scenario) cp scenarios/*.json "$dir/" ;;
    player-state)
      cp Tests/LibraryTests/Fixtures/player-format-*.json "$dir/" ;;
    event-reader)
      local n=0
      while IFS= read -r line; do
        n=$((n + 1))
        printf '%s' "$line" > "$dir/line-$n"
      done < Tests/FitQuestCLITests/Fixtures/events.ndjson ;;
  esac
}

# The Swift runtime's backtracer fights AddressSanitizer; let the sanitizer report.
export SWIFT_BACKTRACE=enable=no
export FITQUEST_RULES="$PWD/rules"
export FITQUEST_FUZZ_WORK="$PWD/$out"
: > "$out/summary.txt"
status=0
for target in "${targets[@]}"; do
  seeds "$target"
  regressions=Tests/Fuzz/Regressions/$target
  if [ -d "$regressions" ] && [ -n "$(ls -A "$regressions")" ]; then
    echo "$target: replaying $(ls "$regressions" | wc -l) saved input(s)"
    "$out/$target" -runs=0 -rss_limit_mb=2048 "$regressions"/* > "$out/$target.regressions.log" 2>&1 \
      || { echo "error: $target fails on a saved regression input"; tail -20 "$out/$target.regressions.log"; status=1; continue; }
  fi
  echo "$target: fuzzing for ${budget}s"
  if "$out/$target" -max_total_time="$budget" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$out/artifacts/$target-" "$out/corpus/$target" > "$out/$target.log" 2>&1; then
    runs=$(grep -Eo 'Done [0-9]+ runs' "$out/$target.log" | grep -Eo '[0-9]+' || echo 0)
    echo "$target: $runs executions in ${budget}s, no failure" | tee -a "$out/summary.txt"
  else
    echo "error: $target failed; see $out/$target.log and $out/artifacts/"
    grep -E 'ERROR|SUMMARY|Fatal error|panic|timeout' "$out/$target.log" | head -10
    status=1
  fi
done
exit $status
