import BuyflowCore
import BuyflowReport
import Foundation

/// Reads the saved run reports `buyflow report render` and `report compare` take.
enum ReportFileReader {
    /// The run report at `path`; an unreadable file, invalid JSON or another format (a
    /// load report) is a diagnostic naming the file.
    static func read(_ path: String) throws(Diagnostic) -> RunDocument {
        let data: [UInt8]
        switch FileBytes.contents(of: path, limit: FileBytes.reportLimit) {
        case .success(let bytes): data = bytes
        case .failure(let failure): throw Diagnostic.error("cannot read report '\(path)': \(failure.reason)", code: "cli.path")
        }
        return try RunDocument(bytes: data, path: path)
    }
}
