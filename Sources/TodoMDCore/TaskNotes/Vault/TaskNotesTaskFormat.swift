import Foundation
import Yams

/// A TaskNotes vault's task files, read and written in TaskNotes' own spelling (issue 19,
/// PRODUCT.md decision 8): the keys of its field mapping (`dateCreated`, `timeEstimate`,
/// `projects`, …), its status and priority values, and its task identification (a tag or a
/// property). Reading maps a file onto the schema model without complaining about what
/// TaskNotes does not write (`created`, `source`, a `title` kept in the file name); writing maps
/// schema keys back, so a `done` writes the vault's completed status and `completedDate`.
public struct TaskNotesTaskFormat: TaskFileFormat {
    public let config: TaskNotesConfig
    public let cacheIdentity: String
    /// The vault's zone, for timestamps in the plugin's local style.
    let zone: @Sendable () -> TimeZone
    /// A recurring task's `due` moves with `scheduled` when it completes (the plugin's
    /// `maintainDueDateOffsetInRecurring`, default on); off, it stays.
    public var maintainDueDateOffset = true
    /// The tag of archived tasks (the plugin's `fieldMapping.archiveTag`, default `archived`).
    public var archiveTag: String? = "archived"
    /// The plugin's `userFields`: written typed by `set`.
    public var userFields: [TaskNotesUserField] = []

    /// `settingsFingerprint`: of the plugin's settings file the configuration came from.
    public init(config: TaskNotesConfig, settingsFingerprint: String = "", zone: @escaping @Sendable () -> TimeZone = { .current }) {
        self.config = config
        cacheIdentity = "tasknotes:" + settingsFingerprint
        self.zone = zone
    }

    private var mapping: TaskNotesFieldMapping { config.mapping }

    // MARK: Reading

    public func read(path: String, bytes: [UInt8], zone: TimeZone) -> ReadOutcome {
        let detection = config.taskDetection
        if detection.isExcluded(path: path) { return .notATask }
        let statusKey = mapping.key(for: .status)
        let parsed = MarkdownTaskFormat.frontmatter(path: path, bytes: bytes, looksLikeTask: { b in
            MarkdownTaskFormat.looksLikeTask(b) || Self.mentionsTag(b, detection.tag)
        }) { lineKeys in
            lineKeys.contains("tags") || lineKeys.contains(statusKey) || (!detection.propertyName.isEmpty && lineKeys.contains(detection.propertyName))
        }
        guard case let .fields(doc, fields) = parsed else { return parsed.outcome }
        var budget = YAMLBudget()
        let json = fields.map { ($0.0, FieldReader.json($0.1, budget: &budget)) }
        if budget.exhausted {
            var broken = TodoTask(path: path, title: MarkdownTaskFormat.noteName(path))
            broken.problems.append(budget.reason)
            broken.readOnly = true
            return .task(broken)
        }
        // The plugin looks at the frontmatter only (a `#task` in the body is text).
        guard detection.isTask(path: path, frontmatter: json, body: "") else { return .notATask }
        var task = TodoTask(path: path, title: "")
        var canonical: [(String, Node)] = []
        var sawStatus = false
        for (key, node) in fields {
            guard let role = mapping.role(forKey: key) else {
                canonical.append((key, node))
                continue
            }
            switch role {
            case .title:
                // As the plugin reads it: a title in the frontmatter wins, even when titles are
                // kept in file names (older files); a blank one does not count.
                if let t = node.scalar?.string, !t.trimmed.isEmpty { canonical.append((TaskKey.title, node)) }
            case .status:
                sawStatus = true
                canonical.append((TaskKey.status, Self.scalar(status(node.scalar?.string ?? "").rawValue)))
            case .priority: canonical.append((TaskKey.priority, Self.scalar(priority(node.scalar?.string ?? "").rawValue)))
            case .due: canonical.append((TaskKey.due, node))
            case .scheduled: canonical.append((TaskKey.scheduled, node))
            case .timeEstimate: canonical.append((TaskKey.estimatedMinutes, node))
            case .dateCreated: canonical.append((TaskKey.created, Self.instantNode(node, zone: zone)))
            case .dateModified: canonical.append((TaskKey.modified, Self.instantNode(node, zone: zone)))
            case .completedDate: canonical.append((TaskKey.completed, Self.instantNode(node, zone: zone)))
            case .recurrence: canonical.append((TaskKey.recurrence, node))
            case .tags:
                // The tag that makes a note a task is not one of the task's tags (written back on every tags edit).
                let tags = Self.strings(node).filter { !(detection.methods.contains(.tag) && TaskNotesTaskDetection.normalizedTag($0) == detection.tag) }
                canonical.append((TaskKey.tags, Node.sequence(.init(tags.map(Self.scalar)))))
            case .projects:
                // The first project is the task's project; the list stays as written.
                if let first = Self.strings(node).first.map(TaskNotesTaskFormat.linkTarget), !first.isEmpty {
                    canonical.append((TaskKey.project, Self.scalar(first)))
                }
                canonical.append((key, node))
            default: canonical.append((key, node))
            }
        }
        if !canonical.contains(where: { $0.0 == TaskKey.title }) {
            // The title is the file name as it is (`Follow-up call.md` is "Follow-up call").
            canonical.insert((TaskKey.title, Self.scalar(MarkdownTaskFormat.noteName(path))), at: 0)
        }
        if !sawStatus {
            canonical.append((TaskKey.status, Self.scalar(status(config.statuses.defaultValue).rawValue)))
        }
        return MarkdownTaskFormat.finish(&task, doc: doc, fields: canonical, zone: zone)
    }

    /// The schema status of a TaskNotes status: any completed status is done (one named
    /// cancelled is cancelled), in-progress is in progress, the rest (open, none, custom) to do.
    public func status(_ value: String) -> TaskStatus {
        let v = value.lowercased()
        if config.statuses.isCompleted(value) { return v == "cancelled" || v == "canceled" ? .cancelled : .done }
        switch v {
        case "in-progress", "in progress", "inprogress", "doing": return .inProgress
        case "cancelled", "canceled": return .cancelled
        default: return .todo
        }
    }

    /// The schema priority of a TaskNotes priority: by name (`normal` is medium), else by its
    /// weight (the plugin's `customPriorities`; higher is more important) against the weights of
    /// `low`, `normal` and `high`, else by its rank among the vault's weights (the heaviest is
    /// high, the lightest low); unknown values are none.
    public func priority(_ value: String) -> Priority {
        switch value.lowercased() {
        case "", "none": return .none
        case "low", "lowest": return .low
        case "normal", "medium": return .medium
        case "high", "urgent", "highest": return .high
        default: break
        }
        let weights = config.priorityWeights
        guard let w = weights[value] ?? weights.first(where: { $0.key.lowercased() == value.lowercased() })?.value else { return .none }
        func weight(_ names: String...) -> Int? { weights.first { names.contains($0.key.lowercased()) }?.value }
        if let h = weight("high"), let l = weight("low") {
            return w >= h ? .high : w >= (weight("normal", "medium") ?? (l + 1)) ? .medium : w >= l ? .low : .none
        }
        let ranked = Set(weights.values).sorted()
        guard ranked.count > 1 else { return .medium }
        return w == ranked.last ? .high : w == ranked.first ? .low : .medium
    }

    // MARK: Writing

    /// The plugin's tasks folder (`tasksFolder`).
    public var newTaskFolder: String { config.taskDetection.defaultFolder }

    /// The plugin's file name: the title (when titles live in file names, or by default), else
    /// `taskFilenameFormat` (zettel, timestamp, a custom template); ` 2`, ` 3`… after a taken name.
    public func newFileName(for task: TodoTask, created: Date, suffix: Int) -> String {
        let context = TaskNotesFileName.Context(title: task.title, status: statusValue(task.status),
                                                priority: task.priority == .none ? nil : priorityValue(task.priority),
                                                due: task.due?.description, scheduled: task.scheduled?.description,
                                                now: created, zone: zone())
        var base = ((try? TaskNotesFileName.path(template: config.title.effectiveTemplate, context: context)) ?? "Untitled.md")
        base.removeLast(3)
        base = base.split(separator: "/").last.map(String.init) ?? base
        return base + (suffix > 1 ? " \(suffix)" : "") + ".md"
    }

    /// Titles live in file names (`storeTitleInFilename`, the default): no `title` key is written.
    var titleInFileName: Bool { config.title.storage == .filename }

    /// A new task file in TaskNotes' spelling: its title (unless the vault keeps titles in file
    /// names), status and priority values, the task tag or property, and its timestamps.
    public func render(_ task: TodoTask) -> [UInt8] { MarkdownTaskFormat.file(fields(of: task), body: task.body) }

    /// Edits a TaskNotes file: schema keys become the vault's keys and values (a done status
    /// writes the vault's completed status, `completed` its `completedDate` day), each edit
    /// touching only its lines, as in the schema format.
    public func apply(_ changes: [FieldChange], to bytes: [UInt8]) throws -> [UInt8] {
        if titleInFileName, changes.contains(where: { $0.key == TaskKey.title }),
           let doc = FrontmatterDocument(bytes: bytes), !doc.keyBlocks().contains(where: { $0.key == mapping.key(for: .title) }) {
            throw TodoError.invalidArgument("this TaskNotes vault keeps titles in file names: rename the file to change the title")
        }
        if changes.contains(where: { $0.key == TaskKey.status && $0.value == .string(TaskStatus.cancelled.rawValue) }), cancelledValue == nil {
            throw TodoError.invalidArgument("this TaskNotes vault has no cancelled status (customStatuses); set another status")
        }
        let translated = try changes.flatMap { c -> [FieldChange] in
            if let field = userFields.first(where: { $0.key == c.key }), mapping.role(forKey: c.key) == nil {
                return [FieldChange(c.key, try field.coerce(c.value))]
            }
            guard c.key == TaskKey.project else { return translate(c) }
            // Only the first project changes; the others and their link style stay.
            let p: String? = { if case .string(let s)? = c.value { return s } else { return nil } }()
            let list = projects(replacingFirstOf: currentProjects(bytes), with: p)
            return [FieldChange(mapping.key(for: .projects), list.isEmpty ? nil : .list(list))]
        }
        return try MarkdownTaskFormat().apply(translated, to: bytes, schemaKeys: Set(changes.map(\.key))) { path, b, zone in
            read(path: path, bytes: b, zone: zone)
        }
    }

    /// The frontmatter of a new file, in order.
    func fields(of task: TodoTask) -> [FieldChange] {
        let detection = config.taskDetection
        var schema = MarkdownTaskFormat.fields(of: task).filter { $0.key != TaskKey.source && !(titleInFileName && $0.key == TaskKey.title) }
        // The task tag (tags are translated with it) and the vault's default priority, as the plugin writes them.
        if detection.methods.contains(.tag), !schema.contains(where: { $0.key == TaskKey.tags }) {
            let at = schema.firstIndex { [TaskKey.recurrence, TaskKey.estimatedMinutes, TaskKey.description, TaskKey.created].contains($0.key) }
            schema.insert(FieldChange(TaskKey.tags, .list([])), at: at ?? schema.count)
        }
        // The project replaces the first entry of the `projects` list the task may carry.
        let projectsKey = mapping.key(for: .projects)
        let carried: [String] = {
            guard case .array(let items)? = task.extra.last(where: { $0.0 == projectsKey })?.1 else { return [] }
            return items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
        }()
        var out = schema.filter { $0.key != projectsKey }.flatMap { c -> [FieldChange] in
            guard c.key == TaskKey.project else { return translate(c) }
            return [FieldChange(projectsKey, .list(projects(replacingFirstOf: carried, with: task.project)))]
        }
        if task.priority == .none, !config.defaultPriority.isEmpty, config.defaultPriority.lowercased() != "none",
           let i = out.firstIndex(where: { $0.key == mapping.key(for: .status) }) {
            out.insert(FieldChange(mapping.key(for: .priority), .string(config.defaultPriority)), at: i + 1)
        }
        if detection.methods.contains(.property), !detection.propertyName.isEmpty, !out.contains(where: { $0.key == detection.propertyName }) {
            out.append(FieldChange(detection.propertyName, detection.propertyValue.isEmpty ? .bool(true) : .string(detection.propertyValue)))
        }
        return out
    }

    /// One schema change as the vault spells it (nothing for keys TaskNotes has no place for).
    func translate(_ c: FieldChange) -> [FieldChange] {
        func key(_ r: TaskNotesRole) -> String { mapping.key(for: r) }
        func text(_ v: FieldValue?) -> String? { if case .string(let s)? = v { return s } else { return nil } }
        switch c.key {
        case TaskKey.title: return [FieldChange(key(.title), c.value)]
        case TaskKey.status:
            guard let s = text(c.value).flatMap(TaskStatus.init(rawValue:)) else { return [FieldChange(key(.status), c.value)] }
            return [FieldChange(key(.status), .string(statusValue(s)))]
        case TaskKey.priority:
            let p = text(c.value).flatMap(Priority.init(rawValue:)) ?? .none
            return [FieldChange(key(.priority), p == .none ? nil : .string(priorityValue(p)))]
        case TaskKey.due: return [FieldChange(key(.due), c.value)]
        case TaskKey.scheduled: return [FieldChange(key(.scheduled), c.value)]
        case TaskKey.estimatedMinutes: return [FieldChange(key(.timeEstimate), c.value)]
        case TaskKey.recurrence: return [FieldChange(key(.recurrence), c.value)]
        case TaskKey.tags:
            let detection = config.taskDetection
            guard detection.methods.contains(.tag), !detection.tag.isEmpty else { return [FieldChange(key(.tags), c.value)] }
            var tags: [String] = []
            if case .list(let l)? = c.value { tags = l } else if let t = text(c.value) { tags = [t] }
            return [FieldChange(key(.tags), .list([detection.tag] + tags.filter { TaskNotesTaskDetection.normalizedTag($0) != detection.tag }))]
        case TaskKey.project:
            return [FieldChange(key(.projects), .list(projects(replacingFirstOf: [], with: text(c.value))))]
        case TaskKey.created: return [FieldChange(key(.dateCreated), text(c.value).map { .string(Self.pluginTimestamp($0, zone: zone())) } ?? c.value)]
        case TaskKey.modified: return [FieldChange(key(.dateModified), text(c.value).map { .string(Self.pluginTimestamp($0, zone: zone())) } ?? c.value)]
        case TaskKey.completed:
            // TaskNotes keeps the day a task was completed (`completedDate: 2026-11-27`), in the vault's zone.
            return [FieldChange(key(.completedDate), text(c.value).map { t in
                .string(Timestamp.parse(t).map { LocalDate($0, in: zone()).description } ?? String(t.prefix(10)))
            })]
        case TaskKey.source, TaskKey.recurrenceType: return []
        default: return [c]
        }
    }

    /// The `projects` list with its first entry (the task's project) replaced by `project` in
    /// the first entry's link style (a wiki link, or a Markdown link; new lists as the vault's
    /// `useFrontmatterMarkdownLinks` says), the other projects kept; nil `project` drops it.
    func projects(replacingFirstOf current: [String], with project: String?) -> [String] {
        var list = current
        let markdown = current.first.map { $0.hasPrefix("[") && !$0.hasPrefix("[[") } ?? config.useMarkdownLinks
        if !list.isEmpty { list.removeFirst() }
        if let p = project, !p.isEmpty {
            list.insert(markdown ? "[\(p)](\(p.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? p).md)" : "[[\(p)]]", at: 0)
        }
        return list
    }

    /// The project entries a file holds now (the raw `projects` list).
    func currentProjects(_ bytes: [UInt8]) -> [String] {
        guard case .task(let t) = read(path: "edit.md", bytes: bytes, zone: zone()),
              case .array(let items)? = t.extra.last(where: { $0.0 == mapping.key(for: .projects) })?.1 else { return [] }
        return items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
    }

    func statusValue(_ s: TaskStatus) -> String {
        let values = config.statuses.values
        switch s {
        case .done: return config.statuses.completedValues.first { $0.lowercased() != "cancelled" } ?? config.statuses.defaultCompleted
        case .cancelled: return cancelledValue ?? config.statuses.defaultCompleted
        case .inProgress: return values.first { status($0) == .inProgress } ?? config.statuses.defaultValue
        case .todo, .someday: return config.statuses.defaultValue
        }
    }

    /// The vault's cancelled status, if it has one.
    var cancelledValue: String? {
        (config.statuses.completedValues + config.statuses.values).first { status($0) == .cancelled }
    }

    func priorityValue(_ p: Priority) -> String {
        let values = config.priorityValues
        let wanted = p == .medium ? ["normal", "medium"] : [p.rawValue]
        return values.first { wanted.contains($0.lowercased()) } ?? values.first { priority($0) == p } ?? wanted[0]
    }

    // MARK: Values

    /// A schema timestamp (`2026-11-27T08:00:00Z`) as the plugin writes them: local time with
    /// milliseconds and the offset (`2026-11-27T09:00:00.000+01:00`), in the vault's zone.
    static func pluginTimestamp(_ utc: String, zone: TimeZone) -> String {
        guard let d = Timestamp.parse(utc) else { return utc }
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.calendar = Calendar(identifier: .gregorian)
        f.timeZone = zone
        f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSxxx"
        return f.string(from: d)
    }

    /// The name a project link shows: `[[Areas/Project A|alias]]` → `Project A`; `[A](a.md)` → `A`; plain text as is.
    public static func linkTarget(_ s: String) -> String {
        let t = s.trimmingCharacters(in: .whitespaces)
        if t.hasPrefix("[["), t.hasSuffix("]]") {
            let inner = t.dropFirst(2).dropLast(2)
            let target = inner.split(separator: "|", maxSplits: 1).first.map(String.init) ?? String(inner)
            let name = target.split(separator: "#").first.map(String.init) ?? target
            return (name.split(separator: "/").last.map(String.init) ?? name).trimmingCharacters(in: .whitespaces)
        }
        if t.hasPrefix("["), let close = t.range(of: "]("), t.hasSuffix(")") {
            return String(t[t.index(after: t.startIndex)..<close.lowerBound])
        }
        return t
    }

    static func scalar(_ s: String) -> Node { Node.scalar(.init(s, .init(.str), .doubleQuoted)) }

    static func strings(_ node: Node) -> [String] {
        switch node {
        case .scalar(let s): return [s.string]
        case .sequence(let seq): return seq.compactMap { $0.scalar?.string }
        default: return []
        }
    }

    /// A TaskNotes timestamp (local with offset and milliseconds, UTC `Z`, or a day alone) as
    /// the schema's UTC instant text; what cannot be read is passed on for the reader to report.
    static func instantNode(_ node: Node, zone: TimeZone) -> Node {
        guard let s = node.scalar?.string.trimmingCharacters(in: .whitespaces), !s.isEmpty else { return node }
        if let day = LocalDate(s) { return scalar(Timestamp.format(day.startInstant(in: zone))) }
        if let d = ImportDates.instant(s, zone: zone) { return scalar(Timestamp.format(d)) }
        return node
    }

    /// Whether the raw head of a file names the tag (a broken file meant as a task).
    static func mentionsTag(_ bytes: [UInt8], _ tag: String) -> Bool {
        guard !tag.isEmpty else { return false }
        let head = String(decoding: bytes.prefix(8 * 1024), as: UTF8.self)
        return head.contains("- \(tag)\n") || head.contains("[\(tag)") || head.contains(", \(tag)")
    }
}
