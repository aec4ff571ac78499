import BuyflowCore

extension OperationCheck {
    /// Moves diagnostics from the validated document to the files the user wrote: the
    /// operation text through the caller's mapper, borrowed fragments to their
    /// `documents:` file. Other locations (the schema's, none) stay as they are.
    struct Relocation {
        let library: FragmentLibrary
        let mapLocation: GraphQLSourceMapper

        func callAsFunction(_ diagnostic: Diagnostic) -> Diagnostic {
            var moved = diagnostic
            moved.location = location(diagnostic.location)
            moved.notes = diagnostic.notes.map { Diagnostic.Note($0.message, at: location($0.location)) }
            moved.hint = diagnostic.hint.map(hint)
            return moved
        }

        func location(_ location: SourceLocation?) -> SourceLocation? {
            guard let location, location.file == OperationCheck.textPath else { return location }
            return library.origin(line: location.line, column: location.column)
                ?? mapLocation(location.line, location.column)
        }

        /// The parser's "the '{' opened at 3:5 was never closed": the place in the file.
        private func hint(_ text: String) -> String {
            guard let marker = text.firstRange(of: " opened at ") else { return text }
            let rest = text[marker.upperBound...]
            let digits = rest.prefix { $0.isNumber || $0 == ":" }
            let parts = digits.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let line = Int(parts[0]), let column = Int(parts[1]),
                  let place = location(SourceLocation(file: OperationCheck.textPath, line: line, column: column))
            else { return text }
            return text[..<marker.upperBound] + "\(place.line):\(place.column)" + rest[digits.endIndex...]
        }
    }
}
