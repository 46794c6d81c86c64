#!/usr/bin/env bash
# CI: builds Examples/embed (a package that depends on reflow by path and uses only its public
# API), renders Examples/welcome.md at AX5 into a temporary folder, and checks that a PNG came out
# and that the fonts were found in the resource bundle beside the program, not in the checkout.
set -euo pipefail
cd "$(dirname "$0")"
export PATH=/opt/swift/usr/bin:$PATH
swift build --package-path . -c debug
binary="$(swift build --package-path . --show-bin-path)/embed"
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
echo "embed: ok"
