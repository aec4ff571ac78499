#!/usr/bin/env python3
"""Extract the sample shop's Storefront API subset from the published schema.

    python3 samples/tools/extract_subset.py \
        --schema ../shared/storefront/storefront.schema.json \
        --output samples/storefront.graphql

The published schema is Shopify's Storefront API introspection result (2026-04); it
is an argument, never a file of this repository. The output is SDL whose types,
fields, arguments, default values, nullability, enums, interfaces and unions are
exactly those of the published schema: the subset only has fewer types, fewer fields
per object or interface, fewer interfaces per `implements` list and fewer union
members. What is kept is the KEEP list below, and nothing else:

* KEEP names every object and interface type with the fields to keep, and every
  union with the members to keep. A field is `name` (all of its published arguments
  are kept) or `name(arg1 arg2)` (only those arguments; every required argument must
  be listed). Fields and members are printed in published order whatever the order
  here.
* Every object, interface or union type that a kept field returns (or that a kept
  union has as a member) must be in KEEP: the tool stops with a message naming the
  field otherwise, so nothing dangles. Every KEEP entry must be reachable from the
  root types (or implement a reachable interface): unused entries are an error too.
* Enums and scalars that kept fields or arguments reference are included whole;
  input objects that kept arguments reference are included with all their fields,
  recursively (a real client may send any of them).
* An object keeps, of its published interfaces, those that are in KEEP, and must then
  keep every field that the interface keeps, with the same arguments.
* The custom scalars in SCALARS are declared even when nothing references them; the
  directives in DIRECTIVES are printed exactly as published, with their input types.
* Descriptions are shortened to their first sentence, with Markdown links
  `[text](url)` reduced to `text`. Deprecation reasons are kept exactly.

The result is built with graphql-core (`build_schema`) and checked with
`validate_schema` before it is written. `check_subset.py` verifies it against the
published schema independently.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

# --------------------------------------------------------------------------------------
# The keep-list
# --------------------------------------------------------------------------------------

QUERY_TYPE = "QueryRoot"
MUTATION_TYPE = "Mutation"

KEEP: dict[str, str] = {
    # ---- root operation types ------------------------------------------------------
    "QueryRoot": """
        shop
        product
        products
        collection
        collections
        node
        nodes
        cart
        cartCompletionAttempt
        publicApiVersions
        menu
        page
        pages
        blog
        blogs
        article
        articles
        search
        predictiveSearch
        urlRedirects
    """,
    "Mutation": """
        cartCreate
        cartLinesAdd
        cartLinesUpdate
        cartLinesRemove
        cartBuyerIdentityUpdate
        cartDiscountCodesUpdate
        cartNoteUpdate
        cartAttributesUpdate
        cartSelectedDeliveryOptionsUpdate
        cartSubmitForCompletion
        cartGiftCardCodesAdd
        cartGiftCardCodesRemove
        cartGiftCardCodesUpdate
        cartDeliveryAddressesAdd
        cartDeliveryAddressesRemove
        cartDeliveryAddressesReplace
        cartDeliveryAddressesUpdate
        cartMetafieldsSet
        cartMetafieldDelete
    """,
    # ---- interfaces --------------------------------------------------------------------
    "Node": "id",
    "OnlineStorePublishable": "onlineStoreUrl",
    "Trackable": "trackingParameters",
    "DisplayableError": "field message",
    "BaseCartLine": """
        id quantity merchandise attribute attributes cost discountAllocations
    """,
    "CartDiscountAllocation": "discountApplication discountedAmount targetType",
    # ---- shop ----------------------------------------------------------------------------
    "Shop": """
        id name description moneyFormat primaryDomain shipsToCountries paymentSettings
        brand privacyPolicy refundPolicy shippingPolicy subscriptionPolicy termsOfService
    """,
    "ShopPolicy": "id handle title body url",
    "ShopPolicyWithDefault": "id handle title body url",
    "Domain": "host sslEnabled url",
    "PaymentSettings": """
        acceptedCardBrands cardVaultUrl countryCode currencyCode
        enabledPresentmentCurrencies shopifyPaymentsAccountId supportedDigitalWallets
    """,
    "Brand": "shortDescription slogan colors logo squareLogo coverImage",
    "BrandColors": "primary secondary",
    "BrandColorGroup": "background foreground",
    "ApiVersion": "displayName handle supported",
    # ---- catalog -------------------------------------------------------------------------
    "Product": """
        id handle title description descriptionHtml vendor productType tags
        availableForSale isGiftCard requiresSellingPlan createdAt updatedAt publishedAt
        onlineStoreUrl trackingParameters featuredImage images options priceRange
        compareAtPriceRange variants variantsCount selectedOrFirstAvailableVariant
        variantBySelectedOptions adjacentVariants collections totalInventory seo
        encodedVariantAvailability encodedVariantExistence
    """,
    "ProductVariant": """
        id title sku barcode availableForSale currentlyNotInStock quantityAvailable
        quantityRule price priceV2 compareAtPrice compareAtPriceV2 unitPrice
        unitPriceMeasurement selectedOptions image product requiresShipping
        requiresComponents taxable weight weightUnit
    """,
    "Collection": """
        id handle title description descriptionHtml image onlineStoreUrl
        trackingParameters products seo updatedAt
    """,
    "ProductOption": "id name optionValues values",
    "ProductOptionValue": "id name firstSelectableVariant swatch",
    "ProductOptionValueSwatch": "color image",
    "Media": "id alt mediaContentType previewImage",
    "MediaImage": "id alt image mediaContentType previewImage",
    "ProductPriceRange": "maxVariantPrice minVariantPrice",
    "SelectedOption": "name value",
    "Image": "id altText url width height src originalSrc transformedSrc",
    "SEO": "description title",
    "Count": "count precision",
    "QuantityRule": "increment maximum minimum",
    "UnitPriceMeasurement": """
        measuredType quantityUnit quantityValue referenceUnit referenceValue
    """,
    "MoneyV2": "amount currencyCode",
    # ---- Relay connections -------------------------------------------------------------
    "PageInfo": "hasNextPage hasPreviousPage startCursor endCursor",
    "ProductConnection": "edges nodes pageInfo",
    "ProductEdge": "cursor node",
    "ProductVariantConnection": "edges nodes pageInfo",
    "ProductVariantEdge": "cursor node",
    "CollectionConnection": "edges nodes pageInfo",
    "CollectionEdge": "cursor node",
    "ImageConnection": "edges nodes pageInfo",
    "ImageEdge": "cursor node",
    "BaseCartLineConnection": "edges nodes pageInfo",
    "BaseCartLineEdge": "cursor node",
    "CartDeliveryGroupConnection": "edges nodes pageInfo",
    "CartDeliveryGroupEdge": "cursor node",
    "PageConnection": "edges nodes pageInfo",
    "PageEdge": "cursor node",
    "BlogConnection": "edges nodes pageInfo",
    "BlogEdge": "cursor node",
    "ArticleConnection": "edges nodes pageInfo",
    "ArticleEdge": "cursor node",
    "UrlRedirectConnection": "edges nodes pageInfo",
    "UrlRedirectEdge": "cursor node",
    "SearchResultItemConnection": "edges nodes pageInfo totalCount",
    "SearchResultItemEdge": "cursor node",
    "OrderLineItemConnection": "edges nodes pageInfo",
    "OrderLineItemEdge": "cursor node",
    # ---- online store content ------------------------------------------------------------
    "Menu": "id handle title items itemsCount",
    "MenuItem": "id title type url resourceId tags items",
    "Page": """
        id handle title body bodySummary createdAt updatedAt onlineStoreUrl seo
        trackingParameters
    """,
    "Blog": "id handle title onlineStoreUrl seo authors articleByHandle articles",
    "Article": """
        id handle title author authorV2 blog content contentHtml excerpt excerptHtml
        image onlineStoreUrl publishedAt seo tags trackingParameters
    """,
    "ArticleAuthor": "bio email firstName lastName name",
    "UrlRedirect": "id path target",
    "SearchResultItem": "Article Page Product",  # union
    "PredictiveSearchResult": "articles collections pages products queries",
    "SearchQuerySuggestion": "styledText text trackingParameters",
    # ---- cart ----------------------------------------------------------------------------
    "Cart": """
        id createdAt updatedAt checkoutUrl totalQuantity note attributes attribute
        lines buyerIdentity cost discountCodes discountAllocations deliveryGroups
        delivery appliedGiftCards metafield metafields
    """,
    "AppliedGiftCard": "id lastCharacters amountUsed balance presentmentAmountUsed",
    "Metafield": "id namespace key type value description createdAt updatedAt",
    "CartLine": """
        id quantity merchandise attribute attributes cost discountAllocations
        instructions parentRelationship
    """,
    "CartLineParentRelationship": "parent",
    "ComponentizableCartLine": """
        id quantity merchandise attribute attributes cost discountAllocations
        lineComponents
    """,
    "CartLineCost": """
        amountPerQuantity compareAtAmountPerQuantity subtotalAmount totalAmount
    """,
    "CartLineInstructions": "canRemove canUpdateQuantity",
    "Merchandise": "ProductVariant",  # union
    "Attribute": "key value",
    "CartCost": """
        checkoutChargeAmount subtotalAmount subtotalAmountEstimated totalAmount
        totalAmountEstimated totalTaxAmount totalTaxAmountEstimated totalDutyAmount
        totalDutyAmountEstimated
    """,
    "CartBuyerIdentity": "countryCode email phone preferences customer",
    "Customer": """
        id email firstName lastName displayName phone acceptsMarketing createdAt
        updatedAt tags numberOfOrders
    """,
    # ---- orders (reachable by node(id:) once a completion made one) ---------------------
    "Order": """
        id name orderNumber email phone processedAt currencyCode financialStatus
        fulfillmentStatus statusUrl customAttributes lineItems subtotalPrice totalPrice
        totalTax totalShippingPrice currentSubtotalPrice currentTotalPrice
        currentTotalTax shippingAddress
    """,
    "OrderLineItem": """
        title quantity currentQuantity variant originalTotalPrice discountedTotalPrice
        customAttributes
    """,
    "CartPreferences": "delivery wallet",
    "CartDeliveryPreference": "coordinates deliveryMethod pickupHandle",
    "CartDeliveryCoordinatesPreference": "countryCode latitude longitude",
    "CartDelivery": "addresses",
    "CartSelectableAddress": "id address oneTimeUse selected",
    "CartAddress": "CartDeliveryAddress",  # union
    "CartDeliveryAddress": """
        address1 address2 city company countryCode firstName formatted formattedArea
        lastName latitude longitude name phone provinceCode zip
    """,
    "CartDeliveryGroup": """
        id groupType deliveryAddress deliveryOptions selectedDeliveryOption cartLines
    """,
    "CartDeliveryOption": """
        handle title code description deliveryMethodType estimatedCost
    """,
    "MailingAddress": """
        id address1 address2 city company country countryCode countryCodeV2 firstName
        formatted formattedArea lastName latitude longitude name phone province
        provinceCode zip
    """,
    "CartDiscountCode": "applicable code",
    "CartCodeDiscountAllocation": """
        code discountApplication discountedAmount targetType
    """,
    "CartAutomaticDiscountAllocation": """
        title discountApplication discountedAmount targetType
    """,
    "CartCustomDiscountAllocation": """
        title discountApplication discountedAmount targetType
    """,
    "CartDiscountApplication": "allocationMethod targetSelection targetType value",
    "PricingValue": "MoneyV2 PricingPercentageValue",  # union
    "PricingPercentageValue": "percentage",
    "CartUserError": "code field message",
    "CartWarning": "code message target",
    # ---- mutation payloads ---------------------------------------------------------------
    "CartCreatePayload": "cart userErrors warnings",
    "CartLinesAddPayload": "cart userErrors warnings",
    "CartLinesUpdatePayload": "cart userErrors warnings",
    "CartLinesRemovePayload": "cart userErrors warnings",
    "CartBuyerIdentityUpdatePayload": "cart userErrors warnings",
    "CartDiscountCodesUpdatePayload": "cart userErrors warnings",
    "CartNoteUpdatePayload": "cart userErrors warnings",
    "CartAttributesUpdatePayload": "cart userErrors warnings",
    "CartSelectedDeliveryOptionsUpdatePayload": "cart userErrors warnings",
    "CartGiftCardCodesAddPayload": "cart userErrors warnings",
    "CartGiftCardCodesRemovePayload": "cart userErrors warnings",
    "CartGiftCardCodesUpdatePayload": "cart userErrors warnings",
    "CartDeliveryAddressesAddPayload": "cart userErrors warnings",
    "CartDeliveryAddressesRemovePayload": "cart userErrors warnings",
    "CartDeliveryAddressesReplacePayload": "cart userErrors warnings",
    "CartDeliveryAddressesUpdatePayload": "cart userErrors warnings",
    "CartMetafieldsSetPayload": "metafields userErrors",
    "CartMetafieldDeletePayload": "deletedId userErrors",
    "MetafieldsSetUserError": "code elementIndex field message",
    "MetafieldDeleteUserError": "code field message",
    "CartSubmitForCompletionPayload": "result userErrors",
    # ---- checkout completion -----------------------------------------------------------
    "CartSubmitForCompletionResult": """
        SubmitSuccess SubmitFailed SubmitAlreadyAccepted SubmitThrottled
    """,  # union
    "SubmitSuccess": "attemptId redirectUrl",
    "SubmitFailed": "checkoutUrl errors",
    "SubmissionError": "code message",
    "SubmitAlreadyAccepted": "attemptId",
    "SubmitThrottled": "pollAfter",
    "CartCompletionAttemptResult": """
        CartCompletionProcessing CartCompletionSuccess CartCompletionFailed
        CartCompletionActionRequired
    """,  # union
    "CartCompletionProcessing": "id pollDelay",
    "CartCompletionSuccess": "id orderId orderUrl completedAt",
    "CartCompletionFailed": "id errors",
    "CompletionError": "code message",
    "CartCompletionActionRequired": "id action",
    "CartCompletionAction": "CompletePaymentChallenge",  # union
    "CompletePaymentChallenge": "redirectUrl",
}

# Custom scalars declared whatever references them (the built-in ID, String, Int, Float
# and Boolean are implicit in SDL and never declared).
SCALARS = ["Color", "DateTime", "Decimal", "HTML", "JSON", "URL", "UnsignedInt64"]

# Directives printed exactly as published (arguments, default values, locations).
DIRECTIVES = ["inContext", "deprecated", "defer"]

BUILTIN_SCALARS = {"ID", "String", "Int", "Float", "Boolean"}

# --------------------------------------------------------------------------------------
# Implementation
# --------------------------------------------------------------------------------------


class SubsetError(Exception):
    pass


FIELD_SPEC = re.compile(r"\s*([_A-Za-z][_0-9A-Za-z]*)\s*(?:\(([^)]*)\))?")


def parse_spec(text: str) -> list[tuple[str, list[str] | None]]:
    """`a b(x y) c` -> [("a", None), ("b", ["x", "y"]), ("c", None)]."""
    out: list[tuple[str, list[str] | None]] = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = FIELD_SPEC.match(text, pos)
        if not m or m.end() == pos:
            raise SubsetError(f"cannot read keep-list entry near {text[pos:pos + 30]!r}")
        args = None
        if m.group(2) is not None:
            args = [a for a in re.split(r"[\s,]+", m.group(2)) if a]
        out.append((m.group(1), args))
        pos = m.end()
        while pos < len(text) and text[pos] in " \t\n,":
            pos += 1
    return out


def named(ref: dict) -> str:
    while ref.get("ofType") is not None:
        ref = ref["ofType"]
    return ref["name"]


def type_string(ref: dict) -> str:
    if ref["kind"] == "NON_NULL":
        return type_string(ref["ofType"]) + "!"
    if ref["kind"] == "LIST":
        return "[" + type_string(ref["ofType"]) + "]"
    return ref["name"]


def is_required(value: dict) -> bool:
    return value["type"]["kind"] == "NON_NULL" and value.get("defaultValue") is None


# ---- descriptions ----------------------------------------------------------------------

MD_LINK = re.compile(r"\[([^\]]+)\]\((?:[^()]|\([^()]*\))*\)")
ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "vs.", "approx.", "Inc.", "Ltd.", "St.", "Mr.", "Ms.", "Dr.", "U.S.")
BLOCK_START = re.compile(r"\s*(\||[-*+] |#|>|```|\d+\. )")
SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


def first_sentence(text: str | None) -> str | None:
    if not text:
        return None
    text = MD_LINK.sub(r"\1", text)
    # The first paragraph: up to a blank line or a Markdown block (table, list,
    # heading, quote, code fence).
    kept: list[str] = []
    for line in text.strip().splitlines():
        if not line.strip() or (kept and BLOCK_START.match(line)):
            break
        kept.append(line)
    paragraph = " ".join(" ".join(kept).split())
    for m in SENTENCE_END.finditer(paragraph):
        end = m.end()
        head = paragraph[:end]
        if head.endswith(ABBREVIATIONS):
            continue
        return head
    return paragraph or None


# ---- SDL printing ----------------------------------------------------------------------


def print_string(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def print_description(text: str | None, indent: str) -> list[str]:
    short = first_sentence(text)
    if not short:
        return []
    if len(short) + len(indent) <= 100:
        return [indent + print_string(short)]
    block = short.replace('"""', '\\"""')
    return [indent + '"""', indent + block, indent + '"""']


def print_deprecated(value: dict) -> str:
    if not value.get("isDeprecated"):
        return ""
    reason = value.get("deprecationReason")
    if reason is None:
        return " @deprecated"
    return f" @deprecated(reason: {print_string(reason)})"


def print_input_value(value: dict) -> str:
    text = f"{value['name']}: {type_string(value['type'])}"
    if value.get("defaultValue") is not None:
        text += f" = {value['defaultValue']}"
    return text + print_deprecated(value)


def print_args(args: list[dict], indent: str) -> list[str] | str:
    """Arguments inline when none has a description, else one per line."""
    if not args:
        return ""
    if not any(first_sentence(a.get("description")) for a in args):
        return "(" + ", ".join(print_input_value(a) for a in args) + ")"
    lines = ["("]
    for a in args:
        lines += print_description(a.get("description"), indent + "  ")
        lines.append(indent + "  " + print_input_value(a))
    lines.append(indent + ")")
    return lines


def print_field(field: dict, args: list[dict]) -> list[str]:
    lines = print_description(field.get("description"), "  ")
    rendered = print_args(args, "  ")
    tail = f": {type_string(field['type'])}{print_deprecated(field)}"
    if isinstance(rendered, str):
        lines.append(f"  {field['name']}{rendered}{tail}")
    else:
        lines.append(f"  {field['name']}{rendered[0]}")
        lines += rendered[1:-1]
        lines.append(rendered[-1] + tail)
    return lines


class Extractor:
    def __init__(self, published: dict):
        schema = published.get("__schema") or published.get("data", {}).get("__schema")
        if schema is None:
            raise SubsetError("the schema file is not an introspection result (no __schema)")
        self.schema = schema
        self.types = {t["name"]: t for t in schema["types"]}
        self.directives = {d["name"]: d for d in schema["directives"]}
        if schema["queryType"]["name"] != QUERY_TYPE:
            raise SubsetError(f"published query type is {schema['queryType']['name']}, expected {QUERY_TYPE}")
        if (schema.get("mutationType") or {}).get("name") != MUTATION_TYPE:
            raise SubsetError(f"published mutation type is not {MUTATION_TYPE}")
        self.keep: dict[str, list[tuple[str, list[str] | None]]] = {}
        for name, spec in KEEP.items():
            self.keep[name] = parse_spec(spec)
        # name -> list of (field dict, kept args) for objects/interfaces;
        # name -> member names for unions
        self.composite: dict[str, object] = {}
        self.leaf: set[str] = set()       # enums and scalars
        self.inputs: set[str] = set()

    # -- validation of the keep-list against the published schema --

    def _published(self, name: str, where: str) -> dict:
        t = self.types.get(name)
        if t is None:
            raise SubsetError(f"{where}: type {name} is not in the published schema")
        return t

    def resolve(self) -> None:
        for name, entries in self.keep.items():
            t = self._published(name, "KEEP")
            kind = t["kind"]
            if kind in ("OBJECT", "INTERFACE"):
                fields = {f["name"]: f for f in t["fields"]}
                seen = set()
                for fname, arg_names in entries:
                    if fname in seen:
                        raise SubsetError(f"KEEP[{name}]: field {fname} listed twice")
                    seen.add(fname)
                    if fname not in fields:
                        raise SubsetError(f"KEEP[{name}]: {name}.{fname} is not a published field")
                kept = []
                for f in t["fields"]:  # published order
                    if f["name"] not in seen:
                        continue
                    arg_names = dict(entries)[f["name"]]
                    if arg_names is None:
                        args = list(f["args"])
                    else:
                        published_args = {a["name"]: a for a in f["args"]}
                        for a in arg_names:
                            if a not in published_args:
                                raise SubsetError(f"KEEP[{name}]: {name}.{f['name']} has no argument {a}")
                        for a in f["args"]:
                            if is_required(a) and a["name"] not in arg_names:
                                raise SubsetError(
                                    f"KEEP[{name}]: {name}.{f['name']} must keep its required argument {a['name']}")
                        args = [a for a in f["args"] if a["name"] in arg_names]
                    kept.append((f, args))
                self.composite[name] = kept
            elif kind == "UNION":
                members = [p["name"] for p in t["possibleTypes"]]
                wanted = [n for n, _ in entries]
                for n, a in entries:
                    if a is not None:
                        raise SubsetError(f"KEEP[{name}]: a union lists member types, not fields")
                    if n not in members:
                        raise SubsetError(f"KEEP[{name}]: {n} is not a member of the published union {name}")
                self.composite[name] = [m for m in members if m in wanted]
                if not self.composite[name]:
                    raise SubsetError(f"KEEP[{name}]: a union needs at least one member")
            else:
                raise SubsetError(f"KEEP[{name}]: {kind} types are not listed in KEEP "
                                  "(enums, scalars and input objects are included automatically)")

    # -- closure --

    def _use(self, ref: dict, where: str, as_input: bool) -> None:
        name = named(ref)
        t = self._published(name, where)
        kind = t["kind"]
        if kind in ("SCALAR", "ENUM"):
            self.leaf.add(name)
        elif kind == "INPUT_OBJECT":
            if not as_input:
                raise SubsetError(f"{where}: input type {name} in an output position")
            if name not in self.inputs:
                self.inputs.add(name)
                for f in t["inputFields"]:
                    self._use(f["type"], f"{name}.{f['name']}", True)
        else:
            if name not in self.keep:
                raise SubsetError(
                    f"{where} returns {kind.lower()} type {name}, which is not in KEEP: "
                    f"add {name} to KEEP with the fields to keep, or drop {where}")
            self.reached.add(name)

    def close(self) -> None:
        self.reached = {QUERY_TYPE, MUTATION_TYPE}
        done: set[str] = set()
        while True:
            # Objects implementing a reached interface are reached too.
            for name in list(self.keep):
                t = self.types[name]
                if t["kind"] == "OBJECT" and any(i["name"] in self.reached for i in t["interfaces"] or []):
                    self.reached.add(name)
            todo = self.reached - done
            if not todo:
                break
            for name in sorted(todo):
                done.add(name)
                t = self.types[name]
                if t["kind"] == "UNION":
                    for m in self.composite[name]:
                        if m not in self.keep:
                            raise SubsetError(f"union {name}: member {m} is not in KEEP")
                        self.reached.add(m)
                    continue
                for iface in t.get("interfaces") or []:
                    if iface["name"] in self.keep:
                        self.reached.add(iface["name"])
                for f, args in self.composite[name]:
                    where = f"{name}.{f['name']}"
                    self._use(f["type"], where, False)
                    for a in args:
                        self._use(a["type"], f"{where}({a['name']}:)", True)
        for d in DIRECTIVES:
            if d not in self.directives:
                raise SubsetError(f"directive @{d} is not in the published schema")
            for a in self.directives[d]["args"]:
                self._use(a["type"], f"@{d}({a['name']}:)", True)
        for s in SCALARS:
            t = self._published(s, "SCALARS")
            if t["kind"] != "SCALAR":
                raise SubsetError(f"SCALARS: {s} is not a scalar")
            self.leaf.add(s)
        unused = sorted(set(self.keep) - self.reached)
        if unused:
            raise SubsetError("KEEP entries not reachable from the root types: " + ", ".join(unused))

    def check_interfaces(self) -> None:
        for name, t in self.types.items():
            if name not in self.keep or t["kind"] not in ("OBJECT", "INTERFACE"):
                continue
            mine = {f["name"]: (f, args) for f, args in self.composite[name]}
            for iface in t.get("interfaces") or []:
                if iface["name"] not in self.keep:
                    continue
                for f, args in self.composite[iface["name"]]:
                    if f["name"] not in mine:
                        raise SubsetError(
                            f"{name} implements {iface['name']} but does not keep its field {f['name']}")
                    theirs = [a["name"] for a in args]
                    ours = [a["name"] for a in mine[f["name"]][1]]
                    if theirs != ours:
                        raise SubsetError(
                            f"{name}.{f['name']} must keep the arguments that {iface['name']}.{f['name']} keeps")

    # -- printing --

    def print_sdl(self, schema_sha256: str) -> str:
        out: list[str] = [
            "# Shopify Storefront API 2026-04: the subset served by buyflow's sample shop.",
            "#",
            "# GENERATED by samples/tools/extract_subset.py from the published schema; do not",
            "# edit by hand. Regenerate and check it with (see samples/README.md):",
            "#   python3 samples/tools/extract_subset.py --schema <storefront.schema.json> --output samples/storefront.graphql",
            "#   python3 samples/tools/check_subset.py --schema <storefront.schema.json> --subset samples/storefront.graphql",
            "#",
            "# Every type, field, argument, default value, enum value, interface and union member",
            "# below is exactly as published; descriptions are shortened to their first sentence.",
            f"# Cut from the published schema with sha256 {schema_sha256}.",
            "",
            "schema {",
            f"  query: {QUERY_TYPE}",
            f"  mutation: {MUTATION_TYPE}",
            "}",
            "",
        ]
        out.append(self._section("Directives"))
        for d in DIRECTIVES:
            out += self._print_directive(self.directives[d])
            out.append("")
        groups = [
            ("Root operation types", [QUERY_TYPE, MUTATION_TYPE]),
            ("Interfaces", self._names("INTERFACE", self.reached)),
            ("Objects", [n for n in self._names("OBJECT", self.reached) if n not in (QUERY_TYPE, MUTATION_TYPE)]),
            ("Unions", self._names("UNION", self.reached)),
            ("Input objects", self._names("INPUT_OBJECT", self.inputs)),
            ("Enums", self._names("ENUM", self.leaf)),
            ("Scalars", [n for n in self._names("SCALAR", self.leaf) if n not in BUILTIN_SCALARS]),
        ]
        for title, names in groups:
            out.append(self._section(title))
            for n in names:
                out += self._print_type(self.types[n])
                out.append("")
        return "\n".join(out).rstrip("\n") + "\n"

    def _names(self, kind: str, pool: set[str]) -> list[str]:
        return sorted(n for n in pool if self.types[n]["kind"] == kind)

    @staticmethod
    def _section(title: str) -> str:
        return f"# ---- {title} " + "-" * max(4, 80 - len(title) - 8) + "\n"

    def _print_directive(self, d: dict) -> list[str]:
        lines = print_description(d.get("description"), "")
        rendered = print_args(d["args"], "")
        tail = (" repeatable" if d.get("isRepeatable") else "") + " on " + " | ".join(d["locations"])
        if isinstance(rendered, str):
            lines.append(f"directive @{d['name']}{rendered}{tail}")
        else:
            lines.append(f"directive @{d['name']}{rendered[0]}")
            lines += rendered[1:-1]
            lines.append(rendered[-1] + tail)
        return lines

    def _print_type(self, t: dict) -> list[str]:
        name, kind = t["name"], t["kind"]
        lines = print_description(t.get("description"), "")
        if kind == "SCALAR":
            lines.append(f"scalar {name}")
        elif kind == "ENUM":
            lines.append(f"enum {name} {{")
            for v in t["enumValues"]:
                lines += print_description(v.get("description"), "  ")
                lines.append(f"  {v['name']}{print_deprecated(v)}")
            lines.append("}")
        elif kind == "INPUT_OBJECT":
            lines.append(f"input {name} {{")
            for f in t["inputFields"]:
                lines += print_description(f.get("description"), "  ")
                lines.append("  " + print_input_value(f))
            lines.append("}")
        elif kind == "UNION":
            lines.append(f"union {name} = " + " | ".join(self.composite[name]))
        else:
            keyword = "type" if kind == "OBJECT" else "interface"
            ifaces = [i["name"] for i in t.get("interfaces") or [] if i["name"] in self.reached]
            head = f"{keyword} {name}"
            if ifaces:
                head += " implements " + " & ".join(ifaces)
            lines.append(head + " {")
            for f, args in self.composite[name]:
                lines += print_field(f, args)
            lines.append("}")
        return lines


def validate(sdl: str) -> None:
    try:
        from graphql import build_schema, validate_schema
    except ImportError as exc:  # pragma: no cover
        raise SubsetError("graphql-core is needed to validate the output (pip install graphql-core), "
                          "or pass --no-validate") from exc
    schema = build_schema(sdl)
    errors = validate_schema(schema)
    if errors:
        raise SubsetError("the generated SDL is not a valid schema:\n" + "\n".join(f"  {e.message}" for e in errors))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--schema", required=True, type=Path,
                        help="the published Storefront introspection JSON (storefront.schema.json)")
    parser.add_argument("--output", required=True, type=Path, help="where to write the SDL subset")
    parser.add_argument("--no-validate", action="store_true",
                        help="skip the graphql-core build/validate step")
    opts = parser.parse_args(argv)
    try:
        raw = opts.schema.read_bytes()
        published = json.loads(raw.decode("utf-8"))
        ex = Extractor(published)
        ex.resolve()
        ex.close()
        ex.check_interfaces()
        sdl = ex.print_sdl(hashlib.sha256(raw).hexdigest())
        if not opts.no_validate:
            validate(sdl)
    except (OSError, json.JSONDecodeError, SubsetError) as exc:
        print(f"extract_subset: error: {exc}", file=sys.stderr)
        return 1
    opts.output.parent.mkdir(parents=True, exist_ok=True)
    opts.output.write_text(sdl, encoding="utf-8")
    counts: dict[str, int] = {}
    for n in ex.reached | ex.inputs | (ex.leaf - BUILTIN_SCALARS):
        k = ex.types[n]["kind"]
        counts[k] = counts.get(k, 0) + 1
    fields = sum(len(ex.composite[n]) for n in ex.reached if ex.types[n]["kind"] in ("OBJECT", "INTERFACE"))
    summary = ", ".join(f"{counts[k]} {k.lower().replace('_', ' ')}s" for k in sorted(counts))
    print(f"wrote {opts.output}: {sum(counts.values())} types ({summary}), {fields} output fields")
    return 0


if __name__ == "__main__":
    sys.exit(main())
