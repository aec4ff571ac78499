import Foundation
import BuyflowCore
import YAML

/// Reading the files a workflow names, each registered as a source so diagnostics can
/// quote it.
extension LoadSession {
    /// The file's text, or `nil` with an error at `location` (the key that names it).
    mutating func readText(_ path: String, at location: SourceLocation?, what: String) -> String? {
        let bytes: [UInt8]
        switch FileBytes.contents(of: path) {
        case .success(let read):
            bytes = read
        case .failure(.missing):
            error("cannot read \(what) '\(path)': no such file", at: location, code: "file",
                  hint: location == nil ? nil : "paths are relative to the file that names them")
            return nil
        case .failure(let failure):
            error("cannot read \(what) '\(path)': \(failure.reason)", at: location, code: "file")
            return nil
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let place = Self.firstInvalidUTF8(in: bytes)
            error(
                "\(what) '\(path)' is not UTF-8 text: invalid byte 0x\(String(place.byte, radix: 16, uppercase: true))",
                at: SourceLocation(file: path, line: place.line, column: place.column), code: "file",
                hint: "save the file as UTF-8", notes: location.map { [Diagnostic.Note("named here", at: $0)] } ?? []
            )
            return nil
        }
        register(SourceFile(path: path, text: text))
        return text
    }

    /// The line and column (in characters, counting the valid text before it) of the first
    /// byte that is not UTF-8.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> (line: Int, column: Int, byte: UInt8) {
        var line = 1, column = 1, index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
            guard length > 0, index + length <= bytes.count,
                  String(validating: bytes[index..<index + length], as: UTF8.self) != nil else {
                return (line, column, lead)
            }
            if lead == 0x0A { line += 1; column = 1 } else { column += 1 }
            index += length
        }
        return (line, column, 0)
    }

    mutating func register(_ source: SourceFile) {
        if sources[source.path] == nil { sourceOrder.append(source.path) }
        sources[source.path] = source
        sourcesByPath[SourcePath(source.path)] = source
    }

    /// A YAML file as a located value (duplicate keys kept for the reader to report).
    mutating func readYAML(_ path: String, at location: SourceLocation?, what: String) -> LocatedValue? {
        guard let text = readText(path, at: location, what: what) else { return nil }
        do {
            return try YAMLParser.parseLocated(text, path: path, limits: LoadSession.yamlLimits, duplicateKeys: .keep)
        } catch {
            let source = sources[path]
            reader.report(contentsOf: error.diagnostics.map { Self.workflowHint(for: $0, in: source) })
            return nil
        }
    }

    /// YAML syntax errors that workflow authors meet most, with a hint of what to write:
    /// an unquoted template inside a flow collection, GraphQL braces read as YAML.
    static func workflowHint(for diagnostic: Diagnostic, in source: SourceFile?) -> Diagnostic {
        guard diagnostic.code == "yaml.syntax", let location = diagnostic.location,
              let line = source?.line(location.line) else { return diagnostic }
        var diagnostic = diagnostic
        let trimmed = line.drop { $0 == " " || $0 == "-" || $0 == "\t" }
        if line.contains("${{") {
            diagnostic.hint = "inside a flow collection ({…} or […]) YAML needs a template quoted: \"${{ … }}\"; "
                + "a quoted string that is exactly one template keeps its JSON type"
        } else if ["query:", "mutation:", "select:"].contains(where: { trimmed.hasPrefix($0) }), line.contains("{") {
            diagnostic.hint = "YAML reads '{' as a mapping: write the GraphQL document as a block ('\(trimmed.prefix { $0 != ":" }): |' "
                + "and the text on the lines below, indented) or quote it"
        }
        return diagnostic
    }

    static var yamlLimits: YAMLLimits {
        var limits = YAMLLimits.default
        limits.maxFileSize = 16 << 20
        return limits
    }
}

/// Paths inside a workflow are relative to the file that names them.
enum RelativePath {
    /// `other` resolved against the folder of `file`, normalised (`a/./b/../c` → `a/c`).
    static func resolve(_ other: String, against file: String) -> String {
        if other.hasPrefix("/") { return normalize(other) }
        // The folder: everything before the file's last slash.
        guard let slash = file.utf8.lastIndex(of: UInt8(ascii: "/")), slash > file.startIndex else { return normalize(other) }
        return normalize(String(file[..<slash]) + "/" + other)
    }

    /// Whether `normalize` would give `path` back: no empty, `.` or `..` part.
    private static func isNormal(_ path: String) -> Bool {
        var utf8 = path.utf8[...]
        if utf8.first == UInt8(ascii: "/") { utf8 = utf8.dropFirst() }
        guard !utf8.isEmpty else { return false }
        var length = 0
        var dots = 0
        for byte in utf8 {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (dots == length && dots <= 2) { return false }
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        // A part of dots only is `.` or `..` when it has one or two; `...` is a name.
        return length > 0 && !(dots == length && dots <= 2)
    }

    static func normalize(_ path: String) -> String {
        if isNormal(path) { return path }
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", absolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
