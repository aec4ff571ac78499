import Buy
import Foundation

/// The endpoint of a k6 script as a JavaScript expression: secret query values
/// (`?access_token=…`) are read from `BUYFLOW_QUERY_<NAME>` in the environment, never
/// written in the script.
struct K6Endpoint {
    /// The JavaScript expression of the URL.
    var expression: String
    /// The environment variables it reads, in query order.
    var variables: [String] = []

    init(_ endpoint: String) {
        guard let components = URLComponents(string: endpoint), let items = components.percentEncodedQueryItems,
              items.contains(where: { Graph.Redaction.isSecret(queryName: $0.name) }) else {
            expression = K6Expression.string(endpoint)
            return
        }
        var base = components
        base.percentEncodedQuery = nil
        var pieces: [String] = []
        var literal = (base.string ?? "") + "?"
        for (index, item) in items.enumerated() {
            if index > 0 { literal += "&" }
            literal += item.name
            guard let value = item.value else { continue }
            literal += "="
            guard Graph.Redaction.isSecret(queryName: item.name) else {
                literal += value
                continue
            }
            let variable = Self.variable(item.name)
            if !variables.contains(variable) { variables.append(variable) }
            pieces.append(K6Expression.string(literal))
            pieces.append("encodeURIComponent(__ENV.\(variable) || '')")
            literal = ""
        }
        if !literal.isEmpty { pieces.append(K6Expression.string(literal)) }
        expression = "(" + pieces.joined(separator: " + ") + ")"
    }

    /// `access-token` → `BUYFLOW_QUERY_ACCESS_TOKEN`.
    static func variable(_ name: String) -> String {
        "BUYFLOW_QUERY_" + String(name.uppercased().unicodeScalars.map { scalar in
            ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) ? Character(scalar) : "_"
        })
    }
}
