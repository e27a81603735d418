import Foundation
import GRDB

/// The quarantine's state (README, "Quarantine"): the files held back from the views until the
/// user approves them, and the recent arrivals the burst rule counts. Kept beside the version
/// history, per device: deleting the cache shows what was held (each device reviews its own).
extension HistoryStore {
    /// A file held back.
    public struct Held: Sendable, Equatable {
        public var path: String
        /// When it arrived.
        public var at: Date
        /// The `source` it names (nil: none).
        public var source: String?
        /// `source` (not trusted) or `burst` (one of more new files than the rate allows).
        public var reason: String
    }

    /// A new file, as the quarantine judges it.
    public struct Arrival: Sendable {
        public var path: String
        public var source: String?
        public var trusted: Bool

        public init(path: String, source: String?, trusted: Bool) {
            self.path = path
            self.source = source
            self.trusted = trusted
        }
    }

    /// Counts `arrivals` at `now` and holds the untrusted ones; when more than `burst` files
    /// (0: no limit) arrived within `window`, every one of them is held. Returns the files held
    /// by this call.
    @discardableResult
    public func arrive(_ arrivals: [Arrival], at now: Date, burst: Int, window: TimeInterval) throws -> [Held] {
        guard !arrivals.isEmpty else { return [] }
        let ms = Self.millis(now)
        return try db.write { db in
            try db.execute(sql: "DELETE FROM arrivals WHERE at < ?", arguments: [ms - Int64(window * 1000)])
            var held: [Held] = []
            func hold(_ path: String, _ at: Int64, _ source: String?, _ reason: String) throws {
                try db.execute(sql: "INSERT OR IGNORE INTO quarantine (path, at, source, reason) VALUES (?, ?, ?, ?)",
                               arguments: [path, at, source, reason])
                if db.changesCount > 0 {
                    held.append(Held(path: path, at: Date(timeIntervalSince1970: Double(at) / 1000), source: source, reason: reason))
                }
            }
            for a in arrivals {
                try db.execute(sql: "INSERT INTO arrivals (path, at, source) VALUES (?, ?, ?)", arguments: [a.path, ms, a.source])
                if !a.trusted { try hold(a.path, ms, a.source, "source") }
            }
            if burst > 0, try Int.fetchOne(db, sql: "SELECT count(*) FROM arrivals") ?? 0 > burst {
                for row in try Row.fetchAll(db, sql: "SELECT path, at, source FROM arrivals ORDER BY at") {
                    try hold(row[0], row[1], row[2], "burst")
                }
            }
            return held
        }
    }

    /// The files held, oldest first.
    public func held() throws -> [Held] {
        try db.read { db in
            try Row.fetchAll(db, sql: "SELECT path, at, source, reason FROM quarantine ORDER BY at, path").map {
                Held(path: $0[0], at: Date(timeIntervalSince1970: Double($0[1] as Int64) / 1000), source: $0[2], reason: $0[3])
            }
        }
    }

    /// The paths held (what every view leaves out).
    public func heldPaths() throws -> Set<String> {
        try db.read { Set(try String.fetchAll($0, sql: "SELECT path FROM quarantine")) }
    }

    /// Lets files out of the quarantine (approved, rejected, or gone); they no longer count
    /// towards a burst either, so a burst going on does not hold them again.
    public func release(_ paths: [String]) throws {
        guard !paths.isEmpty else { return }
        try db.write { db in
            for p in paths {
                try db.execute(sql: "DELETE FROM quarantine WHERE path = ?", arguments: [p])
                try db.execute(sql: "DELETE FROM arrivals WHERE path = ?", arguments: [p])
            }
        }
    }
}
