import BuyflowCore
import Testing
@testable import BuyflowExpressions

@Suite struct DecimalTests {
    @Test(arguments: [
        ("decimal(data.cartCreate.cart.cost.totalAmount.amount) == 160.2", true),
        ("decimal(data.cartCreate.cart.cost.totalAmount.amount) == 160.20", true),
        ("decimal(data.cartCreate.cart.cost.totalAmount.amount) == '160.2'", true),
        ("decimal(data.cartCreate.cart.cost.totalAmount.amount) == 160.21", false),
        ("decimal(data.cartCreate.cart.cost.totalAmount.amount) > 160", true),
        ("decimal(data.cartCreate.cart.cost.totalAmount.amount) < 160.200001", true),
        ("decimal('0.1') + decimal('0.2') == decimal('0.3')", true),
        ("decimal('0.1') + decimal('0.2') == 0.3", true),
        ("0.1 + 0.2 == 0.3", false),
        ("decimal('160.20') == 160.2", true),
        ("decimal('1.0') == decimal('1.00')", true),
        ("decimal(2) == 2", true),
        ("decimal('-3.5') < -3", true),
        ("decimal('10') > decimal('9.99')", true),
        ("decimal('1e2') == 100", true),
        ("decimal('1') == 'one'", false),
        ("decimal('1') == null", false),
        ("decimal('2.50') in [1, 2.5]", true),
        ("decimal(0.1) == decimal('0.1')", true),
        ("decimal(12345678901234567) == 12345678901234567", true),
        ("decimal('99999999999999.99') + decimal('0.01') == decimal('100000000000000')", true),
        ("decimal('0.000000000000000001') > 0", true),
    ])
    func decimalComparisons(text: String, expected: Bool) throws {
        #expect(try evaluate(text) == .bool(expected), "\(text)")
    }

    /// A decimal leaves the evaluator as a string in canonical form, carrying the larger scale.
    @Test(arguments: [
        ("decimal('160.20')", "160.20"),
        ("decimal('160.20') + 1", "161.20"),
        ("decimal('160.20') - 0.2", "160.00"),
        ("decimal('0.1') + decimal('0.2')", "0.3"),
        ("1 + decimal('0.05')", "1.05"),
        ("-decimal('0.05')", "-0.05"),
        ("decimal(160.2)", "160.2"),
        ("decimal(7)", "7"),
        ("decimal('+3')", "3"),
        ("decimal('2.5e-3')", "0.0025"),
        ("sum(['160.20', '0.30'])", "160.50"),
        ("sum([decimal('1.5'), 2])", "3.5"),
        ("[decimal('1.5')]", ["1.5"]),
    ] as [(String, JSONValue)])
    func decimalResults(text: String, expected: JSONValue) throws {
        #expect(try evaluate(text) == expected)
    }

    @Test(arguments: [
        ("decimal('')", "\"\" is not a decimal number"),
        ("decimal('1.2.3')", "\"1.2.3\" is not a decimal number"),
        ("decimal('1234567890123456789012345678901234567')", "is not a decimal number"),
        ("decimal('0.0000000000000000001')", "is not a decimal number"),
        ("decimal(1e300)", "is not a decimal number"),
        ("decimal('9223372036854775807') + 1", "decimal overflow in '+'"),
        ("decimal('1') + 'x'", "cannot add a string to a decimal"),
        ("decimal('1') < 'x'", "cannot compare a decimal with a string"),
    ])
    func decimalErrors(text: String, message: String) {
        #expect(failure(text)?.message.contains(message) == true, "\(String(describing: failure(text)))")
    }

    @Test func exactParsing() {
        #expect(DecimalNumber.exact("160.20") == DecimalNumber(units: 16020, scale: 2))
        #expect(DecimalNumber.exact("-0.5") == DecimalNumber(units: -5, scale: 1))
        #expect(DecimalNumber.exact("1.5E2") == DecimalNumber(units: 150, scale: 0))
        #expect(DecimalNumber.exact("1.") == DecimalNumber(units: 1, scale: 0))
        #expect(DecimalNumber.exact(".5") == DecimalNumber(units: 5, scale: 1))
        #expect(DecimalNumber.exact(".") == nil)
        #expect(DecimalNumber.exact("-") == nil)
        #expect(DecimalNumber.exact("1e") == nil)
        #expect(DecimalNumber.exact("1e999") == nil)
        #expect(DecimalNumber.exact(.double(1e-5)) == DecimalNumber(units: 1, scale: 5))
        #expect(DecimalNumber.exact(.double(.nan)) == nil)
        #expect(DecimalNumber(units: Int.max, scale: 0).compared(to: DecimalNumber(units: Int.max, scale: 18)) == 1)
    }
}
