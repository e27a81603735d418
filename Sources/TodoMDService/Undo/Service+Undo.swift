import Foundation
import TodoMDCore
import TodoMDIndex

/// The recent actions of the undo journal, newest first.
public struct UndoHistory: Sendable {
    public var actions: [UndoAction]
    /// Journal entries that could not be read (path and reason): reported, never guessed around.
    public var problems: [FileProblem]
    /// The journal folder.
    public var journal: String
}

/// What `undo` did.
public struct UndoOutcome: Sendable {
    /// The action undone (now marked undone).
    public var action: UndoAction
    /// Files given back their bytes, made again or moved back.
    public var restored: [String]
    /// Files the action had made, now in the trash (`trash restore` brings them back).
    public var trashed: [(path: String, trashPath: String)]
    /// Files the action had made that were not Markdown, removed.
    public var removed: [String]
    /// Notes: every file was already as before the action (nothing was written).
    public var messages: [String] = []
}

/// Undo: every action that writes is recorded in a journal outside the vault, with the bytes
/// each file had before; `undo` puts them back when nobody changed the files since.
///
/// How actions are recorded: every public service call runs inside `locked`, which starts a
/// `ChangeRecorder` on the vault unless one is already running on this thread. The write
/// primitives report each file they change to it, with its bytes before and after; when the
/// outermost call returns (or throws, after writing some files), the net changes become one
/// journal entry. A call that writes nothing records nothing. `recordingAction` makes several
/// calls one action.
extension TodoService {
    /// Runs `body` as ONE undoable action named `label`: every write the service calls inside
    /// it make (on this thread) joins it, so `todomd undo` reverses them together.
    ///
    /// Front ends wrap batch commands in it:
    ///
    ///     try service.recordingAction("done") {
    ///         for ref in references { _ = try service.complete(ref) }
    ///     }
    ///
    /// Nested calls (and nested `recordingAction`s) join the outermost action; a public write
    /// call made outside any becomes its own action, named after the call (`done`, `set`…).
    /// If `body` throws after some writes, what it wrote is still recorded (and can be undone).
    /// The service lock is held for the whole body, so other callers wait.
    public func recordingAction<T>(_ label: String, _ body: () throws -> T) rethrows -> T {
        try locked(label, body)
    }

    /// Runs `body` recording the files it changes as one action, unless an action is being
    /// recorded already on this thread (then they join it). Called by `locked`.
    func recording<T>(_ function: String, _ body: () throws -> T) rethrows -> T {
        let vault = self.vault
        if ChangeRecorder.current(root: vault.root) != nil { return try body() }
        let recorder = recorder(vault)
        defer { saveAction(Self.actionLabel(function), recorder.changes, vault: vault) }
        return try recorder.observe(body)
    }

    /// The name of an action from the service call that made it (`complete(_:expected:)` →
    /// `done`), or a label as given.
    static func actionLabel(_ function: String) -> String {
        guard function.hasSuffix(")"), let paren = function.firstIndex(of: "("),
              function[..<paren].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return function }
        let name = String(function[..<paren])
        let names = ["complete": "done", "deferTask": "defer", "addItem": "add item", "restore": "trash restore",
                     "finishEdit": "edit", "emptyTrash": "empty trash", "restoreVersion": "restore", "resolveConflict": "resolve", "rejectQuarantined": "reject", "archive": "archive", "saveTheme": "theme"]
        return names[name] ?? name
    }

    /// The undo journal's folder: `undo/<vault key>` beside the index cache (so a test's cache
    /// folder holds it too), else in the cache folder (`~/.cache/todomd/undo/<key>`).
    public var undoJournalPath: String {
        if let p = options.undoJournalPath { return p }
        return cacheFolder + "/undo/" + Vault.cacheKey(root: root)
    }

    /// The folder of this vault's caches (undo journal, version history, backups): the index's
    /// folder when one was given (a test's cache folder), else the cache folder.
    var cacheFolder: String {
        options.indexPath.map { ($0 as NSString).deletingLastPathComponent } ?? Vault.cacheDirectory
    }

    var journal: ActionJournal { ActionJournal(directory: undoJournalPath) }

    /// Records `changes` as one action (no changes: nothing). A journal that cannot be written
    /// is a warning: the action itself was done.
    func saveAction(_ label: String, _ changes: [FileChange], vault: Vault) {
        guard !changes.isEmpty else { return }
        // The bytes undo needs go to the history's blobs (recorded with the versions, in one
        // transaction) rather than into the journal.
        var kept: [[UInt8]] = []
        var (files, tooLarge) = ActionJournal.files(for: changes, keep: historyStore == nil ? nil : { bytes in
            kept.append(bytes)
            return HistoryStore.hash(bytes)
        })
        if !recordHistory(Self.actionLabel(label), changes, keep: kept), !kept.isEmpty {
            (files, tooLarge) = ActionJournal.files(for: changes)   // the store did not take them: inline
        }
        let now = Timestamp.format(clock.now)
        let (label, summary) = describe(label, changes, vault: vault)
        do {
            _ = try vault.withLock {
                try journal.append { id in
                    UndoAction(id: id, at: now, action: label, summary: summary, files: files,
                               notUndoable: tooLarge.map { "its files held \($0) bytes, more than the \(ActionJournal.maxActionBytes) undo keeps" })
                }
            }
        } catch {
            options.warn("this action cannot be undone: the undo journal \(undoJournalPath) could not be written (\(error))")
        }
    }

    /// The action's label (`flag` that cleared the flag is `unflag`) and summary with the titles
    /// of what it touched: `done: Buy milk`, `set: A, B, C and 2 more`.
    private func describe(_ label: String, _ changes: [FileChange], vault: Vault) -> (String, String) {
        var titles: [String] = []
        var label = label
        for c in changes {
            guard c.path.hasSuffix(".md"), let bytes = c.after ?? c.before else { continue }
            var title = ((c.path as NSString).lastPathComponent as NSString).deletingPathExtension
            if case .task(let t) = vault.format.read(path: c.path, bytes: bytes, zone: clock.timeZone) {
                title = t.title
                if label == "flag", c.after != nil, !t.flagged { label = "unflag" }
            }
            if !titles.contains(title) { titles.append(title) }
        }
        if titles.isEmpty { titles = changes.map(\.path) }
        let shown = titles.prefix(3).joined(separator: ", ") + (titles.count > 3 ? " and \(titles.count - 3) more" : "")
        return (label, label + ": " + shown)
    }

    // MARK: Undo

    /// The recent actions, newest first (at most `limit`), with journal entries that could not
    /// be read reported as problems.
    public func undoHistory(limit: Int = 100) -> UndoHistory {
        lock.lock()
        defer { lock.unlock() }
        var history = UndoHistory(actions: [], problems: [], journal: undoJournalPath)
        do {
            for id in try journal.ids().prefix(limit) {
                switch journal.read(id) {
                case .action(let a, _): history.actions.append(a)
                case .unreadable(_, let file, let reason): history.problems.append(FileProblem(path: file, reasons: [reason]))
                }
            }
        } catch {
            history.problems.append(FileProblem(path: undoJournalPath, reasons: ["\(error)"]))
        }
        return history
    }

    /// Undoes the newest action not undone yet: puts back every file it changed, as it was
    /// before, and marks it undone (undoing is not itself recorded; undo again to undo the
    /// action before it). Refused, with the file named, when any of its files changed since the
    /// action wrote it; refused when the newest entry cannot be read (remove it to go on).
    public func undo() throws -> UndoOutcome {
        lock.lock()
        defer { lock.unlock() }
        let vault = self.vault
        if ChangeRecorder.current(root: vault.root) != nil {
            throw TodoError.invalidArgument("undo cannot be part of a recorded action")
        }
        var touched: [String] = []
        defer { noteWritten(touched) }
        return try vault.withLock {
            let journal = self.journal
            var target: (UndoAction, String)?
            for id in try journal.ids() {
                switch journal.read(id) {
                case .unreadable(_, let file, let reason):
                    throw TodoError.malformed(path: file, reason: "cannot undo: this undo journal entry is unreadable: \(reason)"
                        + " (remove it to undo older actions)")
                case .action(let a, let file):
                    if a.undone { continue }
                    target = (a, file)
                }
                if target != nil { break }
            }
            guard let found = target else { throw TodoError.invalidArgument("nothing to undo") }
            var (action, file) = found
            if let why = action.notUndoable { throw TodoError.conflict(path: file, reason: "\(action.summary) cannot be undone: \(why)") }
            let store = historyStore
            let steps = try ActionJournal.revertSteps(action, entry: file, blob: { hash in try? store?.blob(hash) })
            let report: RevertReport
            // Undo is not itself undoable, but the version history keeps what it wrote.
            let recorder = recorder(vault)
            defer { recordHistory("undo", recorder.changes) }
            do { report = try recorder.observe { try vault.revert(steps, action: "\"\(action.summary)\" (\(action.at))") } } catch {
                touched = steps.map(\.path)
                throw error
            }
            touched = report.touched
            action.undoneAt = Timestamp.format(clock.now)
            do { try journal.write(action) } catch {
                options.warn("undone, but the undo journal \(file) could not be updated (\(error)); do not undo it again")
            }
            var outcome = UndoOutcome(action: action, restored: report.restored, trashed: report.trashed, removed: report.removed)
            if report.alreadyReverted { outcome.messages.append("its files were already as before it; nothing was written") }
            return outcome
        }
    }
}

extension TodoService {
    /// The history blobs the undo journal points at: pruning the history keeps them.
    func undoPinnedBlobs() -> Set<String> {
        var pinned = Set<String>()
        for id in (try? journal.ids()) ?? [] {
            if case .action(let a, _) = journal.read(id) { pinned.formUnion(a.files.compactMap(\.beforeBlob)) }
        }
        return pinned
    }
}
