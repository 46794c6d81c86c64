"""The block structure of a Markdown file as libcmark-gfm reads it (through ctypes, with the
extensions reflow uses), in the schema of markdown-structure.py, which it serves for
`--parser cmark-gfm`: a comparison with markdown-it-py's structure, the reference."""
import re

from corpus_shared import Cmark, empty_structure, first_tag, html_images, image_frame, strip_prefix, trim_end


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
