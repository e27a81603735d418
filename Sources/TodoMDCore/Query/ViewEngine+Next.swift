import Foundation

extension ViewEngine {
    /// The Next view (OmniFocus' "first available", GTD's next actions): for each project its
    /// first available task in the project's manual order (`.order.json`'s `project:NAME`, then
    /// created), and every available task with no project (`next`'s manual order). One group per
    /// project, alphabetically, "No Project" last. Archived tasks are left out before the first
    /// is chosen; `filter` then narrows what is shown, as it narrows every view.
    /// `tasks` must hold every available task of each project (the service loads them all);
    /// `dependencies` are the whole vault's, with its sequential projects.
    func nextGroups(_ tasks: [TodoTask], filter: TaskFilter, dependencies: TaskDependencies) -> [ViewGroup] {
        let context = QueryContext(clock: clock, dependencies: dependencies)
        var byProject: [String: [TodoTask]] = [:]
        var loose: [TodoTask] = []
        for t in tasks where isRetained(t) && !isArchived(t) && QueryEvaluator.isAvailable(t, context) {
            if let p = t.project { byProject[p, default: []].append(t) } else { loose.append(t) }
        }
        var groups: [ViewGroup] = []
        for p in byProject.keys.sorted(by: Self.alphabetical) {
            guard let first = manual(ProjectSequence.orderKey(p), byProject[p]!).first, filter.matches(first) else { continue }
            var g = ViewGroup(name: p, tasks: [first])
            g.project = p
            groups.append(g)
        }
        let rest = manual(ViewKind.next.rawValue, loose.filter(filter.matches))
        if !rest.isEmpty { groups.append(ViewGroup(name: "No Project", tasks: rest)) }
        return groups
    }
}
