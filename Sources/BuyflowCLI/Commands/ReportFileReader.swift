import BuyflowCore
import BuyflowReport
import Foundation

/// Reads the saved run reports `buyflow report render` and `report compare` take.
enum ReportFileReader {
    /// The run report at `path`; an unreadable file, invalid JSON or another format (a
    /// load report) is a diagnostic naming the file.
    static func read(_ path: String) throws(Diagnostic) -> RunDocument {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        guard exists, !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            let reason = !exists ? "no such file" : isDirectory.boolValue ? "it is a directory" : "it cannot be read"
            throw Diagnostic.error("cannot read report '\(path)': \(reason)", code: "cli.path")
        }
        return try RunDocument(bytes: [UInt8](data), path: path)
    }
}
