import ArgumentParser
import TodoMDAPI
import TodoMDCore

struct Recur: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Preview a recurrence rule: its occurrences, one per line.",
        discussion: """
        RULE is an RFC 5545 RRULE (FREQ=MONTHLY;BYDAY=-1FR, optionally with DTSTART:) or a text rule \
        (every month on the last Friday). As in python-dateutil, the start date is an occurrence \
        only when it matches the rule.
        """)

    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "An RRULE or a text rule.") var rule: String
    @Option(help: "The series start (YYYY-MM-DD or YYYY-MM-DDTHH:MM); default: the rule's DTSTART, else today.") var start: String?
    @Option(help: "How many occurrences to print.") var count: Int = 10
    @Option(help: "Only occurrences after this date.") var after: String?
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let preview = try service.recur(rule, start: start, after: after, count: count)
            if json { out.json(RecurDocument(preview)); return }
            for o in preview.occurrences { out.print(o) }
        }
    }
}
