import Foundation
import TodoMDCore

/// Counts the writes agents make, process-wide, and raises the spec's rate alert (more than 50
/// within 60 s, with the sources) once per burst. Shared by every agent session of a server.
public final class AgentRateWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var monitor: RateLimitMonitor

    public init(threshold: Int = 50, window: TimeInterval = 60) {
        monitor = RateLimitMonitor(threshold: threshold, window: window)
    }

    /// Records `count` writes by `source` at `now`; the alert when they crossed the threshold.
    public func record(_ source: String, count: Int, at now: Date) -> RateAlert? {
        guard count > 0 else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return monitor.record(Array(repeating: source, count: count), at: now)
    }
}

/// Writes made on behalf of another program (an MCP client, a `todomd://` URL): attributed to
/// its `source` (new tasks carry it; the undo history names it), checked against the vault's
/// per-source permissions, counted for the rate alert, and each call one undoable action.
public final class AgentSession: Sendable {
    public let service: TodoService
    /// The `source` its tasks get: `mcp:<client>`, `shortcut`, or what the user configured.
    public let source: String
    public let rateWatch: AgentRateWatch
    /// The front end the history and the audit log name: `mcp` for MCP clients, else `url`.
    public var frontEnd: String { source.hasPrefix("mcp:") ? "mcp" : "url" }

    public init(service: TodoService, source: String, rateWatch: AgentRateWatch = AgentRateWatch()) {
        self.service = service
        self.source = source
        self.rateWatch = rateWatch
    }

    /// `prefix:name` for a client's self-reported name, cut to letters, digits, `.`, `_`, `-`
    /// (64 at most): a name is not a place to smuggle YAML or control characters into files.
    public static func source(client name: String, prefix: String = "mcp") -> String {
        let kept = String(name.unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) }
            .map(Character.init).prefix(64))
        return prefix + ":" + (kept.isEmpty ? "client" : kept)
    }

    /// A source given by the user (`--source`, a header): the same characters plus `:`.
    public static func validSource(_ s: String) -> Bool {
        !s.isEmpty && s.count <= 64 && s.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-:".unicodeScalars.contains($0))
        }
    }

    /// What one call did.
    public struct Outcome: Sendable {
        public var results: [BatchResult]
        public var dryRun: Bool
        /// Set when this call's writes crossed the rate threshold.
        public var rateAlert: RateAlert?
        public var succeeded: Int { results.filter(\.succeeded).count }
        public var failed: Int { results.count - succeeded }
    }

    /// Runs one call's operations (`tool` names it in the undo history) after checking that
    /// this source has `right`: a refusal throws and nothing is written. New tasks get this
    /// source; a task may not claim another.
    public func run(_ tool: String, _ right: SourcePermissions.Right, _ operations: [BatchOperation], dryRun: Bool = false) throws -> Outcome {
        guard service.permits(source, right) else {
            throw TodoError.invalidArgument("source \(source) may not \(Self.verb(right)) tasks in this vault "
                + "(\(VaultSettings.fileName) source_permissions)")
        }
        var refused: [Int: Error] = [:]
        let ops = operations.enumerated().map { i, op -> BatchOperation in
            guard case .add(var draft) = op.action else { return op }
            if let claimed = draft.fields.source, claimed != source {
                refused[i] = TodoError.invalidArgument("source is set by the connection (\(source)), not by a task (\"\(claimed)\")")
            }
            draft.fields.source = source
            return BatchOperation(reference: op.reference, action: .add(draft), expected: op.expected)
        }
        let results = service.attributed(frontEnd: frontEnd, source: source) {
            BatchResult.merging(count: ops.count, refused: refused) { runnable in
                service.batch(runnable.map { ops[$0] }, label: "\(source) \(tool)", dryRun: dryRun)
            }
        }
        var outcome = Outcome(results: results, dryRun: dryRun)
        if !dryRun, let alert = rateWatch.record(source, count: outcome.succeeded, at: service.clock.now) {
            outcome.rateAlert = alert
            service.options.warn("rate alert: \(alert.total) writes within \(alert.windowSeconds) s ("
                + alert.sources.map { "\($0.source): \($0.count)" }.joined(separator: ", ") + ")")
        }
        return outcome
    }

    static func verb(_ right: SourcePermissions.Right) -> String {
        switch right {
        case .create: return "create"
        case .modify: return "change"
        case .complete: return "complete or reopen"
        case .delete: return "delete or restore"
        }
    }
}

extension TodoService {
    /// Whether the vault's settings let `source` do `right` (`.todomd.json` source_permissions).
    public func permits(_ source: String, _ right: SourcePermissions.Right) -> Bool {
        locked { vault.settings.sourcePermissions.allows(source, right) }
    }
}
