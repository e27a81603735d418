import Foundation
import TodoMDCore
import TodoMDIndex

extension TodoService {
    // MARK: Manual order

    /// Puts a task before or after another in a list's manual order (`.order.json`). Without
    /// `view` the list is the task's project (`project:NAME`), else its area, else `inbox`.
    public func move(_ reference: String, before: Bool, other otherReference: String, view: String? = nil) throws -> MoveOutcome {
        try locked {
            let clock = self.clock
            let t = try resolve(reference, clock: clock).task
            let other = try resolve(otherReference, clock: clock).task
            let key = view ?? ViewEngine.defaultOrderKey(for: t)
            let engine = self.engine(clock)
            let shown = try shownInList(key, engine: engine, tasks: snapshot(.all, clock: clock).tasks)
            // Both must be in the list: ordering across lists would silently edit one of them.
            for x in [t, other] where !shown.contains(where: { $0.key == x.key }) {
                let home = ViewEngine.defaultOrderKey(for: x)
                throw TodoError.invalidArgument("\(x.title) is not in \(key)" + (home == key ? "" : " (it is in \(home))")
                    + "; to move it into another list set its project or area (todomd set TASK project=NAME), "
                    + "or give a view both are in with --view")
            }
            var order = engine.order
            let list = try Reorder.reorder(list: order.problem == nil ? order.views[key] ?? [] : [], shown: shown, moving: t,
                                           before ? .before : .after, other: other)
            order.views[key] = list
            try order.save(root: root, clock: clock)
            return MoveOutcome(task: t, other: other, before: before, list: key, order: list)
        }
    }

    /// The tasks of an order list as currently shown.
    private func shownInList(_ key: String, engine: ViewEngine, tasks: [TodoTask]) throws -> [TodoTask] {
        if key.hasPrefix("project:") {
            let p = String(key.dropFirst(8))
            return engine.manual(key, tasks.filter { $0.project == p && !$0.status.isClosed })
        }
        if key.hasPrefix("area:") {
            let a = String(key.dropFirst(5))
            return engine.manual(key, tasks.filter { $0.area == a && $0.project == nil && !$0.status.isClosed })
        }
        guard let kind = ViewKind(rawValue: key), kind.isManuallyOrdered else {
            throw TodoError.invalidArgument("cannot reorder \"\(key)\"; use inbox, today, anytime, someday, flagged, project:NAME or area:NAME")
        }
        return engine.build(kind, tasks: tasks, dependencies: TaskDependencies(tasks)).tasks
    }

    // MARK: Trash

    /// Moves a task file to the trash (`.trash/`, keeping its folder). A checkbox line is not a
    /// file: it is refused (cancel it, or remove the line in its note). With `expected`, a task
    /// changed since that version is not trashed.
    public func delete(_ reference: String, expected: String? = nil) throws -> DeleteOutcome {
        try locked {
            let current = try resolve(reference, clock: clock)
            let t = current.task
            if t.line != nil {
                throw TodoError.invalidArgument("\(t.key) is a checkbox line in a note: cancel it, or remove the line in the note itself")
            }
            // Trashing a task someone changed since it was read would hide their change.
            try checkUnchanged(expected, current: current, nothing: "deleted")
            let trashPath = try Trash(vault: vault).delete(t.path)
            noteWritten([t.path])
            return DeleteOutcome(task: t, trashPath: trashPath)
        }
    }

    /// Puts a trashed file back where it was (a taken name gets `-2`). `reference` names it in
    /// the trash (its path there, with or without `.trash/`, file name, or part of its title).
    public func restore(_ reference: String) throws -> RestoreOutcome {
        try locked {
            let trash = Trash(vault: vault)
            let t = try TaskResolver.resolve(Trash.relative(reference), in: trash.list())
            let back = try trash.restore(t.path)
            noteWritten([back])
            return RestoreOutcome(task: t, path: back)
        }
    }

    /// Deletes the trash for good; returns how many files went.
    public func emptyTrash() throws -> Int {
        try locked { try Trash(vault: vault).empty() }
    }

    // MARK: Notes

    /// Moves a note's completed checkbox lines to `<note> Archive.md` beside it.
    public func archive(note: String) throws -> ArchiveOutcome {
        try locked {
            let candidates = Set(snapshot(.all, clock: clock).tasks.filter { $0.line != nil }.map(\.path))
            let q = note.hasSuffix(".md") ? note : note + ".md"
            let matches = candidates.filter { $0 == note || $0 == q || ($0 as NSString).lastPathComponent.caseInsensitiveCompare(q) == .orderedSame }
            guard matches.count == 1, let path = matches.first else {
                if matches.isEmpty { throw TodoError.notFound(note) }
                throw TodoError.ambiguous(query: note, candidates: matches.sorted())
            }
            let (archive, moved) = try NoteArchiver(vault: vault).archiveCompleted(note: path)
            noteWritten([path, archive])
            return ArchiveOutcome(note: path, archive: moved == 0 ? nil : archive, moved: moved)
        }
    }

    // MARK: Capture

    /// Proposes a type for raw text and extracts its fields; with `save`, writes it (an item,
    /// or a task for todos).
    public func capture(_ input: String, type: String? = nil, save: Bool = false) throws -> CaptureOutcome {
        try locked {
            let clock = self.clock
            let snap = snapshot(.all, clock: clock)
            let c = TypeDetector.detect(input, types: snap.types, forcedType: type)
            guard let t = snap.type(named: c.type) else { throw TodoError.invalidArgument("no type \"\(c.type)\"") }
            var saved: String?
            if save {
                if t.isTodo {
                    var n = NewTask(title: c.title)
                    n.tags = c.tags
                    saved = try vault.create(n.make(clock: clock, settings: vault.settings)).path
                } else {
                    saved = try ItemWriter(vault: vault).createItem(type: t, title: c.title, values: c.fields, tags: c.tags).path
                }
                noteWritten([saved ?? ""])
            }
            return CaptureOutcome(type: t, otherTypes: snap.types.map(\.key).filter { $0 != t.key }, reason: c.reason,
                                  title: c.title, fields: c.fields, tags: c.tags, saved: saved)
        }
    }

    // MARK: Editing in an editor

    /// A task about to be opened in an editor: its file and its bytes now.
    public func beginEdit(_ reference: String) throws -> EditSession {
        try locked {
            let t = try resolve(reference, clock: clock).task
            return EditSession(task: t, absolutePath: vault.absolute(t.path), before: try? vault.readBytes(t.path))
        }
    }

    /// After the editor closed: when the file changed, stamps `modified` (unless the user set it
    /// themselves) and reports the problems it has now.
    public func finishEdit(_ session: EditSession) -> EditOutcome {
        locked {
            let t = session.task
            let after = try? vault.readBytes(t.path)
            var outcome = EditOutcome(path: t.path, changed: after != session.before, problems: [], unreadable: false)
            guard outcome.changed else { return outcome }
            // The editor's change is the action (undo gives back the bytes before it).
            ChangeRecorder.current(root: vault.root)?.note(t.path, before: session.before, after: after)
            if t.line == nil {
                if let (now, _) = try? vault.readTask(t.path) {
                    if !now.readOnly, now.modified == t.modified {
                        _ = try? vault.update(now, [])
                    }
                    outcome.problems = now.problems
                } else {
                    outcome.unreadable = true
                }
            }
            noteWritten([t.path])
            return outcome
        }
    }
}
