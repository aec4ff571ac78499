import BuyflowCore
import CFuzzerDriver
import BuyflowExpressions

/// What a fuzzed expression can see: a small response, captures, vars and headers.
let scope: ExpressionScope = {
    let json = #"""
        {"data": {"cart": {"id": "gid://shopify/Cart/1", "lines": {"nodes": [{"quantity": 2, "cost": {"amount": "12.50"}}]},
          "cost": {"totalAmount": {"amount": "25.00", "currencyCode": "USD"}}}, "userErrors": []},
         "status": 200, "headers": {"content-type": "application/json"}, "vars": {"quantity": 2, "name": "Wool Socks"},
         "captures": {"cartId": "gid://shopify/Cart/1"}, "env": {"HOME": "/root"}, "row": {"sku": "A-1"}}
        """#
    var values: [String: JSONValue] = [:]
    if case .object(let object) = try! JSONParser().parse(json) {
        for key in object.keys { values[key] = object[key] }
    }
    return ExpressionScope(values)
}()

/// libFuzzer entry point: any text as an expression (parsed, described, evaluated as a
/// value and as a condition) and as a string with `${…}` templates (parsed, rendered).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpression(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let expression = try? ExpressionParser.parse(text) {
        _ = expression.description
        _ = try? ExpressionEvaluator.evaluate(expression, in: scope)
        _ = try? ExpressionEvaluator.condition(expression, in: scope)
    }
    if Template.containsTemplate(text), let template = try? Template.parse(text) {
        _ = try? template.render(in: scope)
    }
    return 0
}

/// The executable's entry point (SwiftPM names it `fuzz_expression_main` and links it as `main`):
/// libFuzzer's driver, with the command line's libFuzzer flags.
@_cdecl("fuzz_expression_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzExpression(data, size) }
}
