import TodoMDCore

extension TodoService {
    /// What a shell completes, one candidate per entry (`todomd complete-words KIND`).
    public enum CompletionKind: String, CaseIterable, Sendable {
        case views, statuses, areas, projects, tags, tasks
    }

    /// The words of `kind`: view names (built-in and saved), statuses, the areas, projects and
    /// tags of open tasks, and open tasks' titles. A missing vault completes nothing.
    public func completionWords(_ kind: CompletionKind) -> [String] {
        switch kind {
        case .statuses: return TaskStatus.allCases.map(\.rawValue)
        case .views: return views().map(\.name)
        case .tags:
            func walk(_ n: TagNode) -> [String] { [n.path] + n.children.flatMap(walk) }
            return tags().flatMap(walk)
        case .areas: return areas().compactMap(\.name)
        case .projects: return areas().flatMap { $0.projects.map(\.name) }
        case .tasks:
            guard let page = try? view(ViewKind.anytime.rawValue), case .builtIn(let r) = page.content else { return [] }
            return r.tasks.map(\.title)
        }
    }
}
