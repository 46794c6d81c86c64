#!/usr/bin/env python3
"""Pango 1.50 with reflow's fallback chain: the line breaks Pango finds for world text given the
same font files, for comparing with `reflow-cli lines`.

Pango sees only our fonts: a fontconfig configuration (written to a temporary folder) lists
the folder of symlinks to the chain's files and nothing else, so no other installed font can
take part. The font description names the chain's families in order (Inter first, the CJK face
chosen per paragraph by our rule: kana -> JP, hangul -> KR, else SC); each paragraph is one
PangoLayout, WRAP_WORD, absolute size and line height, glyph rounding and hinting off (as
../shared/peers/peer_pango.py), base direction from the paragraph (Pango's auto-dir). The CJK
paragraphs get the language reflow gives HarfBuzz (ko, ja, zh-hans), and Hangul words are kept
whole (an allow-breaks=false attribute over each run of Hangul), as reflow breaks Korean between
words (UIKit's hangulWordPriority) where Pango would break between any two syllables.

usage: pango_world.py FONTS_JSON SIZE WIDTH LINE_HEIGHT TEXT_FILE [--no-language] [--syllables] > lines
FONTS_JSON is `reflow-cli fonts --format json` (the chain in order). --no-language leaves the
language out (Pango then shapes CJK with the face's defaults, e.g. a 0.224 em space in Korean
where reflow's ko gets 0.28 em: docs/figures.md, Korean); --syllables lets Pango break between
Hangul syllables (UAX #14, what reflow did before it kept Korean words whole).
"""
import json
import os
import re
import sys
import tempfile


# Hangul, as reflow's BreakOpportunities.isHangul: conjoining and compatibility jamo, the jamo
# extensions, syllables, halfwidth jamo.
HANGUL_RUN = re.compile("[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7ff\uffa0-\uffdc]{2,}")


def main():
    fonts_json, size, width, line_height, text_file = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
    flags = set(sys.argv[6:])
    unknown = flags - {"--no-language", "--syllables"}
    if unknown:
        sys.exit(f"pango_world.py: unknown option(s) {sorted(unknown)}")
    with open(fonts_json) as f:
        chain = json.load(f)
    folder = tempfile.mkdtemp(prefix="pango-world-")
    fonts = os.path.join(folder, "fonts")
    os.mkdir(fonts)
    files = []
    for entry in chain:
        if not entry["installed"] or entry["role"].startswith("last resort") or entry["role"] == "code":
            continue
        if entry["file"] not in files:
            files.append(entry["file"])
    for index, path in enumerate(files):
        os.symlink(path, os.path.join(fonts, f"{index:02d}-{os.path.basename(path)}"))
    with open(os.path.join(folder, "fonts.conf"), "w") as f:
        f.write(f"""<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>{fonts}</dir><cachedir>{folder}/cache</cachedir>
<include ignore_missing="yes">/etc/fonts/conf.d/10-scale-bitmap-fonts.conf</include></fontconfig>
""")
    os.environ["FONTCONFIG_FILE"] = os.path.join(folder, "fonts.conf")

    import gi
    gi.require_version("Pango", "1.0")
    gi.require_version("PangoCairo", "1.0")
    from gi.repository import Pango, PangoCairo
    import cairo

    families = []
    for entry in chain:
        if entry["installed"] and entry["role"] != "code" and not entry["role"].startswith("last resort") \
                and not entry["role"].startswith("primary (from"):
            if entry["family"] not in families:
                families.append(entry["family"])

    fontmap = PangoCairo.FontMap.new()
    ctx = fontmap.create_context()
    PangoCairo.context_set_resolution(ctx, 72.0)
    ctx.set_round_glyph_positions(False)
    options = cairo.FontOptions()
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    PangoCairo.context_set_font_options(ctx, options)

    def cjk_family(paragraph):
        if re.search("[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]", paragraph):
            return "Noto Sans CJK JP"
        if re.search("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]", paragraph):
            return "Noto Sans CJK KR"
        return "Noto Sans CJK SC"

    def cjk_language(paragraph):
        # The language reflow gives HarfBuzz for CJK runs without --lang (so locl picks the
        # regional forms: Korean text gets the Korean space, 0.28 em instead of 0.224 em).
        if not re.search("[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u9fff\uac00-\ud7af]", paragraph):
            return None
        return {"Noto Sans CJK JP": "ja", "Noto Sans CJK KR": "ko"}.get(cjk_family(paragraph), "zh-hans")

    with open(text_file, encoding="utf-8") as f:
        text = f.read()
    paragraphs = [re.sub(r"[ \t\r\n]+", " ", p).strip(" ") for p in re.split(r"\n[ \t]*\n", text)]
    paragraphs = [p for p in paragraphs if p]
    out = []
    for paragraph in paragraphs:
        names = [cjk_family(paragraph) if name.startswith("Noto Sans CJK") else name for name in families]
        description = Pango.FontDescription.from_string(", ".join(names) + " Regular")
        description.set_absolute_size(size * Pango.SCALE)
        layout = Pango.Layout.new(ctx)
        layout.set_font_description(description)
        layout.set_wrap(Pango.WrapMode.WORD)
        layout.set_width(int(round(width * Pango.SCALE)))
        attributes = Pango.AttrList()
        attributes.insert(Pango.attr_line_height_new_absolute(int(round(line_height * Pango.SCALE))))
        language = cjk_language(paragraph)
        if language and "--no-language" not in flags:
            attributes.insert(Pango.attr_language_new(Pango.Language.from_string(language)))
        # Hangul words kept whole, as reflow does (UIKit's hangulWordPriority): no break between
        # two Hangul characters. Pango, by UAX #14, breaks between any two syllables.
        for match in HANGUL_RUN.finditer(paragraph) if "--syllables" not in flags else []:
            start = len(paragraph[:match.start()].encode("utf-8"))
            end = start + len(match.group(0).encode("utf-8"))
            keep = Pango.attr_allow_breaks_new(False)
            keep.start_index, keep.end_index = start, end
            attributes.insert(keep)
        layout.set_attributes(attributes)
        layout.set_text(paragraph, -1)
        raw = paragraph.encode("utf-8")
        lines = []
        for line in layout.get_lines_readonly():
            lines.append(raw[line.start_index:line.start_index + line.length].decode("utf-8"))
        out.append(lines)
    sys.stdout.write("\n".join("".join(line.rstrip(" ") + "\n" for line in lines) for lines in out))


if __name__ == "__main__":
    main()
