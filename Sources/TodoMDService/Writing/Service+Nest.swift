import Foundation
import TodoMDCore

/// Subtasks (issue 21 item 1): making a task another's child, or a top-level task again.
extension TodoService {
    /// Makes the task `reference` a subtask of `parentReference` (any TASK reference), writing
    /// its `parent:` as the parent's vault path; nil or empty makes it a top-level task again.
    /// A parent is a task file, never the task itself or one of its own subtasks (a loop).
    public func nest(_ reference: String, under parentReference: String?, expected: String? = nil) throws -> ActionOutcome {
        try locked {
            let clock = self.clock
            let wanted = parentReference?.trimmingCharacters(in: .whitespaces) ?? ""
            var parent: TodoTask?
            if !wanted.isEmpty {
                let p = try resolve(wanted, prefer: .open, clock: clock).task
                guard p.line == nil else { throw TodoError.invalidArgument("a parent is a task file; \(p.key) is a checkbox line") }
                parent = p
            }
            return try writing(reference, expected: expected, keys: [TaskTree.key], clock: clock) { current in
                let task = current.task
                guard task.line == nil else {
                    throw TodoError.invalidArgument("\(task.key) is a checkbox line; give it a parent with 🆔 ids in its note")
                }
                guard let parent else {
                    guard TaskTree.hasParent(task) else { return .unchanged(task, "\(task.title) has no parent") }
                    return ActionResult(task: try vault.update(task, [FieldChange(TaskTree.key, nil)], readFingerprint: current.fileFingerprint))
                }
                guard parent.key != task.key else { throw TodoError.invalidArgument("a task cannot be its own parent") }
                if ancestors(of: parent, clock: clock).contains(task.key) {
                    throw TodoError.invalidArgument("\(parent.title) is a subtask of \(task.title); nesting it there would make a loop")
                }
                if case .string(parent.path)? = task.extra.last(where: { $0.0 == TaskTree.key })?.1 { return .unchanged(task, "\(task.title) is already under \(parent.title)") }
                return ActionResult(task: try vault.update(task, [FieldChange(TaskTree.key, .string(parent.path))], readFingerprint: current.fileFingerprint))
            }
        }
    }

    /// The keys of `task`'s parent, its parent, and so on up (the index loads only that chain).
    func ancestors(of task: TodoTask, clock: Clock) -> [String] {
        let tree = TaskTree(snapshot(.around(task.path), clock: clock).tasks)
        var out: [String] = [], at = task.key
        while let p = tree.parentOf[at], out.count < 64 { out.append(p); at = p }
        return out
    }
}
