#!/usr/bin/env python3
"""How far reflow's layout of the corpus agrees with Chromium's: per file and overall, the share
of blocks whose text starts at the same x (left edge; right edge for right-to-left text) within a
tolerance, and whose number of laid-out lines is the same, at L and at AX5.

    chromium-agreement.py [--cli PATH] [--tolerance PT] [--verbose] [--markdown]

Chromium's side is the committed references (Tests/Corpus/*/reference/NAME.chromium-390-17.json
and -53.json, written by scripts/corpus-references.sh: Chromium is not run here). reflow's side
is `reflow-cli layout FILE --width 390 --category l|ax5` (with `--lang` for the files not in
English, as the test CorpusRulesTests lays them out), read as JSON.

Matching: a Chromium block with a source line (p, li, pre, h1-h6; cmark-gfm's data-sourcepos) is
compared with reflow's cell that starts on that line: a `p` or a tight `li` with the paragraph,
list item, quote, footnote or table-free cell there, a `pre` with the code cell, a heading with
the heading. Left out, and counted apart: blocks of raw HTML (no source line), `blockquote`
(a container: reflow has no cell for it, its paragraphs are compared), a loose `li` (its `p`
is compared), a block reflow draws as an image (Chromium draws images as their alt text), and
blocks with no text.

Coordinates: Chromium's x is from the text column's left edge (the references are made at the
column reflow's cells leave for text: 390 less the 16 pt margins, 358 pt at L and at AX5);
reflow's text frame is in the 390 pt container, so the 16 pt inset is taken off. Text starts at the text frame's leading edge in reflow (lines start there left to right and
end there right to left); Chromium's is its text's `left` (`right` for a right-to-left block).
"""
import argparse
import json
import os
import subprocess
import sys
from collections import Counter, defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The language of each file not in English (its SOURCES.md), given to reflow-cli as --lang.
LANGUAGES = {
    "EbookFoundation--free-programming-books--docs_CONTRIBUTING-hi.md": "hi",
    "EbookFoundation--free-programming-books--docs_HOWTO-ar.md": "ar",
    "MicrosoftDocs--customer-insights-pr.ar-sa--ci-docs_remove-duplicates.md": "ar",
    "MicrosoftDocs--customer-insights-pr.th-th--ci-docs_connect-common-data-model.md": "th",
    "Quick--Quick--Documentation_ja_QuickExamplesAndGroups.md": "ja",
    "Quick--Quick--Documentation_ko-kr_InstallingQuick.md": "ko",
    "donnemartin--system-design-primer--README-zh-Hans.md": "zh-Hans",
    "gofiber--fiber--.github_README_he.md": "he",
    "gofiber--fiber--.github_README_fa.md": "fa",
}
SIZES = [("l", 17, 16.0), ("ax5", 53, 16.0)]  # category, body size (the reference's name), leading inset
TEXT_CELLS = {"paragraph", "listItem", "quote", "footnote"}


def corpus_files():
    for folder in ("markdown", "html"):
        directory = os.path.join(ROOT, "Tests", "Corpus", folder)
        for name in sorted(os.listdir(directory)):
            if name.endswith(".md") and name != "SOURCES.md":
                yield folder, name, os.path.join(directory, name)


def reflow_layout(cli, path, category, lang):
    command = [cli, "layout", path, "--width", "390", "--category", category, "--quiet"]
    if lang:
        command += ["--lang", lang]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        return None, done.stderr.strip()
    return json.loads(done.stdout)["layouts"][0], None


def compare(reference, ours, inset, tolerance):
    """(results, skipped): one result per compared block, and a count per reason left out."""
    cells = defaultdict(list)
    for element in ours["elements"]:
        if element.get("kind") == "cell" and element.get("sourceLine") is not None:
            cells[element["sourceLine"]].append(element)
    blocks = reference["blocks"]
    paragraph_lines = {b["line"] for b in blocks if b["tag"] == "p" and b["line"] is not None}
    results, skipped = [], Counter()
    for block in blocks:
        tag, line = block["tag"], block["line"]
        if line is None:
            skipped["raw HTML's own element"] += 1
            continue
        if tag == "blockquote":
            skipped["blockquote (a container)"] += 1
            continue
        if tag == "li" and line in paragraph_lines:
            skipped["loose li (its p is compared)"] += 1
            continue
        if block["lines"] == 0:
            skipped["no text"] += 1
            continue
        here = cells.get(line, [])
        if tag == "pre":
            wanted = [c for c in here if c.get("cell") == "code"]
        elif tag.startswith("h") and tag[1:].isdigit():
            wanted = [c for c in here if c.get("cell") == "heading"]
        else:
            if any(c.get("cell") == "image" for c in here):
                skipped["an image in reflow (alt text in Chromium)"] += 1
                continue
            wanted = [c for c in here if c.get("cell") in TEXT_CELLS]
            # the cell at the block's depth (an item and the item nested on its line share it)
            at_depth = [c for c in wanted if c.get("depth") == block["depth"]]
            wanted = at_depth or wanted
        if not wanted:
            skipped["no reflow cell on its line"] += 1
            continue
        cell = wanted[0]
        frame = cell["textFrame"] if cell.get("textFrame") else cell["frame"]
        rtl = block["direction"] == "rtl"
        if rtl:
            ours_edge, theirs_edge = frame["x"] + frame["width"] - inset, block["right"]
        else:
            ours_edge, theirs_edge = frame["x"] - inset, block["left"]
        results.append({
            "line": line, "tag": tag, "depth": block["depth"], "rtl": rtl,
            "edge": (round(ours_edge, 2), theirs_edge), "edgeAgrees": abs(ours_edge - theirs_edge) <= tolerance,
            "lines": (cell.get("lines") or 0, block["lines"]), "linesAgree": (cell.get("lines") or 0) == block["lines"],
        })
    return results, skipped


def category_of(result):
    """Why a block disagrees, in words, for the summary."""
    kind = "code" if result["tag"] == "pre" else "heading" if result["tag"][0] == "h" else \
        "list item" if result["tag"] == "li" or result["depth"] > 0 else "paragraph"
    parts = []
    if not result["edgeAgrees"]:
        delta = result["edge"][0] - result["edge"][1]
        parts.append("edge %s%s by %s" % (kind, " depth %d" % result["depth"] if result["depth"] else "",
                                         "%+.0f" % delta if abs(delta) >= 1 else "%+.1f" % delta))
    if not result["linesAgree"]:
        ours, theirs = result["lines"]
        parts.append("lines %s %s" % (kind, "+1" if ours == theirs + 1 else "-1" if ours == theirs - 1 else
                                      "more" if ours > theirs else "fewer"))
    return parts


def main():
    arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arguments.add_argument("--cli", default=os.environ.get("REFLOW_CLI", os.path.join(ROOT, ".build", "debug", "reflow-cli")))
    arguments.add_argument("--tolerance", type=float, default=1.0, help="pt (default 1)")
    arguments.add_argument("--verbose", action="store_true", help="list every block that disagrees")
    arguments.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    options = arguments.parse_args()

    totals = {category: Counter() for category, _, _ in SIZES}
    reasons = {category: Counter() for category, _, _ in SIZES}
    skipped_all = Counter()
    refused = set()
    rows = []
    for folder, name, path in corpus_files():
        row = [name]
        for category, body, inset in SIZES:
            reference_path = os.path.join(os.path.dirname(path), "reference", "%s.chromium-390-%d.json" % (name, body))
            with open(reference_path, encoding="utf-8") as handle:
                reference = json.load(handle)
            ours, error = reflow_layout(options.cli, path, category, LANGUAGES.get(name))
            if ours is None:
                refused.add("%s (%s)" % (name, error))
                row += [0, 0, 0]
                continue
            results, skipped = compare(reference, ours, inset, options.tolerance)
            skipped_all.update(skipped)
            count = len(results)
            edges = sum(r["edgeAgrees"] for r in results)
            lines = sum(r["linesAgree"] for r in results)
            both = sum(r["edgeAgrees"] and r["linesAgree"] for r in results)
            totals[category].update(blocks=count, edges=edges, lines=lines, both=both)
            for result in results:
                for reason in category_of(result):
                    reasons[category][reason] += 1
                if options.verbose and not (result["edgeAgrees"] and result["linesAgree"]):
                    print("  %s %s line %d %s depth %d%s: edge ours %.2f chromium %.2f, lines ours %d chromium %d" % (
                        name, category, result["line"], result["tag"], result["depth"], " rtl" if result["rtl"] else "",
                        result["edge"][0], result["edge"][1], result["lines"][0], result["lines"][1]), file=sys.stderr)
            row += [count, edges, lines]
        rows.append(row)

    def share(part, whole):
        return "%.1f%%" % (100.0 * part / whole) if whole else "–"
    if options.markdown:
        print("| file | blocks | edge L | lines L | edge AX5 | lines AX5 |")
        print("|---|---:|---:|---:|---:|---:|")
        for row in rows:
            print("| `%s` | %d | %s | %s | %s | %s |" % (row[0], row[1], share(row[2], row[1]), share(row[3], row[1]),
                                                      share(row[5], row[4]), share(row[6], row[4])))
        t = totals
        print("| **all** | %d | **%s** | **%s** | **%s** | **%s** |" % (
            t["l"]["blocks"], share(t["l"]["edges"], t["l"]["blocks"]), share(t["l"]["lines"], t["l"]["blocks"]),
            share(t["ax5"]["edges"], t["ax5"]["blocks"]), share(t["ax5"]["lines"], t["ax5"]["blocks"])))
    else:
        print("%-75s %6s %8s %8s %8s %8s" % ("file", "blocks", "edge L", "lines L", "edge AX5", "lines AX5"))
        for row in rows:
            print("%-75s %6d %8s %8s %8s %8s" % (row[0][:75], row[1], share(row[2], row[1]), share(row[3], row[1]),
                                                share(row[5], row[4]), share(row[6], row[4])))
        for category, _, _ in SIZES:
            t = totals[category]
            print("all at %s: %d blocks; text edge within %g pt: %s; lines: %s; both: %s" % (
                category.upper(), t["blocks"], options.tolerance, share(t["edges"], t["blocks"]),
                share(t["lines"], t["blocks"]), share(t["both"], t["blocks"])))
    for category, _, _ in SIZES:
        print("disagreements at %s: %s" % (category.upper(), "; ".join(
            "%s ×%d" % (reason, count) for reason, count in reasons[category].most_common(12)) or "none"))
    for name in sorted(refused):
        print("reflow-cli refused %s" % name)
    print("left out (both sizes): %s" % "; ".join("%s ×%d" % item for item in skipped_all.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
