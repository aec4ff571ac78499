import BuyflowCore
import Foundation
internal import GraphQLKit

extension Graph {
    /// Reads a `multipart/mixed` answer to an operation with `@defer` (the format of
    /// 2022-08-24 that the Storefront API sends: `{"data":…,"hasNext":true}`, then
    /// `{"incremental":[{"path":…,"data":…,"errors":…}],"hasNext":…}`) into the one result
    /// the parts add up to, as Apollo iOS and Shopify's graphql-client do: each part's data
    /// merged into the initial data at its path, the errors in part order.
    package enum MultipartResponse {
        /// Whether a `Content-Type` is `multipart/mixed`.
        package static func isMultipart(_ contentType: String?) -> Bool {
            guard let contentType else { return false }
            // Compared byte by byte: no lower-case copy of every response's `Content-Type`.
            let bytes = contentType.utf8.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let prefix = "multipart/mixed".utf8
            guard bytes.count >= prefix.count else { return false }
            return zip(bytes, prefix).allSatisfy { byte, expected in
                byte == expected || (expected >= UInt8(ascii: "a") && expected <= UInt8(ascii: "z") && byte | 0x20 == expected)
            }
        }

        /// The boundary a `Content-Type` names (`"-"`, graphql-client's default, when none).
        static func boundary(in contentType: String) -> String {
            for parameter in contentType.split(separator: ";").dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "boundary" else { continue }
                let value = pair[1].trimmingSpaces
                return value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") ? String(value.dropFirst().dropLast()) : value
            }
            return "-"
        }

        /// The merged result; a diagnostic when a part is not JSON, there is none, or the
        /// last one still says `hasNext: true`.
        package static func merge(_ body: some Collection<UInt8>, contentType: String) throws(Diagnostic) -> JSONValue {
            let text = String(decoding: body, as: UTF8.self)
            var parts: [JSONValue] = []
            for chunk in text.components(separatedBy: "--" + boundary(in: contentType)).dropFirst() {
                if chunk.hasPrefix("--") { break }
                guard let blank = chunk.range(of: "\r\n\r\n") ?? chunk.range(of: "\n\n") else { continue }
                let json = String(chunk[blank.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
                parts.append(try JSONParser(path: "<response part \(parts.count + 1)>").parse(json))
            }
            guard case .object(var result)? = parts.first else {
                throw Diagnostic.error("the multipart/mixed response has no JSON part", code: "buy.multipart")
            }
            guard parts.last?["hasNext"] != .bool(true) else {
                throw Diagnostic.error("the multipart/mixed response ended before its last part (hasNext: true)", code: "buy.multipart")
            }
            result["hasNext"] = nil
            var data = result["data"] ?? .null
            var errors = result["errors"]?.arrayValue ?? []
            for part in parts.dropFirst() {
                // The 2022-08-24 format, and the earlier one with path and data at the top.
                let items = part["incremental"]?.arrayValue ?? (part["path"] != nil ? [part] : [])
                for item in items {
                    let path = (item["path"]?.arrayValue ?? []).map { $0.intValue.map(PathComponent.index) ?? .key($0.stringValue ?? "") }
                    DeferredPayload.merge(item["data"] ?? .null, into: &data, at: path)
                    errors += item["errors"]?.arrayValue ?? []
                }
            }
            if result["data"] != nil { result["data"] = data }
            if !errors.isEmpty { result["errors"] = .array(errors) }
            return .object(result)
        }
    }
}
