import Foundation
import TodoMDCore

/// One write of a batch: a task reference, what to do, and the version the caller read.
public struct BatchOperation: Sendable {
    public enum Action: Sendable {
        /// Creates a task (the reference is unused).
        case add(TaskDraft)
        case set([(String, FieldInput)])
        case update(TaskChange)
        case complete, reopen, cancel
        /// Completes a task and its open subtasks (issue 21).
        case completeWithChildren
        case deferUntil(String)
        case flag(Bool)
        /// Puts the task before (or after) another in its list's manual order.
        case move(before: Bool, other: String)
        case delete
        /// Makes the task a subtask of another (nil: top-level again).
        case nest(parent: String?)
        /// Renames or moves the task file; links to it follow.
        case rename(String)
        /// Brings a file back from the trash (the reference names it there).
        case restore
    }

    public var reference: String
    public var action: Action
    public var expected: String?

    public init(reference: String, action: Action, expected: String? = nil) {
        self.reference = reference
        self.action = action
        self.expected = expected
    }
}

/// What one operation of a batch did: the task after it, the deletion, or why it failed.
public enum BatchResult: Sendable {
    case added(AddOutcome)
    case changed(ActionOutcome)
    case moved(MoveOutcome)
    case deleted(DeleteOutcome)
    case restored(RestoreOutcome)
    case failed(Error)

    public var succeeded: Bool {
        if case .failed = self { return false }
        return true
    }

    /// The results of `count` operations when those in `refused` failed before running: `run`
    /// runs the others (given their indices, in order) and returns their results in order.
    static func merging(count: Int, refused: [Int: Error], _ run: ([Int]) -> [BatchResult]) -> [BatchResult] {
        let runnable = (0..<count).filter { refused[$0] == nil }
        var results = (0..<count).map { i in refused[i].map(BatchResult.failed) ?? .failed(TodoError.invalidArgument("not run")) }
        for (i, r) in zip(runnable, run(runnable)) { results[i] = r }
        return results
    }
}

extension TodoService {
    /// Runs `operations` in order as ONE undoable action named `label` (one `undo` reverses them
    /// all). Each succeeds or fails on its own (a stale version, a missing task): the rest go on.
    ///
    /// A `dryRun` writes nothing: the operations run on a scratch copy of the files they touch
    /// (`rehearse`), so what they report (new file names, next occurrences, conflicts, bad
    /// values) is what a real run would do.
    public func batch(_ operations: [BatchOperation], label: String = "batch", dryRun: Bool = false) -> [BatchResult] {
        if dryRun {
            do {
                return try rehearse(operations) { scratch, ops in scratch.batch(ops, label: label) }
            } catch {
                return operations.map { _ in .failed(error) }
            }
        }
        return recordingAction(label) { operations.map(perform) }
    }

    private func perform(_ op: BatchOperation) -> BatchResult {
        do {
            switch op.action {
            case .add(let draft): return .added(try add(draft))
            case .set(let fields): return .changed(try set(op.reference, fields: fields, expected: op.expected))
            case .update(let change): return .changed(try update(op.reference, change, expected: op.expected))
            case .complete: return .changed(try complete(op.reference, expected: op.expected))
            case .completeWithChildren: return .changed(try complete(op.reference, expected: op.expected, withChildren: true))
            case .reopen: return .changed(try reopen(op.reference, expected: op.expected))
            case .cancel: return .changed(try cancel(op.reference, expected: op.expected))
            case .deferUntil(let date): return .changed(try deferTask(op.reference, until: date, expected: op.expected).0)
            case .flag(let on): return .changed(try flag(op.reference, on, expected: op.expected))
            case .move(let before, let other): return .moved(try move(op.reference, before: before, other: other))
            case .delete: return .deleted(try delete(op.reference, expected: op.expected))
            case .nest(let parent): return .changed(try nest(op.reference, under: parent, expected: op.expected))
            case .rename(let name): return .changed(try rename(op.reference, to: name, expected: op.expected))
            case .restore: return .restored(try restore(op.reference))
            }
        } catch {
            return .failed(error)
        }
    }
}
