import ArgumentParser
import TodoMDCore

struct Tags: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Tags with the number of open tasks carrying them; --tree shows the hierarchy.")

    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Show the tag hierarchy (work → work/backend) with counts.") var tree = false
    @Flag(help: "Count every task, done and cancelled ones too.") var all = false
    @OptionGroup var filters: FilterOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            let filter = try filters.filter()
            let tasks = ctx.snapshot.tasks.filter {
                filter.matches($0) && (all || !filter.statuses.isEmpty || !$0.status.isClosed)
            }
            let forest = TagNode.tree(tasks)
            if json {
                func node(_ n: TagNode) -> JSON {
                    .object([("tag", .string(n.path)), ("name", .string(n.name)), ("count", .int(n.count)),
                             ("total", .int(n.total)), ("children", .array(n.children.map(node)))])
                }
                ctx.out.json(.array(forest.map(node)))
                return
            }
            if forest.isEmpty { ctx.out.print(ctx.out.paint("No tags.", .dim)); return }
            if tree {
                func walk(_ n: TagNode, _ depth: Int) {
                    let label = String(repeating: "  ", count: depth) + (depth == 0 ? "#" : "") + n.name
                    let counts = n.children.isEmpty ? "\(n.total)" : "\(n.total)" + (n.count > 0 ? " (\(n.count) here)" : "")
                    ctx.out.print(label + "  " + ctx.out.paint(counts, .dim))
                    for c in n.children { walk(c, depth + 1) }
                }
                for n in forest { walk(n, 0) }
            } else {
                func flat(_ n: TagNode) -> [TagNode] { (n.count > 0 ? [n] : []) + n.children.flatMap(flat) }
                let all = forest.flatMap(flat)
                let width = all.map(\.path.count).max() ?? 0
                for n in all { ctx.out.print("#" + n.path.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(n.count)") }
            }
        }
    }
}
