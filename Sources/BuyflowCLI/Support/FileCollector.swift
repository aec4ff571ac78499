import BuyflowCore
import Foundation

/// Expands command-line paths: a file stays as given, a folder becomes every file in it
/// (recursively, or only at its top with `recursive: false`) with one of the wanted
/// extensions, sorted.
enum FileCollector {
    static func collect(_ paths: [String], extensions: Set<String>, recursive: Bool = true) throws(Diagnostic) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Diagnostic.error("no such file or folder '\(path)'", code: "cli.path")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            var found: [String] = []
            if let enumerator = manager.enumerator(atPath: path) {
                while let relative = enumerator.nextObject() as? String {
                    if !recursive, relative.contains("/") { continue }
                    let ext = (relative as NSString).pathExtension.lowercased()
                    guard extensions.contains(ext) else { continue }
                    found.append(path.hasSuffix("/") ? path + relative : path + "/" + relative)
                }
            }
            if found.isEmpty {
                let list = extensions.sorted().map { ".\($0)" }.joined(separator: ", ")
                throw Diagnostic.error("folder '\(path)' holds no \(list) file", code: "cli.path")
            }
            files.append(contentsOf: found.sorted())
        }
        return files
    }
}
