import BuyflowCore

/// A CSV file with a header row (RFC 4180: `"` quoting, `""` for a quote, line breaks
/// inside quotes, CRLF or LF). Every problem is a located diagnostic.
struct CSVTable {
    struct Row {
        var cells: [(name: String, text: String)]
        var location: SourceLocation
    }

    var header: [String] = []
    var rows: [Row] = []
    var diagnostics: [Diagnostic] = []

    static func parse(_ text: String, path: String) -> CSVTable {
        var table = CSVTable()
        var records: [(fields: [String], line: Int)] = []
        var field = ""
        var fields: [String] = []
        var inQuotes = false
        var line = 1, recordLine = 1, column = 0
        var quoteStart = (line: 1, column: 1)
        var fieldWasQuoted = false
        // A UTF-8 byte-order mark (spreadsheets on Windows write one) is not part of the
        // first column's name.
        var characters = (text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)).makeIterator()
        var pending: Character?
        func next() -> Character? {
            if let character = pending { pending = nil; return character }
            return characters.next()
        }
        while let character = next() {
            column += 1
            if inQuotes {
                if character == "\"" {
                    if let following = next() {
                        if following == "\"" { field.append("\""); column += 1; continue }
                        pending = following
                    }
                    inQuotes = false
                } else {
                    if character == "\n" || character == "\r\n" { line += 1; column = 0 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where field.isEmpty && !fieldWasQuoted:
                inQuotes = true
                fieldWasQuoted = true
                quoteStart = (line, column)
            case ",":
                fields.append(field)
                field = ""
                fieldWasQuoted = false
            case "\n", "\r\n", "\r":
                fields.append(field)
                if !(fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted) { records.append((fields, recordLine)) }
                fields = []
                field = ""
                fieldWasQuoted = false
                line += 1
                column = 0
                recordLine = line
            default:
                if fieldWasQuoted {
                    table.diagnostics.append(.error("text after a closing quote", at: SourceLocation(file: path, line: line, column: column),
                                                    code: "workflow.csv", hint: "a quoted cell ends at its closing quote; write \"\" for a quote inside"))
                }
                field.append(character)
            }
        }
        if inQuotes {
            table.diagnostics.append(.error("unterminated quoted cell", at: SourceLocation(file: path, line: quoteStart.line, column: quoteStart.column),
                                            code: "workflow.csv", hint: "close the cell with a \" before the end of the file"))
        } else if !field.isEmpty || !fields.isEmpty || fieldWasQuoted {
            fields.append(field)
            records.append((fields, recordLine))
        }
        guard let first = records.first else {
            table.diagnostics.append(.error("data file '\(path)' is empty", at: SourceLocation(file: path, line: 1, column: 1), code: "workflow.data",
                                            hint: "the first line names the columns, each line after it is a row"))
            return table
        }
        table.header = first.fields.map { $0.trimmingSpaces }
        var seen: Set<String> = []
        for (index, name) in table.header.enumerated() {
            if name.isEmpty {
                table.diagnostics.append(.error("column \(index + 1) has no name", at: SourceLocation(file: path, line: first.line, column: 1), code: "workflow.csv"))
            } else if !seen.insert(name).inserted {
                table.diagnostics.append(.error("column '\(name)' is named twice", at: SourceLocation(file: path, line: first.line, column: 1), code: "workflow.csv"))
            }
        }
        for record in records.dropFirst() {
            let location = SourceLocation(file: path, line: record.line, column: 1)
            guard record.fields.count == table.header.count else {
                table.diagnostics.append(.error(
                    "row has \(record.fields.count) cell\(record.fields.count == 1 ? "" : "s"); the header has \(table.header.count)",
                    at: location, code: "workflow.csv", hint: "columns: \(table.header.joined(separator: ", "))"
                ))
                continue
            }
            table.rows.append(Row(cells: Array(zip(table.header, record.fields)).map { ($0.0, $0.1) }, location: location))
        }
        return table
    }
}
