#!/usr/bin/env python3
"""Validate SARIF files against the official SARIF 2.1.0 JSON schema, offline.

The schema is the OASIS one (errata01, draft-04), vendored as a test fixture:
Tests/Fixtures/sarif/sarif-schema-2.1.0.json (its source is in Tests/Fixtures/SOURCES.md).
It is validated with jsonschema's Draft4Validator; jsonschema is the only package needed
(.ci/run installs it into .build/sarif-venv; nothing is downloaded here).

Usage: validate-sarif.py [--schema SCHEMA.json] FILE.sarif...
Exit: 0 all valid, 1 some file invalid (each error printed as FILE: PATH: message),
      2 jsonschema is not installed or the schema is not the official one.
"""

import json
import os
import sys

OFFICIAL_ID = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
DEFAULT_SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures", "sarif",
                              "sarif-schema-2.1.0.json")


def load_validator(schema_path):
    try:
        from jsonschema import Draft4Validator
    except ImportError as error:
        print(f"validate-sarif: {error}; install it with: pip install jsonschema", file=sys.stderr)
        sys.exit(2)
    try:
        with open(schema_path, encoding="utf-8") as handle:
            schema = json.load(handle)
    except (OSError, ValueError) as error:
        print(f"validate-sarif: cannot read the schema {schema_path}: {error}", file=sys.stderr)
        sys.exit(2)
    if schema.get("id") != OFFICIAL_ID:
        print(f"validate-sarif: {schema_path}: unexpected schema id {schema.get('id')!r}", file=sys.stderr)
        sys.exit(2)
    Draft4Validator.check_schema(schema)
    return Draft4Validator(schema)


def main(args):
    schema_path = DEFAULT_SCHEMA
    if args[:1] == ["--schema"] and len(args) >= 2:
        schema_path, args = args[1], args[2:]
    if not args:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    validator = load_validator(schema_path)
    failed = False
    for path in args:
        try:
            with open(path, encoding="utf-8") as handle:
                log = json.load(handle)
        except (OSError, ValueError) as error:
            print(f"{path}: cannot read: {error}")
            failed = True
            continue
        errors = sorted(validator.iter_errors(log), key=lambda e: list(map(str, e.absolute_path)))
        for error in errors:
            where = "/".join(map(str, error.absolute_path)) or "(root)"
            print(f"{path}: {where}: {error.message}")
        failed = failed or bool(errors)
        if not errors:
            print(f"{path}: valid SARIF 2.1.0 ({sum(len(run.get('results', [])) for run in log['runs'])} results)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
