import BuyflowCore

/// The keys of every mapping of a catalog file (`samples/README.md` documents them):
/// what `DocumentReader.fields` checks and lists in its hints. Keys starting with `$` are
/// free for comments everywhere.
enum CatalogSpecs {
    static let money = ValueShape.pattern(#"^[0-9]+(\.[0-9]{1,2})?$"#)
    static let decimal = ValueShape.pattern(#"^[0-9]+(\.[0-9]+)?$"#)
    static let timestamp = ValueShape.pattern(#"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$"#)

    static func id(_ type: String) -> ValueShape { .pattern("^gid://shopify/\(type)/[1-9][0-9]*$") }

    static func spec(_ id: String, _ name: String, _ keys: [KeySpec], otherKeys: ValueShape? = nil) -> ObjectSpec {
        ObjectSpec(id, name: name, keys: keys, freeKeyPrefix: "$", otherKeys: otherKeys)
    }

    static let catalog = spec("catalog", "the catalog", [
        KeySpec("catalogFormat", required: true, .choice([.int(1)]), "the format version, 1"),
        KeySpec("shop", required: true, .object(shop), "the shop: id, name, currencyCode, countryCode, primaryDomain"),
        KeySpec("presentmentCurrencies", .list(.object(presentmentCurrency)), "other currencies and the countries that price in them"),
        KeySpec("apiVersions", .list(.object(apiVersion)), "what publicApiVersions returns; it must list 2026-04"),
        KeySpec("products", required: true, .list(.object(product)), "the products, in catalog order"),
        KeySpec("collections", .list(.object(collection)), "the collections"),
        KeySpec("discountCodes", .list(.object(discountCode)), "the discount codes a cart can apply"),
        KeySpec("giftCards", .list(.object(giftCard)), "the gift cards a cart can apply: {code, balance}"),
        KeySpec("customers", .list(.object(customer)), "the customers a buyer identity names by customerAccessToken"),
        KeySpec("bundles", .list(.object(bundle)), "variants sold as bundles of other variants: {variant, components}"),
        KeySpec("deliveryOptions", .list(.object(deliveryOption)), "the delivery options of every delivery group"),
        KeySpec("pages", .list(.object(page)), "the online store's content pages"),
        KeySpec("blogs", .list(.object(blog)), "the blogs, each with its articles"),
        KeySpec("menus", .list(.object(menu)), "the navigation menus (Hydrogen reads main-menu and footer)"),
        KeySpec("urlRedirects", .list(.object(urlRedirect)), "old paths and where they now lead"),
        KeySpec("policies", .object(policies), "the shop policies: privacyPolicy, refundPolicy, shippingPolicy, termsOfService, subscriptionPolicy"),
    ])

    // MARK: - Shop

    static let shop = spec("shop", "the shop", [
        KeySpec("id", required: true, id("Shop"), "the shop's global ID, gid://shopify/Shop/<n>"),
        KeySpec("name", required: true, .string, "the shop's name"),
        KeySpec("currencyCode", required: true, .string, "the shop currency (a CurrencyCode) all amounts are in"),
        KeySpec("countryCode", required: true, .string, "the shop's country (a CountryCode)"),
        KeySpec("primaryDomain", required: true, .object(primaryDomain), "{host, url, sslEnabled}"),
        KeySpec("description", .string),
        KeySpec("moneyFormat", .string, "a Liquid-style template such as \"${{amount}}\""),
        KeySpec("shipsToCountries", .list(.string), "CountryCode list"),
        KeySpec("paymentSettings", .object(paymentSettings)),
        KeySpec("brand", .object(brand)),
    ])

    static let primaryDomain = spec("primaryDomain", "the primary domain", [
        KeySpec("host", required: true, .string, "the domain's host name"),
        KeySpec("url", required: true, .pattern("^https://.*[^/]$"), "an https URL without a trailing slash"),
        KeySpec("sslEnabled", .boolean),
    ])

    static let paymentSettings = spec("paymentSettings", "the payment settings", [
        KeySpec("acceptedCardBrands", .list(.string), "CardBrand list"),
        KeySpec("cardVaultUrl", .string),
        KeySpec("supportedDigitalWallets", .list(.string), "DigitalWallet list"),
        KeySpec("shopifyPaymentsAccountId", .string),
    ])

    static let brand = spec("brand", "the brand", [
        KeySpec("slogan", .string), KeySpec("shortDescription", .string), KeySpec("colors", .object(brandColors)),
        KeySpec("logo", .object(mediaImage), "the default logo"), KeySpec("squareLogo", .object(mediaImage), "the square logo"),
        KeySpec("coverImage", .object(mediaImage), "the cover image"),
    ])

    static let brandColors = spec("brandColors", "the brand colours", [
        KeySpec("primary", .list(.object(colorPair))), KeySpec("secondary", .list(.object(colorPair))),
    ])

    static let colorPair = spec("colorPair", "a colour pair", [
        KeySpec("background", .pattern("^#[0-9A-Fa-f]{6}$")), KeySpec("foreground", .pattern("^#[0-9A-Fa-f]{6}$")),
    ])

    static let presentmentCurrency = spec("presentmentCurrency", "a presentment currency", [
        KeySpec("currencyCode", required: true, .string, "a CurrencyCode other than the shop's"),
        KeySpec("rate", required: true, decimal, "units of this currency one unit of the shop currency buys, a decimal string such as \"1.35\""),
        KeySpec("countries", .list(.string), "the CountryCodes that price in this currency"),
    ])

    static let apiVersion = spec("apiVersion", "an API version", [
        KeySpec("handle", required: true, .pattern("^([0-9]{4}-[0-9]{2}|unstable)$"), "YYYY-MM or unstable"),
        KeySpec("displayName", .string), KeySpec("supported", .boolean),
    ])

    // MARK: - Products

    static let product = spec("product", "a product", [
        KeySpec("id", required: true, id("Product"), "the product's global ID, gid://shopify/Product/<n>"),
        KeySpec("handle", required: true, .pattern("^[a-z0-9]+(-[a-z0-9]+)*$"), "unique, lowercase words joined by '-'"),
        KeySpec("title", required: true, .string, "the product's title"),
        KeySpec("variants", required: true, .list(.object(variant), minItems: 1), "at least one variant: {id, title, price}"),
        KeySpec("description", .string), KeySpec("descriptionHtml", .string), KeySpec("vendor", .string),
        KeySpec("productType", .string), KeySpec("tags", .list(.string)),
        KeySpec("createdAt", timestamp), KeySpec("updatedAt", timestamp), KeySpec("publishedAt", timestamp),
        KeySpec("seo", .object(seo)), KeySpec("images", .list(.object(productImage))),
        KeySpec("options", .list(.object(option))), KeySpec("translations", .object(translations)),
    ])

    static let option = spec("option", "a product option", [
        KeySpec("id", required: true, id("ProductOption"), "the option's global ID, gid://shopify/ProductOption/<n>"),
        KeySpec("name", required: true, .string, "the option's name, such as Size"),
        KeySpec("values", .list(.object(optionValue))),
    ])

    static let optionValue = spec("optionValue", "an option value", [
        KeySpec("id", required: true, id("ProductOptionValue"), "the value's global ID, gid://shopify/ProductOptionValue/<n>"),
        KeySpec("name", required: true, .string, "the value's name, such as 9"),
        KeySpec("swatch", .object(swatch), "how a storefront shows the value: {color, image}"),
    ])

    static let swatch = spec("swatch", "a swatch", [
        KeySpec("color", .pattern("^#[0-9A-Fa-f]{6}$"), "a colour #rrggbb"),
        KeySpec("image", .object(mediaImage), "a swatch image"),
    ])

    static let variant = spec("variant", "a variant", [
        KeySpec("id", required: true, id("ProductVariant"), "the variant's global ID, gid://shopify/ProductVariant/<n>"),
        KeySpec("title", required: true, .string, "the variant's title, such as \"Navy / 8\" or \"Default Title\""),
        KeySpec("price", required: true, money, "the price in the shop currency, a decimal string such as \"89.00\""),
        KeySpec("compareAtPrice", money), KeySpec("sku", .string), KeySpec("barcode", .string),
        KeySpec("quantityAvailable", .integer(minimum: 0, maximum: nil)), KeySpec("availableForSale", .boolean),
        KeySpec("selectedOptions", .list(.object(selectedOption))), KeySpec("image", .string),
        KeySpec("weight", .number), KeySpec("weightUnit", .string), KeySpec("requiresShipping", .boolean),
        KeySpec("taxable", .boolean),
    ])

    static let selectedOption = spec("selectedOption", "a selected option", [
        KeySpec("name", required: true, .string, "the name of one of the product's options"),
        KeySpec("value", required: true, .string, "one of that option's values"),
    ])

    // MARK: - Collections, discounts, delivery

    static let collection = spec("collection", "a collection", [
        KeySpec("id", required: true, id("Collection"), "the collection's global ID, gid://shopify/Collection/<n>"),
        KeySpec("handle", required: true, .pattern("^[a-z0-9]+(-[a-z0-9]+)*$"), "unique, lowercase words joined by '-'"),
        KeySpec("title", required: true, .string, "the collection's title"),
        KeySpec("description", .string), KeySpec("descriptionHtml", .string),
        KeySpec("image", .object(collectionImage)), KeySpec("updatedAt", timestamp), KeySpec("seo", .object(seo)),
        KeySpec("products", .list(.string), "the handles of its products"), KeySpec("translations", .object(translations)),
    ])

    static let discountCode = spec("discountCode", "a discount code", [
        KeySpec("code", required: true, .string, "the code a buyer enters"),
        KeySpec("valueType", required: true, .choice(["PERCENTAGE", "FIXED_AMOUNT"]), "PERCENTAGE or FIXED_AMOUNT"),
        KeySpec("value", required: true, decimal, "a decimal string: \"10\" is 10 % or 10.00 off"),
        KeySpec("title", .string),
    ])

    // MARK: - Gift cards, customers, bundles

    static let giftCard = spec("giftCard", "a gift card", [
        KeySpec("code", required: true, .pattern("^[A-Za-z0-9]{8,20}$"), "the code a buyer enters: 8 to 20 letters and digits"),
        KeySpec("balance", required: true, money, "the balance in the shop currency, a decimal string such as \"50.00\""),
        KeySpec("currencyCode", .string, "the shop currency (the default); gift cards are in the shop currency"),
    ])

    static let customer = spec("customer", "a customer", [
        KeySpec("accessToken", required: true, .string, "the customer access token a buyer identity names the customer by"),
        KeySpec("id", required: true, id("Customer"), "the customer's global ID, gid://shopify/Customer/<n>"),
        KeySpec("email", .string), KeySpec("firstName", .string), KeySpec("lastName", .string),
        KeySpec("phone", .string, "E.164, such as +16135551111"), KeySpec("acceptsMarketing", .boolean),
        KeySpec("tags", .list(.string)), KeySpec("numberOfOrders", .integer(minimum: 0, maximum: nil)),
        KeySpec("createdAt", timestamp), KeySpec("updatedAt", timestamp),
    ])

    static let bundle = spec("bundle", "a bundle", [
        KeySpec("variant", required: true, id("ProductVariant"), "the ID of the variant sold as the bundle"),
        KeySpec("components", required: true, .list(.object(bundleComponent), minItems: 1), "at least one component: {variant, quantity}"),
    ])

    static let bundleComponent = spec("bundleComponent", "a bundle component", [
        KeySpec("variant", required: true, id("ProductVariant"), "the ID of the component's variant"),
        KeySpec("quantity", .integer(minimum: 1, maximum: nil), "units in one bundle, default 1"),
    ])

    static let deliveryOption = spec("deliveryOption", "a delivery option", [
        KeySpec("handle", required: true, .string, "what cartSelectedDeliveryOptionsUpdate selects it by"),
        KeySpec("title", required: true, .string, "the option's title"),
        KeySpec("price", required: true, money, "the price in the shop currency, a decimal string such as \"5.00\""),
        KeySpec("code", .string), KeySpec("description", .string), KeySpec("deliveryMethodType", .string),
    ])

    // MARK: - Shared parts

    static let translations = spec("translations", "the translations", [], otherKeys: .object(translation))

    static let translation = spec("translation", "a translation", [
        KeySpec("title", .string), KeySpec("description", .string), KeySpec("descriptionHtml", .string),
    ])

    static let seo = spec("seo", "the SEO text", [KeySpec("title", .string), KeySpec("description", .string)])

    static let productImage = image("ProductImage")
    static let collectionImage = image("CollectionImage")

    private static func image(_ type: String) -> ObjectSpec {
        spec(type == "ProductImage" ? "productImage" : "collectionImage", "an image", [
            KeySpec("id", required: true, id(type), "the image's global ID, gid://shopify/\(type)/<n>"),
            KeySpec("url", required: true, .string, "the image's absolute URL"),
            KeySpec("altText", .string),
            KeySpec("width", .integer(minimum: 1, maximum: nil)), KeySpec("height", .integer(minimum: 1, maximum: nil)),
        ])
    }
}
