/// A response path as a persistent linked list: a node per object or list whose
/// members need a path (leaf fields allocate none); turned into an array only for
/// errors and `FieldCall.path`.
final class ResponsePath: Sendable {
    let parent: ResponsePath?
    let component: PathComponent
    let count: Int

    init(_ parent: ResponsePath?, _ component: PathComponent) {
        self.parent = parent
        self.component = component
        self.count = (parent?.count ?? 0) + 1
    }

    /// The components from the root to `parent`, then `last`.
    static func components(_ parent: ResponsePath?, _ last: PathComponent) -> [PathComponent] {
        var components = [PathComponent](repeating: last, count: (parent?.count ?? 0) + 1)
        var node = parent
        var index = components.count - 2
        while let current = node {
            components[index] = current.component
            index -= 1
            node = current.parent
        }
        return components
    }
}
