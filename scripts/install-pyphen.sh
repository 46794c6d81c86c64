#!/usr/bin/env bash
# Installs Pyphen (PyPI, pinned) into a virtual environment in the user's cache, for the test that
# compares our hyphenation points with Pyphen's (Tests/CLITests/PyphenAgreementTests.swift).
# Idempotent. Prints the environment's python, where the test looks by default:
#   ${XDG_CACHE_HOME:-~/.cache}/reflow/pyphen-venv/bin/python (REFLOW_PYPHEN_PYTHON overrides).
# Needs Debian's python3 and python3-venv.
set -euo pipefail
version=0.18.1
venv="${XDG_CACHE_HOME:-$HOME/.cache}/reflow/pyphen-venv"
if ! "$venv/bin/python" -c "import pyphen, sys; sys.exit(pyphen.__version__ != '$version')" 2>/dev/null; then
  echo "installing pyphen $version into $venv" >&2
  mkdir -p "$(dirname "$venv")"
  /usr/bin/python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "pyphen==$version"
fi
echo "$venv/bin/python"
