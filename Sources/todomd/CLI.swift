import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// Runs one command: opens the service on the vault the options name, runs the command's body,
/// and turns engine errors into a line on stderr and their exit code.
enum CLI {
    static func run(_ options: VaultOptions, _ body: (TodoService, Printer) throws -> Void) throws {
        do {
            let service = try open(options)
            try body(service, Printer(clock: service.clock))
        } catch let e as TodoError {
            Printer.error(e.description)
            throw ExitCode(e.exitCode)
        }
    }

    /// The service for one command (or a long-running one, `serve`).
    static func open(_ options: VaultOptions, longRunning: Bool = false,
                     env: [String: String] = ProcessInfo.processInfo.environment) throws -> TodoService {
        let clock = try Clock.fromEnvironment(env)
        // A pinned TODOMD_NOW stays pinned; otherwise "now" is read on every call.
        let pinned = env["TODOMD_NOW"].map { !$0.isEmpty } ?? false
        let fixed = clock
        let zone = clock.timeZone
        var source: @Sendable () -> TodoMDCore.Clock = { TodoMDCore.Clock(now: Date(), timeZone: zone) }
        if pinned { source = { fixed } }
        var o = ServiceOptions(vaultRoot: try VaultLocator.locate(flag: options.vault), clock: source)
        o.useIndex = !(options.noCache || ["1", "true", "yes"].contains(env["TODOMD_NO_CACHE"]?.lowercased() ?? ""))
        o.longRunning = longRunning
        o.warn = { Printer.warn($0) }
        if !longRunning {
            let bar = ProgressBar(label: "indexing")
            o.progress = { bar.update($0, $1) }
        }
        return TodoService(o)
    }

    /// Reads the text arguments, or stdin when they are just `-`.
    static func input(_ words: [String]) -> String {
        words == ["-"] ? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) : words.joined(separator: " ")
    }
}
