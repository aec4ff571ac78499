extension Graph {
    /// An ordered list of HTTP header fields whose names compare case-insensitively
    /// (ASCII): `headers["content-type"]` finds `Content-Type`. Repeated names are kept.
    public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
        public typealias Element = (name: String, value: String)

        private var names: [String]
        private var values: [String]

        public init() {
            names = []
            values = []
        }

        /// Empty, with room for `capacity` fields (a parser filling a response's headers).
        package init(reservingCapacity capacity: Int) {
            names = []
            values = []
            names.reserveCapacity(capacity)
            values.reserveCapacity(capacity)
        }

        public init(_ fields: some Sequence<(name: String, value: String)>) {
            self.init()
            for field in fields { add(name: field.name, value: field.value) }
        }

        public init(dictionaryLiteral elements: (String, String)...) {
            self.init()
            for (name, value) in elements { add(name: name, value: value) }
        }

        public var count: Int { names.count }
        public var isEmpty: Bool { names.isEmpty }

        /// The first value of `name`; setting replaces every field of that name (keeping
        /// the first one's place), `nil` removes them all.
        public subscript(name: String) -> String? {
            get {
                guard let index = firstIndex(of: name) else { return nil }
                return values[index]
            }
            set {
                guard let index = firstIndex(of: name) else {
                    if let newValue { add(name: name, value: newValue) }
                    return
                }
                guard let newValue else {
                    remove(name: name)
                    return
                }
                values[index] = newValue
                var later = index + 1
                while later < names.count {
                    if Self.namesMatch(names[later], name) {
                        names.remove(at: later)
                        values.remove(at: later)
                    } else {
                        later += 1
                    }
                }
            }
        }

        /// Every value of `name`, in order.
        public func values(for name: String) -> [String] {
            names.indices.filter { Self.namesMatch(names[$0], name) }.map { values[$0] }
        }

        public func contains(_ name: String) -> Bool { firstIndex(of: name) != nil }

        /// Appends a field, keeping earlier fields of the same name.
        public mutating func add(name: String, value: String) {
            names.append(name)
            values.append(value)
        }

        /// Removes every field of `name`.
        public mutating func remove(name: String) {
            var index = 0
            while index < names.count {
                if Self.namesMatch(names[index], name) {
                    names.remove(at: index)
                    values.remove(at: index)
                } else {
                    index += 1
                }
            }
        }

        /// These fields with `other`'s set over them (a name in `other` replaces this one's).
        public func merging(_ other: HTTPHeaders) -> HTTPHeaders {
            var merged = self
            var replaced: Set<String> = []
            for (name, value) in other {
                let key = name.lowercased()
                if replaced.insert(key).inserted {
                    merged[name] = value
                } else {
                    merged.add(name: name, value: value)
                }
            }
            return merged
        }

        public func makeIterator() -> some IteratorProtocol<Element> {
            zip(names, values).lazy.map { (name: $0.0, value: $0.1) }.makeIterator()
        }

        private func firstIndex(of name: String) -> Int? {
            names.firstIndex { Self.namesMatch($0, name) }
        }

        /// `name` in lower case: ASCII names (every valid one) without Unicode case
        /// mapping, and without a copy when already lower-case.
        package static func lowercased(_ name: String) -> String {
            let utf8 = name.utf8
            var upper = false
            for byte in utf8 {
                if byte >= 0x80 { return name.lowercased() }
                if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { upper = true }
            }
            guard upper else { return name }
            return String(unsafeUninitializedCapacity: utf8.count) { buffer in
                for (index, byte) in utf8.enumerated() {
                    buffer[index] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                }
                return utf8.count
            }
        }

        package static func namesMatch(_ a: String, _ b: String) -> Bool {
            let x = a.utf8, y = b.utf8
            guard x.count == y.count else { return false }
            for (p, q) in zip(x, y) where p != q {
                if p | 0x20 != q | 0x20 || !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(p | 0x20) { return false }
            }
            return true
        }
    }
}
