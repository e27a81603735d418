import ArgumentParser
import Foundation
import TodoMDCore

/// `todomd serve`: runs `todomd-server` in this process's place (exec), so the CLI itself does
/// not link the HTTP stack and every other command starts fast. `TodoMD.main` hands `serve`
/// over before parsing, so `todomd serve --help` shows the server's own options.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the HTTP API on 127.0.0.1:7878 and follow the vault live (`todomd serve --help`).")
    @Argument(parsing: .captureForPassthrough, help: "The server's options.") var arguments: [String] = []

    func run() throws { try Self.exec(arguments) }

    /// Replaces this process with `todomd-server` (beside this executable, else on PATH) as
    /// `todomd serve` or `todomd mcp` (`command`, which it reads from argv[0]).
    static func exec(_ arguments: [String], as command: String = "serve") throws -> Never {
        let me = Bundle.main.executableURL?.resolvingSymlinksInPath().path ?? CommandLine.arguments[0]
        let beside = (me as NSString).deletingLastPathComponent + "/todomd-server"
        let onPath = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { String($0) + "/todomd-server" }
        guard let server = ([beside] + onPath).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            Printer.error("todomd-server is missing (not beside \(me), not on PATH): build it with `swift build` (it builds both)")
            throw ExitCode(1)
        }
        var cArgs = (["todomd \(command)"] + arguments).map { strdup($0) } + [nil]
        execv(server, &cArgs)
        Printer.error("cannot start \(server): " + String(cString: strerror(errno)))
        throw ExitCode(1)
    }
}

/// `todomd mcp`: the MCP server for AI agents over stdio, run by `todomd-server` as `serve` is.
struct MCPServe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp", abstract: "Serve the vault to an AI agent over MCP on stdin/stdout (`todomd mcp --help`).")
    @Argument(parsing: .captureForPassthrough, help: "The server's options.") var arguments: [String] = []

    func run() throws { try Serve.exec(arguments, as: "mcp") }
}
