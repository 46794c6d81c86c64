#!/usr/bin/env bash
# Installs the Debian 12 packages reflow builds against, the fonts of its fallback chain and the
# hyphenation pattern dictionaries (Debian's hyphen-*), read at their fixed paths (as root; uses
# sudo otherwise).
# Idempotent: installs only what is missing. Swift itself is expected at /opt/swift or on PATH.
set -euo pipefail
packages=(pkg-config libfreetype-dev libharfbuzz-dev libicu-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libxml2-dev libpng-dev libjpeg62-turbo-dev libhyphen-dev
          fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji fonts-noto-mono
          hyphen-en-us hyphen-en-gb hyphen-de hyphen-fr hyphen-es hyphen-it hyphen-nl hyphen-pt-pt hyphen-pt-br
          hyphen-sv hyphen-da hyphen-no hyphen-pl hyphen-cs hyphen-ru hyphen-uk "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if ! command -v swift >/dev/null 2>&1; then
  if [ -x /opt/swift/usr/bin/swift ]; then
    echo "swift is at /opt/swift/usr/bin; add it to PATH: export PATH=/opt/swift/usr/bin:\$PATH" >&2
  else
    echo "swift not found: install Swift 6.1 or later (https://swift.org/install) and put it on PATH" >&2
    exit 1
  fi
fi
