#!/usr/bin/env bash
# Builds reflow's libFuzzer targets (with AddressSanitizer) and runs each for a bounded time on a
# copy of its committed seed corpus (Corpus/<target>/), then says how many inputs each ran and
# whether it found a crash. A crash stops with the input that caused it (a file in $ARTIFACTS)
# and a non-zero exit: fix it and turn the input into a regression test.
#
# Usage: Fuzz/run.sh [seconds] [target…]          seconds per target, default 60; default all targets
#        Fuzz/run.sh build [target…]              build only (CI builds beside its other builds)
# env:   RUNS=N       stop each target after N inputs instead (e.g. RUNS=10000000)
#        ARTIFACTS=dir where crashing inputs go (default: a temporary folder, printed)
#        FUZZ_SCRATCH build folder (default Fuzz/.build-fuzz)
#        JOBS         targets run at once (default: one per core)
#        FUZZ_CONFIG  release (default: more inputs a second) or debug (builds in about half the
#                     time: CI's short runs)
#        FUZZ_ASAN    1 (default): AddressSanitizer on every module; 0: libFuzzer only, with Swift's
#                     own checks (bounds, overflow) and the targets' invariants — two to three
#                     times the inputs a second, for long runs by hand (the Debian C libraries are
#                     not instrumented either way)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export PATH=/opt/swift/usr/bin:$PATH
seconds=${1:-60}
[ $# -gt 0 ] && shift
build_only=0
[ "$seconds" = build ] && build_only=1
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for dir in "$here"/Targets/*/; do targets+=("$(basename "$dir")"); done
fi
sanitize=fuzzer,address
scratch=${FUZZ_SCRATCH:-$here/.build-fuzz}
if [ "${FUZZ_ASAN:-1}" = 0 ]; then
  sanitize=fuzzer
  scratch=${FUZZ_SCRATCH:-$here/.build-fuzz-noasan}
fi
artifacts=${ARTIFACTS:-$(mktemp -d -t reflow-fuzz-XXXXXX)}
mkdir -p "$artifacts"

config=${FUZZ_CONFIG:-release}
echo "fuzz: building ${targets[*]} (-sanitize=$sanitize, $config)" >&2
# Every module, reflow's included, is instrumented for coverage. All targets are one build (linked
# in parallel); a few targets named are built a product each (the modules they share once). The
# manifest lists Targets/ when it is evaluated, so it is never taken from a cache: SwiftPM's
# shared cache keys it by the manifest's text, and a target added since would not be a product.
builds=("${targets[@]}")
[ ${#targets[@]} -eq "$(find "$here/Targets" -mindepth 1 -maxdepth 1 -type d ! -name '.*' | wc -l)" ] && builds=(all)
for build in "${builds[@]}"; do
  only=()
  [ "$build" != all ] && only=(--product "$build")
  swift build -c "$config" --package-path "$here" --scratch-path "$scratch" --manifest-cache none \
    -Xswiftc -sanitize="$sanitize" -Xswiftc -gline-tables-only "${only[@]}" 2>&1 | grep -v '^\[' >&2 || true
done
bin="$scratch/$config"
if [ $build_only = 1 ]; then
  missing=0
  for target in "${targets[@]}"; do [ -x "$bin/$target" ] || { echo "fuzz: $target was not built" >&2; missing=1; }; done
  exit $missing
fi

# One target: its run, then one summary line in $artifacts/$target.summary; exit status 1 on a crash.
fuzz_one() {
  local target=$1 corpus log code runs time crash limit
  [ -x "$bin/$target" ] || { echo "$target: was not built" > "$artifacts/$target.summary"; return 1; }
  corpus="$(mktemp -d -t "reflow-corpus-$target-XXXXXX")"
  [ -d "$here/Corpus/$target" ] && cp "$here/Corpus/$target"/* "$corpus"/ 2>/dev/null || true
  log="$artifacts/$target.log"
  limit=(-max_total_time="$seconds")
  [ -n "${RUNS:-}" ] && limit=(-runs="$RUNS")
  echo "fuzz: $target ${limit[*]}" >&2
  set +e
  # Swift's own crash reporter would catch a trap first, and libFuzzer would not save the input.
  SWIFT_BACKTRACE=enable=no "$bin/$target" "${limit[@]}" -rss_limit_mb=2048 -timeout=20 -max_len=8192 -print_final_stats=1 \
    -artifact_prefix="$artifacts/$target-" "$corpus" > "$log" 2>&1
  code=$?
  set -e
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
  time=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" | grep -o 'in [0-9]*' | grep -o '[0-9]*' | tail -1 || true)
  crash=$(ls "$artifacts/$target-"* 2>/dev/null | head -1 || true)
  rm -rf "$corpus"
  if [ $code -ne 0 ] && [ -z "$crash" ]; then
    echo "$target: stopped (exit status $code) after ${runs:-?} runs, no crashing input saved; log: $log" > "$artifacts/$target.summary"
    return 1
  elif [ $code -ne 0 ]; then
    echo "$target: CRASH after ${runs:-?} runs; input: $crash; log: $log" > "$artifacts/$target.summary"
    grep -E 'ERROR|Fatal error|runtime failure|invariant broken|SUMMARY' "$log" | head -5 >&2 || true
    return 1
  fi
  echo "$target: ${runs:-?} runs in ${time:-$seconds} s, 0 crashes" > "$artifacts/$target.summary"
}

# Targets run $JOBS at a time (default: one per core), each on one core of its own.
jobs=${JOBS:-$(nproc)}
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  fuzz_one "$target" &
done
wait
status=0
for target in "${targets[@]}"; do
  line="$(cat "$artifacts/$target.summary" 2>/dev/null || echo "$target: no summary (the run died)")"
  echo "$line"
  case "$line" in *", 0 crashes") ;; *) status=1 ;; esac
done
exit $status
