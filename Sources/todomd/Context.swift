import ArgumentParser
import Foundation
import TodoMDCore

/// What a command needs: the clock, the vault, what was read from it, and how to print.
final class Context {
    let clock: Clock
    let vault: Vault
    let out: Printer
    private var cached: VaultSnapshot?

    init(_ options: VaultOptions) throws {
        clock = try Clock.fromEnvironment()
        vault = Vault(root: try VaultLocator.locate(flag: options.vault), clock: clock)
        out = Printer(clock: clock)
    }

    var snapshot: VaultSnapshot {
        if let s = cached { return s }
        let s = vault.load()
        cached = s
        return s
    }

    var order: OrderFile { OrderFile.load(root: vault.root) }

    var engine: ViewEngine {
        ViewEngine(clock: clock, order: order, retentionDays: vault.settings.completedRetentionDays)
    }

    func resolve(_ query: String, prefer: TaskResolver.Preference = .any) throws -> TodoTask {
        try TaskResolver.resolve(query, in: snapshot.tasks, prefer: prefer)
    }

    func fingerprint(_ t: TodoTask) -> UInt64? { snapshot.fingerprints[t.path] }

    /// Runs a command body: engine errors go to stderr with their exit code.
    static func run(_ options: VaultOptions, _ body: (Context) throws -> Void) throws {
        do {
            try body(try Context(options))
        } catch let e as TodoError {
            Printer.error(e.description)
            throw ExitCode(e.exitCode)
        }
    }
}
