import Foundation
import HTTPTypes
import Hummingbird
import ServiceLifecycle

/// `GET /api/events`: Server-Sent Events, one per watch change (`event: added|modified|removed|
/// problem|alert`, `data:` the JSON event, `id:` to resume with `Last-Event-ID`), a comment
/// every 15 s to keep proxies and clients from timing out.
struct EventRoutes {
    let hub: EventHub
    /// How often an idle stream gets a keep-alive comment.
    var heartbeat: Duration = .seconds(15)

    func register(_ router: Router<APIContext>) {
        router.get("/api/events") { request, _ in
            let last = request.headers[HTTPField.Name("Last-Event-ID")!] ?? request.query("last_event_id")
            let (id, stream) = hub.subscribe(lastEventID: last)
            let hub = self.hub, heartbeat = self.heartbeat
            let body = ResponseBody { writer in
                defer { hub.unsubscribe(id) }
                // The stream ends when the server shuts down gracefully, or the client goes away
                // (a write fails; the heartbeat makes sure one is tried).
                try await withGracefulShutdownHandler {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            while true {
                                try await Task.sleep(for: heartbeat)
                                hub.publishComment(to: id)
                            }
                        }
                        try await writer.write(ByteBuffer(string: "retry: 2000\n: connected\n\n"))
                        for await chunk in stream { try await writer.write(ByteBuffer(bytes: chunk)) }
                        group.cancelAll()
                    }
                } onGracefulShutdown: {
                    hub.unsubscribe(id)
                }
                try await writer.finish(nil)
            }
            var headers: HTTPFields = [:]
            headers[.contentType] = "text/event-stream; charset=utf-8"
            headers[.cacheControl] = "no-cache"
            headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
            return Response(status: .ok, headers: headers, body: body)
        }
    }
}
