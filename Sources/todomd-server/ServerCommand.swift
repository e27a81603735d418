import ArgumentParser
import Foundation
import Logging
import TodoMDCore
import TodoMDHTTP
import TodoMDMCP
import TodoMDService

/// `todomd serve` (`todomd` runs this program in its place): the HTTP API over one service.
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todomd serve",
        abstract: "Serve the HTTP API (and follow the vault live, as `todomd watch` does).",
        discussion: """
            Binds 127.0.0.1:7878 by default and prints its URL. Beyond loopback (--host 0.0.0.0 or an \
            address) every request needs the token (`todomd token` prints it; --token-file uses yours). \
            Stops gracefully on Ctrl-C or SIGTERM.
            """)
    @Option(help: "The vault folder.") var vault: String?
    @Flag(name: .customLong("no-cache"), help: "Read the files directly, without the index cache (also TODOMD_NO_CACHE=1).")
    var noCache = false
    @Option(help: "The address to listen on (loopback by default).") var host = "127.0.0.1"
    @Option(help: "The port (0 picks a free one).") var port = 7878
    @Option(name: .customLong("token-file"), help: "Read the token from this file (mode 0600) and require it.") var tokenFile: String?
    @Flag(name: .customLong("require-token"), help: "Require the token on loopback too.") var requireToken = false
    @Option(name: .customLong("allowed-host"), help: "Another host name requests may use (a reverse proxy's; repeatable).")
    var allowedHost: [String] = []
    @Option(name: .customLong("log-level"), help: "trace, debug, info (one line per request), notice, warning, error.")
    var logLevel = "notice"
    @Flag(help: "Poll the vault instead of using file system notifications.") var poll = false
    @Flag(name: .customLong("no-reminders"), help: "Do not send reminders (README, \"Reminders\").") var noReminders = false

    func run() async throws {
        guard let level = Logger.Level(rawValue: logLevel.lowercased()) else {
            throw ValidationError("--log-level takes trace, debug, info, notice, warning, error or critical")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port takes 0 to 65535") }
        do {
            var config = APIServerConfig(host: host, port: port, allowedHosts: allowedHost)
            if let tokenFile {
                guard let token = try TokenStore.read(tokenFile) else { throw TodoError.invalidArgument("no token file at \(tokenFile)") }
                config.token = token
            } else if requireToken || !APIServerConfig.isLoopback(host) {
                config.token = try TokenStore.loadOrCreate(path: TokenStore.defaultPath())
            }
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            }
            var logger = Logger(label: "todomd")
            logger.logLevel = level
            var options = try ServiceOptions.commandLine(vault: vault, noCache: noCache, longRunning: true)
            options.frontEnd = "web"
            let service = TodoService(options)
            try FileManager.default.createDirectory(atPath: service.root, withIntermediateDirectories: true)
            let server = APIServer(service: service, config: config, logger: logger)
            let status = try server.startWatching(poll: poll)
            if !noReminders {
                let log = logger
                var notifier = Notifier.fromEnvironment(warn: { log.warning("\($0)") })
                if ProcessInfo.processInfo.environment["TODOMD_WEB_URL"] == nil {  // a click opens this server
                    let local = APIServerConfig.isLoopback(host) ? host : "127.0.0.1"
                    notifier.webURL = "http://" + (local.contains(":") ? "[\(local)]" : local) + ":\(port)"
                }
                server.startReminders(notifier: notifier)
            }
            let backups = service.startBackups()  // hourly when something changed (README, "Backups")
            defer { backups.stop() }
            let tokenNote = config.token == nil ? "" : "; requests need the token (todomd token)"
            try await server.run { url in
                print("todomd serve: \(url)  (vault \(service.root)\(status.servesIndex ? "; serving the index to other commands" : "")\(tokenNote); Ctrl-C stops)")
                fflush(stdout)
            }
        } catch let e as TodoError {
            FileHandle.standardError.write(Data(("todomd: error: " + e.description + "\n").utf8))
            throw ExitCode(e.exitCode)
        }
    }
}
