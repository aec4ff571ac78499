import BuyflowCore

/// Drives libyaml over a whole stream: checks the input, walks document events, feeds
/// each document's content to a `TreeBuilder`, and turns every problem into diagnostics.
enum StreamReader {
    static func read(
        _ text: String, path: String, limits: YAMLLimits, duplicateKeys: YAMLParser.DuplicateKeys, singleDocument: Bool
    ) throws(DiagnosticList) -> [YAMLNode] {
        var text = text
        if let tooLarge = checkSize(text.utf8.count, path: path, limits: limits) { throw DiagnosticList([tooLarge]) }
        let result = text.withUTF8 { bytes in
            Result { () throws(DiagnosticList) in
                try read(bytes, path: path, limits: limits, duplicateKeys: duplicateKeys, singleDocument: singleDocument)
            }
        }
        return try result.get()
    }

    static func checkSize(_ count: Int, path: String, limits: YAMLLimits) -> Diagnostic? {
        guard count > limits.maxFileSize else { return nil }
        return .error(
            "the file is \(count) bytes, over the limit of \(limits.maxFileSize) bytes (YAMLLimits.maxFileSize)",
            at: SourceLocation(file: path, line: 1, column: 1), code: "yaml.limit"
        )
    }

    private static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, limits: YAMLLimits, duplicateKeys: YAMLParser.DuplicateKeys,
        singleDocument: Bool
    ) throws(DiagnosticList) -> [YAMLNode] {
        let scan: InputScan
        do throws(Diagnostic) {
            scan = try InputScan(bytes, path: path)
        } catch {
            throw DiagnosticList([error])
        }
        let mapper = LocationMapper(path: path, scan: scan, bytes: bytes)
        var builder = TreeBuilder(mapper: mapper, limits: limits, duplicateKeys: duplicateKeys)
        var documents: [YAMLNode] = []

        func failure(_ diagnostic: Diagnostic) -> DiagnosticList {
            DiagnosticList(builder.diagnostics + [diagnostic])
        }

        var reader: LibYAMLEventReader
        do throws(LibYAMLProblem) {
            reader = try LibYAMLEventReader(bytes)
        } catch {
            throw failure(error.diagnostic(mapper: mapper, text: bytes))
        }

        func next() throws(DiagnosticList) -> YAMLEvent {
            do throws(LibYAMLProblem) {
                return try reader.next()
            } catch {
                throw failure(error.diagnostic(mapper: mapper, text: bytes))
            }
        }

        stream: while true {
            switch try next() {
            case .streamStart, .documentEnd:
                continue
            case .streamEnd:
                break stream
            case .documentStart(let start):
                if singleDocument, let first = documents.first {
                    throw failure(.error(
                        "found a second document; a workflow file holds one document",
                        at: mapper.location(start), code: "yaml.multiple-documents",
                        notes: [Diagnostic.Note("the first document starts here", at: first.location)],
                        hint: "remove the '---' line, or put the second document in a file of its own"
                    ))
                }
                builder.startDocument()
                while true {
                    let event = try next()
                    do throws(TreeBuilder.Fatal) {
                        if let root = try builder.add(event) {
                            documents.append(root)
                            break
                        }
                    } catch {
                        throw failure(error.diagnostic)
                    }
                }
            default:
                preconditionFailure("libyaml produced node content outside a document")
            }
        }

        if !builder.diagnostics.isEmpty { throw DiagnosticList(builder.diagnostics) }
        if singleDocument {
            guard let root = documents.first, !isEmptyDocument(root) else {
                throw DiagnosticList([.error(
                    "the file holds no YAML content (it is empty or only comments)",
                    at: SourceLocation(file: path, line: 1, column: 1), code: "yaml.empty",
                    hint: "write the document's content, for example 'key: value' lines"
                )])
            }
        }
        return documents
    }

    /// A document with nothing in it: `---` alone, or only comments around it.
    private static func isEmptyDocument(_ root: YAMLNode) -> Bool {
        guard root.tag == nil, case .scalar(let scalar) = root.content else { return false }
        return scalar.style == .plain && scalar.text.isEmpty
    }
}
