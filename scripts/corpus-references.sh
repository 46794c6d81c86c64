#!/usr/bin/env bash
# Regenerates the references of the corpus (Tests/Corpus/markdown/reference/ and
# Tests/Corpus/html/reference/), so Swift tests can read them without Python:
#   NAME.structure.json        scripts/markdown-structure.py (markdown-it-py): every block's line, depth, …
#   NAME.chromium-390-17.json  scripts/chromium-blocks.py in a 390 pt container at L (body 17/22)
#   NAME.chromium-390-53.json  the same at AX5 (body 53/64)
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
python="${REFLOW_PYTHON:-$(bash "$root/scripts/python-tools.sh")}"
mode="${1:-write}"
case "$mode" in
  write|--check) ;;
  *) echo "usage: $0 [--check]" >&2; exit 64 ;;
esac

container=390
# Each size: the text column (the container less the cells' leading and trailing insets, UIKit's
# 16 pt layout margins at every size: 358 pt), body size, body line height, list step, quote step,
# heading sizes. The steps are reflow's indentation rule at that column W (Indentation.swift): a
# list level min(1.75 em, W/10) or its widest marker + 0.3 em, whichever is wider (--marker-gap,
# which also brings the rule's bound past 0.4 W), a quote level min(1.25 em, W/16), em = the body
# size, snapped to 1/64 pt. Headings take the Dynamic Type styles reflow gives h1-h6 (largeTitle,
# title1, title2, title3, headline, headline), size/line height/weight. The files keep the
# container's width in their name: NAME.chromium-390-17.json.
sizes=(
  "358 17 22 29.75 21.25 h1=34/41/400,h2=28/34/400,h3=22/28/400,h4=20/25/400,h5=17/22/600,h6=17/22/600"
  "358 53 64 35.796875 22.375 h1=60/70/400,h2=58/68/400,h3=56/66/400,h4=55/65/400,h5=53/62/600,h6=53/62/600"
)

# One folder of the corpus: Tests/Corpus/markdown (plain Markdown) or Tests/Corpus/html (READMEs
# laid out with HTML); the references go to its reference/ folder.
references() {
corpus="$root/Tests/Corpus/$1"
if [ "$mode" = "--check" ]; then out="$(mktemp -d)"; else out="$corpus/reference"; fi
mkdir -p "$out"
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
  read -r width body line list quote headings <<< "$size"
  chromium_out="$(mktemp -d)"
  "$python" "$root/scripts/chromium-blocks.py" "${files[@]}" --width "$width" --body-size "$body" --line-height "$line" \
    --indent-step "$list" --quote-indent "$quote" --marker-gap 0.3 --heading-sizes "$headings" --font-dir "$root/Fonts" --out-dir "$chromium_out"
  for file in "${files[@]}"; do
    name="$(basename "$file")"
    mv "$chromium_out/$name.json" "$out/$name.chromium-$container-$body.json"
  done
  rmdir "$chromium_out"
done
echo "corpus-references: Chromium blocks at ${#sizes[@]} sizes in $((SECONDS - started)) s" >&2

if [ "$mode" = "--check" ]; then
  if diff -r -q "$corpus/reference" "$out" >&2; then
    echo "corpus-references: the committed references are up to date" >&2
  else
    echo "corpus-references: the references differ from what the scripts make now (bash scripts/corpus-references.sh rewrites them)" >&2
    rm -rf "$out"
    return 1
  fi
fi
[ "$mode" != "--check" ] || rm -rf "$out"
}

status=0
for folder in markdown html; do references "$folder" || status=1; done
exit $status
