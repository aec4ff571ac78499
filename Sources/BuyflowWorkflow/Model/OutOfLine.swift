/// An optional value kept out of line: the struct that holds it stores one reference, and
/// nothing at all when the value is absent. For large settings that most steps leave
/// out (`poll`), so a step stays small to build, copy and keep — a 500-step workflow is
/// half a megabyte less — while reading and writing it looks like any property.
@propertyWrapper
public struct OutOfLine<Wrapped: Sendable>: Sendable {
    private final class Storage: Sendable {
        let value: Wrapped
        init(_ value: Wrapped) { self.value = value }
    }

    private var storage: Storage?

    public init(wrappedValue: Wrapped?) {
        storage = wrappedValue.map(Storage.init)
    }

    public var wrappedValue: Wrapped? {
        get { storage?.value }
        set { storage = newValue.map(Storage.init) }
    }
}
