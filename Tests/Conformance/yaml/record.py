#!/usr/bin/env python3
"""Records what libyaml, through PyYAML's CLoader, makes of every yaml-test-suite case.

For each case, and for the same text with a UTF-8 byte-order mark and with CRLF line ends,
it writes libyaml's verdict (the stream composes, or the error's line and column) and,
where it composes, the documents' values as canonical JSON, with scalars resolved by the
YAML 1.2 core schema (as the YAML module does; PyYAML's own resolver is YAML 1.1's).

    record.py [--check]   write (or compare with) Tests/YAMLTests/Fixtures/yaml-test-suite/expected.json

YAMLTests' `YAMLTestSuiteTests` reads the file and holds the YAML module to it.
"""
import base64
import json
import math
import pathlib
import re
import sys

import yaml

ROOT = pathlib.Path(__file__).resolve().parents[3]
SUITE = ROOT / "Tests/YAMLTests/Fixtures/yaml-test-suite"


class CoreResolver(yaml.resolver.BaseResolver):
    """The YAML 1.2 core schema's implicit tags for plain scalars."""


for tag, pattern, first in [
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", list("~nN") + [""]),
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", list("-+0123456789")),
    ("tag:yaml.org,2002:float",
     r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
     list("-+0123456789.")),
]:
    CoreResolver.add_implicit_resolver(tag, re.compile(pattern), first)


class CoreConstructor(yaml.constructor.SafeConstructor):
    """Core-schema values; tags the YAML module leaves as text (binary, timestamp, local
    tags) are kept as their text, collections as collections."""

    def construct_core_int(self, node):
        text = self.construct_scalar(node)
        if text.startswith("0o"):
            return int(text[2:], 8)
        if text.startswith("0x"):
            return int(text[2:], 16)
        return int(text, 10)

    def construct_core_float(self, node):
        text = self.construct_scalar(node).lower()
        if text.endswith(".nan"):
            return math.nan
        if text.endswith(".inf"):
            return -math.inf if text.startswith("-") else math.inf
        return float(text)

    def construct_core_bool(self, node):
        return self.construct_scalar(node).lower() == "true"

    def construct_as_written(self, node):
        if isinstance(node, yaml.ScalarNode):
            return self.construct_scalar(node)
        if isinstance(node, yaml.SequenceNode):
            return self.construct_sequence(node, deep=True)
        return Pairs(self.construct_pairs(node, deep=True))

    def construct_mapping_pairs(self, node):
        self.flatten_mapping(node)
        return Pairs(self.construct_pairs(node, deep=True))


class Pairs(list):
    """A mapping as its pairs in order (keys may be collections)."""


CoreConstructor.add_constructor("tag:yaml.org,2002:int", CoreConstructor.construct_core_int)
CoreConstructor.add_constructor("tag:yaml.org,2002:float", CoreConstructor.construct_core_float)
CoreConstructor.add_constructor("tag:yaml.org,2002:bool", CoreConstructor.construct_core_bool)
CoreConstructor.add_constructor("tag:yaml.org,2002:map", CoreConstructor.construct_mapping_pairs)
CoreConstructor.add_constructor("tag:yaml.org,2002:set", CoreConstructor.construct_mapping_pairs)
for tag in ["binary", "timestamp", "omap", "pairs"]:
    CoreConstructor.add_constructor("tag:yaml.org,2002:" + tag, CoreConstructor.construct_as_written)
CoreConstructor.add_constructor(None, CoreConstructor.construct_as_written)


class CoreLoader(yaml.cyaml.CParser, CoreConstructor, CoreResolver):
    def __init__(self, stream):
        yaml.cyaml.CParser.__init__(self, stream)
        CoreConstructor.__init__(self)
        CoreResolver.__init__(self)


def canonical(value):
    if value is None or isinstance(value, bool) or isinstance(value, str):
        return value
    if isinstance(value, int):
        return {"int": str(value)}
    if isinstance(value, float):
        if math.isnan(value):
            return {"float": "nan"}
        if math.isinf(value):
            return {"float": "inf" if value > 0 else "-inf"}
        return {"float": repr(value)}
    if isinstance(value, bytes):
        return {"binary": base64.b64encode(value).decode()}
    if isinstance(value, Pairs):
        return {"map": [[canonical(k), canonical(v)] for k, v in value]}
    if isinstance(value, dict):
        return {"map": [[canonical(k), canonical(v)] for k, v in value.items()]}
    if isinstance(value, (list, tuple, set)):
        return [canonical(item) for item in value]
    return {"other": repr(value)}


def record(data):
    entry = {}
    try:
        list(yaml.compose_all(data, Loader=yaml.CLoader))
        entry["accepts"] = True
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        entry["accepts"] = False
        entry["error"] = error.problem
        if mark is not None:
            entry["line"], entry["column"] = mark.line + 1, mark.column + 1
            # At the end of the text (the YAML module points just past its last character).
            entry["atEnd"] = mark.index >= len(data.decode("utf-8-sig", errors="replace"))
        return entry
    except yaml.YAMLError as error:
        entry["accepts"] = False
        entry["error"] = str(error).splitlines()[0]
        return entry
    try:
        entry["documents"] = [canonical(document) for document in yaml.load_all(data, Loader=CoreLoader)]
    except (yaml.YAMLError, ValueError, RecursionError) as error:
        entry["unconstructed"] = str(error).splitlines()[0]
    return entry


def main():
    cases = {}
    for path in sorted((SUITE / "cases").glob("*.yaml")):
        data = path.read_bytes()
        cases[path.stem] = {
            "text": record(data),
            "bom": record(b"\xef\xbb\xbf" + data),
            "crlf": record(data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")),
        }
    if not yaml.__with_libyaml__:
        print("PyYAML is not built on libyaml (no CLoader); install python3-yaml")
        return 1
    result = {"recorded with": f"PyYAML {yaml.__version__} CLoader", "cases": cases}
    text = json.dumps(result, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    target = SUITE / "expected.json"
    if "--check" in sys.argv:
        recorded = json.loads(target.read_text(encoding="utf-8"))["cases"]
        differing = sorted(name for name in cases if json.loads(json.dumps(cases[name])) != recorded.get(name))
        if differing or set(recorded) != set(cases):
            print(f"expected.json differs from PyYAML {yaml.__version__} on: {', '.join(differing) or 'the case list'}")
            return 1
        print(f"expected.json agrees with PyYAML {yaml.__version__} (CLoader) on all {len(cases)} cases × 3 forms")
        return 0
    target.write_text(text, encoding="utf-8")
    print(f"recorded {len(cases)} cases × 3 forms into {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
