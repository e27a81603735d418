import ArgumentParser
import TodoMDCore

struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create a task file and print its path.")

    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The task title.") var title: [String]
    @Option(help: "Due date (YYYY-MM-DD, today, tomorrow, a weekday, +Nd).") var due: String?
    @Option(name: .customLong("defer"), help: "Hide the task until this date.") var deferDate: String?
    @Option(help: "The date you plan to work on it.") var scheduled: String?
    @Option(help: "none, low, medium or high.") var priority: String?
    @Flag(help: "Flag the task.") var flag = false
    @Option(help: "Area.") var area: String?
    @Option(help: "Project.") var project: String?
    @Option(help: "Tag (repeatable).") var tag: [String] = []
    @Option(help: "Estimated minutes.") var estimate: Int?
    @Option(help: "A one-line description shown under the title.") var description: String?
    @Option(help: "An RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=SA.") var recurrence: String?
    @Option(help: "todo, in-progress, done, cancelled or someday.") var status: String?
    @Option(help: "Body text (Markdown notes).") var note: String?
    @Option(help: "Who created it (default: user).") var source: String?
    @Flag(help: "Print the task as JSON.") var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            var n = NewTask(title: title.joined(separator: " "))
            n.due = due
            n.deferDate = deferDate
            n.scheduled = scheduled
            n.priority = priority
            n.flagged = flag
            n.area = area
            n.project = project
            n.tags = tag
            n.estimatedMinutes = estimate
            n.description = description
            n.recurrence = recurrence
            n.status = status
            n.body = note
            n.source = source
            let task = try ctx.vault.create(n.make(clock: ctx.clock, settings: ctx.vault.settings))
            if json { ctx.out.json(task.json) } else { ctx.out.print(task.path) }
        }
    }
}
