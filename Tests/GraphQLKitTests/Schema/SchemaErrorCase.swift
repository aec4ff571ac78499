import Testing

/// One invalid schema and the error it must produce: the exact message, where (line 0:
/// nowhere), and the "did you mean" suggestion if any. A table row for the schema-building
/// and schema-validation suites.
struct SchemaErrorCase: CustomTestStringConvertible, Sendable {
    var sdl: String
    var message: String
    var line: Int
    var column: Int
    var suggestion: String?

    init(_ sdl: String, _ message: String, _ line: Int, _ column: Int, suggestion: String? = nil) {
        self.sdl = sdl
        self.message = message
        self.line = line
        self.column = column
        self.suggestion = suggestion
    }

    var testDescription: String { message }
}
