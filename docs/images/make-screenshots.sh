#!/usr/bin/env bash
# Regenerates the report screenshots of docs/balancing.md (docs/images/*.png). Needs Chromium
# (apt-get install chromium). Run from anywhere: bash docs/images/make-screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release > /dev/null
fitquest=.build/release/fitquest
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
shot() { # FILE.png WIDTH HEIGHT URL
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$2,$3" --screenshot="$PWD/$1" "$4" > /dev/null 2>&1
  echo "wrote $1"
}
$fitquest report --runs 200 --output "$work/report.html" scenarios/beginner-3x.json
$fitquest report --runs 200 --base rules --set-candidate xp.categories.strength.multiplier=1.5 \
  --output "$work/compare.html" scenarios/beginner-3x.json
shot docs/images/report-overview.png 1200 1500 "file://$work/report.html"
shot docs/images/report-compare.png 1200 1900 "file://$work/compare.html"
