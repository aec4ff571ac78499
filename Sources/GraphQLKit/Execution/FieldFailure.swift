import BuyflowCore

/// A field error found before or while resolving: the message and, when it concerns a
/// part of the field (an argument's value), where that part is.
struct FieldFailure: Error {
    var message: String
    var locations: [GraphQLError.Location]?
    var extensions: JSONObject

    init(_ message: String, at location: Location? = nil, extensions: JSONObject = JSONObject()) {
        self.message = message
        self.locations = location.flatMap(GraphQLError.Location.init).map { [$0] }
        self.extensions = extensions
    }
}

/// A field error propagating to the nearest nullable position (spec 6.4.4 "Handling
/// Field Errors"); the error itself is already recorded.
struct Bubble: Error {}

/// Why completing a value failed: an error to record at the position where it is caught,
/// or a `Bubble` from below (already recorded).
enum CompletionFailure: Error {
    case bubble
    case failed(FieldFailure)
}
