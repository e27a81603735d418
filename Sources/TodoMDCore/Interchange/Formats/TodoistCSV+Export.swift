import Foundation

extension TodoistCSV {
    /// Writes Todoist's template: the header, a `meta` row, then each task followed by its note
    /// (the body) and its subtasks (INDENT). Priority is inverted (high → 1 … none → 4), tags
    /// become `@labels` (spaces as `_`), dates are `YYYY-MM-DD[ HH:MM]`, a repeat is its rule in
    /// words (`every week on Monday starting 2026-11-30`, `every!` when it counts from the
    /// completion). A task with both dates writes `scheduled` as DATE and `due` as DEADLINE.
    /// Not carried: status, defer, flag, area, project (one file is one project), created.
    public func export(_ tasks: [TodoTask], context: ExportContext, write: (String) throws -> Void) throws {
        try write(CSVTable.row(Self.columns))
        try write(CSVTable.row(row(["TYPE": "meta", "CONTENT": "view_style=list"])))
        // Todoist imports every row as an open task: done and cancelled ones stay out.
        for (task, depth) in Self.outline(tasks.filter { !$0.status.isClosed }, context) {
            try write(CSVTable.row(row(cells(task, depth: depth, context: context))))
            let body = task.body.trimmed
            if !body.isEmpty { try write(CSVTable.row(row(["TYPE": "note", "CONTENT": body]))) }
        }
    }

    private func row(_ cells: [String: String]) -> [String] { Self.columns.map { cells[$0] ?? "" } }

    private func cells(_ t: TodoTask, depth: Int, context: ExportContext) -> [String: String] {
        var content = t.title.replacingOccurrences(of: "\n", with: " ")
        for tag in t.tags { content += " @" + tag.replacingOccurrences(of: " ", with: "_") }
        var c: [String: String] = ["TYPE": "task", "CONTENT": content, "DESCRIPTION": t.description ?? "", "INDENT": String(depth)]
        switch t.priority {
        case .high: c["PRIORITY"] = "1"
        case .medium: c["PRIORITY"] = "2"
        case .low: c["PRIORITY"] = "3"
        case .none: c["PRIORITY"] = "4"
        }
        func kept(_ key: String) -> String? {
            guard let v = t.extra.first(where: { $0.0 == format + "_" + key })?.1.scalarText, !v.isEmpty else { return nil }
            return v
        }
        var date = ""
        if let due = t.due, let scheduled = t.scheduled {
            date = TodoistDates.text(scheduled)
            c["DEADLINE"] = due.date.description
            c["DEADLINE_LANG"] = kept("deadline_lang") ?? "en"
        } else if let d = t.due ?? t.scheduled {
            date = TodoistDates.text(d)
        }
        if let words = TodoistDates.repeatText(t) { date = date.isEmpty ? words : words + " starting " + date }
        if date.isEmpty, let raw = kept("date") { date = raw }  // a date we could not read, as it was
        if !date.isEmpty {
            c["DATE"] = date
            c["DATE_LANG"] = kept("date_lang") ?? "en"
        }
        c["TIMEZONE"] = kept("timezone") ?? (date.isEmpty ? "" : context.clock.timeZone.identifier)
        if let m = t.estimatedMinutes {
            c["DURATION"] = String(m)
            c["DURATION_UNIT"] = "minute"
        }
        return c
    }

    /// The tasks with each subtask right below its parent (Todoist reads nesting from the order
    /// and INDENT), with their depth from 1. Tasks caught in a parent loop are written at the top.
    static func outline(_ tasks: [TodoTask], _ context: ExportContext) -> [(TodoTask, Int)] {
        var index: [String: Int] = [:]
        for (i, t) in tasks.enumerated() where t.line == nil && index[t.filename] == nil { index[t.filename] = i }
        var children: [Int: [Int]] = [:]
        var roots: [Int] = []
        for (i, t) in tasks.enumerated() {
            if let p = context.parent(of: t), let pi = index[p], pi != i { children[pi, default: []].append(i) } else { roots.append(i) }
        }
        var out: [(TodoTask, Int)] = []
        out.reserveCapacity(tasks.count)
        var seen = Set<Int>()
        func walk(from root: Int) {
            var stack = [(root, 1)]
            while let (i, depth) = stack.popLast() {
                guard seen.insert(i).inserted else { continue }
                out.append((tasks[i], depth))
                for c in (children[i] ?? []).reversed() { stack.append((c, depth + 1)) }
            }
        }
        for r in roots { walk(from: r) }
        for i in tasks.indices where !seen.contains(i) { walk(from: i) }
        return out
    }
}
