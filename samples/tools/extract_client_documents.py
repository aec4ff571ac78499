#!/usr/bin/env python3
"""Extract the GraphQL documents that Shopify's Hydrogen sends, for the conformance suite.

    python3 samples/tools/extract_client_documents.py \
        --repo <a clone of Shopify/hydrogen> \
        --output Tests/Conformance/storefront-clients

The documents are read at a pinned commit (COMMIT below, or --commit) with
`git show <commit>:<path>`, so the working tree of the clone does not matter. Only the
sources listed in SOURCES are read:

* `packages/hydrogen/src/cart/queries/*.ts(x)` — the cart handler's default queries
  and mutations (`createCartHandler`), with their default fragments;
* `packages/hydrogen-react/src/cart-queries.ts` — hydrogen-react's `CartProvider`
  operations, with its `defaultCartFragment`;
* `templates/skeleton/app/lib/fragments.ts` and `templates/skeleton/app/routes/*.tsx`
  — the skeleton template's route queries and fragments (the `account*` routes talk
  to the Customer Account API, not the Storefront API, and have no `#graphql`
  documents of the Storefront API).

Each document is a JavaScript template literal (`` `#graphql …` `` or
`` /* GraphQL */ `…` ``). Its `${…}` interpolations are resolved the way the
JavaScript would at run time, with the defaults a caller gets when it passes nothing:

* a constant of the same file, or exported by another listed file (fragments);
* a parameter with a default value (`cartFragment = DEFAULT_CART_FRAGMENT`) → the default;
* a parameter with no default → BINDINGS (hydrogen-react's `cartFragment` is bound to
  its `defaultCartFragment`, the fragment `CartProvider` passes);
* `getInContextVariables(…)` / `getInContextDirective(…)` → what they return without
  `visitorConsent` (the default: `shouldIncludeVisitorConsent` is false unless a caller
  passes one), copied from `cart-query-helpers.ts` / `cart-queries.ts`.

Anything else stops the script with a message: nothing is guessed. A fragment that a
document interpolates twice (the same definition reached through two constants) is
kept once, as GraphQL requires; two different definitions with one name are an error.

Every document with an operation is written as `<group>/<OperationName>.graphql` with a
header naming the repository, commit, path and constant; `SOURCES.md` lists them all.
Pure fragment constants are not written on their own (they are in the documents that use them).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

REPOSITORY = "Shopify/hydrogen"
COMMIT = "9c715c1743cc3ce87dc927d7d4ad0c02f9482e74"  # HEAD when read, 2026; Storefront API 2026-04

CART_QUERIES = "packages/hydrogen/src/cart/queries"
REACT_QUERIES = "packages/hydrogen-react/src/cart-queries.ts"
SKELETON = "templates/skeleton/app"

# group name -> how to list its files at the commit
GROUPS = {
    "hydrogen-cart": lambda files: [f for f in files if f.startswith(CART_QUERIES + "/")
                                     and re.search(r"\.tsx?$", f)
                                     and not re.search(r"\.(test|example)\.", f)],
    "hydrogen-react-cart": lambda files: [REACT_QUERIES],
    "skeleton": lambda files: [f for f in files
                               if (f == f"{SKELETON}/lib/fragments.ts"
                                   or (f.startswith(f"{SKELETON}/routes/") and f.endswith(".tsx")))],
}

# Parameters without a default value, bound to what the package's own caller passes.
BINDINGS = {
    (REACT_QUERIES, "cartFragment"): "defaultCartFragment",
}

# The skeleton's `createCartHandler` passes its own `queryFragment` to the cart query:
# the document a skeleton storefront really sends for `cart.get()` (bundles and all).
VARIANTS = [
    ("skeleton", f"{CART_QUERIES}/cartGetDefault.ts", "CART_QUERY",
     {"cartFragment": (f"{SKELETON}/lib/fragments.ts", "CART_QUERY_FRAGMENT")}),
]

IN_CONTEXT_VARIABLES = "$country: CountryCode = ZZ\n    $language: LanguageCode"
IN_CONTEXT_DIRECTIVE = {
    CART_QUERIES: "@inContext(country: $country, language: $language)",
    REACT_QUERIES: "@inContext(\n    country: $country\n    language: $language\n  )",
}

DECLARATION = re.compile(
    r"(?:export\s+)?const\s+(?P<name>\w+)\s*(?::\s*[\w<>\[\]]+\s*)?=\s*"
    r"(?:\((?P<params>[^()]*(?:\([^()]*\)[^()]*)*)\)\s*(?::\s*\w+\s*)?=>\s*)?"
    r"(?P<marker>/\*\s*GraphQL\s*\*/\s*)?`"
)


def git_show(repo: Path, commit: str, path: str) -> str:
    return subprocess.run(["git", "-C", str(repo), "show", f"{commit}:{path}"],
                          check=True, capture_output=True, text=True).stdout


def list_files(repo: Path, commit: str) -> list[str]:
    out = subprocess.run(["git", "-C", str(repo), "ls-tree", "-r", "--name-only", commit],
                         check=True, capture_output=True, text=True).stdout
    return out.splitlines()


def read_template(text: str, start: int) -> tuple[list[tuple[str, str]], int]:
    """Reads a template literal whose opening backtick is at text[start - 1].

    Returns its parts — ("text", s) and ("expr", s) — and the index after the
    closing backtick."""
    parts: list[tuple[str, str]] = []
    i, chunk = start, []
    while i < len(text):
        c = text[i]
        if c == "\\":
            chunk.append(text[i + 1])
            i += 2
            continue
        if c == "`":
            parts.append(("text", "".join(chunk)))
            return parts, i + 1
        if c == "$" and text.startswith("${", i):
            parts.append(("text", "".join(chunk)))
            chunk = []
            depth, j = 1, i + 2
            while depth:
                if text[j] == "{":
                    depth += 1
                elif text[j] == "}":
                    depth -= 1
                elif text[j] == "`":  # a nested template in an expression
                    _, j = read_template(text, j + 1)
                    continue
                j += 1
            parts.append(("expr", text[i + 2:j - 1].strip()))
            i = j
            continue
        chunk.append(c)
        i += 1
    raise SystemExit("unterminated template literal")


def parse_params(params: str | None) -> dict[str, str | None]:
    result: dict[str, str | None] = {}
    if not params:
        return result
    for raw in split_top_level(params):
        raw = raw.strip()
        if not raw:
            continue
        name = re.match(r"(\w+)", raw).group(1)
        default = None
        if "=" in raw:
            default = raw.split("=", 1)[1].strip()
        result[name] = default
    return result


def split_top_level(text: str) -> list[str]:
    parts, depth, current = [], 0, []
    for c in text:
        if c in "({[<":
            depth += 1
        elif c in ")}]>":
            depth -= 1
        if c == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(c)
    parts.append("".join(current))
    return parts


class Template:
    def __init__(self, path: str, name: str, params: dict[str, str | None], parts):
        self.path, self.name, self.params, self.parts = path, name, params, parts


def collect(repo: Path, commit: str, path: str) -> list[Template]:
    text = git_show(repo, commit, path)
    templates = []
    for match in DECLARATION.finditer(text):
        parts, _ = read_template(text, match.end())
        first = parts[0][1].lstrip() if parts and parts[0][0] == "text" else ""
        if not (first.startswith("#graphql") or match.group("marker")):
            continue
        templates.append(Template(path, match.group("name"), parse_params(match.group("params")), parts))
    return templates


def resolve(template: Template, table: dict[str, Template], stack: tuple[str, ...] = (),
            overrides: dict[str, tuple[str, str]] | None = None) -> str:
    if template.name in stack:
        raise SystemExit(f"{template.path}: {template.name} interpolates itself")
    out = []
    for kind, value in template.parts:
        if kind == "text":
            out.append(value)
            continue
        if overrides and value in overrides:
            out.append(resolve(table[overrides[value]], table, stack + (template.name,)))
            continue
        out.append(resolve_expression(value, template, table, stack + (template.name,)))
    return "".join(out)


def resolve_expression(expr: str, template: Template, table, stack) -> str:
    if expr.startswith("getInContextVariables("):
        return IN_CONTEXT_VARIABLES
    if expr.startswith("getInContextDirective("):
        for prefix, directive in IN_CONTEXT_DIRECTIVE.items():
            if template.path.startswith(prefix):
                return directive
    if re.fullmatch(r"\w+", expr):
        name = expr
        if name in template.params:
            default = template.params[name]
            if default is None:
                bound = BINDINGS.get((template.path, name))
                if bound is None:
                    raise SystemExit(f"{template.path}: {template.name}: parameter '{name}' has no default and no binding")
                name = bound
            elif re.fullmatch(r"\w+", default):
                name = default
            else:
                raise SystemExit(f"{template.path}: {template.name}: cannot read the default of '{name}': {default}")
        target = table.get((template.path, name)) or table.get(("*", name))
        if target is None:
            raise SystemExit(f"{template.path}: {template.name}: '${{{expr}}}' names no known document")
        return resolve(target, table, stack)
    raise SystemExit(f"{template.path}: {template.name}: cannot resolve '${{{expr}}}'")


FRAGMENT = re.compile(r"(?m)^\s*fragment\s+(\w+)\s+on\s+\w+")
OPERATION = re.compile(r"(?m)^\s*(query|mutation|subscription)\s+(\w+)")


def dedupe_fragments(document: str, where: str) -> str:
    """Keeps the first copy of a fragment interpolated twice; two different ones are an error."""
    definitions = split_definitions(document)
    seen: dict[str, str] = {}
    kept = []
    for definition in definitions:
        match = FRAGMENT.match(definition)
        if match:
            name = match.group(1)
            normal = " ".join(definition.split())
            if name in seen:
                if seen[name] != normal:
                    raise SystemExit(f"{where}: two different fragments named {name}")
                continue
            seen[name] = normal
        kept.append(definition)
    return "\n\n".join(d.strip("\n") for d in kept) + "\n"


def split_definitions(document: str) -> list[str]:
    """Splits at top-level braces: each definition ends where its selection set closes."""
    body = "\n".join(line for line in document.splitlines() if line.strip() != "#graphql")
    definitions, depth, start = [], 0, 0
    for i, c in enumerate(body):
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                definitions.append(body[start:i + 1])
                start = i + 1
    return [textwrap_dedent(d) for d in definitions if d.strip()]


def textwrap_dedent(text: str) -> str:
    import textwrap
    lines = text.strip("\n").splitlines()
    # the first line may carry the template's indentation while the rest carry more
    return textwrap.dedent("\n".join(lines))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", type=Path, required=True, help="a clone (or bare mirror) of Shopify/hydrogen")
    parser.add_argument("--commit", default=COMMIT)
    parser.add_argument("--output", type=Path, required=True)
    args = parser.parse_args()

    files = list_files(args.repo, args.commit)
    sources: dict[str, list[str]] = {group: select(files) for group, select in GROUPS.items()}
    templates: list[tuple[str, Template]] = []
    table: dict[tuple[str, str], Template] = {}
    for group, paths in sources.items():
        for path in sorted(paths):
            for template in collect(args.repo, args.commit, path):
                templates.append((group, template))
                table[(path, template.name)] = template
                table.setdefault(("*", template.name), template)

    args.output.mkdir(parents=True, exist_ok=True)
    index = []
    written: set[Path] = set()
    jobs = [(group, template, None) for group, template in templates]
    for group, path, constant, overrides in VARIANTS:
        jobs.append((group, table[(path, constant)], overrides))
    for group, template, overrides in jobs:
        document = resolve(template, table, overrides=overrides)
        operation = OPERATION.search(document)
        if not operation:
            continue
        where = f"{template.path} ({template.name})"
        document = dedupe_fragments(document, where)
        target = args.output / group / f"{operation.group(2)}.graphql"
        if target in written:
            raise SystemExit(f"{where}: a second operation named {operation.group(2)} in {group}")
        written.add(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        header = (f"# {REPOSITORY}@{args.commit}\n# {template.path} ({template.name})\n"
                  "# Extracted by samples/tools/extract_client_documents.py; do not edit.\n")
        target.write_text(header + document)
        index.append((group, target.name, operation.group(1), template.path, template.name))

    lines = [
        "# Storefront clients' documents",
        "",
        f"The GraphQL documents that Shopify's Hydrogen sends, extracted from `{REPOSITORY}` at",
        f"commit `{args.commit}` (MIT licence) by `samples/tools/extract_client_documents.py`,",
        "which says how each `${…}` interpolation is resolved. Do not edit; run the script again.",
        "",
        "| file | kind | source | constant |",
        "| --- | --- | --- | --- |",
    ]
    for group, name, kind, path, constant in sorted(index):
        lines.append(f"| `{group}/{name}` | {kind} | `{path}` | `{constant}` |")
    (args.output / "SOURCES.md").write_text("\n".join(lines) + "\n")
    print(f"wrote {len(index)} documents to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
