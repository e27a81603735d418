import Foundation

/// What one file contributes to the vault.
public struct FileContents: Sendable {
    public var path: String
    /// The task of a task file, or the checkbox tasks of a note.
    public var tasks: [TodoTask] = []
    /// For a note: a type definition, a saved view, a typed item, or nothing special.
    public var note: NoteContent?
    /// Why the file could not be read fully.
    public var problem: FileProblem?
    /// A hash of the bytes as read.
    public var fingerprint: UInt64 = 0
    /// The bytes as read, when the reader asked to keep them (the version history does).
    public var bytes: [UInt8]?

    public init(path: String, tasks: [TodoTask] = [], note: NoteContent? = nil, problem: FileProblem? = nil) {
        self.path = path
        self.tasks = tasks
        self.note = note
        self.problem = problem
    }
}

/// Everything read from the vault in one pass.
public struct VaultSnapshot: Sendable {
    public var tasks: [TodoTask] = []
    /// Files that could not be read fully (tasks with problems and unreadable files).
    public var problems: [FileProblem] = []
    /// Notes about the walk (links not followed) that are not errors.
    public var notes: [String] = []
    /// A hash of each task file's bytes as read, to detect changes made by others since.
    public var fingerprints: [String: UInt64] = [:]
    /// Typed items (notes with `type: book`…) of a known type, checked against it.
    public var items: [ListItem] = []
    /// The list types: built-in ones, overridden or extended by definition notes.
    public var types: [ListType] = ListType.builtIn
    /// Saved views (notes with `type: view`).
    public var views: [SavedView] = []
    /// Whether `tasks` holds, for each task, every task its dependencies, subtasks and project
    /// sequence depend on (the whole vault does; an index may load a view's part so): then
    /// `TaskDependencies(tasks)` is exact without reading more.
    public var holdsDependencies = true

    /// The type named `name` (its display name or its `type:` key, case-insensitive).
    public func type(named name: String) -> ListType? {
        let key = ListType.key(name)
        return types.first { $0.key == key }
    }

    public init() {}
}

/// A folder of task files: reads it, and writes to it without ever losing a byte.
///
/// Immutable once made (settings are read at init; a long-running process makes a new `Vault`
/// when `.todomd.json` changes), so it is safe to share between threads. "Now" is read from
/// `clockSource` on every use: a server runs for weeks, and today changes at midnight.
public final class Vault: Sendable {
    /// Absolute path of the vault folder.
    public let root: String
    private let clockSource: @Sendable () -> Clock
    public let format: TaskFileFormat
    public let settings: VaultSettings
    /// Why `.todomd.json` could not be used, if it could not.
    public let settingsProblem: String?
    /// The last suffix a name got (`…-plan-7.md`): the next task of the same title and minute
    /// tries from there, so thousands of them (an import) do not try every taken name first.
    private let suffixHints = SuffixHints()

    /// A vault whose "now" is fixed (one command, a test).
    public convenience init(root: String, clock: Clock, format: TaskFileFormat? = nil) {
        self.init(root: root, clockSource: { clock }, format: format)
    }

    /// A vault that asks `clockSource` for "now" each time it needs it. Without a `format`, the
    /// vault's profile decides (`VaultProfile`: TaskNotes' spelling in a TaskNotes vault).
    public init(root: String, clockSource: @escaping @Sendable () -> Clock, format: TaskFileFormat? = nil) {
        self.root = root
        self.clockSource = clockSource
        let (settings, problem) = VaultSettings.load(root: root)
        self.settings = settings
        if let format {
            self.format = format
            settingsProblem = problem
        } else {
            let profile = VaultProfile.format(root: root, settings: settings) { clockSource().timeZone }
            self.format = profile.0
            settingsProblem = [problem, profile.problem].compactMap { $0 }.joined(separator: "; ").nilIfEmpty
        }
        WriteJournal.registerDefault(root: root)
    }

    /// The current time and zone.
    public var clock: Clock { clockSource() }

    public var exists: Bool { FileSystem.statStamp(root).map { FileSystem.isDir($0.mode) } ?? false }

    public func absolute(_ relative: String) -> String { root + "/" + relative }

    // MARK: Reading

    /// Reads every task file and note in the vault.
    public func load() -> VaultSnapshot {
        let scan = scan()
        var snap = assemble(scan.files.map { readContents($0) })
        snap.notes = Self.walkNotes(scan)
        return snap
    }

    /// Lists every Markdown file the vault holds (with its stat stamp), as `load()` sees them.
    public func scan(sorted: Bool = true) -> VaultScanner.Result {
        var scanner = VaultScanner(root: root)
        scanner.excluded = Set(settings.templateFolders)
        return scanner.scan(sorted: sorted)
    }

    /// Stat stamps of vault-relative paths, for `readContents(_:)`; missing files are left out.
    public func statFiles(_ paths: [String]) -> [ScannedFile] {
        paths.compactMap { p in FileSystem.statStamp(absolute(p)).map { ScannedFile(path: p, stamp: $0.0) } }
    }

    /// The stamp of a vault-relative path that is a regular file, not following links (nil for
    /// anything else or a missing file): what a watcher checks instead of walking.
    public func regularFileStamp(_ rel: String) -> FileStamp? {
        guard let (stamp, mode) = FileSystem.lstatStamp(absolute(rel)), FileSystem.isReg(mode) else { return nil }
        return stamp
    }

    /// Notes about a walk (links not followed) for `VaultSnapshot.notes`.
    public static func walkNotes(_ scan: VaultScanner.Result) -> [String] {
        scan.skipped.map { "\($0.path): \($0.reason)" }
    }

    /// Reads and parses one scanned file; a file over the size limit is not parsed.
    public func readContents(_ file: ScannedFile) -> FileContents { readContents(file, keepBytes: false) }

    /// Reads one file, keeping its bytes in the result when asked (and it is within the limit).
    public func readContents(_ file: ScannedFile, keepBytes: Bool) -> FileContents {
        do {
            let tooLarge = file.stamp.size > Int64(Limits.fileBytes)
            let bytes = tooLarge
                ? Array(try FileSystem.readFile(absolute(file.path)).prefix(8)) + [UInt8](repeating: 0x20, count: Limits.fileBytes + 1)
                : try FileSystem.readFile(absolute(file.path))
            var c = readContents(path: file.path, bytes: bytes, modified: file.stamp.mtimeNanos)
            if keepBytes && !tooLarge { c.bytes = bytes }
            return c
        } catch {
            return FileContents(path: file.path, problem: FileProblem(path: file.path, reasons: ["cannot read: \(error)"]))
        }
    }

    /// The per-user cache folder (`$XDG_CACHE_HOME/todomd`, else `~/.cache/todomd`).
    public static var cacheDirectory: String { FileSystem.cacheDir() }

    /// A short key naming this vault in the cache folder: a hash of its real path, so the
    /// index, the write journal and the lock agree however the vault was named.
    public var cacheKey: String { Self.cacheKey(root: root) }

    /// The cache key of the vault at `root` (see `cacheKey`).
    public static func cacheKey(root: String) -> String {
        String(fingerprint(Array((FileSystem.realPath(root) ?? root).utf8)), radix: 16)
    }

    /// Everything one file holds: its task (a task file), its checkbox tasks and note content
    /// (a note), or why it cannot be read. The unit a cache stores per file.
    /// `modified` (the file's mtime, in nanoseconds) stands in for a missing `created`: files
    /// people and other tools write often have none, and that is not a problem.
    public func readContents(path: String, bytes: [UInt8], modified: Int64? = nil) -> FileContents {
        var c = FileContents(path: path)
        c.fingerprint = Self.fingerprint(bytes)
        switch format.read(path: path, bytes: bytes, zone: clock.timeZone) {
        case .task(var t):
            if t.created == nil, let m = modified, !t.problems.contains(where: { $0.hasPrefix(TaskKey.created + ":") }) {
                t.created = Date(timeIntervalSince1970: TimeInterval(m / 1_000_000_000))
            }
            c.tasks = [t]
            if !t.problems.isEmpty { c.problem = FileProblem(path: t.path, reasons: t.problems) }
        case .unreadable(let reason):
            c.problem = FileProblem(path: path, reasons: [reason])
        case .notATask:
            c.note = NoteReader.read(path: path, bytes: bytes)
            if settings.inlineTasks { c.tasks = inlineTasks(path: path, bytes: bytes) }
        }
        return c
    }

    /// A snapshot from per-file contents: typed items are checked against their type once every
    /// definition note is known.
    public func assemble(_ files: [FileContents]) -> VaultSnapshot {
        var snap = VaultSnapshot()
        var candidates: [ListItem] = []
        for f in files {
            snap.tasks += f.tasks
            if !f.tasks.isEmpty { snap.fingerprints[f.path] = f.fingerprint }
            if let p = f.problem { snap.problems.append(p) }
            switch f.note {
            case .typeDefinition(let t)?:
                snap.types.removeAll { $0.key == t.key }
                snap.types.append(t)
            case .view(let v)?:
                snap.views.append(v)
                if !v.problems.isEmpty { snap.problems.append(FileProblem(path: f.path, reasons: v.problems)) }
            case .item(let i)?: candidates.append(i)
            case .problem(let p)?: snap.problems.append(FileProblem(path: f.path, reasons: [p]))
            case .plain?, nil: break
            }
        }
        for var item in candidates {
            guard let type = snap.type(named: item.type), !type.isTodo else { continue }
            item.warnings = ListValidation.warnings(item, type: type)
            if !item.warnings.isEmpty { snap.problems.append(FileProblem(path: item.path, reasons: item.warnings)) }
            snap.items.append(item)
        }
        snap.views.sort { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending }
        return snap
    }

    /// The stat stamp of any path (following links), nil when it does not exist.
    public static func stamp(ofPath path: String) -> FileStamp? { FileSystem.statStamp(path)?.0 }

    /// The bytes of a vault-relative file.
    public func readBytes(_ path: String) throws -> [UInt8] { try FileSystem.readFile(absolute(path)) }

    /// Reads one task file.
    public func readTask(_ path: String) throws -> (TodoTask, bytes: [UInt8]) {
        let bytes = try FileSystem.readFile(absolute(path))
        switch format.read(path: path, bytes: bytes, zone: clock.timeZone) {
        case .task(let t): return (t, bytes)
        case .notATask: throw TodoError.malformed(path: path, reason: "not a task file (no task frontmatter)")
        case .unreadable(let r): throw TodoError.malformed(path: path, reason: r)
        }
    }

    /// The fingerprint of the bytes this process last wrote to a task file, if it wrote it:
    /// the version a write reports, whatever another program did to the file since.
    public func writtenFingerprint(_ path: String) -> UInt64? {
        let abs = absolute(path)
        return WrittenFiles.fingerprint(abs) ?? FileSystem.realPath(abs).flatMap(WrittenFiles.fingerprint)
    }

    /// The task in bytes this process just wrote; a write that succeeded is never reported as a
    /// failure because its result does not parse (it is shown with the reason instead).
    func taskWritten(_ path: String, _ bytes: [UInt8], fallback: TodoTask) -> TodoTask {
        switch format.read(path: path, bytes: bytes, zone: clock.timeZone) {
        case .task(let t): return t
        case .notATask, .unreadable:
            var t = fallback
            t.path = path
            t.problems.append("the file as written is no longer a readable task")
            return t
        }
    }

    /// FNV-1a over the bytes: enough to tell "same content" from "changed".
    public static func fingerprint(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        return h
    }

    // MARK: Creating

    /// Writes a new task file in `folder` (else where the format puts new tasks: the vault root)
    /// and returns the task as written. The format names the file (`{YYYYMMDD}-{HHmm}-{slug}.md`;
    /// on a collision `-2`, `-3`… is added).
    /// `readBack: false` returns `task` with its path instead of reading the bytes written back
    /// (a batch of thousands that only needs the names).
    @discardableResult
    public func create(_ task: TodoTask, folder: String = "", readBack: Bool = true) throws -> TodoTask {
        var t = task
        if t.created == nil { t.created = clock.now }
        if t.modified == nil { t.modified = t.created }
        try Self.validate(t)
        // The format decides the name and, unless asked, the folder (a TaskNotes vault's tasks folder).
        let folder = folder.isEmpty ? format.newTaskFolder : folder
        try FileSystem.makeDirs(folder.isEmpty ? root : absolute(folder))
        let bytes = format.render(t)
        let created = t.created!
        let first = format.newFileName(for: t, created: created, suffix: 1)
        let hint = suffixHints.start(folder + "/" + first)
        var used = 1
        let rel = try FileSystem.firstFreeName(in: folder, { n in
            used = n + hint - 1
            return n + hint - 1 == 1 ? first : format.newFileName(for: t, created: created, suffix: n + hint - 1)
        }, for: t.title) {
            try FileSystem.atomicCreate(absolute($0), bytes: bytes)
        }
        suffixHints.used(folder + "/" + first, used)
        guard readBack else {
            t.path = rel
            return t
        }
        return taskWritten(rel, bytes, fallback: t)
    }

    /// Checks the schema limits before anything is written.
    public static func validate(_ t: TodoTask) throws {
        if t.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw TodoError.invalidArgument("a task needs a title")
        }
        if t.title.count > Limits.titleLength {
            throw TodoError.invalidArgument("title is longer than \(Limits.titleLength) characters")
        }
        if let d = t.description, d.count > Limits.descriptionLength {
            throw TodoError.invalidArgument("description is longer than \(Limits.descriptionLength) characters")
        }
        if t.body.utf8.count > Limits.bodyBytes {
            throw TodoError.invalidArgument("body is larger than 100 KB")
        }
        for (name, v) in [("area", t.area), ("project", t.project), ("source", t.source)] {
            if let v, v.count > Limits.fieldLength {
                throw TodoError.invalidArgument("\(name) is longer than \(Limits.fieldLength) characters")
            }
        }
    }

    // MARK: Editing

    /// Applies `changes` to a task's file, touching only the lines of those keys, and sets
    /// `modified`. `task` is the version the caller read, `readFingerprint` the fingerprint of
    /// the bytes it was read from: if another program changed the file since, the changes are
    /// re-applied to its new content when it touched other fields, and refused with an
    /// `EditConflict` when it changed one of these.
    @discardableResult
    public func update(_ task: TodoTask, _ changes: [FieldChange], readFingerprint: UInt64? = nil,
                       modified: String? = nil, body: BodyEdit? = nil) throws -> TodoTask {
        if task.line != nil {
            if body != nil { throw TodoError.invalidArgument("\(task.key) is a checkbox line: its notes are the note it is in (todomd edit)") }
            return try updateInline(task, changes)
        }
        guard !task.readOnly else {
            throw TodoError.unreadable(path: task.path, reason: "the file could not be read fully ("
                + task.problems.joined(separator: "; ") + "); fix it by hand (todomd edit) first")
        }
        var all = changes.filter { $0.key != TaskKey.modified }
        all.append(FieldChange(TaskKey.modified, .string(modified ?? Timestamp.format(clock.now))))
        // Write through a symlink to its target; renaming over the link would replace it.
        let path = FileSystem.realPath(absolute(task.path)) ?? absolute(task.path)
        let keys = changes.map(\.key) + (body == nil ? [] : ["body"])
        let written = try withLock {
            try FileSystem.replaceChecked(path, name: task.path) { current in
                if readFingerprint != Self.fingerprint(current) {
                    // Someone wrote the file since we read it (or we cannot tell): merge by field.
                    try checkMergeable(task, current: current, keys: keys)
                }
                let edited = try format.apply(all, to: current)
                return try body.map { try Self.editingBody(edited, $0, name: task.path) } ?? edited
            }
        }
        return taskWritten(task.path, written, fallback: task)
    }

    /// `bytes` with the notes under the frontmatter changed; the frontmatter and the blank
    /// line(s) after it stay as they are, and new lines take the file's line ending.
    static func editingBody(_ bytes: [UInt8], _ edit: BodyEdit, name: String) throws -> [UInt8] {
        guard let doc = FrontmatterDocument(bytes: bytes) else { throw TodoError.invalidArgument("\(name) has no frontmatter") }
        if case .check = edit {
            // A checklist tick changes one character of one line; the notes' lines are counted as
            // the reader gives them (from the end of the frontmatter), every other byte kept.
            return Array(bytes[..<doc.bodyStart]) + Array(try edit.applying(to: String(decoding: bytes[doc.bodyStart...], as: UTF8.self)).utf8)
        }
        let region = bytes[doc.bodyStart...]
        let lead = region.prefix { $0 == 0x0A || $0 == 0x0D }
        let old = String(decoding: region.dropFirst(lead.count), as: UTF8.self)
        // The blank lines after the frontmatter are kept as they are (`lead`), so a new text's
        // own leading ones (an app sending back the body it was given) must not add to them.
        var text = String(try edit.applying(to: old).drop { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        if doc.lineEnding == [0x0D, 0x0A] { text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n") }
        guard text.utf8.count <= Limits.bodyBytes else { throw TodoError.invalidArgument("the notes would be larger than 100 KB") }
        let separator: [UInt8] = lead.isEmpty && !text.isEmpty ? doc.lineEnding : Array(lead)
        return Array(bytes[..<doc.bodyStart]) + separator + Array(text.utf8)
    }

    /// The lock file for this vault, outside it (in the cache folder), keyed by its path.
    var lockPath: String {
        FileSystem.cacheDir() + "/locks/" + cacheKey + ".lock"
    }

    /// Refuses when a field we are about to change was changed by someone else.
    private func checkMergeable(_ task: TodoTask, current: [UInt8], keys: [String]) throws {
        guard case .task(let now) = format.read(path: task.path, bytes: current, zone: clock.timeZone) else {
            throw TodoError.unreadable(path: task.path, reason: "it is no longer a readable task file")
        }
        if now.readOnly {
            throw TodoError.unreadable(path: task.path, reason: "it was changed by another program and can no longer be read ("
                + now.problems.joined(separator: "; ") + ")")
        }
        try Self.checkClash(base: task, current: now, keys: keys, currentVersion: TaskVersion.of(fileBytes: current))
    }

    /// Throws an `EditConflict` when any of `keys` differs between the version read (`base`) and
    /// the one on disk (`current`).
    public static func checkClash(base: TodoTask, current: TodoTask, keys: [String], currentVersion: String,
                                  what: String = "since it was read") throws {
        var seen = Set<String>()
        let clashing = keys.filter { seen.insert($0).inserted && base.value(forKey: $0) != current.value(forKey: $0) }
        guard !clashing.isEmpty else { return }
        throw TodoError.editConflict(EditConflict(
            path: base.key,
            fields: clashing.map { EditConflict.Field(key: $0, read: base.value(forKey: $0), onDisk: current.value(forKey: $0)) },
            currentVersion: currentVersion,
            reason: "another program changed " + clashing.joined(separator: ", ") + " \(what); nothing was changed"
                + " (run the command again to apply it to the new version)"))
    }

    // MARK: Moving

    /// Moves a task file to `folder` (vault-relative), never overwriting: a name in use gets
    /// `-2`, `-3`…. Returns the new relative path.
    public func move(_ relPath: String, toFolder folder: String) throws -> String {
        let dir = folder.isEmpty ? root : absolute(folder)
        try FileSystem.makeDirs(dir)
        let name = (relPath as NSString).lastPathComponent
        let rel = try FileSystem.firstFreeName(in: folder, { $0 == 1 ? name : Self.suffixed(name, $0) }, for: name) {
            try FileSystem.moveNoClobber(absolute(relPath), absolute($0))
        }
        FileSystem.fsyncDir(dir)
        return rel
    }

    /// Moves the file at `from` to `to` (vault-relative), making folders, never overwriting:
    /// false when `to` exists.
    public func moveFile(_ from: String, to: String) throws -> Bool {
        let dir = (absolute(to) as NSString).deletingLastPathComponent
        try FileSystem.makeDirs(dir)
        guard try FileSystem.moveNoClobber(absolute(from), absolute(to)) else { return false }
        FileSystem.fsyncDir(dir)
        return true
    }

    /// `name.md` → `name-2.md`.
    static func suffixed(_ name: String, _ n: Int) -> String {
        let ext = (name as NSString).pathExtension
        let stem = (name as NSString).deletingPathExtension
        return ext.isEmpty ? "\(stem)-\(n)" : "\(stem)-\(n).\(ext)"
    }
}

/// Per vault: the last suffix each new file name got.
final class SuffixHints: @unchecked Sendable {
    private let lock = NSLock()
    private var last: [String: Int] = [:]

    func start(_ name: String) -> Int { lock.withLock { last[name] ?? 1 } }

    func used(_ name: String, _ n: Int) {
        lock.withLock {
            if last.count > 10_000 { last.removeAll() }
            if n > 1 || last[name] != nil { last[name] = n }
        }
    }
}
