#!/usr/bin/env bash
# Full-page PNGs against their layout (issue 38, row 7), as ratios of hyperfine medians taken in
# one run: `reflow-cli FILE --category ax5` (lay out, draw every part, encode, write) against
# `reflow-cli layout FILE --category ax5` (lay out, write the JSON), for Kingfisher's README and
# coding-interview-university's Korean README (Tests/Corpus/markdown). With BEFORE=binary, the
# same pairs for that binary too, in the same hyperfine runs, so before and after are measured
# under the same load. Also each run's user + system CPU seconds (the machine may be shared).
# Writes Markdown to stdout.
#
# Usage: Benchmarks/full-page.sh   env: REFLOW_CLI=binary, BEFORE=binary, RUNS=hyperfine runs (default 5)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
RUNS=${RUNS:-5}
command -v hyperfine >/dev/null || { echo "full-page: hyperfine is missing (apt-get install hyperfine)" >&2; exit 2; }
if [ -z "${REFLOW_CLI:-}" ]; then
  (cd "$root" && swift build -c release --scratch-path .build-perf --product reflow-cli >&2)
  REFLOW_CLI="$root/.build-perf/release/reflow-cli"
fi
export REFLOW_FONTS="${REFLOW_FONTS:-$root/Fonts}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
corpus="$root/Tests/Corpus/markdown"
cp "$corpus/onevcat--Kingfisher--README.md" "$work/kingfisher.md"
cp "$corpus/jwasham--coding-interview-university--translations_README-ko.md" "$work/korean.md"

binaries=("after:$REFLOW_CLI")
[ -n "${BEFORE:-}" ] && binaries=("before:$BEFORE" "${binaries[@]}")

field() { python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]; print('%.1f' % (r[sys.argv[3]] * 1000) if sys.argv[3] == 'median' else '%.2f' % (r['user'] + r['system']))" "$@"; }
ratio() { python3 -c "import sys; print('%.1f' % (float(sys.argv[1]) / float(sys.argv[2])))" "$1" "$2"; }

echo "| document | binary | \`FILE --category ax5\` median ms (CPU s) | \`layout FILE --category ax5\` median ms (CPU s) | page ÷ layout |"
echo "|---|---|---|---|---|"
for document in kingfisher korean; do
  commands=()
  for entry in "${binaries[@]}"; do
    binary="${entry#*:}"
    commands+=("$binary $work/$document.md --category ax5 -o $work/$document-${entry%%:*}.png --parts --quiet"
               "$binary layout $work/$document.md --category ax5 -o $work/$document-${entry%%:*}.json --quiet")
  done
  hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$work/$document.json" "${commands[@]}" >&2
  index=0
  for entry in "${binaries[@]}"; do
    page=$(field "$work/$document.json" $index median); layout=$(field "$work/$document.json" $((index + 1)) median)
    pageCPU=$(field "$work/$document.json" $index cpu); layoutCPU=$(field "$work/$document.json" $((index + 1)) cpu)
    parts=$(ls "$work" | grep -c "^$document-${entry%%:*}-[0-9]*\.png$" || true)
    echo "| $document ($parts parts) | ${entry%%:*} | $page ($pageCPU) | $layout ($layoutCPU) | **$(ratio "$page" "$layout")×** |"
    index=$((index + 2))
  done
done
echo
echo "hyperfine medians of $RUNS runs (1 warm-up), \`-N\`; the pairs of a document in one hyperfine run."
