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

from corpus_shared import Cmark, json_text

SCHEMA = "reflow.markdown-structure/1"


def source_lines(text):
    return text.count("\n") + (0 if text.endswith("\n") or not text else 1)


def front_matter(text):
    """(first, last, keys, error): the fenced block at the top of `text`, or None."""
    lines = text.split("\n")
    if not lines or lines[0].rstrip("\r").rstrip(" \t") != "---":
        return None
    for index in range(1, len(lines)):
        if lines[index].rstrip("\r").rstrip(" \t") in ("---", "..."):
            break
    else:
        return None
    body = "\n".join(lines[1:index])
    try:
        import yaml
        value = yaml.safe_load(body) if body.strip() else {}
    except Exception as error:  # a YAML error of any kind: not front matter
        message = str(error).split("\n")[0]
        return {"startLine": 1, "endLine": index + 1, "used": False, "error": "not YAML: " + message}
    if not isinstance(value, dict):
        return {"startLine": 1, "endLine": index + 1, "used": False,
                "error": "YAML, but not a mapping (%s)" % type(value).__name__}
    return {"startLine": 1, "endLine": index + 1, "used": True, "keys": [str(k) for k in value.keys()]}


def blank_lines(text, first, last):
    lines = text.split("\n")
    for index in range(first - 1, last):
        lines[index] = ""
    return "\n".join(lines)


def trim_end(lines, start, end):
    """The last non-blank line (1-based) of source lines start...end (1-based, inclusive)."""
    if start is None or end is None:
        return end
    while end > start and not lines[end - 1].strip(" \t\r>"):
        end -= 1
    return end


IMG_TAG = re.compile(r"<img\b[^>]*>", re.IGNORECASE | re.DOTALL)


# Inline HTML that may stand around the images of a paragraph of images alone (a badge row, a
# figure): a link, a line break, a <picture> and its <source>s, and <img> itself.
IMAGE_FRAME_TAG = re.compile(r"\s*</?(?:a|picture|source|br|img)\b[^>]*>\s*", re.IGNORECASE | re.DOTALL)


def image_frame(html):
    """How many images the inline HTML `html` holds when it is only images and tags that frame
    them (see IMAGE_FRAME_TAG); None when it holds anything else."""
    return len(IMG_TAG.findall(html)) if IMAGE_FRAME_TAG.fullmatch(html) else None


def html_attribute(tag, name):
    found = re.search(r"\b%s\s*=\s*(\"([^\"]*)\"|'([^']*)'|([^\s>]+))" % name, tag, re.IGNORECASE)
    if not found:
        return None
    return next(group for group in found.groups()[1:] if group is not None)


def html_images(html, line, depth, into):
    for match in IMG_TAG.finditer(html):
        into.append({"line": line + html[:match.start()].count("\n"), "depth": depth, "html": True,
                     "src": html_attribute(match.group(0), "src") or "",
                     "alt": html_attribute(match.group(0), "alt")})


def strip_prefix(line):
    """A source line without the block quote markers and list markers in front of its content."""
    return re.sub(r"^(?:[ \t]*>|[ \t]*(?:\d{1,9}[.)]|[-+*])(?=[ \t]))*[ \t]*", "", line)


def first_tag(html):
    found = re.match(r"\s*<(/?[A-Za-z][A-Za-z0-9-]*|!--|!\[CDATA\[|![A-Za-z]|\?)", html)
    return found.group(1).lower() if found else None


def empty_structure():
    return {"codeBlocks": [], "listItems": [], "blockQuotes": [], "images": [], "thematicBreaks": [],
            "headings": [], "paragraphs": [], "htmlBlocks": [], "tables": [], "footnotes": []}


# --- markdown-it-py --------------------------------------------------------------------------

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


# --- cmark-gfm (comparison only) -------------------------------------------------------------

def cmark_structure(text):
    import xml.etree.ElementTree as ElementTree
    xml = Cmark().xml(text)
    xml = re.sub(r"<!DOCTYPE[^>]*>", "", xml)
    # cmark-gfm 0.29's XML writer names a node it has no name for (a footnote reference) <unknown>
    xml = re.sub(r"<(/?)<unknown>", r"<\1unknown", xml)
    # and copies control characters (a U+0008 in a real README) that XML does not allow
    xml = re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", "\ufffd", xml)
    tree = ElementTree.fromstring(xml)
    namespace = "{http://commonmark.org/xml/1.0}"
    lines = text.split("\n")
    found = empty_structure()

    def position(node):
        value = node.get("sourcepos")
        if not value:
            return None, None
        start, end = value.split("-")
        return int(start.split(":")[0]), int(end.split(":")[0])

    def name(node):
        return node.tag.replace(namespace, "")

    def text_of(node):
        out = []
        for child in node:
            kind = name(child)
            if kind in ("text", "code"):
                out.append(child.text or "")
            elif kind == "softbreak":
                out.append(" ")
            elif kind == "linebreak":
                out.append("\n")
            else:
                out.append(text_of(child))
        return "".join(out)

    def images_only(paragraph):
        """As markdown_it_images_only, over cmark-gfm's inline tree."""
        def count(node):
            images = 0
            for child in node:
                kind = name(child)
                if kind == "image":
                    images += 1
                elif kind == "link":
                    inner = count(child)
                    if inner is None:
                        return None
                    images += inner
                elif kind in ("softbreak", "linebreak") or (kind == "text" and not (child.text or "").strip()):
                    continue
                elif kind == "html_inline" and image_frame(child.text or "") is not None:
                    images += image_frame(child.text or "")
                else:
                    return None
            return images
        return (count(paragraph) or 0) > 0

    def inlines(node, base, depth, footnote):
        offset = 0
        for child in node:
            kind = name(child)
            if kind in ("softbreak", "linebreak"):
                offset += 1
            elif kind == "html_inline":
                html_images(child.text or "", base + offset, depth, found["images"])
                offset += (child.text or "").count("\n")
            elif kind == "image":
                line = position(child)[0] or base + offset  # cmark-gfm gives inlines their own position
                record = {"line": line, "depth": depth, "html": False,
                          "src": child.get("destination", ""), "alt": text_of(child)}
                if footnote:
                    record["footnote"] = True
                found["images"].append(record)
                offset += sum(1 for c in child.iter() if name(c) in ("softbreak", "linebreak"))
            elif len(child):
                before = sum(1 for c in child.iter() if name(c) in ("softbreak", "linebreak"))
                inlines(child, base + offset, depth, footnote)
                offset += before

    def walk(node, depth, lists, footnote, item_of=None):
        """item_of: the list whose item `node` is, when it is one (its paragraphs' tightness)."""
        for child in node:
            kind = name(child)
            start, end = position(child)

            def tag(record):
                if footnote:
                    record["footnote"] = True
                return record
            if kind == "list":
                items = [item for item in child if name(item) in ("item", "tasklist")]
                has_paragraph = any(name(block) == "paragraph" for item in items for block in item)
                current = {"ordered": child.get("type") == "ordered", "start": int(child.get("start", "1")),
                           "tight": (child.get("tight") == "true") if has_paragraph else None, "index": 0}
                walk(child, depth, lists + [current], footnote)
            elif kind in ("item", "tasklist"):
                current = lists[-1]
                record = {"line": start, "endLine": trim_end(lines, start, end), "depth": depth + 1,
                          "ordered": current["ordered"]}
                rest = lines[start - 1]
                marker = None
                # the item's own marker is the last one on its first line's container prefix
                for found_marker in re.finditer(r"(\d{1,9}[.)]|[-+*])(?=[ \t]|$)", rest):
                    if rest[:found_marker.start()].strip(" \t>") and not re.fullmatch(
                            r"[\s>]*(?:(?:\d{1,9}[.)]|[-+*])[ \t]+[\s>]*)*", rest[:found_marker.start()]):
                        break
                    marker = found_marker.group(1)
                if current["ordered"]:
                    record["number"] = current["start"] + current["index"]
                record["marker"] = marker
                record["task"] = None
                if kind == "tasklist":
                    record["task"] = "checked" if child.get("completed") == "true" else "unchecked"
                current["index"] += 1
                record["tight"] = current["tight"]
                found["listItems"].append(tag(record))
                walk(child, depth + 1, lists, footnote, item_of=current)
            elif kind == "block_quote":
                found["blockQuotes"].append(tag({"line": start, "endLine": trim_end(lines, start, end),
                                                 "depth": depth + 1}))
                walk(child, depth + 1, lists, footnote)
            elif kind == "footnote_definition" or (kind == "unknown" and len(child)):
                # cmark-gfm 0.29 writes a footnote definition as <unknown>, without its label
                label = re.search(r"\[\^([^\]]+)\]:", lines[start - 1])
                found["footnotes"].append({"line": start, "label": label.group(1) if label else None})
                walk(child, depth, lists, True)
            elif kind == "code_block":
                content = child.text or ""
                count = content.count("\n") + (0 if content.endswith("\n") or not content else 1)
                info = child.get("info", "").strip()
                opening = strip_prefix(lines[start - 1])
                fenced = opening.startswith(("```", "~~~")) and content.split("\n")[0].strip() != opening.strip()
                # an indented block's sourcepos takes in the blank lines after it
                found["codeBlocks"].append(tag({"line": start, "endLine": end if fenced else trim_end(lines, start, end), "depth": depth,
                                                "fenced": fenced, "info": info.split()[0] if info else None,
                                                "lines": count, "tabs": "\t" in content}))
            elif kind == "thematic_break":
                found["thematicBreaks"].append(tag({"line": start, "depth": depth}))
            elif kind == "heading":
                setext = not strip_prefix(lines[start - 1]).startswith("#")
                found["headings"].append(tag({"line": start, "depth": depth, "level": int(child.get("level")),
                                              "setext": setext}))
                inlines(child, start, depth, footnote)
            elif kind == "paragraph":
                tight = bool(item_of and item_of["tight"])
                found["paragraphs"].append(tag({"line": start, "endLine": trim_end(lines, start, end),
                                                "depth": depth, "tight": tight, "imagesOnly": images_only(child)}))
                inlines(child, start, depth, footnote)
            elif kind == "html_block":
                # the end from the block's own lines: cmark-gfm 0.29's sourcepos ends a block that closes
                # with `-->` a line early (before its start, for a one-line comment)
                html = child.text or ""
                found["htmlBlocks"].append(tag({"line": start, "endLine": start + html.rstrip("\n").count("\n"),
                                                "depth": depth, "tag": first_tag(html)}))
                html_images(child.text or "", start, depth, found["images"])
            elif kind == "table":
                rows = [row for row in child if name(row) in ("table_header", "table_row")]
                columns = len([cell for cell in rows[0] if name(cell) == "table_cell"]) if rows else 0
                found["tables"].append(tag({"line": start, "endLine": trim_end(lines, start, end), "depth": depth,
                                            "rows": len(rows), "columns": columns}))
                for row in rows:
                    row_start, _ = position(row)
                    for cell in row:
                        inlines(cell, row_start or start, depth, footnote)
    walk(tree, 0, [], False)
    found["images"].sort(key=lambda image: image["line"])
    found["footnotes"].sort(key=lambda note: note["line"] or 0)
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
