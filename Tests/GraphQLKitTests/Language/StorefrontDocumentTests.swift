import BuyflowCore
import GraphQLKit
import Testing

/// Real Storefront API documents: what a workflow step sends.
@Suite("Storefront documents")
struct StorefrontDocumentTests {
    private func fields(_ selectionSet: SelectionSet?) -> [String] {
        (selectionSet?.selections ?? []).map { selection in
            switch selection {
            case .field(let field): field.responseKey
            case .fragmentSpread(let spread): "..." + spread.name.value
            case .inlineFragment(let fragment): "... on " + (fragment.typeCondition?.value ?? "")
            }
        }
    }

    private func field(_ name: String, in selectionSet: SelectionSet?) -> Field? {
        for case .field(let field) in selectionSet?.selections ?? [] where field.responseKey == name { return field }
        return nil
    }

    @Test func cartCreateMutation() throws {
        let document = try Parser.parse(try LanguageFixtures.document("storefront-cart-create.graphql"), path: "cart-create.graphql")
        let mutation = try #require(document.operation(named: nil))
        #expect(mutation.operation == .mutation)
        #expect(mutation.name?.value == "CartCreate")
        #expect(mutation.variableDefinitions.map { "$\($0.variable.value): \($0.type)" } == [
            "$input: CartInput!", "$country: CountryCode", "$language: LanguageCode",
        ])
        #expect(mutation.directives.map(\.name.value) == ["inContext"])
        #expect(mutation.directives[0].arguments.map(\.value.kind) == [.variable("country"), .variable("language")])
        #expect(mutation.location.description == "2:1")

        let cartCreate = try #require(field("cartCreate", in: mutation.selectionSet))
        #expect(cartCreate.arguments.map(\.name.value) == ["input"])
        #expect(fields(cartCreate.selectionSet) == ["cart", "userErrors", "warnings"])
        #expect(fields(field("cart", in: cartCreate.selectionSet)?.selectionSet) == ["...CartFields"])
        #expect(fields(field("userErrors", in: cartCreate.selectionSet)?.selectionSet) == ["field", "message", "code"])

        let cartFields = try #require(document.fragment(named: "CartFields"))
        #expect(cartFields.typeCondition.value == "Cart")
        #expect(fields(cartFields.selectionSet) == ["id", "checkoutUrl", "totalQuantity", "buyerIdentity", "lines", "cost"])
        let lines = try #require(field("lines", in: cartFields.selectionSet))
        #expect(lines.arguments.first?.value.kind == .int("100"))
        let merchandise = field("merchandise", in: field("nodes", in: lines.selectionSet)?.selectionSet)
        #expect(fields(merchandise?.selectionSet) == ["... on ProductVariant"])
        #expect(document.sourceLocation(of: lines.location) == SourceLocation(file: "cart-create.graphql", line: 26, column: 3))
    }

    @Test func productQueryWithFragments() throws {
        let document = try Parser.parse(try LanguageFixtures.document("storefront-product.graphql"))
        let query = try #require(document.operation(named: "ProductByHandle"))
        #expect(query.variableDefinitions.map(\.type.description) == ["String!", "[SelectedOptionInput!]!", "CountryCode"])
        #expect(document.fragments.map { "\($0.name.value) on \($0.typeCondition.value)" } == [
            "ProductCore on Product", "VariantFields on ProductVariant", "ImageFields on Image",
        ])
        let product = try #require(field("product", in: query.selectionSet))
        #expect(fields(product.selectionSet) == ["...ProductCore", "selectedOrFirstAvailableVariant", "variants", "metafield", "seo"])
        let variant = try #require(field("selectedOrFirstAvailableVariant", in: product.selectionSet))
        #expect(variant.arguments.map(\.value.kind) == [.variable("selectedOptions"), .boolean(true), .boolean(true)])
        let metafield = try #require(field("metafield", in: product.selectionSet))
        #expect(metafield.arguments.map(\.value.kind) == [.string("custom", isBlock: false), .string("care_guide", isBlock: false)])

        let image = try #require(document.fragment(named: "ImageFields"))
        let url = try #require(field("url", in: image.selectionSet))
        #expect(url.arguments[0].value == (try Parser.parseConstValue("{maxWidth: 800, maxHeight: 800, crop: CENTER, preferredContentType: WEBP}")))
        // Fragment spreads, from every fragment: what validation will resolve.
        var spreads: [String] = []
        func collect(_ selectionSet: SelectionSet?) {
            for selection in selectionSet?.selections ?? [] {
                switch selection {
                case .field(let field): collect(field.selectionSet)
                case .fragmentSpread(let spread): spreads.append(spread.name.value)
                case .inlineFragment(let fragment): collect(fragment.selectionSet)
                }
            }
        }
        for definition in document.definitions {
            switch definition {
            case .operation(let operation): collect(operation.selectionSet)
            case .fragment(let fragment): collect(fragment.selectionSet)
            default: break
            }
        }
        #expect(spreads == ["ProductCore", "VariantFields", "VariantFields", "ImageFields", "ImageFields"])
        // The long argument list is printed one argument per line.
        #expect(Printer.print(document).contains("""
                selectedOrFirstAvailableVariant(
                  selectedOptions: $selectedOptions
                  ignoreUnknownOptions: true
                  caseInsensitiveMatch: true
                ) {
            """))
    }

    @Test func nodeWithInlineFragments() throws {
        let document = try Parser.parse(try LanguageFixtures.document("storefront-node.graphql"))
        let query = try #require(document.operation(named: "Node"))
        let node = try #require(field("node", in: query.selectionSet))
        #expect(node.arguments.map(\.name.value) == ["id"])
        #expect(fields(node.selectionSet) == ["__typename", "id", "... on Product", "... on Collection", "... on Metaobject"])
        guard case .inlineFragment(let product) = node.selectionSet?.selections[2] else {
            Issue.record("not an inline fragment")
            return
        }
        #expect(product.location.description == "5:5")
        #expect(product.typeCondition?.location.description == "5:12")
        #expect(fields(product.selectionSet) == ["title", "handle", "variants"])
        guard case .inlineFragment(let collection) = node.selectionSet?.selections[3] else { return }
        let products = try #require(field("products", in: collection.selectionSet))
        #expect(products.arguments.map(\.value.kind) == [.int("3"), .enumValue("BEST_SELLING")])
    }
}
