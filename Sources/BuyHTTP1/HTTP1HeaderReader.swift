import Buy
#if os(Linux)

/// Collects a response's header fields from http-parser's callbacks: a name or a value
/// may arrive in pieces (split across reads), so each is gathered until the next name,
/// or the end of the headers, completes the field.
struct HTTP1HeaderReader {
    private(set) var headers = Graph.HTTPHeaders(reservingCapacity: 8)
    private var name: [UInt8] = []
    private var value: [UInt8] = []
    private var inValue = false

    /// Bytes of a field name (the previous field, if any, is complete).
    mutating func name(_ bytes: UnsafeRawBufferPointer) {
        flush()
        name.append(contentsOf: bytes)
    }

    /// Bytes of the current field's value.
    mutating func value(_ bytes: UnsafeRawBufferPointer) {
        inValue = true
        value.append(contentsOf: bytes)
    }

    /// Adds the field being read, if any.
    mutating func flush() {
        guard inValue else { return }
        headers.add(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
        name.removeAll(keepingCapacity: true)
        value.removeAll(keepingCapacity: true)
        inValue = false
    }

    /// Ready for the next response's headers.
    mutating func reset() {
        headers = Graph.HTTPHeaders(reservingCapacity: 8)
        name.removeAll(keepingCapacity: true)
        value.removeAll(keepingCapacity: true)
        inValue = false
    }
}
#endif
