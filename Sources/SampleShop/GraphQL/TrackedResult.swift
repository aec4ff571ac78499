/// A catalog object reached through `search` or `predictiveSearch`: its resolvers see
/// `base`, and its `trackingParameters` are these (Shopify answers them only there).
final class TrackedResult: Sendable {
    let base: any Sendable
    let trackingParameters: String

    init(base: any Sendable, trackingParameters: String) {
        self.base = base
        self.trackingParameters = trackingParameters
    }
}
