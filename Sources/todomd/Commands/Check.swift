import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `todomd check TASK ITEM`: ticks an item of a task's checklist (the checkbox lines of its notes).
struct CheckItem: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Tick (or untick) an item of a task's checklist: the checkbox lines in its notes; only that line changes.",
        discussion: "ITEM is the item's number (`todomd show TASK` lists them) or part of its text. Without --done/--undone it toggles.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The task (a short id, a path, part of the title).", completion: Completions.words(.tasks)) var task: String
    @Argument(help: "The item: its number or part of its text.") var item: [String]
    @Flag(help: "Check it (even if it is checked).") var done = false
    @Flag(help: "Uncheck it.") var undone = false
    @OptionGroup var write: WriteOptions

    func run() throws {
        guard !(done && undone) else { throw ValidationError("--done or --undone, not both") }
        guard !item.isEmpty else { throw ValidationError("name the item: its number or part of its text") }
        let state: Bool? = done ? true : undone ? false : nil
        try CLI.run(vaultOptions) { service, out in
            let o = try service.check(task, item: item.joined(separator: " "), done: state, expected: try write.expected())
            if write.json { out.json(ActionDocument(o, today: service.clock.today)); return }
            for m in o.messages { out.print(m) }
            if let p = Checklist.progress(of: o.task.task.body) { out.print(out.paint("\(o.task.task.title): \(p.done)/\(p.total) done", .dim)) }
        }
    }
}
