import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// Options shared by `add` and `parse`: the text and the explicit fields that override it.
struct NewTaskOptions: ParsableArguments {
    @Argument(help: "The task, typed naturally: 'Buy milk tomorrow #errands !high ~15m' (quote it: in shells # starts a comment and ! expands history). Without it, a line is read from stdin.")
    var text: [String] = []
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
    @Option(help: "Make it a subtask of this task (part of its title, a short id, a path).") var parent: String?
    @Option(name: .customLong("blocked-by"), help: "A task it waits for (repeatable): written to `blocked_by`.") var blockedBy: [String] = []
    @Option(name: .customLong("check"), help: "A checklist item (repeatable): a `- [ ]` line in its notes.") var checklist: [String] = []
    @Option(help: "Create an item of this list type instead (book, movie…); the text then takes field=value words and #tags.") var type: String?

    /// The explicit fields, and the text to read as quick entry unless --literal.
    func draft() throws -> TaskDraft {
        var n = NewTask(title: try title())
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
        n.parent = parent
        n.blockedBy = blockedBy
        n.checklist = checklist
        return TaskDraft(n, quickEntry: !literal)
    }

    /// The words, or a line from stdin when there are none (no shell quoting to get wrong).
    func title() throws -> String {
        if !text.isEmpty && text != ["-"] { return text.joined(separator: " ") }
        if Terminal.isInteractive { FileHandle.standardError.write(Data("Task: ".utf8)) }
        guard let line = Swift.readLine(strippingNewline: true), !line.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw TodoError.invalidArgument("no task text (give it as an argument, or type a line on stdin)")
        }
        return line
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
        try CLI.run(vaultOptions, creating: true) { service, out in
            if let type = options.type, ListType.key(type) != "todo" {
                let item = try service.addItem(type: type, words: options.text)
                if json { out.json(ItemDocument(item)) } else { out.print(item.path) }
                return
            }
            let added = try service.add(try options.draft())
            if json {
                out.json(NewTaskDocument(added, today: service.clock.today))
                return
            }
            out.print(added.task.task.path)
            if !added.understood.isEmpty { Printer.note("understood: " + added.understood.joined(separator: ", ")) }
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
        try CLI.run(vaultOptions) { service, out in
            let preview = try service.parse(try options.draft())
            if json {
                out.json(NewTaskDocument(preview, today: service.clock.today))
                return
            }
            out.print(out.detail(preview.task))
            out.print("")
            out.print("understood: " + (preview.understood.isEmpty ? "nothing but the title" : preview.understood.joined(separator: ", ")))
        }
    }
}
