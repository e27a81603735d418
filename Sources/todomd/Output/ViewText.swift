import TodoMDCore

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
        if r.tasks.isEmpty {
            lines.append(p.paint("  Nothing here.", .dim))
            return lines.joined(separator: "\n")
        }
        for g in r.groups {
            if var name = g.name {
                if let d = g.date {
                    let n = r.today.days(until: d)
                    name = DateText.short(d, today: r.today) + "  " + p.paint(n == 1 ? "tomorrow" : "in \(n) days", .dim)
                }
                lines.append("")
                lines.append(p.header(name))
            }
            // Under an area or project heading, rows don't repeat it.
            let context = g.project ?? g.area
            for t in g.tasks {
                lines.append("  " + p.row(t, handle: handles[t.id], context: context).replacingOccurrences(of: "\n", with: "\n  "))
            }
        }
        return lines.joined(separator: "\n")
    }
}
