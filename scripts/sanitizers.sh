#!/usr/bin/env bash
# The sanitizer runs of the deep CI run (.ci/run --deep), each in a scratch folder of its own (.build-asan, .build-tsan):
#   asan  the whole test suite under AddressSanitizer: the deep CI run's (.ci/run --deep). An optimized build (-c
#         release, -enable-testing for the tests' @testable imports; the tests' own code stays
#         unoptimized, Package.swift's testSettings), since a debug build under ASan runs the
#         suite several times slower; line tables only, not full debug information (reports keep
#         file and line; the binaries are a quarter smaller). The two checks only debug builds
#         make (the Latin fast paths of line breaking and of itemization against ICU and the full
#         itemizer) are left to `swift test`; FastPathPropertyTests holds the first to ICU in any
#         build. docs/figures.md ("CI's run time") has what each part costs.
#   tsan  the multi-threaded work under ThreadSanitizer: Examples/embed (built with reflow-cli in one
#         build, Examples/embed/run.sh), the category sweeps of layout, check and
#         the contact sheet, layout's streamed output, lines on two threads, and the preview
#         server (its event loop, render threads and file watcher at once: twelve requests in
#         parallel with the audit overlay, an edit, SIGTERM; needs curl)
#   asan-build, asan-test   the asan run's two halves (.ci/run --deep builds the ThreadSanitizer run
#         and the fuzz targets beside the first, then runs the suite alone)
# Usage: scripts/sanitizers.sh [asan | asan-build | asan-test] [tsan]     (default: asan tsan)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH
runs=("$@")
[ ${#runs[@]} -eq 0 ] && runs=(asan tsan)

for run in "${runs[@]}"; do
  case "$run" in
  asan|asan-build|asan-test)
    echo "sanitizers: $run: AddressSanitizer, the whole test suite (optimized build)" >&2
    # Line tables only (not full debug info): ASan's reports keep file and line, and the optimized
    # build skips most of its debug information.
    flags=(-c release --sanitize=address -Xswiftc -enable-testing -Xswiftc -gline-tables-only --scratch-path .build-asan)
    if [ "$run" != asan-test ]; then
      # pipefail: a failed build stops here (grep only hides the progress lines).
      swift build --build-tests "${flags[@]}" 2>&1 | { grep -v -e '^\[' -e 'ld.gold: warning: Cannot export local symbol' || true; }
    fi
    [ "$run" = asan-build ] && continue
    # Leaks are not reported here: XCTest's runner leaks its own suite objects at exit, and with
    # detect_leaks=1 the run stops there. reflow frees what it allocates (a sweep's sizers with
    # their owner, SweepSizers): reflow-cli's sweeps run clean under detect_leaks=1.
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 swift test --skip-build "${flags[@]}"
    ;;
  tsan)
    echo "sanitizers: ThreadSanitizer, the embedding example, sweeps, lines --jobs 2 and the preview server" >&2
    # One build for the example and reflow-cli: Examples/embed's package (reflow by path) builds
    # its program, then reflow-cli as its dependency's product, in the same folder.
    EMBED_SANITIZER=thread EMBED_SCRATCH="$PWD/.build-tsan" EMBED_ALSO=reflow-cli bash Examples/embed/run.sh
    cli=.build-tsan/debug/reflow-cli
    work="$(mktemp -d)"; server=""; trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
    # About 300 KB of text: several 32 KiB runs for lines, many cells per size for the sweeps.
    for _ in $(seq 1 60); do cat Examples/article.txt; printf '\n\n'; done > "$work/long.txt"
    cp Examples/welcome.md "$work/"
    export TSAN_OPTIONS="halt_on_error=1 exitcode=66"
    set -x
    "$cli" layout "$work/long.txt" --category all --quiet -o "$work/layout.json"
    "$cli" layout "$work/welcome.md" --category all --quiet > /dev/null
    "$cli" check "$work/welcome.md" --goldens "$work/goldens" --record --quiet
    "$cli" check "$work/welcome.md" --goldens "$work/goldens" --quiet > /dev/null
    "$cli" "$work/welcome.md" --category all --scale 1 --quiet -o "$work/sheet.png"
    "$cli" "$work/welcome.md" --category all --format json --quiet -o "$work/sheet.json"
    "$cli" lines "$work/long.txt" --width 300 --jobs 2 > "$work/two.txt"
    "$cli" lines "$work/long.txt" --width 300 --jobs 1 > "$work/one.txt"
    "$cli" serve "$work/welcome.md" --port 0 > "$work/url" 2> "$work/serve.err" &
    server=$!
    { set +x; } 2>/dev/null
    for _ in $(seq 1 1200); do [ -s "$work/url" ] && break; sleep 0.05; done
    set -x
    url="$(head -n 1 "$work/url")"
    for category in xs s m l xl xxl xxxl ax1 ax2 ax3 ax4 ax5; do
      echo "${url}render.png?category=$category&viewport=390x844&offset=100&audit=1"
    done | xargs -P 12 -n 1 curl -sSf -o /dev/null || { echo "sanitizers: the server's stderr:" >&2; cat "$work/serve.err" >&2; exit 1; }
    printf '\nA paragraph added while the server runs under ThreadSanitizer.\n' >> "$work/welcome.md"
    sleep 1
    for target in "render.png?category=ax5&viewport=390x844" "layout.json?category=all" info.json; do
      curl -sSf -o /dev/null "$url$target" || { echo "sanitizers: the server's stderr:" >&2; cat "$work/serve.err" >&2; exit 1; }
    done
    kill -TERM "$server"
    wait "$server"
    server=""
    set +x
    cmp "$work/one.txt" "$work/two.txt"
    echo "sanitizers: ThreadSanitizer found nothing" >&2
    ;;
  *) echo "sanitizers: unknown run '$run' (asan or tsan)" >&2; exit 2 ;;
  esac
done
