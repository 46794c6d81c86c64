#!/usr/bin/env python3
"""A README-shaped Markdown document of about 1 MB, for issue 22's speed criterion: a long
README laid out at all twelve text sizes must cost at most twice one size.

What it holds, in sections under `##` and `###` headings, shuffled together:
  * prose: paragraphs of the corpus (../shared/peers/corpus/words_100k.txt by default), with
    inline code, emphasis, strong text and links set into them;
  * exactly CODE_LINES lines of code (default 5,000) in fenced blocks of 1 to 120 lines
    (swift, sh, json, python, none), indented, some lines wider than a phone;
  * exactly LIST_ITEMS list items (default 2,000): bullet, ordered and task lists, nested up
    to four levels, some items with a second paragraph;
  * block quotes (some nested), GFM tables (3 to 6 columns), badge rows and figures (images
    that are not on disk: drawn as placeholders), thematic breaks, and the HTML READMEs use
    (`<div align="center">`, `<details><summary>`, `<kbd>`, `<br>`).
Seeded, byte-reproducible for one corpus; the document stops growing at --bytes.

usage: readme-corpus.py [CORPUS] [-o OUT] [--bytes N] [--code-lines N] [--list-items N] [--seed S]
       (default OUT: readme_1mb.md beside the corpus)
"""
import argparse
import os
import random

here = os.path.dirname(os.path.abspath(__file__))
parser = argparse.ArgumentParser()
parser.add_argument("corpus", nargs="?", default=os.path.join(here, "../../shared/peers/corpus/words_100k.txt"))
parser.add_argument("-o", "--output")
parser.add_argument("--bytes", type=int, default=1_000_000)
parser.add_argument("--code-lines", type=int, default=5_000)
parser.add_argument("--list-items", type=int, default=2_000)
parser.add_argument("--seed", type=int, default=22)
args = parser.parse_args()

rng = random.Random()
paragraphs = [p for p in open(args.corpus, encoding="utf-8").read().split("\n\n") if p.strip()]
sentences = [s.strip() + "." for p in paragraphs for s in p.split(".") if len(s.split()) >= 4]
vocabulary = sorted({w.strip(".,").lower() for p in paragraphs[:2000] for w in p.split() if w.strip(".,").isalpha()})
words = []


def restart():
    """The generator as at the start: seeded, the words in their shuffled order."""
    rng.seed(args.seed)
    words[:] = vocabulary
    rng.shuffle(words)


def word():
    return rng.choice(words)


def identifier():
    parts = [word() for _ in range(rng.randint(1, 3))]
    return parts[0] + "".join(p.capitalize() for p in parts[1:])


def sentence_run(lo, hi):
    start = rng.randrange(len(sentences))
    return " ".join(sentences[start:start + rng.randint(lo, hi)]) or sentences[0]


def prose():
    """A paragraph with inline markup set into some of its words."""
    out = []
    for w in sentence_run(2, 6).split(" "):
        r = rng.random()
        if r < 0.02:
            w = "`" + identifier() + "()`"
        elif r < 0.035:
            w = "*" + w + "*"
        elif r < 0.045:
            w = "**" + w + "**"
        elif r < 0.055:
            w = "[" + w + "](https://example.com/" + word() + ")"
        out.append(w)
    return " ".join(out)


def code_line(language, indent):
    pad = "    " * indent
    name = identifier()
    if language == "swift":
        forms = [f"let {name} = {identifier()}({word()}: {rng.randint(0, 999)})",
                 f"func {name}(_ {word()}: {word().capitalize()}) -> {word().capitalize()} {{",
                 f"guard let {name} = {identifier()}.first(where: {{ $0.{word()} }}) else {{ return nil }}",
                 f"// {sentence_run(1, 2)}", "}"]
    elif language == "sh":
        forms = [f"{word()} --{word()} {name}.txt | grep -v {word()}", f"export {name.upper()}={rng.randint(0, 99999)}",
                 f"# {sentence_run(1, 1)}", f"cd {word()}/{word()} && make {word()}"]
    elif language == "json":
        forms = [f"\"{name}\": {rng.randint(0, 9999)},", f"\"{name}\": \"{word()} {word()}\",", f"\"{name}\": [{rng.randint(0, 9)}, {rng.randint(0, 9)}],"]
    elif language == "python":
        forms = [f"def {name}({word()}, {word()}=None):", f"return [{word()} for {word()} in {name} if {word()}]",
                 f"{name} = {identifier()}.{word()}({rng.randint(0, 99)})", f"# {sentence_run(1, 1)}"]
    else:
        forms = [f"{name} {word()} {word()} {rng.randint(0, 999)}", sentence_run(1, 1)]
    return pad + rng.choice(forms)


def code_block(lines):
    language = rng.choice(["swift", "swift", "sh", "json", "python", ""])
    body = [code_line(language, min(4, abs(int(rng.gauss(0, 1.5))))) for _ in range(lines)]
    return "```" + language + "\n" + "\n".join(body) + "\n```"


def list_block(items):
    """A list of `items` items, nested up to four levels: bullets, numbers or tasks."""
    kind = rng.choice(["-", "-", "*", "1.", "task"])
    out, depth, number = [], 0, [1] * 5
    for index in range(items):
        if index > 0:
            depth = max(0, min(3, depth + rng.choice([-1, 0, 0, 0, 1])))
        marker = kind
        if kind == "1.":
            marker = f"{number[depth]}."
            number[depth] += 1
            number[depth + 1] = 1
        elif kind == "task":
            marker = rng.choice(["- [ ]", "- [x]"])
        # A nested list starts at its parent item's content: after "N. ", or two columns for "- ".
        indent = ("    " if kind == "1." else "  ") * depth
        text = sentence_run(1, 2) if rng.random() < 0.8 else prose()
        out.append(f"{indent}{marker} {text}")
        if rng.random() < 0.05:
            out.append("")
            out.append(indent + " " * (len(marker) + 1 if kind == "1." else 2) + sentence_run(1, 2))
            out.append("")
    return "\n".join(out)


def quote():
    text = "> " + prose()
    if rng.random() < 0.3:
        text += "\n>\n> > " + sentence_run(1, 3)
    return text


def table():
    columns = rng.randint(3, 6)
    header = "| " + " | ".join(word().capitalize() for _ in range(columns)) + " |"
    rule = "|" + "|".join(rng.choice(["---", ":---", ":---:", "---:"]) for _ in range(columns)) + "|"
    rows = ["| " + " | ".join(rng.choice([word(), "`" + identifier() + "`", str(rng.randint(0, 9999)), sentence_run(1, 1)])
                              for _ in range(columns)) + " |" for _ in range(rng.randint(3, 12))]
    return "\n".join([header, rule] + rows)


def badges():
    return " ".join(f"[![{word()}](https://img.shields.io/badge/{word()}-{word()}-green)](https://example.com/{word()})"
                    for _ in range(rng.randint(2, 6)))


def figure():
    return f"![{sentence_run(1, 1)}](docs/images/{identifier()}.png)"


def html():
    r = rng.random()
    if r < 0.4:
        return f"<div align=\"center\">\n\n{figure()}\n\n**{word()}** {sentence_run(1, 1)}\n\n</div>"
    if r < 0.8:
        return f"<details>\n<summary>{sentence_run(1, 1)}</summary>\n\n{prose()}\n\n{quote()}\n\n</details>"
    return f"Press <kbd>Ctrl</kbd> + <kbd>{word()[0].upper()}</kbd> to {sentence_run(1, 1)}<br>{sentence_run(1, 1)}"


def document(budget):
    """The document, prose added while it is under `budget` bytes; code and lists all placed."""
    # Code blocks and lists of exactly the asked sizes, handed out among the sections.
    code_sizes, left = [], args.code_lines
    while left > 0:
        size = min(left, rng.choice([1, 2, 3, 4, 6, 8, 12, 16, 24, 40, 60, 120]))
        code_sizes.append(size)
        left -= size
    list_sizes, left = [], args.list_items
    while left > 0:
        size = min(left, rng.choice([2, 3, 4, 5, 6, 8, 10, 15, 20, 30]))
        list_sizes.append(size)
        left -= size
    rng.shuffle(code_sizes)
    rng.shuffle(list_sizes)

    blocks = [f"# {' '.join(w.capitalize() for w in sentence_run(1, 1).rstrip('.').split()[:4])}",
              f"<div align=\"center\">\n\n{badges()}\n\n</div>", prose()]
    size = sum(len(b) + 2 for b in blocks)
    section = 0
    while code_sizes or list_sizes or size < budget:
        r = rng.random()
        if size >= budget and not (0.10 <= r < 0.40):
            continue  # past the budget: only the code and lists still owed
        if r < 0.05:
            section += 1
            block = f"## {section}. {' '.join(w.capitalize() for w in sentence_run(1, 1).rstrip('.').split()[:5])}"
        elif r < 0.10:
            block = f"### {' '.join(w.capitalize() for w in sentence_run(1, 1).rstrip('.').split()[:6])}"
        elif r < 0.25:
            if not code_sizes:
                continue
            block = code_block(code_sizes.pop())
        elif r < 0.40:
            if not list_sizes:
                continue
            block = list_block(list_sizes.pop())
        elif r < 0.43:
            block = quote()
        elif r < 0.445:
            block = table()
        elif r < 0.455:
            block = badges()
        elif r < 0.465:
            block = figure()
        elif r < 0.47:
            block = "---"
        elif r < 0.48:
            block = html()
        else:
            block = prose()
        blocks.append(block)
        size += len(block.encode("utf-8")) + 2
    return "\n\n".join(blocks) + "\n"


# The code and lists are placed whatever the budget: later passes, from the same seed, take what
# they added past it out of the prose, so the document comes out near --bytes.
budget = args.bytes
for _ in range(4):
    restart()
    text = document(budget)
    budget -= len(text.encode("utf-8")) - args.bytes
out = args.output or os.path.join(os.path.dirname(os.path.abspath(args.corpus)), "readme_1mb.md")
open(out, "w", encoding="utf-8").write(text)
print(f"{out}: {len(text.encode('utf-8'))} bytes")
