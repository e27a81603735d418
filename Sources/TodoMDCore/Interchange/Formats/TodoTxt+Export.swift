import Foundation

extension TodoTxt {
    /// One line per task, in the syntax `read` takes: `x` + completion and creation dates for a
    /// done task (its priority as `pri:`), `(A)`–`(C)` (or the D–Z letter it was imported with)
    /// and the creation date for an open one, then the title, `+project` and `@tags` (spaces as
    /// `_`), `due:`, `t:` (defer), `scheduled:`, `rec:` when todo.txt can say the rule (else left
    /// out), `h:1` for someday, `status:` for cancelled and in-progress, and the `todotxt_*` keys
    /// it was imported with. Not carried: description, body, area, flag, estimate; dates of
    /// creation and completion keep their day only.
    public func export(_ tasks: [TodoTask], context: ExportContext, write: (String) throws -> Void) throws {
        for t in tasks { try write(line(t, zone: context.clock.timeZone) + "\n") }
    }

    func line(_ t: TodoTask, zone: TimeZone) -> String {
        var words: [String] = []
        let created = t.created.map { LocalDate($0, in: zone).description }
        let closed = t.status == .done || t.status == .cancelled
        var letter: String?
        switch t.priority {
        case .high: letter = "A"
        case .medium: letter = "B"
        case .low: letter = kept(t, "priority").flatMap { $0.count == 1 && ("D"..."Z").contains($0) ? $0 : nil } ?? "C"
        case .none: letter = nil
        }
        if closed {
            words.append("x")
            if let c = t.completed { words.append(LocalDate(c, in: zone).description) }
            // A creation date needs the completion date before it.
            if t.completed != nil, let created { words.append(created) }
        } else {
            if let letter { words.append("(\(letter))") }
            if let created { words.append(created) }
        }
        words.append(t.title.replacingOccurrences(of: "\n", with: " "))
        if let p = t.project, !p.isEmpty { words.append("+" + Self.word(p)) }
        words += t.tags.map { "@" + Self.word($0) }
        var written: Set<String> = ["priority"]
        func add(_ key: String, _ value: String) {
            words.append(key + ":" + value)
            written.insert(key)
        }
        if let d = t.due { add("due", d.description) }
        if let d = t.deferDate { add("t", d.description) }
        if let d = t.scheduled { add("scheduled", d.description) }
        if let rec = TodoTxtRecurrence.text(for: t) { add("rec", rec) }
        switch t.status {
        case .someday: add("h", "1")
        case .cancelled, .inProgress: add("status", t.status.rawValue)
        default: break
        }
        if closed, let letter { add("pri", letter) }
        for (k, v) in t.extra where k.hasPrefix(format + "_") {
            let key = String(k.dropFirst(format.count + 1))
            guard !written.contains(key), let s = v.scalarText, !s.isEmpty, !s.contains(where: \.isWhitespace) else { continue }
            add(key, s)
        }
        return words.joined(separator: " ")
    }

    private func kept(_ t: TodoTask, _ key: String) -> String? {
        t.extra.first(where: { $0.0 == format + "_" + key })?.1.scalarText
    }

    /// A project or tag as one word.
    static func word(_ s: String) -> String {
        String(s.map { $0.isWhitespace ? "_" : $0 })
    }
}
