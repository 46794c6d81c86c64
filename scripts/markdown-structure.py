#!/usr/bin/env python3
"""The block structure of a Markdown file as CommonMark and GFM define it, from markdown-it-py
(an implementation independent of reflow's cmark-gfm), as JSON.

    markdown-structure.py FILE.md [--summary] [--no-front-matter] [--parser markdown-it|cmark-gfm]

Prints one JSON object (schema "reflow.markdown-structure/1", described in Tests/Corpus/README.md):
every code block, list item, block quote, image, thematic break, heading, paragraph, HTML block,
table and footnote definition with its 1-based source line. `--summary` prints only the counts.

Depth: the number of list items and block quotes that contain a block. A list item and a block
quote count themselves: a top-level item's depth is 1, an item nested in it 2, an item in a
quote 2; a paragraph at the top level is at depth 0, one in a top-level item at depth 1.

Front matter: a file that opens with a `---` line closed by a later `---` or `...` line whose
lines parse as a YAML mapping has front matter (as Jekyll, Hugo and Pandoc read it); its lines
are blanked before parsing, so every line number stays the file's. Fenced lines that are not a
YAML mapping are left to CommonMark (a thematic break, usually) and reported as such.
`--no-front-matter` parses the file exactly as CommonMark would.

`--parser cmark-gfm` reads the same structure from libcmark-gfm (through ctypes, with the
extensions reflow uses), so the two parsers' answers can be compared with a plain diff; the
reference is markdown-it-py's.
"""
import argparse
import json
import os
import re
import sys

from cmark_structure import cmark_structure
from corpus_shared import (blank_lines, empty_structure, first_tag, front_matter, html_images, image_frame, json_text,
                           source_lines, trim_end)

SCHEMA = "reflow.markdown-structure/1"


def markdown_it_parser():
    from markdown_it import MarkdownIt
    from mdit_py_plugins.footnote import footnote_plugin
    from mdit_py_plugins.tasklists import tasklists_plugin
    # CommonMark with GFM's block extensions (tables, task lists, footnotes) and strikethrough;
    # GFM's autolinks (linkify) add no block and need another package, so they stay off; so do
    # inline footnotes (^[…]), which GFM does not have.
    return (MarkdownIt("commonmark").enable(["table", "strikethrough"])
            .use(tasklists_plugin).use(footnote_plugin, inline=False))


def inline_text(children):
    out = []
    for child in children or []:
        if child.type in ("text", "code_inline"):
            out.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            out.append("\n" if child.type == "hardbreak" else " ")
        elif child.type == "image":
            out.append(inline_text(child.children))
        elif child.children:
            out.append(inline_text(child.children))
    return "".join(out)


def markdown_it_images_only(children):
    """Whether a paragraph's inlines are images alone: links around them, line breaks, white space
    and the HTML of image_frame aside, with at least one image."""
    images = 0
    for child in children or []:
        if child.type == "image":
            images += 1
        elif child.type in ("link_open", "link_close", "softbreak", "hardbreak") or (child.type == "text" and not child.content.strip()):
            continue
        elif child.type == "html_inline" and image_frame(child.content) is not None:
            images += image_frame(child.content)
        else:
            return False
    return images > 0


def markdown_it_structure(text):
    tokens = markdown_it_parser().parse(text)
    lines = text.split("\n")
    found = empty_structure()
    containers = []  # ("item" | "quote" | "list" | "footnote", record)
    lists = []  # open lists: {"ordered", "start", "index", "tight"}
    table = None

    def depth():
        return sum(1 for kind, _ in containers if kind in ("item", "quote"))

    def in_footnote():
        return any(kind == "footnote" for kind, _ in containers)

    def tag(record):
        if in_footnote():
            record["footnote"] = True
        return record

    for index, token in enumerate(tokens):
        kind = token.type
        line = token.map[0] + 1 if token.map else None
        if kind in ("bullet_list_open", "ordered_list_open"):
            start = int(token.attrs.get("start", 1)) if kind == "ordered_list_open" else None
            tight = None  # tight or loose as its items' own paragraphs say; None when they have none
            for later in tokens[index + 1:]:
                if later.level <= token.level:
                    break
                if later.type == "paragraph_open" and later.level == token.level + 2:
                    tight = bool(later.hidden)
                    break
            lists.append({"ordered": kind == "ordered_list_open", "start": start, "index": 0, "tight": tight})
            containers.append(("list", None))
        elif kind in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
            containers.pop()
        elif kind == "list_item_open":
            current = lists[-1]
            containers.append(("item", None))
            record = {"line": line, "endLine": trim_end(lines, line, token.map[1]), "depth": depth(),
                      "ordered": current["ordered"]}
            if current["ordered"]:
                record["number"] = current["start"] + current["index"]
                record["marker"] = token.info + token.markup
            else:
                record["marker"] = token.markup
            record["task"] = None
            if "task-list-item" in str(token.attrs.get("class", "")):
                record["task"] = "unchecked"
                # the plugin puts the checkbox first in the item's first inline
                for later in tokens[index + 1:]:
                    if later.type == "inline":
                        first = later.children[0] if later.children else None
                        if first is not None and first.type == "html_inline" and re.search(r"\schecked(=|\s|>)", first.content):
                            record["task"] = "checked"
                        break
            current["index"] += 1
            record["tight"] = current["tight"]
            found["listItems"].append(tag(record))
        elif kind == "list_item_close":
            containers.pop()
        elif kind == "blockquote_open":
            containers.append(("quote", None))
            found["blockQuotes"].append(tag({"line": line, "endLine": trim_end(lines, line, token.map[1]),
                                             "depth": depth()}))
        elif kind == "blockquote_close":
            containers.pop()
        elif kind == "footnote_open":
            containers.append(("footnote", None))
            label = (token.meta or {}).get("label")
            found["footnotes"].append({"line": None, "label": label})
        elif kind == "footnote_close":
            containers.pop()
        elif kind in ("fence", "code_block"):
            content = token.content
            count = content.count("\n") + (0 if content.endswith("\n") or not content else 1)
            info = token.info.strip().split()[0] if token.info.strip() else None
            found["codeBlocks"].append(tag({"line": line, "endLine": trim_end(lines, line, token.map[1]) if kind == "code_block" else token.map[1],
                                            "depth": depth(), "fenced": kind == "fence", "info": info,
                                            "lines": count, "tabs": content.count("\t") > 0}))
        elif kind == "hr":
            found["thematicBreaks"].append(tag({"line": line, "depth": depth()}))
        elif kind == "heading_open":
            found["headings"].append(tag({"line": line, "depth": depth(), "level": int(token.tag[1]),
                                          "setext": token.markup in ("=", "-")}))
        elif kind == "paragraph_open":
            end = trim_end(lines, line, token.map[1])
            if in_footnote() and found["footnotes"] and found["footnotes"][-1]["line"] is None:
                found["footnotes"][-1]["line"] = line
            found["paragraphs"].append(tag({"line": line, "endLine": end, "depth": depth(),
                                            "tight": bool(token.hidden),
                                            "imagesOnly": markdown_it_images_only(tokens[index + 1].children)}))
        elif kind == "html_block":
            found["htmlBlocks"].append(tag({"line": line, "endLine": line + token.content.rstrip("\n").count("\n"),
                                            "depth": depth(), "tag": first_tag(token.content)}))
            html_images(token.content, line, depth(), found["images"])
        elif kind == "table_open":
            table = {"line": line, "endLine": trim_end(lines, line, token.map[1]), "depth": depth(),
                     "rows": 0, "columns": 0}
            found["tables"].append(tag(table))
        elif kind == "tr_open":
            table["rows"] += 1
        elif kind in ("th_open", "td_open") and table is not None and table["rows"] == 1:
            table["columns"] += 1
        elif kind == "inline":
            base = line
            offset = 0
            for child in token.children or []:
                if child.type in ("softbreak", "hardbreak"):
                    offset += 1
                elif child.type == "html_inline":
                    html_images(child.content, base + offset, depth(), found["images"])
                    offset += child.content.count("\n")
                elif child.type == "image":
                    found["images"].append(tag({"line": base + offset, "depth": depth(), "html": False,
                                                "src": child.attrs.get("src", ""),
                                                "alt": inline_text(child.children)}))
                    offset += sum(1 for c in child.children or [] if c.type in ("softbreak", "hardbreak"))
    found["images"].sort(key=lambda image: image["line"])
    return found


# --- output ----------------------------------------------------------------------------------

def summary(found):
    def by_depth(records):
        counts = {}
        for record in records:
            counts[str(record["depth"])] = counts.get(str(record["depth"]), 0) + 1
        return dict(sorted(counts.items(), key=lambda pair: int(pair[0])))
    items = found["listItems"]
    codes = found["codeBlocks"]
    return {
        "codeBlocks": len(codes), "fencedCodeBlocks": sum(1 for c in codes if c["fenced"]),
        "indentedCodeBlocks": sum(1 for c in codes if not c["fenced"]),
        "codeBlocksInListItems": sum(1 for c in codes if c["depth"] > 0),
        "codeBlocksWithTabs": sum(1 for c in codes if c["tabs"]),
        "listItems": len(items), "listItemsByDepth": by_depth(items),
        "orderedListItems": sum(1 for i in items if i["ordered"]),
        "taskListItems": sum(1 for i in items if i["task"]),
        "blockQuotes": len(found["blockQuotes"]), "blockQuotesByDepth": by_depth(found["blockQuotes"]),
        "images": len(found["images"]), "htmlImages": sum(1 for i in found["images"] if i["html"]),
        "thematicBreaks": len(found["thematicBreaks"]),
        "headings": len(found["headings"]), "paragraphs": len(found["paragraphs"]),
        "htmlBlocks": len(found["htmlBlocks"]), "tables": len(found["tables"]),
        "footnotes": len(found["footnotes"]),
        "maximumDepth": max([r["depth"] for key in ("listItems", "blockQuotes", "paragraphs", "codeBlocks")
                             for r in found[key]] or [0]),
    }


def parser_description(parser):
    if parser == "cmark-gfm":
        return {"name": "cmark-gfm", "library": "libcmark-gfm.so (ctypes)",
                "extensions": ["table", "strikethrough", "autolink", "tasklist"], "options": ["FOOTNOTES", "UNSAFE", "SOURCEPOS"]}
    from importlib.metadata import version
    return {"name": "markdown-it-py", "version": version("markdown-it-py"),
            "plugins": {"mdit-py-plugins": version("mdit-py-plugins")},
            "preset": "commonmark", "enabled": ["table", "strikethrough", "tasklists", "footnote"]}


def structure(path, parser="markdown-it", use_front_matter=True):
    with open(path, "rb") as handle:
        raw = handle.read()
    text = raw.decode("utf-8")
    fenced = front_matter(text) if use_front_matter else None
    parsed_text = text
    if fenced and fenced["used"]:
        parsed_text = blank_lines(text, fenced["startLine"], fenced["endLine"])
    found = cmark_structure(parsed_text) if parser == "cmark-gfm" else markdown_it_structure(parsed_text)
    result = {"schema": SCHEMA, "file": os.path.basename(path), "bytes": len(raw),
              "sourceLines": source_lines(text), "parser": parser_description(parser),
              "frontMatter": fenced}
    result["summary"] = summary(found)
    result.update(found)
    return result


def main():
    arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arguments.add_argument("file")
    arguments.add_argument("--summary", action="store_true", help="print only the counts")
    arguments.add_argument("--no-front-matter", action="store_true", help="parse a leading --- block as CommonMark does")
    arguments.add_argument("--parser", choices=["markdown-it", "cmark-gfm"], default="markdown-it")
    options = arguments.parse_args()
    try:
        result = structure(options.file, options.parser, not options.no_front_matter)
    except (OSError, UnicodeDecodeError) as error:
        print("markdown-structure: %s: %s" % (options.file, error), file=sys.stderr)
        return 1
    if options.summary:
        result = {key: result[key] for key in ("schema", "file", "sourceLines", "frontMatter", "summary")}
        sys.stdout.write(json.dumps(result, ensure_ascii=False, indent=1) + "\n")
    else:
        sys.stdout.write(json_text(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
