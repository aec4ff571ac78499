#!/usr/bin/env python3
"""Check that an SDL schema is an exact subset of the published Storefront schema.

    python3 samples/tools/check_subset.py \
        --schema ../shared/storefront/storefront.schema.json \
        --subset samples/storefront.graphql

The subset is built with graphql-core (`build_schema`, then `validate_schema`) and
introspected; the result is compared with the published introspection JSON:

* every type exists in the published schema with the same kind;
* every field of an object or interface exists there with the same type (including
  nullability and list wrapping) and the same deprecation; every argument exists with
  the same type, default value and deprecation; every published REQUIRED argument
  (non-null, no default) of a kept field is kept;
* every input object and every enum is complete: all published input fields (with the
  same type, default value and deprecation) and all published enum values (with the
  same deprecation), as the subset's rules require;
* every interface an object or interface implements, and every union member, is one
  of the published ones;
* the root types are the published ones (`QueryRoot`, `Mutation`, no subscription);
* every directive exists with the same arguments, locations and repeatability;
* the contract's minimum (CONTRACT below: the root fields with their arguments, the
  types, scalars and directives that the sample shop's contract names) is present.

Descriptions are not compared (the subset shortens them). Exits 0 and prints a
summary when everything matches; prints each difference and exits 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

# What the sample shop's contract requires of the subset, whatever else it keeps.
CONTRACT = {
    "fields": {
        "QueryRoot": {
            "shop": [],
            "product": ["id", "handle"],
            "products": ["first", "after", "last", "before", "query", "sortKey", "reverse"],
            "collection": ["id", "handle"],
            "collections": ["first", "after"],
            "node": ["id"],
            "nodes": ["ids"],
            "cart": ["id"],
            "cartCompletionAttempt": ["attemptId"],
            "publicApiVersions": [],
            "menu": ["handle"],
            "urlRedirects": ["first", "query"],
            "search": ["query", "first", "types"],
            "predictiveSearch": ["query", "limit", "types"],
            "page": ["handle"],
            "pages": ["first"],
            "blog": ["handle"],
            "blogs": ["first"],
            "article": ["id"],
            "articles": ["first"],
        },
        "Mutation": {
            "cartCreate": ["input"],
            "cartLinesAdd": ["cartId", "lines"],
            "cartLinesUpdate": ["cartId", "lines"],
            "cartLinesRemove": ["cartId", "lineIds"],
            "cartBuyerIdentityUpdate": ["cartId", "buyerIdentity"],
            "cartDiscountCodesUpdate": ["cartId", "discountCodes"],
            "cartNoteUpdate": ["cartId", "note"],
            "cartAttributesUpdate": ["cartId", "attributes"],
            "cartSelectedDeliveryOptionsUpdate": ["cartId", "selectedDeliveryOptions"],
            "cartSubmitForCompletion": ["cartId", "attemptToken"],
            "cartGiftCardCodesAdd": ["cartId", "giftCardCodes"],
            "cartGiftCardCodesRemove": ["cartId", "appliedGiftCardIds"],
            "cartGiftCardCodesUpdate": ["cartId", "giftCardCodes"],
            "cartDeliveryAddressesAdd": ["cartId", "addresses"],
            "cartDeliveryAddressesRemove": ["cartId", "addressIds"],
            "cartDeliveryAddressesReplace": ["cartId", "addresses"],
            "cartDeliveryAddressesUpdate": ["cartId", "addresses"],
            "cartMetafieldsSet": ["metafields"],
            "cartMetafieldDelete": ["input"],
        },
        "CartBuyerIdentity": {"customer": []},
        "CartLine": {"parentRelationship": []},
        "ComponentizableCartLine": {"lineComponents": []},
        "Cart": {"appliedGiftCards": []},
        "CartCompletionProcessing": {"pollDelay": []},
        "CartCompletionSuccess": {"orderId": [], "orderUrl": [], "completedAt": []},
        "SubmitSuccess": {"attemptId": []},
    },
    "types": [
        "Node", "Product", "ProductVariant", "Collection", "Cart", "BaseCartLine", "CartLine",
        "PageInfo", "ProductConnection", "ProductEdge", "CollectionConnection", "CollectionEdge",
        "ProductVariantConnection", "ProductVariantEdge", "BaseCartLineConnection", "BaseCartLineEdge",
        "MoneyV2", "CartCost", "CartBuyerIdentity", "CartDeliveryGroup", "CartDeliveryOption",
        "CartDiscountCode", "CartUserError", "CartErrorCode", "CartWarning", "Attribute",
        "SelectedOption", "Image", "Shop", "ApiVersion", "Merchandise",
        "CartSubmitForCompletionResult", "SubmitSuccess", "SubmitFailed", "SubmitAlreadyAccepted",
        "SubmitThrottled", "CartCompletionAttemptResult", "CartCompletionProcessing",
        "CartCompletionSuccess", "CartCompletionFailed", "CartCompletionActionRequired",
        "Order", "Menu", "Page", "Blog", "Article", "UrlRedirect", "SearchResultItem",
        "PredictiveSearchResult", "AppliedGiftCard", "Customer",
    ],
    "union_members": {
        "CartSubmitForCompletionResult": ["SubmitSuccess", "SubmitFailed", "SubmitAlreadyAccepted", "SubmitThrottled"],
        "CartCompletionAttemptResult": ["CartCompletionProcessing", "CartCompletionSuccess",
                                        "CartCompletionFailed", "CartCompletionActionRequired"],
        "Merchandise": ["ProductVariant"],
    },
    "connection_fields": ["edges", "nodes", "pageInfo"],
    "scalars": ["ID", "String", "Int", "Float", "Boolean", "Decimal", "URL", "DateTime", "HTML",
                "JSON", "Color", "UnsignedInt64"],
    "directives": {
        "inContext": ["country", "language", "buyer", "preferredLocationId", "visitorConsent"],
        "defer": ["if", "label"],
        "deprecated": ["reason"],
    },
}

INTROSPECTION_TYPES = {"__Schema", "__Type", "__TypeKind", "__Field", "__InputValue", "__EnumValue",
                       "__Directive", "__DirectiveLocation"}


def type_string(ref: dict) -> str:
    if ref["kind"] == "NON_NULL":
        return type_string(ref["ofType"]) + "!"
    if ref["kind"] == "LIST":
        return "[" + type_string(ref["ofType"]) + "]"
    return ref["name"]


def normalize_default(value: str | None) -> str | None:
    """Default values are GraphQL literals; compare them printed canonically."""
    if value is None:
        return None
    from graphql import parse_value, print_ast
    return print_ast(parse_value(value))


def is_required(value: dict) -> bool:
    return value["type"]["kind"] == "NON_NULL" and value.get("defaultValue") is None


class Checker:
    def __init__(self, published: dict, subset: dict):
        self.pub = published
        self.sub = subset
        self.pub_types = {t["name"]: t for t in published["types"]}
        self.sub_types = {t["name"]: t for t in subset["types"] if t["name"] not in INTROSPECTION_TYPES}
        self.errors: list[str] = []
        self.counts = {"types": 0, "fields": 0, "arguments": 0, "input fields": 0, "enum values": 0,
                       "union members": 0, "interfaces": 0, "directives": 0}

    def error(self, message: str) -> None:
        self.errors.append(message)

    # -- shared comparisons --

    def compare_value(self, where: str, mine: dict, theirs: dict) -> None:
        """An argument or input field: type, default value, deprecation."""
        if type_string(mine["type"]) != type_string(theirs["type"]):
            self.error(f"{where}: type {type_string(mine['type'])}, published {type_string(theirs['type'])}")
        if normalize_default(mine.get("defaultValue")) != normalize_default(theirs.get("defaultValue")):
            self.error(f"{where}: default value {mine.get('defaultValue')}, "
                       f"published {theirs.get('defaultValue')}")
        self.compare_deprecation(where, mine, theirs)

    def compare_deprecation(self, where: str, mine: dict, theirs: dict) -> None:
        if bool(mine.get("isDeprecated")) != bool(theirs.get("isDeprecated")):
            self.error(f"{where}: deprecated {bool(mine.get('isDeprecated'))}, "
                       f"published {bool(theirs.get('isDeprecated'))}")
        elif mine.get("isDeprecated") and mine.get("deprecationReason") != theirs.get("deprecationReason"):
            self.error(f"{where}: deprecation reason {mine.get('deprecationReason')!r}, "
                       f"published {theirs.get('deprecationReason')!r}")

    def compare_args(self, where: str, mine: list[dict], theirs: list[dict]) -> None:
        published = {a["name"]: a for a in theirs}
        kept = {a["name"] for a in mine}
        for a in mine:
            self.counts["arguments"] += 1
            if a["name"] not in published:
                self.error(f"{where}({a['name']}:): no such argument in the published schema")
                continue
            self.compare_value(f"{where}({a['name']}:)", a, published[a["name"]])
        for a in theirs:
            if is_required(a) and a["name"] not in kept:
                self.error(f"{where}: the published required argument {a['name']}: "
                           f"{type_string(a['type'])} is missing")

    # -- per kind --

    def check_types(self) -> None:
        for name, mine in sorted(self.sub_types.items()):
            self.counts["types"] += 1
            theirs = self.pub_types.get(name)
            if theirs is None:
                self.error(f"type {name}: not in the published schema")
                continue
            if mine["kind"] != theirs["kind"]:
                self.error(f"type {name}: kind {mine['kind']}, published {theirs['kind']}")
                continue
            kind = mine["kind"]
            if kind in ("OBJECT", "INTERFACE"):
                self.check_fields(name, mine, theirs)
                self.check_interfaces(name, mine, theirs)
            elif kind == "UNION":
                published = {p["name"] for p in theirs["possibleTypes"]}
                for p in mine["possibleTypes"]:
                    self.counts["union members"] += 1
                    if p["name"] not in published:
                        self.error(f"union {name}: {p['name']} is not a published member")
            elif kind == "ENUM":
                published = {v["name"]: v for v in theirs["enumValues"]}
                kept = {v["name"] for v in mine["enumValues"]}
                for v in mine["enumValues"]:
                    self.counts["enum values"] += 1
                    if v["name"] not in published:
                        self.error(f"enum {name}: value {v['name']} is not published")
                        continue
                    self.compare_deprecation(f"{name}.{v['name']}", v, published[v["name"]])
                missing = [v for v in published if v not in kept]
                if missing:
                    self.error(f"enum {name}: incomplete (enums are kept whole), missing {', '.join(missing)}")
            elif kind == "INPUT_OBJECT":
                published = {f["name"]: f for f in theirs["inputFields"]}
                kept = {f["name"] for f in mine["inputFields"]}
                for f in mine["inputFields"]:
                    self.counts["input fields"] += 1
                    if f["name"] not in published:
                        self.error(f"input {name}: field {f['name']} is not published")
                        continue
                    self.compare_value(f"{name}.{f['name']}", f, published[f["name"]])
                for fname, f in published.items():
                    if fname in kept:
                        continue
                    if is_required(f):
                        self.error(f"input {name}: the published required field {fname}: "
                                   f"{type_string(f['type'])} is missing")
                    else:
                        self.error(f"input {name}: incomplete (input objects are kept whole), "
                                   f"missing {fname}")
                if bool(mine.get("isOneOf")) != bool(theirs.get("isOneOf")):
                    self.error(f"input {name}: isOneOf {bool(mine.get('isOneOf'))}, "
                               f"published {bool(theirs.get('isOneOf'))}")
            elif kind == "SCALAR":
                if mine.get("specifiedByURL") != theirs.get("specifiedByURL"):
                    self.error(f"scalar {name}: specifiedByURL {mine.get('specifiedByURL')!r}, "
                               f"published {theirs.get('specifiedByURL')!r}")

    def check_fields(self, name: str, mine: dict, theirs: dict) -> None:
        published = {f["name"]: f for f in theirs["fields"]}
        for f in mine["fields"]:
            self.counts["fields"] += 1
            where = f"{name}.{f['name']}"
            p = published.get(f["name"])
            if p is None:
                self.error(f"{where}: no such field in the published schema")
                continue
            if type_string(f["type"]) != type_string(p["type"]):
                self.error(f"{where}: type {type_string(f['type'])}, published {type_string(p['type'])}")
            self.compare_deprecation(where, f, p)
            self.compare_args(where, f["args"], p["args"])

    def check_interfaces(self, name: str, mine: dict, theirs: dict) -> None:
        published = {i["name"] for i in theirs.get("interfaces") or []}
        for i in mine.get("interfaces") or []:
            self.counts["interfaces"] += 1
            if i["name"] not in published:
                self.error(f"{name}: implements {i['name']}, which the published {name} does not")

    def check_roots(self) -> None:
        for key in ("queryType", "mutationType", "subscriptionType"):
            mine = (self.sub.get(key) or {}).get("name")
            theirs = (self.pub.get(key) or {}).get("name")
            if mine is not None and mine != theirs:
                self.error(f"schema {key}: {mine}, published {theirs}")
        if (self.sub.get("queryType") or {}).get("name") is None:
            self.error("schema has no query type")

    def check_directives(self) -> None:
        published = {d["name"]: d for d in self.pub["directives"]}
        for d in self.sub["directives"]:
            self.counts["directives"] += 1
            where = f"@{d['name']}"
            p = published.get(d["name"])
            if p is None:
                self.error(f"{where}: not a published directive")
                continue
            self.compare_args(where, d["args"], p["args"])
            if sorted(d["locations"]) != sorted(p["locations"]):
                self.error(f"{where}: locations {sorted(d['locations'])}, published {sorted(p['locations'])}")
            # graphql-core adds the built-in directives the SDL does not declare; those
            # must match the published ones too.
            if bool(d.get("isRepeatable")) != bool(p.get("isRepeatable")):
                self.error(f"{where}: repeatable {bool(d.get('isRepeatable'))}, "
                           f"published {bool(p.get('isRepeatable'))}")

    def check_contract(self) -> None:
        for tname, fields in CONTRACT["fields"].items():
            t = self.sub_types.get(tname)
            if t is None:
                self.error(f"contract: type {tname} is missing")
                continue
            have = {f["name"]: f for f in t.get("fields") or []}
            for fname, args in fields.items():
                if fname not in have:
                    self.error(f"contract: {tname}.{fname} is missing")
                    continue
                arg_names = {a["name"] for a in have[fname]["args"]}
                for a in args:
                    if a not in arg_names:
                        self.error(f"contract: {tname}.{fname} lacks the argument {a}:")
        for tname in CONTRACT["types"]:
            if tname not in self.sub_types:
                self.error(f"contract: type {tname} is missing")
        for tname, members in CONTRACT["union_members"].items():
            t = self.sub_types.get(tname)
            have = {p["name"] for p in (t or {}).get("possibleTypes") or []}
            for m in members:
                if m not in have:
                    self.error(f"contract: union {tname} lacks the member {m}")
        for tname, t in self.sub_types.items():
            if tname.endswith("Connection") and t["kind"] == "OBJECT":
                have = {f["name"] for f in t["fields"]}
                for f in CONTRACT["connection_fields"]:
                    if f not in have:
                        self.error(f"contract: connection {tname} lacks {f}")
            if tname.endswith("Edge") and t["kind"] == "OBJECT":
                have = {f["name"] for f in t["fields"]}
                for f in ("cursor", "node"):
                    if f not in have:
                        self.error(f"contract: edge {tname} lacks {f}")
        for s in CONTRACT["scalars"]:
            t = self.sub_types.get(s)
            if t is None or t["kind"] != "SCALAR":
                self.error(f"contract: scalar {s} is missing")
        directives = {d["name"]: d for d in self.sub["directives"]}
        for dname, args in CONTRACT["directives"].items():
            if dname not in directives:
                self.error(f"contract: directive @{dname} is missing")
                continue
            have = {a["name"] for a in directives[dname]["args"]}
            for a in args:
                if a not in have:
                    self.error(f"contract: directive @{dname} lacks the argument {a}:")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--schema", required=True, type=Path,
                        help="the published Storefront introspection JSON (storefront.schema.json)")
    parser.add_argument("--subset", required=True, type=Path, help="the SDL subset to check")
    opts = parser.parse_args(argv)
    try:
        from graphql import build_schema, introspection_from_schema, validate_schema
    except ImportError:
        print("check_subset: error: graphql-core is needed (pip install graphql-core)", file=sys.stderr)
        return 2
    try:
        raw = json.loads(opts.schema.read_text(encoding="utf-8"))
        sdl = opts.subset.read_text(encoding="utf-8")
    except (OSError, json.JSONDecodeError) as exc:
        print(f"check_subset: error: {exc}", file=sys.stderr)
        return 2
    published = raw.get("__schema") or raw.get("data", {}).get("__schema")
    if published is None:
        print(f"check_subset: error: {opts.schema} is not an introspection result", file=sys.stderr)
        return 2
    try:
        schema = build_schema(sdl)
    except Exception as exc:  # graphql-core raises GraphQLError / TypeError
        print(f"check_subset: error: {opts.subset} does not build: {exc}", file=sys.stderr)
        return 1
    problems = validate_schema(schema)
    if problems:
        for p in problems:
            print(f"invalid schema: {p.message}", file=sys.stderr)
        return 1
    subset = introspection_from_schema(schema)["__schema"]

    checker = Checker(published, subset)
    checker.check_roots()
    checker.check_types()
    checker.check_directives()
    checker.check_contract()

    if checker.errors:
        for e in checker.errors:
            print(f"DIFF {e}", file=sys.stderr)
        print(f"check_subset: {len(checker.errors)} difference(s) between {opts.subset} "
              f"and {opts.schema}", file=sys.stderr)
        return 1
    c = checker.counts
    kinds: dict[str, int] = {}
    for t in checker.sub_types.values():
        kinds[t["kind"]] = kinds.get(t["kind"], 0) + 1
    by_kind = ", ".join(f"{n} {k.lower().replace('_', ' ')}" for k, n in sorted(kinds.items()))
    print(f"{c['types']} types, {c['fields']} fields checked: {opts.subset} is an exact subset of {opts.schema}")
    print(f"  types by kind: {by_kind}")
    print(f"  {c['arguments']} arguments, {c['input fields']} input fields, {c['enum values']} enum values, "
          f"{c['union members']} union members, {c['interfaces']} implemented interfaces, "
          f"{c['directives']} directives; contract minimum present")
    return 0


if __name__ == "__main__":
    sys.exit(main())
