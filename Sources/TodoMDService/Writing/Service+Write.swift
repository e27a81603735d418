import Foundation
import TodoMDCore
import TodoMDIndex

/// A value for a field, as a JSON client sends it (`null` clears).
public enum FieldInput: Sendable, Equatable {
    case clear
    case text(String)
    case integer(Int)
    case bool(Bool)
    case list([String])
}

/// A new task, as created.
public struct AddOutcome: Sendable {
    public var task: VersionedTask
    /// What quick entry understood in the text.
    public var understood: [String]
}

extension TodoService {
    // MARK: Creating

    /// Creates a task file (in the vault root) from `draft` and returns it as written.
    public func add(_ draft: TaskDraft) throws -> AddOutcome {
        try locked {
            var draft = draft
            // A parent named any way a task can be (part of its title, a short id) is written as its file.
            if let p = draft.fields.parent?.trimmingCharacters(in: .whitespaces), !p.isEmpty {
                let parent = try resolve(p, prefer: .open, clock: clock).task
                guard parent.line == nil else { throw TodoError.invalidArgument("a parent is a task file; \(parent.key) is a checkbox line") }
                draft.fields.parent = parent.path
            }
            draft.fields.blockedBy = try draft.fields.blockedBy.map { b in
                let t = try resolve(b, prefer: .open, clock: clock).task
                guard t.line == nil else { throw TodoError.invalidArgument("blocked_by names task files; \(t.key) is a checkbox line") }
                return t.path
            }
            let (task, understood) = try draft.make(clock: clock, settings: vault.settings, dateOrder: options.dateOrder)
            let created = try vault.create(task)
            noteWritten([created.path])
            return AddOutcome(task: versioned(created), understood: understood)
        }
    }

    /// Creates a typed item from words as typed on a command line: `field=value` words are
    /// fields, `#tag` words tags, the rest the title. Strict: every bad value is an error.
    public func addItem(type typeName: String, words: [String]) throws -> ListItem {
        var title: [String] = [], values: [(String, String)] = [], tags: [String] = []
        for word in words {
            if let eq = word.firstIndex(of: "="), eq != word.startIndex, word[..<eq].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                values.append((String(word[..<eq]), String(word[word.index(after: eq)...])))
            } else if word.hasPrefix("#"), word.count > 1 {
                tags.append(String(word.dropFirst()))
            } else {
                title.append(word)
            }
        }
        return try addItem(type: typeName, title: title.joined(separator: " "), values: values, tags: tags)
    }

    /// Creates a typed item (`book`, `movie`, a type defined in the vault) in its type's folder.
    public func addItem(type typeName: String, title: String, values: [(String, String)], tags: [String]) throws -> ListItem {
        try locked {
            let snap = snapshot(.all, clock: clock)
            guard let type = snap.type(named: typeName), !type.isTodo else {
                throw TodoError.invalidArgument("no type \"\(typeName)\"; types: " + snap.types.map(\.key).joined(separator: ", "))
            }
            let item = try ItemWriter(vault: vault).createItem(type: type, title: title, values: values, tags: tags)
            noteWritten([item.path])
            return item
        }
    }

    // MARK: Editing fields

    /// Sets fields from `todomd set` words (`SetExpression`): `key=value` (`key=` clears; any
    /// key, unknown ones too), `tags+=x`, `tags-=x`, `body=…` / `body+=…` for the notes;
    /// `note` is appended to the notes as a paragraph.
    public func set(_ reference: String, assignments: [String], note: String? = nil, expected: String? = nil) throws -> ActionOutcome {
        try locked {
            let clock = self.clock
            var expressions = try assignments.map(SetExpression.parse)
            if let note { expressions.append(.body(.append(note))) }
            guard !expressions.isEmpty else { throw TodoError.invalidArgument("nothing to set: give key=value, tags+=x, body=… or --note") }
            var bodyEdit: BodyEdit?
            for case .body(let e) in expressions { bodyEdit = bodyEdit.map { .then($0, e) } ?? e }
            let keys = expressions.map(\.key)
            return try writing(reference, expected: expected, keys: keys, clock: clock) { current in
                let changes = try SetExpression.changes(expressions, for: current.task, clock: clock)
                let all = FieldAssignment.withLifecycle(changes, task: current.task, now: clock.now)
                return ActionResult(task: try vault.update(current.task, all, readFingerprint: current.fileFingerprint, body: bodyEdit))
            }
        }
    }

    /// Sets fields from typed values (an API's JSON object; `.clear` removes a field). `body`
    /// is the notes below the frontmatter (text replaces them, `.clear` empties them), as in
    /// every task document.
    public func set(_ reference: String, fields: [(String, FieldInput)], expected: String? = nil) throws -> ActionOutcome {
        try locked {
            let clock = self.clock
            guard !fields.isEmpty else { throw TodoError.invalidArgument("no fields to set") }
            var bodyEdit: BodyEdit?
            for (key, input) in fields where key == "body" {
                switch input {
                case .text(let s): bodyEdit = .replace(s)
                case .clear: bodyEdit = .replace("")
                default: throw TodoError.invalidArgument("body (the notes) is text")
                }
            }
            let changes = try fields.filter { $0.0 != "body" }.map { try Self.change($0.0, $0.1, clock: clock) }
            guard let bodyEdit else { return try update(reference, changes, expected: expected, clock: clock) }
            return try writing(reference, expected: expected, keys: fields.map(\.0), clock: clock) { current in
                let all = FieldAssignment.withLifecycle(changes, task: current.task, now: clock.now)
                return ActionResult(task: try vault.update(current.task, all, readFingerprint: current.fileFingerprint, body: bodyEdit))
            }
        }
    }

    /// One typed value as a validated change: schema keys are checked as `set` checks them.
    static func change(_ key: String, _ input: FieldInput, clock: Clock) throws -> FieldChange {
        guard FieldAssignment.isValidKey(key) else { throw TodoError.invalidArgument("not a valid key: \"\(key)\"") }
        let schema = TaskKey.all.contains(key)
        switch input {
        case .clear:
            if TaskKey.required.contains(key) { throw TodoError.invalidArgument("\(key) is required and cannot be cleared") }
            return FieldChange(key, nil)
        case .text(let s):
            if schema { return FieldChange(key, try FieldAssignment.typed(key: key, value: s, clock: clock)) }
            guard s.count <= Limits.descriptionLength else {
                throw TodoError.invalidArgument("\(key) is longer than \(Limits.descriptionLength) characters")
            }
            return FieldChange(key, .string(s))
        case .integer(let n):
            if schema { return FieldChange(key, try FieldAssignment.typed(key: key, value: String(n), clock: clock)) }
            return FieldChange(key, .int(n))
        case .bool(let b):
            if schema, key != TaskKey.flagged { throw TodoError.invalidArgument("\(key) is not true or false") }
            return FieldChange(key, .bool(b))
        case .list(let items):
            if key == TaskKey.tags { return FieldChange(key, .list(items.compactMap { TodoTask.normalizedTag($0) })) }
            if schema { throw TodoError.invalidArgument("\(key) is not a list") }
            guard items.allSatisfy({ $0.count <= Limits.fieldLength }), items.count <= 1000 else {
                throw TodoError.invalidArgument("\(key): list items are longer than \(Limits.fieldLength) characters")
            }
            return FieldChange(key, .list(items))
        }
    }

    func update(_ reference: String, _ changes: [FieldChange], expected: String?, clock: Clock) throws -> ActionOutcome {
        try writing(reference, expected: expected, keys: changes.map(\.key), clock: clock) { current in
            let all = FieldAssignment.withLifecycle(changes, task: current.task, now: clock.now)
            return ActionResult(task: try vault.update(current.task, all, readFingerprint: current.fileFingerprint))
        }
    }

    // MARK: Lifecycle

    /// Completes a task (a repeating one gets its next occurrence).
    /// A task with open subtasks (issue 21) is refused, naming them, unless `withChildren`:
    /// then they are completed first, in the same undoable action.
    public func complete(_ reference: String, expected: String? = nil, withChildren: Bool = false) throws -> ActionOutcome {
        try locked {
            let clock = self.clock
            let target = try resolve(reference, prefer: .open, clock: clock).task
            let open = openSubtasks(of: target, clock: clock)
            if !open.isEmpty {
                guard withChildren else {
                    throw TodoError.openSubtasks(task: target.title, subtasks: open.map(\.title))
                }
                // Deepest first, so each parent is complete-able when its turn comes.
                for child in open.reversed() where !child.status.isClosed {
                    _ = try completing(child.key, expected: nil, clock: clock)
                }
            }
            let withIt = open.isEmpty ? [] : ["completed \(open.count) subtask\(open.count == 1 ? "" : "s") with it: " + open.map(\.title).joined(separator: ", ")]
            var before: TodoTask?
            let outcome = try completing(reference, expected: expected, clock: clock) { before = $0 }
            // The next occurrence takes its predecessor's place in manually ordered lists.
            if let before, let next = outcome.created.first?.task {
                var order = OrderFile.load(root: root)
                if order.problem == nil, order.inherit(next, from: before) { try order.save(root: root, clock: clock) }
            }
            var result = outcome
            result.messages = withIt + result.messages
            if vault.settings.completeParentWithLastChild, let before, TaskTree.hasParent(before) {
                result.messages += try completeFinishedParents(of: before, clock: clock)
            }
            return result
        }
    }

    /// Completes one task through the write routine (`seen`: the task as it was).
    private func completing(_ reference: String, expected: String?, clock: Clock,
                            seen: (TodoTask) -> Void = { _ in }) throws -> ActionOutcome {
        try writing(reference, prefer: .open, expected: expected, keys: [TaskKey.status, TaskKey.completed], clock: clock) {
            seen($0.task)
            let plan = try archivePlan(for: $0.task, clock: clock)
            var result: ActionResult
            do { result = try TaskLifecycle(vault: vault).complete($0.task, fingerprint: $0.fileFingerprint) } catch {
                if plan != nil { RenamePlan.remove(at: renamePlanPath) }  // refused: nothing moved
                throw error
            }
            if let plan { result.messages += try finishArchive(plan, movedTo: result.task.path) }
            return result
        }
    }

    /// With `complete_parent_with_last_child` (opt-in: it reads the whole vault): completes
    /// `child`'s parent when it was its last open subtask, and so on up; says so for each.
    func completeFinishedParents(of child: TodoTask, clock: Clock) throws -> [String] {
        var messages: [String] = []
        var key = child.key
        for _ in 0..<16 {
            let all = snapshot(.all, clock: clock).tasks
            let tree = TaskTree(all)
            guard let p = tree.parentOf[key], let parent = all.first(where: { $0.key == p }), !parent.status.isClosed,
                  tree.openDescendants(of: p).isEmpty else { break }
            _ = try completing(parent.key, expected: nil, clock: clock)
            messages.append("completed \(parent.title) too: its last open subtask is done")
            key = p
        }
        return messages
    }

    /// The open subtasks of `task`, all levels down, parents first. Only tasks whose stored form
    /// mentions `parent` are read (every subtask does), so a vault without subtasks pays a scan
    /// of the index, not a decode of every task.
    func openSubtasks(of task: TodoTask, clock: Clock) -> [TodoTask] {
        let children = snapshot(.mentioning(TaskTree.key), clock: clock).tasks.filter { TaskTree.hasParent($0) && $0.key != task.key }
        guard !children.isEmpty else { return [] }
        let all = children + [task]
        let tree = TaskTree(all)
        let byKey = Dictionary(all.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        return tree.openDescendants(of: task.key).compactMap { byKey[$0] }
    }

    /// Reopens a done or cancelled task (undoing a repeat when it can).
    public func reopen(_ reference: String, expected: String? = nil) throws -> ActionOutcome {
        try locked {
            try writing(reference, prefer: .closed, expected: expected, keys: [TaskKey.status, TaskKey.completed], clock: clock) {
                try TaskLifecycle(vault: vault).reopen($0.task, fingerprint: $0.fileFingerprint)
            }
        }
    }

    /// Cancels a task (it stays in the vault).
    public func cancel(_ reference: String, expected: String? = nil) throws -> ActionOutcome {
        try locked {
            try writing(reference, prefer: .open, expected: expected, keys: [TaskKey.status], clock: clock) {
                try TaskLifecycle(vault: vault).cancel($0.task, fingerprint: $0.fileFingerprint)
            }
        }
    }

    /// Hides a task until `date` (any date phrase `set` takes). Returns the date too.
    public func deferTask(_ reference: String, until date: String, expected: String? = nil) throws -> (ActionOutcome, LocalDateTime) {
        try locked {
            let clock = self.clock
            let d = try DateArgument.parse(date, clock: clock)
            let outcome = try writing(reference, prefer: .open, expected: expected, keys: [TaskKey.deferDate], clock: clock) {
                ActionResult(task: try vault.update($0.task, [FieldChange(TaskKey.deferDate, .string(d.description))],
                                                    readFingerprint: $0.fileFingerprint))
            }
            return (outcome, d)
        }
    }

    /// Flags or unflags a task.
    public func flag(_ reference: String, _ on: Bool, expected: String? = nil) throws -> ActionOutcome {
        try locked {
            try writing(reference, prefer: .open, expected: expected, keys: [TaskKey.flagged], clock: clock) {
                ActionResult(task: try vault.update($0.task, [FieldChange(TaskKey.flagged, .bool(on))], readFingerprint: $0.fileFingerprint))
            }
        }
    }

    // MARK: The write routine

    /// Resolves `reference`, checks `expected` (the version the caller read) against the
    /// version on disk, and runs `body` with the task as it is now. A stale version merges when
    /// nobody changed `keys` since it, and is refused with an `EditConflict` otherwise (or when
    /// the version is unknown). The index hears of every file written.
    func writing(_ reference: String, prefer: TaskResolver.Preference = .open, expected: String?, keys: [String], clock: Clock,
                 _ body: (VersionedTask) throws -> ActionResult) throws -> ActionOutcome {
        let current = try resolve(reference, prefer: prefer, clock: clock)
        try checkExpected(expected, current: current, keys: keys)
        let result: ActionResult
        do { result = try body(current) } catch {
            noteWritten([current.task.path])  // whatever happened on disk, the index should see it
            throw error
        }
        noteWritten([current.task.path, result.task.path] + result.created.map(\.path))
        return ActionOutcome(task: versioned(result.task), created: result.created.map(versioned),
                             messages: (current.note.map { [$0] } ?? []) + result.messages, changed: result.changed)
    }

    /// Throws an `EditConflict` when `expected` is stale and another program changed one of
    /// `keys` since it (or the version is unknown to the index).
    func checkExpected(_ expected: String?, current: VersionedTask, keys: [String]) throws {
        guard let expected, let now = current.version, expected != now else { return }
        guard let base = indexedTask(path: current.task.path, version: expected) else {
            throw TodoError.editConflict(Self.unknownVersion(expected, current: current, keys: keys))
        }
        try Vault.checkClash(base: base, current: current.task, keys: keys, currentVersion: now, what: "since version \(expected)")
    }

    /// Refuses (edit conflict) when any field or the body of `current` changed since version
    /// `expected`: for actions on the whole file (delete, restore), which no merge can carry.
    func checkUnchanged(_ expected: String?, current: VersionedTask, nothing: String) throws {
        guard let expected, let now = current.version, expected != now else { return }
        let t = current.task
        guard let base = indexedTask(path: t.path, version: expected) else {
            throw TodoError.editConflict(Self.unknownVersion(expected, current: current, keys: TaskKey.all))
        }
        let changed = WatchChange.changedFields(base, t)
        guard !changed.isEmpty else { return }
        func value(_ x: TodoTask, _ k: String) -> JSONValue {
            k == "body" ? .string(x.body) : k == "path" ? .string(x.path) : x.value(forKey: k)
        }
        throw TodoError.editConflict(EditConflict(
            path: t.key, fields: changed.map { EditConflict.Field(key: $0, read: value(base, $0), onDisk: value(t, $0)) },
            currentVersion: now, reason: "another program changed " + changed.joined(separator: ", ")
                + " since version \(expected); nothing was \(nothing)"))
    }

    /// The conflict of a version the index never saw (or forgot): nothing can be merged.
    static func unknownVersion(_ expected: String, current: VersionedTask, keys: [String]) -> EditConflict {
        EditConflict(path: current.task.key, fields: keys.map { EditConflict.Field(key: $0, read: nil, onDisk: current.task.value(forKey: $0)) },
                     currentVersion: current.version ?? "",
                     reason: "the version it was read at (\(expected)) is not known here; nothing was changed (read it again)")
    }

    /// A task as written, with the version of the bytes written (a later read may see another
    /// program's write in progress; the result of a write is what todomd wrote).
    func versioned(_ t: TodoTask) -> VersionedTask {
        if t.line != nil { return VersionedTask(task: t, version: t.sourceLine.map(TaskVersion.of(line:))) }
        if let fp = vault.writtenFingerprint(t.path) { return VersionedTask(t, fingerprint: fp) }
        guard let (fresh, bytes) = try? vault.readTask(t.path) else { return VersionedTask(task: t, version: nil) }
        return VersionedTask(fresh, fingerprint: Vault.fingerprint(bytes))
    }
}
