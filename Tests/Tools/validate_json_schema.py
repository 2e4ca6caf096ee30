#!/usr/bin/env python3
"""Validates JSON documents against a JSON Schema (draft 7).

usage: validate_json_schema.py SCHEMA < {"name": document, ...}
Prints one line per problem (name: path: message); exits 0 when every document is valid, 1 when one is
not, 3 when the jsonschema package is missing (pip install jsonschema).
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("jsonschema is not installed (pip install jsonschema)", file=sys.stderr)
    sys.exit(3)


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    documents = json.load(sys.stdin)
    problems = 0
    for name, document in documents.items():
        for error in sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path)):
            path = "/".join(str(part) for part in error.absolute_path) or "(top)"
            print(f"{name}: {path}: {error.message}")
            problems += 1
    print(f"{len(documents)} documents, {problems} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
