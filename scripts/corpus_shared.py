"""What the corpus scripts share: libcmark-gfm through ctypes, and their JSON layout, one line per record."""
import ctypes
import json


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
