import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// Runs one command: opens the service on the vault the options name, runs the command's body,
/// and turns engine errors into a line on stderr and their exit code.
enum CLI {
    /// `creating`: the command makes a task, so the default vault may be created.
    static func run(_ options: VaultOptions, creating: Bool = false, _ body: (TodoService, Printer) throws -> Void) throws {
        do {
            let service = try open(options)
            if let created = try service.prepareVault(creating: creating) { Printer.note(created) }
            for line in service.recovered { Printer.note(line) }
            try body(service, Printer(clock: service.clock))
        } catch let e as TodoError {
            Printer.error(e.description)
            throw ExitCode(e.exitCode)
        }
    }

    /// The service for one command.
    static func open(_ options: VaultOptions) throws -> TodoService {
        var o = try ServiceOptions.commandLine(vault: options.vault, noCache: options.noCache, longRunning: false)
        let bar = ProgressBar(label: "indexing")
        o.progress = { bar.update($0, $1) }
        return TodoService(o)
    }

    /// Reads the text arguments, or stdin when they are just `-`.
    static func input(_ words: [String]) -> String {
        words == ["-"] ? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) : words.joined(separator: " ")
    }
}
