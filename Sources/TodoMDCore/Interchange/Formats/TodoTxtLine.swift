import Foundation

/// One todo.txt line read into a record (the syntax is described on `TodoTxt`).
enum TodoTxtLine {
    static func read(_ line: String, format: String, location: String, options: ImportOptions) -> ImportRecord {
        var r = ImportRecord(format: format, location: location, title: "")
        let zone = options.clock.timeZone
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var i = 0
        var done = false
        if words.first == "x" {
            done = true
            r.task.status = .done
            i = 1
            if i < words.count, dateWord(words[i], \.completed, "completed", zone, &r) { i += 1 }
            if i < words.count, dateWord(words[i], \.created, "created", zone, &r) { i += 1 }
        }
        if i < words.count, let letter = priorityLetter(words[i]) {
            priority(letter, &r)
            i += 1
        }
        if !done, i < words.count, dateWord(words[i], \.created, "created", zone, &r) { i += 1 }

        var title: [String] = []
        var tags: [String] = []
        var rec: String?
        for w in words[i...] {
            if w.count > 1, w.hasPrefix("+") {
                if r.task.project == nil { r.task.project = String(w.dropFirst()) } else { tags.append(String(w.dropFirst())) }
            } else if w.count > 1, w.hasPrefix("@") {
                tags.append(String(w.dropFirst()))
            } else if let (key, value) = keyValue(w) {
                switch key.lowercased() {
                case "due": r.date(value, \.due, name: "due", zone: zone)
                case "t": r.date(value, \.deferDate, name: "t", zone: zone)
                case "scheduled": r.date(value, \.scheduled, name: "scheduled", zone: zone)
                case "rec": rec = value
                case "h" where value == "1": r.task.status = done ? .done : .someday
                case "h" where value == "0": break
                case "pri" where r.task.priority == .none && priorityLetter("(" + value + ")") != nil: priority(Character(value), &r)
                default:
                    // `status:cancelled` / `status:in-progress`: our export's states todo.txt has no word for.
                    if key.lowercased() == "status", let s = TaskStatus(rawValue: value) { r.task.status = s } else { r.keep(key, .string(value)) }
                }
            } else {
                title.append(w)
            }
        }
        r.task.title = title.joined(separator: " ")
        r.tags(tags)
        if let rec {
            if let (rule, strict) = TodoTxtRecurrence.rule(rec) {
                r.task.recurrence = rule
                // Without `+` the next date counts from the completion.
                if !strict { r.task.repeatMode = r.task.due == nil && r.task.deferDate != nil ? .deferAnother : .dueAgain }
            } else {
                r.problem("rec:\(rec) is not a repeat I can read (like rec:1w or rec:+2d); kept as \(format)_rec")
                r.keep("rec", .string(rec))
            }
        }
        return r
    }

    /// A line only todo.txt writes: `x 2026-…`, `(A) …`, a leading date, or a `due:` date.
    static func looksLikeTodoTxt(_ line: String) -> Bool {
        let words = line.split(separator: " ", maxSplits: 2).map(String.init)
        guard let first = words.first else { return false }
        if first == "x", words.count > 1, isDate(words[1]) { return true }
        if priorityLetter(first) != nil, words.count > 1 { return true }
        if isDate(first), words.count > 1 { return true }
        return line.split(separator: " ").contains { $0.hasPrefix("due:") && isDate(String($0.dropFirst(4))) }
    }

    /// Reads a completion or creation date; a word shaped like one that is no date
    /// (`2026-13-45`) is a problem, kept, and taken all the same.
    static func dateWord(_ w: String, _ field: WritableKeyPath<TodoTask, Date?>, _ name: String, _ zone: TimeZone,
                         _ r: inout ImportRecord) -> Bool {
        let shaped = w.utf8.count == 10 && w.enumerated().allSatisfy { i, c in i == 4 || i == 7 ? c == "-" : c.isASCII && c.isNumber }
        guard shaped else { return false }
        if isDate(w) {
            r.instant(w, field, name: name, zone: zone)
        } else {
            r.problem("\(name) date \(w) is not a date; kept as \(r.format)_\(name)")
            r.keep(name, .string(w))
        }
        return true
    }

    static func isDate(_ w: String) -> Bool {
        w.utf8.count == 10 && LocalDate(w) != nil
    }

    /// `(A)` … `(Z)`.
    static func priorityLetter(_ w: String) -> Character? {
        guard w.count == 3, w.first == "(", w.last == ")" else { return nil }
        let c = w[w.index(after: w.startIndex)]
        return c.isASCII && c.isUppercase ? c : nil
    }

    static func priority(_ letter: Character, _ r: inout ImportRecord) {
        switch letter {
        case "A": r.task.priority = .high
        case "B": r.task.priority = .medium
        case "C": r.task.priority = .low
        default:
            r.task.priority = .low
            r.keep("priority", .string(String(letter)))
        }
    }

    /// `key:value` with a key of letters, digits, `_` and `-` starting with a letter, and a
    /// value that is not a URL's `//…` (so `https://x` and `10:30` stay text).
    static func keyValue(_ w: String) -> (String, String)? {
        guard let colon = w.firstIndex(of: ":") else { return nil }
        let key = w[..<colon], value = w[w.index(after: colon)...]
        guard let first = key.first, first.isASCII, first.isLetter, !value.isEmpty, !value.hasPrefix("/"),
              key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else { return nil }
        return (String(key), String(value))
    }
}
