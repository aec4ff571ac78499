#!/usr/bin/env python3
"""Check workflows/workflow.schema.json with an independent JSON Schema validator.

    python3 Tests/Conformance/workflow-schema/check.py [--schema PATH] [-v]

The schema is what `buyflow schema workflow` prints, for editors (the YAML language
server). This script validates files with `jsonschema.Draft202012Validator`
(PyPI `jsonschema`, YAML read with PyYAML):

- accepted: every workflow and steps file under `workflows/` (data files excluded; each
  must also name the schema in its first line), and the documents under `valid/` next
  to this script: forms the loader accepts that a schema easily gets wrong, and YAML 1.2
  readings PyYAML's defaults get wrong (BuyflowWorkflowTests loads them too, to keep
  them valid for buyflow itself);
- rejected: the invalid fixtures listed in INVALID_FIXTURES, each with a mistake a
  JSON Schema can see (unknown keys, wrong types, missing keys, bad enum values,
  out-of-range numbers), and the invalid inline documents below. Fixtures whose
  mistakes are in GraphQL, templates, expressions or the flow between steps are not
  listed: a JSON Schema cannot see those (`buyflow validate` does).

YAML is read as YAML 1.2 (core schema), like buyflow: only true/false are booleans
(`yes`, `on` are strings), `2026-04-01` is a string (no timestamps), `010` is ten,
`0o17` and `0x1F` are integers; `<<` merges a mapping, as in buyflow. Valid files must not repeat
a key; invalid files may (the last one wins, as the schema cannot see duplicates).

Prints one line per failure (every line with -v), then `N passed, M failed`; exits 1
when anything failed, 2 when the check could not run.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

try:
    import yaml
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError, best_match
except ImportError as error:  # pragma: no cover - environment problem
    print(f"error: {error}; install with: python3 -m pip install jsonschema PyYAML", file=sys.stderr)
    sys.exit(2)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
FIXTURES = ROOT / "Tests/BuyflowWorkflowTests/Fixtures/invalid"

# Invalid fixtures whose workflow.yaml has mistakes the schema must see: for each, why,
# and where (JSON paths, `/`-separated) the schema must report an error. Mistakes a JSON
# Schema cannot see (both 'domain' and 'url', a var name, a header name) are not listed.
INVALID_FIXTURES = {
    "assertion-mappings": (
        "assertions without an operator, with two operators, with the unknown key 'lenght'",
        ["steps/0/assert/0", "steps/0/assert/1", "steps/0/assert/2"],
    ),
    "bad-settings": (
        "timeout 'fast'; retry condition 'http500'; backoff 'exponentail'; userErrors 'forbidden'; "
        "continueOnError a string; maxAttempts 0",
        ["defaults/timeout", "defaults/retry/on/1", "defaults/retry/backoff", "steps/0/userErrors",
         "steps/0/continueOnError", "steps/0/poll/maxAttempts"],
    ),
    "data-inline-rows": ("a row of 'data' that is a string", ["data"]),
    "duplicate-keys": ("the unknown key 'timout' in a step", ["steps/0"]),
    "env-and-var-names": ("the step id 'has space'", ["steps/1/id"]),
    "expected-errors": ("the unknown key 'severity' in an expected error", ["steps/0/errors"]),
    "header-values": ("a header value that is a list", ["steps/0/headers/X-List"]),
    "load-profile": ("vus 0; arrivalRate 'fast'", ["load/vus", "load/arrivalRate"]),
    "missing-steps": ("'version' a string; 'steps' missing", ["version", ""]),
    "not-a-mapping": ("the file is a list", [""]),
    "retry-settings": (
        "attempts 101; retry condition 'networkk'; the unknown key 'mutation'",
        ["steps/0/retry/attempts", "steps/0/retry/on", "steps/0/retry"],
    ),
    "several-problems": (
        "the unknown key 'nme' and no 'name'; timeout '10 seconds'; errors 'forbidd'; a step without a name; attempts 0",
        ["", "steps/0/timeout", "steps/0/errors", "steps/1", "steps/1/retry/attempts"],
    ),
    "shop-settings": ("apiVersionMismatch 'error'", ["shop/apiVersionMismatch"]),
    "step-bodies": ("a step without a body; a step with two bodies", ["steps/0", "steps/1"]),
    "steps-not-list": ("'steps' a mapping; 'finally' a string", ["steps", "finally"]),
    "unknown-step-key": ("the unknown key 'captur' in a step", ["steps/0"]),
    "version-and-steps": ("version 2; 'steps' empty", ["version", "steps"]),
}

STEP = "  - name: Shop\n    query: '{ shop { name } }'\n"
HEAD = "version: 1\nname: Inline\n"
STEPS = HEAD + "steps:\n" + STEP

# Small documents the schema must reject, each with one mistake: (text, where).
INVALID_INLINE = {
    "an unknown top-level key": (HEAD + "step:\n" + STEP, ""),
    "version 1.5": ("version: 1.5\nname: Inline\nsteps:\n" + STEP, "version"),
    "version true": ("version: true\nname: Inline\nsteps:\n" + STEP, "version"),
    "name a list": ("version: 1\nname: [a, b]\nsteps:\n" + STEP, "name"),
    "no steps": (HEAD, ""),
    "vars a list": (HEAD + "vars: [1, 2]\nsteps:\n" + STEP, "vars"),
    "documents a string": (HEAD + "documents: cart.graphql\nsteps:\n" + STEP, "documents"),
    "retry attempts a word": (STEPS + "    retry: {attempts: three}\n", "steps/0/retry/attempts"),
    "retry attempts 0": (STEPS + "    retry: {attempts: 0}\n", "steps/0/retry/attempts"),
    "retry mutations a string": (STEPS + "    retry: {mutations: 'true'}\n", "steps/0/retry/mutations"),
    "continueOnError yes (a string in YAML 1.2)": (STEPS + "    continueOnError: yes\n", "steps/0/continueOnError"),
    "timeout without a unit": (STEPS + "    timeout: 10\n", "steps/0/timeout"),
    "timeout negative": (STEPS + "    timeout: -1s\n", "steps/0/timeout"),
    "sleep in weeks": ("version: 1\nname: Inline\nsteps:\n  - name: Wait\n    sleep: 1w\n", "steps/0/sleep"),
    "a step id with a dot": (STEPS + "    id: a.b\n", "steps/0/id"),
    "poll without until": (STEPS + "    poll: {interval: 1s}\n", "steps/0/poll"),
    "poll maxAttempts 0": (STEPS + "    poll: {until: 'true', maxAttempts: 0}\n", "steps/0/poll/maxAttempts"),
    "a capture object without value": (STEPS + "    capture:\n      x: {secret: true}\n", "steps/0/capture/x"),
    "a capture object with an unknown key": (
        STEPS + "    capture:\n      x: {value: data.shop, secrett: true}\n", "steps/0/capture/x"),
    "an assertion that is a list": (STEPS + "    assert:\n      - [status, 200]\n", "steps/0/assert/0"),
    "assert a string": (STEPS + "    assert: status == 200\n", "steps/0/assert"),
    "an expected userError with an unknown key": (STEPS + "    userErrors: [{code: X, kind: y}]\n", "steps/0/userErrors"),
    "errors 'ignore'": (STEPS + "    errors: ignore\n", "steps/0/errors"),
    "shop with an unknown key": (HEAD + "shop: {domian: shoes.myshopify.com}\nsteps:\n" + STEP, "shop"),
    "shop apiVersion 'April 2026'": (HEAD + "shop: {apiVersion: April 2026}\nsteps:\n" + STEP, "shop/apiVersion"),
    "load vus 1.5": (STEPS + "load: {vus: 1.5, duration: 10s}\n", "load/vus"),
    "load maxVus 10001": (STEPS + "load: {arrivalRate: 5/s, maxVus: 10001, duration: 10s}\n", "load/maxVus"),
    "load thresholds a string": (STEPS + "load: {duration: 10s, thresholds: 'p95(all) < 1s'}\n", "load/thresholds"),
    "defaults with an unknown key": (HEAD + "defaults: {timeot: 1s}\nsteps:\n" + STEP, "defaults"),
    "data a number": (HEAD + "data: 3\nsteps:\n" + STEP, "data"),
    "tags a mapping": (STEPS + "    tags: {a: 1}\n", "steps/0/tags"),
    "a steps file with a workflow key": (
        HEAD + "params: {a: {required: true}}\nshop: {domain: x.myshopify.com}\nsteps:\n" + STEP, ""),
    "a parameter with an unknown key": (HEAD + "params: {a: {requird: true}}\nsteps:\n" + STEP, "params/a"),
    "an output that is a list": (HEAD + "params: {}\noutputs: {x: [1]}\nsteps:\n" + STEP, "outputs/x"),
}


class YAML12Loader(yaml.SafeLoader):
    """PyYAML's safe loader with YAML 1.2 core-schema scalars (as buyflow reads them)."""


# Drop YAML 1.1's implicit types (bool yes/no/on/off, sexagesimal and 0b ints, timestamps,
# '=') and resolve the YAML 1.2 core schema's null, bool, int and float. Merge keys (`<<`)
# stay: buyflow's reader merges them too.
_KEPT = {"tag:yaml.org,2002:null", "tag:yaml.org,2002:merge"}
YAML12Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag in _KEPT]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
for _tag, _pattern, _first in [
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    (
        "tag:yaml.org,2002:float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        "-+.0123456789",
    ),
]:
    YAML12Loader.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))


def _construct_int(loader: yaml.SafeLoader, node: yaml.Node) -> int:
    text = loader.construct_scalar(node)
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text, 10)  # '010' is ten, not YAML 1.1's octal eight


def _construct_float(loader: yaml.SafeLoader, node: yaml.Node) -> float:
    text = loader.construct_scalar(node).lower()
    if text.endswith(".inf"):
        return float("-inf") if text.startswith("-") else float("inf")
    if text == ".nan":
        return float("nan")
    return float(text)


def _construct_bool(loader: yaml.SafeLoader, node: yaml.Node) -> bool:
    return loader.construct_scalar(node).lower() == "true"


YAML12Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
YAML12Loader.add_constructor("tag:yaml.org,2002:float", _construct_float)
YAML12Loader.add_constructor("tag:yaml.org,2002:bool", _construct_bool)


class StrictYAML12Loader(YAML12Loader):
    """YAML12Loader that refuses a key written twice in one mapping (as buyflow does);
    checked as the mapping is composed, before `<<` merges add keys on purpose."""

    def compose_mapping_node(self, anchor: str | None) -> yaml.MappingNode:
        node = super().compose_mapping_node(anchor)
        seen: set[tuple[str, str]] = set()
        for key_node, _ in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                continue
            identity = (key_node.tag, key_node.value)
            if identity in seen:
                raise yaml.composer.ComposerError(
                    "while composing a mapping", node.start_mark, f"duplicate key {key_node.value!r}", key_node.start_mark
                )
            seen.add(identity)
        return node


def load(text: str, strict: bool) -> object:
    return yaml.load(text, Loader=StrictYAML12Loader if strict else YAML12Loader)  # noqa: S506 (safe loader)


def problems(validator: Draft202012Validator, document: object) -> list[tuple[str, str]]:
    """Every error as (JSON path, message); an `anyOf`/`oneOf` error is given by the errors
    of its alternatives, so the message names the key or value at fault."""
    found: list[tuple[str, str]] = []

    def walk(error: ValidationError) -> None:
        if error.context:
            for inner in error.context:
                walk(inner)
            return
        found.append(("/".join(str(part) for part in error.absolute_path), error.message[:160]))

    for error in validator.iter_errors(document):
        walk(error)
    return found


def branch(schema: dict, document: object) -> Draft202012Validator:
    """A validator for the root's branch the document means: a steps file when it has
    'params' or 'outputs', else a workflow (the root is `anyOf` the two, whose messages
    say little about where a mistake is)."""
    kind = "stepsFile" if isinstance(document, dict) and ("params" in document or "outputs" in document) else "workflow"
    narrowed = {key: value for key, value in schema.items() if key != "anyOf"}
    narrowed["$ref"] = f"#/$defs/{kind}"
    return Draft202012Validator(narrowed)


def at(path: str, where: str) -> bool:
    """Whether an error at `path` is at or under `where` ("" is the root)."""
    return where == "" or path == where or path.startswith(where + "/")


def repository_files() -> list[Path]:
    """Every workflow and steps file under workflows/ (files in a data/ folder are rows)."""
    folder = ROOT / "workflows"
    files = sorted(list(folder.rglob("*.yaml")) + list(folder.rglob("*.yml")))
    return [path for path in files if "data" not in path.relative_to(folder).parts[:-1]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--schema", type=Path, default=ROOT / "workflows/workflow.schema.json")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every case with its errors, not only failures")
    arguments = parser.parse_args()

    try:
        schema = json.loads(arguments.schema.read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(schema)
    except Exception as error:  # noqa: BLE001 - any problem means the check cannot run
        print(f"error: cannot use the schema {arguments.schema}: {error}", file=sys.stderr)
        return 2
    validator = Draft202012Validator(schema)

    passed = failed = 0

    def record(ok: bool, label: str, detail: list[str]) -> None:
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
        if not ok or arguments.verbose:
            print(f"{'ok  ' if ok else 'FAIL'} {label}")
            for line in detail[: 8 if not ok else 4]:
                print(f"       {line}")

    def expect_valid(label: str, text: str) -> None:
        try:
            document = load(text, strict=True)
        except yaml.YAMLError as error:
            record(False, f"accepted: {label}", [f"YAML: {error}".replace("\n", " ")])
            return
        valid = validator.is_valid(document)
        found = [] if valid else problems(branch(schema, document), document)
        record(valid, f"accepted: {label}", [f"{path or '(root)'}: {message}" for path, message in found])

    def expect_invalid(label: str, text: str, places: list[str]) -> None:
        try:
            document = load(text, strict=False)
        except yaml.YAMLError as error:
            record(False, f"rejected: {label}", [f"YAML (the schema never saw it): {error}".replace("\n", " ")])
            return
        found = problems(branch(schema, document), document)
        detail = [f"{path or '(root)'}: {message}" for path, message in found]
        if validator.is_valid(document):
            record(False, f"rejected: {label}", ["the schema accepts it"])
            return
        missed = [where for where in places if not any(at(path, where) for path, _ in found)]
        record(not missed, f"rejected: {label}",
               [f"no error at {where or '(root)'}" for where in missed] + (detail if missed or arguments.verbose else []))

    workflows = repository_files()
    if not workflows:
        print("error: no workflows found under workflows/", file=sys.stderr)
        return 2
    for path in workflows:
        text = path.read_text(encoding="utf-8")
        label = str(path.relative_to(ROOT))
        expect_valid(label, text)
        # The first line names the schema, relative to the file.
        depth = len(path.relative_to(ROOT / "workflows").parts) - 1
        wanted = "# yaml-language-server: $schema=" + "../" * depth + "workflow.schema.json"
        first = text.split("\n", 1)[0]
        record(first == wanted, f"first line names the schema: {label}", [f"found {first!r}, want {wanted!r}"])
    valid_documents = sorted((HERE / "valid").rglob("*.yaml"))
    if not valid_documents:
        print(f"error: no documents under {HERE / 'valid'}", file=sys.stderr)
        return 2
    for path in valid_documents:
        expect_valid(str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"))

    for name, (reason, places) in INVALID_FIXTURES.items():
        path = FIXTURES / name / "workflow.yaml"
        if not path.exists():
            record(False, f"rejected: fixture {name}", [f"{path} is missing"])
            continue
        expect_invalid(f"fixture {name} ({reason})", path.read_text(encoding="utf-8"), places)
    for label, (text, where) in INVALID_INLINE.items():
        expect_invalid(f"inline: {label}", text, [where])

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
