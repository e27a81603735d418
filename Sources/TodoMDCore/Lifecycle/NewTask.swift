import Foundation

/// The fields of a task to create, as typed by a person or a script; `make` validates them.
public struct NewTask: Sendable {
    public var title: String
    public var due: String?
    public var deferDate: String?
    public var scheduled: String?
    public var priority: String?
    public var flagged = false
    public var area: String?
    public var project: String?
    public var tags: [String] = []
    public var estimatedMinutes: Int?
    public var description: String?
    public var recurrence: String?
    public var status: String?
    public var body: String?
    public var source: String?

    public init(title: String) { self.title = title }

    /// A validated task (no path yet). Dates accept what `DateArgument` does.
    public func make(clock: Clock, settings: VaultSettings) throws -> TodoTask {
        var t = TodoTask(path: "", title: title.trimmingCharacters(in: .whitespacesAndNewlines))
        let today = clock.today
        t.due = try due.map { try DateArgument.parse($0, today: today) }
        t.deferDate = try deferDate.map { try DateArgument.parse($0, today: today) }
        t.scheduled = try scheduled.map { try DateArgument.parse($0, today: today) }
        if let p = priority {
            guard let v = Priority(rawValue: p.lowercased()) else {
                throw TodoError.invalidArgument("priority must be one of: none, low, medium, high")
            }
            t.priority = v
        } else {
            t.priority = settings.defaultPriority
        }
        if let s = status {
            guard let v = TaskStatus(rawValue: s.lowercased()) else {
                throw TodoError.invalidArgument("status must be one of: " + TaskStatus.allCases.map(\.rawValue).joined(separator: ", "))
            }
            t.status = v
            if v == .done { t.completed = clock.now }
        }
        t.flagged = flagged
        t.area = area.flatMap(FieldReader.nonEmpty)
        t.project = project.flatMap(FieldReader.nonEmpty)
        var seen = Set<String>()
        t.tags = tags.flatMap { $0.split(separator: ",").compactMap { FieldReader.normalizeTag(String($0)) } }
            .filter { seen.insert($0.lowercased()).inserted }
        if let m = estimatedMinutes, m < 0 || m > 1_000_000 {
            throw TodoError.invalidArgument("estimate must be a whole number of minutes")
        }
        t.estimatedMinutes = estimatedMinutes
        t.description = description.flatMap(FieldReader.nonEmpty)
        t.recurrence = recurrence.flatMap(FieldReader.nonEmpty)
        t.body = body ?? ""
        t.source = source ?? "user"
        t.created = clock.now
        t.modified = clock.now
        try Vault.validate(t)
        return t
    }
}
