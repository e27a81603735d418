import ArgumentParser
import TodoMDAPI
import TodoMDCore

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Full-text search over titles, descriptions, tags and bodies, best match first.",
        discussion: """
            Words are ANDed; `word*` matches a prefix, "two words" a phrase, OR and NOT (capitals) \
            combine. Give a view (today, anytime…) and filters to search within them.
            """)

    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "What to look for.") var query: String
    @Argument(help: "Only tasks this view shows (inbox, today, upcoming, anytime, next, someday, flagged, logbook, areas, all).")
    var view: String?
    @OptionGroup var filters: FilterOptions
    @Option(help: "At most this many hits.") var limit = 50
    @Flag(name: [.customLong("paths"), .customShort("v")], help: "Show each task's file.") var paths = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, printer in
            var out = printer
            out.showPaths = paths
            let results = try service.search(query, view: view, filter: try filters.filter(), limit: limit)
            if json {
                out.json(SearchDocument(results, today: service.clock.today))
                return
            }
            if results.hits.isEmpty { out.print(out.paint("Nothing matches.", .dim)) }
            let handles = service.handles(for: results.hits.map(\.task.task))
            for h in results.hits {
                out.print(out.row(h.task.task, handle: handles[h.task.task.id]))
                out.print("    " + out.highlight(h.snippet.replacingOccurrences(of: "\n", with: " ")))
            }
        }
    }
}
