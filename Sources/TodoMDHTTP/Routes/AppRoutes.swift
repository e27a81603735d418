import Foundation
import HTTPTypes
import Hummingbird
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// What an app needs besides tasks and views: the sidebar's counts (`/api/overview`), the
/// theme (`/api/theme`), undo (`/api/undo`) and several writes as one undoable action
/// (`/api/batch`).
struct AppRoutes {
    let runner: ServiceRunner

    /// The actions `POST /api/batch` takes.
    static let batchActions = ["set", "done", "reopen", "cancel", "defer", "flag", "unflag", "delete"]
    /// The most operations one batch may hold.
    static let maxBatch = 1000

    func register(_ router: Router<APIContext>) {
        // `todomd://show/...` and `todomd://search?...` links, opened in the web app.
        router.get("/open") { request, _ in
            guard let url = request.query("url") else { throw APIError.badRequest("open needs url=todomd://show/…") }
            let target = try await runner.run { try $0.webTarget(of: url) }
            var headers = HTTPFields()
            headers[.location] = target.webPath
            return Response(status: .seeOther, headers: headers)
        }
        router.get("/api/overview") { _, _ in
            let cache = runner.views
            return Responses.json(OverviewDocument(try await runner.run { s in cache.overview(today: s.clock.today) { s.overview() } }))
        }
        router.get("/api/theme") { _, _ in
            // A small file read: not queued behind slow calls (the page's first paint waits on it).
            let f = ThemeFile.load(root: runner.service.root)
            return Responses.json(ThemeDocument(f), headers: Responses.etag(f.version))
        }
        router.put("/api/theme") { request, _ in
            var request = request
            let expected = try request.expectedVersion()
            let theme = JSONValue.object(try await request.jsonObject())
            let f = try await runner.run { try $0.saveTheme(theme, expected: expected) }
            return Responses.json(ThemeDocument(f), headers: Responses.etag(f.version))
        }
        router.get("/api/undo") { request, _ in
            let limit = try VaultRoutes.limit(request)
            return Responses.json(UndoListDocument(try await runner.run { $0.undoHistory(limit: limit) }))
        }
        router.post("/api/undo") { _, _ in
            Responses.json(UndoDocument(try await runner.run { try $0.undo() }))
        }
        router.post("/api/batch") { request, _ in
            var request = request
            let (label, ops) = try Self.batch(try await request.jsonObject())
            let (results, today) = try await runner.run { s in (s.batch(ops, label: label), s.clock.today) }
            return Responses.json(BatchResultsDocument(ids: ops.map(\.reference), results: results, today: today))
        }
    }

    /// `{"label": "reschedule overdue", "ops": [{"id", "action", "fields"?, "date"?, "version"?}]}`.
    static func batch(_ members: [(String, JSONValue)]) throws -> (String, [BatchOperation]) {
        for (k, _) in members where k != "label" && k != "ops" {
            throw APIError.badRequest("unknown member \"\(k)\"; a batch is {\"label\", \"ops\": [{\"id\", \"action\", …}]}")
        }
        let label = try JSONInput.optionalString(members, "label") ?? "batch"
        guard case .array(let list)? = members.first(where: { $0.0 == "ops" })?.1 else {
            throw APIError.badRequest("a batch needs \"ops\": a list of {\"id\", \"action\"}")
        }
        guard list.count <= maxBatch else { throw APIError.badRequest("a batch holds at most \(maxBatch) operations") }
        let ops = try list.enumerated().map { i, item -> BatchOperation in
            guard case .object(let op) = item else { throw APIError.badRequest("ops[\(i)] must be an object") }
            for (k, _) in op where !["id", "action", "fields", "date", "version"].contains(k) {
                throw APIError.badRequest("ops[\(i)]: unknown member \"\(k)\" (id, action, fields, date, version)")
            }
            guard let id = try JSONInput.optionalString(op, "id"), !id.isEmpty else { throw APIError.badRequest("ops[\(i)] needs an \"id\"") }
            let version = try JSONInput.optionalString(op, "version").map { raw -> String in
                guard let v = TaskVersion.parse(raw) else { throw APIError.badRequest("ops[\(i)].version is not a task version") }
                return v
            }
            let action: BatchOperation.Action
            switch try JSONInput.optionalString(op, "action") {
            case "set"?:
                guard case .object(let fields)? = op.first(where: { $0.0 == "fields" })?.1, !fields.isEmpty else {
                    throw APIError.badRequest("ops[\(i)]: set needs \"fields\": {\"due\": \"today\", …}")
                }
                action = .set(try fields.map { ($0.0, try JSONInput.field($0.0, $0.1)) })
            case "done"?: action = .complete
            case "reopen"?: action = .reopen
            case "cancel"?: action = .cancel
            case "defer"?:
                guard let date = try JSONInput.optionalString(op, "date") else { throw APIError.badRequest("ops[\(i)]: defer needs a \"date\"") }
                action = .deferUntil(date)
            case "flag"?: action = .flag(true)
            case "unflag"?: action = .flag(false)
            case "delete"?: action = .delete
            default: throw APIError.badRequest("ops[\(i)].action must be one of " + batchActions.joined(separator: ", "))
            }
            return BatchOperation(reference: id, action: action, expected: version)
        }
        return (label, ops)
    }
}
