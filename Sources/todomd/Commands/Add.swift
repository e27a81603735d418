import ArgumentParser
import TodoMDCore

/// Options shared by `add` and `parse`: the text and the explicit fields that override it.
struct NewTaskOptions: ParsableArguments {
    @Argument(help: "The task, typed naturally: \"Buy milk tomorrow #errands !high ~15m\".") var text: [String]
    @Flag(help: "Take the text as the title, word for word (no quick-entry parsing).") var literal = false
    @Option(help: "Due date (2026-12-01, tomorrow, next friday, in 3 days, +3d…).") var due: String?
    @Option(name: .customLong("defer"), help: "Hide the task until this date.") var deferDate: String?
    @Option(help: "The date you plan to work on it.") var scheduled: String?
    @Option(help: "none, low, medium or high.") var priority: String?
    @Flag(help: "Flag the task.") var flag = false
    @Option(help: "Area.") var area: String?
    @Option(help: "Project.") var project: String?
    @Option(help: "Tag (repeatable).") var tag: [String] = []
    @Option(help: "Estimated minutes.") var estimate: Int?
    @Option(help: "A one-line description shown under the title.") var description: String?
    @Option(help: "An RRULE (FREQ=WEEKLY;BYDAY=SA) or a text rule (every saturday).") var recurrence: String?
    @Option(name: .customLong("repeat-mode"), help: "every (default), defer-another or due-again.") var repeatMode: String?
    @Option(help: "todo, in-progress, done, cancelled or someday.") var status: String?
    @Option(help: "Body text (Markdown notes).") var note: String?
    @Option(help: "Who created it (default: user).") var source: String?
    @Option(help: "Create an item of this list type instead (book, movie…); the text then takes field=value words and #tags.") var type: String?

    /// The validated task and what quick entry understood.
    func task(_ ctx: Context) throws -> (TodoTask, understood: [String]) {
        var n = NewTask(title: text.joined(separator: " "))
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
        n.repeatMode = repeatMode
        n.status = status
        n.body = note
        n.source = source
        if !literal { n.applyQuickEntry(n.title, clock: ctx.clock, bareDateField: ctx.vault.settings.bareDateField) }
        return (try n.make(clock: ctx.clock, settings: ctx.vault.settings), n.understood)
    }
}

struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a task file and print its path.",
        discussion: """
        The text is parsed like Things or Todoist quick entry (dates, #tags, +project, =area, !high, \
        !flag, ~30m, every …, // description); what was understood is printed on stderr. \
        --literal turns parsing off. Explicit options win over the text.
        """)

    @OptionGroup var vaultOptions: VaultOptions
    @OptionGroup var options: NewTaskOptions
    @Flag(help: "Print the task as JSON.") var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            if let typeName = options.type, ListType.key(typeName) != "todo" {
                guard let type = ctx.snapshot.type(named: typeName) else {
                    throw TodoError.invalidArgument("no type \"\(typeName)\"; types: " + ctx.snapshot.types.map(\.key).joined(separator: ", "))
                }
                var title: [String] = [], values: [(String, String)] = [], tags: [String] = []
                for word in options.text {
                    if let eq = word.firstIndex(of: "="), word[..<eq].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), eq != word.startIndex {
                        values.append((String(word[..<eq]), String(word[word.index(after: eq)...])))
                    } else if word.hasPrefix("#"), word.count > 1 {
                        tags.append(String(word.dropFirst()))
                    } else {
                        title.append(word)
                    }
                }
                let item = try ctx.vault.createItem(type: type, title: title.joined(separator: " "), values: values, tags: tags)
                if json { ctx.out.json(item.json) } else { ctx.out.print(item.path) }
                return
            }
            let (draft, understood) = try options.task(ctx)
            let task = try ctx.vault.create(draft)
            if json {
                ctx.out.json(.object([("task", task.json(today: ctx.clock.today)), ("understood", .array(understood.map(JSON.string)))]))
                return
            }
            ctx.out.print(task.path)
            if !understood.isEmpty { Printer.note("understood: " + understood.joined(separator: ", ")) }
        }
    }
}

struct Parse: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the task `add` would create from this text, writing nothing.")

    @OptionGroup var vaultOptions: VaultOptions
    @OptionGroup var options: NewTaskOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            var (task, understood) = try options.task(ctx)
            task.path = FileName.make(title: task.title, created: task.created ?? ctx.clock.now)
            if json {
                ctx.out.json(.object([("task", task.json(today: ctx.clock.today)), ("understood", .array(understood.map(JSON.string)))]))
                return
            }
            ctx.out.print(ctx.out.detail(task))
            ctx.out.print("")
            ctx.out.print("understood: " + (understood.isEmpty ? "nothing but the title" : understood.joined(separator: ", ")))
        }
    }
}
