import Foundation

/// Reads a Todoist CSV row by row. A task is finished when the next task or section comes, so
/// the notes below it can join its body.
struct TodoistReader {
    let format: String
    let header: CSVHeader
    let project: String?
    let options: ImportOptions
    var batch = ImportBatch()
    var ids = ContentIDs()
    var section: String?
    /// The tasks above that may still get subtasks, by indent.
    var parents: [(indent: Int, id: String, title: String)] = []
    var pending: (record: ImportRecord, id: String, parent: String?)?

    init(format: String, header: CSVHeader, project: String?, options: ImportOptions) {
        self.format = format
        self.header = header
        self.project = project
        self.options = options
    }

    mutating func read(_ row: CSVTable.Row) {
        let f = row.fields
        let location = "line \(row.line)"
        let type = header.value("TYPE", in: f).lowercased()
        let content = header.raw("CONTENT", in: f).trimmed
        switch type {
        case "task":
            flush()
            task(f, location)
        case "section":
            flush()
            section = content.isEmpty ? nil : content
            parents = []
        case "note":
            if pending != nil {
                pending?.record.appendBody(content)
            } else if !content.isEmpty {
                batch.problems.append(ImportProblem(location, "a note with no task above it (a project comment); left out"))
            }
        case "meta":
            break  // the project's view (view_style=list|board): nothing to keep per task
        case "":
            if f.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                batch.problems.append(ImportProblem(location, "a row with no TYPE; left out"))
            }
        default:
            batch.problems.append(ImportProblem(location, "TYPE \"\(type)\" is not task, section, note or meta; left out"))
        }
    }

    mutating func finish() -> ImportBatch {
        flush()
        return batch
    }

    private mutating func flush() {
        guard let p = pending else { return }
        p.record.finish(id: p.id, parent: p.parent, into: &batch)
        pending = nil
    }

    private mutating func task(_ f: [String], _ location: String) {
        let (title, labels) = TodoistLabels.split(header.raw("CONTENT", in: f))
        var r = ImportRecord(format: format, location: location, title: title)
        r.task.project = project
        if let section { r.tags([section]) }
        r.tags(labels)
        let description = header.raw("DESCRIPTION", in: f).trimmed
        // todo.md's description is one line; a longer Todoist description is the start of the notes.
        if description.contains(where: \.isNewline) { r.appendBody(description) } else if !description.isEmpty { r.task.description = description }
        priority(header.value("PRIORITY", in: f), &r)
        var indent = 1
        let indentText = header.value("INDENT", in: f)
        if !indentText.isEmpty {
            if let n = Int(indentText), n >= 1 { indent = n } else {
                r.problem("INDENT \"\(indentText)\" is not a whole number from 1; read as 1, kept as \(format)_indent")
                r.keep("indent", .string(indentText))
            }
        }
        for column in ["AUTHOR", "RESPONSIBLE"] { r.keep(column, .string(header.value(column, in: f))) }
        dates(f, &r)
        duration(f, &r)
        while let last = parents.last, last.indent >= indent { parents.removeLast() }
        let parent = parents.last?.id
        let id = ids.id([project ?? "", section ?? ""] + parents.map(\.title) + [r.task.title])
        parents.append((indent, id, r.task.title))
        pending = (r, id, parent)
    }

    private func priority(_ text: String, _ r: inout ImportRecord) {
        switch text {
        case "1": r.task.priority = .high
        case "2": r.task.priority = .medium
        case "3": r.task.priority = .low
        case "", "4": r.task.priority = .none
        default:
            r.problem("PRIORITY \"\(text)\" is not 1–4; kept as \(format)_priority")
            r.keep("priority", .string(text))
        }
    }

    private func dates(_ f: [String], _ r: inout ImportRecord) {
        // The template before 2020 named them DUE_DATE, DUE_DATE_LANG.
        let dateText = header.value(header.has("DATE") ? "DATE" : "DUE_DATE", in: f)
        for (column, name) in [(header.has("DATE_LANG") ? "DATE_LANG" : "DUE_DATE_LANG", "date_lang"), ("DEADLINE_LANG", "deadline_lang")] {
            let lang = header.value(column, in: f)
            if !lang.isEmpty, lang.lowercased() != "en" { r.keep(name, .string(lang)) }
        }
        let zone = header.value("TIMEZONE", in: f)
        if !zone.isEmpty, zone != options.clock.timeZone.identifier { r.keep("timezone", .string(zone)) }
        let deadline = header.value("DEADLINE", in: f)
        if !deadline.isEmpty {
            if let d = TodoistDates.read(deadline, options: options), d.rule == nil, let day = d.date {
                r.task.due = LocalDateTime(date: day.date)
            } else {
                r.problem("DEADLINE \"\(deadline)\" is not a date I can read; kept as \(format)_deadline")
                r.keep("deadline", .string(deadline))
            }
        }
        guard !dateText.isEmpty else { return }
        guard let d = TodoistDates.read(dateText, options: options) else {
            r.problem("DATE \"\(dateText)\" is not a date I can read; kept as \(format)_date")
            r.keep("date", .string(dateText))
            return
        }
        // With a deadline, Todoist's date is the day you plan to do it.
        if r.task.due != nil { r.task.scheduled = d.date } else { r.task.due = d.date }
        if let rule = d.rule { r.recurrence(rule + (d.whenDone ? " when done" : "")) }
    }

    private func duration(_ f: [String], _ r: inout ImportRecord) {
        let amount = header.value("DURATION", in: f)
        let unit = header.value("DURATION_UNIT", in: f).lowercased()
        guard !amount.isEmpty else { return }
        if let n = Int(amount), n >= 0, n <= Limits.estimateMinutes, unit.isEmpty || unit.hasPrefix("minute") || unit.hasPrefix("day"),
           case let m = unit.hasPrefix("day") ? n * 24 * 60 : n, m <= Limits.estimateMinutes {
            r.task.estimatedMinutes = m
        } else {
            r.problem("DURATION \"\(amount) \(unit)\" is not minutes or days (up to \(Limits.estimateMinutes) minutes); kept as \(format)_duration")
            r.keep("duration", .string((amount + " " + unit).trimmingCharacters(in: .whitespaces)))
        }
    }
}

/// Todoist's `@label` words in a task's content.
enum TodoistLabels {
    /// The content without its `@label` words (spacing elsewhere kept), and the labels.
    static func split(_ content: String) -> (title: String, labels: [String]) {
        var words: [Substring] = []
        var labels: [String] = []
        for word in content.split(separator: " ", omittingEmptySubsequences: false) {
            let name = word.dropFirst()
            if word.first == "@", let c = name.first, c.isLetter || c.isNumber || c == "_", !name.contains("@"),
               !name.contains(where: \.isNewline) {
                labels.append(String(name))
            } else {
                words.append(word)
            }
        }
        return (words.joined(separator: " ").trimmingCharacters(in: .whitespaces), labels)
    }
}
