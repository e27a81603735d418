import ArgumentParser
import TodoMDAPI
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
        try CLI.run(vaultOptions) { service, out in
            let forest = service.tags(filter: try filters.filter(), includeClosed: all)
            if json {
                out.json(TagTreeDocument(forest))
                return
            }
            if forest.isEmpty { out.print(out.paint("No tags.", .dim)); return }
            if tree {
                func walk(_ n: TagNode, _ depth: Int) {
                    let label = String(repeating: "  ", count: depth) + (depth == 0 ? "#" : "") + n.name
                    let counts = n.children.isEmpty ? "\(n.total)" : "\(n.total)" + (n.count > 0 ? " (\(n.count) here)" : "")
                    out.print(label + "  " + out.paint(counts, .dim))
                    for c in n.children { walk(c, depth + 1) }
                }
                for n in forest { walk(n, 0) }
            } else {
                func flat(_ n: TagNode) -> [TagNode] { (n.count > 0 ? [n] : []) + n.children.flatMap(flat) }
                let all = forest.flatMap(flat)
                let width = all.map(\.path.count).max() ?? 0
                for n in all { out.print("#" + n.path.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(n.count)") }
            }
        }
    }
}
