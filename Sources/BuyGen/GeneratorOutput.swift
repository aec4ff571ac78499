/// The generator's last stage: the Swift files, by name, in a stable order. The CLI
/// writes them into a folder; tests compare them with golden files.
public struct GeneratorOutput: Sendable, Hashable {
    /// One generated file: `Storefront.Product.swift` and its text.
    public struct File: Sendable, Hashable {
        public var name: String
        public var contents: String

        public init(name: String, contents: String) {
            self.name = name
            self.contents = contents
        }
    }

    /// The files, sorted by name.
    public var files: [File]

    public init(files: [File]) {
        self.files = files.sorted { $0.name < $1.name }
    }

    /// The file named `name`.
    public func file(named name: String) -> File? { files.first { $0.name == name } }
}
