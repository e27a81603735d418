import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import TodoMDAPI
import TodoMDCore
import TodoMDMCP
import TodoMDService

/// `todomd serve`: the HTTP API over one service, with live events from the watch. The watch
/// also keeps the index fresh and serves it to CLI commands, exactly as `todomd watch` does.
public final class APIServer: Sendable {
    /// The largest request body accepted.
    public static let maxBodyBytes = 1 << 20
    /// `POST /api/import` carries a whole export file.
    public static let maxImportBytes = 32 << 20

    public let config: APIServerConfig
    public let hub: EventHub
    let runner: ServiceRunner
    let logger: Logger
    /// The web app's files.
    let assets: WebAssets
    /// The MCP sessions at `/mcp`.
    let mcp: MCPHTTPSessions

    public init(service: TodoService, config: APIServerConfig, logger: Logger = Logger(label: "todomd.serve")) {
        self.config = config
        runner = ServiceRunner(service)
        hub = EventHub()
        self.logger = logger
        assets = WebAssets()
        mcp = MCPHTTPSessions(service: service)
    }

    public var service: TodoService { runner.service }

    /// Every route behind the guards (token, Host, Origin, body rules), errors as JSON.
    public func router() -> Router<APIContext> {
        let router = Router(context: APIContext.self)
        router.add(middleware: RequestLogMiddleware(logger: logger))
        router.add(middleware: HeadersMiddleware())
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: GuardMiddleware(config: config))
        router.add(middleware: InvalidateMiddleware(views: runner.views))
        TaskRoutes(runner: runner).register(router)
        VaultRoutes(runner: runner).register(router)
        SyncRoutes(runner: runner).register(router)
        AuditRoutes(runner: runner).register(router)
        QuarantineRoutes(runner: runner).register(router)
        InterchangeRoutes(runner: runner).register(router)
        CalendarRoutes(runner: runner, config: config).register(router)
        InboxRoutes(runner: runner).register(router)
        ReviewRoutes(runner: runner).register(router)
        PerspectiveRoutes(runner: runner).register(router)
        AppRoutes(runner: runner).register(router)
        EventRoutes(hub: hub).register(router)
        MCPRoutes(sessions: mcp).register(router)
        PageRoutes(config: config).register(router)
        WebRoutes(assets: assets).register(router)
        return router
    }

    /// Starts the watch: its changes become events; with inotify it serves the index too.
    public func startWatching(poll: Bool = false) throws -> WatchStatus {
        let hub = self.hub, service = self.service, views = runner.views
        return try service.startWatching(WatchOptions(poll: poll, reportOwnWrites: true)) { changes in
            views.invalidate()
            hub.publish(changes, today: service.clock.today)
        }
    }

    /// Starts the reminder loop (issue 18): each reminder that comes due is a live `reminder`
    /// event (the web app shows it) and a desktop notification (`notify-send` or
    /// `$TODOMD_NOTIFIER`), once, however many processes check. It ends when the server stops
    /// (the event hub closes) or when `stop()` is called on what this returns.
    @discardableResult
    public func startReminders(notifier: Notifier) -> ReminderRunner {
        let hub = self.hub, service = self.service, logger = self.logger
        return ReminderRunner.start(
            service: service, notifier: notifier,
            onFire: { r in hub.publish(kind: "reminder", json: APIJSON.encode(ReminderEventDTO(r, zone: service.clock.timeZone), pretty: false)) },
            onAction: { action, r, error in
                if let error { logger.warning("reminder \(action.label) on \(r.taskID): \(error)") }
            },
            running: { !hub.isClosed })
    }

    /// Serves until SIGINT or SIGTERM, then stops gracefully (requests in flight finish, event
    /// streams end). `onListening` gets the URL once the port is bound (port 0 picks a free one).
    public func run(onListening: @escaping @Sendable (String) -> Void) async throws {
        let host = config.host
        let app = Application(
            router: router(),
            configuration: .init(address: .hostname(host, port: config.port), serverName: "todomd"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                onListening("http://\(host.contains(":") ? "[\(host)]" : host):\(port)")
            },
            logger: { var l = logger; l.logLevel = max(logger.logLevel, .notice); return l }()
        )
        defer {
            hub.close()
            service.stopWatching()
        }
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}

/// A write through the API changes what views show: the paged-view cache starts over.
struct InvalidateMiddleware<Context: RequestContext>: RouterMiddleware {
    let views: ViewCache

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method != .get, request.method != .head else { return try await next(request, context) }
        defer { views.invalidate() }
        return try await next(request, context)
    }
}

/// Headers every response carries: no sniffing, no referrer, and a strict policy for pages.
struct HeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        if response.headers[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] = "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
        }
        return response
    }
}
