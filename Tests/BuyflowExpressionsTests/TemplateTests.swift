import BuyflowCore
import Testing
@testable import BuyflowExpressions

@Suite struct TemplateTests {
    /// A single template keeps its JSON type; anything longer renders as text.
    @Test(arguments: [
        ("${{ vars.qty }}", 2),
        ("  ${{ vars.qty }}\n", 2),
        ("${{vars.tags}}", ["a", "b"]),
        ("${{ data.cartCreate.cart.note }}", nil),
        ("${{ vars.flag }}", true),
        ("${{ decimal('1.50') }}", "1.50"),
        ("qty=${{ vars.qty }}", "qty=2"),
        ("${{ vars.name }} ${{ vars.qty }}", "Ada 2"),
        ("tags: ${{ vars.tags }}", "tags: [\"a\",\"b\"]"),
        ("note: ${{ data.cartCreate.cart.note }}", "note: null"),
        ("${{ vars.price }}€", "12.5€"),
        ("flag ${{ vars.flag }}", "flag true"),
        ("cost ${{ data.cartCreate.cart.cost.totalAmount }}", "cost {\"amount\":\"160.20\",\"currencyCode\":\"CAD\"}"),
        ("plain text", "plain text"),
        ("", ""),
        ("literal $${{ vars.qty }}", "literal ${{ vars.qty }}"),
        ("$${{ x }} and ${{ vars.qty }}", "${{ x }} and 2"),
        ("${{ '}}' + vars.name }}", "}}Ada"),
        ("a } b }} c", "a } b }} c"),
        ("$ ${ {{", "$ ${ {{"),
        ("$$${{ x }}", "$${{ x }}"),
        ("${{ headers['X-REQUEST-ID'] }}/${{ status }}", "r-1/200"),
    ] as [(String, JSONValue)])
    func renders(text: String, expected: JSONValue) throws {
        #expect(try Template.parse(text).render(in: sampleScope) == expected)
    }

    @Test func partsAndOffsets() throws {
        let template = try Template.parse("id: ${{ cartId }}!")
        guard template.parts.count == 3, case .expression(let expression, let offset) = template.parts[1] else {
            Issue.record("\(template.parts)")
            return
        }
        #expect(template.parts[0] == .text("id: "))
        #expect(template.parts[2] == .text("!"))
        #expect(offset == 7)
        #expect(expression.offset == 1)  // within " cartId "
        #expect(!template.isSingleExpression)
        #expect(try Template.parse(" ${{ a }} ").isSingleExpression)
        #expect(!(try Template.parse("${{ a }}${{ b }}").isSingleExpression))
        #expect(!(try Template.parse("text").isSingleExpression))
        #expect(!(try Template.parse("text").hasExpressions))
    }

    @Test(arguments: [
        ("abc", false), ("${{ x }}", true), ("a ${{", true), ("$${{ x }}", false), ("$$${{ x }}", false), ("${ {", false), ("", false),
    ])
    func detectsTemplates(text: String, expected: Bool) {
        #expect(Template.containsTemplate(text) == expected)
    }

    /// Parse errors are located in the whole string.
    @Test(arguments: [
        ("qty: ${{ vars.qty = 2 }}", "unexpected '='", 18, 1),
        ("é ${{ lenn(x) }}", "unknown function 'lenn'", 7, 4),
        ("a ${{ }}", "empty expression", 5, 1),
        ("a ${{ b", "missing '}}' to close '${{'", 2, 3),
        ("ok ${{ x }} then ${{ 'open }}", "missing '}}' to close '${{'", 17, 3),
        ("${{ a }} ${{ (b }}", "expected ')' to close the '(' at byte 1", 16, 0),
    ])
    func parseErrorsAreLocatedInTheWholeString(text: String, message: String, offset: Int, length: Int) {
        do {
            let template = try Template.parse(text)
            Issue.record("parsed \(template)")
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
            #expect(error.offset == offset)
            #expect(error.length == length)
        }
    }

    @Test func renderErrorsAreLocatedInTheWholeString() throws {
        let template = try Template.parse("cart ${{ cartid }}")
        let error = try #require(throws: ExpressionError.self) { try template.render(in: sampleScope) }
        #expect(error.message == "undefined name 'cartid'")
        #expect(error.offset == 9)
        #expect(error.length == 6)
        #expect(error.suggestion == "cartId")
    }

    @Test func referencesAreLocatedInTheWholeString() throws {
        let references = try Template.parse("x ${{ vars.a }} ${{ data.b[0] }}").references
        #expect(references.map(\.root) == ["vars", "data"])
        #expect(references.map(\.rootSpan.offset) == [6, 20])
        #expect(references[1].components.map(\.span.offset) == [25, 26])
    }
}

/// Templates that double their input end with a located error past 16 MiB (issue 27).
@Suite struct TemplateSizeTests {
    static let big = String(repeating: "x", count: 9 << 20)
    static let scope = ExpressionScope(["vars": ["v": .string(big), "list": .array(Array(repeating: .int(1), count: 600_000))]], caseInsensitiveRoots: [])

    @Test(arguments: ["${{ vars.v }}${{ vars.v }}", "a ${{ vars.v + vars.v }}", "${{ vars.list + vars.list }}"])
    func doublingIsBounded(text: String) throws {
        let template = try Template.parse(text)
        let error = try #require(throws: ExpressionError.self) { try template.render(in: Self.scope) }
        #expect(error.message.contains("16 MiB") || error.message.contains("1048576 items"), "\(error.message)")
    }

    @Test func withinTheBoundRenders() throws {
        let template = try Template.parse("${{ vars.v }}!")
        #expect(try template.render(in: Self.scope) == .string(Self.big + "!"))
    }
}
