import Foundation

/// The effective state of one instance of a recurring task (tasknotes-spec §4.11).
public enum TaskNotesInstanceState: String, Sendable {
    case completed, skipped
    /// Neither completed nor skipped: the unresolved/default state.
    case open
}

/// A recurring task's per-instance state: `complete_instances` and `skipped_instances`
/// (§4.5). Entries are kept as written; an entry matches a day by its date token, so a
/// `2026-02-20T09:00` entry counts as 2026-02-20. Every mutation applies set semantics
/// (§4.6 item 3: a repeated day is dropped, the first spelling kept) and never leaves a day in
/// both lists (§4.6 item 2). Entries that are not dates are left alone (validation reports them).
public struct TaskNotesInstanceLists: Equatable, Sendable {
    /// `complete_instances`, as written.
    public var completeInstances: [String]
    /// `skipped_instances`, as written.
    public var skippedInstances: [String]

    public init(completeInstances: [String] = [], skippedInstances: [String] = []) {
        self.completeInstances = completeInstances
        self.skippedInstances = skippedInstances
    }

    /// State for `day`: completed wins over skipped (§4.11).
    public func state(on day: LocalDate) -> TaskNotesInstanceState {
        if completeInstances.contains(where: { Self.matches($0, day) }) { return .completed }
        if skippedInstances.contains(where: { Self.matches($0, day) }) { return .skipped }
        return .open
    }

    /// Complete instance `day` (§4.7): add it to the complete list, remove it from the skipped
    /// list. Idempotent; returns whether anything changed (so the caller bumps `date_modified`).
    @discardableResult
    public mutating func markCompleted(_ day: LocalDate) -> Bool {
        mark(day, in: \.completeInstances, removingFrom: \.skippedInstances)
    }

    /// Uncomplete instance `day` (§4.8): remove it from the complete list only.
    @discardableResult
    public mutating func clearCompleted(_ day: LocalDate) -> Bool {
        mutate { l in l.completeInstances.removeAll { Self.matches($0, day) } }
    }

    /// Skip instance `day` (§4.9): add it to the skipped list, remove it from the complete list.
    @discardableResult
    public mutating func markSkipped(_ day: LocalDate) -> Bool {
        mark(day, in: \.skippedInstances, removingFrom: \.completeInstances)
    }

    /// Unskip instance `day` (§4.10): remove it from the skipped list only.
    @discardableResult
    public mutating func clearSkipped(_ day: LocalDate) -> Bool {
        mutate { l in l.skippedInstances.removeAll { Self.matches($0, day) } }
    }

    /// `day` added to one list (unless it already names it) and taken out of the other (§4.6 item 2).
    private mutating func mark(_ day: LocalDate, in list: WritableKeyPath<Self, [String]>,
                               removingFrom other: WritableKeyPath<Self, [String]>) -> Bool {
        mutate { l in
            if !l[keyPath: list].contains(where: { Self.matches($0, day) }) { l[keyPath: list].append(day.description) }
            l[keyPath: other].removeAll { Self.matches($0, day) }
        }
    }

    /// The days of the complete list (entries that are not dates left out).
    public var completedDays: Set<LocalDate> { Set(completeInstances.compactMap(TaskNotesTargetDay.dayToken)) }
    /// The days of the skipped list (entries that are not dates left out).
    public var skippedDays: Set<LocalDate> { Set(skippedInstances.compactMap(TaskNotesTargetDay.dayToken)) }

    private mutating func mutate(_ body: (inout TaskNotesInstanceLists) -> Void) -> Bool {
        var next = self
        body(&next)
        next.completeInstances = Self.deduplicated(next.completeInstances)
        next.skippedInstances = Self.deduplicated(next.skippedInstances)
        defer { self = next }
        return next != self
    }

    static func matches(_ entry: String, _ day: LocalDate) -> Bool {
        TaskNotesTargetDay.dayToken(entry) == day
    }

    /// Drops later entries naming a day (or, for non-dates, a text) already listed.
    static func deduplicated(_ list: [String]) -> [String] {
        var days = Set<LocalDate>()
        var texts = Set<String>()
        return list.filter { e in
            if let d = TaskNotesTargetDay.dayToken(e) { return days.insert(d).inserted }
            return texts.insert(e).inserted
        }
    }
}
