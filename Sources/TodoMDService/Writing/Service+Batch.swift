import Foundation
import TodoMDCore

/// One write of a batch: a task reference, what to do, and the version the caller read.
public struct BatchOperation: Sendable {
    public enum Action: Sendable {
        case set([(String, FieldInput)])
        case complete, reopen, cancel
        case deferUntil(String)
        case flag(Bool)
        case delete
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
    case changed(ActionOutcome)
    case deleted(DeleteOutcome)
    case failed(Error)
}

extension TodoService {
    /// Runs `operations` in order as ONE undoable action named `label` (one `undo` reverses them
    /// all). Each succeeds or fails on its own (a stale version, a missing task): the rest go on.
    public func batch(_ operations: [BatchOperation], label: String = "batch") -> [BatchResult] {
        recordingAction(label) {
            operations.map { op in
                do {
                    switch op.action {
                    case .set(let fields): return .changed(try set(op.reference, fields: fields, expected: op.expected))
                    case .complete: return .changed(try complete(op.reference, expected: op.expected))
                    case .reopen: return .changed(try reopen(op.reference, expected: op.expected))
                    case .cancel: return .changed(try cancel(op.reference, expected: op.expected))
                    case .deferUntil(let date): return .changed(try deferTask(op.reference, until: date, expected: op.expected).0)
                    case .flag(let on): return .changed(try flag(op.reference, on, expected: op.expected))
                    case .delete: return .deleted(try delete(op.reference, expected: op.expected))
                    }
                } catch {
                    return .failed(error)
                }
            }
        }
    }
}
