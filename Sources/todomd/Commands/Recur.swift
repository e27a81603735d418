import ArgumentParser
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
        try Context.run(vaultOptions) { ctx in
            let (parsed, whenDone) = try RecurrencePlanner.parse(rule)
            guard count >= 0, count <= 100_000 else { throw TodoError.invalidArgument("--count must be between 0 and 100000") }
            let startInstant: RecurrenceInstant
            if let s = start {
                startInstant = RecurrenceInstant(try DateArgument.parse(s, clock: ctx.clock))
            } else {
                startInstant = parsed.start ?? RecurrenceInstant(date: ctx.clock.today)
            }
            let afterInstant = try after.map { RecurrenceInstant(try DateArgument.parse($0, clock: ctx.clock)) }
            let list = parsed.occurrences(from: startInstant, after: afterInstant, limit: count)
            if json {
                ctx.out.json(.object([
                    ("rule", .string(parsed.stringWithStart)),
                    ("text", .string(TextRule.describe(parsed, whenDone: whenDone))),
                    ("start", .string(startInstant.description)),
                    ("occurrences", .array(list.map { .string($0.description) })),
                ]))
                return
            }
            for o in list { ctx.out.print(o.description) }
        }
    }
}
