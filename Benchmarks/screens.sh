#!/usr/bin/env bash
# The compositional layout's figures, as ratios of hyperfine medians taken in one run:
#   1. the first screen of a 1,000,000-cell screen file against that of a 1,000-cell one
#      (reflow-cli FILE --viewport 390x844: read, plan, lay out and draw one screen)
#   2. a 100,000-cell adaptive grid at all twelve sizes against one size, two ways:
#      the first screen of each size (a contact sheet, lazily) and every cell of every size
#      (layout --category all, eagerly, its JSON written to a file)
# Screens come from tools/make-screen.py (deterministic). Writes Markdown to stdout.
#
# Usage: Benchmarks/screens.sh     env: REFLOW_CLI=binary, RUNS=hyperfine runs (default 7)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
RUNS=${RUNS:-7}
command -v hyperfine >/dev/null || { echo "screens: hyperfine is missing (apt-get install hyperfine)" >&2; exit 2; }
if [ -z "${REFLOW_CLI:-}" ]; then
  (cd "$root" && swift build -c release --scratch-path .build-perf --product reflow-cli >&2)
  REFLOW_CLI="$root/.build-perf/release/reflow-cli"
fi
R="$REFLOW_CLI"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
for n in 1000 100000 1000000; do python3 "$here/tools/make-screen.py" "$n" -o "$work/grid-$n.json"; done

median() { python3 -c "import json,sys; print('%.1f' % (json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]['median'] * 1000))" "$1" "$2"; }
ratio() { python3 -c "import sys; print('%.2f' % (float(sys.argv[1]) / float(sys.argv[2])))" "$1" "$2"; }

hyperfine -N --warmup 2 --runs "$RUNS" --export-json "$work/first.json" \
  "$R $work/grid-1000.json --viewport 390x844 -o $work/a.png --quiet" \
  "$R $work/grid-1000000.json --viewport 390x844 -o $work/b.png --quiet" >&2
small=$(median "$work/first.json" 0); large=$(median "$work/first.json" 1)

hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$work/sheet.json" \
  "$R $work/grid-100000.json --category l --viewport 390x844 -o $work/c.png --quiet" \
  "$R $work/grid-100000.json --category all --viewport 390x844 --scale 1 -o $work/d.png --quiet" >&2
one=$(median "$work/sheet.json" 0); all=$(median "$work/sheet.json" 1)

hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$work/eager.json" \
  "$R layout $work/grid-100000.json --category l -o $work/e.json --quiet" \
  "$R layout $work/grid-100000.json --category all -o $work/f.json --quiet" >&2
eagerOne=$(median "$work/eager.json" 0); eagerAll=$(median "$work/eager.json" 1)

sizes=$(ls -l "$work"/grid-*.json | awk '{printf "%s %s bytes; ", $NF, $5}')
cat <<MD
| what | figure | command |
|---|---|---|
| first screen, 1,000,000-cell vs 1,000-cell screen file | $large vs $small ms: **$(ratio "$large" "$small")×** | \`reflow-cli grid-N.json --viewport 390x844 -o x.png\` |
| 100,000-cell adaptive grid, first screen at all twelve sizes vs one | $all vs $one ms: **$(ratio "$all" "$one")×** | \`reflow-cli grid-100000.json --category all --viewport 390x844 --scale 1\` vs \`--category l\` |
| 100,000-cell adaptive grid, every cell at all twelve sizes vs one (eager, JSON written) | $eagerAll vs $eagerOne ms: **$(ratio "$eagerAll" "$eagerOne")×** | \`reflow-cli layout grid-100000.json --category all -o f.json\` vs \`--category l\` |

Screens from \`Benchmarks/tools/make-screen.py N\` ($sizes); hyperfine medians of $RUNS runs, one run each pair.
MD
