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
        // The web app's (and any HTTP client's) writes are the `web` front end's.
        try await service.perform { s in try s.attributed(frontEnd: "web") { try body(s) } }
    }
}
