import BuyflowCore
import BuyflowWorkflow
import Testing

/// A step's operation that spreads fragments of `documents:` files is sent with them.
@Suite struct DocumentFragmentTests {
    @Test("operation: Name and query: send the fragments they borrow from documents files, and only those")
    func lentFragments() throws {
        let result = try LoaderInputTests.load("""
            version: 1
            name: Fragments
            documents: [ops.graphql, shared.graphql]
            steps:
              - name: Named
                operation: ShopName
              - name: Inline
                query: "query Domain { shop { ...ShopDomain } }"
            """, files: [
                "ops.graphql": "query ShopName { shop { ...ShopFields } }\n\nfragment Own on Shop { id }\n",
                "shared.graphql": "fragment ShopFields on Shop { name ...ShopDomain }\nfragment ShopDomain on Shop { primaryDomain { url } }\nfragment Unused on Shop { id }\n",
            ])
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        let steps = try #require(result.workflow?.steps)
        var texts: [String] = []
        for step in steps {
            guard case .operation(let source) = step.body else { continue }
            texts.append(source.text)
        }
        #expect(texts == [
            "query ShopName { shop { ...ShopFields } }\n\nfragment ShopFields on Shop { name ...ShopDomain }\n\nfragment ShopDomain on Shop { primaryDomain { url } }",
            "query Domain { shop { ...ShopDomain } }\n\nfragment ShopDomain on Shop { primaryDomain { url } }",
        ])
    }
}
