#!/usr/bin/env bash
# Regenerates the references of the Markdown corpus (Tests/Corpus/markdown/reference/), so Swift
# tests can read them without Python:
#   NAME.structure.json        scripts/markdown-structure.py (markdown-it-py): every block's line, depth, …
#   NAME.chromium-390-17.json  scripts/chromium-blocks.py at width 390, body 17/22 (L)
#   NAME.chromium-390-53.json  the same at body 53/64 (AX5)
# and checks that libcmark-gfm (what reflow parses with) sees the same structure as markdown-it-py.
#
#   bash scripts/corpus-references.sh           write the references
#   bash scripts/corpus-references.sh --check   regenerate into a temporary folder and diff with
#                                               the committed ones (exit 1 when they differ)
#
# Needs the test venv (scripts/python-tools.sh; $REFLOW_PYTHON when set), libcmark-gfm and
# Chromium ($REFLOW_CHROMIUM or chromium on PATH).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="$root/Tests/Corpus/markdown"
python="${REFLOW_PYTHON:-$(bash "$root/scripts/python-tools.sh")}"
mode="${1:-write}"
case "$mode" in
  write) out="$corpus/reference" ;;
  --check) out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT ;;
  *) echo "usage: $0 [--check]" >&2; exit 64 ;;
esac
mkdir -p "$out"

width=390
# Each size: body size, body line height, list step, quote step, heading sizes. The steps follow
# the base of reflow's indentation rule (a list level min(1.75 em, W/10), a quote level
# min(1.25 em, W/16), em = the body size; neither the widening for wide markers nor the bound
# past 0.4 W, which no corpus file reaches at these steps, is modelled). Headings take the
# Dynamic Type styles reflow gives h1-h6 (largeTitle, title1, title2, title3, headline, headline),
# size/line height/weight.
sizes=(
  "17 22 29.75 21.25 h1=34/41/400,h2=28/34/400,h3=22/28/400,h4=20/25/400,h5=17/22/600,h6=17/22/600"
  "53 64 39 24.375 h1=60/70/400,h2=58/68/400,h3=56/66/400,h4=55/65/400,h5=53/62/600,h6=53/62/600"
)

files=()
while IFS= read -r file; do files+=("$file"); done < <(find "$corpus" -maxdepth 1 -name '*.md' ! -name SOURCES.md | sort)
[ ${#files[@]} -gt 0 ] || { echo "corpus-references: no Markdown files in $corpus" >&2; exit 1; }

started=$SECONDS
disagree=0
for file in "${files[@]}"; do
  name="$(basename "$file")"
  "$python" "$root/scripts/markdown-structure.py" "$file" > "$out/$name.structure.json"
  # the same structure from libcmark-gfm: only the parser's description may differ
  if ! diff <("$python" -c 'import json,sys; d=json.load(open(sys.argv[1])); d.pop("parser"); print(json.dumps(d, indent=1, ensure_ascii=False))' "$out/$name.structure.json") \
            <("$python" "$root/scripts/markdown-structure.py" --parser cmark-gfm "$file" | "$python" -c 'import json,sys; d=json.load(sys.stdin); d.pop("parser"); print(json.dumps(d, indent=1, ensure_ascii=False))') > "$out/.parsers.diff"; then
    disagree=$((disagree + 1))
    echo "corpus-references: markdown-it-py and cmark-gfm disagree on $name:" >&2
    head -20 "$out/.parsers.diff" >&2
  fi
done
rm -f "$out/.parsers.diff"
echo "corpus-references: structure of ${#files[@]} files; markdown-it-py and cmark-gfm agree on $(( ${#files[@]} - disagree ))" >&2

for size in "${sizes[@]}"; do
  read -r body line list quote headings <<< "$size"
  chromium_out="$(mktemp -d)"
  "$python" "$root/scripts/chromium-blocks.py" "${files[@]}" --width "$width" --body-size "$body" --line-height "$line" \
    --indent-step "$list" --quote-indent "$quote" --heading-sizes "$headings" --font-dir "$root/Fonts" --out-dir "$chromium_out"
  for file in "${files[@]}"; do
    name="$(basename "$file")"
    mv "$chromium_out/$name.json" "$out/$name.chromium-$width-$body.json"
  done
  rmdir "$chromium_out"
done
echo "corpus-references: Chromium blocks at ${#sizes[@]} sizes in $((SECONDS - started)) s" >&2

if [ "$mode" = "--check" ]; then
  if diff -r -q "$corpus/reference" "$out" >&2; then
    echo "corpus-references: the committed references are up to date" >&2
  else
    echo "corpus-references: the references differ from what the scripts make now (bash scripts/corpus-references.sh rewrites them)" >&2
    exit 1
  fi
fi
