import ArgumentParser
import TodoMDCore

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a view: inbox, today, upcoming, anytime, someday, flagged, logbook, areas, tags, all.")

    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The view (default: today).") var view: String = "today"
    @OptionGroup var filters: FilterOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            guard let kind = ViewKind(rawValue: view.lowercased()) else {
                throw TodoError.invalidArgument("unknown view \"\(view)\"; views: "
                    + ViewKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let snap = ctx.snapshot
            let order = ctx.order
            if let p = order.problem { Printer.warn(p) }
            if !snap.problems.isEmpty {
                Printer.warn("\(snap.problems.count) file(s) could not be read fully; run `todomd doctor`")
            }
            let result = ctx.engine.build(kind, tasks: snap.tasks, filter: try filters.filter())
            if json { ctx.out.json(ViewJSON.render(result)) } else { ctx.out.print(ViewText.render(result, ctx.out)) }
        }
    }
}
