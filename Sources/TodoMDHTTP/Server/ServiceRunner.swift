import Foundation
import TodoMDService

/// Runs service calls off the async executors: the service blocks (files, SQLite), so its calls
/// go to one serial queue, in arrival order, while encoding and I/O stay on the server's threads.
final class ServiceRunner: Sendable {
    let service: TodoService
    /// Views computed for paged requests (emptied on every change).
    let views = ViewCache()
    private let queue = DispatchQueue(label: "todomd.http.service", qos: .userInitiated)

    init(_ service: TodoService) { self.service = service }

    func run<T: Sendable>(_ body: @escaping @Sendable (TodoService) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { c in
            queue.async { c.resume(with: Result { try body(self.service) }) }
        }
    }
}
