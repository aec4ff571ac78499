#!/usr/bin/env python3
"""graphql-core's verdict on every document of the GraphQL conformance corpus.

    python3 Tests/Conformance/graphql/graphql_core_verdicts.py [SCHEMA] [CORPUS_DIR] [--check]

SCHEMA is the Storefront introspection result (`{"__schema": ...}`), by default
`../shared/storefront/storefront.schema.json` relative to the repository root; it is
reference data kept outside the repository. CORPUS_DIR defaults to the `corpus` folder
next to this script.

Prints one JSON object, keyed by file name (sorted):

    {"<file name>": {"valid": bool,
                     "rules": ["FieldsOnCorrectType", ...],   # one per error, in error order
                     "messages": ["Cannot query field ...", ...],
                     "locations": [[line, column] | null, ...]}}

A document that does not parse gives `"rules": ["syntax"]`. graphql-core's errors do not
name the rule that produced them, so each error is attributed by validating the document
again with each rule of `specified_rules` alone and matching message and source positions.

With `--check` it prints, instead of the JSON, whether every file keeps the corpus naming
contract (`valid-*` is valid; `invalid-<Rule>-*` fails with <Rule> first and only) and
exits 1 when one does not.

Needs graphql-core 3.2.8 (`pip install graphql-core==3.2.8`).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

try:
    import graphql
    from graphql import GraphQLError, GraphQLSchema, build_client_schema, parse, validate
    from graphql.validation import specified_rules
except ImportError:  # pragma: no cover - depends on the environment
    sys.stderr.write(
        "error: graphql-core is not installed; run: pip install graphql-core==3.2.8\n"
    )
    raise SystemExit(2)

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parents[2]
DEFAULT_SCHEMA = REPO_ROOT.parent / "shared" / "storefront" / "storefront.schema.json"
DEFAULT_CORPUS = HERE / "corpus"

SYNTAX = "syntax"
MIN_DOCUMENTS = 80
# Rules of specified_rules that no document against the Storefront schema can break.
UNTRIGGERABLE = {
    "SingleFieldSubscriptions": "it only runs when the schema has a subscription root, "
                                "and Storefront 2026-04 has none",
}
# graphql-core stops after this many errors and appends one error of its own.
TOO_MANY_ERRORS = "TooManyErrors"

Verdict = Dict[str, Any]


class SetupError(Exception):
    """A problem with the inputs (missing schema, empty corpus) rather than a document."""


def rule_name(rule: type) -> str:
    name = rule.__name__
    return name[: -len("Rule")] if name.endswith("Rule") else name


RULE_NAMES: List[str] = [rule_name(rule) for rule in specified_rules]


def load_schema(path: os.PathLike | str) -> GraphQLSchema:
    """json.load + build_client_schema, with a clear message when the file is absent."""
    path = Path(path)
    if not path.is_file():
        raise SetupError(
            f"Storefront schema not found at {path}\n"
            "  It is reference data kept outside the repository (never copy it in): pass its\n"
            "  path, e.g. ../shared/storefront/storefront.schema.json from the repository root."
        )
    with path.open("rb") as handle:
        introspection = json.load(handle)
    if "__schema" not in introspection and "__schema" in introspection.get("data", {}):
        introspection = introspection["data"]
    return build_client_schema(introspection)


def corpus_files(corpus_dir: os.PathLike | str) -> List[Path]:
    corpus_dir = Path(corpus_dir)
    if not corpus_dir.is_dir():
        raise SetupError(f"corpus folder not found: {corpus_dir}")
    files = sorted(p for p in corpus_dir.iterdir() if p.suffix == ".graphql" and p.is_file())
    if not files:
        raise SetupError(f"no .graphql files in {corpus_dir}")
    return files


_LINE_BREAK = re.compile(r"\r\n|[\n\r]")


def _first_location(error: GraphQLError) -> Optional[List[int]]:
    """[line, column] of the error's first position, both 1-based.

    Computed here rather than taken from `error.locations`: graphql-core 3.2.8's
    `Source.get_location` uses `str.splitlines()`, which puts a position at the start of
    a line at the end of the line before it (a definition at 6:1 is reported as 5:1, or
    as 1:91 right after a 90-character comment line). Columns count code points.
    """
    if error.source is not None and error.positions:
        position = error.positions[0]
        body = error.source.body
        line, line_start = 1, 0
        for match in _LINE_BREAK.finditer(body, 0, position):
            line += 1
            line_start = match.end()
        return [line, position - line_start + 1]
    if error.locations:
        location = error.locations[0]
        return [location.line, location.column]
    return None


def _key(error: GraphQLError) -> Tuple[str, Tuple[int, ...]]:
    return error.message, tuple(error.positions or ())


def verdict_for_source(schema: GraphQLSchema, source: str) -> Verdict:
    """graphql-core's verdict on one document: validity, the rule of each error, messages."""
    try:
        document = parse(source)
    except GraphQLError as error:
        return {
            "valid": False,
            "rules": [SYNTAX],
            "messages": [error.message],
            "locations": [_first_location(error)],
        }

    errors = validate(schema, document)
    if not errors:
        return {"valid": True, "rules": [], "messages": [], "locations": []}

    # Attribute every error to its rule: validate again with each rule alone.
    owners: Dict[Tuple[str, Tuple[int, ...]], List[str]] = defaultdict(list)
    for rule in specified_rules:
        for error in validate(schema, document, rules=[rule]):
            owners[_key(error)].append(rule_name(rule))

    rules: List[str] = []
    for error in errors:
        candidates = owners.get(_key(error))
        if candidates:
            rules.append(candidates.pop(0))
        elif error.message.startswith("Too many validation errors"):
            rules.append(TOO_MANY_ERRORS)
        else:  # should not happen: every error comes from one of the rules
            rules.append("unknown")
    return {
        "valid": False,
        "rules": rules,
        "messages": [error.message for error in errors],
        "locations": [_first_location(error) for error in errors],
    }


def verdicts(schema_path: os.PathLike | str, corpus_dir: os.PathLike | str) -> Dict[str, Verdict]:
    """{file name: verdict} for every .graphql file of the corpus folder, sorted by name."""
    schema = load_schema(schema_path)
    result: Dict[str, Verdict] = {}
    for path in corpus_files(corpus_dir):
        result[path.name] = verdict_for_source(schema, path.read_text(encoding="utf-8"))
    return result


# --- the corpus naming contract -------------------------------------------------------

def expected_from_name(name: str) -> Tuple[Optional[bool], Optional[str]]:
    """(valid?, rule) that a corpus file name promises; (None, None) if it promises nothing."""
    stem = name[: -len(".graphql")] if name.endswith(".graphql") else name
    if stem.startswith("valid-"):
        return True, None
    if stem.startswith("invalid-"):
        rest = stem[len("invalid-"):]
        return False, rest.split("-", 1)[0]
    return None, None


ALSO_BREAKS = re.compile(r"^#\s*also-breaks:\s*([A-Za-z, ]+)", re.MULTILINE)


def also_breaks(source: str) -> List[str]:
    """Rules a document declares it cannot help breaking too (`# also-breaks: Rule, ...`).

    Only for a rule whose violation always drags a second one along: a variable of an
    output type (VariablesAreInputTypes) is unused (NoUnusedVariables) or used in an input
    position it can never fit (VariablesInAllowedPosition).
    """
    rules: List[str] = []
    for match in ALSO_BREAKS.finditer(source):
        rules += [rule.strip() for rule in match.group(1).split(",") if rule.strip()]
    return rules


def check(corpus_dir: Path, results: Dict[str, Verdict]) -> int:
    """Print whether every file keeps the promise of its name; 0 when all do."""
    problems: List[str] = []
    per_rule: Counter = Counter()
    valid_count = 0
    for name, verdict in results.items():
        want_valid, want_rule = expected_from_name(name)
        source = (corpus_dir / name).read_text(encoding="utf-8")
        first_line = source.split("\n", 1)[0]
        if not first_line.startswith("#"):
            problems.append(f"{name}: does not start with a '#' comment line")
        if want_valid is None:
            problems.append(f"{name}: name is neither valid-<what> nor invalid-<Rule>-<what>")
            continue
        if want_valid:
            valid_count += 1
            if not verdict["valid"]:
                problems.append(
                    f"{name}: expected valid, graphql-core says "
                    f"{verdict['rules']}: {verdict['messages'][0]}"
                )
            continue
        per_rule[want_rule] += 1
        if want_rule != SYNTAX and want_rule not in RULE_NAMES:
            problems.append(f"{name}: '{want_rule}' is not a rule of specified_rules")
        if verdict["valid"]:
            problems.append(f"{name}: expected {want_rule}, graphql-core says valid")
        elif verdict["rules"][0] != want_rule:
            problems.append(
                f"{name}: expected {want_rule} first, graphql-core says "
                f"{verdict['rules']}: {verdict['messages'][0]}"
            )
        elif set(verdict["rules"]) != {want_rule} | set(also_breaks(source)):
            problems.append(
                f"{name}: breaks {sorted(set(verdict['rules']))}, expected only {want_rule}"
                f" (plus any '# also-breaks:' rules): {verdict['messages']}"
            )

    print(f"graphql-core {graphql.__version__}: {len(results)} documents "
          f"({valid_count} valid, {sum(per_rule.values())} invalid)")
    print("invalid documents per rule:")
    for rule in RULE_NAMES + [SYNTAX]:
        print(f"  {rule:<36} {per_rule.get(rule, 0)}")
    for rule in RULE_NAMES:
        if per_rule.get(rule, 0) == 0:
            if rule in UNTRIGGERABLE:
                print(f"no document breaks {rule}: {UNTRIGGERABLE[rule]}")
            else:
                problems.append(f"no invalid-{rule}-*.graphql document")
    if len(results) < MIN_DOCUMENTS:
        problems.append(f"only {len(results)} documents; the corpus needs {MIN_DOCUMENTS}")
    if problems:
        print(f"\n{len(problems)} problem(s):")
        for problem in problems:
            print("  " + problem)
        print("check: FAILED")
        return 1
    print("check: every file keeps its name's promise")
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("schema", nargs="?", default=str(DEFAULT_SCHEMA),
                        help="Storefront introspection JSON (default: %(default)s)")
    parser.add_argument("corpus", nargs="?", default=str(DEFAULT_CORPUS),
                        help="folder of .graphql documents (default: %(default)s)")
    parser.add_argument("--check", action="store_true",
                        help="check the corpus naming contract instead of printing JSON")
    args = parser.parse_args(argv)
    try:
        results = verdicts(args.schema, args.corpus)
    except SetupError as error:
        sys.stderr.write(f"error: {error}\n")
        return 2
    if args.check:
        return check(Path(args.corpus), results)
    json.dump(results, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
