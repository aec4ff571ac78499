/// Run and load report values: `Codable`, `Sendable`, no networking; renderers sit beside them.
public enum BuyflowReport {}
