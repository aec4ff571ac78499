import BuyflowCore

/// Where each value and object key of a catalog document is written, by path
/// (`products/0/price`), so diagnostics can point at their line and column.
public struct CatalogLocations: Sendable {
    var values: [String: SourceLocation]
    var keys: [String: SourceLocation]

    /// Locations by path: `values["products/0/price"]` is where that value starts, and
    /// `keys["products/0/price"]` where its key is written (paths join keys and list
    /// indices with `/`; `/` and `~` in keys are written `~1` and `~0`).
    public init(values: [String: SourceLocation], keys: [String: SourceLocation] = [:]) {
        self.values = values
        self.keys = keys
    }

    /// The location of the value at `path`, or of its nearest located ancestor.
    func location(of path: CatalogPath) -> SourceLocation? {
        var key = path.pointer
        while true {
            if let location = values[key] { return location }
            guard let slash = key.lastIndex(of: "/") else { break }
            key = String(key[..<slash])
        }
        return values[""]
    }

    /// The location of the key naming the member at `path` (its value's when unknown).
    func keyLocation(of path: CatalogPath) -> SourceLocation? {
        keys[path.pointer] ?? location(of: path)
    }
}

/// Finds the locations of every value and key of a JSON text (already parsed
/// successfully by `JSONParser`).
enum JSONLocator {
    static func locations(in source: SourceFile) -> CatalogLocations {
        var scanner = Scanner(bytes: Array(source.text.utf8))
        scanner.skipSpace()
        scanner.value(path: "")
        return CatalogLocations(
            values: scanner.values.mapValues { source.location(ofUTF8Offset: $0) },
            keys: scanner.keys.mapValues { source.location(ofUTF8Offset: $0) }
        )
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var values: [String: Int] = [:]
        var keys: [String: Int] = [:]

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(path: String) {
            guard index < bytes.count else { return }
            values[path] = index
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                skipSpace()
                while index < bytes.count, bytes[index] != UInt8(ascii: "}") {
                    let keyStart = index
                    let key = string()
                    let child = path.isEmpty ? CatalogPath.escape(key) : path + "/" + CatalogPath.escape(key)
                    keys[child] = keyStart
                    skipSpace()
                    index += 1 // ':'
                    skipSpace()
                    value(path: child)
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        skipSpace()
                    }
                }
                index += 1
            case UInt8(ascii: "["):
                index += 1
                skipSpace()
                var position = 0
                while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
                    value(path: path.isEmpty ? String(position) : path + "/" + String(position))
                    position += 1
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        skipSpace()
                    }
                }
                index += 1
            case UInt8(ascii: "\""):
                _ = string()
            default:
                while index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                    index += 1
                }
            }
        }

        /// A string literal's value (the scanner stands on its opening quote).
        mutating func string() -> String {
            index += 1
            var out: [UInt8] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    index += 1
                    switch bytes[index] {
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "u"):
                        let hex = bytes[(index + 1)..<min(index + 5, bytes.count)]
                        if let code = UInt32(String(decoding: hex, as: UTF8.self), radix: 16), let scalar = Unicode.Scalar(code) {
                            out.append(contentsOf: Array(String(Character(scalar)).utf8))
                        }
                        index += 4
                    default: out.append(bytes[index])
                    }
                } else {
                    out.append(bytes[index])
                }
                index += 1
            }
            index += 1
            return String(decoding: out, as: UTF8.self)
        }
    }
}
