#!/usr/bin/env bash
# An app's own text (issue 37): what a matrix of languages × sizes costs, as ratios of hyperfine
# medians taken in one run, on one core (taskset -c 0), release build:
#   1. loading a real 2.2 MB catalog (IceCubesApp's, 19 languages, 733 keys): a one-cell screen
#      naming a key in it, against the same screen saying its text (no catalog)
#   2. the matrix of a 60-cell screen naming 60 of its keys: 19 languages × 12 sizes against
#      19 languages × one size, and against one language × one size; and its absolute median
#      (the issue's goal: ≤ 2 s on one core)
# Screens come from tools/make-strings-screen.py (deterministic). Writes Markdown to stdout.
#
# Usage: Benchmarks/strings.sh     env: REFLOW_CLI=binary, RUNS=hyperfine runs (default 7)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
RUNS=${RUNS:-7}
command -v hyperfine >/dev/null || { echo "strings: hyperfine is missing (apt-get install hyperfine)" >&2; exit 2; }
if [ -z "${REFLOW_CLI:-}" ]; then
  (cd "$root" && swift build -c release --scratch-path .build-perf --product reflow-cli >&2)
  REFLOW_CLI="$root/.build-perf/release/reflow-cli"
fi
R="taskset -c 0 $REFLOW_CLI"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cp "$root/Tests/Corpus/strings/Dimillian--IceCubesApp/Localizable.xcstrings" "$work/Localizable.xcstrings"
python3 "$here/tools/make-strings-screen.py" "$work/Localizable.xcstrings" 60 -o "$work/screen60.json"
item='{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}'
group="{\"axis\": \"vertical\", \"size\": {\"width\": {\"fractionalWidth\": 1}, \"height\": {\"estimated\": 44}}, \"subitems\": [$item]}"
echo "{\"strings\": [\"Localizable.xcstrings\"], \"sections\": [{\"group\": $group, \"cells\": [{\"text\": {\"key\": \"settings.app.about\"}}]}]}" > "$work/one-key.json"
echo "{\"sections\": [{\"group\": $group, \"cells\": [{\"text\": \"About\"}]}]}" > "$work/one-text.json"
languages=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(len({l for s in d['strings'].values() for l in s.get('localizations', {})} | {d.get('sourceLanguage','en')}))" "$work/Localizable.xcstrings")

median() { python3 -c "import json,sys; print('%.1f' % (json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]['median'] * 1000))" "$1" "$2"; }
ratio() { python3 -c "import sys; print('%.2f' % (float(sys.argv[1]) / float(sys.argv[2])))" "$1" "$2"; }

hyperfine -N --warmup 2 --runs "$RUNS" --export-json "$work/load.json" \
  "$R layout $work/one-text.json --quiet" \
  "$R layout $work/one-key.json --lang de --quiet" >&2
text=$(median "$work/load.json" 0); key=$(median "$work/load.json" 1)

hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$work/matrix.json" \
  "$R layout $work/screen60.json --lang en --category l -o $work/a.json --quiet" \
  "$R layout $work/screen60.json --lang all --category l -o $work/b.json --quiet" \
  "$R layout $work/screen60.json --lang all --category all -o $work/c.json --quiet" >&2
one=$(median "$work/matrix.json" 0); langs=$(median "$work/matrix.json" 1); matrix=$(median "$work/matrix.json" 2)

echo "| what | medians | ratio |"
echo "|---|---|---|"
echo "| a one-cell screen naming a key of IceCubesApp's 2.2 MB catalog (--lang de) vs saying its text | $key vs $text ms | $(ratio "$key" "$text")× (catalog load ≈ $(python3 -c "print('%.1f' % ($key - $text))") ms) |"
echo "| 60-cell screen, $languages languages × one size vs one language × one size | $langs vs $one ms | $(ratio "$langs" "$one")× |"
echo "| the same, $languages languages × 12 sizes ($((languages * 12)) layouts) vs $languages languages × one size | $matrix vs $langs ms | $(ratio "$matrix" "$langs")× |"
echo "| the whole matrix on one core (goal ≤ 2 s) | $matrix ms | |"
