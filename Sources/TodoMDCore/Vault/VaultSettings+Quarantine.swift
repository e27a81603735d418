import Foundation

/// The quarantine (spec 000's v2 security roadmap; opt-in): new files whose `source` is not
/// trusted, or that arrive in a burst, are held back from every view until the user approves
/// them (README, "Quarantine").
public struct QuarantineSettings: Equatable, Sendable {
    /// Sources whose new files are shown at once: exact, `prefix*`, or `*`. `(none)` stands
    /// for files without a `source` (an editor, Obsidian).
    public var trusted: [String] = ["user"]
    /// More new files than this within `window` are a burst: all of them are held (the rate
    /// alert's threshold, spec 000); 0 turns the burst rule off.
    public var burst = 50
    public var window: TimeInterval = 60

    /// The stand-in for "no source" in `trusted`.
    public static let noSource = "(none)"

    public init() {}

    /// Whether new files from `source` (nil: the file names none) are shown without review.
    public func trusts(_ source: String?) -> Bool {
        let s = source ?? Self.noSource
        return trusted.contains { entry in
            entry == "*" || entry == s || (entry.hasSuffix("*") && s != Self.noSource && s.hasPrefix(String(entry.dropLast())))
        }
    }
}

extension VaultSettings {
    /// Reads `quarantine`: `true` (the defaults), `false`/absent (off), or
    /// `{"trusted_sources": […], "burst": 50, "window_seconds": 60}`.
    mutating func loadQuarantineSettings(_ obj: [String: Any], problems: inout [String]) {
        guard let v = obj["quarantine"], !(v is NSNull) else { return }
        if let b = v as? Bool {
            quarantine = b ? QuarantineSettings() : nil
            return
        }
        guard let o = v as? [String: Any] else {
            problems.append("quarantine must be true, false or {\"trusted_sources\": [...], \"burst\": 50, \"window_seconds\": 60}")
            return
        }
        var q = QuarantineSettings()
        if let t = o["trusted_sources"] {
            if let list = t as? [String], list.allSatisfy({ !$0.isEmpty && $0.count <= 64 }) { q.trusted = list } else {
                problems.append("quarantine.trusted_sources must be a list of sources (\"user\", \"mcp:*\", \"(none)\")")
            }
        }
        if let b = o["burst"] {
            if let n = b as? Int, n >= 0, n <= 100_000 { q.burst = n } else {
                problems.append("quarantine.burst must be a whole number from 0 (off) to 100000")
            }
        }
        if let w = o["window_seconds"] {
            if let n = w as? Int, n >= 1, n <= 86_400 { q.window = TimeInterval(n) } else {
                problems.append("quarantine.window_seconds must be a whole number from 1 to 86400")
            }
        }
        quarantine = q
    }
}
