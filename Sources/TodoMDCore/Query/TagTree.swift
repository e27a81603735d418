/// The tag hierarchy (`work/backend/api` lives under `work/backend` under `work`), with the number
/// of tasks carrying each tag itself and each subtree.
public struct TagNode: Sendable, Equatable {
    /// The last path component (`api`).
    public var name: String
    /// The full tag (`work/backend/api`).
    public var path: String
    /// Tasks tagged exactly this tag.
    public var count: Int
    /// Tasks tagged this tag or any tag below it (each task counted once).
    public var total: Int
    public var children: [TagNode]

    /// Builds the forest from each task's tags. Names compare case-insensitively; the first
    /// spelling seen is shown.
    public static func tree(_ tasks: [TodoTask]) -> [TagNode] {
        final class Box {
            var name: String, path: String, count = 0
            var members = Set<String>()
            var children: [String: Box] = [:]
            init(_ name: String, _ path: String) { self.name = name; self.path = path }
            func node() -> TagNode {
                TagNode(name: name, path: path, count: count, total: members.count,
                        children: children.values.sorted { $0.name.lowercased() < $1.name.lowercased() }.map { $0.node() })
            }
        }
        let root = Box("", "")
        for t in tasks {
            var seenExact = Set<String>()
            for tag in t.tags {
                let parts = tag.split(separator: "/").map(String.init)
                var box = root
                var path = ""
                for part in parts {
                    path = path.isEmpty ? part : path + "/" + part
                    let key = part.lowercased()
                    if box.children[key] == nil { box.children[key] = Box(part, path) }
                    box = box.children[key]!
                    box.members.insert(t.key)
                }
                if seenExact.insert(tag.lowercased()).inserted { box.count += 1 }
            }
        }
        return root.node().children
    }
}
