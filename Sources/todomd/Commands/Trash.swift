import ArgumentParser
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
    @Flag var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let items = service.trash()
            if json { out.json(TrashDocument(items, today: service.clock.today)); return }
            out.print(out.header("Trash"))
            if items.isEmpty { out.print(out.paint("  Empty.", .dim)) }
            for t in items { out.print("  " + out.row(t.task)) }
        }
    }
}

struct TrashRestore: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "restore", abstract: "Put a trashed task back where it was.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "Path in the trash, file name or part of the title.") var task: String
    @Flag var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let r = try service.restore(task)
            if json { out.json(RestoreDocument(r)) } else { out.print("restored: \(r.task.title)  (\(r.path))") }
        }
    }
}

struct TrashEmpty: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "empty", abstract: "Delete the trash for good.")
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let n = try service.emptyTrash()
            if json { out.json(EmptyTrashDocument(deleted: n)) } else { out.print("emptied the trash (\(n) file\(n == 1 ? "" : "s"))") }
        }
    }
}
