import Foundation

/// What a query condition can read: tasks and typed items both answer it, so one tree filters
/// either (saved views of spec 003 list both).
public protocol QuerySubject {
    /// nil for an item without a known `status`.
    var queryStatus: TaskStatus? { get }
    /// `area`, `project`, `source` or `title`.
    func queryText(_ field: QueryField) -> String?
    var queryTags: [String] { get }
    var queryPriority: Priority { get }
    var queryFlagged: Bool { get }
    /// `due`, `scheduled` or `defer`.
    func queryDate(_ field: QueryField) -> LocalDateTime?
    /// `created`, `modified` or `completed` as a calendar day in `zone`, and as an instant when known.
    func queryStamp(_ field: QueryField, zone: TimeZone) -> (day: LocalDate, instant: Date?)?
    var queryEstimate: Int? { get }
    var queryFolder: String { get }
    /// `task` (a task file), `checkbox` (a checkbox line), or a typed item's type key.
    var queryType: String { get }
    var queryRecurrence: String? { get }
    func queryExtra(_ key: String) -> JSONValue
    /// The text a full-text condition searches when no search index answers it.
    var queryFullText: [String] { get }
    /// The key full-text matches from the index are given by (`TodoTask.key`, an item's path).
    var queryKey: String { get }
}

extension TodoTask: QuerySubject {
    public var queryStatus: TaskStatus? { status }

    public func queryText(_ field: QueryField) -> String? {
        switch field {
        case .area: return area
        case .project: return project
        case .source: return source
        case .title: return title
        default: return nil
        }
    }

    public var queryTags: [String] { tags }
    public var queryPriority: Priority { priority }
    public var queryFlagged: Bool { flagged }

    public func queryDate(_ field: QueryField) -> LocalDateTime? {
        switch field {
        case .due: return due ?? effectiveDue
        case .scheduled: return scheduled
        case .deferDate: return deferDate ?? effectiveDefer
        default: return nil
        }
    }

    public func queryStamp(_ field: QueryField, zone: TimeZone) -> (day: LocalDate, instant: Date?)? {
        let instant: Date?
        switch field {
        case .created: instant = created
        case .modified: instant = modified
        case .completed: instant = completed
        default: instant = nil
        }
        return instant.map { (LocalDate($0, in: zone), $0) }
    }

    public var queryEstimate: Int? { estimatedMinutes }
    public var queryFolder: String { folder }
    public var queryType: String { line == nil ? "task" : "checkbox" }
    public var queryRecurrence: String? { recurrence }

    public func queryExtra(_ key: String) -> JSONValue {
        // Schema keys read through their typed fields; the rest from `extra`.
        value(forKey: key)
    }

    public var queryFullText: [String] { [title, description ?? "", tags.joined(separator: " "), body] }
    public var queryKey: String { key }
}

extension ListItem: QuerySubject {
    public var queryStatus: TaskStatus? {
        guard case .string(let s)? = value("status") else { return nil }
        return TaskStatus(rawValue: s.lowercased())
    }

    public func queryText(_ field: QueryField) -> String? {
        if field == .title { return title }
        return ViewFilter.text(value(field.name))
    }

    public var queryTags: [String] { tags }

    public var queryPriority: Priority {
        guard case .string(let p)? = value("priority") else { return .none }
        return Priority(rawValue: p.lowercased()) ?? .none
    }

    public var queryFlagged: Bool { value("flagged") == .bool(true) }

    public func queryDate(_ field: QueryField) -> LocalDateTime? {
        guard case .string(let s)? = value(field.name) else { return nil }
        return LocalDateTime(s) ?? ViewFilter.date(.string(s)).map { LocalDateTime(date: $0) }
    }

    public func queryStamp(_ field: QueryField, zone: TimeZone) -> (day: LocalDate, instant: Date?)? {
        guard case .string(let s)? = value(field.name) else { return nil }
        if let instant = Timestamp.parse(s, zone: zone) { return (LocalDate(instant, in: zone), instant) }
        return ViewFilter.date(.string(s)).map { ($0, nil) }
    }

    public var queryEstimate: Int? {
        switch value(TaskKey.estimatedMinutes) {
        case .int(let i)?: return i
        case .string(let s)?: return Int(s)
        default: return nil
        }
    }

    public var queryFolder: String { folder }
    public var queryType: String { ListType.key(type) }
    public var queryRecurrence: String? { ViewFilter.text(value(TaskKey.recurrence)) }
    public func queryExtra(_ key: String) -> JSONValue { key == "title" ? .string(title) : (value(key) ?? .null) }

    public var queryFullText: [String] {
        [title, tags.joined(separator: " "), body] + fields.compactMap { ViewFilter.text($0.1) }
    }

    public var queryKey: String { path }
}
