"""What the corpus scripts share: libcmark-gfm through ctypes, their JSON layout, one line per record, and
the reading of a Markdown file's source (front matter, lines, images in HTML)."""
import ctypes
import json
import re


class Cmark:
    """libcmark-gfm through ctypes, parsing as reflow does (tables, strikethrough, autolinks, task
    lists, footnotes; raw HTML kept) with source positions: HTML with data-sourcepos, or XML."""
    SOURCEPOS, FOOTNOTES, UNSAFE = 1 << 1, 1 << 13, 1 << 17
    OPTIONS = SOURCEPOS | FOOTNOTES | UNSAFE

    def __init__(self):
        self.core = ctypes.CDLL("libcmark-gfm.so")
        self.extensions = ctypes.CDLL("libcmark-gfm-extensions.so")
        self.libc = ctypes.CDLL(None)
        core = self.core
        core.cmark_version_string.restype = ctypes.c_char_p
        core.cmark_parser_new.restype = ctypes.c_void_p
        core.cmark_find_syntax_extension.restype = ctypes.c_void_p
        core.cmark_find_syntax_extension.argtypes = [ctypes.c_char_p]
        core.cmark_parser_attach_syntax_extension.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        core.cmark_parser_feed.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
        core.cmark_parser_finish.restype = ctypes.c_void_p
        core.cmark_parser_finish.argtypes = [ctypes.c_void_p]
        core.cmark_parser_get_syntax_extensions.restype = ctypes.c_void_p
        core.cmark_parser_get_syntax_extensions.argtypes = [ctypes.c_void_p]
        core.cmark_render_html.restype = ctypes.c_void_p
        core.cmark_render_html.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p]
        core.cmark_render_xml.restype = ctypes.c_void_p
        core.cmark_render_xml.argtypes = [ctypes.c_void_p, ctypes.c_int]
        core.cmark_node_free.argtypes = [ctypes.c_void_p]
        core.cmark_parser_free.argtypes = [ctypes.c_void_p]
        self.libc.free.argtypes = [ctypes.c_void_p]
        self.extensions.cmark_gfm_core_extensions_ensure_registered()
        self.version = core.cmark_version_string().decode()

    def html(self, text):
        return self._render(text, lambda root, parser: self.core.cmark_render_html(
            root, self.OPTIONS, self.core.cmark_parser_get_syntax_extensions(parser)))

    def xml(self, text):
        return self._render(text, lambda root, parser: self.core.cmark_render_xml(root, self.OPTIONS))

    def _render(self, text, render):
        core = self.core
        parser = core.cmark_parser_new(self.OPTIONS)
        for name in (b"table", b"strikethrough", b"autolink", b"tasklist"):
            extension = core.cmark_find_syntax_extension(name)
            if not extension:
                raise RuntimeError("libcmark-gfm has no %s extension" % name.decode())
            core.cmark_parser_attach_syntax_extension(parser, extension)
        data = text.encode("utf-8")
        core.cmark_parser_feed(parser, data, len(data))
        root = core.cmark_parser_finish(parser)
        pointer = render(root, parser)
        out = ctypes.string_at(pointer).decode("utf-8")
        self.libc.free(pointer)
        core.cmark_node_free(root)
        core.cmark_parser_free(parser)
        return out


def json_text(value):
    """JSON with one line per record of each list (diffs name the block that changed)."""
    lines = ["{"]
    items = list(value.items())
    for index, (key, item) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if isinstance(item, list) and item:
            lines.append("  %s: [" % json.dumps(key))
            lines += ["    %s%s" % (json.dumps(entry, ensure_ascii=False), "," if n < len(item) - 1 else "")
                      for n, entry in enumerate(item)]
            lines.append("  ]%s" % comma)
        else:
            lines.append("  %s: %s%s" % (json.dumps(key), json.dumps(item, ensure_ascii=False), comma))
    return "\n".join(lines + ["}"]) + "\n"


# Reading a Markdown file's source (scripts/markdown-structure.py; chromium-blocks.py reads front matter
# through it).

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
