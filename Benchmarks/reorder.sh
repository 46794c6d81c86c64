#!/usr/bin/env bash
# `scroll --reorder` on a 100,000-cell screen (tools/make-screen.py: an adaptive grid, one column
# at the accessibility sizes) at AX5 and 120 Hz: for each drag, the frames, the frames whose work
# (CPU time of the frame's thread) went over the 8.3 ms budget, the same in wall-clock time, the
# anchor's largest movement on screen (cells not dragged), the work counted (cells measured while
# the order changed, units placed again from the cache, target changes) and lazy = eager after
# the drop. Writes a Markdown table to stdout.
#
# Usage: Benchmarks/reorder.sh     env: REFLOW_CLI=binary (default: a release build in .build-perf)
# Figures (2026-11-28, after target changes stopped planning the order again) and what they say: docs/scroll.md, "Figures".
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
if [ -z "${REFLOW_CLI:-}" ]; then
  (cd "$root" && nice -n 19 swift build -c release --scratch-path .build-perf --product reflow-cli >&2)
  REFLOW_CLI="$root/.build-perf/release/reflow-cli"
fi
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
python3 "$here/tools/make-screen.py" 100000 -o "$work/grid-100000.json"

echo "| drag | frames | over budget (CPU) | over budget (wall) | median / max frame (ms) | anchor movement (pt) | cells measured (by order changes) | units placed / target changes | lazy = eager |"
echo "|---|---|---|---|---|---|---|---|---|"
for drag in "0.10:0.200" "0.10:0.200 --paging" "0.50000:0.49880" "0.99990:0.99900" "0.10:0.200 --cancel"; do
  # shellcheck disable=SC2086
  "$REFLOW_CLI" scroll "$work/grid-100000.json" --category ax5 --fps 120 --reorder $drag --format json --quiet > "$work/run.json"
  python3 - "$work/run.json" "$drag" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
print(f"| `--reorder {sys.argv[2]}` | {s['frames']} | **{s['framesOverBudget']}** | {s['framesOverBudgetWallClock']} | "
      f"{s['medianFrameMs']:.3f} / {s['maxFrameMs']:.3f} | **{s['maxAnchorJump']:g}** | {s['cellsMeasured']} ({s['cellsMeasuredByMoves']}) | "
      f"{s['unitsPlaced']} / {s['targetChanges']} | {str(s['lazyEqualsEager']).lower()} |")
PY
done
echo
echo "Command: \`reflow-cli scroll grid-100000.json --category ax5 --fps 120 --reorder DRAG --format json\`; screen from \`Benchmarks/tools/make-screen.py 100000\`."
