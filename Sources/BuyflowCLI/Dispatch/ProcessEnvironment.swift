import Foundation

enum ProcessEnvironment {
    static var current: [String: String] { ProcessInfo.processInfo.environment }
}
