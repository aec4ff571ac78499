#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BuyflowCore

extension Schema {
    /// Builds a schema from SDL: type, directive and schema definitions and extensions.
    /// Without a `schema { … }` definition the root types are the types named `Query`,
    /// `Mutation` and `Subscription`.
    ///
    /// - Parameter validate: Also check the type-system rules (`validate()`).
    /// - Throws: Every syntax error, build error (unknown types, duplicate names, …) or,
    ///   when those are fine, type-system error; code `graphql.schema`, located in the SDL.
    public convenience init(sdl: String, path: String = "<schema>", validate: Bool = true) throws(DiagnosticList) {
        let document: Document
        do {
            // Schema files are trusted configuration: no limit on their size.
            document = try Parser.parse(sdl, path: path, options: ParseOptions(maxTokens: .max))
        } catch {
            throw DiagnosticList([error])
        }
        try self.init(document: document, validate: validate)
    }

    /// Builds a schema from a parsed document's type-system definitions (see `init(sdl:)`).
    public convenience init(document: Document, validate: Bool = true) throws(DiagnosticList) {
        try self.init(document: document, validate: validate, checksAppliedDirectives: true)
    }

    /// Builds a schema from an introspection result, `{"data":{"__schema":…}}` or
    /// `{"__schema":…}`, as produced by graphql-js's `getIntrospectionQuery()`. Keys newer
    /// than the October 2021 spec (`isOneOf`, `isRepeatable`, deprecation of arguments and
    /// input fields) may be absent.
    ///
    /// - Parameters:
    ///   - path: Names the source in diagnostics.
    ///   - validate: Also check the type-system rules (`validate()`).
    public convenience init(introspectionJSON data: Data, path: String = "<introspection>", validate: Bool = true) throws(DiagnosticList) {
        let json: IntrospectionJSON
        do {
            json = try IntrospectionJSON(bytes: Array(data))
        } catch {
            throw DiagnosticList([Self.diagnostic("Invalid JSON: \(error.message).", atOffset: error.offset, in: data, path: path)])
        }
        let document: Document
        do {
            document = try IntrospectionDecoder(json: json, path: path).document()
        } catch {
            throw DiagnosticList([Self.diagnostic(error.message, atOffset: error.offset, in: data, path: path)])
        }
        try self.init(document: document, validate: validate, checksAppliedDirectives: false)
    }

    convenience init(document: Document, validate: Bool, checksAppliedDirectives: Bool) throws(DiagnosticList) {
        var builder = SchemaBuilder(document: document, checksAppliedDirectives: checksAppliedDirectives)
        guard let parts = builder.build() else { throw DiagnosticList(builder.diagnostics) }
        self.init(parts: parts)
        if validate {
            let errors = self.validate()
            if !errors.isEmpty { throw DiagnosticList(errors) }
        }
    }

    private static func diagnostic(_ message: String, atOffset offset: Int, in data: Data, path: String) -> Diagnostic {
        let file = SourceFile(path: path, text: String(decoding: data, as: UTF8.self))
        return .error(message, at: file.location(ofUTF8Offset: offset), code: SchemaValidator.code)
    }
}
