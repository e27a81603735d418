import ArgumentParser
import TodoMDAPI
import TodoMDCore
import TodoMDIndex

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a view: inbox, today, upcoming, anytime, someday, flagged, logbook, areas, tags, all, or a saved view's name.")

    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The view (default: today).") var view: String = "today"
    @OptionGroup var filters: FilterOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let page = try service.view(view, filter: try filters.filter())
            for w in page.warnings { Printer.warn(w) }
            if json {
                out.json(AnyViewDocument(page))
            } else {
                switch page.content {
                case .builtIn(let result): out.print(ViewText.render(result, out))
                case let .saved(v, tasks, items, types):
                    out.print(out.header(v.name))
                    if tasks.isEmpty && items.isEmpty { out.print(out.paint("  Nothing here.", .dim)) }
                    for t in tasks { out.print("  " + out.row(t)) }
                    for i in items { out.print("  " + out.itemRow(i, type: types.first { $0.key == ListType.key(i.type) })) }
                }
            }
            Trace.mark("render")
        }
    }
}
