import BuyflowCore
import BuyflowTestSupport
import Foundation
import Testing
@testable import SampleShop

/// Every query the Hydrogen skeleton template sends (extracted, unchanged, into
/// `Tests/Conformance/storefront-clients/skeleton/`), run against the sample shop with
/// the variables the template would send for the default catalog: data, no errors, and
/// the values a storefront would show.
@Suite("Hydrogen skeleton queries run against the sample shop")
struct HydrogenQueryConformanceTests {
    static let folder = RepositoryPaths.file("Tests/Conformance/storefront-clients/skeleton")

    /// Documents another suite covers (the cart query needs a cart).
    static let coveredElsewhere: Set<String> = ["CartQuery"]

    /// What Hydrogen's storefront client adds to every query that declares them.
    static let locale: [(String, JSONValue)] = [("country", "US"), ("language", "EN")]

    struct Case: Sendable, CustomTestStringConvertible {
        let document: String
        let variables: JSONValue
        let check: @Sendable (JSONValue) -> Void
        var testDescription: String { document }
    }

    static func handles(_ data: JSONValue, _ path: String) -> [String] {
        data.at(path)?.arrayValue?.compactMap { $0["handle"]?.stringValue } ?? []
    }

    static let cases: [Case] = [
        Case(document: "Header", variables: ["headerMenuHandle": "main-menu"]) { data in
            #expect(data.string("shop.name") == "Sample Shoes")
            #expect(data.string("shop.primaryDomain.url") == "https://sample-shoes.example.invalid")
            #expect(data.string("shop.brand.logo.image.url") == "https://cdn.example.invalid/sample-shoes/brand/logo.png")
            #expect(data.string("menu.id") == "gid://shopify/Menu/1")
            #expect(data.at("menu.items")?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["Shoes", "Outdoor", "Accessories", "Catalog", "News", "About us"])
            #expect(data.at("menu.items[0].items")?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["Classic Sneaker", "Trail Runner", "Summer picks"])
        },
        Case(document: "Footer", variables: ["footerMenuHandle": "footer"]) { data in
            #expect(data.string("menu.items[1].title") == "Privacy Policy")
            #expect(data.string("menu.items[1].url") == "https://sample-shoes.example.invalid/policies/privacy-policy")
            #expect(data.count("menu.items") == 8)
        },
        Case(document: "Product", variables: ["handle": "canvas-slip-on", "selectedOptions": [["name": "Color", "value": "White"], ["name": "Size", "value": "9"]]]) { data in
            #expect(data.string("product.handle") == "canvas-slip-on")
            #expect(data.string("product.encodedVariantExistence") == "v1_0:0-1,1:0-1,")
            #expect(data.string("product.options[0].optionValues[0].swatch.color") == "#1f2a44")
            #expect(data.string("product.selectedOrFirstAvailableVariant.title") == "White / 9")
            #expect(data.at("product.adjacentVariants")?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["Navy / 9", "White / 8"])
        },
        Case(document: "Collection", variables: ["handle": "shoes", "first": 8]) { data in
            #expect(data.string("collection.title") == "Shoes")
            #expect(handles(data, "collection.products.nodes") == ["classic-sneaker", "trail-runner"])
            #expect(data.string("collection.products.nodes[0].priceRange.minVariantPrice.amount") == "89.00")
        },
        Case(document: "Catalog", variables: ["first": 8]) { data in
            #expect(handles(data, "products.nodes").count == 8)
            #expect(data.bool("products.pageInfo.hasNextPage") == true)
        },
        Case(document: "StoreCollections", variables: ["first": 8]) { data in
            #expect(handles(data, "collections.nodes") == ["shoes", "accessories", "outdoor"])
        },
        Case(document: "FeaturedCollection", variables: [:]) { data in
            #expect(handles(data, "collections.nodes") == ["outdoor"])
        },
        Case(document: "RecommendedProducts", variables: [:]) { data in
            #expect(handles(data, "products.nodes").count == 4)
        },
        Case(document: "Page", variables: ["handle": "about"]) { data in
            #expect(data.string("page.title") == "About us")
            #expect(data.string("page.seo.title") == "About Sample Shoes")
        },
        Case(document: "Policies", variables: [:]) { data in
            #expect(data.string("shop.privacyPolicy.handle") == "privacy-policy")
            #expect(data.string("shop.termsOfService.title") == "Terms of Service")
            #expect(data.at("shop.subscriptionPolicy.id") == .null)
        },
        Case(document: "Policy", variables: ["privacyPolicy": false, "refundPolicy": true, "shippingPolicy": false, "termsOfService": false]) { data in
            #expect(data.string("shop.refundPolicy.body") == "<p>Return unworn shoes within 30 days for a full refund.</p>")
            #expect(data["shop"]?["privacyPolicy"] == nil, "@include(if: false) leaves it out")
        },
        Case(document: "Blogs", variables: ["first": 10]) { data in
            #expect(handles(data, "blogs.nodes") == ["news"])
        },
        Case(document: "Blog", variables: ["blogHandle": "news", "first": 4]) { data in
            #expect(data.string("blog.title") == "News")
            #expect(handles(data, "blog.articles.nodes") == ["spring-collection", "caring-for-leather-boots", "trail-running-tips"])
            #expect(data.string("blog.articles.nodes[0].author.name") == "Alex Rivera")
        },
        Case(document: "Article", variables: ["blogHandle": "news", "articleHandle": "caring-for-leather-boots"]) { data in
            #expect(data.string("blog.articleByHandle.title") == "Caring for leather boots")
            #expect(data.string("blog.articleByHandle.author.name") == "Sam Lee")
        },
        Case(document: "RegularSearch", variables: ["term": "trail", "first": 8]) { data in
            #expect(handles(data, "products.nodes") == ["trail-runner", "trail-sandal"])
            #expect(data.string("products.nodes[0].trackingParameters")?.hasPrefix("_pos=1&_sid=") == true)
            #expect(handles(data, "articles.nodes") == ["trail-running-tips", "spring-collection"], "title first, then content")
            #expect(handles(data, "pages.nodes") == ["size-guide"])
        },
        Case(document: "PredictiveSearch", variables: ["term": "trail", "limit": 10, "limitScope": "EACH",
                                                       "types": ["ARTICLE", "COLLECTION", "PAGE", "PRODUCT", "QUERY"]]) { data in
            #expect(handles(data, "predictiveSearch.products") == ["trail-runner", "trail-sandal"])
            #expect(handles(data, "predictiveSearch.articles") == ["trail-running-tips"])
            #expect(data.string("predictiveSearch.queries[1].text") == "trail runner")
            #expect(data.string("predictiveSearch.queries[1].styledText") == "<mark>trail</mark> runner")
        },
    ]

    static func document(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name + ".graphql"), encoding: .utf8)
    }

    @Test("the document runs unchanged, with data and no errors", arguments: cases)
    func runs(_ testCase: Case) throws {
        let shop = try TestShop()
        let text = try Self.document(testCase.document)
        guard case .object(var variables) = testCase.variables else { throw RawHTTPClient.Failure(description: "variables must be an object") }
        for (name, value) in Self.locale where text.contains("$\(name):") || text.contains("$\(name) :") { variables[name] = value }
        let json = try shop.graphql(text, variables: .object(variables))
        #expect(json["errors"] == nil, "\(json["errors"] ?? .null)")
        let data = try #require(json["data"])
        testCase.check(data)
    }

    @Test("every query document of the skeleton has variables in the table")
    func tableIsComplete() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".graphql") }
        var queries: [String] = []
        for file in files {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
            let isQuery = text.split(separator: "\n").contains { $0.hasPrefix("query ") || $0.hasPrefix("query(") }
            if isQuery { queries.append(String(file.dropLast(".graphql".count))) }
        }
        #expect(!queries.isEmpty)
        let covered = Set(Self.cases.map(\.document)).union(Self.coveredElsewhere)
        #expect(Set(queries).subtracting(covered).sorted() == [], "add these documents to HydrogenQueryConformanceTests.cases")
        #expect(covered.subtracting(queries).sorted() == [], "the table names documents that are gone")
    }
}
