import ArgumentParser
import TodoMDCore
import TodoMDIndex

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Full-text search over titles, descriptions, tags and bodies, best match first.",
        discussion: """
            Words are ANDed; `word*` matches a prefix, "two words" a phrase, OR and NOT (capitals) \
            combine. Give a view (today, anytime…) and filters to search within them.
            """)

    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "What to look for.") var query: String
    @Argument(help: "Only tasks this view shows (inbox, today, upcoming, anytime, someday, flagged, logbook, areas, all).")
    var view: String?
    @OptionGroup var filters: FilterOptions
    @Option(help: "At most this many hits.") var limit = 50
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            var kind: ViewKind?
            if let view {
                guard let k = ViewKind(rawValue: view.lowercased()) else {
                    throw TodoError.invalidArgument("unknown view \"\(view)\"; views: " + ViewKind.allCases.map(\.rawValue).joined(separator: ", "))
                }
                kind = k
            }
            let index = try ctx.searchIndex()
            let hits = try index.search(query, view: kind, filter: try filters.filter(), engine: ctx.engine, limit: max(1, limit))
            if json {
                ctx.out.json(.object([
                    ("query", .string(query)), ("count", .int(hits.count)),
                    ("hits", .array(hits.map { h in
                        .object([("rank", .double(h.rank)), ("snippet", .string(h.snippet)), ("task", h.task.json(today: ctx.clock.today))])
                    })),
                ]))
                return
            }
            if hits.isEmpty { ctx.out.print(ctx.out.paint("Nothing matches.", .dim)) }
            for h in hits {
                ctx.out.print(ctx.out.row(h.task))
                ctx.out.print("    " + ctx.out.highlight(h.snippet.replacingOccurrences(of: "\n", with: " ")))
            }
        }
    }
}
