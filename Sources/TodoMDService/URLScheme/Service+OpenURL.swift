import Foundation
import TodoMDCore

/// Where a `show` URL leads: a view, saved view, perspective, project, area, tag or task, and
/// its path in the web app.
public struct ShowTarget: Sendable, Equatable {
    /// view, saved, perspective, project, area, tag, task, search.
    public var kind: String
    public var name: String
    /// The web app's path for it (`/today`, `/project/Meal%20Prep`).
    public var webPath: String
}

/// What running a `todomd://` URL did.
public struct URLOutcome: Sendable {
    public var action: TodoURL.Action
    /// Tasks created, and tasks changed (completed, updated).
    public var created: [VersionedTask] = []
    public var changed: [VersionedTask] = []
    /// The tasks a show, get-tasks or get-overdue-tasks URL lists.
    public var page: ViewPage?
    public var search: SearchResults?
    public var target: ShowTarget?
    public var messages: [String] = []
    /// What the x-success callback gets (`x-todomd-id`, `titles`…).
    public var returns: [(String, String)] = []
    /// The x-success URL with `returns` added, when the URL gave one.
    public var callback: String?
    public var rateAlert: RateAlert?
}

/// An error running a URL, with the x-error callback (`errorMessage` added) when it gave one.
public struct URLFailure: Error, Sendable, CustomStringConvertible {
    public var error: TodoError
    public var callback: String?
    public var description: String { error.description }
}

extension TodoService {
    /// Runs a `todomd://` URL (`todomd open-url`, the desktop handler). Writes are made as
    /// `source` (`shortcut` by default, as spec 000 has for Shortcuts and URLs) through an agent
    /// session: the vault's source permissions apply and every write counts for the rate
    /// alert. `token` is the server token `update` URLs must carry (`auth-token`). A bad URL
    /// throws before anything is written.
    public func open(url text: String, source: String = "shortcut", token: String?, rateWatch: AgentRateWatch = AgentRateWatch()) throws -> URLOutcome {
        var xError: String?
        do {
            let url = try TodoURL.parse(text)
            xError = url.xError
            var outcome = try run(url, session: AgentSession(service: self, source: source, rateWatch: rateWatch), token: token)
            if let s = url.xSuccess { outcome.callback = TodoURL.appending(outcome.returns, to: s) }
            return outcome
        } catch let e as TodoError {
            throw URLFailure(error: e, callback: xError.map { TodoURL.appending([("errorMessage", e.description)], to: $0) })
        }
    }

    /// Where a `show` or `search` URL leads in the web app, for the app's `/open?url=` (only
    /// these two: following a link must never write).
    public func webTarget(of text: String) throws -> ShowTarget {
        let url = try TodoURL.parse(text)
        switch url.action {
        case .show:
            guard let id = url.parameters["id"] ?? url.parameters["query"], !id.isEmpty else { throw TodoError.invalidArgument("show needs what to show") }
            try Self.checkReference(id)
            return try showTarget(id).0
        case .search:
            let q = url.parameters["query"] ?? ""
            return ShowTarget(kind: "search", name: q, webPath: "/search?q=" + Self.encode(q))
        default:
            throw TodoError.invalidArgument("the web app opens show and search URLs; run \(url.action.rawValue) with `todomd open-url`")
        }
    }

    private func run(_ url: TodoURL, session: AgentSession, token: String?) throws -> URLOutcome {
        let p = url.parameters
        var out = URLOutcome(action: url.action)
        switch url.action {
        case .version:
            out.returns = [("x-todomd-scheme-version", "1"), ("x-todomd-client-version", ToolVersion.string)]
            out.messages = ["todomd \(ToolVersion.string), URL scheme version 1"]
        case .add:
            let titles: [String]
            if let t = p["titles"] { titles = t.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty } } else {
                guard let t = p["title"] ?? p["text"], !t.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw TodoError.invalidArgument("add needs title (or titles, one per line)")
                }
                titles = [t]
            }
            guard !titles.isEmpty else { throw TodoError.invalidArgument("titles is empty") }
            guard titles.count <= 500 else { throw TodoError.invalidArgument("at most 500 titles per URL") }
            let drafts = try titles.map { try Self.draft(title: $0, p, quickEntry: p["text"] != nil) }
            try collect(session.run("url add", .create, drafts.map { BatchOperation(reference: "", action: .add($0)) }), into: &out)
            out.returns = [("x-todomd-id", out.created.map(\.task.id).joined(separator: ","))]
        case .update:
            try Self.checkToken(p["auth-token"], token)
            guard let id = p["id"], !id.isEmpty else { throw TodoError.invalidArgument("update needs id") }
            try Self.checkReference(id)
            var ops: [(SourcePermissions.Right, BatchOperation.Action)] = []
            let change = try Self.change(p)
            if !change.isEmpty { ops.append((.modify, .update(change))) }
            if let c = p["completed"] { ops.append((.complete, try TodoURL.flag(c, "completed") ? .complete : .reopen)) }
            if let c = p["canceled"] ?? p["cancelled"], try TodoURL.flag(c, "canceled") { ops.append((.modify, .cancel)) }
            guard !ops.isEmpty else { throw TodoError.invalidArgument("update has nothing to change") }
            for (right, action) in ops { try collect(session.run("url update", right, [BatchOperation(reference: id, action: action)]), into: &out) }
            out.returns = [("x-todomd-id", out.changed.last?.task.id ?? id)]
        case .complete:
            guard let ref = p["id"] ?? p["task"], !ref.isEmpty else { throw TodoError.invalidArgument("complete needs task (a title or file name) or id") }
            try Self.checkReference(ref)
            try collect(session.run("url complete", .complete, [BatchOperation(reference: ref, action: .complete)]), into: &out)
            out.returns = [("x-todomd-id", out.changed.first?.task.id ?? "")]
        case .show:
            guard let id = p["id"] ?? p["query"], !id.isEmpty else { throw TodoError.invalidArgument("show needs a view, project, area, tag, perspective or task: todomd://show/today") }
            try Self.checkReference(id)
            let (target, page) = try showTarget(id)
            out.target = target
            out.page = page
        case .search:
            guard let q = p["query"], !q.isEmpty else { throw TodoError.invalidArgument("search needs query") }
            out.search = try search(q, limit: 50)
            out.target = ShowTarget(kind: "search", name: q, webPath: "/search?q=" + Self.encode(q))
        case .getTasks:
            let page = try getTasks(view: p["view"].flatMap { $0.isEmpty ? nil : $0 } ?? "today", area: p["area"], project: p["project"], tag: p["tag"])
            out.page = page
            out.returns = Self.listReturns(page)
        case .getOverdueTasks:
            let page = try overdueTasks()
            out.page = page
            out.returns = Self.listReturns(page)
        case .json:
            try runJSON(p, session: session, token: token, into: &out)
        }
        // `reveal=true`: the web app (or `open-url --web`) shows the task written.
        if let r = p["reveal"], try TodoURL.flag(r, "reveal"), let t = (out.created + out.changed).first?.task {
            out.target = Self.taskTarget(t)
        }
        return out
    }

    private func collect(_ o: AgentSession.Outcome, into out: inout URLOutcome) throws {
        for r in o.results {
            switch r {
            case .added(let a): out.created.append(a.task)
            case .changed(let c):
                out.changed.append(c.task)
                out.created += c.created
                out.messages += c.messages
            case .failed(let e): throw (e as? TodoError) ?? TodoError.invalidArgument("\(e)")
            default: break
            }
        }
        if let a = o.rateAlert { out.rateAlert = a }
    }

    // MARK: Parameters

    /// A new task from an add URL's parameters (`when`, `deadline`, `list`… mapped to fields).
    static func draft(title: String, _ p: [String: String], quickEntry: Bool) throws -> TaskDraft {
        var n = NewTask(title: title)
        n.due = nonEmpty(p["deadline"] ?? p["due"])
        n.deferDate = nonEmpty(p["defer"])
        n.priority = nonEmpty(p["priority"])
        n.area = nonEmpty(p["area"])
        n.project = nonEmpty(p["project"] ?? p["list"])
        n.tags = commaList(p["tags"])
        n.body = p["notes"]
        if let f = p["flagged"] { n.flagged = try TodoURL.flag(f, "flagged") }
        if let e = nonEmpty(p["estimate"]) { n.estimatedMinutes = try TodoURL.minutes(e) }
        for (key, value) in TaskChange.when(nonEmpty(p["when"])) where p["when"] != nil {
            if key == TaskKey.status { n.status = "someday" }
            if key == TaskKey.scheduled, case .text(let s) = value { n.scheduled = s }
        }
        if let c = p["completed"], try TodoURL.flag(c, "completed") { n.status = TaskStatus.done.rawValue }
        if let c = p["canceled"] ?? p["cancelled"], try TodoURL.flag(c, "canceled") { n.status = TaskStatus.cancelled.rawValue }
        return TaskDraft(n, quickEntry: quickEntry)
    }

    /// The field changes of an update URL: a parameter with an empty value clears its field.
    static func change(_ p: [String: String]) throws -> TaskChange {
        var c = TaskChange()
        func text(_ v: String) -> FieldInput { v.isEmpty ? .clear : .text(v) }
        let map: [(String, String)] = [("title", TaskKey.title), ("deadline", TaskKey.due), ("due", TaskKey.due), ("defer", TaskKey.deferDate),
                                       ("priority", TaskKey.priority), ("area", TaskKey.area), ("list", TaskKey.project),
                                       ("project", TaskKey.project)]
        for (param, key) in map { if let v = p[param] { c.fields.append((key, text(v))) } }
        if let v = p["notes"] { c.fields.append(("body", text(v))) }
        if let v = p["when"] { c.fields += TaskChange.when(nonEmpty(v)) }
        if let v = p["flagged"] { c.fields.append((TaskKey.flagged, .bool(try TodoURL.flag(v, "flagged")))) }
        if let v = p["estimate"] { c.fields.append((TaskKey.estimatedMinutes, v.isEmpty ? .clear : .integer(try TodoURL.minutes(v)))) }
        if let v = p["tags"] {
            c.fields.append((TaskKey.tags, .list(commaList(v))))
        }
        c.addTags = commaList(p["add-tags"])
        c.removeTags = commaList(p["remove-tags"])
        if let v = p["append-notes"], !v.isEmpty { c.appendNotes = v }
        if p["prepend-notes"] != nil { throw TodoError.invalidArgument("prepend-notes is not supported; use append-notes, or notes to replace them") }
        return c
    }

    /// `a, b,,c` → `["a", "b", "c"]`.
    private static func commaList(_ s: String?) -> [String] {
        (s ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func nonEmpty(_ s: String?) -> String? { s.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } }

    /// `update` changes files: the caller must show the server token (`todomd token`).
    static func checkToken(_ given: String?, _ token: String?) throws {
        guard let given, !given.isEmpty else {
            throw TodoError.invalidArgument("update needs auth-token (`todomd token` prints it)")
        }
        guard let token, TokenStore.matches(given, token) else { throw TodoError.invalidArgument("auth-token is not this vault's token") }
    }

    /// Ids are paths inside the vault: `..` and absolute paths are refused outright.
    static func checkReference(_ ref: String) throws {
        let path = ref.firstIndex(of: "#").map { ref[..<$0] } ?? ref[...]
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if ref.hasPrefix("/") || ref.hasPrefix("~") || parts.contains("..") || ref.utf8.count > 1024 {
            throw TodoError.invalidArgument("an id is a path inside the vault (no .., no absolute paths)")
        }
    }

    private static func listReturns(_ page: ViewPage) -> [(String, String)] {
        [("titles", page.tasks.map(\.title).joined(separator: "\n")), ("x-todomd-id", page.tasks.map(\.id).joined(separator: ","))]
    }

    static func encode(_ s: String) -> String {
        s.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#&+"))) ?? s
    }

    // MARK: show

    /// What `id` names: a built-in view, a perspective, a saved view, a project, an area, a tag,
    /// then a task; with the tasks it shows.
    func showTarget(_ id: String) throws -> (ShowTarget, ViewPage?) {
        let lower = id.lowercased()
        if ViewKind(rawValue: lower) != nil || lower == "overdue" {
            return (ShowTarget(kind: "view", name: lower, webPath: "/" + lower), lower == "overdue" ? try overdueTasks() : try view(lower))
        }
        if let p = perspectives().entries.first(where: { $0.perspective.id == id || $0.perspective.name.lowercased() == lower }) {
            return (ShowTarget(kind: "perspective", name: p.perspective.id, webPath: "/perspective/" + Self.encode(p.perspective.id)), try run(p.perspective))
        }
        if let v = savedViews().first(where: { $0.name.lowercased() == lower }) {
            return (ShowTarget(kind: "saved", name: v.name, webPath: "/view/" + Self.encode(v.name)), try view(v.name))
        }
        let areas = self.areas()
        let open = "!(done | cancelled)"
        if let project = areas.flatMap(\.projects).first(where: { $0.name.lowercased() == lower }) {
            return (ShowTarget(kind: "project", name: project.name, webPath: "/project/" + Self.encode(project.name)),
                    try query(open, filter: TaskFilter(project: project.name)))
        }
        if let area = areas.compactMap(\.name).first(where: { $0.lowercased() == lower }) {
            return (ShowTarget(kind: "area", name: area, webPath: "/area/" + Self.encode(area)), try query(open, filter: TaskFilter(area: area)))
        }
        func flatten(_ nodes: [TagNode]) -> [String] { nodes.flatMap { [$0.path] + flatten($0.children) } }
        let tag = lower.hasPrefix("#") ? String(lower.dropFirst()) : lower
        if let t = flatten(tags()).first(where: { $0.lowercased() == tag }) {
            return (ShowTarget(kind: "tag", name: t, webPath: "/tag/" + t.split(separator: "/").map { Self.encode(String($0)) }.joined(separator: "/")),
                    try query(open, filter: TaskFilter(tags: [t])))
        }
        return (Self.taskTarget(try task(id).task), nil)
    }

    static func taskTarget(_ t: TodoTask) -> ShowTarget {
        ShowTarget(kind: "task", name: t.title, webPath: "/task/" + t.id.split(separator: "/").map { encode(String($0)) }.joined(separator: "/"))
    }

    // MARK: json

    /// Things' JSON: `[{"type": "to-do", "attributes": {…}}, {"type": "project", "attributes":
    /// {"title", "area", "items": [to-dos]}}]`; `"operation": "update"` with an `id` changes a task
    /// (and needs the token). A project is a field here: its to-dos get `project: <title>`.
    private func runJSON(_ p: [String: String], session: AgentSession, token: String?, into out: inout URLOutcome) throws {
        guard let data = p["data"], !data.isEmpty else { throw TodoError.invalidArgument("json needs data: a JSON array of to-dos and projects") }
        let root: JSONValue
        do { root = try JSONText.parse(Array(data.utf8)) } catch { throw TodoError.invalidArgument("data is not valid JSON") }
        guard case .array(let items) = root, !items.isEmpty, items.count <= 500 else {
            throw TodoError.invalidArgument("data must be a JSON array of 1 to 500 items")
        }
        var adds: [TaskDraft] = [], updates: [(String, [String: String])] = []
        func attributes(_ o: [(String, JSONValue)]) throws -> [String: String] {
            var a: [String: String] = [:]
            for case let ("attributes", .object(members)) in o {
                for (k, v) in members {
                    switch v {
                    case .string(let s): a[k] = s
                    case .bool(let b): a[k] = b ? "true" : "false"
                    case .int(let i): a[k] = String(i)
                    case .null: a[k] = ""
                    case .array(let list): a[k] = list.compactMap { if case .string(let s) = $0 { return s } else { return nil } }.joined(separator: ",")
                    default: break
                    }
                }
            }
            return a
        }
        func item(_ v: JSONValue, project: String?, area: String?) throws {
            guard case .object(let o) = v else { throw TodoError.invalidArgument("each item is an object with type and attributes") }
            let type = o.first { $0.0 == "type" }.flatMap { if case .string(let s) = $0.1 { return s } else { return nil } } ?? ""
            let operation = o.first { $0.0 == "operation" }.flatMap { if case .string(let s) = $0.1 { return s } else { return nil } } ?? "create"
            var a = try attributes(o)
            switch (type, operation) {
            case ("to-do", "create"):
                let ignored = a.keys.filter { !TodoURL.Action.add.parameters.contains($0) }.sorted()
                if !ignored.isEmpty { out.messages.append("ignored: " + ignored.joined(separator: ", ")) }
                for k in ignored { a[k] = nil }
                if let project, a["list"] == nil, a["project"] == nil { a["project"] = project }
                if let area, a["area"] == nil { a["area"] = area }
                guard let title = a["title"], !title.isEmpty else { throw TodoError.invalidArgument("a to-do needs a title") }
                adds.append(try Self.draft(title: title, a, quickEntry: false))
            case ("to-do", "update"):
                guard let id = o.first(where: { $0.0 == "id" }).flatMap({ if case .string(let s) = $0.1 { return s } else { return nil } }) else {
                    throw TodoError.invalidArgument("an update needs id")
                }
                try Self.checkReference(id)
                updates.append((id, a))
            case ("project", "create"):
                guard let title = a["title"], !title.isEmpty else { throw TodoError.invalidArgument("a project needs a title") }
                out.messages.append("project \(title): its to-dos get project: \(title)")
                for case let ("attributes", .object(members)) in o {
                    for case let ("items", .array(children)) in members {
                        for child in children { try item(child, project: title, area: a["area"]) }
                    }
                }
            case ("heading", _): out.messages.append("ignored: heading")
            default: throw TodoError.invalidArgument("unknown item type \"\(type)\" (\(operation)); to-do and project are known")
            }
        }
        for v in items { try item(v, project: nil, area: nil) }
        if !updates.isEmpty { try Self.checkToken(p["auth-token"], token) }
        if !adds.isEmpty {
            try collect(session.run("url json", .create, adds.map { BatchOperation(reference: "", action: .add($0)) }), into: &out)
        }
        for (id, a) in updates {
            let change = try Self.change(a)
            if !change.isEmpty { try collect(session.run("url json", .modify, [BatchOperation(reference: id, action: .update(change))]), into: &out) }
            if let c = a["completed"] {
                try collect(session.run("url json", .complete, [BatchOperation(reference: id, action: try TodoURL.flag(c, "completed") ? .complete : .reopen)]), into: &out)
            }
        }
        out.returns = [("x-todomd-id", (out.created + out.changed).map(\.task.id).joined(separator: ","))]
    }
}
