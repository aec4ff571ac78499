import Foundation
import BuyflowCore

/// Parses YAML text into located `YAMLNode` trees, with libyaml's event parser
/// underneath and errors as compiler-style `Diagnostic`s (render them with
/// `DiagnosticRenderer` and a `SourceFile` of the same text and path).
///
/// Every error is thrown as a `DiagnosticList`: syntax errors (reworded from libyaml,
/// one at most, since parsing stops there), duplicate keys and unknown aliases (all of
/// them), limits (`YAMLLimits`), encoding problems, and for `parse` an empty file or a
/// second document. With `duplicateKeys: .keep` a key written twice is no error: both
/// pairs stay in the mapping, for a reader that reports them with the rest
/// (`DocumentReader.fields`). Diagnostic codes: `yaml.syntax`, `yaml.tab`, `yaml.encoding`,
/// `yaml.nul`, `yaml.empty`, `yaml.multiple-documents`, `yaml.duplicate-key`,
/// `yaml.unknown-alias`, `yaml.recursive-alias`, `yaml.merge`, `yaml.tag`,
/// `yaml.int-overflow`, `yaml.limit`, `yaml.too-many-errors` (after 50), `yaml.memory`,
/// and `yaml.type` from `YAMLNode.expect…`.
public enum YAMLParser {
    /// What a key written twice in one mapping is.
    public enum DuplicateKeys: Sendable, Hashable {
        /// An error (`yaml.duplicate-key`), one for each repetition; the default.
        case error
        /// No error: every pair is kept, in the order written (a second merge key `<<`
        /// merges too, the earlier merge winning a key both give). Merged pairs still
        /// never override a key written in the mapping itself.
        case keep
    }

    /// Parses text holding exactly one document.
    /// - Parameters:
    ///   - path: the file's path as the user gave it, used in every location.
    ///   - duplicateKeys: whether a key written twice is an error (the default) or kept.
    public static func parse(
        _ text: String, path: String, limits: YAMLLimits = .default, duplicateKeys: DuplicateKeys = .error
    ) throws(DiagnosticList) -> YAMLNode {
        try StreamReader.read(text, path: path, limits: limits, duplicateKeys: duplicateKeys, singleDocument: true)[0]
    }

    /// Parses raw bytes holding exactly one document; invalid UTF-8 is an error at the
    /// line and column of the first bad byte (render it with a `SourceFile` of
    /// `String(decoding: bytes, as: UTF8.self)`).
    public static func parse(
        bytes: [UInt8], path: String, limits: YAMLLimits = .default, duplicateKeys: DuplicateKeys = .error
    ) throws(DiagnosticList) -> YAMLNode {
        try parse(text(from: bytes, path: path, limits: limits), path: path, limits: limits, duplicateKeys: duplicateKeys)
    }

    /// Parses a stream of any number of documents (`---` separated); an empty stream
    /// gives no documents. Anchors are scoped to their document; the alias limit counts
    /// across the stream.
    public static func parseDocuments(
        _ text: String, path: String, limits: YAMLLimits = .default, duplicateKeys: DuplicateKeys = .error
    ) throws(DiagnosticList) -> [YAMLNode] {
        try StreamReader.read(text, path: path, limits: limits, duplicateKeys: duplicateKeys, singleDocument: false)
    }

    /// `parseDocuments` over raw bytes (see `parse(bytes:path:limits:)`).
    public static func parseDocuments(
        bytes: [UInt8], path: String, limits: YAMLLimits = .default, duplicateKeys: DuplicateKeys = .error
    ) throws(DiagnosticList) -> [YAMLNode] {
        try parseDocuments(text(from: bytes, path: path, limits: limits), path: path, limits: limits, duplicateKeys: duplicateKeys)
    }

    private static func text(from bytes: [UInt8], path: String, limits: YAMLLimits) throws(DiagnosticList) -> String {
        if let tooLarge = StreamReader.checkSize(bytes.count, path: path, limits: limits) {
            throw DiagnosticList([tooLarge])
        }
        do throws(Diagnostic) {
            return try UTF8Check.text(from: bytes, path: path)
        } catch {
            throw DiagnosticList([error])
        }
    }
}

extension YAMLParser {
    /// `parse`, giving the document as a `LocatedValue` (what `DocumentReader` reads): the
    /// one entry point for readers of located values.
    public static func parseLocated(
        _ text: String, path: String, limits: YAMLLimits = .default, duplicateKeys: DuplicateKeys = .error
    ) throws(DiagnosticList) -> LocatedValue {
        try parse(text, path: path, limits: limits, duplicateKeys: duplicateKeys).located
    }

    /// `parseLocated` over raw bytes (see `parse(bytes:path:limits:duplicateKeys:)`).
    public static func parseLocated(
        bytes: [UInt8], path: String, limits: YAMLLimits = .default, duplicateKeys: DuplicateKeys = .error
    ) throws(DiagnosticList) -> LocatedValue {
        try parse(bytes: bytes, path: path, limits: limits, duplicateKeys: duplicateKeys).located
    }
}
