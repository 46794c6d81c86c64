#!/usr/bin/env bash
# Builds Examples/embed (a package that depends on reflow by path and uses only its public API),
# renders Examples/welcome.md at AX5 into a temporary folder, and checks that a PNG came out and
# that the fonts were found in the resource bundle beside the program, not in the checkout. It
# also renders the world text, table, screen and plain-text examples.
#
# Usage: Examples/embed/run.sh    (a plain debug build in Examples/embed/.build)
# Environment: EMBED_SANITIZER (address or thread: every reflow module instrumented),
# EMBED_SCRATCH (the build folder) and EMBED_ALSO (products of reflow's to build in the same
# build, with the same flags: the modules they share compile once). The deep CI run's
# ThreadSanitizer step (.ci/run --deep, scripts/sanitizers.sh tsan) builds the example and
# reflow-cli this way (EMBED_ALSO=reflow-cli), so the example costs it no build of its own; the C
# libraries' paths run under AddressSanitizer in its test suite.
set -euo pipefail
cd "$(dirname "$0")"
export PATH=/opt/swift/usr/bin:$PATH
build=(--package-path . -c debug --scratch-path "${EMBED_SCRATCH:-.build}")
case "${EMBED_SANITIZER:-}" in
  "") ;;
  address|thread) build+=(--sanitize="$EMBED_SANITIZER" -Xswiftc -gline-tables-only) ;;
  *) echo "embed: EMBED_SANITIZER must be address or thread, not '$EMBED_SANITIZER'" >&2; exit 2 ;;
esac
swift build "${build[@]}" 2>&1 | { grep -v '^\[' || true; }
for product in ${EMBED_ALSO:-}; do
  swift build "${build[@]}" --product "$product" 2>&1 | { grep -v '^\[' || true; }
done
binary="$(swift build "${build[@]}" --show-bin-path)/embed"
# Leaks are not errors here: the hyphenation dictionaries (loaded once per process) and the font faces the
# example keeps live until the exit on purpose.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
export TSAN_OPTIONS="halt_on_error=1 exitcode=66"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
"$binary" ../welcome.md "$scratch/welcome-ax5.png" | tee "$scratch/log"
signature="$(head -c 8 "$scratch/welcome-ax5.png" | od -An -tx1 | tr -d ' \n')"
if [ "$signature" != "89504e470d0a1a0a" ]; then
    echo "embed: $scratch/welcome-ax5.png is not a PNG (starts with $signature)" >&2
    exit 1
fi
if ! grep -q '^fonts: .*_BundledFonts.resources$' "$scratch/log"; then
    echo "embed: the fonts were not found in the package's resource bundle" >&2
    exit 1
fi
for example in world.md tables.md store.json udhr-article1.txt grundgesetz-artikel-1-3.de.txt; do
    "$binary" "../$example" "$scratch/$example.png" > /dev/null
    [ "$(head -c 8 "$scratch/$example.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] \
        || { echo "embed: $example did not give a PNG" >&2; exit 1; }
done
echo "embed: ok (welcome.md and 5 more examples${EMBED_SANITIZER:+, under the $EMBED_SANITIZER sanitizer})"
