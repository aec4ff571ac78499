/// The value of an option taking one of a fixed set of words (`--format text|json`):
/// the raw values are the words, `allCases` their order in help and errors.
protocol OptionChoice: CaseIterable, RawRepresentable<String>, Sendable, Hashable {}

extension OptionChoice {
    /// `'text' or 'json'`, `'json', 'junit', 'tap', 'html' or 'text'`.
    static var choiceList: String {
        let quoted = allCases.map { "'\($0.rawValue)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }

    /// `text|json`, for an option's placeholder.
    static var placeholder: String { allCases.map(\.rawValue).joined(separator: "|") }
}
