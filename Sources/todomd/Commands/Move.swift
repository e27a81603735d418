import ArgumentParser
import TodoMDCore

struct Move: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Reorder: put TASK before or after OTHER in a view's manual order (.order.json).",
        discussion: "Without --view the list is the task's project (project:NAME), else its area (area:NAME), else inbox.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument var task: String
    @Option(help: "Put it before this task.") var before: String?
    @Option(help: "Put it after this task.") var after: String?
    @Option(help: "inbox, today, anytime, someday, flagged, project:NAME or area:NAME.") var view: String?
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard (before == nil) != (after == nil) else { throw ValidationError("give exactly one of --before and --after") }
    }

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            let t = try ctx.resolve(task)
            let other = try ctx.resolve(before ?? after ?? "")
            let key = view ?? ViewEngine.defaultOrderKey(for: t)
            let shown = try Self.shown(key, ctx)
            var order = ctx.order
            let list = try Reorder.reorder(list: order.problem == nil ? order.views[key] ?? [] : [], shown: shown, moving: t,
                                           before != nil ? .before : .after, other: other)
            order.views[key] = list
            try order.save(root: ctx.vault.root, clock: ctx.clock)
            if json {
                ctx.out.json(.object([("view", .string(key)), ("order", .array(list.map(JSON.string)))]))
            } else {
                ctx.out.print("moved \(t.title) \(before != nil ? "before" : "after") \(other.title) in \(key)")
            }
        }
    }

    /// The tasks of the list as currently shown.
    static func shown(_ key: String, _ ctx: Context) throws -> [TodoTask] {
        let engine = ctx.engine, tasks = ctx.snapshot.tasks
        if key.hasPrefix("project:") {
            let p = String(key.dropFirst(8))
            return engine.manual(key, tasks.filter { $0.project == p && !$0.status.isClosed })
        }
        if key.hasPrefix("area:") {
            let a = String(key.dropFirst(5))
            return engine.manual(key, tasks.filter { $0.area == a && $0.project == nil && !$0.status.isClosed })
        }
        guard let kind = ViewKind(rawValue: key), kind.isManuallyOrdered else {
            throw TodoError.invalidArgument("cannot reorder \"\(key)\"; use inbox, today, anytime, someday, flagged, project:NAME or area:NAME")
        }
        return engine.build(kind, tasks: tasks).tasks
    }
}
