#!/usr/bin/env bash
# World text's speed criteria, whole processes in one hyperfine run (medians):
#   1. Latin must not get slower: reflow-cli lines words_100k.txt vs hb_greedy count --cache
#      (Inter Regular 17 pt, 358 pt wide, 22 pt lines; output checked byte-identical first), and,
#      with BASE=path/to/older/reflow-cli, against an older build on the same input;
#   2. a multilingual document of the same size (Benchmarks/multilingual-corpus.py: every second
#      paragraph in one of 18 other languages and scripts) within 2x the Latin one.
# usage: Benchmarks/world-speed.sh [RUNS]      needs ../shared/peers (hb_greedy, corpus), hyperfine,
# a release build (swift build -c release --product reflow-cli).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
peers=../shared/peers
cli=.build/release/reflow-cli
latin=$peers/corpus/words_100k.txt
font=$(pwd)/Fonts/Inter-Regular.otf
for need in "$cli" "$peers/hb_greedy" "$latin"; do [ -e "$need" ] || { echo "world-speed: $need is missing" >&2; exit 2; }; done
command -v hyperfine >/dev/null || { echo "world-speed: hyperfine is missing (apt-get install hyperfine)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/multilingual-corpus.py "$latin" -o "$work/multilingual_100k.txt" >&2
args="--font $font --size 17 --width 358 --line-height 22"
cmp -s <($cli lines $latin $args 2>/dev/null) <($peers/hb_greedy lines $font 17 358 22 $latin 2>/dev/null) \
  && echo "lines words_100k: byte-identical to hb_greedy" >&2 || echo "lines words_100k: DIFFERENT from hb_greedy" >&2
commands=("$cli lines $latin $args" "$peers/hb_greedy count $font 17 358 22 $latin --cache" "$cli lines $work/multilingual_100k.txt $args")
[ -n "${BASE:-}" ] && commands+=("$BASE lines $latin $args")
hyperfine -w 3 -r "$runs" -N --output=null --export-json "$work/times.json" "${commands[@]}" >&2
python3 - "$work/times.json" <<'PY'
import json, sys
r = [x["median"] * 1000 for x in json.load(open(sys.argv[1]))["results"]]
print(f"lines words_100k {r[0]:.1f} ms, hb_greedy --cache {r[1]:.1f} ms: {r[0] / r[1]:.2f}x")
print(f"multilingual_100k {r[2]:.1f} ms vs words_100k {r[0]:.1f} ms: {r[2] / r[0]:.2f}x")
if len(r) > 3: print(f"words_100k, this build vs BASE {r[3]:.1f} ms: {r[0] / r[3]:.2f}x")
PY
