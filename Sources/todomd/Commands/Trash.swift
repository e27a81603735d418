import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore

struct TrashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash",
        abstract: "List, restore or empty the trash.",
        subcommands: [TrashList.self, TrashRestore.self, TrashEmpty.self],
        defaultSubcommand: TrashList.self)
}

struct TrashList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List trashed tasks.")
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let items = service.trash()
            if json { out.json(TrashDocument(items, today: service.clock.today)); return }
            out.print(out.header("Trash"))
            if items.isEmpty { out.print(out.paint("  Empty.", .dim)) }
            var rows = out
            rows.showPaths = true  // the trash is by file: `trash restore PATH`
            for t in items { out.print("  " + rows.row(t.task)) }
        }
    }
}

struct TrashRestore: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "restore", abstract: "Put a trashed task back where it was.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "Path in the trash, file name or part of the title.") var task: String
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let r = try service.restore(task)
            if json { out.json(RestoreDocument(r)) } else { out.print("restored: \(r.task.title)  (\(r.path))") }
        }
    }
}

struct TrashEmpty: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "empty", abstract: "Delete the trash for good (asks first on a terminal; --yes does not ask).")
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(name: .shortAndLong, help: "Don't ask.") var yes = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let trashed = service.trash()
            if !yes, !trashed.isEmpty, Terminal.isInteractive,
               !Terminal.ask("Delete \(trashed.count) trashed file\(trashed.count == 1 ? "" : "s") for good?") {
                Printer.note("the trash was left as it is")
                throw ExitCode(1)
            }
            let n = try service.emptyTrash()
            if json { out.json(EmptyTrashDocument(deleted: n)) } else { out.print("emptied the trash (\(n) file\(n == 1 ? "" : "s"))") }
        }
    }
}
