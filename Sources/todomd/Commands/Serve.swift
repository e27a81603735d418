import ArgumentParser
import Foundation
import TodoMDCore

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the HTTP API (todo).")
    @OptionGroup var vaultOptions: VaultOptions
    func run() throws {}
}

struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "token", abstract: "Print the API token (todo).")
    func run() throws {}
}
