import BuyflowCore
import CFuzzerDriver

/// libFuzzer entry point: any bytes through the JSON tree parser and the located parser;
/// what parses must serialize and parse again to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let parser = JSONParser(path: "fuzz.json")
    guard let value = try? parser.parse(bytes) else {
        _ = try? parser.parseLocated(bytes)
        return 0
    }
    _ = try? parser.parseLocated(bytes)
    let again = JSONSerializer(pretty: false).bytes(value)
    guard let reparsed = try? parser.parse(bytes: again) else {
        fatalError("serialized JSON does not parse again: \(String(decoding: again, as: UTF8.self))")
    }
    if !sameValue(reparsed, value) {
        fatalError("JSON round trip changed the value: \(String(decoding: again, as: UTF8.self))")
    }
    return 0
}

/// Equality that treats NaN-free numbers by their serialized text (doubles may print
/// differently than written but must round-trip through our own serializer).
func sameValue(_ a: JSONValue, _ b: JSONValue) -> Bool {
    JSONSerializer(pretty: false).bytes(a) == JSONSerializer(pretty: false).bytes(b)
}

/// The executable's entry point (SwiftPM names it `fuzz_json_main` and links it as `main`):
/// libFuzzer's driver, with the command line's libFuzzer flags.
@_cdecl("fuzz_json_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzJSON(data, size) }
}
