import Foundation
import TodoMDAPI
import TodoMDCore

/// Human output: one line per task, colour only on a terminal and never with NO_COLOR.
struct Printer {
    let clock: Clock
    let color: Bool
    /// Rows end with the task's file (`--paths`).
    var showPaths = false
    /// The terminal's columns (titles are cut to fit a row on one line); nil for pipes.
    var width: Int?

    init(clock: Clock, env: [String: String] = ProcessInfo.processInfo.environment) {
        self.clock = clock
        color = isatty(STDOUT_FILENO) == 1 && env["NO_COLOR"] == nil && env["TERM"] != "dumb"
        width = TerminalWidth.columns(env: env)
    }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data(("todomd: error: " + TerminalText.safe(message) + "\n").utf8))
    }

    /// An informational line on stderr (keeps stdout clean for scripts).
    static func note(_ message: String) {
        FileHandle.standardError.write(Data((TerminalText.safe(message) + "\n").utf8))
    }

    static func warn(_ message: String) {
        FileHandle.standardError.write(Data(("todomd: warning: " + TerminalText.safe(message) + "\n").utf8))
    }

    /// Every human line goes out here, made safe for the terminal (`TerminalText`).
    func print(_ s: String) { Swift.print(TerminalText.safe(s, styles: color)) }

    /// A document of the JSON contract, pretty-printed.
    func json<T: JSONWritable>(_ document: T) {
        var bytes = APIJSON.encode(document, pretty: true)
        bytes.append(0x0A)
        // Through stdio, as `print` writes, so the two never reorder.
        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, stdout) }
    }

    enum Style: String {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", blue = "34", magenta = "35", cyan = "36"
    }

    func paint(_ s: String, _ style: Style) -> String {
        color ? "\u{1B}[\(style.rawValue)m\(s)\u{1B}[0m" : s
    }

    func header(_ s: String) -> String { paint(s, .bold) }

    /// A search snippet: `**matched**` words in bold on a terminal, as written otherwise.
    func highlight(_ snippet: String) -> String {
        guard color else { return snippet }
        let parts = snippet.components(separatedBy: "**")
        return parts.enumerated().map { $0.offset % 2 == 1 ? paint($0.element, .bold) : $0.element }.joined()
    }

    /// `7fa ○ Title ⚑  high · due Fri 27 Nov · #tag · Project · 45m`: the short handle (when
    /// known), then the task; the file with `--paths`. `context` is the group heading the row is
    /// under (an area or project), not repeated on the row. The title is cut to fit the terminal.
    func row(_ t: TodoTask, handle: String? = nil, context: String? = nil) -> String {
        let today = clock.today
        let box: String
        switch t.status {
        case .todo: box = "○"
        case .inProgress: box = "◐"
        case .done: box = paint("✓", .green)
        case .cancelled: box = paint("✕", .dim)
        case .someday: box = "◌"
        }
        var meta: [String] = []
        if t.priority != .none {
            meta.append(paint(t.priority.rawValue, t.priority == .high ? .red : (t.priority == .medium ? .yellow : .green)))
        }
        if t.status.isClosed {
            let when = (t.completed ?? t.modified).map { " " + DateText.relative(LocalDate($0, in: clock.timeZone), today: today) } ?? ""
            meta.append(paint((t.status == .done ? "completed" : "cancelled") + when, .dim))
        } else if let d = t.due ?? t.effectiveDue {
            // A project's date (effective) says so.
            let text = "due " + DateText.relative(d.date, today: today) + (d.time.map { " \($0)" } ?? "") + (t.due == nil ? " (project)" : "")
            let style: Style = d.date < today ? .red : (d.date == today ? .blue : .yellow)
            meta.append(paint(text, style))
        }
        if let s = t.scheduled { meta.append("scheduled " + DateText.relative(s.date, today: today) + (s.time.map { " \($0)" } ?? "")) }
        if let d = t.deferDate ?? t.effectiveDefer, d.date > today {
            meta.append(paint("deferred until " + DateText.relative(d.date, today: today) + (t.deferDate == nil ? " (project)" : ""), .dim))
        }
        if t.line != nil {
            // The note is the list; --paths shows it.
        } else if let p = t.project, p != context { meta.append(paint(p, .cyan)) } else if t.project == nil, let a = t.area, a != context {
            meta.append(paint(a, .cyan))
        }
        // A checkbox task's tags are already in its text, as Obsidian shows them.
        let shownTags = t.title.utf8.contains(UInt8(ascii: "#")) ? t.tags.filter { !t.title.lowercased().contains("#" + $0.lowercased()) } : t.tags
        if !shownTags.isEmpty { meta.append(paint(shownTags.map { "#" + $0 }.joined(separator: " "), .magenta)) }
        if let m = t.estimatedMinutes { meta.append(Self.minutes(m)) }
        if t.line == nil, let c = Checklist.progress(of: t.body) { meta.append(paint("☑ \(c.done)/\(c.total)", c.done == c.total ? .green : .dim)) }
        if t.recurrence != nil { meta.append("↻") }
        if let s = t.source, s != "user", s != "unknown", t.line == nil { meta.append(paint("via \(s)", .dim)) }
        if !t.problems.isEmpty { meta.append(paint("⚠ \(t.problems.count) problem" + (t.problems.count > 1 ? "s" : ""), .red)) }
        let lead = (handle.map { paint($0, .dim) + " " } ?? "") + box + " "
        let flag = t.flagged ? " " + paint("⚑", .yellow) : ""
        let tail = (meta.isEmpty ? "" : "  " + meta.joined(separator: " · ")) + (showPaths ? "  " + paint("(\(t.key))", .dim) : "")
        var cleanTitle = TerminalText.replacingNewlines(Self.plain(t.title), with: " ")
        if let width {
            // Two columns of indent; a title keeps at least 24 columns even if the details wrap.
            cleanTitle = TerminalWidth.truncate(cleanTitle, to: max(width - 2 - TerminalWidth.of(lead + flag + tail), 24))
        }
        var line = lead + (t.status.isClosed ? paint(cleanTitle, .dim) : cleanTitle) + flag + tail
        if let d = t.description {
            var text = TerminalText.replacingNewlines(Self.plain(d), with: " ")
            if let width { text = TerminalWidth.truncate(text, to: max(width - 6, 20)) }
            line += "\n    " + paint(text, .dim)
        }
        return line
    }

    /// `▪ Project Hail Mary  Andy Weir · rating 5 · #sci-fi  (Books/project-hail-mary.md)`
    func itemRow(_ i: ListItem, type: ListType?) -> String {
        var meta: [String] = []
        for f in type?.fields ?? [] where !["title", "tags"].contains(f.name) {
            guard let v = i.value(f.name) else { continue }
            switch v {
            case .null: continue
            case .string(let s): meta.append(f.kind == .text && meta.isEmpty ? Self.plain(s) : "\(f.name) \(Self.plain(s))")
            case .int(let n): meta.append("\(f.name) \(n)")
            case .double(let d): meta.append("\(f.name) \(d)")
            default: continue
            }
        }
        if !i.tags.isEmpty { meta.append(paint(i.tags.map { "#" + $0 }.joined(separator: " "), .magenta)) }
        if !i.warnings.isEmpty { meta.append(paint("⚠ " + i.warnings.joined(separator: "; "), .red)) }
        return "▪ " + Self.plain(i.title) + (meta.isEmpty ? "" : "  " + meta.joined(separator: " · ")) + "  " + paint("(\(i.path))", .dim)
    }

    static func minutes(_ m: Int) -> String {
        m >= 60 ? "\(m / 60)h" + (m % 60 > 0 ? "\(m % 60)m" : "") : "\(m)m"
    }

    /// Every field of one task, then its body.
    func detail(_ t: TodoTask) -> String {
        let today = clock.today
        var lines = [paint(t.title, .bold)]
        if let d = t.description { lines.append(paint(d, .dim)) }
        lines.append("")
        func field(_ name: String, _ value: String?) {
            if let value { lines.append(name.padding(toLength: 12, withPad: " ", startingAt: 0) + value) }
        }
        func day(_ d: LocalDateTime?) -> String? { d.map { "\(DateText.short($0, today: nil)) (\($0))" } }
        field("status", t.status.rawValue)
        field("due", day(t.due))
        field("scheduled", day(t.scheduled))
        field("defer", day(t.deferDate))
        field("priority", t.priority.rawValue)
        field("flagged", t.flagged ? "yes" : nil)
        field("area", t.area)
        field("project", t.project)
        field("tags", t.tags.isEmpty ? nil : t.tags.map { "#" + $0 }.joined(separator: " "))
        if let r = t.recurrence {
            field("repeats", t.recurrenceText.map { "\($0)  (\(r))" } ?? "\(r)  ⚠ not a rule todomd can read")
            if t.effectiveRepeatMode != .every { field("repeat mode", t.effectiveRepeatMode.rawValue) }
            let next = RecurrencePlanner.preview(t, mode: t.effectiveRepeatMode, completionDay: today, today: today, limit: 3)
            if !next.isEmpty {
                field("next", next.map { DateText.short($0, today: today) }.joined(separator: ", ")
                      + (t.effectiveRepeatMode == .every ? "" : " (if done today)"))
            }
        }
        field("estimate", t.estimatedMinutes.map(Self.minutes))
        field("created", t.created.map(Timestamp.format))
        field("modified", t.modified.map(Timestamp.format))
        field("completed", t.completed.map(Timestamp.format))
        field("source", t.source.map { $0 == "user" ? $0 : "\($0) (created outside todo.md)" } ?? (t.line == nil ? "unknown" : nil))
        for (k, v) in t.extra { field(k, APIJSON.string(v, pretty: true).replacingOccurrences(of: "\n", with: " ")) }
        field("path", t.key)
        if let l = t.sourceLine { field("line", Self.plain(l)) }
        for p in t.problems { lines.append(paint("⚠ " + p, .red)) }
        let checklist = t.checklist
        if !checklist.isEmpty {
            lines.append("")
            lines.append(paint("checklist \(checklist.filter(\.done).count)/\(checklist.count)", .dim) + paint("  (todomd check TASK N)", .dim))
            for i in checklist { lines.append("  \(i.index). " + (i.done ? "☑ " : "☐ ") + Self.plain(i.text)) }
        }
        if !t.body.isEmpty {
            lines.append("")
            // Plain text only: control characters (terminal escapes) are never passed through.
            lines.append(Self.plain(t.body.trimmingCharacters(in: .newlines)))
        }
        return lines.joined(separator: "\n")
    }

    /// Text that came from a file, with its control characters shown as escapes.
    static func plain(_ s: String) -> String { TerminalText.safe(s) }
}
