import BuyflowCore
import CFuzzerDriver
import BuyflowWorkflow
import Foundation
import SampleShop

/// A directory of this process's own, holding the fuzzed workflow file.
let directory: String = {
    let path = NSTemporaryDirectory() + "buyflow-fuzz-workflow-\(ProcessInfo.processInfo.processIdentifier)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()
let workflowPath = directory + "/fuzz.yaml"

/// Loader options: the sample shop's schema, no environment, no published schemas.
let options: WorkflowLoader.Options = {
    var options = WorkflowLoader.Options()
    options.sampleShopSchema = SampleShop.storefrontSchema
    options.usePublishedSchema = false
    options.environment = ["PARTNER_TOKEN": "fuzz-token"]
    return options
}()

/// libFuzzer entry point: any bytes as a workflow file through the whole loader (YAML,
/// keys, templates and expressions, GraphQL against the schema, static checks), every
/// diagnostic rendered with the files it read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWorkflow(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard FileManager.default.createFile(atPath: workflowPath, contents: bytes) else {
        fatalError("cannot write \(workflowPath)")
    }
    let result = WorkflowLoader.load(path: workflowPath, options: options)
    _ = DiagnosticRenderer(sources: result.sources).render(result.diagnostics)
    if result.workflow == nil, !result.hasErrors {
        fatalError("no workflow and no error")
    }
    return 0
}

/// The executable's entry point (SwiftPM names it `fuzz_workflow_main` and links it as `main`):
/// libFuzzer's driver, with the command line's libFuzzer flags.
@_cdecl("fuzz_workflow_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzWorkflow(data, size) }
}
