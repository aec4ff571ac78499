import BuyflowCore
import Foundation

/// Reads the files diagnostics point into, so that the renderer can quote their lines.
enum SourceFiles {
    /// Files larger than this are not quoted.
    static let maxSize = 4 << 20

    /// The files at `paths`; unreadable and very large ones are left out.
    static func read(_ paths: some Sequence<String>) -> [SourceFile] {
        paths.compactMap { path in
            guard case .success(let data) = FileBytes.contents(of: path, limit: maxSize) else { return nil }
            return SourceFile(path: path, text: String(decoding: data, as: UTF8.self))
        }
    }

    /// The files the diagnostics' locations name (SDL schemas and documents have locations).
    static func quoted(by diagnostics: [Diagnostic]) -> [SourceFile] {
        read(Set(diagnostics.compactMap(\.location?.file)).sorted())
    }
}
