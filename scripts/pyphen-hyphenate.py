#!/usr/bin/env python3
"""Hyphenates words with Pyphen, an independent pure-Python implementation of Liang's algorithm,
to check `reflow-cli hyphenate` (libhyphen) against it with the same pattern dictionary.

usage: pyphen-hyphenate.py DICTIONARY LEFT RIGHT < words > hyphenated

One word per input line; prints each with '-' at every point Pyphen finds at least LEFT letters
from its start and RIGHT from its end (the dictionary's LEFTHYPHENMIN and RIGHTHYPHENMIN: Pyphen
does not read them from the file). Needs pyphen (scripts/python-tools.sh installs the pinned
version into a virtual environment).
"""
import sys

import pyphen


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().split('\n\n')[1])
    dictionary = pyphen.Pyphen(filename=sys.argv[1], left=int(sys.argv[2]), right=int(sys.argv[3]))
    out = sys.stdout
    for line in sys.stdin:
        out.write(dictionary.inserted(line.rstrip('\n'), hyphen='-') + '\n')


if __name__ == '__main__':
    main()
