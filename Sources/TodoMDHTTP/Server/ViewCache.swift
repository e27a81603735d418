import Foundation
import TodoMDCore
import TodoMDService

/// The last few views computed for windowed requests, so paging through a long list
/// (`/api/views/anytime?offset=…&limit=…`) computes it once, not once per page. A page at
/// offset 0 always computes afresh; every watch change and every write through the API
/// empties the cache, and an entry computed before such a change is never stored.
final class ViewCache: @unchecked Sendable {
    struct Key: Equatable {
        var name: String
        var filter: TaskFilter
        var today: LocalDate
    }

    private let lock = NSLock()
    private var generation = 0
    private var entries: [(key: Key, page: ViewPage)] = []
    private let capacity = 4
    private var lastOverview: (today: LocalDate, overview: Overview)?

    /// Forgets every view (the vault changed).
    func invalidate() {
        lock.withLock {
            generation += 1
            entries.removeAll()
            lastOverview = nil
        }
    }

    /// The sidebar's counts: computed once per change of the vault (a client asks after every
    /// live event; at 100k tasks they take a second).
    func overview(today: LocalDate, compute: () -> Overview) -> Overview {
        let start: Int = lock.withLock { generation }
        if let hit = lock.withLock({ lastOverview }), hit.today == today { return hit.overview }
        let o = compute()
        lock.withLock { if generation == start { lastOverview = (today, o) } }
        return o
    }

    /// The cached page for `key` when `reuse` allows, else `compute()` (then cached).
    func page(_ key: Key, reuse: Bool, compute: () throws -> ViewPage) rethrows -> ViewPage {
        let start: Int = lock.withLock {
            generation
        }
        if reuse, let hit = lock.withLock({ entries.first { $0.key == key }?.page }) { return hit }
        let page = try compute()
        lock.withLock {
            guard generation == start else { return }
            entries.removeAll { $0.key == key }
            entries.insert((key, page), at: 0)
            if entries.count > capacity { entries.removeLast() }
        }
        return page
    }
}
