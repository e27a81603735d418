import TodoMDCore
import TodoMDService

/// A view as text: a header, then groups of task rows (each with its short handle).
enum ViewText {
    static func render(_ r: ViewResult, _ p: Printer, handles: [String: String] = [:]) -> String {
        let title = r.kind.rawValue.prefix(1).uppercased() + r.kind.rawValue.dropFirst()
        var lines = [p.header(r.kind == .today ? "\(title) — \(DateText.short(r.today))" : title)]
        if r.kind == .tags {
            if r.tagCounts.isEmpty { lines.append(p.paint("  No tags.", .dim)) }
            let width = r.tagCounts.map(\.tag.count).max() ?? 0
            for t in r.tagCounts {
                lines.append("  #" + t.tag.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(t.count)")
            }
            return lines.joined(separator: "\n")
        }
        return (lines + groups(r.groups, today: r.today, p, handles: handles)).joined(separator: "\n")
    }

    /// A perspective's (or query's) groups under its name.
    static func render(_ perspective: Perspective, groups: [ViewGroup], today: LocalDate, _ p: Printer, handles: [String: String]) -> String {
        let title = perspective.id == TodoService.adHocID ? "Query: " + perspective.name : perspective.name
        return ([p.header(title)] + Self.groups(groups, today: today, p, handles: handles)).joined(separator: "\n")
    }

    static func groups(_ groups: [ViewGroup], today: LocalDate, _ p: Printer, handles: [String: String]) -> [String] {
        var lines: [String] = []
        if groups.allSatisfy(\.tasks.isEmpty) { return [p.paint("  Nothing here.", .dim)] }
        for g in groups {
            if var name = g.name {
                if let d = g.date {
                    let n = today.days(until: d)
                    let when = n == 0 ? "today" : (n == 1 ? "tomorrow" : (n == -1 ? "yesterday" : (n < 0 ? "\(-n) days ago" : "in \(n) days")))
                    name = DateText.short(d, today: today) + "  " + p.paint(when, .dim)
                }
                lines.append("")
                lines.append(p.header(name))
            }
            // Under an area or project heading, rows don't repeat it.
            let context = g.project ?? g.area
            for t in g.tasks {
                // A subtask sits under its parent, indented; alone, it names its parent.
                let n = g.nesting[t.key]
                let indent = "  " + String(repeating: "  ", count: n?.depth ?? 0)
                var row = p.row(t, handle: handles[t.id], context: context)
                if let n, n.depth == 0 { row += p.paint("  ↳ " + n.parentTitle, .dim) }
                if let hold = g.holds[t.key] {
                    if !hold.blockedBy.isEmpty { row += p.paint("  🔒 " + hold.blockedBy.joined(separator: ", "), .dim) }
                    if let first = hold.waitsFor { row += p.paint("  ⏳ after " + first, .dim) }
                }
                lines.append(indent + TerminalText.replacingNewlines(row, with: "\n" + indent))
            }
        }
        return lines
    }
}
