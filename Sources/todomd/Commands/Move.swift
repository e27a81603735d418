import ArgumentParser
import TodoMDAPI
import TodoMDCore

struct Move: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Reorder: put TASK before or after OTHER in a view's manual order (.order.json).",
        discussion: "Without --view the list is the task's project (project:NAME), else its area (area:NAME), else inbox.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: taskHelp) var task: String
    @Option(help: "Put it before this task.") var before: String?
    @Option(help: "Put it after this task.") var after: String?
    @Option(help: "inbox, today, anytime, someday, flagged, project:NAME or area:NAME.") var view: String?
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard (before == nil) != (after == nil) else { throw ValidationError("give exactly one of --before and --after") }
    }

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let m = try service.move(task, before: before != nil, other: before ?? after ?? "", view: view)
            if json {
                out.json(MoveDocument(m))
            } else {
                out.print("moved \(m.task.title) \(m.before ? "before" : "after") \(m.other.title) in \(m.list)")
            }
        }
    }
}
