#!/usr/bin/env python3
"""Validates layout JSON files against docs/layout-json.schema.json with jsonschema.

Usage: validate-layout-json.py FILE_OR_FOLDER...   (a folder: every *.json in it, recursively)

The schema is the repository's own (draft 2020-12); jsonschema is the pinned one that
scripts/python-tools.sh installs. Prints each violation as "FILE: json/path: message", then
"N files, M violations"; exits 1 when there is any violation, 2 when a file is not JSON.
"""
import json
import pathlib
import sys

from jsonschema import Draft202012Validator

SCHEMA = pathlib.Path(__file__).resolve().parent.parent / "docs" / "layout-json.schema.json"


def files(arguments):
    for argument in arguments:
        path = pathlib.Path(argument)
        if path.is_dir():
            yield from sorted(path.rglob("*.json"))
        else:
            yield path


def main(arguments):
    schema = json.loads(SCHEMA.read_text("utf-8"))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    count = violations = 0
    for path in files(arguments):
        count += 1
        try:
            document = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError) as error:
            print(f"{path}: not JSON: {error}")
            return 2
        errors = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
        for error in errors:
            where = "/".join(str(part) for part in error.absolute_path) or "(top level)"
            # oneOf failures say little; the best match among the branches says what is wrong.
            best = error
            if error.context:
                best = min(error.context, key=lambda sub: (-len(sub.absolute_path), sub.message))
                where = "/".join(str(part) for part in best.absolute_path) or where
            print(f"{path}: {where}: {best.message}")
        violations += len(errors)
    print(f"{count} files, {violations} violations")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
