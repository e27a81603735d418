import ArgumentParser
import TodoMDAPI
import TodoMDCore
import TodoMDIndex
import TodoMDService

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a view (inbox, today, upcoming, anytime, next, someday, flagged, logbook, areas, tags, all), a saved view, a perspective, or a query.",
        discussion: """
            Each row starts with the task's short id: `todomd done 7fa` acts on it.
            A query is written in the perspectives syntax: todomd list 'area:Work & (p1 | flagged) & !#waiting & due<+7d'
            (README, "Perspectives").
            """,
        aliases: ["ls"])

    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The view.", completion: Completions.words(.views)) var view: String = "today"
    @OptionGroup var filters: FilterOptions
    @Option(help: "Sort keys, comma-separated, :desc for descending (due,priority:desc); for perspectives, queries and built-in views.")
    var sort: String?
    @Option(name: .customLong("group-by"), help: "Group by area, project, tag, due, scheduled, date, priority, status, folder or none.")
    var groupBy: String?
    @Flag(name: [.customLong("paths"), .customShort("v")], help: "Show each task's file.") var paths = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, printer in
            var out = printer
            out.showPaths = paths
            let page: ViewPage
            let (sortKeys, grouping) = try PerspectiveOptions.arrangement(sort: sort, groupBy: groupBy)
            do { page = try service.view(view, filter: try filters.filter(), sort: sortKeys, groupBy: grouping) } catch TodoError.invalidArgument(let m) where m.hasPrefix("unknown view") {
                // `todomd lsit`: the word may be a mistyped command rather than a view.
                let commands = Suggestion.closest(to: view, among: GlobalOptions.names(of: TodoMD.self))
                guard !commands.isEmpty else { throw TodoError.invalidArgument(m) }
                throw TodoError.invalidArgument("unknown command or view \"\(view)\"; did you mean "
                    + commands.map { "`todomd \($0)`" }.joined(separator: " or ") + "? (`todomd --help` lists the commands)")
            }
            for w in page.warnings { Printer.warn(w) }
            if json {
                if case .builtIn(let r) = page.content, r.kind == .tags {
                    // The same object as `todomd tags --json`.
                    out.json(TagTreeDocument(service.tags(filter: try filters.filter(), includeClosed: false)))
                } else {
                    out.json(AnyViewDocument(page))
                }
            } else {
                switch page.content {
                case .builtIn(let result):
                    out.print(ViewText.render(result, out, handles: service.handles(for: result.tasks)))
                case let .saved(v, tasks, items, types):
                    let handles = service.handles(for: tasks)
                    out.print(out.header(v.name))
                    if tasks.isEmpty && items.isEmpty { out.print(out.paint("  Nothing here.", .dim)) }
                    for t in tasks { out.print("  " + TerminalText.replacingNewlines(out.row(t, handle: handles[t.id]), with: "\n  ")) }
                    for i in items { out.print("  " + out.itemRow(i, type: types.first { $0.key == ListType.key(i.type) })) }
                case let .perspective(p, groups):
                    out.print(ViewText.render(p, groups: groups, today: page.today, out, handles: service.handles(for: groups.flatMap(\.tasks))))
                }
            }
            Trace.mark("render")
        }
    }
}
