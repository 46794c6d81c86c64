#!/usr/bin/env python3
"""A screen of N cells naming N keys of a real string catalog, for Benchmarks/strings.sh.

Deterministic: the catalog's keys sorted, every k-th taken so the N spread over the file, keys
whose source string has specifiers given arguments of their kinds (integers for %d/%lld/%ld/%i/
%lu, numbers for %f, strings for %@), the screen written beside the catalog (it names the catalog
by file name, so the screen must live in the catalog's folder: -o names the file there).

Usage: make-strings-screen.py CATALOG.xcstrings N -o SCREEN.json
"""
import argparse
import json
import os
import re

SPEC = re.compile(r"%(?:(\d+)\$)?[-+ #0]*\d*(?:\.\d+)?(hh|h|ll|l|q|z|t|j)?([@dDiuUxXoOfFeEgGaAcsS%])")


def source_value(entry, source):
    loc = entry.get("localizations", {}).get(source)
    if not loc:
        return None
    if "stringUnit" in loc:
        return loc["stringUnit"]["value"]
    plural = loc.get("variations", {}).get("plural")
    if plural:
        return plural.get("other", next(iter(plural.values()))).get("stringUnit", {}).get("value")
    return None


def arguments(value):
    kinds = {}
    ordered = 0
    for match in SPEC.finditer(value or ""):
        position, _, conversion = match.groups()
        if conversion == "%":
            continue
        if position:
            n = int(position)
        else:
            ordered += 1
            n = ordered
        kinds[n] = conversion
    args = []
    for n in range(1, (max(kinds) if kinds else 0) + 1):
        c = kinds.get(n, "@")
        args.append(3 if c in "dDiuUxXoOc" else 2.5 if c in "fFeEgGaA" else "Ada")
    return args


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("catalog")
    parser.add_argument("count", type=int)
    parser.add_argument("-o", "--output", required=True)
    options = parser.parse_args()
    catalog = json.load(open(options.catalog, encoding="utf-8"))
    source = catalog.get("sourceLanguage", "en")
    keys = sorted(k for k, v in catalog["strings"].items() if k.strip()
                  and "%#@" not in (source_value(v, source) or "") and "substitutions" not in json.dumps(v))
    step = max(1, len(keys) // options.count)
    chosen = keys[::step][: options.count]
    cells = []
    for key in chosen:
        value = source_value(catalog["strings"][key], source) or key
        text = {"key": key}
        args = arguments(value)
        if args:
            text["args"] = args
        cells.append({"text": text, "style": "body"})
    item = {"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}
    screen = {
        "title": "strings benchmark",
        "strings": [os.path.basename(options.catalog)],
        "sections": [{"group": {"axis": "vertical", "size": item["size"], "subitems": [item]},
                      "header": {"text": "Settings", "style": "headline"}, "cells": cells}],
    }
    with open(options.output, "w", encoding="utf-8") as out:
        json.dump(screen, out, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
