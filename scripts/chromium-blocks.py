#!/usr/bin/env python3
"""Where headless Chromium puts each block of a Markdown document: a reference for indentation
and line counts that owes nothing to reflow's layout.

    chromium-blocks.py FILE.md [FILE.md …] --width 390 --body-size 17 --line-height 22
                       --indent-step PT [--quote-indent PT] --font-dir Fonts/ [--out-dir DIR]

The document becomes HTML through libcmark-gfm (the C library reflow links, called through
ctypes: tables, strikethrough, autolinks, task lists, footnotes, raw HTML kept, data-sourcepos
on every block it writes), is laid out in headless Chromium at the given width with Inter from
--font-dir (Noto for what Inter lacks, as reflow's fallback chain), and each block element (p,
li, pre, blockquote, h1-h6, summary) is measured: the left and right edges of its content box
and of its text, and its number of laid-out lines (the client rects of a Range over each of its
text nodes, merged into lines by their vertical overlap). One browser lays out every file given.

With one FILE and no --out-dir the JSON goes to stdout; otherwise DIR/<FILE's name>.json. The
schema ("reflow.chromium-blocks/1") is described in Tests/Corpus/README.md.

Rendering choices, recorded in the JSON's "settings": every length in CSS px (= pt at 1x);
vertical margins 0 (nothing measured depends on them); lists and block quotes indent by
--indent-step and --quote-indent at their start side, markers outside the text; a block without
a dir of its own or around it takes its first letter's direction (--dir); images drawn as their alt text (as
reflow does); <details> open; code in Noto Sans Mono at the body size, never wrapped, tabs to 8
columns (--code-wrap, --tab-size); headings at the body size in semibold unless --heading-sizes; no hyphenation;
a word wider than the line broken anywhere (overflow-wrap: anywhere). A file whose first lines
are YAML front matter has those lines blanked first, as reflow reads it (line numbers stay).
"""
import argparse
import base64
import fcntl
import html
import importlib.util
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time

from corpus_shared import Cmark, json_text

SCHEMA = "reflow.chromium-blocks/1"
HERE = os.path.dirname(os.path.abspath(__file__))
NOTO = "/usr/share/fonts/truetype/noto"

# reflow's fallback chain (Sources/TextMetrics/FontChain.swift), by family and file
FALLBACKS = [
    "NotoSans", "NotoSansArabic", "NotoSansHebrew", "NotoSansDevanagari", "NotoSansBengali",
    "NotoSansTamil", "NotoSansThai", "NotoSansGeorgian", "NotoSansArmenian", "NotoSansEthiopic",
]
CJK = {"ja": "Noto Sans CJK JP", "ko": "Noto Sans CJK KR", "zh-hant": "Noto Sans CJK TC",
       "zh-tw": "Noto Sans CJK TC", "zh-hk": "Noto Sans CJK TC", "zh": "Noto Sans CJK SC"}
AFTER_CJK = ["NotoSansSymbols", "NotoSansSymbols2", "NotoSansMath"]


def markdown_structure_module():
    sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
    spec = importlib.util.spec_from_file_location("markdown_structure", os.path.join(HERE, "markdown-structure.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def chromium_path(given):
    for candidate in [given, os.environ.get("REFLOW_CHROMIUM")]:
        if candidate:
            return candidate
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit("chromium-blocks: no chromium found (apt-get install chromium, or set REFLOW_CHROMIUM)")


def font_faces(font_dir):
    """@font-face rules for Inter's faces from font_dir (the family "ref-body") and Noto Sans Mono
    ("ref-code"), and the family names of reflow's fallback chain."""
    rules = []
    faces = [("Regular", 400, "normal"), ("Italic", 400, "italic"), ("SemiBold", 600, "normal"),
             ("SemiBoldItalic", 600, "italic"), ("Bold", 700, "normal"), ("BoldItalic", 700, "italic")]
    used = {}
    # Inter below DISPLAY_SIZE, Inter Display from it (reflow's Text/Display switch): "ref-display"
    for family, prefix in (("ref-body", "Inter"), ("ref-display", "InterDisplay")):
        for name, weight, style in faces:
            path = os.path.join(font_dir, "%s-%s.otf" % (prefix, name))
            if not os.path.exists(path):
                raise SystemExit("chromium-blocks: %s is missing" % path)
            rules.append('@font-face { font-family: "%s"; src: url("file://%s"); font-weight: %d; font-style: %s; }'
                         % (family, path, weight, style))
            used["%s-%s" % (prefix, name)] = path
    for weight, name in ((400, "Regular"), (700, "Bold")):
        path = "%s/NotoSansMono-%s.ttf" % (NOTO, name)
        if os.path.exists(path):
            rules.append('@font-face { font-family: "ref-code"; src: url("file://%s"); font-weight: %d; }' % (path, weight))
            used["NotoSansMono-%s" % name] = path
    # the fallback faces by their installed family names (fontconfig finds the same Debian files
    # reflow reads): as @font-face rules, every face before the one that covers a character would
    # be loaded and parsed first, seconds per document
    families = []
    for family in FALLBACKS + AFTER_CJK:
        name = re.sub(r"(?<=[a-z])(?=[A-Z0-9])", " ", family)
        path = "%s/%s-Regular.ttf" % (NOTO, family)
        if os.path.exists(path):
            used[name] = path
        families.append(name)
    return rules, families, used


# The measuring script the page runs (scripts/chromium-blocks.js): each block's edges and lines.
with open(os.path.join(HERE, "chromium-blocks.js"), encoding="utf-8") as script:
    MEASURE_JS = "\n" + script.read()


# reflow sets text in Inter below this size and in Inter Display from it (FontLibrary)
DISPLAY_SIZE = 20


def document_css(settings, families, cjk_family):
    def stack(size):
        primary = '"ref-display"' if size >= DISPLAY_SIZE else '"ref-body"'
        return ", ".join([primary] + ['"%s"' % f for f in families[:len(FALLBACKS)]] +
                         ['"%s"' % cjk_family] + ['"%s"' % f for f in families[len(FALLBACKS):]] +
                         ['"Noto Color Emoji"'])
    body_stack = stack(settings["bodySize"])
    code_stack = '"ref-code", ' + body_stack
    headings = []
    for level in range(1, 7):
        size, height, weight = settings["headingSizes"].get("h%d" % level, (settings["bodySize"], settings["lineHeight"], 600))
        headings.append("h%d { font-size: %spx; line-height: %spx; font-weight: %d; font-family: %s; }"
                        % (level, size, height, weight, stack(size)))
    return "\n".join([
        ".doc { display: block; box-sizing: content-box; width: %spx; margin: 0; padding: 0;" % settings["width"],
        "  font-family: %s; font-size: %spx; line-height: %spx; font-weight: 400;" % (body_stack, settings["bodySize"], settings["lineHeight"]),
        "  font-kerning: normal; text-align: start; hyphens: manual; overflow-wrap: anywhere;",
        "  -webkit-text-size-adjust: none; text-size-adjust: none; tab-size: %d; }" % settings["tabSize"],
        ".doc * { margin-top: 0; margin-bottom: 0; }",
        ".doc p, .doc pre, .doc blockquote, .doc ul, .doc ol, .doc li, .doc table, .doc details, .doc div, .doc figure, .doc dl, .doc dd, .doc hr"
        " { margin-left: 0; margin-right: 0; }",
        ".doc ul, .doc ol { padding: 0; padding-inline-start: %spx; list-style-position: outside; }" % settings["indentStep"],
        ".doc blockquote { padding: 0; padding-inline-start: %spx; border: 0; }" % settings["quoteIndent"],
        ".doc pre, .doc code, .doc kbd, .doc samp, .doc tt { font-family: %s; font-size: %spx; }" % (code_stack, settings["bodySize"]),
        ".doc pre { line-height: %spx; padding: 0; white-space: %s; overflow: visible; }" % (settings["lineHeight"], settings["codeWrap"]),
        ".doc pre code { white-space: inherit; }",
        ".doc strong, .doc b { font-weight: 700; }",
        "\n".join(".doc " + rule for rule in headings),
        ".doc sup, .doc sub { line-height: 0; }",
    ])


def build_page(documents, settings, font_dir):
    rules, families, used = font_faces(font_dir)
    css = {}
    for document in documents:
        lang = (document.get("lang") or "").lower()
        cjk = CJK["zh"]
        for prefix, family in CJK.items():
            if lang == prefix or lang.startswith(prefix + "-"):
                cjk = family
                break
        if lang.startswith("zh-") and ("hant" in lang or lang.endswith(("-tw", "-hk", "-mo"))):
            cjk = CJK["zh-hant"]
        css.setdefault(cjk, document_css(settings, families, cjk))
        document["cjk"] = cjk
    page = ["<!DOCTYPE html><html><head><meta charset=utf-8><style>", "\n".join(rules),
            "html, body { margin: 0; padding: 0; background: #fff; }",
            ".host { display: block; width: %spx; margin: 0 0 40px 20px; }" % settings["width"],
            "</style><script>"]
    marker_column = None if settings.get("markerGap") is None else {
        "step": settings["indentStep"], "quote": settings["quoteIndent"], "width": settings["width"],
        "gap": settings["markerGap"] * settings["bodySize"]}
    data = "const MARKER_COLUMN = %s;\nconst AUTO_DIRECTION = %s;\nconst DOCUMENTS = %s;\nconst CSS_BY_CJK = %s;" % (
        json.dumps(marker_column), "true" if settings["direction"] == "auto" else "false",
        json.dumps([{"id": d["id"], "html": d["html"], "lang": d.get("lang"), "cjk": d["cjk"]} for d in documents]),
        json.dumps(css))
    page.append(data.replace("</", "<\\/"))  # no "</script>" inside the script
    page.append(MEASURE_JS)
    page.append("</script></head><body></body></html>")
    return "".join(page), used


class DevTools:
    """The DevTools protocol over --remote-debugging-pipe (fd 3: commands in, fd 4: messages out,
    each a JSON text ended by a NUL byte): no port, no network, no websocket package."""

    def __init__(self, executable, width, profile):
        commands_read, self.commands = os.pipe()
        self.messages, messages_write = os.pipe()

        def child():
            # copy both ends to 10 and above first, so that neither dup2 below overwrites the other
            high_in = fcntl.fcntl(commands_read, fcntl.F_DUPFD, 10)
            high_out = fcntl.fcntl(messages_write, fcntl.F_DUPFD, 10)
            os.dup2(high_in, 3)
            os.dup2(high_out, 4)
        command = [executable, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                   "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--mute-audio",
                   "--disable-background-networking", "--disable-sync", "--disable-component-update",
                   "--user-data-dir=%s" % profile, "--force-device-scale-factor=1",
                   "--allow-file-access-from-files", "--window-size=%d,1000" % (int(width) + 100),
                   "--remote-debugging-pipe", "about:blank"]
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, preexec_fn=child, pass_fds=(3, 4))
        os.close(commands_read)
        os.close(messages_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None, timeout=120):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive(timeout)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("DevTools %s: %s" % (method, reply["error"].get("message")))
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method, timeout=120):
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(index)
            self.events.append(self.receive(timeout))

    def receive(self, timeout):
        deadline = time.time() + timeout
        while b"\0" not in self.buffer:
            left = deadline - time.time()
            ready, _, _ = select.select([self.messages], [], [], max(left, 0))
            if not ready:
                raise RuntimeError("chromium did not answer within %d s" % timeout)
            chunk = os.read(self.messages, 1 << 20)
            if not chunk:
                error = self.process.stderr.read().decode("utf-8", "replace").strip().split("\n")[-3:]
                raise RuntimeError("chromium closed the DevTools pipe (exit %s): %s" % (self.process.poll(), " | ".join(error)))
            self.buffer += chunk
        message, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(message)

    def close(self):
        try:
            self.send("Browser.close", timeout=10)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.commands)
        os.close(self.messages)


def run_chromium(executable, page_path, width, timeout, screenshot=None):
    """Loads the page, runs its run() and returns what it returns."""
    work = tempfile.mkdtemp(prefix="reflow-chromium-blocks-")
    browser = DevTools(executable, width, os.path.join(work, "profile"))
    try:
        target = browser.send("Target.createTarget", {"url": "about:blank"}, timeout=timeout)["targetId"]
        session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True}, timeout=timeout)["sessionId"]
        browser.send("Page.enable", session=session, timeout=timeout)
        browser.send("Page.navigate", {"url": "file://" + page_path}, session=session, timeout=timeout)
        browser.wait_for("Page.loadEventFired", timeout=timeout)
        reply = browser.send("Runtime.evaluate", {"expression": "run()", "awaitPromise": True, "returnByValue": True},
                             session=session, timeout=timeout)
        if "exceptionDetails" in reply:
            details = reply["exceptionDetails"]
            raise RuntimeError("the measuring script failed: %s" % (details.get("exception", {}).get("description") or details.get("text")))
        version = browser.send("Browser.getVersion", timeout=timeout).get("product", "")
        if screenshot:
            size = browser.send("Page.getLayoutMetrics", session=session, timeout=timeout)["cssContentSize"]
            shot = browser.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": {
                "x": 0, "y": 0, "width": width + 40, "height": min(size["height"], 16000), "scale": 1}},
                session=session, timeout=timeout)
            with open(screenshot, "wb") as handle:
                handle.write(base64.b64decode(shot["data"]))
        result = reply["result"]["value"]
        result["product"] = version
        return result
    finally:
        browser.close()
        shutil.rmtree(work, ignore_errors=True)


def parse_heading_sizes(text):
    sizes = {}
    for part in filter(None, (text or "").split(",")):
        name, _, value = part.partition("=")
        fields = value.split("/")
        if not re.fullmatch(r"h[1-6]", name.strip()) or len(fields) not in (2, 3):
            raise SystemExit("chromium-blocks: --heading-sizes takes h1=SIZE/LINEHEIGHT[/WEIGHT],h2=…, not %r" % part)
        sizes[name.strip()] = (float(fields[0]), float(fields[1]), int(fields[2]) if len(fields) == 3 else 600)
    return sizes


def number(value):
    return int(value) if float(value).is_integer() else float(value)


def main():
    arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arguments.add_argument("files", nargs="+", metavar="FILE.md")
    arguments.add_argument("--width", type=float, required=True, help="the text column's width, in pt (CSS px)")
    arguments.add_argument("--body-size", type=float, required=True)
    arguments.add_argument("--line-height", type=float, required=True)
    arguments.add_argument("--indent-step", type=float, required=True, help="a list level's indentation, in pt")
    arguments.add_argument("--quote-indent", type=float, help="a block quote's indentation (default: --indent-step)")
    arguments.add_argument("--marker-gap", type=float,
                           help="reflow's marker column: a list level is at least its widest marker (as reflow shows it, in "
                                "the item's font) plus this many body sizes, and levels past 0.4 of --width step in by less "
                                "(Indentation.swift); without it every level is --indent-step")
    arguments.add_argument("--font-dir", required=True, help="the folder with Inter-*.otf (Fonts/)")
    arguments.add_argument("--code-wrap", choices=["pre", "pre-wrap"], default="pre",
                           help="pre (default): a code line is never wrapped; pre-wrap: wrapped at the width")
    arguments.add_argument("--tab-size", type=int, default=8, help="tab stops in code, in columns (default 8)")
    arguments.add_argument("--heading-sizes", help="h1=34/41/400,h2=28/34,…: a heading level's size/line height[/weight] "
                                                   "(default: the body's, weight 600)")
    arguments.add_argument("--lang", help="the documents' language (BCP 47), for the CJK face and line breaking; "
                                          "default: the front matter's lang")
    arguments.add_argument("--dir", choices=["auto", "ltr"], default="auto",
                           help="auto (default): a block or list with no dir of its own or around it takes the direction of "
                                "the first letter of its text (UAX #9 P2-P3); ltr: the browser's default")
    arguments.add_argument("--no-front-matter", action="store_true", help="render a leading --- block as CommonMark does")
    arguments.add_argument("--out-dir", help="write DIR/<name>.json per file (default with one file: stdout)")
    arguments.add_argument("--chromium", help="the browser (default: $REFLOW_CHROMIUM, else chromium on PATH)")
    arguments.add_argument("--timeout", type=float, default=120)
    arguments.add_argument("--keep-html", help="also write the page Chromium laid out to this path")
    arguments.add_argument("--screenshot", help="also write a PNG of the laid-out documents (one below the other) here")
    options = arguments.parse_args()
    if len(options.files) > 1 and not options.out_dir:
        arguments.error("with more than one file, give --out-dir")

    structure = markdown_structure_module()
    cmark = Cmark()
    settings = {
        "width": number(options.width), "bodySize": number(options.body_size), "lineHeight": number(options.line_height),
        "indentStep": number(options.indent_step),
        "quoteIndent": number(options.quote_indent if options.quote_indent is not None else options.indent_step),
        "codeWrap": options.code_wrap, "tabSize": options.tab_size,
        "headingSizes": parse_heading_sizes(options.heading_sizes),
        "direction": options.dir,
    }
    if options.marker_gap is not None:
        settings["markerGap"] = number(options.marker_gap)
    documents = []
    for index, path in enumerate(options.files):
        with open(path, "rb") as handle:
            text = handle.read().decode("utf-8")
        fenced = None if options.no_front_matter else structure.front_matter(text)
        lang = options.lang
        if fenced and fenced["used"]:
            text = structure.blank_lines(text, fenced["startLine"], fenced["endLine"])
            if not lang:
                import yaml
                block = "\n".join(open(path, encoding="utf-8").read().split("\n")[1:fenced["endLine"] - 1])
                value = (yaml.safe_load(block) or {}).get("lang")
                lang = str(value) if value else None
        documents.append({"id": index, "path": path, "html": cmark.html(text), "lang": lang, "frontMatter": fenced})

    work = tempfile.mkdtemp(prefix="reflow-blocks-page-")
    try:
        page, fonts = build_page(documents, settings, os.path.abspath(options.font_dir))
        page_path = os.path.join(work, "page.html")
        with open(page_path, "w", encoding="utf-8") as handle:
            handle.write(page)
        if options.keep_html:
            shutil.copyfile(page_path, options.keep_html)
        result = run_chromium(chromium_path(options.chromium), page_path, options.width, options.timeout,
                              options.screenshot)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    browser = re.search(r"Chrome/([\d.]+)", result.get("product", ""))
    for document, measured in zip(documents, result["documents"]):
        out = {
            "schema": SCHEMA, "file": os.path.basename(document["path"]),
            "settings": dict(settings, headingSizes={k: {"size": number(v[0]), "lineHeight": number(v[1]), "weight": v[2]}
                                                      for k, v in sorted(settings["headingSizes"].items())},
                             lang=document["lang"], cjkFace=document["cjk"],
                             images="alt text", details="open", hyphenation=False, overflowWrap="anywhere",
                             listMarkers="outside (not measured)", defaultHeading="body size, weight 600",
                             codeFont="Noto Sans Mono, at the body size",
                             bodyFont="Inter (%s/Inter-*.otf) below %d px, Inter Display (InterDisplay-*.otf) from it" % (
                                 os.path.basename(os.path.normpath(options.font_dir)), DISPLAY_SIZE)),
            "renderer": {"markdown": "cmark-gfm %s (libcmark-gfm, ctypes; table, strikethrough, autolink, "
                                     "tasklist, footnotes, unsafe, sourcepos)" % cmark.version,
                         "browser": "Chromium %s (headless)" % (browser.group(1) if browser else "?"),
                         "webFontsUsed": sorted(result.get("webFonts", []))},
            "frontMatter": document["frontMatter"],
            "blocks": measured["blocks"],
        }
        text = json_text(out)
        if options.out_dir:
            os.makedirs(options.out_dir, exist_ok=True)
            with open(os.path.join(options.out_dir, os.path.basename(document["path"]) + ".json"), "w", encoding="utf-8") as handle:
                handle.write(text)
        else:
            sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
