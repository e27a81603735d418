import Foundation
import TodoMDCore
import TodoMDIndex

extension TodoService {
    // MARK: Tasks

    /// The task `reference` names (a path, file name, JSON id, `path:line`, short handle, or a
    /// unique part of a title), with its version. Only the tasks it could name are loaded. A
    /// title shared by open and closed tasks names the open one unless `prefer` says otherwise.
    public func task(_ reference: String, prefer: TaskResolver.Preference = .open) throws -> VersionedTask {
        try locked { try resolve(reference, prefer: prefer, clock: clock) }
    }

    func resolve(_ reference: String, prefer: TaskResolver.Preference = .open, clock: Clock) throws -> VersionedTask {
        try requireVault()
        // Clients mostly send exact ids and paths: with the index, look those up first (an index
        // lookup), and only scan titles when the reference is not one. Without it, the whole
        // vault is read anyway.
        if let exact = indexSnapshot(.exact(reference), clock: clock),
           let t = try? TaskResolver.resolve(reference, in: exact.tasks, prefer: prefer), TaskResolver.isExact(reference, t) {
            return VersionedTask(t, fingerprint: exact.fingerprints[t.path])
        }
        let snap = snapshot(.resolving(reference), clock: clock)
        do {
            let r = try TaskResolver.resolution(reference, in: snap.tasks, prefer: prefer)
            var v = VersionedTask(r.task, fingerprint: snap.fingerprints[r.task.path])
            v.note = r.note
            return v
        } catch TodoError.notFound {
            if let direct = try taskFile(named: reference) { return direct }
            throw TodoError.notFound(reference)
        }
    }

    /// The tasks a batch action selects: every task of `view` (a built-in or saved view) that
    /// `filter` lets through, with the versions they were read at. Without a view or statuses,
    /// the tasks the action can act on: open ones, or done and cancelled ones for `.closed`.
    public func selection(view name: String?, filter: TaskFilter, prefer: TaskResolver.Preference = .open) throws -> [VersionedTask] {
        var filter = filter
        if name == nil, filter.statuses.isEmpty, prefer != .any {
            filter.statuses = prefer == .closed ? [.done, .cancelled] : [.todo, .inProgress]
        }
        let page = try view(name ?? ViewKind.all.rawValue, filter: filter)
        // Grouped by tag, a task is in each of its tags' groups: act on it once.
        return page.distinctTasks.map { VersionedTask(task: $0, version: page.versions.version(of: $0)) }
    }

    /// The short handles (`TaskHandle`) of `tasks`, by id, among every task of the vault.
    public func handles(for tasks: [TodoTask]) -> [String: String] {
        locked {
            let ids = tasks.map(\.id)
            // The index, refreshed (a handle is only unique among every task of the vault).
            if options.useIndex, let h = try? withSearchIndex({ try $0.handles(ids: ids) }) { return h }
            let all = snapshot(.all, clock: clock).tasks.map(\.id)
            let wanted = Set(ids)
            return TaskHandle.handles(ids: all).filter { wanted.contains($0.key) }
        }
    }

    /// A reference that names a file of the vault which no view holds: read it now. A file that
    /// cannot be read is exit 4 with the reason (not "no task matches"); one that is empty or
    /// half written (another program rewriting it in place) is read again for up to ~0.6 s,
    /// then exit 4 "changing, try again". A plain note is nil (no task matches).
    func taskFile(named reference: String) throws -> VersionedTask? {
        let rel = reference.lowercased().hasSuffix(".md") ? reference : reference + ".md"
        guard !rel.hasPrefix("/"), !rel.split(separator: "/").contains(".."),
              vault.regularFileStamp(rel) != nil else { return nil }
        var reason = ""
        for attempt in 0..<6 {
            let bytes: [UInt8]
            do { bytes = try vault.readBytes(rel) } catch TodoError.io(_, let why) {
                throw TodoError.unreadable(path: rel, reason: "it cannot be read (\(why))")
            }
            switch vault.format.read(path: rel, bytes: bytes, zone: vault.clock.timeZone) {
            case .task(let t): return VersionedTask(t, fingerprint: Vault.fingerprint(bytes))
            case .unreadable(let why): reason = why
            case .notATask:
                // A note is a note; an empty file, or a frontmatter cut short, is mid-write.
                guard bytes.isEmpty || FrontmatterDocument.startsWithDelimiter(bytes) else { return nil }
                reason = bytes.isEmpty ? "it is empty" : "it is not a task file"
            }
            if attempt < 5 { usleep(UInt32(20_000) << UInt32(attempt)) }
        }
        throw TodoError.unreadable(path: rel, reason: reason + " right now; if another program is writing it, try again")
    }

    // MARK: Views

    /// A view by name: a built-in one (inbox, today, upcoming, anytime, next, someday, flagged,
    /// logbook, areas, tags, all), a saved view's name or path, a perspective's id or name, or else a
    /// query in the text syntax (`area:Work & p1`). `filter` narrows it.
    /// `sort` and `groupBy` rearrange a perspective, a query or a built-in view (run as its
    /// perspective; a new grouping replaces Today's sections).
    public func view(_ name: String, filter: TaskFilter = TaskFilter(), sort: [Perspective.SortKey] = [],
                     groupBy: Perspective.GroupBy? = nil) throws -> ViewPage {
        try locked {
            let clock = self.clock
            let arrange = { (p: Perspective) -> Perspective in
                var p = p
                if !sort.isEmpty { p.sort = sort }
                if let groupBy { p.groupBy = groupBy; p.sections = [] }
                return p
            }
            guard let kind = ViewKind(rawValue: name.lowercased()) else {
                return try savedView(name, filter: filter, clock: clock, arrange: sort.isEmpty && groupBy == nil ? nil : arrange)
            }
            if !sort.isEmpty || groupBy != nil {
                guard let p = BuiltInPerspectives.perspective(for: kind) else {
                    throw TodoError.invalidArgument("the \(kind.rawValue) view cannot be sorted or grouped otherwise")
                }
                return try run(arrange(p), filter: filter, clock: clock, warnings: [])
            }
            let snap = snapshot(.view(kind, filter), clock: clock)
            var warnings = perspectiveClash(name)
            let engine = self.engine(clock)
            if let p = engine.order.problem { warnings.append(p) }
            if !snap.problems.isEmpty {
                warnings.append("\(snap.problems.count) file(s) could not be read fully; run `todomd doctor`")
            }
            let deps = dependencies(of: snap, clock: clock)
            Trace.mark("dependencies")
            let result = engine.build(kind, tasks: snap.tasks, filter: filter, dependencies: deps)
            Trace.mark("build view")
            return ViewPage(content: .builtIn(result), today: clock.today, versions: TaskVersions(snap.fingerprints), warnings: warnings)
        }
    }

    /// A saved view: its tasks, then its items; `filter` narrows both.
    private func savedView(_ name: String, filter: TaskFilter, clock: Clock, arrange: ((Perspective) -> Perspective)?) throws -> ViewPage {
        // Saved views are special notes, which every snapshot holds: find the view without
        // loading tasks, then load only those its tree (compiled to a prefilter) could match.
        let notes = snapshot(.notesOnly, clock: clock)
        guard let saved = SavedViewRunner.find(name, in: notes) else {
            let snap = notes
            return try perspectiveOrQuery(name, filter: filter, clock: clock, arrange: arrange ?? { $0 }) {
                let names = ViewKind.allCases.map(\.rawValue) + snap.views.map(\.name) + PerspectivesFile.load(root: root).perspectives.map(\.id)
                return TodoError.invalidArgument("unknown view \"\(name)\"" + Suggestion.hint(for: name, among: names, quote: "\"")
                    + "; views: " + names.joined(separator: ", "))
            }
        }
        if arrange != nil { throw TodoError.invalidArgument("a saved view keeps its own order (by due date); --sort and --group-by are for perspectives and queries") }
        let snap = snapshot(.query(saved.filter.query, filter), clock: clock)
        var (tasks, items) = SavedViewRunner.run(saved, snap, clock: clock)
        tasks = tasks.filter(filter.matches)
        if !filter.isEmpty {
            items = items.filter { i in filter.tags.allSatisfy { w in i.tags.contains { TaskFilter.tag($0, matches: w) } } }
        }
        return ViewPage(content: .saved(saved, tasks: tasks, items: items, types: snap.types), today: clock.today,
                        versions: TaskVersions(snap.fingerprints), warnings: saved.problems.map { "\(saved.path): \($0)" } + perspectiveClash(name))
    }

    /// Every view a client can show: the built-in ones, then saved views with their counts.
    public func views() -> [ViewSummary] {
        locked {
            let clock = self.clock
            let builtIn = ViewKind.allCases.map {
                ViewSummary(name: $0.rawValue, kind: "builtin", path: nil, displayStyle: nil, matches: nil, problems: [])
            }
            let perspectives = PerspectivesFile.load(root: root).perspectives.map {
                ViewSummary(name: $0.id, kind: "perspective", path: PerspectivesFile.fileName, displayStyle: nil, matches: nil, problems: [])
            }
            return builtIn + savedViews(clock: clock) + perspectives
        }
    }

    /// Saved views (notes with `type: view`) with how many tasks and items each matches.
    public func savedViews() -> [ViewSummary] {
        locked { savedViews(clock: clock) }
    }

    private func savedViews(clock: Clock) -> [ViewSummary] {
        let snap = snapshot(.all, clock: clock)
        return snap.views.map { v in
            let r = SavedViewRunner.run(v, snap, clock: clock)
            return ViewSummary(name: v.name, kind: "saved", path: v.path, displayStyle: v.displayStyle,
                               matches: r.tasks.count + r.items.count, problems: v.problems)
        }
    }

    // MARK: Search

    /// Full-text search, best first; `view` and `filter` narrow the hits.
    public func search(_ query: String, view: String? = nil, filter: TaskFilter = TaskFilter(), limit: Int = 50) throws -> SearchResults {
        try locked {
            let clock = self.clock
            var kind: ViewKind?
            if let view {
                guard let k = ViewKind(rawValue: view.lowercased()) else {
                    throw TodoError.invalidArgument("unknown view \"\(view)\"; views: " + ViewKind.allCases.map(\.rawValue).joined(separator: ", "))
                }
                kind = k
            }
            let engine = self.engine(clock)
            // Copies merged first; open conflicts' copies and held files are not results.
            _ = snapshot(.notesOnly, clock: clock)
            let hidden = hiddenPaths()
            let hits = try withSearchIndex {
                try $0.search(query, view: kind, filter: filter, engine: engine, limit: max(1, limit) + hidden.count)
            }.filter { !hidden.contains($0.task.path) }.prefix(max(1, limit))
            return SearchResults(query: query, hits: hits.map {
                SearchResults.Hit(task: VersionedTask($0.task, fingerprint: $0.fileFingerprint), snippet: $0.snippet, rank: $0.rank)
            })
        }
    }

    // MARK: Tags, areas

    /// The tag hierarchy with counts; done and cancelled tasks count only with `includeClosed`
    /// (or when `filter` names statuses).
    public func tags(filter: TaskFilter = TaskFilter(), includeClosed: Bool = false) -> [TagNode] {
        locked {
            let tasks = snapshot(.all, clock: clock).tasks.filter {
                filter.matches($0) && (includeClosed || !filter.statuses.isEmpty || !$0.status.isClosed)
            }
            return TagNode.tree(tasks)
        }
    }

    /// Areas with their open tasks by project, as the Areas view groups them ("No Area" last).
    public func areas() -> [AreaSummary] {
        locked {
            let clock = self.clock
            let snap = snapshot(.view(.areas, TaskFilter()), clock: clock)
            return Self.areaSummaries(engine(clock).areaGroupsForCounting(snap.tasks))
        }
    }

    // MARK: Doctor

    /// Every file that could not be read fully, with the reasons.
    /// `strict` also lists task files without `created` or `source`: normal for files people
    /// and other tools write (todomd takes the file's time and "unknown"), so only on request.
    public func doctor(strict: Bool = false) -> DoctorReport {
        locked {
            let snap = snapshot(.all, clock: clock)
            var problems = snap.problems + settingsProblems() + settingsCopyProblems
            for c in conflicts() {
                problems.append(FileProblem(path: c.copy.copy, reasons: [
                    "a \(c.copy.engine.displayName) conflict copy of \(c.copy.original): \(c.conflicts.map(\.key).joined(separator: ", ")) "
                        + "changed on both devices; see todomd conflicts, then todomd conflicts resolve \(c.copy.original) --take mine|theirs",
                ]))
            }
            // Subtasks whose parent is missing or would close a loop (they show alone).
            let tree = TaskTree(snap.tasks)
            for (key, reason) in tree.problems.sorted(by: { $0.key < $1.key }) {
                problems.append(FileProblem(path: key, reasons: [reason + "; the task shows on its own"]))
            }
            let perspectiveProblems = PerspectivesFile.load(root: root).problems.map(\.description)
            if !perspectiveProblems.isEmpty { problems.append(FileProblem(path: PerspectivesFile.fileName, reasons: perspectiveProblems)) }
            if strict {
                let withProblems = Set(problems.map(\.path))
                for t in snap.tasks where t.line == nil && !withProblems.contains(t.path) {
                    guard let (raw, _) = try? vault.readTask(t.path) else { continue }
                    let missing = [TaskKey.created, TaskKey.source].filter { raw.value(forKey: $0) == .null }
                    if !missing.isEmpty {
                        problems.append(FileProblem(path: t.path, reasons: missing.map { "missing key: \($0) (strict)" }))
                    }
                }
            }
            return DoctorReport(vault: root, taskCount: snap.tasks.count, problems: problems, notes: snap.notes)
        }
    }

    // MARK: Typed lists

    /// The list types, built-in and defined in the vault, with their item counts.
    public func types() -> [TypeSummary] {
        locked {
            Self.typeSummaries(snapshot(.all, clock: clock))
        }
    }

    /// The items of a type (its name or key), by title; `tags` narrow them. For `todo`, its tasks.
    public func items(ofType name: String, tags: [String] = []) throws -> ItemList {
        try locked {
            let clock = self.clock
            let snap = snapshot(.all, clock: clock)
            guard let t = snap.type(named: name) else {
                throw TodoError.invalidArgument("no type \"\(name)\"; types: " + snap.types.map(\.key).joined(separator: ", "))
            }
            if t.isTodo {
                let tasks = engine(clock).build(.all, tasks: snap.tasks, filter: TaskFilter(tags: tags)).tasks
                return ItemList(type: t, items: [], tasks: tasks, versions: TaskVersions(snap.fingerprints))
            }
            let items = snap.items.filter { ListType.key($0.type) == t.key }
                .filter { i in tags.allSatisfy { w in i.tags.contains { TaskFilter.tag($0, matches: w) } } }
                .sorted { $0.title.localizedCaseInsensitiveCompare($1.title) == .orderedAscending }
            return ItemList(type: t, items: items, tasks: [], versions: TaskVersions())
        }
    }

    // MARK: Trash

    /// The trashed files, as tasks whose paths are inside the trash.
    public func trash() -> [VersionedTask] {
        locked { Trash(vault: vault).list().map { VersionedTask(task: $0, version: nil) } }
    }

    // MARK: Previews

    /// What `add` would make of `draft`, writing nothing.
    public func parse(_ draft: TaskDraft) throws -> ParsePreview {
        try locked {
            let clock = self.clock
            var (task, understood) = try draft.make(clock: clock, settings: vault.settings, dateOrder: options.dateOrder)
            task.path = FileName.make(title: task.title, created: task.created ?? clock.now)
            return ParsePreview(task: task, understood: understood)
        }
    }

    /// A recurrence rule's occurrences from `start` (default: its DTSTART, else today).
    public func recur(_ rule: String, start: String? = nil, after: String? = nil, count: Int = 10) throws -> RecurrencePreview {
        let clock = self.clock
        let (parsed, whenDone) = try RecurrencePlanner.parse(rule)
        guard count >= 0, count <= 100_000 else { throw TodoError.invalidArgument("--count must be between 0 and 100000") }
        let startInstant = try start.map { RecurrenceInstant(try DateArgument.parse($0, clock: clock)) }
            ?? parsed.start ?? RecurrenceInstant(date: clock.today)
        let afterInstant = try after.map { RecurrenceInstant(try DateArgument.parse($0, clock: clock)) }
        let list = parsed.occurrences(from: startInstant, after: afterInstant, limit: count)
        return RecurrencePreview(rule: parsed.stringWithStart, text: TextRule.describe(parsed, whenDone: whenDone),
                                 start: startInstant.description, occurrences: list.map(\.description))
    }

    /// The "copy LLM prompt" for raw input (spec 003), for the given or the proposed type.
    public func prompt(_ input: String, type: String? = nil) throws -> (type: ListType, prompt: String) {
        try locked {
            let snap = snapshot(.all, clock: clock)
            let key = type ?? TypeDetector.detect(input, types: snap.types).type
            guard let t = snap.type(named: key) else { throw TodoError.invalidArgument("no type \"\(key)\"") }
            return (t, PromptBuilder.prompt(input: input, type: t, template: vault.settings.llmPromptTemplate))
        }
    }
}
