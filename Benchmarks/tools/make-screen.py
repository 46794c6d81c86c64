#!/usr/bin/env python3
"""Writes a screen file of N cells (reflow's JSON screen format, docs/screens.md): an adaptive
grid (three columns, two from xL, one at the accessibility sizes) under a pinned header, cells a
mix of one-text cells and title/subtitle stacks, some with badge text. Deterministic: the same N
and seed give the same bytes.

    make-screen.py N [--seed S] [-o FILE]
"""
import argparse
import json
import random

WORDS = ["Lisbon", "Kyoto", "Oslo", "Hanoi", "Travel", "Food", "Books", "Tools", "Weather", "Music", "Photos",
         "near", "you", "new", "places", "alerts", "for", "the", "city", "week", "best", "of"]


def cell(rng, index):
    title = " ".join(rng.choice(WORDS) for _ in range(1 + rng.randrange(3)))
    if rng.random() < 0.5:
        value = {"text": title, "style": "headline"}
    else:
        value = {"stack": [{"text": title, "style": "headline"},
                           {"text": f"{index} {rng.choice(['photos', 'places', 'items'])}", "style": "subheadline", "lines": 1}]}
    if rng.random() < 0.1:
        value["badge"] = str(1 + rng.randrange(99))
    return value


def group(columns):
    item = {"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 80}},
            "badge": {"size": {"width": {"absolute": 22}, "height": {"absolute": 22}},
                      "anchor": {"edges": ["top", "trailing"], "offset": {"x": 0.3, "y": -0.3}, "fractional": True}}}
    value = {"axis": "horizontal", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 80}}, "subitems": [item]}
    if columns > 1:
        value["count"] = columns
        value["interItemSpacing"] = {"fixed": 8}
    return value


def screen(count, seed):
    rng = random.Random(seed)
    return {"title": f"Grid of {count} cells", "sections": [{
        "header": {"text": "Everything", "style": "title2", "pinToVisibleBounds": True},
        "variants": [{"when": {"accessibility": True}, "group": group(1)},
                     {"when": {"categories": ["xl", "xxl", "xxxl"]}, "group": group(2)},
                     {"group": group(3)}],
        "interGroupSpacing": 8,
        "contentInsets": {"top": 8, "leading": 16, "bottom": 8, "trailing": 16},
        "cells": [cell(rng, index) for index in range(count)]}]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("count", type=int, help="how many cells")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-o", "--output", help="file to write (default: stdout)")
    args = parser.parse_args()
    text = json.dumps(screen(args.count, args.seed), separators=(",", ":"))
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        print(text)


if __name__ == "__main__":
    main()
