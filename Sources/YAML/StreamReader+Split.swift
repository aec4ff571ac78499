import BuyflowCore

extension YAMLParser {
    /// A second thread a parse may hand part of a long document to (a workflow load's
    /// worker): `run` starts a job on it, now or later. A job not started by the time the
    /// parsing thread needs its result is done by that thread instead, so a late or
    /// busy helper never keeps the parse waiting.
    public struct Helper: Sendable {
        let run: @Sendable (@escaping @Sendable () -> Void) -> Void
        /// Texts shorter than this many bytes are parsed whole.
        let minimumSize: Int

        public init(minimumSize: Int = 64 << 10, run: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
            self.run = run
            self.minimumSize = minimumSize
        }
    }
}

extension StreamReader {
    /// `bytes` parsed in two parts at `split` — the first here, the second on the helper
    /// — and put together: the same value, locations included, as parsed whole. `nil`
    /// when either part fails or does not end as the split needs (the caller then parses
    /// the text whole, which also gives any error its diagnostics).
    static func readSplit(
        _ bytes: UnsafeBufferPointer<UInt8>, at split: SplitPoint, path: String, limits: YAMLLimits, helper: YAMLParser.Helper
    ) -> LocatedValue? {
        let second = SecondPart(bytes, at: split, path: path, limits: limits)
        helper.run { second.runUnlessClaimed() }

        // Up to the split item's `-`: libyaml ends what the item ends (and places those
        // ends) as in the whole text, then makes the item an empty value at the end.
        let first = UnsafeBufferPointer(rebasing: bytes[..<(split.offset + split.indent + 1)])
        guard let scan = try? InputScan(first, path: path), !scan.hasOtherLineBreaks,
              var reader = try? LibYAMLEventReader(first, scan: scan) else {
            second.cancel()
            return nil
        }
        let mapper = LocationMapper(path: path, scan: scan, bytes: first)
        var builder = LocatedBuilder(mapper: mapper, limits: limits, inputSize: bytes.count)
        guard case .stopped = feed(from: &reader, to: &builder, stopAtSplit: true), builder.endsInSequence(indent: split.indent) else {
            second.cancel()
            return nil
        }
        guard let part = second.join() else { return nil }
        do throws(LocatedBuilder.Unsupported) {
            let root = try builder.adopt(part)
            return builder.finish(root)
        } catch {
            return nil
        }
    }

    /// The text after a split, parsed on the helper thread (or on the parsing thread, when
    /// the helper has not started it by the time it is needed), with the key line written
    /// again before it so it parses as the rest of the same mapping.
    final class SecondPart: Sendable {
        /// What the first part's builder adopts (`LocatedBuilder.adopt`).
        struct Result: Sendable {
            var document: LocatedDocumentBuilder
            /// The sequence's items from the split on.
            var items: [LocatedDocumentBuilder.Node]
            var sequenceEnd: SourceLocation
            /// The members of the top-level mapping after the sequence.
            var members: [LocatedDocumentBuilder.Node]
            var mappingEnd: SourceLocation
            var expanded: Int
        }

        private let input: [UInt8]
        private let path: String
        private let limits: YAMLLimits
        private let split: SplitPoint
        /// The parse's result: taken by whoever runs the parse, the helper or `join`/`cancel`.
        private let handoff = Handoff<Result?>()

        init(_ bytes: UnsafeBufferPointer<UInt8>, at split: SplitPoint, path: String, limits: YAMLLimits) {
            var input: [UInt8] = []
            input.reserveCapacity(bytes.count - split.offset + 3)
            input.append(contentsOf: "s:\n".utf8)
            input.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[split.offset...]))
            self.input = input
            self.path = path
            self.limits = limits
            self.split = split
        }

        /// On the helper: the parse, unless the parsing thread took it.
        func runUnlessClaimed() {
            guard handoff.claim() else { return }
            handoff.store(parse())
            handoff.finish()
        }

        /// The parse's result: waited for if the helper started it, else done here.
        func join() -> Result? {
            // `nil` from the handoff: not started, so parsed here; else the helper's result.
            guard let parsed = handoff.join() else { return parse() }
            return parsed
        }

        /// The result is not needed: a parse not started never starts.
        func cancel() {
            _ = handoff.claim()
        }

        private func parse() -> Result? {
            input.withUnsafeBufferPointer { bytes -> Result? in
                guard let scan = try? InputScan(bytes, path: path), !scan.hasOtherLineBreaks,
                      var reader = try? LibYAMLEventReader(bytes, scan: scan) else { return nil }
                // The key line written again is line 1; the split's line is line 2.
                let mapper = LocationMapper(path: path, scan: scan, bytes: bytes, lineOffset: split.line - 2)
                var builder = LocatedBuilder(mapper: mapper, limits: limits, inputSize: bytes.count)
                guard case .root(let root) = feed(from: &reader, to: &builder) else { return nil }
                let document = builder.document
                // The mapping's first value must be the sequence, starting at the split.
                let members = document.items(of: root)
                guard document.isList(root) == false, members.count >= 2, document.isList(members[1]) == true else { return nil }
                let sequence = document.span(of: members[1])
                guard sequence.start.line == split.line, sequence.start.column == split.indent + 1 else { return nil }
                return Result(
                    document: document, items: document.items(of: members[1]), sequenceEnd: sequence.end,
                    members: Array(members[2...]), mappingEnd: document.span(of: root).end, expanded: builder.expanded
                )
            }
        }
    }
}
