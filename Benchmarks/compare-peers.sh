#!/usr/bin/env bash
# Whole-process comparison of `reflow-cli lines` with the peer engines (issue 2's speed criterion):
# one hyperfine run of
#   reflow-cli lines TEXT --font FONT --size 17 --width 358 --line-height 22
#   hb_greedy count FONT 17 358 22 TEXT --cache
#   .venv/bin/python peer_pango.py count FONT 17 358 22 TEXT
# and a Markdown table of the medians and ratios (goal: reflow <= 1.5x hb_greedy --cache, and
# >= 5x faster than Pango). Before timing, checks that reflow's lines are byte-identical to hb_greedy's.
#
# Usage: Benchmarks/compare-peers.sh [TEXT]        (default: the peers' corpus/words_100k.txt)
# env:   PEERS=dir (peer folder), REFLOW_CLI=binary (default: release build in .build-perf),
#        RUNS=15, WARMUP=2, SIZE/WIDTH/LH (17/358/22), OUT=markdown file
#        (default: Benchmarks/results/compare-peers.md)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
SIZE=${SIZE:-17}; WIDTH=${WIDTH:-358}; LH=${LH:-22}; RUNS=${RUNS:-15}; WARMUP=${WARMUP:-2}
FONT="$root/Fonts/Inter-Regular.otf"
OUT=${OUT:-$here/results/compare-peers.md}

# The peers: $PEERS, else ../shared/peers beside the repository, else /tmp/peers; the first one
# that is installed (hb_greedy built, .venv made, corpus generated) wins.
peers=""
for dir in ${PEERS:-} "$root/../shared/peers" /tmp/peers; do
  if [ -x "$dir/hb_greedy" ] && [ -x "$dir/.venv/bin/python" ] && [ -f "$dir/corpus/words_100k.txt" ]; then
    peers="$(cd "$dir" && pwd)"; break
  fi
done
if [ -z "$peers" ]; then
  cat >&2 <<MSG
compare-peers: no installed peer engines found (looked in \${PEERS:-unset}, $root/../shared/peers, /tmp/peers).
Install them once (Debian 12; apt packages, a Python venv, hb_greedy, the corpora), e.g.:
  cp -r $root/../shared/peers /tmp/peers && cd /tmp/peers && ./install.sh
(see README.md there), or point PEERS at an installed copy.
MSG
  exit 2
fi
command -v hyperfine >/dev/null || { echo "compare-peers: hyperfine is missing (apt-get install hyperfine)" >&2; exit 2; }

TEXT=${1:-$peers/corpus/words_100k.txt}
if [ -z "${REFLOW_CLI:-}" ]; then
  (cd "$root" && swift build -c release --scratch-path .build-perf --product reflow-cli >&2)
  REFLOW_CLI="$root/.build-perf/release/reflow-cli"
fi

reflow="$REFLOW_CLI lines $TEXT --font $FONT --size $SIZE --width $WIDTH --line-height $LH"
hb="$peers/hb_greedy count $FONT $SIZE $WIDTH $LH $TEXT --cache"
pango="$peers/.venv/bin/python $peers/peer_pango.py count $FONT $SIZE $WIDTH $LH $TEXT"

if cmp -s <($reflow 2>/dev/null) <("$peers/hb_greedy" lines "$FONT" "$SIZE" "$WIDTH" "$LH" "$TEXT" 2>/dev/null); then
  same="byte-identical to hb_greedy"
else
  same="DIFFERENT from hb_greedy"
fi
echo "lines: $same" >&2

mkdir -p "$(dirname "$OUT")"
json="$(mktemp)"; trap 'rm -f "$json"' EXIT
hyperfine -w "$WARMUP" -r "$RUNS" -N --output=null --export-json "$json" "$reflow" "$hb" "$pango" >&2

python3 - "$json" "$OUT" "$same" "$(basename "$TEXT")" "$SIZE/$WIDTH/$LH" "$RUNS" <<'PY'
import json, sys, datetime
path, out, same, text, setting, runs = sys.argv[1:]
r = json.load(open(path))["results"]
names = ["reflow-cli lines", "hb_greedy count --cache", "peer_pango.py count"]
med = [x["median"] * 1000 for x in r]
rows = [
    "| engine | median ms | user ms | sys ms | reflow ÷ engine | engine ÷ reflow |",
    "|---|---:|---:|---:|---:|---:|",
]
for name, x, m in zip(names, r, med):
    rows.append(f"| {name} | {m:.1f} | {x['user']*1000:.1f} | {x['system']*1000:.1f} | {med[0]/m:.2f} | {m/med[0]:.2f} |")
hb_ratio, pango_speedup = med[0] / med[1], med[2] / med[0]
text_md = "\n".join([
    f"# reflow vs peers: {text}, Inter Regular {setting} (hyperfine -N, {runs} runs, medians)",
    "",
    f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; lines {same}.",
    "",
    *rows,
    "",
    f"- reflow / hb_greedy --cache: **{hb_ratio:.2f}x** (goal <= 1.5x: {'met' if hb_ratio <= 1.5 else 'NOT met'})",
    f"- Pango / reflow: **{pango_speedup:.1f}x** (goal >= 5x: {'met' if pango_speedup >= 5 else 'NOT met'})",
    "",
    "Commands:",
    "",
    *[f"    {x['command']}" for x in r],
    "",
])
open(out, "w").write(text_md)
print(text_md)
PY
echo "written: $OUT" >&2
