import BuyflowCore

/// A string scalar and the file it is written in: a `ScalarSourceMap` not built yet.
///
/// Most scalars (every expression, template and operation of a clean file) never need
/// their map; it is built only when a location inside the scalar is asked for, which
/// happens when a diagnostic is reported there. Each lookup builds the map anew, so
/// callers that report several problems in one scalar should call `map()` once.
///
/// A class: the flow check's records and parsed expressions hold one each, and sharing
/// it copies one reference instead of the scalar's and the file's.
final class ScalarSource: Sendable {
    let scalar: LocatedValue
    let file: SourceFile

    init(scalar: LocatedValue, file: SourceFile) {
        self.scalar = scalar
        self.file = file
    }

    /// The scalar's map; `nil` when it cannot be built (see `ScalarSourceMap.init`).
    func map() -> ScalarSourceMap? { ScalarSourceMap(scalar: scalar, in: file) }

    /// The file location of the value's byte at `offset`; `nil` when there is no map.
    func location(ofUTF8Offset offset: Int) -> SourceLocation? { map()?.location(ofUTF8Offset: offset) }
}
