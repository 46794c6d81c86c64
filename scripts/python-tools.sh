#!/usr/bin/env bash
# Creates (or updates) the Python environment the tests use, from scripts/python-requirements.txt,
# and prints the path of its interpreter. The tests find it at $REFLOW_PYTHON, else at
# ~/.cache/reflow/python/bin/python3 (this script's default). Needs python3-venv (Debian).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${REFLOW_PYTHON_ENV:-$HOME/.cache/reflow/python}"
requirements="$here/python-requirements.txt"
stamp="$venv/.requirements"
if [ ! -x "$venv/bin/python3" ]; then
  python3 -m venv "$venv" || { echo "python-tools: could not create a venv at $venv; install python3-venv (apt-get install python3-venv)" >&2; exit 1; }
fi
if ! cmp -s "$requirements" "$stamp"; then
  echo "python-tools: installing $(grep -cv '^\s*#' "$requirements") packages into $venv" >&2
  "$venv/bin/python3" -m pip install --quiet --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$stamp"
fi
echo "$venv/bin/python3"
