#!/usr/bin/env python3
"""Check a sample-shop catalog file against the format in samples/README.md.

    python3 samples/tools/check_catalog.py --catalog samples/catalog.json \
        [--subset samples/storefront.graphql] [--contract]

Checks the required keys and their JSON types, the global ID forms, that IDs and
handles are unique, that references resolve (variant images, selected options,
collection products), that prices are decimal strings, and that enum values (country,
currency, language, card brand, wallet, weight unit, delivery method) are values of
the subset schema's enums. `--contract` also checks the minimum that the sample
shop's contract requires of the default catalog. Exits 1 and lists the problems if
any; prints a summary otherwise.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

DECIMAL = re.compile(r"^-?\d+(\.\d+)?$")
HANDLE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
COLOR = re.compile(r"^#[0-9A-Fa-f]{6}$")
DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")
GIFT_CARD_CODE = re.compile(r"^[A-Za-z0-9]{8,20}$")
EMAIL = re.compile(r"^[^@\s]+@[^@\s.][^@\s]*\.[^@\s]*[^@\s.]$")
PHONE = re.compile(r"^\+[0-9]{7,15}$")
API_VERSION = re.compile(r"^(\d{4}-(01|04|07|10)|unstable)$")


def gid(kind: str) -> re.Pattern[str]:
    return re.compile(rf"^gid://shopify/{kind}/[1-9][0-9]*$")


class Check:
    def __init__(self, enums: dict[str, set[str]] | None):
        self.problems: list[str] = []
        self.enums = enums
        self.ids: dict[str, str] = {}

    def bad(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    def keys(self, where: str, d: dict, allowed: str) -> None:
        """Unknown keys are typos; keys starting with `$` are free (comments)."""
        names = allowed.split()
        for k in d:
            if k not in names and not k.startswith("$"):
                self.bad(where, f"unknown key {k!r} (allowed: {', '.join(names)})")

    def obj(self, where: str, value: object) -> dict:
        if not isinstance(value, dict):
            self.bad(where, "must be an object")
            return {}
        return value

    def lst(self, where: str, value: object) -> list:
        if not isinstance(value, list):
            self.bad(where, "must be an array")
            return []
        return value

    def need(self, where: str, d: dict, key: str, kind: type | tuple, optional: bool = False,
             nullable: bool = False) -> object:
        if key not in d:
            if not optional:
                self.bad(where, f"missing required key {key!r}")
            return None
        v = d[key]
        if v is None and nullable:
            return None
        # bool is an int in Python; keep them apart.
        if (isinstance(v, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,))) \
                or not isinstance(v, kind):
            names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
            self.bad(f"{where}.{key}", f"must be {names}")
            return None
        return v

    def match(self, where: str, value: object, pattern: re.Pattern[str], what: str) -> None:
        if isinstance(value, str) and not pattern.match(value):
            self.bad(where, f"{value!r} is not {what}")

    def unique_id(self, where: str, value: object, kind: str) -> None:
        if not isinstance(value, str):
            self.bad(where, "id must be a string")
            return
        self.match(where, value, gid(kind), f"a gid://shopify/{kind}/<n> ID")
        if value in self.ids:
            self.bad(where, f"ID {value} is also used by {self.ids[value]}")
        self.ids[value] = where

    def enum(self, where: str, value: object, enum: str) -> None:
        if value is None or self.enums is None:
            return
        if enum not in self.enums:
            self.bad(where, f"the subset has no enum {enum}")
        elif value not in self.enums[enum]:
            self.bad(where, f"{value!r} is not a {enum} value")

    def decimal(self, where: str, value: object) -> None:
        if value is None:  # missing or mistyped: already reported
            return
        if not isinstance(value, str) or not DECIMAL.match(value):
            self.bad(where, f"{value!r} must be a decimal string such as \"12.50\"")

    def datetime(self, where: str, d: dict, key: str) -> None:
        v = self.need(where, d, key, str, optional=True)
        if v is not None:
            self.match(f"{where}.{key}", v, DATETIME, "an ISO 8601 date-time with a zone")

    def translations(self, where: str, d: dict, keys: tuple[str, ...]) -> None:
        t = self.need(where, d, "translations", dict, optional=True)
        for lang, fields in (t or {}).items():
            self.enum(f"{where}.translations", lang, "LanguageCode")
            for k, v in self.obj(f"{where}.translations.{lang}", fields).items():
                if k not in keys:
                    self.bad(f"{where}.translations.{lang}", f"unknown key {k!r} (allowed: {', '.join(keys)})")
                elif not isinstance(v, str):
                    self.bad(f"{where}.translations.{lang}.{k}", "must be a string")

    def image(self, where: str, img: object, kind: str) -> str | None:
        img = self.obj(where, img)
        if not img:
            return None
        self.keys(where, img, "id url altText width height")
        self.unique_id(f"{where}.id", img.get("id"), kind)
        url = self.need(where, img, "url", str)
        if url is not None and not url.startswith(("https://", "http://")):
            self.bad(f"{where}.url", "must be an absolute http(s) URL")
        self.need(where, img, "altText", str, optional=True, nullable=True)
        self.need(where, img, "width", int, optional=True, nullable=True)
        self.need(where, img, "height", int, optional=True, nullable=True)
        return img.get("id")

    def seo(self, where: str, d: dict) -> None:
        seo = self.need(where, d, "seo", dict, optional=True)
        if seo:
            self.keys(f"{where}.seo", seo, "title description")
            for k in ("title", "description"):
                self.need(f"{where}.seo", seo, k, str, optional=True, nullable=True)

    # ---- sections ----

    def shop(self, shop: dict) -> None:
        w = "shop"
        self.keys(w, shop, "id name description currencyCode countryCode moneyFormat primaryDomain "
                           "shipsToCountries paymentSettings brand")
        self.unique_id(f"{w}.id", shop.get("id"), "Shop")
        self.need(w, shop, "name", str)
        self.need(w, shop, "description", str, optional=True, nullable=True)
        self.enum(f"{w}.currencyCode", self.need(w, shop, "currencyCode", str), "CurrencyCode")
        self.enum(f"{w}.countryCode", self.need(w, shop, "countryCode", str), "CountryCode")
        self.need(w, shop, "moneyFormat", str, optional=True)
        dom = self.obj(f"{w}.primaryDomain", self.need(w, shop, "primaryDomain", dict))
        if dom:
            self.keys(f"{w}.primaryDomain", dom, "host url sslEnabled")
            self.need(f"{w}.primaryDomain", dom, "host", str)
            url = self.need(f"{w}.primaryDomain", dom, "url", str)
            if url is not None and (not url.startswith("https://") or url.endswith("/")):
                self.bad(f"{w}.primaryDomain.url", "must be an https:// URL without a trailing slash")
            self.need(f"{w}.primaryDomain", dom, "sslEnabled", bool, optional=True)
        for i, c in enumerate(self.lst(f"{w}.shipsToCountries", shop.get("shipsToCountries", []))):
            self.enum(f"{w}.shipsToCountries[{i}]", c, "CountryCode")
        ps = self.need(w, shop, "paymentSettings", dict, optional=True) or {}
        self.keys(f"{w}.paymentSettings", ps,
                  "acceptedCardBrands cardVaultUrl supportedDigitalWallets shopifyPaymentsAccountId")
        for i, b in enumerate(self.lst(f"{w}.paymentSettings.acceptedCardBrands", ps.get("acceptedCardBrands", []))):
            self.enum(f"{w}.paymentSettings.acceptedCardBrands[{i}]", b, "CardBrand")
        for i, b in enumerate(self.lst(f"{w}.paymentSettings.supportedDigitalWallets",
                                       ps.get("supportedDigitalWallets", []))):
            self.enum(f"{w}.paymentSettings.supportedDigitalWallets[{i}]", b, "DigitalWallet")
        self.need(f"{w}.paymentSettings", ps, "cardVaultUrl", str, optional=True)
        self.need(f"{w}.paymentSettings", ps, "shopifyPaymentsAccountId", str, optional=True, nullable=True)
        brand = self.need(w, shop, "brand", dict, optional=True, nullable=True)
        if brand:
            self.keys(f"{w}.brand", brand, "slogan shortDescription colors logo squareLogo coverImage")
            for k in ("logo", "squareLogo", "coverImage"):
                if brand.get(k) is not None:
                    self.image(f"{w}.brand.{k}", brand[k], "MediaImage")
            self.need(f"{w}.brand", brand, "slogan", str, optional=True, nullable=True)
            self.need(f"{w}.brand", brand, "shortDescription", str, optional=True, nullable=True)
            colors = self.need(f"{w}.brand", brand, "colors", dict, optional=True) or {}
            self.keys(f"{w}.brand.colors", colors, "primary secondary")
            for group in ("primary", "secondary"):
                for i, g in enumerate(self.lst(f"{w}.brand.colors.{group}", colors.get(group, []))):
                    for k in ("background", "foreground"):
                        v = self.obj(f"{w}.brand.colors.{group}[{i}]", g).get(k)
                        if v is not None:
                            self.match(f"{w}.brand.colors.{group}[{i}].{k}", v, COLOR, "a #RRGGBB color")

    def currencies(self, items: list, shop_currency: str | None) -> None:
        seen_countries: set[str] = set()
        for i, c in enumerate(items):
            w = f"presentmentCurrencies[{i}]"
            c = self.obj(w, c)
            self.keys(w, c, "currencyCode rate countries")
            code = self.need(w, c, "currencyCode", str)
            self.enum(f"{w}.currencyCode", code, "CurrencyCode")
            if code is not None and code == shop_currency:
                self.bad(f"{w}.currencyCode", "is the shop's own currency")
            rate = self.need(w, c, "rate", str)
            if rate is not None:
                self.decimal(f"{w}.rate", rate)
                if DECIMAL.match(rate) and float(rate) <= 0:
                    self.bad(f"{w}.rate", "must be positive")
            for j, country in enumerate(self.lst(f"{w}.countries", c.get("countries", []))):
                self.enum(f"{w}.countries[{j}]", country, "CountryCode")
                if country in seen_countries:
                    self.bad(f"{w}.countries[{j}]", f"{country} is mapped to two currencies")
                seen_countries.add(country)

    def api_versions(self, items: list) -> None:
        handles = set()
        for i, v in enumerate(items):
            w = f"apiVersions[{i}]"
            v = self.obj(w, v)
            self.keys(w, v, "handle displayName supported")
            h = self.need(w, v, "handle", str)
            self.match(f"{w}.handle", h, API_VERSION, "a YYYY-MM release or 'unstable'")
            if h in handles:
                self.bad(f"{w}.handle", f"{h} is listed twice")
            handles.add(h)
            self.need(w, v, "displayName", str)
            self.need(w, v, "supported", bool)
        if items and "2026-04" not in handles:
            self.bad("apiVersions", "must list 2026-04, the version of the schema")

    def products(self, items: list) -> dict[str, dict]:
        by_handle: dict[str, dict] = {}
        for i, p in enumerate(items):
            w = f"products[{i}]"
            p = self.obj(w, p)
            self.keys(w, p, "id handle title description descriptionHtml vendor productType tags createdAt "
                            "updatedAt publishedAt seo images options variants translations")
            self.unique_id(f"{w}.id", p.get("id"), "Product")
            handle = self.need(w, p, "handle", str)
            if handle is not None:
                self.match(f"{w}.handle", handle, HANDLE, "a handle (lowercase words joined by '-')")
                if handle in by_handle:
                    self.bad(f"{w}.handle", f"{handle} is used twice")
                by_handle[handle] = p
                w = f"products[{handle}]"
            self.need(w, p, "title", str)
            for k in ("description", "descriptionHtml", "vendor", "productType"):
                self.need(w, p, k, str, optional=True)
            for j, t in enumerate(self.lst(f"{w}.tags", p.get("tags", []))):
                if not isinstance(t, str):
                    self.bad(f"{w}.tags[{j}]", "must be a string")
            for k in ("createdAt", "updatedAt", "publishedAt"):
                self.datetime(w, p, k)
            self.seo(w, p)
            self.translations(w, p, ("title", "description", "descriptionHtml"))
            images = {self.image(f"{w}.images[{j}]", img, "ProductImage")
                      for j, img in enumerate(self.lst(f"{w}.images", p.get("images", [])))}
            options: dict[str, list[str]] = {}
            for j, o in enumerate(self.lst(f"{w}.options", p.get("options", []))):
                ow = f"{w}.options[{j}]"
                o = self.obj(ow, o)
                self.keys(ow, o, "id name values")
                self.unique_id(f"{ow}.id", o.get("id"), "ProductOption")
                name = self.need(ow, o, "name", str)
                values = []
                for k, v in enumerate(self.lst(f"{ow}.values", o.get("values", []))):
                    v = self.obj(f"{ow}.values[{k}]", v)
                    self.keys(f"{ow}.values[{k}]", v, "id name swatch")
                    sw = self.need(f"{ow}.values[{k}]", v, "swatch", dict, optional=True, nullable=True)
                    if sw:
                        self.keys(f"{ow}.values[{k}].swatch", sw, "color image")
                        self.match(f"{ow}.values[{k}].swatch.color", sw.get("color"), COLOR, "a #rrggbb colour")
                        if sw.get("image") is not None:
                            self.image(f"{ow}.values[{k}].swatch.image", sw["image"], "MediaImage")
                    self.unique_id(f"{ow}.values[{k}].id", v.get("id"), "ProductOptionValue")
                    values.append(self.need(f"{ow}.values[{k}]", v, "name", str))
                if name is not None:
                    options[name] = values
            variants = self.lst(f"{w}.variants", p.get("variants"))
            if not variants:
                self.bad(w, "needs at least one variant")
            combos = set()
            for j, v in enumerate(variants):
                vw = f"{w}.variants[{j}]"
                v = self.obj(vw, v)
                self.keys(vw, v, "id title price compareAtPrice sku barcode quantityAvailable availableForSale "
                                 "selectedOptions image weight weightUnit requiresShipping taxable")
                self.unique_id(f"{vw}.id", v.get("id"), "ProductVariant")
                self.need(vw, v, "title", str)
                self.decimal(f"{vw}.price", self.need(vw, v, "price", str))
                cap = self.need(vw, v, "compareAtPrice", str, optional=True, nullable=True)
                if cap is not None:
                    self.decimal(f"{vw}.compareAtPrice", cap)
                self.need(vw, v, "sku", str, optional=True, nullable=True)
                self.need(vw, v, "barcode", str, optional=True, nullable=True)
                qty = self.need(vw, v, "quantityAvailable", int, optional=True, nullable=True)
                if qty is not None and qty < 0:
                    self.bad(f"{vw}.quantityAvailable", "must not be negative")
                self.need(vw, v, "availableForSale", bool, optional=True)
                for k in ("requiresShipping", "taxable"):
                    self.need(vw, v, k, bool, optional=True)
                self.need(vw, v, "weight", (int, float), optional=True, nullable=True)
                self.enum(f"{vw}.weightUnit", self.need(vw, v, "weightUnit", str, optional=True), "WeightUnit")
                img = self.need(vw, v, "image", str, optional=True, nullable=True)
                if img is not None and img not in images:
                    self.bad(f"{vw}.image", f"{img} is not one of the product's images")
                selected = []
                for k, so in enumerate(self.lst(f"{vw}.selectedOptions", v.get("selectedOptions", []))):
                    so = self.obj(f"{vw}.selectedOptions[{k}]", so)
                    n, val = so.get("name"), so.get("value")
                    if n not in options:
                        self.bad(f"{vw}.selectedOptions[{k}]", f"{n!r} is not an option of the product")
                    elif val not in options[n]:
                        self.bad(f"{vw}.selectedOptions[{k}]", f"{val!r} is not a value of option {n!r}")
                    selected.append((n, val))
                if options and sorted(n for n, _ in selected) != sorted(options):
                    self.bad(f"{vw}.selectedOptions", "must name each of the product's options once")
                if tuple(selected) in combos:
                    self.bad(f"{vw}.selectedOptions", "the same options as another variant")
                combos.add(tuple(selected))
        return by_handle

    def collections(self, items: list, products: dict[str, dict]) -> None:
        handles = set()
        for i, c in enumerate(items):
            w = f"collections[{i}]"
            c = self.obj(w, c)
            self.keys(w, c, "id handle title description descriptionHtml image updatedAt seo products translations")
            self.unique_id(f"{w}.id", c.get("id"), "Collection")
            h = self.need(w, c, "handle", str)
            if h is not None:
                self.match(f"{w}.handle", h, HANDLE, "a handle")
                if h in handles:
                    self.bad(f"{w}.handle", f"{h} is used twice")
                handles.add(h)
                w = f"collections[{h}]"
            self.need(w, c, "title", str)
            for k in ("description", "descriptionHtml"):
                self.need(w, c, k, str, optional=True)
            self.datetime(w, c, "updatedAt")
            self.seo(w, c)
            self.translations(w, c, ("title", "description", "descriptionHtml"))
            if c.get("image") is not None:
                self.image(f"{w}.image", c["image"], "CollectionImage")
            for j, ph in enumerate(self.lst(f"{w}.products", c.get("products", []))):
                if ph not in products:
                    self.bad(f"{w}.products[{j}]", f"no product has the handle {ph!r}")

    def discounts(self, items: list) -> None:
        codes = set()
        for i, d in enumerate(items):
            w = f"discountCodes[{i}]"
            d = self.obj(w, d)
            self.keys(w, d, "code title valueType value")
            code = self.need(w, d, "code", str)
            if code is not None:
                if code.upper() in codes:
                    self.bad(f"{w}.code", f"{code} is listed twice (codes are case-insensitive)")
                codes.add(code.upper())
            self.need(w, d, "title", str, optional=True)
            kind = self.need(w, d, "valueType", str)
            if kind not in (None, "PERCENTAGE", "FIXED_AMOUNT"):
                self.bad(f"{w}.valueType", "must be PERCENTAGE or FIXED_AMOUNT")
            value = self.need(w, d, "value", str)
            if value is not None:
                self.decimal(f"{w}.value", value)
                if kind == "PERCENTAGE" and DECIMAL.match(value) and not 0 < float(value) <= 100:
                    self.bad(f"{w}.value", "a percentage must be in (0, 100]")

    def gift_cards(self, items: list, shop_currency: str | None) -> None:
        codes = set()
        for i, g in enumerate(items):
            w = f"giftCards[{i}]"
            g = self.obj(w, g)
            self.keys(w, g, "code balance currencyCode")
            code = self.need(w, g, "code", str)
            if code is not None:
                self.match(f"{w}.code", code, GIFT_CARD_CODE, "a gift card code (8 to 20 letters and digits)")
                if code.upper() in codes:
                    self.bad(f"{w}.code", f"{code} is listed twice (codes are case-insensitive)")
                codes.add(code.upper())
            self.decimal(f"{w}.balance", self.need(w, g, "balance", str))
            currency = self.need(w, g, "currencyCode", str, optional=True)
            if currency is not None and shop_currency is not None and currency != shop_currency:
                self.bad(f"{w}.currencyCode", f"must be the shop currency {shop_currency}")

    def customers(self, items: list) -> None:
        tokens = set()
        for i, c in enumerate(items):
            w = f"customers[{i}]"
            c = self.obj(w, c)
            self.keys(w, c, "accessToken id email firstName lastName phone acceptsMarketing tags numberOfOrders "
                            "createdAt updatedAt")
            token = self.need(w, c, "accessToken", str)
            if token is not None:
                if not token:
                    self.bad(f"{w}.accessToken", "must not be empty")
                if token in tokens:
                    self.bad(f"{w}.accessToken", f"{token} is used twice")
                tokens.add(token)
            self.unique_id(f"{w}.id", c.get("id"), "Customer")
            email = self.need(w, c, "email", str, optional=True)
            if email is not None:
                self.match(f"{w}.email", email, EMAIL, "an email address")
            phone = self.need(w, c, "phone", str, optional=True)
            if phone is not None:
                self.match(f"{w}.phone", phone, PHONE, "an E.164 phone number such as +16135551111")
            for k in ("firstName", "lastName"):
                self.need(w, c, k, str, optional=True)
            self.need(w, c, "acceptsMarketing", bool, optional=True)
            orders = self.need(w, c, "numberOfOrders", int, optional=True)
            if orders is not None and orders < 0:
                self.bad(f"{w}.numberOfOrders", "must not be negative")
            for k, t in enumerate(self.lst(f"{w}.tags", c.get("tags", []))):
                if not isinstance(t, str):
                    self.bad(f"{w}.tags[{k}]", "must be a string")
            self.datetime(w, c, "createdAt")
            self.datetime(w, c, "updatedAt")

    def bundles(self, items: list, products: dict[str, dict]) -> None:
        variants = {v.get("id") for p in products.values() for v in p.get("variants", []) if isinstance(v, dict)}
        bundle_ids = {b.get("variant") for b in items if isinstance(b, dict)}
        seen = set()
        for i, b in enumerate(items):
            w = f"bundles[{i}]"
            b = self.obj(w, b)
            self.keys(w, b, "variant components")
            vid = self.need(w, b, "variant", str)
            if vid is not None:
                if vid not in variants:
                    self.bad(f"{w}.variant", f"no variant has the ID {vid}")
                if vid in seen:
                    self.bad(f"{w}.variant", f"{vid} is a bundle twice")
                seen.add(vid)
            parts = self.lst(f"{w}.components", self.need(w, b, "components", list))
            if "components" in b and not parts:
                self.bad(f"{w}.components", "must list at least one component")
            names = set()
            for k, c in enumerate(parts):
                cw = f"{w}.components[{k}]"
                c = self.obj(cw, c)
                self.keys(cw, c, "variant quantity")
                cid = self.need(cw, c, "variant", str)
                if cid is not None:
                    if cid not in variants:
                        self.bad(f"{cw}.variant", f"no variant has the ID {cid}")
                    if cid in bundle_ids:
                        self.bad(f"{cw}.variant", f"{cid} is a bundle itself; bundles do not nest")
                    if cid in names:
                        self.bad(f"{cw}.variant", f"{cid} is listed twice; give it a quantity instead")
                    names.add(cid)
                q = self.need(cw, c, "quantity", int, optional=True)
                if q is not None and q < 1:
                    self.bad(f"{cw}.quantity", "must be at least 1")

    def delivery(self, items: list) -> None:
        handles = set()
        for i, o in enumerate(items):
            w = f"deliveryOptions[{i}]"
            o = self.obj(w, o)
            self.keys(w, o, "handle title code description deliveryMethodType price")
            h = self.need(w, o, "handle", str)
            if h in handles:
                self.bad(f"{w}.handle", f"{h} is used twice")
            handles.add(h)
            self.need(w, o, "title", str)
            for k in ("code", "description"):
                self.need(w, o, k, str, optional=True, nullable=True)
            self.enum(f"{w}.deliveryMethodType", self.need(w, o, "deliveryMethodType", str, optional=True),
                      "DeliveryMethodType")
            self.decimal(f"{w}.price", self.need(w, o, "price", str))

    # ---- online-store content ----

    def handle(self, where: str, d: dict, seen: set[str], what: str) -> str | None:
        h = self.need(where, d, "handle", str)
        if h is not None:
            self.match(f"{where}.handle", h, HANDLE, "lowercase words joined by '-'")
            if h in seen:
                self.bad(f"{where}.handle", f"duplicate {what} handle {h!r}")
            seen.add(h)
        return h

    def pages(self, items: list) -> set[str]:
        seen: set[str] = set()
        for i, pg in enumerate(items):
            w = f"pages[{i}]"
            pg = self.obj(w, pg)
            self.keys(w, pg, "id handle title body bodySummary createdAt updatedAt seo")
            self.unique_id(f"{w}.id", pg.get("id"), "Page")
            self.handle(w, pg, seen, "page")
            for k in ("title", "body"):
                self.need(w, pg, k, str)
            self.need(w, pg, "bodySummary", str, optional=True)
            for k in ("createdAt", "updatedAt"):
                self.datetime(w, pg, k)
            self.seo(w, pg)
        return seen

    def blogs(self, items: list) -> tuple[set[str], set[str]]:
        blogs: set[str] = set()
        articles: set[str] = set()
        for i, b in enumerate(items):
            w = f"blogs[{i}]"
            b = self.obj(w, b)
            self.keys(w, b, "id handle title seo articles")
            self.unique_id(f"{w}.id", b.get("id"), "Blog")
            bh = self.handle(w, b, blogs, "blog")
            self.need(w, b, "title", str)
            self.seo(w, b)
            seen: set[str] = set()
            for j, a in enumerate(self.lst(f"{w}.articles", b.get("articles", []))):
                aw = f"{w}.articles[{j}]"
                a = self.obj(aw, a)
                self.keys(aw, a, "id handle title contentHtml excerptHtml author image publishedAt updatedAt tags seo")
                self.unique_id(f"{aw}.id", a.get("id"), "Article")
                ah = self.handle(aw, a, seen, "article")
                if bh and ah:
                    articles.add(f"{bh}/{ah}")
                for k in ("title", "contentHtml"):
                    self.need(aw, a, k, str)
                self.need(aw, a, "excerptHtml", str, optional=True, nullable=True)
                if self.need(aw, a, "publishedAt", str) is not None:
                    self.datetime(aw, a, "publishedAt")
                self.datetime(aw, a, "updatedAt")
                author = self.obj(f"{aw}.author", self.need(aw, a, "author", dict))
                if author:
                    self.keys(f"{aw}.author", author, "firstName lastName email name bio")
                    for k in ("firstName", "lastName", "email"):
                        self.need(f"{aw}.author", author, k, str)
                    for k in ("name", "bio"):
                        self.need(f"{aw}.author", author, k, str, optional=True, nullable=True)
                if a.get("image") is not None:
                    self.image(f"{aw}.image", a["image"], "ArticleImage")
                for k, tag in enumerate(self.lst(f"{aw}.tags", a.get("tags", []))):
                    if not isinstance(tag, str):
                        self.bad(f"{aw}.tags[{k}]", "must be a string")
                self.seo(aw, a)
        return blogs, articles

    RESOURCE_TYPES = {"PRODUCT": "product", "COLLECTION": "collection", "PAGE": "page", "BLOG": "blog",
                      "ARTICLE": "article", "SHOP_POLICY": "shop policy"}
    FIXED_TYPES = {"CATALOG", "COLLECTIONS", "SEARCH", "FRONTPAGE"}

    def menu_items(self, where: str, items: list, resources: dict[str, set[str]]) -> None:
        for i, it in enumerate(items):
            w = f"{where}[{i}]"
            it = self.obj(w, it)
            self.keys(w, it, "id title type resource url tags items")
            self.unique_id(f"{w}.id", it.get("id"), "MenuItem")
            self.need(w, it, "title", str)
            kind = self.need(w, it, "type", str)
            self.enum(f"{w}.type", kind, "MenuItemType")
            res = self.need(w, it, "resource", str, optional=True)
            url = self.need(w, it, "url", str, optional=True)
            if kind in self.RESOURCE_TYPES:
                what = self.RESOURCE_TYPES[kind]
                if res is None:
                    self.bad(w, f"a {kind} item needs 'resource', the handle of a {what}")
                elif res not in resources[what]:
                    self.bad(f"{w}.resource", f"no {what} has the handle {res!r}")
            elif res is not None:
                self.bad(f"{w}.resource", f"a {kind} item links to no catalog resource")
            elif kind not in self.FIXED_TYPES and url is None:
                self.bad(w, f"a {kind} item needs 'url'")
            self.menu_items(f"{w}.items", self.lst(f"{w}.items", it.get("items", [])), resources)

    def content(self, cat: dict, products: dict[str, dict]) -> None:
        pages = self.pages(self.lst("pages", cat.get("pages", [])))
        blogs, articles = self.blogs(self.lst("blogs", cat.get("blogs", [])))
        policies = self.obj("policies", cat.get("policies", {}))
        keys = {"privacyPolicy": "privacy-policy", "refundPolicy": "refund-policy", "shippingPolicy": "shipping-policy",
                "termsOfService": "terms-of-service", "subscriptionPolicy": "subscription-policy"}
        self.keys("policies", policies, " ".join(keys))
        for k, pol in policies.items():
            if k in keys and pol is not None:
                pol = self.obj(f"policies.{k}", pol)
                self.keys(f"policies.{k}", pol, "id title body")
                self.unique_id(f"policies.{k}.id", pol.get("id"), "ShopPolicy")
                for f in ("title", "body"):
                    self.need(f"policies.{k}", pol, f, str)
        resources = {"product": set(products), "collection": {c.get("handle") for c in cat.get("collections", [])},
                     "page": pages, "blog": blogs, "article": articles,
                     "shop policy": {keys[k] for k in policies if k in keys} | {"subscription-policy"}}
        seen: set[str] = set()
        for i, m in enumerate(self.lst("menus", cat.get("menus", []))):
            w = f"menus[{i}]"
            m = self.obj(w, m)
            self.keys(w, m, "id handle title items")
            self.unique_id(f"{w}.id", m.get("id"), "Menu")
            self.handle(w, m, seen, "menu")
            self.need(w, m, "title", str)
            self.menu_items(f"{w}.items", self.lst(f"{w}.items", m.get("items", [])), resources)
        paths: set[str] = set()
        for i, r in enumerate(self.lst("urlRedirects", cat.get("urlRedirects", []))):
            w = f"urlRedirects[{i}]"
            r = self.obj(w, r)
            self.keys(w, r, "id path target")
            self.unique_id(f"{w}.id", r.get("id"), "UrlRedirect")
            path = self.need(w, r, "path", str)
            if path is not None:
                if not path.startswith("/"):
                    self.bad(f"{w}.path", "must start with '/'")
                if path.lower() in paths:
                    self.bad(f"{w}.path", f"{path} is redirected twice")
                paths.add(path.lower())
            target = self.need(w, r, "target", str)
            if target is not None and not target.startswith(("/", "https://", "http://")):
                self.bad(f"{w}.target", "must be a path starting with '/' or an absolute URL")


def contract(cat: dict, check: Check) -> None:
    """The default catalog's minimum, from the sample shop's contract."""
    def fail(msg: str) -> None:
        check.bad("contract", msg)

    shop = cat.get("shop", {})
    if shop.get("name") != "Sample Shoes" or shop.get("currencyCode") != "USD":
        fail('shop must be "Sample Shoes" in USD')
    products = {p.get("handle"): p for p in cat.get("products", [])}
    want = {
        "classic-sneaker": ("Classic Sneaker", [("8", "89.00", 50, True), ("9", "89.00", 50, True),
                                                ("10", "89.00", 50, True)]),
        "trail-runner": ("Trail Runner", [("9", "129.50", None, True), ("10", "129.50", 0, False)]),
        "wool-socks": ("Wool Socks", [("Default Title", "12.00", 5, True)]),
    }
    for handle, (title, variants) in want.items():
        p = products.get(handle)
        if p is None:
            fail(f"product {handle} is missing")
            continue
        if p.get("title") != title:
            fail(f"product {handle} must be titled {title!r}")
        got = [(v.get("title"), v.get("price"), v.get("quantityAvailable"), v.get("availableForSale", True))
               for v in p.get("variants", [])]
        if len(got) != len(variants):
            fail(f"product {handle} must have {len(variants)} variants")
        for (t, price, qty, avail), g in zip(variants, got):
            if g[0] != t or g[1] != price or (qty is not None and g[2] != qty) or g[3] != avail:
                fail(f"product {handle} variant {t!r}: want price {price}, stock {qty}, "
                     f"availableForSale {avail}; got {g}")
    order = [p.get("handle") for p in cat.get("products", [])]
    if order[:3] != ["classic-sneaker", "trail-runner", "wool-socks"]:
        fail("the first products must be classic-sneaker, trail-runner, wool-socks")
    shoes = [c for c in cat.get("collections", []) if c.get("handle") == "shoes"]
    if not shoes or shoes[0].get("products") != ["classic-sneaker", "trail-runner"]:
        fail("collection shoes must hold classic-sneaker and trail-runner")
    codes = {d.get("code"): d for d in cat.get("discountCodes", [])}
    w = codes.get("WELCOME10")
    if not w or w.get("valueType") != "PERCENTAGE" or w.get("value") not in ("10", "10.0", "10.00"):
        fail("discount code WELCOME10 must be 10 PERCENTAGE")
    # What the Hydrogen skeleton reads (Tests/SampleShopTests/HydrogenQueryConformanceTests.swift).
    menus = {m.get("handle") for m in cat.get("menus", [])}
    if not {"main-menu", "footer"} <= menus:
        fail("menus main-menu and footer (the Hydrogen skeleton's header and footer) must be present")
    if "news" not in {b.get("handle") for b in cat.get("blogs", [])}:
        fail("blog news must be present")


def load_enums(subset: Path) -> dict[str, set[str]]:
    from graphql import GraphQLEnumType, build_schema
    schema = build_schema(subset.read_text(encoding="utf-8"))
    return {name: set(t.values) for name, t in schema.type_map.items() if isinstance(t, GraphQLEnumType)}


def main(argv: list[str] | None = None) -> int:
    here = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--catalog", type=Path, default=here / "catalog.json")
    parser.add_argument("--subset", type=Path, default=here / "storefront.graphql",
                        help="the SDL whose enums the catalog's codes must belong to")
    parser.add_argument("--contract", action="store_true",
                        help="also require the default catalog's contract minimum")
    opts = parser.parse_args(argv)
    try:
        cat = json.loads(opts.catalog.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        print(f"check_catalog: error: {exc}", file=sys.stderr)
        return 2
    try:
        enums = load_enums(opts.subset)
    except ImportError:
        print("check_catalog: graphql-core not installed, enum values not checked", file=sys.stderr)
        enums = None
    check = Check(enums)
    cat = check.obj("catalog", cat)
    if cat.get("catalogFormat") != 1:
        check.bad("catalogFormat", "must be 1")
    check.keys("catalog", cat, "catalogFormat shop presentmentCurrencies apiVersions products collections "
                               "discountCodes giftCards customers bundles deliveryOptions pages blogs menus "
                               "urlRedirects policies")
    shop = check.obj("shop", check.need("catalog", cat, "shop", dict))
    check.shop(shop)
    check.currencies(check.lst("presentmentCurrencies", cat.get("presentmentCurrencies", [])),
                     shop.get("currencyCode"))
    check.api_versions(check.lst("apiVersions", cat.get("apiVersions", [])))
    products = check.products(check.lst("products", cat.get("products")))
    check.collections(check.lst("collections", cat.get("collections", [])), products)
    check.discounts(check.lst("discountCodes", cat.get("discountCodes", [])))
    check.gift_cards(check.lst("giftCards", cat.get("giftCards", [])), shop.get("currencyCode"))
    check.customers(check.lst("customers", cat.get("customers", [])))
    check.bundles(check.lst("bundles", cat.get("bundles", [])), products)
    check.delivery(check.lst("deliveryOptions", cat.get("deliveryOptions", [])))
    check.content(cat, products)
    if opts.contract:
        contract(cat, check)
    if check.problems:
        for p in check.problems:
            print(f"catalog: {p}", file=sys.stderr)
        print(f"check_catalog: {len(check.problems)} problem(s) in {opts.catalog}", file=sys.stderr)
        return 1
    variants = sum(len(p.get("variants", [])) for p in cat.get("products", []))
    print(f"{opts.catalog}: OK: {len(products)} products, {variants} variants, "
          f"{len(cat.get('collections', []))} collections, {len(cat.get('discountCodes', []))} discount codes, "
          f"{len(cat.get('giftCards', []))} gift cards, {len(cat.get('customers', []))} customers, "
          f"{len(cat.get('bundles', []))} bundles, {len(cat.get('deliveryOptions', []))} delivery options, "
          f"{len(cat.get('apiVersions', []))} API versions, "
          f"{len(cat.get('pages', []))} pages, {len(cat.get('blogs', []))} blogs, {len(cat.get('menus', []))} menus, "
          f"{len(cat.get('urlRedirects', []))} URL redirects"
          + (" (contract minimum present)" if opts.contract else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
