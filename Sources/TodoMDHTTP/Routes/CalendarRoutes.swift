import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `/api/calendar` (the calendar view's days), and `/calendar.ics` (to-dos) and `/calendar-events.ics` (the same as events, for calendars that
/// ignore to-dos): the calendar feed of issue 18. `view` or `query` narrow it. Beyond loopback the
/// URL carries the feed's key (`?key=`, `todomd feed` prints the URL) instead of the token.
struct CalendarRoutes {
    let runner: ServiceRunner
    let config: APIServerConfig

    static let paths: Set<String> = ["/calendar.ics", "/calendar-events.ics"]

    /// Whether the request's `key` is the feed's key (compared in constant time).
    static func keyMatches(_ request: Request, _ config: APIServerConfig) -> Bool {
        guard let given = request.query("key"), let key = try? TokenStore.read(config.feedKeyPath) else { return false }
        let a = Array(given.utf8), b = Array(key.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    func register(_ router: Router<APIContext>) {
        // The web app's calendar view (issue 18): tasks by day beside the subscribed calendars.
        router.get("/api/calendar") { request, _ in
            func day(_ name: String) throws -> LocalDate? {
                guard let v = request.query(name), !v.isEmpty else { return nil }
                guard let d = LocalDate(v) else { throw APIError.badRequest("\(name) must be a date (YYYY-MM-DD)") }
                return d
            }
            let from = try day("from"), to = try day("to")
            return Responses.json(try await runner.run { CalendarDocument(try $0.calendar(from: from, to: to)) })
        }
        for (path, kind) in [("/calendar.ics", CalendarFeed.Kind.todos), ("/calendar-events.ics", .events)] {
            router.get(RouterPath(path)) { request, _ in
                func value(_ name: String) -> String? { request.query(name).flatMap { $0.isEmpty ? nil : $0 } }
                let view = value("view"), query = value("query")
                let base = "http://" + (request.head.authority ?? "\(config.host):\(config.port)")
                let plan = try await runner.run { s in
                    try s.exportPlan(ExportRequest(format: kind == .todos ? "calendar" : "calendar-events", view: view, query: query, baseURL: base))
                }
                var headers = HTTPFields()
                headers[.contentType] = plan.exporter.mediaType
                headers[.cacheControl] = "no-cache"
                return Response(status: .ok, headers: headers, body: ChunkPipe.body(plan))
            }
        }
    }
}
