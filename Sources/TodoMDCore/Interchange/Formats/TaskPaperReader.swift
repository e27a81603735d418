import Foundation

/// Reads TaskPaper text as OmniFocus writes it ("Copy as TaskPaper"): `Name:` project lines,
/// `- ` tasks and note lines, ownership by tab indentation (spaces read too).
///
/// - A project inside a project: the outer one is a folder (the task's `area`), the innermost
///   one the project; any folders in between are kept as `taskpaper_folders`. A project line
///   that holds other project lines is a folder, so tasks right under it get only an area.
///   A top-level `Inbox:` means no project.
/// - A task under a task is a subtask (an OmniFocus action group): its `parent`.
/// - Other lines under a task are its note (the body); `- [ ]` checklist lines and `Name:`
///   lines under a task are note lines too, not tasks or projects.
/// - A project's own note and parameters have no place in todo.md: they are reported as a
///   problem (OmniFocus's `@parallel`/`@autodone`, written on every project, are not);
///   `@parallel(false)` makes the project sequential (`ImportBatch.sequentialProjects`).
struct TaskPaperReader {
    let options: ImportOptions
    var batch = ImportBatch()
    var ids = ContentIDs()

    private struct Project {
        var name: String
        var line: Int
        var inbox: Bool
        var hasSubprojects = false
        var notes = 0
        var tags: [TaskPaperTag] = []
    }

    private struct Pending {
        var record: ImportRecord
        var id: String
        var parent: String?
        /// Indices into `projects`, outermost first.
        var chain: [Int]
        var notes: [String] = []
    }

    private enum Owner { case project(Int), task(Int) }
    private struct Open { var level: Int; var owner: Owner }

    private var projects: [Project] = []
    private var tasks: [Pending] = []
    private var stack: [Open] = []

    init(options: ImportOptions) { self.options = options }

    /// Throws when the text is not TaskPaper at all (no task and no project line).
    mutating func read(_ input: ImportInput) throws -> ImportBatch {
        let lines = input.lines
        // The first line of JSON, XML or iCalendar is never a project line (`{"a":` pretty-printed
        // JSON is `{` alone); a project named `{draft}:` is TaskPaper.
        let head = input.text.drop { $0.isWhitespace }
        let first = head.prefix { $0 != "\n" && $0 != "\r" }
        if head.hasPrefix("{") || head.hasPrefix("[") || head.hasPrefix("<") || head.uppercased().hasPrefix("BEGIN:"),
           Self.project(first) == nil {
            throw ImportFormatError(location: "line 1", expected: "TaskPaper text (`Project:` lines and `- task` lines), not JSON, XML or iCalendar")
        }
        let unit = Self.spaceUnit(lines)
        var blanks = 0
        var lastNoteOwner: Int?
        for (n, raw) in lines.enumerated() {
            if raw.allSatisfy({ $0 == " " || $0 == "\t" }) { blanks += 1; continue }
            let (level, rest) = Self.indentation(raw, unit: unit)
            while let top = stack.last, top.level >= level { stack.removeLast() }
            var ownerTask: Int?
            if case .task(let t)? = stack.last?.owner { ownerTask = t }
            if Self.isTask(rest), ownerTask == nil || !Self.isChecklist(rest) {
                startTask(rest, level: level, line: n + 1)
                lastNoteOwner = nil
            } else if ownerTask == nil, let (name, tags) = Self.project(rest) {
                startProject(name, tags: tags, level: level, line: n + 1)
                lastNoteOwner = nil
            } else if let t = ownerTask {
                if lastNoteOwner == t, !tasks[t].notes.isEmpty { tasks[t].notes += Array(repeating: "", count: blanks) }
                tasks[t].notes.append(String(Self.strip(raw, levels: stack[stack.count - 1].level + 1, unit: unit)))
                lastNoteOwner = t
            } else if case .project(let p)? = stack.last?.owner {
                projects[p].notes += 1
                lastNoteOwner = nil
            } else {
                batch.problems.append(ImportProblem("line \(n + 1)", "a note outside any project or task; not imported"))
                lastNoteOwner = nil
            }
            blanks = 0
        }
        if tasks.isEmpty, projects.isEmpty, lines.contains(where: { !$0.allSatisfy { $0 == " " || $0 == "\t" } }) {
            throw ImportFormatError(location: "line 1", expected: "TaskPaper: `- task` lines (under `Project:` lines)")
        }
        for p in projects { reportProject(p) }
        for p in projects where !p.inbox && !p.hasSubprojects
            && p.tags.contains(where: { $0.name.lowercased() == "parallel" && $0.value?.lowercased() == "false" }) {
            if !batch.sequentialProjects.contains(p.name) { batch.sequentialProjects.append(p.name) }
        }
        for t in tasks { finish(t) }
        return batch
    }

    private mutating func startProject(_ name: String, tags: [TaskPaperTag], level: Int, line: Int) {
        let inbox = stack.isEmpty && name.lowercased() == "inbox"
        if case .project(let outer)? = stack.last?.owner { projects[outer].hasSubprojects = true }
        projects.append(Project(name: name, line: line, inbox: inbox, tags: tags))
        stack.append(Open(level: level, owner: .project(projects.count - 1)))
    }

    private mutating func startTask(_ rest: Substring, level: Int, line: Int) {
        let (title, tags) = TaskPaperTags.split(rest.dropFirst(min(2, rest.count)))
        var r = ImportRecord(format: "taskpaper", location: "line \(line)", title: title)
        for tag in tags { TaskPaperTags.apply(tag, to: &r, options: options) }
        var chain: [Int] = [], parent: Int?
        for open in stack {
            switch open.owner {
            case .project(let p): if !projects[p].inbox { chain.append(p) }
            case .task(let t): parent = t
            }
        }
        let parentID = parent.map { tasks[$0].id }
        let id = ids.id([parentID ?? chain.map { projects[$0].name }.joined(separator: "/"), title])
        tasks.append(Pending(record: r, id: id, parent: parentID, chain: chain))
        stack.append(Open(level: level, owner: .task(tasks.count - 1)))
    }

    private mutating func finish(_ p: Pending) {
        var r = p.record
        let names = p.chain.map { projects[$0].name }
        if let last = p.chain.last, projects[last].hasSubprojects {
            // Right under a folder: an area, no project.
            r.task.area = names.first
            if names.count > 1 { r.keep("folders", .array(names.map { .string($0) })) }
        } else if names.count == 1 {
            r.task.project = names[0]
        } else if names.count > 1 {
            r.task.area = names.first
            r.task.project = names.last
            if names.count > 2 { r.keep("folders", .array(names.map { .string($0) })) }
        }
        r.appendBody(p.notes.joined(separator: "\n"))
        r.finish(id: p.id, parent: p.parent, into: &batch)
    }

    private mutating func reportProject(_ p: Project) {
        var lost: [String] = []
        if p.notes > 0 { lost.append("its note") }
        for t in p.tags where !["parallel", "autodone"].contains(t.name.lowercased()) {
            lost.append("@" + t.name + (t.value.map { "(\($0))" } ?? ""))
        }
        guard !lost.isEmpty else { return }
        batch.problems.append(ImportProblem("line \(p.line)", "project \"\(p.name)\": " + lost.joined(separator: ", ")
            + (lost.count == 1 ? " has" : " have") + " no todo.md field (only tasks are imported); not imported"))
    }

    // MARK: - Lines

    static func isTask(_ rest: Substring) -> Bool { rest.hasPrefix("- ") || rest == "-" }

    static func isChecklist(_ rest: Substring) -> Bool {
        rest.hasPrefix("- [ ]") || rest.hasPrefix("- [x]") || rest.hasPrefix("- [X]")
    }

    /// A project line's name and tags: text ending in `:`, tags allowed after the colon.
    static func project(_ rest: Substring) -> (String, [TaskPaperTag])? {
        let (text, tags) = TaskPaperTags.split(rest)
        guard text.hasSuffix(":") else { return nil }
        let name = text.dropLast().trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? nil : (name, tags)
    }

    /// The indentation level (a tab, or `unit` spaces, per level) and the text after it.
    static func indentation(_ line: Substring, unit: Int) -> (Int, Substring) {
        var level = 0, spaces = 0, i = line.startIndex
        while i < line.endIndex {
            if line[i] == "\t" { level += 1; spaces = 0 } else if line[i] == " " {
                spaces += 1
                if spaces == unit { level += 1; spaces = 0 }
            } else { break }
            i = line.index(after: i)
        }
        return (level, line[i...])
    }

    /// `line` without its first `levels` levels of indentation (a note's own indentation stays).
    static func strip(_ line: Substring, levels: Int, unit: Int) -> Substring {
        var done = 0, spaces = 0, i = line.startIndex
        while done < levels, i < line.endIndex {
            if line[i] == "\t" { done += 1; spaces = 0 } else if line[i] == " " {
                spaces += 1
                if spaces == unit { done += 1; spaces = 0 }
            } else { break }
            i = line.index(after: i)
        }
        return line[i...]
    }

    /// How many spaces make a level in a file indented with spaces: the smallest indentation
    /// of a space-indented task line (4 when there is none).
    static func spaceUnit(_ lines: [Substring]) -> Int {
        var unit = Int.max
        for line in lines where line.first == " " {
            let n = line.prefix { $0 == " " }.count
            if isTask(line.dropFirst(n)) { unit = min(unit, n) }
        }
        return unit == Int.max ? 4 : min(unit, 8)
    }
}
