import BuyflowCore
import CFuzzerDriver
import YAML

/// libFuzzer entry point: any bytes through the YAML loader (one document and a stream,
/// duplicate keys as errors and kept), every node walked, every diagnostic rendered with
/// its source excerpt.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let path = "fuzz.yaml"
    let source = SourceFile(path: path, text: String(decoding: bytes, as: UTF8.self))
    let renderer = DiagnosticRenderer(sources: [source])
    // Small limits, so the fuzzer explores them rather than running out of memory.
    let limits = YAMLLimits(maxDepth: 64, maxAliasExpansion: 10_000, maxFileSize: 1 << 20, maxScalarLength: 1 << 16)
    for duplicateKeys in [YAMLParser.DuplicateKeys.error, .keep] {
        do {
            let node = try YAMLParser.parse(bytes: bytes, path: path, limits: limits, duplicateKeys: duplicateKeys)
            walk(node)
        } catch {
            _ = renderer.render(error.diagnostics)
        }
    }
    do {
        for node in try YAMLParser.parseDocuments(bytes: bytes, path: path, limits: limits) { walk(node) }
    } catch {
        _ = renderer.render(error.diagnostics)
    }
    return 0
}

/// Touches every node: its description, located value and typed accessors.
func walk(_ node: YAMLNode) {
    _ = node.location
    _ = node.endLocation
    switch node.content {
    case .scalar:
        _ = try? node.expectInt()
        _ = try? node.expectBool()
        _ = try? node.expectString()
    case .sequence(let items):
        for item in items { walk(item) }
    case .mapping(let pairs):
        for pair in pairs {
            walk(pair.key)
            walk(pair.value)
        }
    }
    _ = node.located
    _ = node.description.count
}

/// The executable's entry point (SwiftPM names it `fuzz_yaml_main` and links it as `main`):
/// libFuzzer's driver, with the command line's libFuzzer flags.
@_cdecl("fuzz_yaml_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzYAML(data, size) }
}
