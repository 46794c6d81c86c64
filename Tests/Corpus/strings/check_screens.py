#!/usr/bin/env python3
"""Checks the screen files of the string corpus against their catalogs, without reflow.

For every screen file (a `*.json` in a folder of Tests/Corpus/strings whose root names its
catalogs under "strings"), it finds each text that names a key ({"key": …, "table": …,
"args": […]}) and checks, reading the `.xcstrings` catalogs with Python's json module only (and a
folder's `*.lproj/*.strings` with the small reader below and `*.stringsdict` with `plistlib`, made
into the same shape: a `.stringsdict` variable is a substitution without `argNum`, read in its place):

- the key is in its table (the catalog whose file stem is the reference's "table", default
  "Localizable"); in a screen named missing-key.json exactly one key is meant to be missing;
- the screen gives as many "args" as the call in the app passes: the arguments the source
  language's string reads (every plural form, `%#@name@` substitutions with their argNum or
  their place, `%arg` and positional `%N$@` inside them), or the key's own specifiers when the
  key has more (SwiftUI's `Text("label \\(count)")` passes one argument per specifier of its key,
  even when the source's string prints none: "notifications.label.favorite %lld" is "starred");
- each argument is of a kind its specifier prints (integers for %d/%lld, numbers for %f, any
  value for %@, which prints a number as its description).

It prints, per screen, the languages the catalogs have and how many of the named keys each
language translates (a localization whose every string unit is "translated"), and per catalog
the facts the Swift tests assert (keys, languages, plural categories, substitutions).

Usage: python3 check_screens.py [FOLDER]   (default: the folder this script is in)
Exit status 1 when a check fails, naming the screen, the JSON path and what is wrong.
"""
import json
import os
import plistlib
import re
import sys

# A specifier: %%, %arg (inside a substitution's forms), %N$#@name@ / %#@name@, or a printf
# conversion with optional position, flags, width, precision and length.
SPECIFIER = re.compile(
    r"%(?:(?P<pct>%)|(?P<arg>arg)|(?:(?P<pos>\d+)\$)?(?:#@(?P<sub>[^@]+)@|"
    r"[-+ #0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?P<len>hh|h|ll|l|q|L|z|t|j)?(?P<conv>[@dDiuUxXoOfFeEgGaAcCsSp])))"
)
INTEGER = set("dDiuUxXoOcC")
FLOAT = set("fFeEgGaA")


def units(value):
    """Every stringUnit of a localization's value or a variation, in file order."""
    if value is None:
        return []
    if "stringUnit" in value:
        return [value["stringUnit"]]
    found = []
    for kind in ("plural", "device"):
        for form in value.get("variations", {}).get(kind, {}).values():
            found += units(form)
    return found


def all_units(localization):
    found = units(localization)
    for sub in localization.get("substitutions", {}).values():
        found += units(sub)
    return found


def kind_of(conversion):
    if conversion in INTEGER:
        return "integer"
    if conversion in FLOAT:
        return "number"
    if conversion in "sS":
        return "string"
    return "object"


def arguments(localization):
    """Argument number → kinds read, for a localization (or {"stringUnit": {"value": key}})."""
    read = {}

    def note(index, kind):
        read.setdefault(index, set()).add(kind)

    substitutions = localization.get("substitutions", {})
    for unit in units(localization):
        following = 1
        for match in SPECIFIER.finditer(unit["value"]):
            if match.group("pct") or match.group("arg"):
                continue
            if match.group("pos"):
                index = int(match.group("pos"))
            else:
                index = following
                following += 1
            name = match.group("sub")
            if name is None:
                note(index, kind_of(match.group("conv")))
                continue
            sub = substitutions.get(name)
            if sub is None:
                raise ValueError(f"'%#@{name}@' names no substitution")
            index = sub.get("argNum", index)
            note(index, kind_of(sub.get("formatSpecifier", "@")[-1]))
            for form in units(sub):
                for inner in SPECIFIER.finditer(form["value"]):
                    if inner.group("pct") or inner.group("sub"):
                        continue
                    if inner.group("arg"):
                        note(index, kind_of(sub.get("formatSpecifier", "@")[-1]))
                    elif inner.group("pos"):
                        note(int(inner.group("pos")), kind_of(inner.group("conv")))
                    else:
                        note(index, kind_of(inner.group("conv")))
    return read


STRINGS_TOKEN = re.compile(r'\s+|/\*.*?\*/|//[^\n]*|"(?:[^"\\]|\\.)*"|=|;|[^\s=;"]+', re.S)
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "'": "'", "0": "\0"}


def unquote(token):
    body, out, i = token[1:-1], "", 0
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body):
            c = body[i + 1]
            if c in "uU":
                out += chr(int(body[i + 2:i + 6], 16))
                i += 6
                continue
            out += ESCAPES.get(c, c)
            i += 2
            continue
        out += body[i]
        i += 1
    return out


def read_strings(path):
    """A `.strings` file's `"key" = "value";` pairs (UTF-8 or UTF-16 with a byte order mark)."""
    data = open(path, "rb").read()
    text = data.decode("utf-16") if data[:2] in (b"\xff\xfe", b"\xfe\xff") else data.decode("utf-8-sig")
    tokens = [t for t in STRINGS_TOKEN.findall(text) if t.strip() and not t.startswith(("/*", "//"))]
    pairs, i = {}, 0
    while i + 3 < len(tokens):
        key, equals, value, end = tokens[i:i + 4]
        if equals != "=" or end != ";":
            raise ValueError(f"{path}: cannot read near {tokens[i:i + 4]!r}")
        pairs[unquote(key) if key.startswith('"') else key] = unquote(value) if value.startswith('"') else value
        i += 4
    return pairs


def read_lproj_folder(folder):
    """Table → a catalog in the `.xcstrings` shape, from `*.lproj/*.strings` and `.stringsdict`
    (`Base.lproj` is the source language, `en`, where `en.lproj` lacks the key)."""
    tables = {}
    for lproj in sorted(os.listdir(folder), key=lambda name: name != "Base.lproj"):
        if not lproj.endswith(".lproj"):
            continue
        language = "en" if lproj == "Base.lproj" else lproj[:-len(".lproj")]
        for name in sorted(os.listdir(os.path.join(folder, lproj))):
            stem, extension = os.path.splitext(name)
            path = os.path.join(folder, lproj, name)
            catalog = tables.setdefault(stem, {"sourceLanguage": "en", "strings": {}})
            if extension == ".strings":
                for key, value in read_strings(path).items():
                    catalog["strings"].setdefault(key, {"localizations": {}})["localizations"][language] = \
                        {"stringUnit": {"state": "translated", "value": value}}
            elif extension == ".stringsdict":
                for key, entry in plistlib.load(open(path, "rb")).items():
                    substitutions = {}
                    for variable, rule in entry.items():
                        if variable == "NSStringLocalizedFormatKey":
                            continue
                        forms = {category: {"stringUnit": {"state": "translated", "value": text}}
                                 for category, text in rule.items() if not category.startswith("NSString")}
                        substitutions[variable] = {"formatSpecifier": rule.get("NSStringFormatValueTypeKey", "@"),
                                                   "variations": {"plural": forms}}
                    catalog["strings"].setdefault(key, {"localizations": {}})["localizations"][language] = \
                        {"stringUnit": {"state": "translated", "value": entry["NSStringLocalizedFormatKey"]},
                         "substitutions": substitutions}
    return tables


def source_localization(catalog, key):
    """The source language's localization, or the key itself when the catalog has none (Xcode
    shows the key then)."""
    entry = catalog["strings"][key]
    found = entry.get("localizations", {}).get(catalog["sourceLanguage"])
    return found if found is not None else {"stringUnit": {"value": key}}


def references(node, path="$"):
    """(JSON path, reference) for every text of a screen that names a key."""
    if isinstance(node, dict):
        for name, value in node.items():
            where = f"{path}.{name}"
            if name in ("text", "badge", "accessibilityLabel") and isinstance(value, dict) and "key" in value:
                yield where, value
            else:
                yield from references(value, where)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from references(value, f"{path}[{index}]")


def fits(value, kind):
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind == "string":
        return isinstance(value, str)
    return isinstance(value, (str, int, float)) and not isinstance(value, bool)


def languages(catalog):
    return sorted({lang for entry in catalog["strings"].values() for lang in entry.get("localizations", {})})


def plural_categories(localization):
    """The plural categories of a localization's own variation and of its substitutions."""
    found = {}
    own = localization.get("variations", {}).get("plural")
    if own:
        found["(string)"] = sorted(own)
    for name, sub in sorted(localization.get("substitutions", {}).items()):
        forms = sub.get("variations", {}).get("plural")
        if forms:
            found[name] = sorted(forms)
    return found


def check_screen(path, problems):
    screen = json.load(open(path, encoding="utf-8"))
    folder = os.path.dirname(path)
    tables = {}
    for name in screen.get("strings", []):
        catalog_path = os.path.normpath(os.path.join(folder, name))
        if catalog_path != folder and not catalog_path.startswith(folder + os.sep):
            problems.append(f"{path}: $.strings names {name}, which is outside the screen's folder")
            continue
        if os.path.isdir(catalog_path):
            tables.update(read_lproj_folder(catalog_path))
            continue
        tables[os.path.splitext(os.path.basename(name))[0]] = json.load(open(catalog_path, encoding="utf-8"))
    refs = list(references(screen))
    missing, keys, notes = [], set(), []
    for where, ref in refs:
        table = ref.get("table", "Localizable")
        catalog = tables.get(table)
        key = ref["key"]
        if catalog is None or key not in catalog["strings"]:
            missing.append((where, key))
            continue
        keys.add((table, key))
        given = ref.get("args", [])
        source = arguments(source_localization(catalog, key))
        from_key = arguments({"stringUnit": {"value": key}}) if "%" in key else {}
        expected = source if len(source) >= len(from_key) else from_key
        count = max(expected) if expected else 0
        if len(from_key) > len(source):
            notes.append(f"  note: {key!r}: the source string reads {len(source)} argument(s), the key names {len(from_key)}; "
                         f"the app passes {len(from_key)}")
        if len(given) != count:
            problems.append(f"{path}: {where}: {key!r} takes {count} argument(s), the screen gives {len(given)}")
            continue
        for index, kinds in sorted(expected.items()):
            for kind in kinds:
                if not fits(given[index - 1], kind):
                    problems.append(f"{path}: {where}: argument {index} of {key!r} is {given[index - 1]!r}, not {kind}")
    intended = os.path.basename(path) == "missing-key.json"
    if intended and len(missing) != 1:
        problems.append(f"{path}: a missing-key screen names exactly one missing key; it names {len(missing)}")
    if not intended:
        for where, key in missing:
            problems.append(f"{path}: {where}: {key!r} is in no catalog the screen names")

    print(f"{os.path.relpath(path, ROOT)}: {len(refs)} texts name {len(keys)} distinct keys"
          + (f"; missing as intended: {', '.join(repr(k) for _, k in missing)}" if intended else ""))
    print("\n".join(notes) if notes else "", end="\n" if notes else "")
    for table, catalog in sorted(tables.items()):
        named = [key for t, key in keys if t == table]
        langs = languages(catalog)
        print(f"  {table}: {len(langs)} languages, source {catalog['sourceLanguage']}: {' '.join(langs)}")
        counts = []
        for lang in langs:
            present = translated = 0
            for key in named:
                localization = catalog["strings"][key].get("localizations", {}).get(lang)
                if localization is None and lang == catalog["sourceLanguage"]:
                    present += 1  # the key itself is the source string
                    translated += 1
                    continue
                if localization is None:
                    continue
                present += 1
                if all(unit.get("state", "translated") == "translated" for unit in all_units(localization)):
                    translated += 1
            counts.append(f"{lang} {translated}" + (f"(+{present - translated})" if present > translated else ""))
        print(f"  translated of {len(named)} (+ present, not translated): " + ", ".join(counts))


def catalog_facts(path):
    catalog = json.load(open(path, encoding="utf-8"))
    langs = languages(catalog)
    plural = substitution = device = 0
    for entry in catalog["strings"].values():
        for localization in entry.get("localizations", {}).values():
            variations = localization.get("variations", {})
            plural += "plural" in variations
            device += "device" in variations
            substitution += "substitutions" in localization
    print(f"{os.path.relpath(path, ROOT)}: {len(catalog['strings'])} keys, {len(langs)} languages; "
          f"localizations with plural variations {plural}, device variations {device}, substitutions {substitution}")


def plural_facts(path, keys, shown):
    catalog = json.load(open(path, encoding="utf-8"))
    for key in keys:
        entry = catalog["strings"][key]
        by = {}
        for lang in shown:
            localization = entry.get("localizations", {}).get(lang)
            if localization is None:
                by[lang] = "(none)"
                continue
            parts = [f"{n}: {','.join(c)}" for n, c in plural_categories(localization).items()]
            for name, sub in sorted(localization.get("substitutions", {}).items()):
                parts.append(f"{name} argNum {sub.get('argNum', '-')} formatSpecifier {sub.get('formatSpecifier', '-')}")
            by[lang] = "; ".join(parts) if parts else "(no variation)"
        print(f"  {key!r}")
        for lang in shown:
            print(f"    {lang}: {by[lang]}")


ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(__file__))


def main():
    problems = []
    screens = []
    for folder, _, files in sorted(os.walk(ROOT)):
        for name in sorted(files):
            if name.endswith(".json"):
                path = os.path.join(folder, name)
                try:
                    if "strings" in json.load(open(path, encoding="utf-8")):
                        screens.append(path)
                except (ValueError, UnicodeDecodeError):
                    continue
    for path in screens:
        check_screen(path, problems)
    print()
    ice = os.path.join(ROOT, "Dimillian--IceCubesApp/Localizable.xcstrings")
    whisky = os.path.join(ROOT, "Whisky-App--Whisky/Localizable.xcstrings")
    for path in (ice, whisky):
        if os.path.exists(path):
            catalog_facts(path)
    if os.path.exists(ice):
        plural_facts(ice, ["status.summary.n-boosts %lld", "accessibility.tabs.timeline.unread-posts.label-%lld",
                           "status.poll.n-votes-voters %lld %lld", "account.label.followers %lld %@",
                           "notifications.label.favorite %lld"], ["en", "de", "ja", "pl", "uk", "be", "ko"])
    print()
    if problems:
        print(f"{len(problems)} problem(s):")
        print("\n".join(problems))
        return 1
    print(f"{len(screens)} screens checked: every key found (but the one missing-key.json names), every argument count and kind fits")
    return 0


if __name__ == "__main__":
    sys.exit(main())
