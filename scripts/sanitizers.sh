#!/usr/bin/env bash
# The sanitizer runs of CI, each in a scratch folder of its own (.build-asan, .build-tsan):
#   asan  the whole test suite under AddressSanitizer: CI's test run. An optimized build (-c
#         release, -enable-testing for the tests' @testable imports; the tests' own code stays
#         unoptimized, Package.swift's testSettings): about six minutes to build and three to run
#         the suite, where a debug build under ASan runs it for about twenty. The two checks only
#         debug builds make (the Latin fast paths of line breaking and of itemization against ICU
#         and the full itemizer) are left to `swift test`; FastPathPropertyTests holds the first
#         to ICU in any build.
#   tsan  the multi-threaded work under ThreadSanitizer: the category sweeps of layout, check and
#         the contact sheet, layout's streamed output, and lines on two threads
# Usage: scripts/sanitizers.sh [asan] [tsan]     (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH
runs=("$@")
[ ${#runs[@]} -eq 0 ] && runs=(asan tsan)

for run in "${runs[@]}"; do
  case "$run" in
  asan)
    echo "sanitizers: AddressSanitizer, the whole test suite (optimized build)" >&2
    flags=(-c release --sanitize=address -Xswiftc -enable-testing --scratch-path .build-asan)
    swift build --build-tests "${flags[@]}" 2>&1 | grep -v -e '^\[' -e 'ld.gold: warning: Cannot export local symbol' || true
    # Leaks are not reported here: XCTest's runner leaks its own suite objects at exit, and with
    # detect_leaks=1 the run stops there. reflow frees what it allocates (a sweep's sizers with
    # their owner, SweepSizers): reflow-cli's sweeps run clean under detect_leaks=1.
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 swift test --skip-build "${flags[@]}"
    ;;
  tsan)
    echo "sanitizers: ThreadSanitizer, sweeps and lines --jobs 2" >&2
    swift build --product reflow-cli --sanitize=thread --scratch-path .build-tsan 2>&1 | grep -v '^\[' || true
    cli=.build-tsan/debug/reflow-cli
    work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
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
    set +x
    cmp "$work/one.txt" "$work/two.txt"
    echo "sanitizers: ThreadSanitizer found nothing" >&2
    ;;
  *) echo "sanitizers: unknown run '$run' (asan or tsan)" >&2; exit 2 ;;
  esac
done
