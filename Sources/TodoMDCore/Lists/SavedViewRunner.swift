/// Runs a saved view over a snapshot: the tasks (type `todo`) and typed items it matches,
/// through the same query tree as perspectives (`ViewFilter.query`).
public enum SavedViewRunner {
    public static func run(_ view: SavedView, _ snap: VaultSnapshot, clock: Clock) -> (tasks: [TodoTask], items: [ListItem]) {
        let context = QueryContext(clock: clock)
        let tree = view.filter.query
        // The tree of a parsed view only holds conditions the evaluator takes.
        guard let taskTest = try? QueryEvaluator.compile(tree, context: context, as: TodoTask.self),
              let itemTest = try? QueryEvaluator.compile(tree, context: context, as: ListItem.self) else { return ([], []) }
        let tasks = snap.tasks.filter(taskTest)
            .sorted { a, b in
                switch (a.due, b.due) {
                case let (x?, y?) where x != y: return x < y
                case (.some, nil): return true
                case (nil, .some): return false
                default: return ViewEngine.byCreated(a, b)
                }
            }
        let items = snap.items.filter(itemTest)
            .sorted { $0.title.localizedCaseInsensitiveCompare($1.title) == .orderedAscending }
        return (tasks, items)
    }

    /// The saved view called `name` (case-insensitive), or at that path.
    public static func find(_ name: String, in snap: VaultSnapshot) -> SavedView? {
        snap.views.first { $0.name.caseInsensitiveCompare(name) == .orderedSame || $0.path == name || $0.path == name + ".md" }
    }
}
