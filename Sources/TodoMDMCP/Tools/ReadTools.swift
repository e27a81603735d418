import Foundation
import MCP
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// The read tools: find_tasks, get_task, search, get_overview, get_overdue_tasks.
struct ReadTools {
    let service: TodoService

    /// The structured result and its one-paragraph summary.
    func call(_ name: String, _ args: ToolArguments) async throws -> (Value, String) {
        switch name {
        case "find_tasks": return try await findTasks(args)
        case "get_task":
            let ref = try args.requiredString("task")
            let (t, today) = try await service.perform { (try $0.task(ref), $0.clock.today) }
            let summary = "\(t.task.title) [\(t.task.id)] \(t.task.status.rawValue)" + (t.version.map { ", version \($0)" } ?? "")
            return (["task": MCPJSON.value(TaskDTO(t, today: today))], summary)
        case "search":
            let query = try args.requiredString("query")
            let limit = try args.int("limit", default: 20, range: 1...200)
            let doc = try await service.perform { SearchDocument(try $0.search(query, limit: limit), today: $0.clock.today) }
            let lines = doc.hits.prefix(20).map { "- \($0.task.title) [\($0.task.id)]" }
            return (MCPJSON.value(doc), (["\(doc.count) hits for \(query)"] + lines).joined(separator: "\n"))
        case "get_overview":
            let o = try await service.perform { $0.overview() }
            let counts = o.views.filter { $0.kind == "builtin" }.compactMap { v in v.count.map { "\(v.name) \($0)" } }
            return (MCPJSON.value(OverviewDocument(o)),
                    "Today is \(o.today). " + counts.joined(separator: " · ") + "; overdue \(o.overdue); \(o.areas.count) areas; \(o.tags.count) tags.")
        default:
            let limit = try args.int("limit", default: 50, range: 1...500)
            let page = try await service.perform { try $0.overdueTasks() }
            return list(kind: "view", name: "overdue", page: page, offset: 0, limit: limit, cursorKey: nil)
        }
    }

    private func findTasks(_ args: ToolArguments) async throws -> (Value, String) {
        let view = try args.string("view"), perspective = try args.string("perspective"), query = try args.string("query")
        guard [view, perspective, query].compactMap({ $0 }).count <= 1 else {
            throw TodoError.invalidArgument("give one of view, perspective and query")
        }
        let statuses = try TaskFilter.parseStatuses(try args.strings("status"))
        let filter = TaskFilter(area: try args.string("area"), project: try args.string("project"), tags: try args.strings("tags"),
                                statuses: statuses, source: try args.string("source"))
        let limit = try args.int("limit", default: 50, range: 1...500)
        let (kind, name) = perspective.map { ("perspective", $0) } ?? query.map { ("query", $0) } ?? ("view", view ?? "today")
        let key = [kind, name, filter.area ?? "", filter.project ?? "", filter.tags.joined(separator: ","),
                   statuses.map(\.rawValue).joined(separator: ","), filter.source ?? ""].joined(separator: "\u{1}")
        let offset = try Cursor.offset(try args.string("cursor"), key: key)
        let page = try await service.perform { s -> ViewPage in
            switch kind {
            case "perspective": return try s.run(try s.perspective(name).perspective, filter: filter)
            case "query": return try s.query(name, filter: filter)
            default: return name.lowercased() == "overdue" ? try s.overdueTasks(filter: filter) : try s.view(name, filter: filter)
            }
        }
        return list(kind: kind, name: name, page: page, offset: offset, limit: limit, cursorKey: key)
    }

    /// One page of a view's tasks, with the cursor of the next.
    private func list(kind: String, name: String, page: ViewPage, offset: Int, limit: Int, cursorKey: String?) -> (Value, String) {
        let all = page.tasks
        let slice = all.dropFirst(offset).prefix(limit)
        let end = offset + slice.count
        let next: Value = end < all.count ? cursorKey.map { .string(Cursor.make(offset: end, key: $0)) } ?? .null : .null
        // Trees (issue 21): children follow their parent with `depth` and `parent_id`; held-up
        // tasks say what holds them.
        let groupOf = page.groupOf
        let tasks = slice.map { t -> Value in
            var d = TaskDTO(t, version: page.versions.version(of: t), today: page.today)
            if let g = groupOf[t.key] { d.place(in: g, key: t.key) }
            return MCPJSON.value(d)
        }
        let value: Value = ["kind": .string(kind), "name": .string(name), "today": MCPJSON.value(page.today), "total": .int(all.count),
                            "offset": .int(offset), "tasks": .array(tasks), "next_cursor": next]
        var lines = ["\(name): \(all.count) tasks" + (all.isEmpty ? "" : " (\(offset + 1)–\(end) here)")]
        lines += slice.map { t in
            let g = groupOf[t.key]
            let hold = g?.holds[t.key].map { h in h.blockedBy.isEmpty ? " (waits for \(h.waitsFor ?? ""))" : " (blocked by \(h.blockedBy.joined(separator: ", ")))" } ?? ""
            return String(repeating: "  ", count: g?.nesting[t.key]?.depth ?? 0) + "- \(t.title) [\(t.id)]" + (t.due.map { " due \($0)" } ?? "") + hold
        }
        if case .string = next { lines.append("More: call again with cursor = next_cursor.") }
        return (value, lines.joined(separator: "\n"))
    }
}

/// Page cursors: the offset, tied to the query it pages (a cursor of another query is refused
/// rather than silently paging the wrong list). FNV-1a, so it holds across processes.
enum Cursor {
    static func make(offset: Int, key: String) -> String {
        Data("v1:\(offset):\(hash(key))".utf8).base64EncodedString()
    }

    static func offset(_ cursor: String?, key: String) throws -> Int {
        guard let cursor else { return 0 }
        let parts = Data(base64Encoded: cursor).map { String(decoding: $0, as: UTF8.self) }?.split(separator: ":") ?? []
        guard parts.count == 3, parts[0] == "v1", let offset = Int(parts[1]), offset >= 0, parts[2] == Substring(hash(key)) else {
            throw TodoError.invalidArgument("cursor is not a next_cursor of this query (ask again without a cursor)")
        }
        return offset
    }

    static func hash(_ s: String) -> String {
        var h: UInt64 = 0xcbf29ce484222325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return String(h, radix: 16)
    }
}
