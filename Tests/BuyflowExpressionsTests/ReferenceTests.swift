import BuyflowCore
import Testing
@testable import BuyflowExpressions

@Suite struct ReferenceTests {
    private func described(_ reference: ExpressionReference) -> String {
        var text = "\(reference.root)@\(reference.rootSpan.offset)"
        for component in reference.components {
            switch component.kind {
            case .member(let name): text += ".\(name)@\(component.span.offset)"
            case .index(let index): text += "[\(index)]@\(component.span.offset)"
            case .dynamic: text += "[?]@\(component.span.offset)"
            }
        }
        return reference.isExistenceTest ? "exists " + text : text
    }

    @Test(arguments: [
        ("data.cart.totalQantity == 2", ["data@0.cart@5.totalQantity@10"]),
        ("data.cartCreate.cart.lines.nodes[0].merchandise.id == vars.x",
         ["data@0.cartCreate@5.cart@16.lines@21.nodes@27[0]@32.merchandise@36.id@48", "vars@54.x@59"]),
        ("headers[\"x-request-id\"]", ["headers@0.x-request-id@7"]),
        ("list[vars.i].name", ["list@0[?]@4.name@13", "vars@5.i@10"]),
        ("exists(cartId) && len(errors) == 0", ["exists cartId@7", "errors@22"]),
        ("exists((cartId.id))", ["exists cartId@8.id@15"]),
        ("gid(node.id).type", ["node@4.id@9"]),
        ("[a, 1, b.c]", ["a@1", "b@7.c@9"]),
        ("!x && -y.z < 'w'", ["x@1", "y@7.z@9"]),
        ("steps.create-cart.data.id", ["steps@0.create-cart@6.data@18.id@23"]),
        ("1 + 2", []),
    ])
    func references(text: String, expected: [String]) throws {
        #expect(try ExpressionParser.parse(text).references.map(described) == expected)
    }

    @Test func referenceSpans() throws {
        let reference = try #require(try ExpressionParser.parse("  data.a[10]").references.first)
        #expect(reference.span == ExpressionSpan(offset: 2, length: 10))
        #expect(reference.shifted(by: 5).components.map(\.span.offset) == [12, 13])
    }

    @Test(arguments: [
        ("len(x) > 0 && exists(y) && len(z) > 0", [ExpressionFunction.len, .exists]),
        ("decimal(sum(gid(a).id))", [.decimal, .sum, .gid]),
        ("x[type(y)]", [.type]),
        ("a == b", []),
    ])
    func functionsCalled(text: String, expected: [ExpressionFunction]) throws {
        #expect(try ExpressionParser.parse(text).functionsCalled == expected)
    }
}
