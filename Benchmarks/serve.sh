#!/usr/bin/env bash
# The live preview server's figures (issue 25, docs/serve.md), run by hand, not in CI: a release
# reflow-cli serves DOCUMENT (default Examples/welcome.md, copied to a scratch folder) on a free
# loopback port, and curl measures, each request's time_total (connect to last byte, on loopback):
#   1. the first AX5 screen (390x844 at offset 0, scale 2) right after the start: cold caches;
#   2. the same screen warm, ROUNDS times: median and 90th percentile, the server's CPU time per
#      screen (from /proc, whatever else the machine runs), and the server's own account of it
#      (Server-Timing: layout, drawing, PNG encoding);
#   3. a slider sweep: the twelve sizes in turn, ROUNDS / 12 rounds (a new size of the same plans);
#   4. scrolling: AX5 screens 211 pt apart down the page (a new screen each time);
#   5. 40 requests at once (xargs -P 40), each a different size and offset: every status, the
#      slowest answer and the wall time of the burst;
#   6. the command line drawing the same AX5 screen (hyperfine: process start, fonts, reading,
#      layout, drawing), and the ratio of its median to the server's warm median;
#   7. SIGTERM: the server's exit status.
# Usage: Benchmarks/serve.sh [DOCUMENT]      ROUNDS=60 by default; needs curl and hyperfine
# (apt-get install curl hyperfine).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH
rounds="${ROUNDS:-60}"
document="${1:-Examples/welcome.md}"
for tool in curl hyperfine; do
  command -v "$tool" >/dev/null || { echo "serve.sh: $tool is missing (apt-get install $tool)" >&2; exit 1; }
done
swift build -c release --product reflow-cli 2>&1 | grep -v '^\[' >&2 || true
cli="$PWD/.build/release/reflow-cli"

work="$(mktemp -d)"
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
cp "$document" "$work/"
doc="$work/$(basename "$document")"
"$cli" serve "$doc" --port 0 > "$work/url" 2> "$work/stderr" &
server=$!
for _ in $(seq 1 600); do [ -s "$work/url" ] && break; sleep 0.05; done
url="$(head -n 1 "$work/url")"
[ -n "$url" ] || { echo "serve.sh: the server printed no URL: $(cat "$work/stderr")" >&2; exit 1; }
screen="render.png?category=ax5&viewport=390x844&offset=0"

# time_total of one GET in milliseconds; fails unless the status is 200.
get_ms() {
  local line
  line="$(curl -s -o /dev/null -w '%{http_code} %{time_total}' "$url$1")"
  [ "${line%% *}" = 200 ] || { echo "serve.sh: GET $1 answered ${line%% *}" >&2; exit 1; }
  awk -v s="${line#* }" 'BEGIN { printf "%.2f\n", s * 1000 }'
}
# "median M ms, p90 P ms, n N" of the numbers on stdin.
summary() {
  sort -n | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
                  p = v[int(0.9 * NR + 0.999)]; printf "median %.1f ms, p90 %.1f ms, n %d\n", m, p, NR }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "document: $document ($(wc -c < "$doc") bytes), server: $url, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "1. first AX5 screen after the start (cold): $(get_ms "$screen") ms"
for _ in 1 2 3 4 5; do get_ms "$screen" > /dev/null; done
# The server's own CPU time (user + system, /proc/PID/stat) over the warm requests: what a
# screen costs whatever else the machine is doing.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$server/stat"; }
before="$(cpu_ticks)"
for _ in $(seq 1 "$rounds"); do get_ms "$screen"; done > "$work/warm"
after="$(cpu_ticks)"
echo "2. one AX5 screen, warm: $(summary < "$work/warm"); the server's CPU time: $(awk -v t=$(( after - before )) -v n="$rounds" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.1f", t * 1000 / hz / n }') ms a screen"
for _ in $(seq 1 20); do
  curl -s -o /dev/null -D - "$url$screen" | tr -d '\r' | sed -n 's/^Server-Timing: //ip'
done > "$work/timing"
for step in layout draw encode; do
  printf '%s %s ms, ' "$step" "$(sed -n "s/.*$step;dur=\([0-9.]*\).*/\1/p" "$work/timing" | median)"
done > "$work/steps"
echo "   inside the server (Server-Timing, medians of 20): $(sed 's/, $//' "$work/steps")"
for _ in $(seq 1 $(( (rounds + 11) / 12 ))); do
  for category in xs s m l xl xxl xxxl ax1 ax2 ax3 ax4 ax5; do
    get_ms "render.png?category=$category&viewport=390x844&offset=0"
  done
done > "$work/sweep"
echo "3. slider sweep, the twelve sizes in turn: $(summary < "$work/sweep")"
for offset in $(seq 0 211 $(( 211 * (rounds - 1) ))); do
  get_ms "render.png?category=ax5&viewport=390x844&offset=$offset"
done > "$work/scroll"
echo "4. scrolling at AX5, screens 211 pt apart: $(summary < "$work/scroll")"

sizes=(xs s m l xl xxl xxxl ax1 ax2 ax3 ax4 ax5)
for index in $(seq 0 39); do
  echo "${url}render.png?category=${sizes[$(( index % 12 ))]}&viewport=390x844&offset=$(( index * 37 ))"
done > "$work/burst-urls"
started="$(date +%s.%N)"
xargs -P 40 -n 1 curl -s -o /dev/null -w '%{http_code} %{time_total}\n' < "$work/burst-urls" > "$work/burst"
ended="$(date +%s.%N)"
ok="$(grep -c '^200 ' "$work/burst" || true)"
slowest="$(awk '{ if ($2 > m) m = $2 } END { printf "%.0f", m * 1000 }' "$work/burst")"
wall="$(awk -v a="$started" -v b="$ended" 'BEGIN { printf "%.0f", (b - a) * 1000 }')"
echo "5. 40 requests at once: $ok of $(wc -l < "$work/burst") answered 200 ($(sort "$work/burst" | cut -d' ' -f1 | uniq -c | tr -s ' ' | xargs)); slowest ${slowest} ms, all in ${wall} ms"

hyperfine --warmup 2 --runs 20 --export-json "$work/cli.json" --style none \
  "$cli $doc --category ax5 --viewport 390x844 --offset 0 --no-height-cache --quiet -o $work/cli.png" > /dev/null
cli_ms="$(python3 -c 'import json, sys; print("%.1f" % (json.load(open(sys.argv[1]))["results"][0]["median"] * 1000))' "$work/cli.json")"
server_ms="$(median < "$work/warm")"
echo "6. the command line drawing the same screen: median ${cli_ms} ms; the server's warm screen is $(awk -v c="$cli_ms" -v s="$server_ms" 'BEGIN { printf "%.1f", c / s }')x faster"

kill -TERM "$server"
status=0; wait "$server" || status=$?
server=""
echo "7. SIGTERM: the server exited with status $status"
