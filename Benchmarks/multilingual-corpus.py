#!/usr/bin/env python3
"""A multilingual document the size of a Latin corpus, for timing world text against Latin text.

Takes the paragraphs of a corpus (default ../shared/peers/corpus/words_100k.txt) and replaces
every second one by a paragraph in another language: the sentences of that language's Article 1
of the UDHR (Examples/udhr-article1.txt: Latin with Vietnamese, Greek, Cyrillic, Arabic, Hebrew,
Devanagari, Bengali, Tamil, Thai, Georgian, Armenian, Ethiopic, Hangul, Japanese, Chinese,
symbols, emoji), shuffled and repeated to the length of the paragraph it replaces, so the
document keeps the corpus's byte size. Seeded, byte-reproducible.

usage: multilingual-corpus.py [CORPUS] [-o OUT]    (default OUT: multilingual_<corpus name>)
"""
import argparse
import os
import random
import re

here = os.path.dirname(os.path.abspath(__file__))
parser = argparse.ArgumentParser()
parser.add_argument("corpus", nargs="?", default=os.path.join(here, "../../shared/peers/corpus/words_100k.txt"))
parser.add_argument("-o", "--output")
parser.add_argument("--seed", type=int, default=1)
args = parser.parse_args()

rng = random.Random(args.seed)
source = open(os.path.join(here, "../Examples/udhr-article1.txt"), encoding="utf-8").read()
languages = [p.strip() for p in source.split("\n\n") if p.strip()][1:]  # all but English
sentences = [[s for s in re.split(r"(?<=[.!?。।։።])\s*", p) if s] for p in languages]
paragraphs = [p for p in open(args.corpus, encoding="utf-8").read().split("\n\n") if p.strip()]
out = []
for index, paragraph in enumerate(paragraphs):
    if index % 2 == 0:
        out.append(paragraph.strip())
        continue
    pool = sentences[(index // 2) % len(sentences)]
    target = len(paragraph.encode("utf-8"))
    words, size = [], -1
    while True:
        sentence = rng.choice(pool)
        length = len(sentence.encode("utf-8")) + 1
        if words and size + length > target:
            break
        words.append(sentence)
        size += length
    # The rest up to the target size: the start of one more sentence, cut at a character.
    rest = sentence.encode("utf-8")[:max(0, target - size - 1)].decode("utf-8", "ignore").strip()
    if rest:
        words.append(rest)
    out.append(" ".join(words))
name = args.output or os.path.join(os.path.dirname(args.corpus), "multilingual_" + os.path.basename(args.corpus))
with open(name, "w", encoding="utf-8") as f:
    f.write("\n\n".join(out) + "\n")
print(f"wrote {name}: {len(out)} paragraphs, {os.path.getsize(name)} bytes")
