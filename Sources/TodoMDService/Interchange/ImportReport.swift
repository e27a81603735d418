import Foundation
import TodoMDCore

/// What one import request asks for.
public struct ImportRequest: Sendable {
    /// The format's name; nil guesses it from the input.
    public var format: String?
    public var input: ImportInput
    /// Puts every task in this area / project.
    public var area: String?
    public var project: String?
    /// `--map COLUMN=field` for the generic formats.
    public var mapping: [String: String]
    /// Reads and plans but writes nothing.
    public var dryRun: Bool

    public init(format: String?, input: ImportInput, area: String? = nil, project: String? = nil,
                mapping: [String: String] = [:], dryRun: Bool = false) {
        self.format = format
        self.input = input
        self.area = area
        self.project = project
        self.mapping = mapping
        self.dryRun = dryRun
    }
}

/// What an import did (or, dry run, would do) with each record.
public struct ImportReport: Sendable {
    public enum Action: String, Sendable, Codable {
        /// A new task file.
        case create
        /// A task imported before, updated from the source (nobody had changed it since).
        case update
        /// Imported before and the same in the source: nothing to do.
        case unchanged
        /// Imported before, changed in the vault since: left as it is.
        case keep
        /// A note copied in as it is.
        case note
    }

    public struct Item: Sendable {
        public var action: Action
        /// The task as written (dry run: as it would be written; `path` empty for a new one).
        public var task: TodoTask
        /// `<format>:<id>`.
        public var importID: String
        public var location: String
    }

    public var format: String
    public var formatTitle: String
    public var dryRun: Bool
    public var items: [Item]
    public var problems: [ImportProblem]
    public var mapping: [ColumnMapping]

    public func count(_ a: Action) -> Int { items.reduce(0) { $0 + ($1.action == a ? 1 : 0) } }

    /// Projects the created tasks are in.
    public var projects: Int {
        Set(items.filter { $0.action == .create }.compactMap { item in
            item.task.project.map { (item.task.area ?? "") + "/" + $0 }
        }).count
    }

    /// "Created 247 tasks across 12 projects; 3 had problems:" (or "Would create …").
    public var summary: String {
        let created = count(.create), updated = count(.update), unchanged = count(.unchanged), kept = count(.keep), notes = count(.note)
        func n(_ k: Int, _ word: String) -> String { "\(k) \(word)\(k == 1 ? "" : "s")" }
        var parts = [(dryRun ? "Would create " : "Created ") + n(created, "task") + (projects > 0 && created > 0 ? " across " + n(projects, "project") : "")]
        if updated > 0 { parts.append((dryRun ? "would update " : "updated ") + "\(updated) changed in the source") }
        if unchanged > 0 { parts.append("\(unchanged) already imported and unchanged") }
        if kept > 0 { parts.append("\(kept) kept as you changed them since the last import") }
        if notes > 0 { parts.append((dryRun ? "would copy " : "copied ") + n(notes, "note")) }
        let problemRecords = Set(problems.map(\.location)).count
        var s = parts.joined(separator: "; ")
        if problemRecords > 0 { s += "; \(problemRecords) had problems:" } else { s += "." }
        return s
    }
}
