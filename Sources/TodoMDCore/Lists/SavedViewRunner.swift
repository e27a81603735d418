/// Runs a saved view over a snapshot: the tasks (type `todo`) and typed items it matches.
public enum SavedViewRunner {
    public static func run(_ view: SavedView, _ snap: VaultSnapshot, clock: Clock) -> (tasks: [TodoTask], items: [ListItem]) {
        let today = clock.today
        let tasks = snap.tasks.filter { view.filter.matches($0, today: today, zone: clock.timeZone) }
            .sorted { a, b in
                switch (a.due, b.due) {
                case let (x?, y?) where x != y: return x < y
                case (.some, nil): return true
                case (nil, .some): return false
                default: return ViewEngine.byCreated(a, b)
                }
            }
        let items = snap.items.filter { view.filter.matches($0, today: today) }
            .sorted { $0.title.localizedCaseInsensitiveCompare($1.title) == .orderedAscending }
        return (tasks, items)
    }

    /// The saved view called `name` (case-insensitive), or at that path.
    public static func find(_ name: String, in snap: VaultSnapshot) -> SavedView? {
        snap.views.first { $0.name.caseInsensitiveCompare(name) == .orderedSame || $0.path == name || $0.path == name + ".md" }
    }
}
