import Foundation
import TodoMDService

/// Runs service calls off the async executors (`TodoService.perform`) while encoding and I/O
/// stay on the server's threads, and keeps the paged views.
final class ServiceRunner: Sendable {
    let service: TodoService
    /// Views computed for paged requests (emptied on every change).
    let views = ViewCache()
    init(_ service: TodoService) { self.service = service }

    func run<T: Sendable>(_ body: @escaping @Sendable (TodoService) throws -> T) async throws -> T {
        try await service.perform(body)
    }
}
