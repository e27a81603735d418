import Foundation

/// Raised when many new files appear in a short time (spec 000, security: a rate limit
/// alert for agent-created tasks).
public struct RateAlert: Sendable, Equatable {
    /// New files within the window.
    public var total: Int
    public var windowSeconds: Int
    /// Each `source` (tasks without one count as "unknown") and its count, most first.
    public var sources: [Source]

    public struct Source: Sendable, Equatable {
        public var source: String
        public var count: Int
        public init(source: String, count: Int) {
            self.source = source
            self.count = count
        }
    }

    public init(total: Int, windowSeconds: Int, sources: [Source]) {
        self.total = total
        self.windowSeconds = windowSeconds
        self.sources = sources
    }
}

/// Counts new files in a sliding window; when more than `threshold` appear within it, raises
/// one alert, and no other until the window has drained to `threshold` or fewer.
public struct RateLimitMonitor: Sendable {
    public var threshold: Int
    public var window: TimeInterval
    private var arrivals: [(at: Date, source: String)] = []
    private var alerted = false

    public init(threshold: Int = 50, window: TimeInterval = 60) {
        self.threshold = threshold
        self.window = window
    }

    /// Records new files (their `source`, nil for none) seen at `now`; returns the alert if
    /// this pushed the count over the threshold.
    public mutating func record(_ sources: [String?], at now: Date) -> RateAlert? {
        for s in sources {
            let name = s.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 } ?? "unknown"
            arrivals.append((now, name))
        }
        return check(at: now)
    }

    /// Drops arrivals older than the window; re-arms once it has drained.
    public mutating func check(at now: Date) -> RateAlert? {
        arrivals.removeAll { now.timeIntervalSince($0.at) >= window }
        guard arrivals.count > threshold else {
            alerted = false
            return nil
        }
        guard !alerted else { return nil }
        alerted = true
        var counts: [String: Int] = [:]
        for a in arrivals { counts[a.source, default: 0] += 1 }
        let sources = counts.map { RateAlert.Source(source: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.source < $1.source }
        return RateAlert(total: arrivals.count, windowSeconds: Int(window), sources: sources)
    }
}
