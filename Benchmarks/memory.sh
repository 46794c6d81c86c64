#!/usr/bin/env bash
# Peak memory (maximum resident set size, from GNU time's -v) beside wall-clock time for the
# commands whose memory grows with the document: a layout of the 1,000,000-word corpus, every
# size of a 50 MB text (layout and check --record), a 1,000,000-word book as PNG parts, and the
# inputs of issue 24's row 8 (docs/hardening/memory.md): one 3 MB paragraph, 500,000 empty list
# items, audits of 10 MB of text and of screens whose every cell fails.
# Prints a Markdown table, one row per command with the command itself.
#
# Usage: Benchmarks/memory.sh     env: REFLOW_CLI=binary (default: a release build in .build-perf),
#        CORPUS=folder holding words_1m.txt, beside corpus.py (default ../shared/peers/corpus), SKIP_BOOK=1,
#        SKIP_HARDENING=1 (leave out issue 24's rows)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
corpus=${CORPUS:-$root/../shared/peers/corpus}
[ -f "$corpus/words_1m.txt" ] || { echo "memory: no $corpus/words_1m.txt (install ../shared/peers, or set CORPUS)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "memory: GNU time is missing (apt-get install time)" >&2; exit 2; }
if [ -z "${REFLOW_CLI:-}" ]; then
  (cd "$root" && PATH=/opt/swift/usr/bin:$PATH swift build -c release --scratch-path .build-perf --product reflow-cli >&2)
  REFLOW_CLI="$root/.build-perf/release/reflow-cli"
fi
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT

# 50 MB of text from the peers' corpus generator (7,420,000 words, 49,998,046 bytes): every
# paragraph different, as in a real book. (The corpus repeated would not do: a paragraph seen
# before is served by the sizer's caches, which no real document gets.)
python3 "$corpus/../corpus.py" 7420000 -o "$work/50mb.txt" >&2
cp "$corpus/words_1m.txt" "$work/words_1m.txt"

echo "| command | wall time | peak RSS |"
echo "|---|---|---|"
measure() {
  local shown="$1"; shift
  /usr/bin/time -v -o "$work/time" "$@" > /dev/null 2> "$work/stderr" || { echo "memory: '$shown' failed:" >&2; cat "$work/stderr" >&2; exit 1; }
  local rss wall
  rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$work/time")
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time")
  echo "| \`$shown\` | $wall | **$rss MB** |"
}
cd "$work"
R="$REFLOW_CLI"
measure "reflow-cli layout words_1m.txt" "$R" layout words_1m.txt --quiet
measure "reflow-cli layout words_1m.txt --category all" "$R" layout words_1m.txt --category all --quiet
measure "reflow-cli layout 50mb.txt --category all" "$R" layout 50mb.txt --category all --quiet
measure "reflow-cli check 50mb.txt --goldens g --record" "$R" check 50mb.txt --goldens g --record --quiet
measure "reflow-cli check 50mb.txt --goldens g" "$R" check 50mb.txt --goldens g --quiet
if [ -z "${SKIP_BOOK:-}" ]; then
  measure "reflow-cli words_1m.txt --category xxxl (PNG parts)" "$R" words_1m.txt --category xxxl --quiet
  echo "" ; echo "parts written: $(ls words_1m-xxxl-*.png | wc -l)"
fi

if [ -z "${SKIP_HARDENING:-}" ]; then
  # Issue 24, row 8: inputs shaped to cost memory per block rather than per byte.
  head -c 10000000 50mb.txt > text10.txt
  head -c 3000000 50mb.txt | tr '\n' ' ' > para3.txt
  python3 - <<'PY'
import json
open('list500k.md', 'w').write('-\n' * 500000)
def failing(cells, path):
    # Caption cells in 60 x 30 pt tiles: each fails touch-target and text-clipped at every size.
    group = {"axis": "horizontal", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 30}}, "count": 4,
             "interItemSpacing": {"flexible": 8}, "subitems": [{"size": {"width": {"absolute": 60}, "height": {"absolute": 30}}}]}
    cells = [{"text": "Paste the text here twice %d" % i, "style": "caption1"} for i in range(cells)]
    open(path, 'w').write(json.dumps({"sections": [{"group": group, "cells": cells}]}))
failing(15000, 'fail15k.json')
failing(120000, 'fail8m.json')
PY
  measure "reflow-cli preview para3.txt --viewport 390x844" "$R" preview para3.txt --viewport 390x844 -o para3.png --quiet
  measure "reflow-cli preview list500k.md --viewport 390x844" "$R" preview list500k.md --viewport 390x844 -o list.png --quiet
  measure "reflow-cli layout list500k.md" "$R" layout list500k.md --quiet
  measure "reflow-cli audit text10.txt --fail-on never" "$R" audit text10.txt --fail-on never --quiet
  measure "reflow-cli audit fail15k.json --fail-on never" "$R" audit fail15k.json --fail-on never --quiet
  measure "reflow-cli audit fail8m.json --fail-on never" "$R" audit fail8m.json --fail-on never --quiet
fi
