import Foundation

/// TickTick's backup CSV (Settings › Backup & Import › Generate backup). Import only.
///
/// The file starts with a few one-value lines (`"Date: 2026-11-26+0000"`, `"Version: 7.1"`, and
/// the status legend `"Status: \n0 Normal\n1 Completed\n2 Archived"`), then the header row.
///
/// - Folder Name → area; List Name → project (the Inbox list → no project, todo.md's inbox);
/// - Kind TEXT → a task; CHECKLIST → a task whose items (`▫item` open, `▪item` done, in
///   Content) become checkbox lines in the body; NOTE → a task tagged `note` (TickTick notes
///   have no checkbox; the tag keeps them findable);
/// - Tags (comma separated) → tags; Content → body;
/// - Start Date → scheduled, Due Date → due: instants shown in the row's Timezone, the day alone
///   for an all-day task;
/// - Repeat (RRULE) → recurrence; Priority 0/1/3/5 → none/low/medium/high;
/// - Status 0 → todo, 1 and 2 (completed, archived) → done, -1 (won't do) → cancelled;
/// - Created Time, Completed Time → created, completed;
/// - taskId → the import id, parentId → the parent (subtasks);
/// - Reminder, Order, Column Name, Column Order, View Mode, Is Floating, a Timezone other than
///   the vault's and any column not listed here → `ticktick_*`.
public struct TickTickCSV: TaskImporter {
    public let format = "ticktick"
    public let title = "TickTick backup CSV"

    public init() {}

    static let expectedHeader =
        "TickTick's header row (\"Folder Name\",\"List Name\",\"Title\",\"Kind\",…) after its Date, Version and Status lines"

    /// Columns read into fields (the others are kept).
    static let read: Set<String> = ["foldername", "listname", "title", "kind", "tags", "content", "ischecklist", "startdate",
                                    "duedate", "repeat", "priority", "status", "createdtime", "completedtime", "timezone",
                                    "isallday", "isfloating", "taskid", "parentid"]

    public func recognizes(_ input: ImportInput) -> Bool {
        guard input.folder == nil else { return false }
        let head = input.text.prefix(4096)
        return head.contains("Folder Name") && head.contains("List Name") && head.contains("Title")
    }

    public func read(_ input: ImportInput, options: ImportOptions) throws -> ImportBatch {
        let table = try CSVTable(input.text)
        let start = try Self.headerIndex(table)
        let header = CSVHeader(table.rows[start].fields)
        var batch = ImportBatch()
        var ids = ContentIDs()
        var seen: [String: Int] = [:]
        for row in table.rows[(start + 1)...] {
            var r = ImportRecord(format: format, location: "line \(row.line)", title: header.raw("Title", in: row.fields))
            fill(&r, row.fields, header, options)
            var id = header.value("taskId", in: row.fields)
            if id.isEmpty { id = ids.id([r.task.area ?? "", r.task.project ?? "", r.task.title]) }
            // A repeating task's completed instances share its taskId: the ids must stay unique.
            let n = seen[id, default: 0] + 1
            seen[id] = n
            if n > 1 { id += "-\(n)" }
            let parent = header.value("parentId", in: row.fields)
            r.finish(id: id, parent: parent.isEmpty ? nil : parent, into: &batch)
        }
        return batch
    }

    /// The header's row. Only one-value lines (the Date/Version/Status preamble) may come before it.
    static func headerIndex(_ table: CSVTable) throws -> Int {
        for (i, row) in table.rows.enumerated() {
            let h = CSVHeader(row.fields)
            if h.has("Title"), h.has("List Name") { return i }
            if row.fields.count > 1 || i >= 20 { throw ImportFormatError(location: "line \(row.line)", expected: expectedHeader) }
        }
        // The line after the last row (a row's quoted values may span lines).
        let end = table.rows.last.map { row in
            "line \(row.line + row.fields.reduce(0) { $0 + $1.filter { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }.count } + 1)"
        } ?? "line 1"
        throw ImportFormatError(location: end, expected: expectedHeader)
    }

    private func fill(_ r: inout ImportRecord, _ f: [String], _ h: CSVHeader, _ options: ImportOptions) {
        func v(_ name: String) -> String { h.value(name, in: f) }
        func yes(_ name: String) -> Bool { ["y", "yes", "true", "1"].contains(v(name).lowercased()) }
        if !v("Folder Name").isEmpty { r.task.area = v("Folder Name") }
        if !v("List Name").isEmpty, v("List Name").lowercased() != "inbox" { r.task.project = v("List Name") }
        let kind = v("Kind").uppercased()
        r.tags(v("Tags").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        let content = h.raw("Content", in: f)
        if kind == "CHECKLIST" || (kind.isEmpty && yes("Is Check list")) {
            TickTickChecklist.read(content, into: &r)
        } else {
            r.appendBody(content)
        }
        if kind == "NOTE" { r.tags(["note"]) } else if !["", "TEXT", "CHECKLIST"].contains(kind) { r.keep("kind", .string(kind)) }

        let zoneName = v("Timezone")
        var zone = options.clock.timeZone
        if !zoneName.isEmpty {
            if let z = TimeZone(identifier: zoneName) { zone = z } else { r.problem("Timezone \"\(zoneName)\" is unknown; dates read in \(zone.identifier)") }
            if zoneName != options.clock.timeZone.identifier { r.keep("timezone", .string(zoneName)) }
        }
        let allDay = yes("Is All Day")
        date(v("Start Date"), \.scheduled, "start_date", zone: zone, allDay: allDay, &r)
        date(v("Due Date"), \.due, "due_date", zone: zone, allDay: allDay, &r)
        r.recurrence(v("Repeat"))

        switch v("Priority") {
        case "", "0": r.task.priority = .none
        case "1": r.task.priority = .low
        case "3": r.task.priority = .medium
        case "5": r.task.priority = .high
        case let p:
            r.problem("Priority \"\(p)\" is not 0, 1, 3 or 5; kept as \(format)_priority")
            r.keep("priority", .string(p))
        }
        switch v("Status") {
        case "", "0": r.task.status = .todo
        case "1", "2": r.task.status = .done
        case "-1": r.task.status = .cancelled
        case let s:
            r.problem("Status \"\(s)\" is not 0, 1, 2 or -1; kept as \(format)_status")
            r.keep("status", .string(s))
        }
        r.instant(v("Created Time"), \.created, name: "created_time", zone: zone)
        r.instant(v("Completed Time"), \.completed, name: "completed_time", zone: zone)
        if yes("Is Floating") { r.keep("is_floating", .bool(true)) }
        for (i, name) in h.names.enumerated() where !Self.read.contains(CSVHeader.key(name)) {
            if i < f.count { r.keep(name, .string(f[i].trimmingCharacters(in: .whitespaces))) }
        }
        for (i, extra) in f.enumerated().dropFirst(h.names.count) where !extra.isEmpty { r.keep("column_\(i + 1)", .string(extra)) }
    }

    /// A TickTick date: an instant (`2026-11-27T23:00:00+0000`) shown in the task's zone, the
    /// day alone for an all-day task.
    private func date(_ text: String, _ field: WritableKeyPath<TodoTask, LocalDateTime?>, _ name: String, zone: TimeZone,
                      allDay: Bool, _ r: inout ImportRecord) {
        guard !text.isEmpty else { return }
        if let d = ImportDates.local(text, zone: zone) {
            r.task[keyPath: field] = allDay ? LocalDateTime(date: d.date) : d
        } else {
            r.problem("\(name.replacingOccurrences(of: "_", with: " ")) \"\(text)\" is not a date I can read; kept as \(format)_\(name)")
            r.keep(name, .string(text))
        }
    }
}

/// The items of a TickTick checklist task, one per line of its Content: `▫item` open, `▪item`
/// done; other lines are the task's description.
enum TickTickChecklist {
    static let open: Unicode.Scalar = "\u{25AB}", done: Unicode.Scalar = "\u{25AA}"

    static func read(_ content: String, into r: inout ImportRecord) {
        var text: [String] = []
        for line in content.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            let scalars = line.trimmingCharacters(in: .whitespaces).unicodeScalars
            guard let first = scalars.first, first == open || first == done else {
                text.append(String(line))
                continue
            }
            r.appendBody(text.joined(separator: "\n"))
            text = []
            // The marker may carry an emoji variation selector (`▫️`).
            let item = String(String.UnicodeScalarView(scalars.drop { $0 == open || $0 == done || $0 == "\u{FE0F}" }))
            let title = item.trimmingCharacters(in: .whitespaces)
            if !title.isEmpty { r.checklistItem(title, done: first == done) }
        }
        r.appendBody(text.joined(separator: "\n"))
    }
}
