#!/usr/bin/env python3
"""Compare buyflow's GraphQL validation with graphql-core's, document by document.

    python3 Tests/Conformance/graphql/compare.py \\
        --schema ../shared/storefront/storefront.schema.json \\
        --corpus Tests/Conformance/graphql/corpus \\
        --ours .build/debug/buyflow

graphql-core's verdicts come from graphql_core_verdicts.py (next to this file). Ours come
from ONE run of `CMD lint --schema SCHEMA --format json FILE...` over the whole corpus
(`--ours CMD...`; a single argument holding spaces is split like a shell would, so
`--ours "swift run -c release buyflow"` works), or from a saved output of that command
(`--ours-json FILE`, `-` for standard input).

Our output format ("buyflow.lint/1"):

    {"format": "buyflow.lint/1",
     "files": [{"path": "<as given>", "valid": bool,
                "diagnostics": [{"severity": "error"|"warning"|"note",
                                 "code": "graphql.FieldsOnCorrectType" | "graphql.syntax" | ...,
                                 "message": "...", "location": {"file", "line", "column"}, ...}]}],
     "summary": {"files": N, "errors": N, "warnings": N}}

A file is valid when its "valid" is true (warnings, e.g. deprecation, do not make a file
invalid); its rules are the codes of its error diagnostics, in order, without "graphql.".

Prints a table of the disagreements only, then

    valid/invalid agreement: N/M (P%)
    rule agreement (first error): N/M        (over documents both sides reject)
    conformance: N passed, M failed          (documents agreeing / disagreeing on valid/invalid)

Exit status: 0 when every document agrees on valid/invalid (a different first rule is
listed but does not fail; known-differences.md records the accepted ones with a reason),
1 when at least one does not, 2 when the comparison could not be run.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Set

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent))
import graphql_core_verdicts as core  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_KNOWN_DIFFERENCES = HERE / "known-differences.md"
LINT_FORMAT = "buyflow.lint/1"
CODE_PREFIX = "graphql."


class CompareError(Exception):
    """The comparison cannot be run (bad input, our command failed to produce JSON)."""


@dataclass
class Side:
    """One side's verdict on one document."""

    valid: bool
    rules: List[str]
    messages: List[str] = field(default_factory=list)

    def describe(self) -> str:
        if self.valid:
            return "valid"
        return f"invalid ({self.rules[0]})" if self.rules else "invalid (no error given)"


MISSING = Side(valid=False, rules=["<missing from output>"])


@dataclass
class Row:
    name: str
    core: Side
    ours: Optional[Side]
    verdict_agrees: bool
    rule_agrees: Optional[bool]  # None when not both sides reject the document
    known: bool = False

    @property
    def status(self) -> str:
        if not self.verdict_agrees:
            return "no"
        if self.rule_agrees is False:
            return "known rule diff" if self.known else "rule differs"
        return "yes"


@dataclass
class Report:
    rows: List[Row]

    @property
    def total(self) -> int:
        return len(self.rows)

    @property
    def verdict_agreements(self) -> int:
        return sum(row.verdict_agrees for row in self.rows)

    @property
    def rule_compared(self) -> int:
        return sum(row.rule_agrees is not None for row in self.rows)

    @property
    def rule_agreements(self) -> int:
        return sum(row.rule_agrees is True for row in self.rows)

    @property
    def known_rule_differences(self) -> int:
        return sum(row.rule_agrees is False and row.known for row in self.rows)

    @property
    def passed(self) -> bool:
        return self.verdict_agreements == self.total


# --- reading both sides -----------------------------------------------------------------

def core_side(verdict: Dict[str, Any]) -> Side:
    return Side(valid=bool(verdict["valid"]), rules=list(verdict["rules"]),
                messages=list(verdict.get("messages", [])))


def strip_code(code: str) -> str:
    return code[len(CODE_PREFIX):] if code.startswith(CODE_PREFIX) else code


def our_side(entry: Dict[str, Any]) -> Side:
    diagnostics = entry.get("diagnostics") or []
    errors = [d for d in diagnostics if d.get("severity") == "error"]
    valid = entry.get("valid")
    if not isinstance(valid, bool):
        valid = not errors
    return Side(valid=valid,
                rules=[strip_code(str(d.get("code", "?"))) for d in errors],
                messages=[str(d.get("message", "")) for d in errors])


def parse_lint_output(text: str, origin: str) -> Dict[str, Any]:
    try:
        output = json.loads(text)
    except json.JSONDecodeError as error:
        snippet = text.strip()[:400] or "<empty>"
        raise CompareError(f"{origin} is not JSON ({error}); it starts with:\n{snippet}")
    if not isinstance(output, dict) or not isinstance(output.get("files"), list):
        raise CompareError(f"{origin} has no \"files\" list; is it `lint --format json` output?")
    if output.get("format") != LINT_FORMAT:
        sys.stderr.write(f"warning: {origin} has format {output.get('format')!r}, "
                         f"expected {LINT_FORMAT!r}\n")
    return output


def index_by_name(output: Dict[str, Any], names: Sequence[str],
                  given: Dict[str, str]) -> Dict[str, Side]:
    """Map each corpus file name to our verdict, by the path we passed or by base name."""
    by_path: Dict[str, Dict[str, Any]] = {}
    by_base: Dict[str, Dict[str, Any]] = {}
    for entry in output["files"]:
        path = str(entry.get("path", ""))
        by_path[path] = entry
        by_base.setdefault(Path(path).name, entry)
    sides: Dict[str, Side] = {}
    for name in names:
        entry = by_path.get(given.get(name, name)) or by_base.get(name)
        if entry is not None:
            sides[name] = our_side(entry)
    return sides


def run_ours(command: List[str], schema: str, paths: List[str]) -> Dict[str, Any]:
    argv = command + ["lint", "--schema", schema, "--format", "json"] + paths
    shown = " ".join(shlex.quote(a) for a in command + ["lint", "--schema", schema,
                                                        "--format", "json"])
    try:
        completed = subprocess.run(argv, capture_output=True, text=True)
    except OSError as error:
        raise CompareError(f"cannot run {shown}: {error}")
    # 0: every file valid; 2: some file invalid. Anything else is a failure to lint,
    # unless the command still printed a well-formed report.
    try:
        output = parse_lint_output(completed.stdout, f"the output of `{shown} FILE...`")
    except CompareError as error:
        stderr = completed.stderr.strip()
        raise CompareError(f"{error}\n(exit status {completed.returncode})"
                           + (f"\nstandard error:\n{stderr[:2000]}" if stderr else ""))
    if completed.returncode not in (0, 2):
        sys.stderr.write(f"warning: `{shown} FILE...` exited with status "
                         f"{completed.returncode}\n")
    return output


KNOWN_ROW = re.compile(r"^\s*\|.*?`([^`]+\.graphql)`")


def read_known_differences(path: Path) -> Set[str]:
    """File names listed in a table row of known-differences.md (first column)."""
    if not path.is_file():
        return set()
    names = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        match = KNOWN_ROW.match(line)
        if match:
            names.add(Path(match.group(1)).name)
    return names


# --- comparing --------------------------------------------------------------------------

def compare(core_verdicts: Dict[str, Dict[str, Any]], ours: Dict[str, Side],
            known: Set[str]) -> Report:
    rows = []
    for name in sorted(core_verdicts):
        mine = core_side(core_verdicts[name])
        theirs = ours.get(name)
        if theirs is None:
            rows.append(Row(name, mine, None, verdict_agrees=False, rule_agrees=None))
            continue
        verdict_agrees = mine.valid == theirs.valid
        rule_agrees: Optional[bool] = None
        if not mine.valid and not theirs.valid:
            rule_agrees = bool(mine.rules and theirs.rules and mine.rules[0] == theirs.rules[0])
        rows.append(Row(name, mine, theirs, verdict_agrees, rule_agrees,
                        known=name in known))
    return Report(rows)


def render(report: Report, verbose: bool = False) -> str:
    lines: List[str] = []
    shown = [row for row in report.rows if row.status != "yes"]
    if shown:
        headers = ("file", "graphql-core", "ours", "agree?")
        cells = [(row.name, row.core.describe(),
                  (row.ours or MISSING).describe(), row.status) for row in shown]
        widths = [max(len(h), *(len(c[i]) for c in cells)) for i, h in enumerate(headers)]
        def fmt(values: Sequence[str]) -> str:
            return "  ".join(v.ljust(w) for v, w in zip(values, widths)).rstrip()
        lines.append(fmt(headers))
        lines.append(fmt(["-" * w for w in widths]))
        for row, cell in zip(shown, cells):
            lines.append(fmt(cell))
            if verbose:
                if row.core.messages:
                    lines.append(f"    graphql-core: {row.core.messages[0]}")
                if row.ours and row.ours.messages:
                    lines.append(f"    ours:         {row.ours.messages[0]}")
        lines.append("")
    total = report.total
    agreed = report.verdict_agreements
    percent = 100.0 * agreed / total if total else 0.0
    lines.append(f"valid/invalid agreement: {agreed}/{total} ({percent:.1f}%)")
    lines.append(f"rule agreement (first error): {report.rule_agreements}/{report.rule_compared}")
    if report.known_rule_differences:
        lines.append(f"  of the rule differences, {report.known_rule_differences} "
                     "are accepted in known-differences.md")
    lines.append(f"conformance: {agreed} passed, {total - agreed} failed")
    return "\n".join(lines)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        description="Compare buyflow's GraphQL validation with graphql-core's.",
        epilog="Exit status: 0 all documents agree on valid/invalid, 1 some do not, "
               "2 the comparison could not be run.")
    parser.add_argument("--schema", default=str(core.DEFAULT_SCHEMA),
                        help="Storefront introspection JSON (default: %(default)s)")
    parser.add_argument("--corpus", default=str(core.DEFAULT_CORPUS),
                        help="folder of .graphql documents (default: %(default)s)")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--ours", nargs="+", metavar="CMD",
                        help="buyflow command to run once: CMD lint --schema SCHEMA "
                             "--format json FILE...")
    source.add_argument("--ours-json", metavar="FILE",
                        help="a saved `buyflow lint --format json` output instead ('-': stdin)")
    parser.add_argument("--known-differences", default=str(DEFAULT_KNOWN_DIFFERENCES),
                        metavar="FILE", help="accepted rule differences (default: %(default)s)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="show both sides' first message under each disagreement")
    args = parser.parse_args(argv)

    try:
        core_verdicts = core.verdicts(args.schema, args.corpus)
        names = list(core_verdicts)
        given = {name: str(Path(args.corpus) / name) for name in names}
        if args.ours_json is not None:
            if args.ours_json == "-":
                text, origin = sys.stdin.read(), "standard input"
            else:
                try:
                    text = Path(args.ours_json).read_text(encoding="utf-8")
                except OSError as error:
                    raise CompareError(f"cannot read {args.ours_json}: {error}")
                origin = args.ours_json
            output = parse_lint_output(text, origin)
        else:
            command = args.ours
            if len(command) == 1 and any(c.isspace() for c in command[0]):
                command = shlex.split(command[0])
            output = run_ours(command, args.schema, [given[name] for name in names])
    except (core.SetupError, CompareError) as error:
        sys.stderr.write(f"error: {error}\n")
        return 2

    ours = index_by_name(output, names, given)
    report = compare(core_verdicts, ours, read_known_differences(Path(args.known_differences)))
    print(render(report, verbose=args.verbose))
    return 0 if report.passed else 1


if __name__ == "__main__":
    sys.exit(main())
