#!/usr/bin/env bash
# Two builds of reflow-cli on the eager 100,000-cell grid, interleaved: each round runs
#   BEFORE layout grid --category l, BEFORE … --category all, AFTER … l, AFTER … all
# (/usr/bin/time: wall clock and CPU), so load that comes and goes falls on both alike. Prints the
# medians of each build, one size against twelve, and checks that both wrote the same JSON.
#
# Usage: Benchmarks/eager-grid.sh BEFORE_BINARY AFTER_BINARY [ROUNDS (default 5)] [CELLS (default 100000)]
# Fonts: REFLOW_FONTS (default: this checkout's Fonts/).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
[ $# -ge 2 ] || { echo "usage: $0 BEFORE_BINARY AFTER_BINARY [ROUNDS] [CELLS]" >&2; exit 2; }
before=$1; after=$2; rounds=${3:-5}; cells=${4:-100000}
for binary in "$before" "$after"; do
  [ -x "$binary" ] || { echo "eager-grid: $binary is not an executable reflow-cli (build one with swift build -c release)" >&2; exit 2; }
done
export REFLOW_FONTS="${REFLOW_FONTS:-$here/../Fonts}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
python3 "$here/tools/make-screen.py" "$cells" -o "$work/grid.json"
for round in $(seq "$rounds"); do
  for who in before after; do
    binary=${!who}
    for category in l all; do
      /usr/bin/time -f "$who $category %e %U %S" -a -o "$work/times" \
        "$binary" layout "$work/grid.json" --category "$category" -o "$work/$who-$category.json" --quiet
    done
  done
  echo "round $round of $rounds done" >&2
done
for category in l all; do
  cmp -s "$work/before-$category.json" "$work/after-$category.json" \
    || echo "eager-grid: the two builds wrote different JSON at --category $category" >&2
done
python3 - "$work/times" "$rounds" "$cells" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    who, category, wall, user, system = line.split()
    runs[who, category].append((float(wall), float(user) + float(system)))
def median(who, category, field): return statistics.median(run[field] for run in runs[who, category])
print(f"| build | one size, wall (CPU) | twelve sizes, wall (CPU) | twelve ÷ one |")
print(f"|---|---|---|---|")
for who in ("before", "after"):
    one, twelve = median(who, "l", 0), median(who, "all", 0)
    print(f"| {who} | {one:.2f} s ({median(who, 'l', 1):.2f} s) | {twelve:.2f} s ({median(who, 'all', 1):.2f} s) | {twelve / one:.2f}× |")
print(f"\nMedians of {sys.argv[2]} interleaved rounds, `layout grid-{sys.argv[3]}.json --category l|all -o f.json --quiet`.")
PY
