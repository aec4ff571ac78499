#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BuyflowCore

extension Schema {
    /// The format of a schema file.
    public enum SourceFormat: Sendable, Hashable {
        /// SDL (`.graphql`, `.graphqls`, `.gql`).
        case sdl
        /// An introspection result (`.json`).
        case introspectionJSON

        /// The format a file's extension names, else the one its content looks like
        /// (JSON starts with `{`).
        public static func detect(path: String, data: Data) -> SourceFormat {
            let name = path.split(separator: "/").last ?? ""
            if let dot = name.lastIndex(of: ".") {
                switch name[name.index(after: dot)...].lowercased() {
                case "json": return .introspectionJSON
                case "graphql", "graphqls", "gql", "sdl": return .sdl
                default: break
                }
            }
            let first = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
            return first == UInt8(ascii: "{") ? .introspectionJSON : .sdl
        }
    }

    /// Loads a schema file: SDL or an introspection result, picked by `SourceFormat.detect`.
    public static func load(path: String, validate: Bool = true) throws(DiagnosticList) -> Schema {
        switch FileBytes.contents(of: path, limit: FileBytes.schemaLimit) {
        case .success(let bytes):
            return try load(data: Data(bytes), path: path, validate: validate)
        case .failure(let failure):
            throw DiagnosticList([.error("cannot read schema file '\(path)': \(failure.reason)", code: SchemaValidator.code)])
        }
    }

    /// Builds a schema from a file's content (see `load(path:)`); `path` names it in
    /// diagnostics and picks the format.
    public static func load(
        data: Data, path: String, format: SourceFormat? = nil, validate: Bool = true
    ) throws(DiagnosticList) -> Schema {
        switch format ?? SourceFormat.detect(path: path, data: data) {
        case .introspectionJSON:
            return try Schema(introspectionJSON: data, path: path, validate: validate)
        case .sdl:
            return try Schema(sdl: String(decoding: data, as: UTF8.self), path: path, validate: validate)
        }
    }
}
