import Foundation

/// One TaskPaper tag: `@flagged`, `@due(2026-12-01 09:00)`.
struct TaskPaperTag: Equatable {
    var name: String
    /// nil for a bare tag; the text between the parentheses otherwise (may be empty).
    var value: String?
}

/// OmniFocus's TaskPaper parameters on a task: `@due`, `@defer` (`@start`), `@planned` →
/// due/defer/scheduled; `@done(date)` → done + completed; `@dropped(date)` → cancelled (the
/// date kept as `taskpaper_dropped`); `@flagged`; `@estimate(45m|2h|1h30m)`; `@tags(a, b)`,
/// `@context(…)` and bare `@word`s → tags (`Parent : Child` → `Parent/Child`);
/// `@repeat-method(fixed|start-after-completion|due-after-completion)` → every/defer-another/
/// due-again; `@repeat-rule(RRULE)`; `@created`/`@added` → created; `@priority(1–3|word)`;
/// `@parallel`/`@autodone` and any other `@name(value)` kept as `taskpaper_<name>`.
enum TaskPaperTags {
    /// Splits a task or project line into its text and its tags. A tag starts with `@` at
    /// the start or after white space (so `me@example.com` is text) and may carry a
    /// parenthesised value; nested parentheses are kept, an unclosed one runs to the end.
    static func split(_ line: Substring) -> (text: String, tags: [TaskPaperTag]) {
        let chars = Array(line)
        var text = "", tags: [TaskPaperTag] = []
        var i = 0
        while i < chars.count {
            let c = chars[i]
            guard c == "@", i == 0 || chars[i - 1].isWhitespace else { text.append(c); i += 1; continue }
            var j = i + 1
            while j < chars.count, !chars[j].isWhitespace, chars[j] != "(", chars[j] != ")", chars[j] != "," { j += 1 }
            guard j > i + 1 else { text.append(c); i += 1; continue }
            var tag = TaskPaperTag(name: String(chars[(i + 1)..<j]), value: nil)
            if j < chars.count, chars[j] == "(" {
                var depth = 1, k = j + 1
                while k < chars.count {
                    if chars[k] == "(" { depth += 1 } else if chars[k] == ")" { depth -= 1; if depth == 0 { break } }
                    k += 1
                }
                tag.value = String(chars[(j + 1)..<min(k, chars.count)])
                j = min(k + 1, chars.count)
            }
            tags.append(tag)
            i = j
        }
        let collapsed = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        return (collapsed, tags)
    }

    /// Applies one task tag to `r` (OmniFocus's parameters and plain TaskPaper tags).
    static func apply(_ tag: TaskPaperTag, to r: inout ImportRecord, options: ImportOptions) {
        let name = tag.name.lowercased()
        let value = tag.value?.trimmingCharacters(in: .whitespaces) ?? ""
        let zone = options.clock.timeZone
        func localDate(_ field: WritableKeyPath<TodoTask, LocalDateTime?>) {
            if value.isEmpty { r.problem("@\(tag.name) has no date; ignored"); return }
            if let d = Self.local(value, options) { r.task[keyPath: field] = d } else {
                r.problem("@\(tag.name)(\(value)) is not a date I can read; kept as taskpaper_\(name)")
                r.keep(name, .string(value))
            }
        }
        func instant(_ text: String, _ field: WritableKeyPath<TodoTask, Date?>) {
            guard !text.isEmpty else { return }
            if let d = ImportDates.instant(text, zone: zone) ?? Self.local(text, options)?.instant(in: zone) {
                r.task[keyPath: field] = d
            } else {
                r.problem("@\(tag.name)(\(text)) is not a date I can read; kept as taskpaper_\(name)")
                r.keep(name, .string(text))
            }
        }
        switch name {
        case "due": localDate(\.due)
        case "defer", "start": localDate(\.deferDate)
        case "planned", "scheduled": localDate(\.scheduled)
        case "done", "completed":
            r.task.status = .done
            instant(value, \.completed)
        case "dropped", "cancelled", "canceled":
            r.task.status = .cancelled
            if !value.isEmpty { r.keep("dropped", .string(value)) }
        case "created", "added": instant(value, \.created)
        case "flagged": r.task.flagged = value.lowercased() != "false"
        case "estimate":
            if let m = FieldMapping.minutes(value) { r.task.estimatedMinutes = m } else {
                r.problem("@estimate(\(value)) is not a duration I can read; kept as taskpaper_estimate")
                r.keep("estimate", .string(value))
            }
        case "tags", "context":
            // OmniFocus writes a nested tag as `Parent : Child`.
            r.tags(value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " : ", with: "/") })
        case "repeat-method":
            switch value.lowercased() {
            case "fixed": r.task.repeatMode = .every
            case "start-after-completion", "defer-another", "defer-after-completion": r.task.repeatMode = .deferAnother
            case "due-after-completion", "due-again": r.task.repeatMode = .dueAgain
            default:
                r.problem("@repeat-method(\(value)) is not fixed, start-after-completion or due-after-completion; kept")
                r.keep("repeat_method", .string(value))
            }
        case "repeat-rule": r.recurrence(value)
        case "parallel", "autodone":
            switch value.lowercased() {
            case "true", "yes", "": r.keep(name, .bool(true))
            case "false", "no": r.keep(name, .bool(false))
            default: r.keep(name, .string(value))
            }
        case "priority":
            if let p = priority(value) { r.task.priority = p } else {
                r.problem("@priority(\(value)) is not a priority; kept"); r.keep("priority", .string(value))
            }
        case "status":
            // Our own export writes `@status(in-progress)` / `@status(someday)`.
            if let s = TaskStatus(rawValue: value.lowercased()) { r.task.status = s } else { r.keep("status", .string(value)) }
        default:
            if tag.value == nil { r.tags([tag.name]) } else { r.keep(tag.name, .string(value)) }
        }
    }

    /// A date as OmniFocus writes it (`2026-12-01 09:00`, `2016-04-19 5pm`) or an English
    /// phrase (`next thursday`).
    static func local(_ text: String, _ options: ImportOptions) -> LocalDateTime? {
        ImportDates.local(text, zone: options.clock.timeZone)
            ?? DatePhraseParser(today: options.clock.today, now: options.clock.timeOfDay, dateOrder: options.dateOrder).parse(text)
    }

    /// TaskPaper's `@priority(1)` means the most important; words are read too.
    static func priority(_ text: String) -> Priority? {
        switch text.lowercased() {
        case "1", "high", "a", "!!!": return .high
        case "2", "medium", "b", "!!": return .medium
        case "3", "low", "c", "!": return .low
        case "", "0", "none": return Priority.none
        default: return nil
        }
    }
}
