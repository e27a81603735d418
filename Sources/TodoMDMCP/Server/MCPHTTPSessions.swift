import Foundation
import MCP
import TodoMDService

/// A reply to one request at `/mcp`, free of any HTTP framework (the server adapts it).
public struct MCPHTTPReply: Sendable {
    public enum Body: Sendable {
        case empty
        case data(Data)
        /// Server-Sent Events, until the stream ends.
        case stream(AsyncThrowingStream<Data, Error>)
    }

    public var status: Int
    public var headers: [String: String]
    public var body: Body
}

/// The streamable-HTTP side of `todomd mcp` (`POST/GET/DELETE /mcp` in `todomd serve`): one
/// MCP session per client (`Mcp-Session-Id`), each its own server and transport, sharing the
/// service and the rate watch. Host, Origin and the token are checked by the HTTP server first.
public actor MCPHTTPSessions {
    private struct Session {
        let server: Server
        let transport: StatefulHTTPServerTransport
        var lastUsed: Date
    }

    private let service: TodoService
    private let rateWatch = AgentRateWatch()
    private var sessions: [String: Session] = [:]
    /// Sessions kept at most (the least recently used goes first) and idle time before one ends.
    let maxSessions = 64, idleLimit: TimeInterval = 3600

    public init(service: TodoService) { self.service = service }

    /// Answers one request. `source` (a validated header value) fixes the attribution of a new
    /// session's writes; otherwise they are `mcp:<client name>`.
    public func handle(method: String, headers: [String: String], body: Data?, source: String?) async -> MCPHTTPReply {
        let request = HTTPRequest(method: method, headers: headers, body: body, path: "/mcp")
        let id = request.header(HTTPHeaderName.sessionID)
        if let id, var session = sessions[id] {
            session.lastUsed = Date()
            sessions[id] = session
            let response = await session.transport.handleRequest(request)
            if method.uppercased() == "DELETE", response.statusCode == 200 { await close(id) }
            return Self.reply(response)
        }
        if id == nil, method.uppercased() == "POST", let body, Self.isInitialize(body) {
            return await open(request, source: source)
        }
        if id != nil { return Self.reply(.error(statusCode: 404, .invalidRequest("Not Found: session not found or ended; initialize again"))) }
        return Self.reply(.error(statusCode: 400, .invalidRequest("Bad Request: no \(HTTPHeaderName.sessionID) header; start with initialize")))
    }

    /// Ends every session (the server is stopping).
    public func closeAll() async {
        for id in sessions.keys { await close(id) }
    }

    private func open(_ request: HTTPRequest, source: String?) async -> MCPHTTPReply {
        await prune()
        let id = UUID().uuidString
        // Host/Origin/token are the HTTP server's guard's job (it knows --allowed-host and the
        // token); the transport checks the rest of the protocol.
        let transport = StatefulHTTPServerTransport(
            sessionIDGenerator: FixedID(id: id),
            validationPipeline: StandardValidationPipeline(validators: [
                AcceptHeaderValidator(mode: .sseRequired), ContentTypeValidator(), ProtocolVersionValidator(), SessionValidator(),
            ]))
        let (server, hook) = await TodoMCPServer.make(service: service, source: source, rateWatch: rateWatch)
        do {
            try await server.start(transport: transport, initializeHook: hook)
        } catch {
            return Self.reply(.error(statusCode: 500, .internalError("cannot start a session: \(error)")))
        }
        sessions[id] = Session(server: server, transport: transport, lastUsed: Date())
        let response = await transport.handleRequest(request)
        if case .error = response { await close(id) }
        return Self.reply(response)
    }

    private func close(_ id: String) async {
        guard let s = sessions.removeValue(forKey: id) else { return }
        await s.server.stop()
    }

    /// Ends idle sessions, and the oldest when there are too many.
    private func prune() async {
        let now = Date()
        for (id, s) in sessions where now.timeIntervalSince(s.lastUsed) > idleLimit { await close(id) }
        while sessions.count >= maxSessions, let oldest = sessions.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
            await close(oldest)
        }
    }

    /// Whether a body is an `initialize` request (the only one that may open a session).
    static func isInitialize(_ body: Data) -> Bool {
        guard let o = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return false }
        return o["method"] as? String == "initialize" && o["id"] != nil
    }

    private struct FixedID: SessionIDGenerator {
        let id: String
        func generateSessionID() -> String { id }
    }

    private static func reply(_ r: HTTPResponse) -> MCPHTTPReply {
        switch r {
        case .stream(let stream, let headers): return MCPHTTPReply(status: 200, headers: headers, body: .stream(stream))
        default: return MCPHTTPReply(status: r.statusCode, headers: r.headers, body: r.bodyData.map { .data($0) } ?? .empty)
        }
    }
}
