import ArgumentParser
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
        try Context.run(vaultOptions) { ctx in
            let filter = try filters.filter()
            guard let kind = ViewKind(rawValue: view.lowercased()) else {
                let snap = ctx.snapshot
                guard let saved = SavedViewRunner.find(view, in: snap) else {
                    throw TodoError.invalidArgument("unknown view \"\(view)\"; views: "
                        + (ViewKind.allCases.map(\.rawValue) + snap.views.map(\.name)).joined(separator: ", "))
                }
                try showSaved(saved, ctx)
                return
            }
            let snap = ctx.snapshot(for: kind, filter: filter)
            let order = ctx.order
            if let p = order.problem { Printer.warn(p) }
            if !snap.problems.isEmpty {
                Printer.warn("\(snap.problems.count) file(s) could not be read fully; run `todomd doctor`")
            }
            let result = ctx.engine.build(kind, tasks: snap.tasks, filter: filter)
            Trace.mark("build view")
            if json { ctx.out.json(ViewJSON.render(result)) } else { ctx.out.print(ViewText.render(result, ctx.out)) }
            Trace.mark("render")
        }
    }

    /// A saved view: its tasks, then its items; filters given on the command line narrow it.
    func showSaved(_ v: SavedView, _ ctx: Context) throws {
        let snap = ctx.snapshot
        var (tasks, items) = SavedViewRunner.run(v, snap, clock: ctx.clock)
        let extra = try filters.filter()
        tasks = tasks.filter(extra.matches)
        if !extra.isEmpty { items = items.filter { i in extra.tags.allSatisfy { w in i.tags.contains { TaskFilter.tag($0, matches: w) } } } }
        if json {
            ctx.out.json(.object([("view", .string(v.name)), ("path", .string(v.path)), ("today", .string(ctx.clock.today.description)),
                                  ("display_style", .string(v.displayStyle)), ("count", .int(tasks.count + items.count)),
                                  ("tasks", .array(tasks.map { $0.json(today: ctx.clock.today) })), ("items", .array(items.map(\.json)))]))
            return
        }
        ctx.out.print(ctx.out.header(v.name))
        for p in v.problems { Printer.warn("\(v.path): \(p)") }
        if tasks.isEmpty && items.isEmpty { ctx.out.print(ctx.out.paint("  Nothing here.", .dim)) }
        for t in tasks { ctx.out.print("  " + ctx.out.row(t)) }
        for i in items { ctx.out.print("  " + ctx.out.itemRow(i, type: snap.type(named: i.type))) }
    }
}
