import Foundation
import TodoMDCore

/// The weekly review (issue 21 item 7, OmniFocus): projects due for review with their counts,
/// and marking one reviewed (`.reviews.json`, written through the vault's checked writes).
extension TodoService {
    /// Every project with open tasks, due reviews first.
    public func review() throws -> [ProjectReviewState] {
        try locked {
            try requireVault()
            let clock = self.clock
            let snap = snapshot(.all, clock: clock)
            let deps = dependencies(among: snap.tasks, order: OrderFile.load(root: root))
            return ProjectReview.states(tasks: snap.tasks, settings: vault.settings, reviews: ProjectReview.load(root: root).reviews,
                                        clock: clock, dependencies: deps)
        }
    }

    /// Marks `project` (its name, any case) reviewed today; returns its state now.
    public func markReviewed(_ project: String) throws -> ProjectReviewState {
        try locked {
            let states = try review()
            guard let state = states.first(where: { $0.project == project })
                    ?? states.first(where: { $0.project.caseInsensitiveCompare(project) == .orderedSame }) else {
                let names = states.map(\.project)
                throw TodoError.missing("no project \"\(project)\" with open tasks"
                    + Suggestion.hint(for: project, among: names, quote: "\"") + (names.isEmpty ? "" : "; projects: " + names.joined(separator: ", ")))
            }
            let today = clock.today
            let path = ProjectReview.fileName
            let (reviews, _) = ProjectReview.load(root: root)
            let bytes = ProjectReview.marking(state.project, on: today, in: reviews)
            if let current = try? vault.readBytes(path) {
                try vault.replaceFile(path, expected: Vault.fingerprint(current), with: bytes)
            } else if !(try vault.createFile(path, bytes: bytes)) {
                throw TodoError.conflict(path: path, reason: "another program wrote it just now; try again")
            }
            var next = state
            next.lastReviewed = today
            next.nextReview = today.adding(days: state.intervalDays)
            next.due = false
            return next
        }
    }
}
