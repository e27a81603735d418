import Foundation
import TodoMDCore

/// Checklists (issue 21 item 2): the checkbox lines of a task file's notes, ticked one at a time.
extension TodoService {
    /// Checks (`done` true), unchecks (false) or toggles (nil) the checklist item `item` (its
    /// number or part of its text) of a task; only that line of the file changes.
    public func check(_ reference: String, item: String, done: Bool? = nil, expected: String? = nil) throws -> ActionOutcome {
        try locked {
            let clock = self.clock
            return try writing(reference, expected: expected, keys: ["body"], clock: clock) { current in
                guard current.task.line == nil else {
                    throw TodoError.invalidArgument("\(current.task.key) is a checkbox line; checklists live in task files' notes")
                }
                let target = try Checklist.find(item, in: current.task.checklist)
                let want = done ?? !target.done
                let state = want ? "checked" : "unchecked"
                if want == target.done, done != nil { return .unchanged(current.task, "\(target.index). \(target.text) was already \(state)") }
                let written = try vault.update(current.task, [], readFingerprint: current.fileFingerprint, body: .check(target, done: want))
                var r = ActionResult(task: written)
                r.messages = ["\(state) \(target.index). \(target.text)"]
                return r
            }
        }
    }
}
