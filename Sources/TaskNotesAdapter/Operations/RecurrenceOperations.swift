import Foundation
import TodoMDCore

extension Adapter {
    /// The spec's recurrence operations (not implemented yet: the runner reports them as failures).
    static var recurrenceOperations: [String: Operation] { [:] }
}
