import Foundation

/// `todomd-server` is `todomd serve` and `todomd mcp` (the CLI execs it as either, naming it in
/// argv[0]), so the CLI itself links neither the HTTP nor the MCP stack.
@main
enum ServerMain {
    static func main() async {
        if CommandLine.arguments.first == "todomd mcp" {
            await MCPCommand.main(Array(CommandLine.arguments.dropFirst()))
        } else {
            await ServerCommand.main(Array(CommandLine.arguments.dropFirst()))
        }
    }
}
