import Foundation
import Logging
import MCP
import TodoMDCore
import TodoMDService

/// `todomd mcp`: an MCP server over the service, for one connection (stdio, or one HTTP
/// session). Tools, resources and prompts only call the service; the connection's client
/// name becomes the source its writes are attributed to.
public enum TodoMCPServer {
    /// A connection's agent session, known once the client says who it is.
    final class Connection: @unchecked Sendable {
        private let lock = NSLock()
        private var current: AgentSession
        let fixedSource: String?

        init(service: TodoService, source: String?, rateWatch: AgentRateWatch) {
            fixedSource = source
            current = AgentSession(service: service, source: source ?? AgentSession.source(client: "client"), rateWatch: rateWatch)
        }

        var session: AgentSession {
            lock.lock()
            defer { lock.unlock() }
            return current
        }

        func identify(client name: String) {
            guard fixedSource == nil else { return }
            lock.lock()
            defer { lock.unlock() }
            current = AgentSession(service: current.service, source: AgentSession.source(client: name), rateWatch: current.rateWatch)
        }
    }

    /// A server for one connection, and the hook that names its source at `initialize`.
    /// `source` fixes the source (else `mcp:<client name>`).
    public static func make(service: TodoService, source: String?, rateWatch: AgentRateWatch)
        async -> (Server, @Sendable (Client.Info, Client.Capabilities) async throws -> Void) {
        let server = Server(name: "todomd", version: ToolVersion.string, title: "todo.md", instructions: Guides.instructions,
                            capabilities: .init(logging: .init(), prompts: .init(listChanged: false),
                                                resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
        let connection = Connection(service: service, source: source, rateWatch: rateWatch)
        await register(server, connection)
        return (server, { info, _ in connection.identify(client: info.name) })
    }

    /// Serves one client over stdin/stdout until it disconnects.
    public static func serveStdio(service: TodoService, source: String?) async throws {
        let (server, hook) = await make(service: service, source: source, rateWatch: AgentRateWatch())
        try await server.start(transport: StdioTransport(), initializeHook: hook)
        await server.waitUntilCompleted()
    }

    private static func register(_ server: Server, _ connection: Connection) async {
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: ToolCatalog.all) }
        await server.withMethodHandler(CallTool.self) { [weak server] params in
            let args = ToolArguments(params.arguments)
            let session = connection.session
            do {
                if ToolCatalog.readTools.contains(params.name) {
                    let (value, text) = try await ReadTools(service: session.service).call(params.name, args)
                    return .init(content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: value as Value?, isError: false)
                }
                guard WriteTools.rights[params.name] != nil else {
                    throw TodoError.invalidArgument("unknown tool \"\(params.name)\"; tools: " + ToolCatalog.all.map(\.name).joined(separator: ", "))
                }
                let (value, text, alert) = try await WriteTools(session: session).call(params.name, args)
                if let alert, let server {
                    try? await server.log(level: .warning, logger: "todomd", data: [
                        "message": .string("rate alert: \(alert.total) writes within \(alert.windowSeconds) s"),
                        "sources": .array(alert.sources.map { .string("\($0.source): \($0.count)") }),
                    ])
                }
                return .init(content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: value as Value?, isError: false)
            } catch {
                return .init(content: [.text(text: message(error), annotations: nil, _meta: nil)], isError: true)
            }
        }
        await server.withMethodHandler(ListResources.self) { _ in .init(resources: try await Resources(service: connection.session.service).list()) }
        await server.withMethodHandler(ListResourceTemplates.self) { _ in .init(templates: Resources.templates) }
        await server.withMethodHandler(ReadResource.self) { params in
            do {
                return .init(contents: [try await Resources(service: connection.session.service).read(params.uri)])
            } catch let e as MCPError {
                throw e
            } catch {
                throw MCPError.invalidParams(message(error))
            }
        }
        await server.withMethodHandler(ListPrompts.self) { _ in .init(prompts: Prompts.all) }
        await server.withMethodHandler(GetPrompt.self) { params in
            try Prompts.get(params.name, params.arguments, today: connection.session.service.clock.today)
        }
        await server.withMethodHandler(SetLoggingLevel.self) { _ in Empty() }
    }

    /// An error as a tool error's text: the code, the message, and what an agent can do next.
    static func message(_ error: Error) -> String {
        guard let t = error as? TodoError else { return "error: \(error)" }
        switch t {
        case .ambiguous(let q, let candidates):
            return "ambiguous: \"\(q)\" matches several tasks; use one of these ids: " + candidates.joined(separator: ", ")
        case .notFound: return "not_found: \(t.description); find_tasks or search lists ids"
        case .openSubtasks(let task, let subtasks):
            return "open_subtasks: \(task) has open subtasks: " + subtasks.joined(separator: ", ")
                + "; complete them first, or give this item with_children: true"
        default: return "error: \(t.description)"
        }
    }
}
