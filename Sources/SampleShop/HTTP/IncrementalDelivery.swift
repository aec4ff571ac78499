import BuyflowCore
import GraphQLKit
import HTTPServer

/// How the shop answers an operation with `@defer`, as the Storefront API does: the
/// initial payload and one payload per deferred fragment as the parts of a
/// `multipart/mixed` response with the boundary `graphql` (the 2022-08-24 format:
/// `{"data":…,"hasNext":true}`, then `{"incremental":[{"path":…,"data":…}],"hasNext":…}`).
///
/// Shopify's clients (`@shopify/graphql-client`, which Hydrogen uses for documents with
/// `@defer`) send no `Accept` of their own, so the multipart answer is the default: it
/// is chosen unless the request's `Accept` prefers JSON over `multipart/mixed` (the Buy
/// client and the k6 script send `Accept: application/json` and get the whole result as
/// one JSON object, the deferred fragments' fields in place).
enum IncrementalDelivery {
    static let boundary = "graphql"
    /// `deferSpec` names the format, as Apollo's router does (Apollo iOS requires it).
    static let contentType = #"multipart/mixed; boundary="graphql"; deferSpec=20220824"#

    /// Whether a request with this `Accept` gets `multipart/mixed`: it accepts it
    /// (absent, `*/*`, `multipart/*` or `multipart/mixed`, with `q` above 0) at least as
    /// much as `application/json` or `application/graphql-response+json`.
    static func prefersMultipart(accept: String?) -> Bool {
        guard let accept, !accept.allSatisfy({ $0 == " " || $0 == "\t" }) else { return true }
        let ranges = accept.split(separator: ",").map(MediaRange.init)
        let multipart = quality(of: "multipart", "mixed", in: ranges)
        let json = max(
            quality(of: "application", "json", in: ranges), quality(of: "application", "graphql-response+json", in: ranges)
        )
        return multipart > 0 && multipart >= json
    }

    /// The response body: each payload as a part, then the closing delimiter.
    static func body(_ payloads: [JSONValue]) -> [UInt8] {
        let serializer = JSONSerializer()
        var out: [UInt8] = []
        for payload in payloads {
            out += Array("\r\n--\(boundary)\r\nContent-Type: application/json; charset=utf-8\r\n\r\n".utf8)
            serializer.write(payload, into: &out)
        }
        out += Array("\r\n--\(boundary)--\r\n".utf8)
        return out
    }

    static func response(_ result: IncrementalResult, headers: [(String, String)]) -> HTTPResponse {
        var response = HTTPResponse(status: 200, headers: ["Content-Type": contentType], body: body(result.payloads))
        for (name, value) in headers { response.headers[name] = value }
        return response
    }

    /// The `q` of the most specific range that matches `type/subtype` (0 when none does).
    private static func quality(of type: String, _ subtype: String, in ranges: [MediaRange]) -> Double {
        var best: (specificity: Int, q: Double) = (-1, 0)
        for range in ranges {
            let specificity: Int
            if range.type == type, range.subtype == subtype {
                specificity = 2
            } else if range.type == type, range.subtype == "*" {
                specificity = 1
            } else if range.type == "*", range.subtype == "*" {
                specificity = 0
            } else {
                continue
            }
            if specificity > best.specificity { best = (specificity, range.q) }
        }
        return best.q
    }

    /// One media range of an `Accept` header: `type/subtype;q=0.5`.
    private struct MediaRange {
        var type: Substring = ""
        var subtype: Substring = ""
        var q = 1.0

        init(_ text: Substring) {
            let parameters = text.split(separator: ";")
            guard let name = parameters.first else { return }
            let parts = name.trimmingSpaces.lowercased().split(separator: "/", maxSplits: 1)
            guard parts.count == 2 else { return }
            type = parts[0]
            subtype = parts[1]
            for parameter in parameters.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].trimmingSpaces.lowercased() == "q", let value = Double(pair[1].trimmingSpaces) {
                    q = value
                }
            }
        }
    }
}
