import BuyflowCore
import BuyflowReport

/// Redacting as the run goes: values are redacted before they are cut, so a secret across
/// a cut keeps no head in the report.
extension RunSession {
    /// A redactor for the secrets known so far (rebuilt when a secret capture adds one).
    var redactor: Redactor {
        if let cached = cachedRedactor, cached.count == secrets.count { return cached.redactor }
        let redactor = Redactor(secrets: secrets)
        cachedRedactor = (secrets.count, redactor)
        return redactor
    }

    /// The value redacted, then shortened for a report.
    func shown(_ value: JSONValue) -> JSONValue {
        ReportValues.truncated(redactor(value))
    }

    /// The value redacted, as short JSON text for a message.
    func said(_ value: JSONValue) -> String {
        ReportValues.text(redactor(value))
    }
}
