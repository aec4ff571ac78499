#!/usr/bin/env python3
"""graphql-core's side of the GraphQL benchmark: schema load and parse+validate throughput.

    python3 Benchmarks/python/graphql_core_bench.py [SCHEMA] [CORPUS_DIR] [--seconds S]

SCHEMA defaults to ../shared/storefront/storefront.schema.json relative to the repository
root (reference data kept outside the repository); CORPUS_DIR defaults to the conformance
corpus, Tests/Conformance/graphql/corpus.

Prints ONE JSON object on standard output:

- schema_load_ms: median of 5 runs of reading the file, json.load and build_client_schema
  (the runs themselves in schema_load_runs_ms);
- documents_per_second: every .graphql document of the corpus (valid and invalid) parsed
  and validated with specified_rules, cycling through the corpus for about S seconds
  (default 3; passes says how many times it went round). A document that fails to parse counts too: parsing it is the work done.
  The files are read once, before timing.

The Swift benchmark runs this script and prints both sides together.
Needs graphql-core (CI: pip install graphql-core==3.2.8).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import List, Optional

try:
    import graphql
    from graphql import GraphQLError, build_client_schema, parse, validate
    from graphql.validation import specified_rules
except ImportError:
    sys.stderr.write("error: graphql-core is not installed; run: pip install graphql-core==3.2.8\n")
    raise SystemExit(2)

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SCHEMA = REPO_ROOT.parent / "shared" / "storefront" / "storefront.schema.json"
DEFAULT_CORPUS = REPO_ROOT / "Tests" / "Conformance" / "graphql" / "corpus"
SCHEMA_LOAD_RUNS = 5


def load_schema(path: Path):
    with path.open("rb") as handle:
        introspection = json.load(handle)
    return build_client_schema(introspection)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("schema", nargs="?", default=str(DEFAULT_SCHEMA),
                        help="Storefront introspection JSON (default: %(default)s)")
    parser.add_argument("corpus", nargs="?", default=str(DEFAULT_CORPUS),
                        help="folder of .graphql documents (default: %(default)s)")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="how long to loop over the corpus (default: %(default)s)")
    args = parser.parse_args(argv)

    schema_path, corpus_dir = Path(args.schema), Path(args.corpus)
    if not schema_path.is_file():
        sys.stderr.write(
            f"error: Storefront schema not found at {schema_path}\n"
            "  It is reference data kept outside the repository (never copy it in): pass its\n"
            "  path, e.g. ../shared/storefront/storefront.schema.json from the repository root.\n")
        return 2
    files = sorted(corpus_dir.glob("*.graphql")) if corpus_dir.is_dir() else []
    if not files:
        sys.stderr.write(f"error: no .graphql documents in {corpus_dir}\n")
        return 2
    if args.seconds <= 0:
        sys.stderr.write("error: --seconds must be positive\n")
        return 64

    load_runs = []
    schema = None
    for _ in range(SCHEMA_LOAD_RUNS):
        start = time.perf_counter()
        schema = load_schema(schema_path)
        load_runs.append((time.perf_counter() - start) * 1000.0)

    sources = [path.read_text(encoding="utf-8") for path in files]
    rules = list(specified_rules)

    def run_once(source: str) -> bool:
        try:
            document = parse(source)
        except GraphQLError:
            return False
        return not validate(schema, document, rules)

    # One warm-up pass (also gives the valid/invalid split), not timed.
    valid = sum(run_once(source) for source in sources)

    # Cycle through the corpus, checking the clock after every document so that the run
    # stops close to the deadline even when one pass over the corpus takes a while.
    documents = 0
    start = time.perf_counter()
    deadline = start + args.seconds
    now = start
    while now < deadline:
        run_once(sources[documents % len(sources)])
        documents += 1
        now = time.perf_counter()
    elapsed = now - start

    result = {
        "tool": "graphql-core",
        "version": graphql.__version__,
        "python": platform.python_version(),
        "schema": str(schema_path),
        "schema_bytes": schema_path.stat().st_size,
        "schema_load_ms": round(statistics.median(load_runs), 3),
        "schema_load_runs_ms": [round(ms, 3) for ms in load_runs],
        "corpus": str(corpus_dir),
        "corpus_documents": len(sources),
        "corpus_valid": valid,
        "corpus_invalid": len(sources) - valid,
        "corpus_bytes": sum(len(source.encode("utf-8")) for source in sources),
        "rules": len(rules),
        "passes": round(documents / len(sources), 2),
        "documents": documents,
        "seconds": round(elapsed, 3),
        "documents_per_second": round(documents / elapsed, 1),
    }
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
