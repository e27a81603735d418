import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle
import TodoMDMCP
import TodoMDService

/// `/mcp`: the MCP server over streamable HTTP (POST messages, GET the server's event stream,
/// DELETE ends the session), behind the same guards as `/api`. `X-Todomd-Source` names the
/// source a session's writes are attributed to.
struct MCPRoutes {
    let sessions: MCPHTTPSessions

    static let sourceHeader = HTTPField.Name("X-Todomd-Source")!

    func register(_ router: Router<APIContext>) {
        for method in [HTTPRequest.Method.post, .get, .delete] {
            router.on("/mcp", method: method) { request, _ in try await handle(request) }
        }
    }

    func handle(_ request: Request) async throws -> Response {
        var request = request
        var source: String?
        if let s = request.headers[Self.sourceHeader] {
            guard AgentSession.validSource(s) else {
                throw APIError.badRequest("X-Todomd-Source takes letters, digits, . _ - : (64 at most)")
            }
            source = s
        }
        let buffer = try await request.collectBody(upTo: APIServer.maxBodyBytes)
        var headers: [String: String] = [:]
        for field in request.headers {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { $0 + ", " + field.value } ?? field.value
        }
        let reply = await sessions.handle(method: request.method.rawValue, headers: headers,
                                          body: buffer.readableBytes > 0 ? Data(buffer.readableBytesView) : nil, source: source)
        var fields = HTTPFields()
        for (k, v) in reply.headers { if let name = HTTPField.Name(k) { fields[name] = v } }
        let status = HTTPResponse.Status(code: reply.status)
        switch reply.body {
        case .empty: return Response(status: status, headers: fields)
        case .data(let d): return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: d)))
        case .stream(let stream):
            fields[HTTPField.Name("X-Accel-Buffering")!] = "no"
            let sessions = self.sessions
            return Response(status: status, headers: fields, body: ResponseBody { writer in
                // A stopping server ends the sessions, which ends their streams.
                try await withGracefulShutdownHandler {
                    for try await chunk in stream { try await writer.write(ByteBuffer(bytes: chunk)) }
                } onGracefulShutdown: {
                    Task { await sessions.closeAll() }
                }
                try await writer.finish(nil)
            })
        }
    }
}
