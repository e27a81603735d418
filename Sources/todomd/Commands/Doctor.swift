import ArgumentParser
import TodoMDCore

struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every file that could not be read fully, with the reason; exit 1 if any.")
    @OptionGroup var vaultOptions: VaultOptions
    @Flag var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            let snap = ctx.snapshot
            var problems = snap.problems
            if let p = ctx.order.problem { problems.append(FileProblem(path: OrderFile.fileName, reasons: [p])) }
            if let p = ctx.vault.settingsProblem { problems.append(FileProblem(path: VaultSettings.fileName, reasons: [p])) }
            if json {
                ctx.out.json(.object([
                    ("vault", .string(ctx.vault.root)),
                    ("tasks", .int(snap.tasks.count)),
                    ("problems", .array(problems.map { .object([("path", .string($0.path)), ("reasons", .array($0.reasons.map(JSON.string)))]) })),
                    ("notes", .array(snap.notes.map(JSON.string))),
                ]))
            } else {
                ctx.out.print("\(ctx.vault.root): \(snap.tasks.count) task\(snap.tasks.count == 1 ? "" : "s")")
                for p in problems {
                    ctx.out.print(ctx.out.paint(p.path, .bold))
                    for r in p.reasons { ctx.out.print("  " + r) }
                }
                for n in snap.notes { ctx.out.print(ctx.out.paint("note: " + n, .dim)) }
                if problems.isEmpty { ctx.out.print("no problems found") }
            }
            if !problems.isEmpty { throw ExitCode(1) }
        }
    }
}
