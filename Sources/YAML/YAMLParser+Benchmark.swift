/// Hooks for `buyflow-bench` (`@_spi(Benchmarks) import YAML`), not API.
extension YAMLParser {
    /// libyaml's bare event loop over the text: parse and free each event, build
    /// nothing. Returns the number of events, or -1 on a syntax error.
    @_spi(Benchmarks)
    public static func eventCount(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { LibYAMLEventReader.countEvents($0) }
    }
}
