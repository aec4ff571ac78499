import Testing
@testable import GraphQLKit
import BuyflowCore

/// Spec 6.3.2 "Field Collection": response order, aliases, merging by response key,
/// fragments and `@skip`/`@include`.
@Suite("Execution: collecting fields")
struct ExecutionCollectFieldsTests {
    @Test func productByHandleFromJSON() {
        expectExecution(
            #"{ product(handle: "classic-sneaker") { id title price { amount currencyCode } tags } }"#,
            #"{"data":{"product":{"id":"gid://shop/Product/1","title":"Classic Sneaker","price":{"amount":"89.00","currencyCode":"USD"},"tags":["shoes","classic"]}}}"#
        )
    }

    @Test func responseFollowsSelectionOrderNotDataOrder() {
        expectExecution(
            #"{ product(handle: "wool-socks") { tags title id handle } }"#,
            #"{"data":{"product":{"tags":["socks"],"title":"Wool Socks","id":"gid://shop/Product/3","handle":"wool-socks"}}}"#
        )
    }

    @Test func aliasesGiveSeveralKeysForOneField() {
        expectExecution(
            #"{ a: product(handle: "wool-socks") { name: title } b: product(handle: "trail-runner") { name: title } }"#,
            #"{"data":{"a":{"name":"Wool Socks"},"b":{"name":"Trail Runner"}}}"#
        )
    }

    @Test func sameResponseKeyMergesSubselections() {
        expectExecution(
            """
            {
              product(handle: "classic-sneaker") { id price { amount } }
              product(handle: "classic-sneaker") { title price { currencyCode } }
            }
            """,
            #"{"data":{"product":{"id":"gid://shop/Product/1","price":{"amount":"89.00","currencyCode":"USD"},"title":"Classic Sneaker"}}}"#
        )
    }

    @Test func mergedKeyKeepsPositionOfFirstOccurrence() {
        expectExecution(
            #"{ product(handle: "wool-socks") { title id title handle id } }"#,
            #"{"data":{"product":{"title":"Wool Socks","id":"gid://shop/Product/3","handle":"wool-socks"}}}"#
        )
    }

    @Test func fragmentsAndInlineFragmentsMergeInOrder() {
        expectExecution(
            """
            query { product(handle: "wool-socks") { ...Names ... on Product { id ...Names } ... { stock } } }
            fragment Names on Product { title handle }
            """,
            #"{"data":{"product":{"title":"Wool Socks","handle":"wool-socks","id":"gid://shop/Product/3","stock":5}}}"#
        )
    }

    @Test func typenameOnObjectsAndRoot() {
        expectExecution(
            #"{ __typename product(handle: "wool-socks") { __typename kind: __typename } }"#,
            #"{"data":{"__typename":"Query","product":{"__typename":"Product","kind":"Product"}}}"#
        )
    }

    @Test func fieldArgumentsOfMergedFieldsComeFromTheFirst() {
        expectExecution(
            #"{ product(handle: "classic-sneaker") { variants(first: 1) { title } variants(first: 1) { id } } }"#,
            #"{"data":{"product":{"variants":[{"title":"8","id":"gid://shop/Variant/11"}]}}}"#
        )
    }

    @Test func unknownFieldsAndFragmentsAreSkipped() {
        // Validation rejects these; execution ignores them rather than failing.
        expectExecution(
            #"{ product(handle: "wool-socks") { title nope ...Missing ... on Nowhere { id } } }"#,
            #"{"data":{"product":{"title":"Wool Socks"}}}"#
        )
    }

    // MARK: - @skip and @include

    @Test(arguments: [
        ("@skip(if: true)", false), ("@skip(if: false)", true), ("@include(if: true)", true),
        ("@include(if: false)", false), ("@skip(if: false) @include(if: true)", true),
        ("@skip(if: true) @include(if: true)", false), ("@skip(if: false) @include(if: false)", false),
    ])
    func constantConditions(directives: String, included: Bool) {
        let expected = included
            ? #"{"data":{"product":{"id":"gid://shop/Product/3","title":"Wool Socks"}}}"#
            : #"{"data":{"product":{"id":"gid://shop/Product/3"}}}"#
        expectExecution(#"{ product(handle: "wool-socks") { id title \#(directives) } }"#, expected)
        expectExecution(#"{ product(handle: "wool-socks") { id ... on Product \#(directives) { title } } }"#, expected)
        expectExecution(
            #"query { product(handle: "wool-socks") { id ...T \#(directives) } } fragment T on Product { title }"#, expected
        )
    }

    @Test(arguments: [
        (#"{"skip": true, "include": true}"#, false), (#"{"skip": false, "include": true}"#, true),
        (#"{"skip": false, "include": false}"#, false), (#"{"include": true}"#, true), (#"{}"#, false),
    ])
    func variableConditions(variables: String, included: Bool) {
        let query = """
        query ($skip: Boolean = false, $include: Boolean = false) {
          product(handle: "wool-socks") { id title @skip(if: $skip) @include(if: $include) }
        }
        """
        expectExecution(
            query, variables: variables,
            included
                ? #"{"data":{"product":{"id":"gid://shop/Product/3","title":"Wool Socks"}}}"#
                : #"{"data":{"product":{"id":"gid://shop/Product/3"}}}"#
        )
    }

    @Test func includedLaterOccurrenceTakesItsPosition() {
        // The first `title` is excluded, so `title` comes after `id` (its first included occurrence).
        let query = #"query ($show: Boolean!) { product(handle: "wool-socks") { title @include(if: $show) id title } }"#
        expectExecution(query, variables: #"{"show": false}"#, #"{"data":{"product":{"id":"gid://shop/Product/3","title":"Wool Socks"}}}"#)
        expectExecution(query, variables: #"{"show": true}"#, #"{"data":{"product":{"title":"Wool Socks","id":"gid://shop/Product/3"}}}"#)
    }

    @Test func conditionsOnRootFields() {
        let query = #"query ($a: Boolean!) { x: product(handle: "wool-socks") @include(if: $a) { id } __typename }"#
        expectExecution(query, variables: #"{"a": true}"#, #"{"data":{"x":{"id":"gid://shop/Product/3"},"__typename":"Query"}}"#)
        expectExecution(query, variables: #"{"a": false}"#, #"{"data":{"__typename":"Query"}}"#)
    }

    @Test func mergedSubselectionsFollowConditions() {
        let query = """
        query ($more: Boolean!) {
          product(handle: "classic-sneaker") { price { amount } }
          product(handle: "classic-sneaker") @include(if: $more) { price { currencyCode } title }
        }
        """
        expectExecution(query, variables: #"{"more": false}"#, #"{"data":{"product":{"price":{"amount":"89.00"}}}}"#)
        expectExecution(
            query, variables: #"{"more": true}"#,
            #"{"data":{"product":{"price":{"amount":"89.00","currencyCode":"USD"},"title":"Classic Sneaker"}}}"#
        )
    }

    @Test func conditionsInsideListItemsAndAbstractTypes() {
        let query = """
        query ($x: Boolean!) {
          products(first: 2) { handle title @include(if: $x) }
          search(query: "sh") { __typename ... on Collection @skip(if: $x) { title } ... on Product { tags @include(if: $x) } }
        }
        """
        expectExecution(
            query, variables: #"{"x": true}"#,
            #"{"data":{"products":[{"handle":"classic-sneaker","title":"Classic Sneaker"},{"handle":"trail-runner","title":"Trail Runner"}],"search":[{"__typename":"Collection"}]}}"#
        )
        expectExecution(
            query, variables: #"{"x": false}"#,
            #"{"data":{"products":[{"handle":"classic-sneaker"},{"handle":"trail-runner"}],"search":[{"__typename":"Collection","title":"Shoes"}]}}"#
        )
    }

    @Test func deferIsExecutedInline() {
        expectExecution(
            #"{ product(handle: "wool-socks") { id ... @defer { title } } }"#,
            #"{"data":{"product":{"id":"gid://shop/Product/3","title":"Wool Socks"}}}"#
        )
    }

    @Test func fragmentSpreadTwiceIsCollectedOnce() {
        expectExecution(
            #"query { product(handle: "wool-socks") { ...T ...T } } fragment T on Product { title }"#,
            #"{"data":{"product":{"title":"Wool Socks"}}}"#
        )
    }
}
