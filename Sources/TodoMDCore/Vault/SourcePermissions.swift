import Foundation

/// What each `source` (an agent, a script, the URL scheme) may do, from `.todomd.json`'s
/// `source_permissions` (spec 000 "Per-source permissions"):
///
///     "source_permissions": {
///       "mcp:*":      {"create": true, "modify": true, "complete": true, "delete": false},
///       "mcp:intern": {"modify": false}
///     }
///
/// A key is a source, a prefix ending in `*` (the longest matching one wins) or `*` alone; a
/// missing right is allowed. The checks apply to writes made through todomd on a source's
/// behalf (MCP, the URL scheme); a program writing files directly is outside them.
public struct SourcePermissions: Sendable, Equatable {
    /// A kind of write.
    public enum Right: String, Sendable, CaseIterable {
        /// Creating tasks.
        case create
        /// Changing fields: set, defer, reschedule, move.
        case modify
        /// Completing and reopening.
        case complete
        /// Moving to the trash and back.
        case delete
    }

    /// Pattern → the rights it states (unstated ones are allowed).
    public var rules: [String: [Right: Bool]] = [:]

    public init(rules: [String: [Right: Bool]] = [:]) { self.rules = rules }

    /// Whether `source` may do `right`.
    public func allows(_ source: String, _ right: Right) -> Bool {
        rule(for: source)?[right] ?? true
    }

    /// The rule that applies to `source`: its own, else the longest `prefix*`, else `*`.
    func rule(for source: String) -> [Right: Bool]? {
        if let own = rules[source] { return own }
        let wild = rules.keys.filter { $0.hasSuffix("*") && source.hasPrefix(String($0.dropLast())) }
        return wild.max { $0.count < $1.count }.flatMap { rules[$0] }
    }

    /// Reads the settings value; the problems name what was ignored.
    static func parse(_ value: Any) -> (SourcePermissions, [String]) {
        guard let dict = value as? [String: Any] else {
            return (SourcePermissions(), ["source_permissions must map sources to {\"create\": true, …}"])
        }
        var p = SourcePermissions(), problems: [String] = []
        for (source, v) in dict {
            guard let rights = v as? [String: Any] else {
                problems.append("source_permissions: \"\(source)\" must be an object of create/modify/complete/delete")
                continue
            }
            var rule: [Right: Bool] = [:]
            for (k, flag) in rights {
                guard let right = Right(rawValue: k), let b = flag as? Bool else {
                    problems.append("source_permissions: \"\(source)\": \"\(k)\" must be create, modify, complete or delete, true or false")
                    continue
                }
                rule[right] = b
            }
            p.rules[source] = rule
        }
        return (p, problems)
    }
}
