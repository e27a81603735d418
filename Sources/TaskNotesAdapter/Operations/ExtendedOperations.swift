import Foundation
import TodoMDCore

extension Adapter {
    /// The spec's extended operations (not implemented yet: the runner reports them as failures).
    static var extendedOperations: [String: Operation] { [:] }
}
