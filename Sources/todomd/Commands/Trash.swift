import ArgumentParser
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
        try Context.run(vaultOptions) { ctx in
            let items = Trash(vault: ctx.vault).list()
            if json { ctx.out.json(.array(items.map { $0.json(today: ctx.clock.today) })); return }
            ctx.out.print(ctx.out.header("Trash"))
            if items.isEmpty { ctx.out.print(ctx.out.paint("  Empty.", .dim)) }
            for t in items { ctx.out.print("  " + ctx.out.row(t)) }
        }
    }
}

struct TrashRestore: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "restore", abstract: "Put a trashed task back where it was.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "Path in the trash, file name or part of the title.") var task: String
    @Flag var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            let trash = Trash(vault: ctx.vault)
            let t = try TaskResolver.resolve(task, in: trash.list())
            let back = try trash.restore(t.path)
            if json { ctx.out.json(.object([("path", .string(back))])) } else { ctx.out.print("restored: \(t.title)  (\(back))") }
        }
    }
}

struct TrashEmpty: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "empty", abstract: "Delete the trash for good.")
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            let n = try Trash(vault: ctx.vault).empty()
            if json { ctx.out.json(.object([("deleted", .int(n))])) } else { ctx.out.print("emptied the trash (\(n) file\(n == 1 ? "" : "s"))") }
        }
    }
}
