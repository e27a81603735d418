import Foundation

/// How task files are told apart from other notes (tasknotes-spec §9.7).
public struct TaskNotesTaskDetection: Equatable, Sendable {
    /// A way to recognise a task file (§9.7.1–§9.7.4).
    public enum Method: String, Sendable, CaseIterable {
        case tag, property
        case fieldPresence = "field_presence"
        case fieldMatch = "field_match"
    }

    /// Whether every enabled method must match (`and`) or any one (`or`).
    public enum Combine: String, Sendable { case and, or }

    /// Enabled methods; never empty (defaults to `[.tag]`, §9.7 rule 3).
    public var methods: [Method]
    /// How the enabled methods combine (`combine`, default `or`).
    public var combine: Combine
    /// The identifying tag, without a leading `#`.
    public var tag: String
    /// The frontmatter key the property method reads (`property_name`).
    public var propertyName: String
    /// Empty: the property only has to exist (§9.7.2).
    public var propertyValue: String
    /// `field_presence`: keys that must all exist.
    public var requiredFields: [String]
    /// `field_match`: key → expected scalar.
    public var fieldMatches: [(String, JSONValue)]
    /// Where new tasks are created.
    public var defaultFolder: String
    /// Folders whose files are never tasks.
    public var excludedFolders: [String]

    /// The detection of a fresh vault (§9.21): tag `task`, tasks in `TaskNotes/Tasks`.
    public init() {
        methods = [.tag]
        combine = .or
        tag = "task"
        propertyName = ""
        propertyValue = ""
        requiredFields = []
        fieldMatches = []
        defaultFolder = "TaskNotes/Tasks"
        excludedFolders = []
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.methods == b.methods && a.combine == b.combine && a.tag == b.tag && a.propertyName == b.propertyName
            && a.propertyValue == b.propertyValue && a.requiredFields == b.requiredFields
            && a.fieldMatches.elementsEqual(b.fieldMatches, by: { $0.0 == $1.0 && $0.1 == $1.1 })
            && a.defaultFolder == b.defaultFolder && a.excludedFolders == b.excludedFolders
    }

    /// Reads a `task_detection` object (§9.7); absent keys keep the defaults. `methods` wins
    /// over `method` when both are given (rule 2). Call `TaskNotesConfigValidator` first to
    /// reject invalid values; unknown method names are ignored here.
    public init(config: JSONValue?) {
        self.init()
        guard case .object(let m)? = config else { return }
        func get(_ k: String) -> JSONValue? { TaskNotesMembers.value(m, k) }
        if case .array(let list)? = get("methods") {
            let parsed = list.compactMap { $0.scalarText.flatMap(Method.init(rawValue:)) }
            if !parsed.isEmpty { methods = parsed }
        } else if let name = get("method")?.scalarText, let method = Method(rawValue: name) {
            methods = [method]
        }
        if let c = get("combine")?.scalarText, let combine = Combine(rawValue: c) { self.combine = combine }
        if let t = get("tag")?.scalarText, !Self.normalizedTag(t).isEmpty { tag = Self.normalizedTag(t) }
        propertyName = get("property_name")?.scalarText ?? get("propertyName")?.scalarText ?? ""
        propertyValue = get("property_value")?.scalarText ?? get("propertyValue")?.scalarText ?? ""
        switch get("field_presence") {
        case .string(let s)?: requiredFields = [s]
        case .array(let a)?: requiredFields = a.compactMap(\.scalarText)
        default: break
        }
        if case .object(let pairs)? = get("field_match") { fieldMatches = pairs }
        if let f = get("default_folder")?.scalarText { defaultFolder = f }
        excludedFolders = Self.folderList(get("excluded_folders"))
    }

    /// `excluded_folders` as a list or as the plugin's comma-separated string.
    static func folderList(_ value: JSONValue?) -> [String] {
        let raw: [String]
        switch value {
        case .string(let s)?: raw = s.split(separator: ",").map(String.init)
        case .array(let a)?: raw = a.compactMap(\.scalarText)
        default: raw = []
        }
        return raw.map(normalizedFolder).filter { !$0.isEmpty }
    }

    static func normalizedFolder(_ s: String) -> String {
        var f = s.replacingOccurrences(of: "\\", with: "/").trimmingCharacters(in: .whitespaces)
        while f.hasPrefix("/") { f.removeFirst() }
        while f.hasSuffix("/") { f.removeLast() }
        return f
    }

    /// A tag name for comparison: trimmed, one leading `#` removed, lowercased (§9.7.1).
    static func normalizedTag(_ s: String) -> String {
        var t = s.trimmingCharacters(in: .whitespacesAndNewlines)
        if t.hasPrefix("#") { t.removeFirst() }
        return t.lowercased()
    }

    /// Whether `path` lies in an excluded folder.
    public func isExcluded(path: String) -> Bool {
        let p = Self.normalizedFolder(path)
        return excludedFolders.contains { p == $0 || p.hasPrefix($0 + "/") }
    }

    /// Whether the file at `path` with this frontmatter and body is a task (§9.7.1–§9.7.3).
    public func isTask(path: String?, frontmatter: [(String, JSONValue)], body: String) -> Bool {
        if let path, isExcluded(path: path) { return false }
        let results = methods.map { method -> Bool in
            switch method {
            case .tag: return hasTagInFrontmatter(frontmatter) || Self.bodyHasTag(body, tag)
            case .property: return matchesProperty(frontmatter)
            case .fieldPresence: return !requiredFields.isEmpty && requiredFields.allSatisfy { k in frontmatter.contains { $0.0 == k } }
            case .fieldMatch:
                return !fieldMatches.isEmpty && fieldMatches.allSatisfy { k, expected in
                    TaskNotesMembers.value(frontmatter, k).map { Self.semanticallyEqual($0, expected) } ?? false
                }
            }
        }
        return combine == .and ? results.allSatisfy { $0 } : results.contains(true)
    }

    func hasTagInFrontmatter(_ frontmatter: [(String, JSONValue)]) -> Bool {
        let entries: [String]
        switch TaskNotesMembers.value(frontmatter, "tags") {
        case .string(let s)?: entries = [s]
        case .array(let a)?: entries = a.compactMap(\.scalarText)
        default: entries = []
        }
        return entries.contains { Self.normalizedTag($0) == tag }
    }

    func matchesProperty(_ frontmatter: [(String, JSONValue)]) -> Bool {
        guard !propertyName.isEmpty, let value = TaskNotesMembers.value(frontmatter, propertyName) else { return false }
        if propertyValue.isEmpty { return true }
        return Self.semanticallyEqual(value, .string(propertyValue))
    }

    /// Scalar equality across YAML spellings (`3` equals `"3"`); a list matches when one of
    /// its items does (Obsidian list properties).
    static func semanticallyEqual(_ actual: JSONValue, _ expected: JSONValue) -> Bool {
        if case .array(let items) = actual { return items.contains { semanticallyEqual($0, expected) } }
        if actual == expected { return true }
        guard let a = actual.scalarText, let e = expected.scalarText else { return false }
        return a == e
    }

    /// A hashtag `#tag` in markdown text outside fenced code blocks and inline code spans,
    /// matched as a whole tag name, case-insensitively (§9.7.1 rule 4).
    static func bodyHasTag(_ body: String, _ tag: String) -> Bool {
        guard !tag.isEmpty else { return false }
        var inFence: String? = nil
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if let fence = inFence {
                if trimmed.hasPrefix(fence) { inFence = nil }
                continue
            }
            if trimmed.hasPrefix("```") { inFence = "```"; continue }
            if trimmed.hasPrefix("~~~") { inFence = "~~~"; continue }
            if lineHasTag(Array(line), tag) { return true }
        }
        return false
    }

    private static func isTagCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_" || c == "-" || c == "/"
    }

    /// The index just past the backtick run of `length` closing a code span opened before
    /// `from`, or nil when the line has none (the opening run is then literal text).
    private static func closingRun(_ chars: [Character], from: Int, length: Int) -> Int? {
        var i = from
        while i < chars.count {
            guard chars[i] == "`" else { i += 1; continue }
            var run = 0
            while i < chars.count, chars[i] == "`" { run += 1; i += 1 }
            if run == length { return i }
        }
        return nil
    }

    private static func lineHasTag(_ chars: [Character], _ tag: String) -> Bool {
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "`" {
                var run = 0
                while i < chars.count, chars[i] == "`" { run += 1; i += 1 }
                // Skip an inline code span (CommonMark: closed by a run of the same length).
                if let end = closingRun(chars, from: i, length: run) { i = end }
                continue
            }
            if c == "#", i == 0 || !(isTagCharacter(chars[i - 1]) || chars[i - 1] == "#") {
                var j = i + 1
                while j < chars.count, isTagCharacter(chars[j]) { j += 1 }
                if j > i + 1, String(chars[(i + 1)..<j]).lowercased() == tag { return true }
                i = j
                continue
            }
            i += 1
        }
        return false
    }
}
