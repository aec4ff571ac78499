import BuyflowRunner

extension TargetOptions {
    /// The flags as the runner takes them: each over the workflow's `shop` key of the same name.
    var overrides: TargetOverrides {
        TargetOverrides(
            url: url?.absoluteString, domain: domain, token: token, apiVersion: apiVersion, locale: locale,
            apiVersionMismatch: apiVersionMismatch.map { $0 == .fail ? .fail : .warn }
        )
    }
}
