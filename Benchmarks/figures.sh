#!/usr/bin/env bash
# The figures the README points to, measured in one run on this machine, written as Markdown
# (docs/figures.md) with the command behind each number; that file's section "Measured by hand"
# is kept as it is. Speed is reported as
# ratios of hyperfine medians taken in the same run, as absolute times drift on shared machines.
#
#   1. line breaks: `reflow-cli lines` against hb_greedy and Pango on words_100k at four settings
#   2. lines speed against hb_greedy --cache and Pango (compare-peers.sh)
#   3. layout --category all against one category (words_100k); the audit against layout --category all
#   4. a whole-document PNG against pango-view (words_10k)
#   5. lazy layout: estimate error auto vs fixed:200, a 1M-word scroll at AX5, the text-size
#      change to a complete screen (1k vs 1M words), one screen rendered (1k vs 100k words)
#   6. a 1 MB README (readme-corpus.py: 5,000 code lines, 2,000 list items) at twelve sizes
#      against one
#   7. a screen at an offset near the end of the 1M-word document at AX5 against one near its
#      start (offsets are places on the page: what lies above is measured, then kept in the
#      height cache), with the cache warm and, for reference, without it
#
# Usage: Benchmarks/figures.sh        env: PEERS=dir (installed peers, see compare-peers.sh),
#        REFLOW_CLI=binary, RUNS=hyperfine runs (default 11), OUT=markdown file
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
RUNS=${RUNS:-11}
OUT=${OUT:-$root/docs/figures.md}
FONT="$root/Fonts/Inter-Regular.otf"

peers=""
for dir in ${PEERS:-} "$root/../shared/peers" /tmp/peers; do
  if [ -x "$dir/hb_greedy" ] && [ -x "$dir/.venv/bin/python" ] && [ -f "$dir/corpus/words_1m.txt" ]; then
    peers="$(cd "$dir" && pwd)"; break
  fi
done
[ -n "$peers" ] || { echo "figures: no installed peers (run ../shared/peers/install.sh, or set PEERS)" >&2; exit 2; }
for tool in hyperfine pango-view python3; do
  command -v $tool >/dev/null || { echo "figures: $tool is missing (../shared/peers/install.sh installs it)" >&2; exit 2; }
done
corpus="$peers/corpus"
if [ -z "${REFLOW_CLI:-}" ]; then
  (cd "$root" && swift build -c release --scratch-path .build-perf --product reflow-cli >&2)
  REFLOW_CLI="$root/.build-perf/release/reflow-cli"
fi
R="$REFLOW_CLI"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
md="$work/figures.md"
say() { printf '%s\n' "$*" >> "$md"; }
step() { echo "figures: $*" >&2; }
# Median in ms of hyperfine's result i (0-based) in a JSON export.
median() { python3 -c "import json,sys; print('%.1f' % (json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]['median']*1000))" "$1" "$2"; }
ratio() { python3 -c "import sys; print('%.2f' % (float(sys.argv[1]) / float(sys.argv[2])))" "$1" "$2"; }

say "# reflow figures"
say ""
say "$(date -u '+%Y-%m-%d %H:%M') UTC, $(nproc) cores, $(uname -m); reflow-cli $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'); peers installed from ../shared/peers (\`install.sh\`)."
say "Times are hyperfine medians ($RUNS runs after warm-up) of whole processes; ratios are within one run."
say ""

step "1/7 line breaks against hb_greedy and Pango"
say "## Line breaks (issue 2): words_100k.txt, Inter Regular"
say ""
say "| size / width / line height | reflow lines | = hb_greedy | = Pango |"
say "|---|---|---|---|"
for setting in "17 358 22" "12.5 358 16" "23.7 358 29" "17 150 22"; do
  set -- $setting
  "$R" lines "$corpus/words_100k.txt" --font "$FONT" --size "$1" --width "$2" --line-height "$3" > "$work/reflow.txt" 2> "$work/reflow.err"
  "$peers/hb_greedy" lines "$FONT" "$1" "$2" "$3" "$corpus/words_100k.txt" > "$work/hb.txt" 2>/dev/null
  "$peers/.venv/bin/python" "$peers/peer_pango.py" lines "$FONT" "$1" "$2" "$3" "$corpus/words_100k.txt" > "$work/pango.txt" 2>/dev/null
  hb=$(cmp -s "$work/reflow.txt" "$work/hb.txt" && echo "byte-identical" || echo "**differs**")
  pango=$(cmp -s "$work/reflow.txt" "$work/pango.txt" && echo "byte-identical" || echo "**differs**")
  say "| $1 / $2 / $3 | $(cat "$work/reflow.err") | $hb | $pango |"
done
say ""
say "Command: \`reflow-cli lines words_100k.txt --font Fonts/Inter-Regular.otf --size S --width W --line-height H\`, diffed with \`hb_greedy lines\` and \`peer_pango.py lines\`."
say ""

step "2/7 lines speed (compare-peers.sh)"
RUNS=$RUNS REFLOW_CLI="$R" PEERS="$peers" OUT="$work/peers.md" "$here/compare-peers.sh" >/dev/null 2>&1
say "## lines speed (issue 2): words_100k.txt at 17/358/22"
say ""
sed -n '/^| engine/,/^- Pango/p' "$work/peers.md" >> "$md"
say ""
say "From \`Benchmarks/compare-peers.sh\`. reflow uses one thread per core (\`--jobs\`); its user time is in the table."
say ""

# Three rounds of hyperfine on two commands (single runs of a ratio drift on a shared machine, so
# each round's ratio is shown) and the median round: rounds NAME "A-LABEL" "B-LABEL" GOAL A B.
rounds() {
  local name=$1 label_a=$2 label_b=$3 goal=$4 a=$5 b=$6 ratios=() round ta tb
  say "| round | $label_a median ms | $label_b median ms | $name |"
  say "|---|---:|---:|---:|"
  for round in 1 2 3; do
    hyperfine -N -i -w 1 -r "$RUNS" --output=null --export-json "$work/rounds.json" "$a" "$b" >/dev/null 2>&1
    ta=$(median "$work/rounds.json" 0); tb=$(median "$work/rounds.json" 1)
    ratios+=("$(ratio "$tb" "$ta")")
    say "| $round | $ta | $tb | ${ratios[-1]}× |"
  done
  say ""
  say "Median of the three rounds: $name = **$(printf '%s\n' "${ratios[@]}" | sort -g | sed -n 2p)×** (goal ≤ $goal×)."
  say ""
}

step "3/7 layout --category all, and the audit"
say "## Twelve sizes at once (issue 3): \`reflow-cli layout words_100k.txt\`"
say ""
rounds "all ÷ one" "\`--category l\`" "\`--category all\`" 2 \
  "$R layout $corpus/words_100k.txt --category l --quiet" "$R layout $corpus/words_100k.txt --category all --quiet"
# The audit lays every size out at two widths (390 and 320 pt) and reads each layout.
say "## The audit (issue 13): \`reflow-cli audit words_100k.txt\` (12 sizes × 2 widths)"
say ""
rounds "audit ÷ layout" "\`layout --category all\`" "\`audit\`" 3 \
  "$R layout $corpus/words_100k.txt --category all --quiet" "$R audit $corpus/words_100k.txt --quiet --fail-on never"

step "4/7 whole-document PNG against pango-view"
# cairo's image surfaces stop at 32,767 px: pango-view cannot draw words_10k whole (40,766 pt at
# 17/22; it exits 1 with an empty file), so the like-for-like input is the longest run of whole
# paragraphs that it can draw.
python3 - "$corpus/words_10k.txt" "$work/first110.txt" <<'PY'
import sys
paragraphs = open(sys.argv[1]).read().split("\n\n")
open(sys.argv[2], "w").write("\n\n".join(paragraphs[:110]) + "\n")
PY
# One string, quoted for hyperfine -N (which splits it as a shell would, without a shell).
pv="pango-view --font='Inter 17' --width=358 --dpi=72 --margin=0 --wrap=word --subpixel-positions --hint-metrics=off --hinting=none --line-spacing=1.0476 -q"
hyperfine -N -i -w 1 -r "$RUNS" --export-json "$work/png.json" \
  "$R $work/first110.txt --category l --scale 1 -o $work/r110.png --quiet" \
  "$pv -o $work/p110.png $work/first110.txt" \
  "$R $corpus/words_10k.txt --category l --scale 1 -o $work/r10k.png --quiet" \
  "$pv -o $work/p10k.png $corpus/words_10k.txt" >/dev/null 2>&1
r110=$(median "$work/png.json" 0); p110=$(median "$work/png.json" 1); r10k=$(median "$work/png.json" 2); p10k=$(median "$work/png.json" 3)
p10k_size=$(stat -c %s "$work/p10k.png" 2>/dev/null || echo 0)
say "## A whole document to PNG (issue 4): body at L, 358 pt of text (390 pt with insets), scale 1"
say ""
say "| input | reflow-cli ms | pango-view ms | pango ÷ reflow |"
say "|---|---:|---:|---:|"
say "| words_10k.txt, first 110 of 145 paragraphs (30,580 pt tall) | $r110 | $p110 | **$(ratio "$p110" "$r110")×** |"
say "| words_10k.txt whole (40,766 pt) | $r10k | $p10k (fails: $p10k_size-byte file) | – |"
say ""
say "pango-view cannot draw words_10k whole: cairo image surfaces stop at 32,767 px, so it exits 1 after laying"
say "the text out. Commands: \`reflow-cli FILE --category l --scale 1 -o out.png\`; \`$pv -o out.png FILE\`."
say ""

step "5/7 lazy layout"
auto=$("$R" scroll "$corpus/words_100k.txt" --category l --format json --quiet | python3 -c "import json,sys; print('%.0f' % json.load(sys.stdin)['estimateError'])")
fixed=$("$R" scroll "$corpus/words_100k.txt" --category l --estimate fixed:200 --format json --quiet | python3 -c "import json,sys; print('%.0f' % json.load(sys.stdin)['estimateError'])")
"$R" scroll "$corpus/words_1m.txt" --category ax5 --fps 60 --format json --quiet > "$work/1m.json"
read -r frames over maxms wallover wallmax jump < <(python3 -c "
import json,sys; s=json.load(open(sys.argv[1]))
print(s['frames'], s['framesOverBudget'], '%.2f' % s['maxFrameMs'], s['framesOverBudgetWallClock'], '%.2f' % s['maxFrameWallMs'], s['maxAnchorJump'])" "$work/1m.json")
change() {
  for _ in 1 2 3 4 5 6 7; do
    "$R" scroll "$1" --category l --change-category-at 0.5 --to ax5 --format json --quiet | python3 -c "import json,sys; print('%.2f' % json.load(sys.stdin)['textSizeChangeMs'])"
  done | sort -g | sed -n 4p
}
change1k=$(change "$corpus/words_1k.txt"); change1m=$(change "$corpus/words_1m.txt")
hyperfine -N -w 2 -r "$RUNS" --export-json "$work/screen.json" \
  "$R $corpus/words_1k.txt --category ax5 --viewport 390x844 --offset 0 --scale 3 -o $work/s1k.png --quiet" \
  "$R $corpus/words_100k.txt --category ax5 --viewport 390x844 --offset 0 --scale 3 -o $work/s100k.png --quiet" >/dev/null 2>&1
s1k=$(median "$work/screen.json" 0); s100k=$(median "$work/screen.json" 1)
say "## Lazy layout (issue 5)"
say ""
say "| figure | value | command |"
say "|---|---|---|"
say "| estimate error, automatic (summed \\|estimated − final\\| y, pt) | $auto | \`reflow-cli scroll words_100k.txt --category l --format json\` |"
say "| estimate error, fixed:200 | $fixed ($(ratio "$fixed" "$auto")× the automatic) | same, \`--estimate fixed:200\` |"
say "| 1M-word scroll at AX5, 60 fps: frames, over budget (work) | $frames frames, **$over** over, longest $maxms ms | \`reflow-cli scroll words_1m.txt --category ax5 --fps 60 --format json\` |"
say "| the same in wall-clock time | $wallover over, longest $wallmax ms | (\`framesOverBudgetWallClock\`, \`maxFrameWallMs\`) |"
say "| largest anchor movement on screen | $jump pt | |"
say "| text-size change L→AX5 to a complete screen, median of 7 | 1k words $change1k ms, 1M words $change1m ms: **$(ratio "$change1m" "$change1k")×** | \`reflow-cli scroll FILE --change-category-at 0.5 --to ax5 --format json\` (\`textSizeChangeMs\`) |"
say "| one screen at AX5, scale 3 | 1k words $s1k ms, 100k words $s100k ms: **$(ratio "$s100k" "$s1k")×** | \`reflow-cli FILE --category ax5 --viewport 390x844 --offset 0 --scale 3\` |"
say ""
say "A frame's work is the CPU time of the thread that did it; wall-clock time also counts time another process held the core."

step "6/7 a 1 MB README at twelve sizes"
python3 "$here/readme-corpus.py" "$corpus/words_100k.txt" -o "$work/readme_1mb.md" >/dev/null
readme_bytes=$(stat -c %s "$work/readme_1mb.md")
say ""
say "## A long README at twelve sizes (issue 22): \`reflow-cli layout readme_1mb.md\`"
say ""
say "\`Benchmarks/readme-corpus.py\` (seed 22, from words_100k.txt): $readme_bytes bytes; 5,000 lines of code in fenced blocks of"
say "1 to 120 lines, 2,000 list items nested up to four deep, paragraphs, headings, quotes, tables, images, rules and README HTML."
say ""
rounds "all ÷ one" "\`--category l\`" "\`--category all\`" 2 \
  "$R layout $work/readme_1mb.md --category l --quiet" "$R layout $work/readme_1mb.md --category all --quiet"

step "7/7 a screen near the end of a million words"
# The page's height at AX5, from the layout of one screen at its end (it measures the whole page).
export REFLOW_CACHE_DIR="$work/heights"
end=$("$R" layout "$corpus/words_1m.txt" --category ax5 --viewport 390x844 --offset 1000000000 --quiet \
  | python3 -c "import json,sys; print('%.0f' % (json.load(sys.stdin)['layouts'][0]['contentSize']['height'] - 2000))")
say "## A screen at an offset (issue 23): \`reflow-cli words_1m.txt --category ax5 --viewport 390x844 --offset Y --scale 3\`"
say ""
say "The page is $end pt tall here (plus 2,000). Each run draws exactly what the whole page shows at Y: the heights above"
say "Y come from the height cache once a run has measured them (\`\$REFLOW_CACHE_DIR\`, warmed by the runs before the first"
say "timed one), so the end costs what the start does."
say ""
screen() { echo "$R $corpus/words_1m.txt --category ax5 --viewport 390x844 --scale 3 --quiet -o $work/offset.png --offset $1 ${2:-}"; }
rounds "end ÷ start" "offset 1000" "offset $end (end)" 2 "$(screen 1000)" "$(screen "$end")"
hyperfine -N -w 1 -r 3 --export-json "$work/cold.json" "$(screen 1000 --no-height-cache)" "$(screen "$end" --no-height-cache)" >/dev/null 2>&1
cold_start=$(median "$work/cold.json" 0); cold_end=$(median "$work/cold.json" 1)
say "Without the height cache (\`--no-height-cache\`: the page above is measured at every run), 3 runs: start $cold_start ms,"
say "end $cold_end ms (**$(ratio "$cold_end" "$cold_start")×**): what the first run at a new place costs, before the heights are kept."
say ""
unset REFLOW_CACHE_DIR

# The figures measured by hand (docs/figures.md's section of that name, to its end) are not this
# script's: they are carried over from the file being replaced.
hand='## Measured by hand'
if [ -f "$OUT" ] && grep -q "^$hand" "$OUT"; then
  { echo; sed -n "/^$hand/,\$p" "$OUT"; } >> "$md"
fi
mkdir -p "$(dirname "$OUT")"
cp "$md" "$OUT"
cat "$OUT"
echo "written: $OUT" >&2
