import Foundation
import TodoMDCore
import TodoMDService
@_exported import TodoMDTestSupport

/// A clock tests can move: the service reads it on every call.
final class MovableClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Clock

    init(_ start: Clock) { current = start }

    var now: Clock { lock.withLock { current } }

    func set(_ c: Clock) { lock.withLock { current = c } }
}

/// A vault in a temp folder with its index in another, and a service over both.
struct ServiceFixture {
    let vault = TempDir()
    let cache = TempDir()
    let clock: MovableClock

    init(at local: String = "2026-11-24T09:00", zone: String = "UTC") {
        clock = MovableClock(TodoMDTestSupport.clock(local, zone))
    }

    /// A service as a command opens it (refreshes once), or as a server does (`longRunning`).
    func service(longRunning: Bool = false, useIndex: Bool = true) -> TodoService {
        let c = clock
        var o = ServiceOptions(vaultRoot: vault.path, clock: { c.now })
        o.indexPath = cache.path + "/index.sqlite"
        o.useIndex = useIndex
        o.longRunning = longRunning
        return TodoService(o)
    }
}
