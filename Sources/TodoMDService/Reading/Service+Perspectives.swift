import Foundation
import TodoMDCore
import TodoMDIndex

/// A perspective as clients see it: where it comes from and the version to send back.
public struct PerspectiveEntry: Sendable {
    public var perspective: Perspective
    /// A built-in view (read-only; copy it to change it).
    public var builtIn: Bool
    /// nil for built-in views.
    public var version: String?
}

/// Every perspective: the built-in views, then `.perspectives.json`'s, and what is wrong there.
public struct PerspectiveCatalog: Sendable {
    public var entries: [PerspectiveEntry]
    /// Problems in `.perspectives.json`, as `.perspectives.json: perspectives[2].op: …`.
    public var problems: [String]
}

extension TodoService {
    // MARK: Reading

    /// The built-in perspectives and the vault's.
    public func perspectives() -> PerspectiveCatalog {
        locked {
            let file = PerspectivesFile.load(root: root)
            let builtIn = BuiltInPerspectives.all.map { PerspectiveEntry(perspective: $0, builtIn: true, version: nil) }
            let custom = file.perspectives.map { PerspectiveEntry(perspective: $0, builtIn: false, version: file.versions[$0.id]) }
            return PerspectiveCatalog(entries: builtIn + custom, problems: file.problems.map(Self.describe) + clashes(file))
        }
    }

    /// One perspective by id or name: a built-in view's definition or one of the vault's.
    public func perspective(_ name: String) throws -> PerspectiveEntry {
        try locked {
            if let p = BuiltInPerspectives.named(name) { return PerspectiveEntry(perspective: p, builtIn: true, version: nil) }
            let file = PerspectivesFile.load(root: root)
            guard let p = file.find(name) else { throw missingPerspective(name, file) }
            return PerspectiveEntry(perspective: p, builtIn: false, version: file.versions[p.id])
        }
    }

    static func describe(_ q: QueryProblem) -> String {
        PerspectivesFile.fileName + ": " + q.description
    }

    /// Perspectives whose id or name a built-in view or a saved view hides from `list NAME`.
    func clashes(_ file: PerspectivesFile) -> [String] {
        let saved = snapshot(.notesOnly, clock: clock).views.map { $0.name.lowercased() }
        return file.perspectives.compactMap { p in
            // Only the id matters: a perspective is always reached by its id.
            for n in [p.id.lowercased()] {
                if ViewKind(rawValue: n) != nil { return "\(PerspectivesFile.fileName): perspective \"\(p.id)\": \"\(n)\" is a built-in view, which `todomd list \(n)` shows; give it another id" }
                if saved.contains(n) { return "\(PerspectivesFile.fileName): perspective \"\(p.id)\": \"\(n)\" is a saved view's name, which `todomd list` shows first; give it another id" }
            }
            return nil
        }
    }

    /// The warning when the built-in or saved view `name` hides a perspective with that id (one
    /// that only shares the name is still reached by its id).
    func perspectiveClash(_ name: String) -> [String] {
        guard let p = PerspectivesFile.load(root: root).perspectives.first(where: { $0.id.caseInsensitiveCompare(name) == .orderedSame }) else { return [] }
        return ["the perspective \"\(p.id)\" in \(PerspectivesFile.fileName) has this name too; this is the view (give the perspective another id)"]
    }

    func missingPerspective(_ name: String, _ file: PerspectivesFile) -> TodoError {
        // Next, Areas and Tags are built-in views no filter can state (one task per project, summaries).
        if let kind = ViewKind(rawValue: name.lowercased()) {
            return .missing("\(kind.rawValue) is a built-in view, not a perspective: no filter states it (list the view instead)")
        }
        let ids = BuiltInPerspectives.all.map(\.id) + file.perspectives.map(\.id)
        return .missing("no perspective \"\(name)\"" + Suggestion.hint(for: name, among: ids, quote: "\"") + "; perspectives: " + ids.joined(separator: ", "))
    }

    // MARK: Running

    /// Runs `p` (a built-in or vault perspective, or an ad hoc query): its tasks, grouped and
    /// sorted; `filter` narrows them.
    public func run(_ p: Perspective, filter: TaskFilter = TaskFilter()) throws -> ViewPage {
        try locked { try run(p, filter: filter, clock: clock, warnings: []) }
    }

    /// Runs a query in the text syntax (or a tree): spec 000's perspectives without saving one.
    public func query(_ text: String, sort: [Perspective.SortKey] = [], groupBy: Perspective.GroupBy = .none,
                      filter: TaskFilter = TaskFilter()) throws -> ViewPage {
        let tree: QueryNode
        do { tree = try QueryText.parse(text) } catch let e as QueryTextError { throw TodoError.invalidArgument("query: \(e)") }
        return try run(Self.adHoc(tree, sort: sort, groupBy: groupBy), filter: filter)
    }

    /// The id of an unsaved perspective (a query run as one).
    public static let adHocID = "query"

    /// An unsaved perspective for a query.
    public static func adHoc(_ tree: QueryNode?, sort: [Perspective.SortKey] = [], groupBy: Perspective.GroupBy = .none) -> Perspective {
        Perspective(id: adHocID, name: tree.map(QueryText.print) ?? "all", filter: tree, sort: sort, groupBy: groupBy)
    }

    func run(_ p: Perspective, filter: TaskFilter, clock: Clock, warnings: [String]) throws -> ViewPage {
        if let tree = p.filter, let problem = QueryEvaluator.problem(in: tree) {
            throw TodoError.invalidArgument("perspective \"\(p.id)\": \(problem)")
        }
        let snap = snapshot(.query(p.filter, filter), clock: clock)
        let texts = p.filter?.textQueries ?? []
        let matches = texts.isEmpty ? [:] : try withSearchIndex { try $0.textMatches(texts) }
        let engine = self.engine(clock)
        var warnings = warnings
        if let problem = engine.order.problem { warnings.append(problem) }
        if !snap.problems.isEmpty { warnings.append("\(snap.problems.count) file(s) could not be read fully; run `todomd doctor`") }
        let groups: [ViewGroup]
        let mentions = p.filter.map { $0.conditions.contains { $0.field == .blocked || $0.field == .blocking } } ?? false
        let deps = dependencies(of: snap, clock: clock, always: mentions)
        do { groups = try engine.run(p, tasks: snap.tasks, filter: filter, textMatches: matches, dependencies: deps) } catch let q as QueryProblem {
            throw TodoError.invalidArgument("perspective \"\(p.id)\": \(q)")
        }
        Trace.mark("run perspective")
        return ViewPage(content: .perspective(p, groups: groups), today: clock.today, versions: TaskVersions(snap.fingerprints), warnings: warnings)
    }

    /// `list NAME` after built-in and saved views: a perspective by id or name, else a query.
    func perspectiveOrQuery(_ name: String, filter: TaskFilter, clock: Clock, arrange: (Perspective) -> Perspective,
                            unknown: () -> TodoError) throws -> ViewPage {
        let file = PerspectivesFile.load(root: root)
        if let p = file.find(name) { return try run(arrange(p), filter: filter, clock: clock, warnings: []) }
        do {
            let tree = try QueryText.parse(name)
            return try run(arrange(Self.adHoc(tree)), filter: filter, clock: clock, warnings: [])
        } catch let e as QueryTextError {
            // A word that is no query is a mistyped view name; anything with query syntax gets the column.
            if name.contains(where: { ":&|!#@<>=()\"".contains($0) }) { throw TodoError.invalidArgument("query: \(e)") }
            throw unknown()
        }
    }

    // MARK: Writing

    /// Saves a new perspective in `.perspectives.json`.
    public func addPerspective(_ p: Perspective) throws -> PerspectiveEntry {
        try locked {
            try requireVault()
            try checkNew(p)
            let file = try PerspectivesFile.apply(.add(p), root: root)
            return PerspectiveEntry(perspective: file.find(p.id) ?? p, builtIn: false, version: file.versions[p.id])
        }
    }

    /// Replaces perspective `id` with `p`; `expected` is the version the caller read (nil: any).
    public func updatePerspective(_ id: String, with p: Perspective, expected: String?) throws -> PerspectiveEntry {
        try locked {
            try requireVault()
            if BuiltInPerspectives.named(id) != nil {
                throw TodoError.invalidArgument("\"\(id)\" is a built-in view; copy it under another id (`todomd perspective show \(id) --json`) to change it")
            }
            if p.id.caseInsensitiveCompare(id) != .orderedSame { try checkNew(p) }
            try check(p)
            let file = try PerspectivesFile.apply(.update(id: id, p, expected: expected), root: root)
            return PerspectiveEntry(perspective: file.find(p.id) ?? p, builtIn: false, version: file.versions[p.id])
        }
    }

    /// Removes perspective `id` from `.perspectives.json`, keeping a copy in the trash folder;
    /// returns the copy's path.
    public func removePerspective(_ id: String, expected: String?) throws -> (removed: Perspective, copy: String) {
        try locked {
            try requireVault()
            if BuiltInPerspectives.named(id) != nil { throw TodoError.invalidArgument("\"\(id)\" is a built-in view; it cannot be removed") }
            let file = PerspectivesFile.load(root: root)
            guard let p = file.find(id) else { throw missingPerspective(id, file) }
            let version = file.versions[p.id]
            if let expected, expected != version {
                throw TodoError.conflict(path: PerspectivesFile.fileName, reason: "the perspective changed since it was read (version \(version ?? "?"), not \(expected)); read it again")
            }
            // The copy first: a removal that fails leaves the file as it was, and then the copy goes.
            let copy = try PerspectivesFile.keepInTrash(p, root: root, clock: clock)
            do { try PerspectivesFile.apply(.remove(id: p.id, expected: version), root: root) } catch {
                try? FileManager.default.removeItem(atPath: root + "/" + copy)
                throw error
            }
            return (p, copy)
        }
    }

    /// A new id must not be a built-in view's (or Areas, Tags).
    func checkNew(_ p: Perspective) throws {
        guard PerspectiveID.isValid(p.id) else { throw TodoError.invalidArgument("\"\(p.id)\" is not an id: use letters, digits, - and _") }
        if ViewKind(rawValue: p.id.lowercased()) != nil {
            throw TodoError.invalidArgument("\"\(p.id)\" is a built-in view; choose another id")
        }
        try check(p)
    }

    func check(_ p: Perspective) throws {
        if let f = p.filter, let problem = QueryEvaluator.problem(in: f) { throw TodoError.invalidArgument("\(problem)") }
        for (i, s) in p.sections.enumerated() {
            if let problem = QueryEvaluator.problem(in: s.filter, path: "sections[\(i)].filter") { throw TodoError.invalidArgument("\(problem)") }
        }
    }
}
