import BuyflowCore
import CFuzzerDriver
import GraphQLKit
import SampleShop

/// The schema operations are validated against: the sample shop's Storefront subset.
let schema = SampleShop.storefrontSchema

/// libFuzzer entry point: any text through the GraphQL parser, the printer (whose output
/// must parse again), and the validator against the Storefront schema; every diagnostic
/// rendered. Also parsed as a value literal and a type reference.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGraphQL(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let path = "fuzz.graphql"
    let renderer = DiagnosticRenderer(sources: [SourceFile(path: path, text: text)])
    _ = try? Parser.parseValue(text, path: path)
    _ = try? Parser.parseType(text, path: path)
    let document: Document
    do {
        document = try Parser.parse(text, path: path, options: ParseOptions(maxTokens: 20_000, maxDepth: 64))
    } catch {
        _ = renderer.render([error])
        return 0
    }
    let diagnostics = Validator.validate(document, against: schema)
    _ = renderer.render(diagnostics)
    let printed = Printer.print(document)
    do {
        _ = try Parser.parse(printed, path: "printed.graphql")
    } catch {
        fatalError("the printed document does not parse again (\(error.message)):\n\(printed)")
    }
    return 0
}

/// The executable's entry point (SwiftPM names it `fuzz_graphql_main` and links it as `main`):
/// libFuzzer's driver, with the command line's libFuzzer flags.
@_cdecl("fuzz_graphql_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzGraphQL(data, size) }
}
