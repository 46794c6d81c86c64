#!/usr/bin/env bash
# Line breaks of world text: reflow-cli lines against Pango 1.50 given the same font files
# (Benchmarks/pango_world.py: a fontconfig configuration listing only reflow's chain). Prints the
# share of identical lines overall and per paragraph (script), at SIZE/WIDTH/LINE_HEIGHT.
#
# usage: Benchmarks/compare-pango-world.sh [TEXT] [SIZE WIDTH LINE_HEIGHT]
#   default: Examples/udhr-article1.txt at 17/358/22 (body at L: Inter 17 pt, 22 pt lines)
#   CLI=path/to/reflow-cli compares another build; PANGO_FLAGS="--no-language --syllables" passes
#   those options to pango_world.py (see its usage)
# needs: ../shared/peers/.venv (python3-gi, Pango), a release build (swift build -c release)
set -euo pipefail
cd "$(dirname "$0")/.."
text=${1:-Examples/udhr-article1.txt}
size=${2:-17}; width=${3:-358}; pitch=${4:-22}
python=../shared/peers/.venv/bin/python
[ -x "$python" ] || python=/usr/bin/python3
[ -x "$python" ] || python=python3
cli=${CLI:-.build/release/reflow-cli}
[ -x "$cli" ] || { echo "build first: swift build -c release" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$cli" fonts --format json > "$out/fonts.json"
inter=$(pwd)/Fonts/Inter-Regular.otf
"$cli" lines "$text" --font "$inter" --size "$size" --line-height "$pitch" --width "$width" > "$out/reflow.lines" 2> "$out/reflow.err"
"$python" Benchmarks/pango_world.py "$out/fonts.json" "$size" "$width" "$pitch" "$text" ${PANGO_FLAGS:-} > "$out/pango.lines"
"$python" - "$out/reflow.lines" "$out/pango.lines" <<'PY'
import difflib, sys, unicodedata
def paragraphs(path):
    text = open(path, encoding="utf-8").read().rstrip("\n")
    return [[" ".join(l.split()) for l in p.split("\n")] for p in text.split("\n\n")]
ours, theirs = paragraphs(sys.argv[1]), paragraphs(sys.argv[2])
assert len(ours) == len(theirs), f"{len(ours)} vs {len(theirs)} paragraphs"
def script(p):
    counts = {}
    for ch in "".join(p):
        if ch.isalpha():
            name = unicodedata.name(ch, "?").split(" ")[0]
            counts[name] = counts.get(name, 0) + 1
    return max(counts, key=counts.get) if counts else "SYMBOLS/EMOJI"
same = total = same_nothai = total_nothai = 0
for a, b in zip(ours, theirs):
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    common = sum(block.size for block in matcher.get_matching_blocks())
    lines = max(len(a), len(b))
    name = script(a)
    same += common; total += lines
    if name != "THAI":
        same_nothai += common; total_nothai += lines
    mark = "" if common == lines else "  <- differs"
    print(f"{name:12} {common:3}/{lines:<3} identical lines{mark}")
    if common != lines:
        for line in difflib.unified_diff(a, b, "reflow", "pango", lineterm="", n=0):
            if not line.startswith("@@"): print("     " + line)
print(f"identical lines: {same}/{total} = {100 * same / total:.1f} %; without Thai {same_nothai}/{total_nothai} = {100 * same_nothai / total_nothai:.1f} %")
PY
