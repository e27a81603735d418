import Foundation

/// The Obsidian Tasks plugin's settings that decide how checkbox lines are read and written,
/// read from its `data.json` (key names and defaults of the plugin's `src/Config/Settings.ts`;
/// a missing key keeps the plugin's default).
///
/// `.todomd.json` overrides some of them (`global_filter`, `remove_global_filter`, `status_map`):
/// the plugin's file says what Obsidian does, `.todomd.json` holds the user's explicit choices
/// for todomd, so it wins (see `VaultSettings.load`).
public struct ObsidianTasksSettings: Sendable, Equatable {
    /// Where the plugin keeps its settings, relative to the vault root.
    public static let relativePath = ".obsidian/plugins/obsidian-tasks-plugin/data.json"

    /// `globalFilter`: only checkbox lines containing this text are tasks (empty: every line).
    public var globalFilter: String?
    /// `removeGlobalFilter`: hide the global filter from titles (default off: the title keeps it).
    public var removeGlobalFilter = false
    /// `taskFormat`: `tasksPluginEmoji` (emoji) or `dataview` — the spelling of fields written to
    /// a line that has none yet (a line with fields keeps its own spelling).
    public var taskFormat: InlineFormat = .emoji
    /// `setCreatedDate`: a new occurrence of a recurring task gets ➕ today (default off: none).
    public var setCreatedDate = false
    /// `setDoneDate`: completing adds ✅ today (default on).
    public var setDoneDate = true
    /// `setCancelledDate`: cancelling adds ❌ today (default on).
    public var setCancelledDate = true
    /// `recurrenceOnNextLine`: the new occurrence goes below the completed line (default above).
    public var recurrenceOnNextLine = false
    /// `removeScheduledDateOnRecurrence`: the new occurrence has no ⏳ when it has 🛫 or 📅.
    public var removeScheduledDateOnRecurrence = false
    /// `statusSettings`: the core statuses, then the custom ones, in the plugin's order.
    public var statuses: [Status] = Status.defaults

    /// Obsidian Tasks' status types (`StatusType`).
    public enum StatusType: String, Sendable, Equatable {
        case todo = "TODO", inProgress = "IN_PROGRESS", done = "DONE", cancelled = "CANCELLED", nonTask = "NON_TASK"

        /// The schema's status; nil for `NON_TASK` (not a task).
        public var taskStatus: TaskStatus? {
            switch self {
            case .todo: return .todo
            case .inProgress: return .inProgress
            case .done: return .done
            case .cancelled: return .cancelled
            case .nonTask: return nil
            }
        }
    }

    /// One status of the plugin's settings (`StatusConfiguration`).
    public struct Status: Sendable, Equatable {
        public var symbol: Character
        public var name: String
        /// Where a toggle moves it; nil when the setting is empty.
        public var nextSymbol: Character?
        public var type: StatusType

        public init(symbol: Character, name: String, nextSymbol: Character?, type: StatusType) {
            self.symbol = symbol
            self.name = name
            self.nextSymbol = nextSymbol
            self.type = type
        }

        /// The plugin's defaults: core `[ ]` Todo and `[x]` Done, custom `[/]` In Progress and
        /// `[-]` Cancelled.
        public static let defaults = [
            Status(symbol: " ", name: "Todo", nextSymbol: "x", type: .todo),
            Status(symbol: "x", name: "Done", nextSymbol: " ", type: .done),
            Status(symbol: "/", name: "In Progress", nextSymbol: "x", type: .inProgress),
            Status(symbol: "-", name: "Cancelled", nextSymbol: " ", type: .cancelled),
        ]
    }

    public init() {}

    /// The status map these statuses make, as the plugin's `StatusRegistry` does: statuses
    /// registered in order, the first of a symbol winning. `X` reads as done when no status
    /// claims it (todomd's reading before the plugin's settings; the plugin would call an
    /// unregistered `X` an unknown todo).
    public var statusMap: InlineStatusMap {
        var m = InlineStatusMap(statuses: [:], characters: [:])
        var seen = Set<Character>()
        for s in statuses where seen.insert(s.symbol).inserted {
            if let n = s.nextSymbol { m.next[s.symbol] = n }
            guard let st = s.type.taskStatus else {
                m.nonTask.insert(s.symbol)
                continue
            }
            m.statuses[s.symbol] = st
            if m.characters[st] == nil { m.characters[st] = s.symbol }
        }
        if !seen.contains("X") {
            m.statuses["X"] = .done
            m.next["X"] = " "
        }
        // The core todo and done always exist in the plugin; a hand-edited file may lack them.
        for (st, c) in [(TaskStatus.todo, Character(" ")), (.done, "x")] where m.characters[st] == nil && !seen.contains(c) {
            m.characters[st] = c
            m.statuses[c] = st
            m.next[c] = InlineStatusMap.default.next[c]
        }
        return m
    }

    /// Reads `<root>/.obsidian/plugins/obsidian-tasks-plugin/data.json`. Nil settings when the
    /// file is absent; the problem is set when it exists but is unusable (defaults are used).
    public static func load(root: String) -> (settings: ObsidianTasksSettings?, problem: String?) {
        let path = root + "/" + relativePath
        guard let size = FileSystem.statStamp(path)?.0.size else { return (nil, nil) }
        guard size <= Int64(Limits.fileBytes), let data = FileManager.default.contents(atPath: path) else {
            return (nil, relativePath + ": larger than 1 MB or unreadable; the plugin's defaults are used")
        }
        let (s, problems) = parse(data)
        return (s, problems.isEmpty ? nil : relativePath + ": " + problems.joined(separator: "; "))
    }

    /// Parses the plugin's `data.json`. Unknown keys are ignored; a key of the wrong type is a
    /// problem and keeps its default.
    public static func parse(_ data: Data) -> (ObsidianTasksSettings, problems: [String]) {
        var s = ObsidianTasksSettings()
        guard let obj = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return (s, ["not a JSON object; the plugin's defaults are used"])
        }
        var problems: [String] = []
        if let v = obj["globalFilter"] {
            if let t = v as? String { s.globalFilter = t.isEmpty ? nil : t } else { problems.append("globalFilter must be text") }
        }
        if let v = obj["taskFormat"] {
            switch v as? String {
            case "tasksPluginEmoji": s.taskFormat = .emoji
            case "dataview": s.taskFormat = .dataview
            default: problems.append("taskFormat must be tasksPluginEmoji or dataview")
            }
        }
        let flags: [(String, WritableKeyPath<ObsidianTasksSettings, Bool>)] = [
            ("removeGlobalFilter", \.removeGlobalFilter), ("setCreatedDate", \.setCreatedDate),
            ("setDoneDate", \.setDoneDate), ("setCancelledDate", \.setCancelledDate),
            ("recurrenceOnNextLine", \.recurrenceOnNextLine),
            ("removeScheduledDateOnRecurrence", \.removeScheduledDateOnRecurrence),
        ]
        for (key, path) in flags {
            guard let v = obj[key] else { continue }
            if let b = v as? Bool { s[keyPath: path] = b } else {
                problems.append("\(key) must be true or false")
            }
        }
        if let v = obj["statusSettings"] {
            if let o = v as? [String: Any] {
                s.statuses = statuses(o, problems: &problems)
            } else {
                problems.append("statusSettings must be an object")
            }
        }
        return (s, problems)
    }

    /// `coreStatuses` then `customStatuses` (each defaulting to the plugin's), normalised as the
    /// plugin's `getSettings` does: a missing symbol is a space, a missing next symbol `x`, an
    /// unknown type TODO. Symbols that are not one character can never match a checkbox: skipped.
    private static func statuses(_ o: [String: Any], problems: inout [String]) -> [Status] {
        func list(_ key: String, _ fallback: ArraySlice<Status>) -> [Status] {
            guard let v = o[key] else { return Array(fallback) }
            guard let items = v as? [Any] else {
                problems.append("statusSettings.\(key) must be a list")
                return Array(fallback)
            }
            return items.compactMap { item -> Status? in
                guard let d = item as? [String: Any] else { return nil }
                let symbol = (d["symbol"] as? String) ?? " "
                let next = (d["nextStatusSymbol"] as? String) ?? "x"
                guard let c = single(symbol) else { return nil }
                let type = StatusType(rawValue: (d["type"] as? String) ?? "") ?? .todo
                return Status(symbol: c, name: (d["name"] as? String) ?? "", nextSymbol: single(next), type: type)
            }
        }
        return list("coreStatuses", Status.defaults[0..<2]) + list("customStatuses", Status.defaults[2...])
    }

    /// The character of a one-scalar string (a checkbox holds exactly one).
    private static func single(_ s: String) -> Character? {
        s.unicodeScalars.count == 1 ? s.first : nil
    }
}
