import Foundation
import TodoMDCore

/// Writes a realistic vault for the benchmark: task files with the field mix of a real one
/// (most open, a quarter done, dates around today, tags, bodies up to 2 KB), nested folders, and
/// a few notes with checkbox tasks. Seeded: the same seed and size give the same bytes.
struct VaultGenerator {
    var seed: UInt64 = 20_261_124
    let today: LocalDate
    /// Issue 21's benchmark vault: about 20% of tasks are subtasks of an earlier task and 10%
    /// are blocked by one (`parent`, `blocked_by`).
    var structured = false

    static let areas = ["Work": ["Launch", "Hiring", "Website", "Q4 Planning"], "Home": ["Garden", "Kitchen", "Move"],
                        "Health": ["Running", "Dentist"], "Finance": ["Taxes", "Budget"], "Learning": ["Swift", "Spanish", "Piano"],
                        "Family": ["Holidays", "School"]]
    static let areaNames = areas.keys.sorted()
    static let tags = ["errands", "phone", "email", "waiting", "urgent", "deep-work", "reading", "home", "computer",
                       "work/backend", "work/frontend", "work/ops", "work/meetings", "people/sam", "people/alex",
                       "energy/low", "energy/high", "someday-maybe", "shopping", "admin"]
    static let verbs = ["Call", "Email", "Write", "Review", "Plan", "Buy", "Fix", "Book", "Draft", "Read", "Prepare",
                        "Schedule", "Clean", "Pay", "Update", "Research", "Send", "Organise", "Check", "Finish"]
    static let objects = ["the quarterly report", "invoice", "dentist appointment", "garden shed", "slides for Monday",
                          "tax documents", "kitchen tap", "birthday present", "flight to Lisbon", "team retro notes",
                          "server certificates", "insurance renewal", "piano lesson", "budget spreadsheet", "car service",
                          "library books", "onboarding guide", "release notes", "school forms", "running shoes"]
    static let words = ["the", "and", "with", "before", "after", "meeting", "notes", "draft", "budget", "client", "review",
                        "timeline", "remember", "check", "numbers", "Lisbon", "deploy", "backup", "invoice", "garden",
                        "kiwi", "ticket", "follow", "up", "question", "answer", "plan", "version", "summary", "detail"]

    /// Writes `count` task files (and about 2% as many notes) under `root`.
    func generate(count: Int, into root: String) throws {
        var r = SeededGenerator(seed: seed &+ UInt64(count))
        let notes = max(1, count / 50)
        var names: [String] = []
        var links = SeededGenerator(seed: seed &+ 21)
        for i in 0..<count {
            var (rel, text) = taskFile(i, &r)
            if structured, !names.isEmpty {
                var keys: [String] = []
                if links.chance(0.2) { keys.append("parent: \"\(names[links.int(names.count)])\"") }
                if links.chance(0.1) { keys.append("blocked_by: [\"\(names[links.int(names.count)])\"]") }
                if !keys.isEmpty { text = "---\n" + keys.joined(separator: "\n") + "\n" + text.dropFirst(4) }
            }
            names.append((rel as NSString).lastPathComponent)
            try write(root + "/" + rel, text)
        }
        for i in 0..<notes {
            try write(root + "/Notes/\(Self.areaNames[i % Self.areaNames.count])/note-\(i).md", note(i, &r))
        }
    }

    func write(_ path: String, _ text: String) throws {
        let dir = (path as NSString).deletingLastPathComponent
        if !FileManager.default.fileExists(atPath: dir) {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw TodoError.io(path: path, reason: "cannot write")
        }
    }

    func taskFile(_ i: Int, _ r: inout SeededGenerator) -> (String, String) {
        let title = "\(r.pick(Self.verbs)) \(r.pick(Self.objects))" + (r.chance(0.3) ? " \(i)" : "")
        let statusRoll = r.int(100)
        let status = statusRoll < 60 ? "todo" : statusRoll < 65 ? "in-progress" : statusRoll < 90 ? "done" : statusRoll < 95 ? "cancelled" : "someday"
        let created = today.adding(days: -r.int(700))
        var y = ["---", "title: \"\(title)\"", "status: \"\(status)\""]
        if r.chance(0.35) {
            let roll = r.int(100)
            let offset = roll < 15 ? -1 - r.int(30) : roll < 18 ? 0 : 1 + r.int(90)
            y.append("due: \"\(today.adding(days: offset))\"" )
        }
        if r.chance(0.10) { y.append("defer: \"\(today.adding(days: r.int(40) - 10))\"") }
        if r.chance(0.10) { y.append("scheduled: \"\(today.adding(days: r.chance(0.2) ? -r.int(10) : 1 + r.int(30)))\"") }
        if r.chance(0.30) { y.append("priority: \"\(r.pick(["low", "medium", "high"]))\"") }
        if r.chance(0.05) { y.append("flagged: true") }
        var folder = "Inbox"
        if r.chance(0.7) {
            let area = r.pick(Self.areaNames)
            y.append("area: \"\(area)\"")
            folder = "Areas/\(area)"
            if r.chance(0.7) {
                let project = r.pick(Self.areas[area]!)
                y.append("project: \"\(project)\"")
                folder = "Projects/\(area)/\(project)"
            }
        }
        if status == "done" || status == "cancelled" {
            if r.chance(0.5) { folder = "Archive/\(created.year)" }
            y.append("completed: \"\(created.adding(days: r.int(30)))T17:\(10 + r.int(49)):00Z\"")
        }
        if r.chance(0.6) {
            y.append("tags:")
            for t in Set((0...r.int(3)).map { _ in r.pick(Self.tags) }).sorted() { y.append("  - \(t)") }
        }
        if r.chance(0.05) { y.append("recurrence: \"\(r.pick(["FREQ=WEEKLY;BYDAY=MO", "FREQ=MONTHLY;BYMONTHDAY=1", "FREQ=DAILY;INTERVAL=2"]))\"") }
        if r.chance(0.30) { y.append("estimated_minutes: \(r.pick([5, 15, 30, 45, 60, 90, 120]))") }
        if r.chance(0.30) { y.append("description: \"\(sentence(&r, 6 + r.int(10)))\"") }
        y.append("created: \"\(created)T\(10 + r.int(10)):\(10 + r.int(49)):00Z\"")
        y.append("modified: \"\(created.adding(days: r.int(20)))T09:00:00Z\"")
        y.append("source: \"\(r.chance(0.9) ? "user" : r.pick(["claude", "todoist-import", "obsidian"]))\"")
        if r.chance(0.05) { y.append("energy: \(r.pick(["low", "high"]))  # unknown keys are kept") }
        y.append("---")
        var body = ""
        if r.chance(0.7) {
            let target = r.int(2000)
            while body.utf8.count < target {
                body += r.chance(0.3) ? "- \(sentence(&r, 3 + r.int(6)))\n" : sentence(&r, 8 + r.int(20)) + ".\n\n"
            }
        }
        // A rare word for the search benchmark: in about 3% of files.
        if r.chance(0.03) { body += "Ask Sam about the quokka sanctuary budget.\n" }
        let slug = FileName.slug(title)
        let name = "\(created.year)\(String(format: "%02d%02d", created.month, created.day))-\(String(format: "%02d%02d", 8 + i % 12, i % 60))-\(slug)-\(i).md"
        return (folder + "/" + name, y.joined(separator: "\n") + "\n" + (body.isEmpty ? "" : "\n" + body))
    }

    func note(_ i: Int, _ r: inout SeededGenerator) -> String {
        var lines = ["# Notes \(i)", "", sentence(&r, 12) + ".", ""]
        for _ in 0..<(3 + r.int(8)) {
            let box = r.pick(["[ ]", "[ ]", "[ ]", "[x]", "[/]"])
            var line = "- \(box) \(r.pick(Self.verbs)) \(r.pick(Self.objects))"
            if r.chance(0.5) { line += " 📅 \(today.adding(days: r.int(40) - 10))" }
            if r.chance(0.3) { line += " #\(r.pick(Self.tags))" }
            if box == "[x]" { line += " ✅ \(today.adding(days: -r.int(10)))" }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func sentence(_ r: inout SeededGenerator, _ n: Int) -> String {
        var w = (0..<n).map { _ in r.pick(Self.words) }
        w[0] = w[0].prefix(1).uppercased() + w[0].dropFirst()
        return w.joined(separator: " ")
    }
}
