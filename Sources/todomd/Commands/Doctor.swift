import ArgumentParser
import TodoMDAPI
import TodoMDCore

struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every file that could not be read fully, with the reason; exit 1 if any.")
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Also list task files without created or source (normal for hand-written files).") var strict = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let report = service.doctor(strict: strict)
            if json {
                out.json(DoctorDocument(report))
            } else {
                out.print("\(report.vault): \(report.taskCount) task\(report.taskCount == 1 ? "" : "s")")
                for p in report.problems {
                    out.print(out.paint(p.path, .bold))
                    // One reason may span lines (a value quoted from the file): keep them indented.
                    for r in p.reasons { out.print("  " + r.replacingOccurrences(of: "\n", with: "\n    ")) }
                }
                for n in report.notes { out.print(out.paint("note: " + n, .dim)) }
                if report.problems.isEmpty { out.print("no problems found") }
            }
            if !report.problems.isEmpty { throw ExitCode(1) }
        }
    }
}
