import Testing
@testable import BuyflowWorkflow

/// Paths a workflow names are resolved against the folder of the file naming them and
/// normalised; a path already normal comes back as it is.
struct RelativePathTests {
    @Test(arguments: [
        ("steps/add.yaml", "checkout.yaml", "steps/add.yaml"),
        ("steps/add.yaml", "flows/checkout.yaml", "flows/steps/add.yaml"),
        ("../steps/add.yaml", "flows/checkout.yaml", "steps/add.yaml"),
        ("./add.yaml", "flows/steps/a.yaml", "flows/steps/add.yaml"),
        ("a//b.yaml", "x.yaml", "a/b.yaml"),
        ("add.yaml", "/tmp/run/checkout.yaml", "/tmp/run/add.yaml"),
        ("../../../a.yaml", "/tmp/checkout.yaml", "/a.yaml"),
        ("../../a.yaml", "x/checkout.yaml", "../a.yaml"),
        ("/abs/./b/../c.yaml", "x/checkout.yaml", "/abs/c.yaml"),
        ("add.yaml", "/checkout.yaml", "add.yaml"),
        ("...", "a/b.yaml", "a/..."),
        (".../x", "b.yaml", ".../x"),
        ("..", "b.yaml", ".."),
        (".", "b.yaml", "."),
        ("dir/", "b.yaml", "dir"),
        ("/", "b.yaml", "/"),
        ("a/.hidden/b..c", "f/g.yaml", "f/a/.hidden/b..c"),
    ])
    func resolves(_ other: String, _ file: String, _ expected: String) {
        #expect(RelativePath.resolve(other, against: file) == expected)
    }
}
