import ArgumentParser
import Foundation
import TodoMDCore
import TodoMDMCP
import TodoMDService

/// `todomd mcp`: the MCP server over stdin/stdout, for agent hosts that start it. Nothing but
/// MCP messages goes to stdout; warnings go to stderr.
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todomd mcp",
        abstract: "Serve the vault to an AI agent over MCP (stdio).",
        discussion: """
            An agent host starts it and talks JSON-RPC on stdin/stdout (the same server is at POST /mcp in \
            `todomd serve`). Tasks it creates get source mcp:<client name> unless --source names one; \
            .todomd.json source_permissions limits what a source may do. Every tool call is one `todomd undo` step.
            """)
    @Option(help: "The vault folder.") var vault: String?
    @Flag(name: .customLong("no-cache"), help: "Read the files directly, without the index cache (also TODOMD_NO_CACHE=1).")
    var noCache = false
    @Option(help: "The source this agent's writes are attributed to (default mcp:<client name>).") var source: String?

    func run() async throws {
        if let source, !AgentSession.validSource(source) {
            throw ValidationError("--source takes letters, digits, . _ - : (64 at most)")
        }
        do {
            var options = try ServiceOptions.commandLine(vault: vault, noCache: noCache, longRunning: true)
            options.frontEnd = "mcp"
            let service = TodoService(options)
            // Follow the vault live, as `serve` does: each call then reads an index the watch
            // keeps fresh instead of walking the folder (a vault not made yet is walked). Started
            // beside the server, so `initialize` is answered at once even on a big vault.
            DispatchQueue.global().async { _ = try? service.startWatching { _ in } }
            defer { service.stopWatching() }
            try await TodoMCPServer.serveStdio(service: service, source: source)
        } catch let e as TodoError {
            FileHandle.standardError.write(Data(("todomd: error: " + e.description + "\n").utf8))
            throw ExitCode(e.exitCode)
        }
    }
}
