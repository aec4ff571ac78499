#!/usr/bin/env python3
"""Every extracted client document is valid against the sample shop's subset and the published schema.

    python3 Tests/Conformance/storefront-clients/check.py \
        --schema ../shared/storefront/storefront.schema.json --subset samples/storefront.graphql

graphql-core (3.2.8) is the referee, independent of buyflow's own GraphQLKit: a
document that validates against the subset must validate against the published schema
too (the subset is exact), and the sample shop can only answer what its subset holds.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from graphql import build_client_schema, build_schema, parse, validate


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--schema", type=Path, required=True, help="the published introspection JSON")
    parser.add_argument("--subset", type=Path, required=True, help="samples/storefront.graphql")
    args = parser.parse_args()

    published = json.loads(args.schema.read_text())
    published = build_client_schema(published.get("data", published))
    subset = build_schema(args.subset.read_text())
    folder = Path(__file__).parent
    documents = sorted(folder.glob("*/*.graphql"))
    if not documents:
        print(f"error: no documents under {folder}", file=sys.stderr)
        return 1
    failures = 0
    for path in documents:
        document = parse(path.read_text())
        for name, schema in (("published schema", published), ("subset", subset)):
            for error in validate(schema, document):
                failures += 1
                where = ", ".join(f"{l.line}:{l.column}" for l in error.locations or [])
                print(f"{path.relative_to(folder)}:{where}: against the {name}: {error.message}")
    print(f"{len(documents)} documents checked against the published schema and the subset: "
          f"{'all valid' if not failures else f'{failures} errors'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
