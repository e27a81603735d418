import Foundation
import TodoMDCore

/// One edit of a task as agents and URLs make it: fields to set (`.clear` removes), tags to add
/// and remove, notes to append. Applied as one write.
public struct TaskChange: Sendable {
    public var fields: [(String, FieldInput)] = []
    public var addTags: [String] = []
    public var removeTags: [String] = []
    public var appendNotes: String?

    public init(fields: [(String, FieldInput)] = [], addTags: [String] = [], removeTags: [String] = [], appendNotes: String? = nil) {
        self.fields = fields
        self.addTags = addTags
        self.removeTags = removeTags
        self.appendNotes = appendNotes
    }

    public var isEmpty: Bool { fields.isEmpty && addTags.isEmpty && removeTags.isEmpty && appendNotes == nil }
}

extension TodoService {
    /// Applies `change` to a task in one write: its fields (as `set(fields:)` takes them; `body`
    /// or `notes` replace the notes), then the tags added and removed against the tags on disk,
    /// then the appended notes. A stale `expected` merges or is refused as every edit is.
    public func update(_ reference: String, _ change: TaskChange, expected: String? = nil) throws -> ActionOutcome {
        try locked {
            let clock = self.clock
            guard !change.isEmpty else { throw TodoError.invalidArgument("nothing to change: give fields to set, tags to add or remove, or notes") }
            var bodyEdit: BodyEdit?
            var changes: [FieldChange] = []
            for (key, input) in change.fields {
                if key == "body" || key == "notes" {
                    switch input {
                    case .text(let s): bodyEdit = .replace(s)
                    case .clear: bodyEdit = .replace("")
                    default: throw TodoError.invalidArgument("\(key) (the notes) is text")
                    }
                } else {
                    changes.append(try Self.change(key, input, clock: clock))
                }
            }
            if let note = change.appendNotes {
                bodyEdit = bodyEdit.map { .then($0, .append(note)) } ?? .append(note)
            }
            let tagKeys = change.addTags.isEmpty && change.removeTags.isEmpty ? [] : [TaskKey.tags]
            if !tagKeys.isEmpty, changes.contains(where: { $0.key == TaskKey.tags }) {
                throw TodoError.invalidArgument("set tags, or add and remove them; not both")
            }
            let added = change.addTags.compactMap(TodoTask.normalizedTag)
            let removed = Set(change.removeTags.compactMap(TodoTask.normalizedTag))
            let keys = changes.map(\.key) + tagKeys + (bodyEdit == nil ? [] : ["body"])
            return try writing(reference, expected: expected, keys: keys, clock: clock) { current in
                var all = changes
                if !tagKeys.isEmpty {
                    var tags = current.task.tags.filter { !removed.contains($0) }
                    for t in added where !tags.contains(t) { tags.append(t) }
                    all.append(FieldChange(TaskKey.tags, tags.isEmpty ? nil : .list(tags)))
                }
                all = FieldAssignment.withLifecycle(all, task: current.task, now: clock.now)
                return ActionResult(task: try vault.update(current.task, all, readFingerprint: current.fileFingerprint, body: bodyEdit))
            }
        }
    }
}

extension TaskChange {
    /// The fields a Things-style "when" sets: a day or phrase plans the task for it
    /// (`scheduled`; `evening` and `tonight` are today), `anytime` clears the plan, `someday`
    /// parks the task (status someday), nil clears the plan.
    public static func when(_ phrase: String?) -> [(String, FieldInput)] {
        guard let phrase else { return [(TaskKey.scheduled, .clear)] }
        switch phrase.lowercased().trimmingCharacters(in: .whitespaces) {
        case "anytime": return [(TaskKey.scheduled, .clear)]
        case "someday": return [(TaskKey.status, .text("someday")), (TaskKey.scheduled, .clear)]
        case "evening", "this evening", "tonight": return [(TaskKey.scheduled, .text("today"))]
        default: return [(TaskKey.scheduled, .text(phrase))]
        }
    }
}
