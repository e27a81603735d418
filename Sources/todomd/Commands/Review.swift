import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `todomd review [PROJECT]`: the weekly review (OmniFocus): the projects due, or mark one reviewed.
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "The weekly review: projects due for review with their counts; `todomd review PROJECT` marks one reviewed.",
        discussion: """
        A project's review is due a week (`.todomd.json` "projects": {"NAME": {"review_interval_days": 14}}) after it was \
        last reviewed; a project never reviewed is due now. Stalled: open tasks, none available. --all lists every project.
        """)
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "Mark this project reviewed today.") var project: [String] = []
    @Flag(help: "List every project, not only those due.") var all = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let today = service.clock.today
            if !project.isEmpty {
                let s = try service.markReviewed(project.joined(separator: " "))
                if json { out.json(ProjectReviewDTO(s)); return }
                out.print("reviewed \(s.project); next review \(DateText.relative(s.nextReview, today: today))")
                return
            }
            let states = try service.review()
            if json { out.json(ReviewDocument(states, today: today)); return }
            let shown = all ? states : states.filter(\.due)
            out.print(out.header("Review") + out.paint("  \(states.filter(\.due).count) of \(states.count) projects due", .dim))
            if shown.isEmpty { out.print(out.paint("  Nothing to review. `--all` lists every project.", .dim)) }
            for s in shown {
                var meta = ["\(s.open) open", "\(s.available) available"]
                if s.overdue > 0 { meta.append(out.paint("\(s.overdue) overdue", .red)) }
                if s.stalled { meta.append(out.paint("stalled", .yellow)) }
                let when = s.lastReviewed.map { "reviewed " + DateText.relative($0, today: today) } ?? "never reviewed"
                out.print("  " + (s.due ? "○ " : "✓ ") + s.project + (s.area.map { out.paint(" (\($0))", .cyan) } ?? "")
                          + "  " + meta.joined(separator: " · ") + out.paint("  " + when, .dim))
            }
        }
    }
}
