import Foundation
import TodoMDCore

extension Adapter {
    /// The spec's config operations (not implemented yet: the runner reports them as failures).
    static var configOperations: [String: Operation] { [:] }
}
