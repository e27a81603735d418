import Foundation
import MCP
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// One write call as the service runs it: the operations (an item may need two: a move into a
/// project, then a place in its order), which item each belongs to, and the items refused
/// before running (a malformed item fails alone).
struct WritePlan {
    var right: SourcePermissions.Right
    var count = 0
    var operations: [BatchOperation] = []
    var owners: [Int] = []
    var refused: [Int: Error] = [:]

    mutating func add(_ item: Int, _ reference: String, _ action: BatchOperation.Action, _ version: String?) {
        operations.append(BatchOperation(reference: reference, action: action, expected: version))
        owners.append(item)
    }

    /// One result per item: its first failure, else what its operations did (a changed task
    /// rather than an order placement).
    func itemResults(_ results: [BatchResult]) -> [BatchResult] {
        (0..<count).map { item in
            if let e = refused[item] { return .failed(e) }
            let mine = zip(owners, results).filter { $0.0 == item }.map(\.1)
            if let failure = mine.first(where: { !$0.succeeded }) { return failure }
            return mine.first { if case .changed = $0 { return true } else { return false } } ?? mine.last ?? .failed(TodoError.invalidArgument("nothing to do"))
        }
    }
}

/// The write tools: arguments to a plan, the plan through the agent session, results to JSON.
struct WriteTools {
    let session: AgentSession

    static let rights: [String: SourcePermissions.Right] = [
        "add_tasks": .create, "update_tasks": .modify, "defer_tasks": .modify, "reschedule_tasks": .modify, "move_tasks": .modify,
        "complete_tasks": .complete, "reopen_tasks": .complete, "delete_tasks": .delete, "restore_tasks": .delete,
    ]

    func call(_ name: String, _ args: ToolArguments) async throws -> (Value, String, RateAlert?) {
        guard let right = Self.rights[name] else { throw TodoError.invalidArgument("unknown tool \"\(name)\"") }
        let plan = try Self.plan(name, right, args)
        let dryRun = try args.bool("dry_run")
        let session = self.session
        let (outcome, today) = try await session.service.perform { s in
            (try session.run(name, right, plan.operations, dryRun: dryRun), s.clock.today)
        }
        let results = plan.itemResults(outcome.results)
        let ok = results.filter(\.succeeded).count
        let alert: Value = outcome.rateAlert.map { a in
            ["total": .int(a.total), "window_seconds": .int(a.windowSeconds),
             "sources": .array(a.sources.map { ["source": .string($0.source), "count": .int($0.count)] })]
        } ?? .null
        let value: Value = ["dry_run": .bool(dryRun), "succeeded": .int(ok), "failed": .int(results.count - ok),
                            "results": .array(results.enumerated().map { Self.item($0.offset, $0.element, today: today) }),
                            "rate_alert": alert]
        var lines = ["\(name): \(ok) done, \(results.count - ok) failed" + (dryRun ? " (dry run: nothing was written)" : "")]
        for (i, r) in results.enumerated() { lines.append(Self.line(i, r)) }
        if let a = outcome.rateAlert {
            lines.append("rate alert: \(a.total) writes within \(a.windowSeconds) s; the user is told. Slow down and check with them.")
        }
        return (value, lines.joined(separator: "\n"), outcome.rateAlert)
    }

    // MARK: Arguments → plan

    /// A task item: a reference, or `{task, version, …}`.
    struct Item {
        var reference: String
        var version: String?
        var members: [String: Value]
    }

    static func item(_ v: Value) throws -> Item {
        if let s = v.stringValue, !s.isEmpty { return Item(reference: s, members: [:]) }
        guard let o = v.objectValue else { throw TodoError.invalidArgument("each item is a task reference or {\"task\": …}") }
        guard let ref = o["task"]?.stringValue, !ref.isEmpty else { throw TodoError.invalidArgument("an item needs \"task\"") }
        var version: String?
        if let raw = o["version"], !raw.isNull {
            guard let s = raw.stringValue, let v = TaskVersion.parse(s) else {
                throw TodoError.invalidArgument("version must be a task version as read, like \"0123456789abcdef\"")
            }
            version = v
        }
        return Item(reference: ref, version: version, members: o)
    }

    /// A member that may be null (clears) or absent (nil).
    static func optionalText(_ o: [String: Value], _ key: String) throws -> FieldInput? {
        guard let v = o[key] else { return nil }
        if v.isNull { return .clear }
        guard let s = v.stringValue else { throw TodoError.invalidArgument("\(key) must be a string or null") }
        return .text(s)
    }

    static func plan(_ name: String, _ right: SourcePermissions.Right, _ args: ToolArguments) throws -> WritePlan {
        var plan = WritePlan(right: right)
        let key = name == "update_tasks" ? "updates" : name == "move_tasks" ? "moves" : "tasks"
        let raw = try args.list(key)
        plan.count = raw.count
        for (i, v) in raw.enumerated() {
            do { try planItem(name, i, v, args, &plan) } catch { plan.refused[i] = error }
        }
        return plan
    }

    private static func planItem(_ name: String, _ i: Int, _ v: Value, _ args: ToolArguments, _ plan: inout WritePlan) throws {
        switch name {
        case "add_tasks":
            guard let o = v.objectValue else { throw TodoError.invalidArgument("each task is an object: {\"text\": …} or {\"title\": …}") }
            let members = MCPJSON.members(o).map { ($0.0 == "notes" ? "body" : $0.0, $0.1) }
            plan.add(i, "", .add(try JSONInput.draft(members)), nil)
        case "update_tasks":
            let item = try item(v)
            var change = TaskChange()
            if let set = item.members["set"], !set.isNull {
                guard let o = set.objectValue else { throw TodoError.invalidArgument("set must be an object of fields") }
                change.fields = try MCPJSON.members(o).map { ($0.0, try JSONInput.field($0.0, $0.1)) }
            }
            change.addTags = try ToolArguments.strings(item.members["add_tags"], "add_tags")
            change.removeTags = try ToolArguments.strings(item.members["remove_tags"], "remove_tags")
            if let n = item.members["append_notes"], !n.isNull {
                guard let s = n.stringValue else { throw TodoError.invalidArgument("append_notes must be a string") }
                change.appendNotes = s
            }
            plan.add(i, item.reference, .update(change), item.version)
        case "complete_tasks", "reopen_tasks", "delete_tasks":
            let item = try item(v)
            let withChildren = name == "complete_tasks" && item.members["with_children"]?.boolValue == true
            plan.add(i, item.reference, withChildren ? .completeWithChildren
                     : name == "complete_tasks" ? .complete : name == "reopen_tasks" ? .reopen : .delete, item.version)
        case "restore_tasks":
            plan.add(i, try item(v).reference, .restore, nil)
        case "defer_tasks":
            let item = try item(v)
            guard let until = try item.members["until"]?.stringValue ?? args.string("until") else {
                throw TodoError.invalidArgument("defer_tasks needs until (for all tasks or per item)")
            }
            plan.add(i, item.reference, .deferUntil(until), item.version)
        case "reschedule_tasks":
            let item = try item(v)
            var fields: [(String, FieldInput)] = []
            if let when = try optionalText(item.members, "when") ?? optionalText(args.values, "when") {
                if case .text(let s) = when { fields += TaskChange.when(s) } else { fields += TaskChange.when(nil) }
            }
            if let due = try optionalText(item.members, "due") ?? optionalText(args.values, "due") { fields.append((TaskKey.due, due)) }
            guard !fields.isEmpty else { throw TodoError.invalidArgument("reschedule_tasks needs when or due (for all tasks or per item)") }
            plan.add(i, item.reference, .update(TaskChange(fields: fields)), item.version)
        default:  // move_tasks
            let item = try item(v)
            var fields: [(String, FieldInput)] = []
            if let p = try optionalText(item.members, "project") { fields.append((TaskKey.project, p)) }
            if let a = try optionalText(item.members, "area") { fields.append((TaskKey.area, a)) }
            let before = item.members["before"]?.stringValue, after = item.members["after"]?.stringValue
            guard before == nil || after == nil else { throw TodoError.invalidArgument("give before or after, not both") }
            let parent = try optionalText(item.members, "parent")
            let file = try optionalText(item.members, "file")
            if case .clear? = file { throw TodoError.invalidArgument("file must be a file name or a vault path") }
            guard !fields.isEmpty || before != nil || after != nil || parent != nil || file != nil else {
                throw TodoError.invalidArgument("a move needs before, after, project, area, parent or file")
            }
            if !fields.isEmpty { plan.add(i, item.reference, .update(TaskChange(fields: fields)), item.version) }
            switch parent {
            case .text(let p)?: plan.add(i, item.reference, .nest(parent: p), fields.isEmpty ? item.version : nil)
            case .clear?: plan.add(i, item.reference, .nest(parent: nil), fields.isEmpty ? item.version : nil)
            default: break
            }
            if let other = before ?? after { plan.add(i, item.reference, .move(before: before != nil, other: other), nil) }
            // Last: the file's path (a reference by path) changes with it.
            if case .text(let name)? = file {
                plan.add(i, item.reference, .rename(name), fields.isEmpty && parent == nil ? item.version : nil)
            }
        }
    }

    // MARK: Results → JSON

    static func item(_ index: Int, _ r: BatchResult, today: LocalDate) -> Value {
        var o: [String: Value] = ["index": .int(index), "ok": .bool(r.succeeded)]
        func task(_ t: VersionedTask) -> Value { MCPJSON.value(TaskDTO(t, today: today)) }
        func plain(_ t: TodoTask) -> Value { MCPJSON.value(TaskDTO(t, version: nil, today: today)) }
        switch r {
        case .added(let a):
            o["task"] = task(a.task)
            o["understood"] = .array(a.understood.map { .string($0) })
        case .changed(let c):
            o["task"] = task(c.task)
            if !c.created.isEmpty { o["created"] = .array(c.created.map(task)) }
            if !c.messages.isEmpty { o["messages"] = .array(c.messages.map { .string($0) }) }
        case .moved(let m):
            o["task"] = plain(m.task)
            o["messages"] = [.string("placed \(m.before ? "before" : "after") \(m.other.title) in \(m.list)")]
        case .deleted(let d):
            o["task"] = plain(d.task)
            o["trash_path"] = .string(d.trashPath)
        case .restored(let r):
            o["task"] = plain(r.task)
            o["restored_path"] = .string(r.path)
        case .failed(let e):
            o["error"] = MCPJSON.value(ErrorDocument.from(e).document.error)
        }
        return .object(o)
    }

    static func line(_ i: Int, _ r: BatchResult) -> String {
        switch r {
        case .added(let a): return "✓ \(a.task.task.title) [\(a.task.task.id)]"
        case .changed(let c): return "✓ \(c.task.task.title) [\(c.task.task.id)]" + (c.created.first.map { "; next: \($0.task.id)" } ?? "")
        case .moved(let m): return "✓ \(m.task.title) placed \(m.before ? "before" : "after") \(m.other.title)"
        case .deleted(let d): return "✓ \(d.task.title) → trash (\(d.trashPath))"
        case .restored(let r): return "✓ \(r.task.title) restored to \(r.path)"
        case .failed(let e): return "✗ item \(i): " + ErrorDocument.from(e).document.error.message
        }
    }
}
