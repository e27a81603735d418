import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

struct PerspectiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "perspective",
        abstract: "List, show, add, edit or remove perspectives (saved queries in .perspectives.json).",
        discussion: "Run one with `todomd list ID`. The built-in views are perspectives too: `todomd perspective show today`.",
        subcommands: [PerspectiveList.self, PerspectiveShow.self, PerspectiveAdd.self, PerspectiveEdit.self, PerspectiveRemove.self],
        defaultSubcommand: PerspectiveList.self)
}

/// The options that arrange a perspective's tasks, shared by `list` and `perspective add/edit`.
enum PerspectiveOptions {
    static func arrangement(sort: String?, groupBy: String?) throws -> ([Perspective.SortKey], Perspective.GroupBy?) {
        var keys: [Perspective.SortKey] = []
        if let sort {
            do { keys = try PerspectiveJSON.sortKeys(text: sort) } catch let q as QueryProblem { throw TodoError.invalidArgument("--sort: \(q.message)") }
        }
        var grouping: Perspective.GroupBy?
        if let groupBy {
            guard let g = Perspective.GroupBy(name: groupBy) else {
                throw TodoError.invalidArgument("--group-by: unknown grouping \"\(groupBy)\"; groupings: "
                    + Perspective.GroupBy.allCases.map(\.rawValue).joined(separator: ", "))
            }
            grouping = g
        }
        return (keys, grouping)
    }

    static func tree(_ query: String) throws -> QueryNode {
        do { return try QueryText.parse(query) } catch let e as QueryTextError { throw TodoError.invalidArgument("query: \(e)") }
    }
}

struct PerspectiveList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the built-in and the vault's perspectives.")
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let catalog = service.perspectives()
            for p in catalog.problems { Printer.warn(p) }
            if json { out.json(PerspectiveListDocument(catalog)); return }
            let width = catalog.entries.map(\.perspective.id.count).max() ?? 0
            let nameWidth = catalog.entries.map(\.perspective.name.count).max() ?? 0
            for (builtIn, title) in [(true, "Built-in views"), (false, "Perspectives (\(PerspectivesFile.fileName))")] {
                let entries = catalog.entries.filter { $0.builtIn == builtIn }
                out.print(out.header(title))
                if entries.isEmpty { out.print(out.paint("  None yet: todomd perspective add NAME QUERY", .dim)) }
                for e in entries {
                    let p = e.perspective
                    let query = p.filter.map(QueryText.print) ?? "all"
                    out.print("  " + p.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                        + p.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  " + out.paint(query, .dim))
                }
                if builtIn { out.print("") }
            }
        }
    }
}

struct PerspectiveShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print a perspective in the file format, to copy into .perspectives.json.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The perspective's id or name (built-in views too: today).") var perspective: String
    @Flag(help: "Print its filter in the query syntax instead.") var query = false
    @Flag(help: "Print JSON (the definition with its version).") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let e = try service.perspective(perspective)
            if json { out.json(PerspectiveDocument(e)); return }
            if query {
                out.print(e.perspective.filter.map(QueryText.print) ?? "all")
                for s in e.perspective.sections { out.print("  \(s.name): " + QueryText.print(s.filter)) }
                return
            }
            out.print(JSONText.pretty(PerspectiveJSON.json(e.perspective)))
        }
    }
}

struct PerspectiveAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Save a query as a perspective.",
        discussion: "Example: todomd perspective add 'Work — Available Now' 'area:Work & available' --sort priority:desc --group-by project")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "Its name.") var name: String
    @Argument(help: "Its query, in the perspectives syntax (README, \"Perspectives\").") var query: String
    @Option(help: "Its id (default: made from the name).") var id: String?
    @Option(help: "Sort keys, comma-separated, :desc for descending (due,priority:desc).") var sort: String?
    @Option(name: .customLong("group-by"), help: "Group by area, project, tag, due, scheduled, date, priority, status, folder or none.")
    var groupBy: String?
    @Option(help: "An icon name (SF Symbols).") var icon: String?
    @Option(help: "An accent colour (#4A90D9).") var color: String?
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let (keys, grouping) = try PerspectiveOptions.arrangement(sort: sort, groupBy: groupBy)
            let p = Perspective(id: id ?? PerspectiveID.make(from: name), name: name, icon: icon, color: color,
                                filter: try PerspectiveOptions.tree(query), sort: keys, groupBy: grouping ?? .none)
            let e = try service.addPerspective(p)
            if json { out.json(PerspectiveDocument(e)); return }
            out.print("added perspective \(e.perspective.id): todomd list \(e.perspective.id)")
        }
    }
}

struct PerspectiveEdit: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a perspective of .perspectives.json.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The perspective's id or name.") var perspective: String
    @Option(help: "A new name.") var name: String?
    @Option(help: "A new query.") var query: String?
    @Option(help: "A new id.") var id: String?
    @Option(help: "New sort keys (due,priority:desc); \"\" for the manual order.") var sort: String?
    @Option(name: .customLong("group-by"), help: "A new grouping (none to stop grouping).") var groupBy: String?
    @Option(help: "A new icon.") var icon: String?
    @Option(help: "A new accent colour.") var color: String?
    @Option(help: "Only if the perspective is still at this version (from --json).") var version: String?
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let e = try service.perspective(perspective)
            var p = e.perspective
            if let name { p.name = name }
            if let query { p.filter = try PerspectiveOptions.tree(query) }
            if let id { p.id = id }
            if let icon { p.icon = icon.isEmpty ? nil : icon }
            if let color { p.color = color.isEmpty ? nil : color }
            if let sort { p.sort = sort.isEmpty ? [] : try PerspectiveOptions.arrangement(sort: sort, groupBy: nil).0 }
            if let groupBy { p.groupBy = try PerspectiveOptions.arrangement(sort: nil, groupBy: groupBy).1 ?? .none }
            let updated = try service.updatePerspective(e.perspective.id, with: p, expected: version ?? e.version)
            if json { out.json(PerspectiveDocument(updated)); return }
            out.print("changed perspective \(updated.perspective.id)")
        }
    }
}

struct PerspectiveRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove a perspective (a copy is kept in the trash folder).", aliases: ["remove", "delete"])
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The perspective's id or name.") var perspective: String
    @Option(help: "Only if the perspective is still at this version (from --json).") var version: String?

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let r = try service.removePerspective(perspective, expected: version)
            out.print("removed perspective \(r.removed.id) (a copy is in \(r.copy))")
        }
    }
}
