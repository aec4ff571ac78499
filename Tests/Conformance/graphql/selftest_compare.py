#!/usr/bin/env python3
"""Self-test of compare.py, run before buyflow's linter exists (and after, to keep it honest).

    python3 Tests/Conformance/graphql/selftest_compare.py [--schema SCHEMA] [--corpus DIR]
                                                         [--emit FILE]

Builds a fake `buyflow lint --format json` output from graphql-core's own verdicts and
checks that compare.py agrees with it fully; then breaks the fake in known ways (a flipped
verdict, a different first rule, an accepted rule difference, a missing file, a warning on
a valid file) and checks the totals, the table and the exit status. It also drives the
`--ours CMD` path through a stand-in linter script, so the command line compare.py builds
is checked too. `--emit FILE` writes the faithful fake output: an example of the
buyflow.lint/1 contract. Exit status 0 when every check passes.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Tuple

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
import compare  # noqa: E402
import graphql_core_verdicts as core  # noqa: E402

Verdicts = Dict[str, Dict[str, Any]]


def fake_lint_output(verdicts: Verdicts, corpus: str) -> Dict[str, Any]:
    """What a buyflow that agrees with graphql-core on everything would print."""
    files = []
    errors = 0
    for name, verdict in verdicts.items():
        path = str(Path(corpus) / name)
        diagnostics = []
        for rule, message, location in zip(verdict["rules"], verdict["messages"],
                                           verdict["locations"]):
            line, column = location or (1, 1)
            diagnostics.append({
                "severity": "error",
                "code": "graphql." + rule,
                "message": message,
                "location": {"file": path, "line": line, "column": column},
            })
        errors += len(diagnostics)
        files.append({"path": path, "valid": verdict["valid"], "diagnostics": diagnostics})
    return {"format": compare.LINT_FORMAT, "files": files,
            "summary": {"files": len(files), "errors": errors, "warnings": 0}}


def run_compare(argv: List[str], stdin: str = "") -> Tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = compare.main(argv)
    finally:
        sys.stdin = old_stdin
    return status, out.getvalue(), err.getvalue()


class Checker:
    def __init__(self) -> None:
        self.failures = 0
        self.count = 0

    def expect(self, condition: bool, what: str, detail: str = "") -> None:
        self.count += 1
        if condition:
            print(f"ok    {what}")
        else:
            self.failures += 1
            print(f"FAIL  {what}")
            if detail:
                print("      " + detail.replace("\n", "\n      "))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--schema", default=str(core.DEFAULT_SCHEMA))
    parser.add_argument("--corpus", default=str(core.DEFAULT_CORPUS))
    parser.add_argument("--emit", metavar="FILE", help="write the faithful fake lint output")
    args = parser.parse_args()

    try:
        verdicts = core.verdicts(args.schema, args.corpus)
    except core.SetupError as error:
        sys.stderr.write(f"error: {error}\n")
        return 2
    names = sorted(verdicts)
    valid_names = [n for n in names if verdicts[n]["valid"]]
    invalid_names = [n for n in names if not verdicts[n]["valid"]]
    total, rejected = len(names), len(invalid_names)
    faithful = fake_lint_output(verdicts, args.corpus)
    if args.emit:
        Path(args.emit).write_text(json.dumps(faithful, indent=2) + "\n", encoding="utf-8")

    # compare.main() recomputes graphql-core's verdicts on every call; reuse this run's.
    real_verdicts = core.verdicts

    def cached_verdicts(schema: Any, corpus: Any) -> Verdicts:
        if (str(schema), str(corpus)) == (args.schema, args.corpus):
            return copy.deepcopy(verdicts)
        return real_verdicts(schema, corpus)

    compare.core.verdicts = cached_verdicts  # type: ignore[assignment]

    check = Checker()
    base = ["--schema", args.schema, "--corpus", args.corpus]
    with tempfile.TemporaryDirectory(prefix="buyflow-compare-selftest-") as tmp:
        tmp_path = Path(tmp)
        no_known = str(tmp_path / "no-known-differences.md")

        def with_output(output: Dict[str, Any], *extra: str) -> Tuple[int, str, str]:
            saved = tmp_path / "ours.json"
            saved.write_text(json.dumps(output), encoding="utf-8")
            return run_compare(base + ["--ours-json", str(saved),
                                       "--known-differences", no_known, *extra])

        # 1. A faithful fake agrees on everything.
        status, out, err = with_output(faithful)
        check.expect(status == 0, "faithful fake: exit status 0", out + err)
        check.expect(f"valid/invalid agreement: {total}/{total} (100.0%)" in out,
                     "faithful fake: full valid/invalid agreement", out)
        check.expect(f"rule agreement (first error): {rejected}/{rejected}" in out,
                     "faithful fake: full rule agreement", out)
        check.expect(out.rstrip().endswith(f"conformance: {total} passed, 0 failed"),
                     "faithful fake: ends with the conformance line", out)
        check.expect("agree?" not in out, "faithful fake: no disagreement table", out)

        # 2. Flipped verdicts fail the run and are listed.
        flipped = copy.deepcopy(faithful)
        by_name = {Path(f["path"]).name: f for f in flipped["files"]}
        to_invalid, to_valid = valid_names[0], invalid_names[0]
        by_name[to_invalid]["valid"] = False
        by_name[to_invalid]["diagnostics"] = [{"severity": "error", "code": "graphql.ScalarLeafs",
                                               "message": "made up", "location": None}]
        by_name[to_valid]["valid"] = True
        by_name[to_valid]["diagnostics"] = []
        status, out, _ = with_output(flipped)
        check.expect(status == 1, "flipped verdicts: exit status 1", out)
        check.expect(f"conformance: {total - 2} passed, 2 failed" in out,
                     "flipped verdicts: 2 failed", out)
        table = out.split("valid/invalid agreement")[0]
        check.expect(to_invalid in table and to_valid in table and table.count("  no") == 2,
                     "flipped verdicts: both listed with agree? = no", out)
        check.expect(f"rule agreement (first error): {rejected - 1}/{rejected - 1}" in out,
                     "flipped verdicts: rule agreement only over documents both reject", out)

        # 3. A different first rule is listed but does not fail.
        ruled = copy.deepcopy(faithful)
        by_name = {Path(f["path"]).name: f for f in ruled["files"]}
        changed = invalid_names[-1]
        by_name[changed]["diagnostics"].insert(0, {"severity": "error",
                                                   "code": "graphql.KnownTypeNames",
                                                   "message": "made up", "location": None})
        if verdicts[changed]["rules"][0] == "KnownTypeNames":
            by_name[changed]["diagnostics"][0]["code"] = "graphql.ScalarLeafs"
        status, out, _ = with_output(ruled, "--verbose")
        check.expect(status == 0, "rule difference: exit status 0", out)
        check.expect(f"rule agreement (first error): {rejected - 1}/{rejected}" in out,
                     "rule difference: one rule disagreement counted", out)
        check.expect(changed in out and "rule differs" in out and "made up" in out,
                     "rule difference: listed, with messages under --verbose", out)
        check.expect(f"conformance: {total} passed, 0 failed" in out,
                     "rule difference: conformance unaffected", out)

        # 4. The same difference, accepted in a known-differences file.
        known = tmp_path / "known.md"
        known.write_text("| file | core | ours | reason |\n| --- | --- | --- | --- |\n"
                         f"| `{changed}` | x | y | a reason |\n", encoding="utf-8")
        saved = tmp_path / "ruled.json"
        saved.write_text(json.dumps(ruled), encoding="utf-8")
        status, out, _ = run_compare(base + ["--ours-json", str(saved),
                                             "--known-differences", str(known)])
        check.expect(status == 0 and "known rule diff" in out
                     and "1 are accepted in known-differences.md" in out,
                     "known difference: marked as accepted", out)
        check.expect(compare.read_known_differences(compare.DEFAULT_KNOWN_DIFFERENCES) == set(),
                     "known-differences.md in the repository lists no file yet")

        # 5. A file missing from our output is a failure.
        missing = copy.deepcopy(faithful)
        dropped = missing["files"].pop(0)
        status, out, _ = with_output(missing)
        check.expect(status == 1 and Path(dropped["path"]).name in out
                     and "<missing from output>" in out
                     and f"conformance: {total - 1} passed, 1 failed" in out,
                     "missing file: listed and failed", out)

        # 6. Warnings (deprecation) do not make a file invalid; "valid" may be omitted.
        warned = copy.deepcopy(faithful)
        target = next(f for f in warned["files"]
                      if Path(f["path"]).name == "valid-deprecated-fields.graphql")
        target.pop("valid")
        target["diagnostics"] = [{"severity": "warning", "code": "graphql.deprecated",
                                  "message": "'priceV2' is deprecated", "location": None},
                                 {"severity": "note", "code": "graphql.deprecated",
                                  "message": "use price", "location": None}]
        status, out, _ = with_output(warned)
        check.expect(status == 0 and f"conformance: {total} passed, 0 failed" in out,
                     "warnings only: file stays valid", out)

        # 7. The --ours path: one run of CMD lint --schema S --format json FILE... .
        fake_tool = tmp_path / "fake-buyflow"
        received = tmp_path / "argv.json"
        fake_tool.write_text(
            "#!" + sys.executable + "\n"
            "import json, sys\n"
            f"json.dump(sys.argv[1:], open({str(received)!r}, 'w'))\n"
            f"sys.stdout.write(open({str(tmp_path / 'ours.json')!r}).read())\n"
            "sys.exit(2)\n", encoding="utf-8")
        fake_tool.chmod(fake_tool.stat().st_mode | stat.S_IXUSR)
        (tmp_path / "ours.json").write_text(json.dumps(faithful), encoding="utf-8")
        status, out, err = run_compare(base + ["--known-differences", no_known,
                                               "--ours", str(fake_tool)])
        argv = json.loads(received.read_text(encoding="utf-8")) if received.exists() else []
        check.expect(status == 0 and f"conformance: {total} passed, 0 failed" in out,
                     "--ours CMD: exit status 2 of the linter is fine, full agreement", out + err)
        expected_argv = (["lint", "--schema", args.schema, "--format", "json"]
                         + [str(Path(args.corpus) / n) for n in names])
        check.expect(argv == expected_argv, "--ours CMD: lint --schema S --format json FILE...",
                     f"got {argv[:6]}... ({len(argv)} arguments)")
        status, out, err = run_compare(base + ["--known-differences", no_known,
                                               "--ours", f"{sys.executable} {fake_tool}"])
        check.expect(status == 0, "--ours \"CMD ARGS\": one string is split like a shell",
                     out + err)

        # 8. A command that prints no JSON stops the comparison with status 2.
        broken = tmp_path / "broken-buyflow"
        broken.write_text("#!/bin/sh\necho 'error: unknown command lint' >&2\nexit 64\n",
                          encoding="utf-8")
        broken.chmod(broken.stat().st_mode | stat.S_IXUSR)
        status, out, err = run_compare(base + ["--ours", str(broken)])
        check.expect(status == 2 and "unknown command lint" in err and "64" in err,
                     "broken linter: status 2 with its standard error", out + err)

        # 9. A missing schema is reported clearly.
        status, out, err = run_compare(["--schema", str(tmp_path / "nope.json"),
                                        "--corpus", args.corpus, "--ours-json", "-"], stdin="{}")
        check.expect(status == 2 and "Storefront schema not found" in err,
                     "missing schema: status 2 and a clear message", err)

        # 10. Saved output from standard input.
        status, out, _ = run_compare(base + ["--known-differences", no_known,
                                             "--ours-json", "-"], stdin=json.dumps(faithful))
        check.expect(status == 0, "--ours-json -: reads standard input", out)

    print(f"\nselftest: {check.count - check.failures}/{check.count} checks passed")
    return 0 if check.failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
