/// Hooks for `buyflow-bench` (`@_spi(Benchmarks) import YAML`), not API.
extension YAMLParser {
    /// libyaml's bare event loop over the text: parse and free each event, build
    /// nothing. Returns the number of events, or -1 on a syntax error.
    @_spi(Benchmarks)
    public static func eventCount(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            guard var reader = try? LibYAMLEventReader(bytes) else { return -1 }
            var count = 0
            while true {
                guard let event = try? reader.next() else { return -1 }
                count += 1
                if case .streamEnd = event { return count }
            }
        }
    }
}
