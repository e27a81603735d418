import Foundation
import Yams

/// The canonical task file of spec 000: one `.md` file, YAML frontmatter, Markdown body.
public struct MarkdownTaskFormat: TaskFileFormat {
    public init() {}

    /// Tests turn the fast frontmatter reader off to compare it with the full YAML parser.
    nonisolated(unsafe) static var fastPath = true

    public func read(path: String, bytes: [UInt8], zone: TimeZone) -> ReadOutcome {
        let parsed = Self.frontmatter(path: path, bytes: bytes, looksLikeTask: Self.looksLikeTask) { lineKeys in
            // Cheap line scan first: notes without task keys never reach the YAML parser (a vault
            // of 30,000 notes stays fast).
            lineKeys.contains(TaskKey.status) || TaskKey.required.filter(lineKeys.contains).count >= 2
        }
        guard case let .fields(doc, fields) = parsed else { return parsed.outcome }
        let keys = Set(fields.map(\.0))
        let requiredPresent = TaskKey.required.filter(keys.contains).count
        guard keys.contains(TaskKey.status) || requiredPresent >= 2 else { return .notATask }
        var task = TodoTask(path: path, title: "")
        // `created` and `source` are often missing in files people and other tools write: not a
        // problem (`doctor --strict` lists them; `created` falls back to the file's time).
        let missing = TaskKey.required.filter { $0 != TaskKey.created && $0 != TaskKey.source && !keys.contains($0) }
        return Self.finish(&task, doc: doc, fields: fields, zone: zone, problems: missing.map { "missing required key: \($0)" })
    }

    /// A file's frontmatter as key/node pairs, or what the file is when it has none to read.
    enum Frontmatter {
        case fields(FrontmatterDocument, [(String, Node)])
        case other(ReadOutcome)

        var outcome: ReadOutcome {
            if case .other(let o) = self { return o }
            return .notATask
        }
    }

    /// Reads the frontmatter of `bytes` within spec 000's limits (size, YAML depth and aliases).
    /// `candidate` sees the keys of the frontmatter's lines and says whether the file may be a
    /// task at all (notes that are not skip the YAML parser); `looksLikeTask` decides whether
    /// a file that cannot be parsed is a broken task (shown, with its problem) or a note.
    static func frontmatter(path: String, bytes: [UInt8], looksLikeTask: ([UInt8]) -> Bool,
                            candidate: (Set<String>) -> Bool) -> Frontmatter {
        func broken(_ reason: String) -> Frontmatter {
            var task = TodoTask(path: path, title: Self.titleFromFilename(path))
            task.problems.append(reason)
            task.readOnly = true
            return .other(.task(task))
        }
        if bytes.count > Limits.fileBytes {
            guard FrontmatterDocument.startsWithDelimiter(bytes) else { return .other(.notATask) }
            return broken("file is larger than 1 MB; not parsed")
        }
        guard let doc = FrontmatterDocument(bytes: bytes) else {
            guard FrontmatterDocument.startsWithDelimiter(bytes) else { return .other(.notATask) }
            return looksLikeTask(bytes) ? broken("frontmatter has no closing --- line") : .other(.unreadable("frontmatter has no closing --- line"))
        }
        guard candidate(Set(doc.keyBlocks().map(\.key))) else { return .other(.notATask) }
        guard let yaml = doc.yamlText else {
            return looksLikeTask(bytes) ? broken("frontmatter is not valid UTF-8") : .other(.unreadable("frontmatter is not valid UTF-8"))
        }
        if Self.fastPath, let fast = FastFrontmatter.parse(doc) { return .fields(doc, fast) }
        if let refusal = YAMLSafety.check(yaml) {
            return looksLikeTask(bytes) ? broken(refusal) : .other(.unreadable(refusal))
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            // A merge that stopped with conflict markers (git, `todomd merge-driver`) says so.
            let marked = yaml.split(separator: "\n").contains { $0.hasPrefix("<<<<<<< ") || $0 == "=======" || $0.hasPrefix(">>>>>>> ") }
            let reason = marked ? "an unresolved merge conflict: keep one side of each <<<<<<< … >>>>>>> block"
                : "invalid YAML: " + Self.describe(error)
            return looksLikeTask(bytes) ? broken(reason) : .other(.unreadable(reason))
        }
        guard let root else { return .other(.notATask) }  // empty frontmatter
        guard case .mapping(let mapping) = root else {
            return looksLikeTask(bytes) ? broken("frontmatter is not a key: value mapping") : .other(.notATask)
        }
        var fields: [(String, Node)] = []
        for (k, v) in mapping {
            guard let key = k.scalar?.string else { continue }
            fields.append((key, v))
        }
        return .fields(doc, fields)
    }

    /// Reads schema `fields` into `task` (within the YAML budget), adds `problems`, then the body.
    static func finish(_ task: inout TodoTask, doc: FrontmatterDocument, fields: [(String, Node)], zone: TimeZone,
                       problems: [String] = []) -> ReadOutcome {
        var budget = YAMLBudget()
        for (key, node) in fields {
            FieldReader.read(key: key, node: node, into: &task, zone: zone, budget: &budget)
            if budget.exhausted {
                task.title = Self.titleFromFilename(task.path)
                task.problems.append(budget.reason)
                task.readOnly = true
                return .task(task)
            }
        }
        task.problems += problems
        if let p = budget.keyProblem { task.problems.append(p) }
        if task.title.isEmpty { task.title = Self.titleFromFilename(task.path) }
        if let body = UTF8Text.decode(doc.body) {
            if doc.body.count > Limits.bodyBytes {
                task.problems.append("body is larger than 100 KB; shown truncated")
                task.body = String(decoding: doc.body.prefix(Limits.bodyBytes), as: UTF8.self)
            } else {
                task.body = body
            }
        } else {
            task.problems.append("body is not valid UTF-8")
            task.readOnly = true
        }
        return .task(task)
    }

    public func render(_ task: TodoTask) -> [UInt8] { Self.file(Self.fields(of: task), body: task.body) }

    /// A new file: `fields` as frontmatter (nil values left out), a blank line, the body.
    static func file(_ fields: [FieldChange], body: String) -> [UInt8] {
        var lines = ["---"]
        for change in fields {
            guard let value = change.value else { continue }
            lines += YAMLRender.lines(key: change.key, value: value)
        }
        lines.append("---")
        var text = lines.joined(separator: "\n") + "\n"
        if !body.isEmpty { text += "\n" + body + (body.utf8.last == 0x0A ? "" : "\n") }
        return Array(text.utf8)
    }

    public func apply(_ changes: [FieldChange], to bytes: [UInt8]) throws -> [UInt8] {
        try apply(changes, to: bytes, reader: read)
    }

    /// The line edit, checked by reading the file before and after it with `reader` (the format's own reading).
    /// `schemaKeys`: the schema fields the changes stand for, when the format spells them otherwise.
    func apply(_ changes: [FieldChange], to bytes: [UInt8], schemaKeys: Set<String> = [],
               reader: @escaping (String, [UInt8], TimeZone) -> ReadOutcome) throws -> [UInt8] {
        guard let doc = FrontmatterDocument(bytes: bytes) else {
            throw TodoError.invalidArgument("file has no frontmatter")
        }
        // Keys that need quoting (`'a b'`, `"x: y"`) have more than one spelling in a file; the
        // line editor only edits keys it can match exactly.
        if let odd = changes.first(where: { !YAMLRender.isPlainKey($0.key) }) {
            throw TodoError.invalidArgument("\"\(odd.key)\" is not a plain key (letters, digits, _ - .); edit the file by hand (todomd edit)")
        }
        try Self.checkNoSharedAnchor(doc, keys: Set(changes.map(\.key)))
        // A lone CR ends a line for YAML but not for the line editor: editing there could drop
        // the key after it.
        if Self.hasLoneCR(doc) {
            throw TodoError.invalidArgument("the frontmatter uses lone CR line breaks; edit the file by hand (todomd edit)")
        }
        // A quoted value or flow list running on over lines may hold a line that looks like a
        // key (`status: done` inside a title): the line editor cannot tell, so it does not try.
        if Self.hasMultiLineQuote(doc) {
            throw TodoError.invalidArgument("the frontmatter has a quoted value or a [list] over several lines; edit the file by hand (todomd edit)")
        }
        let edited = FrontmatterEditor.apply(changes.map { ($0.key, $0.value) }, to: doc)
        try Self.checkEditKept(bytes, edited, keys: Set(changes.map(\.key)).union(schemaKeys), read: reader)
        return edited
    }

    /// The last word on a line edit: the file read before and after it. A file that was whole
    /// must stay whole and keep every field but the edited ones; otherwise a line the editor
    /// took for a key was inside a YAML value it could not see (a flow list over several lines
    /// behind an odd key, …), and the edit is refused rather than written.
    static func checkEditKept(_ before: [UInt8], _ after: [UInt8], keys: Set<String>,
                              read: (String, [UInt8], TimeZone) -> ReadOutcome) throws {
        let utc = TimeZone(identifier: "UTC")!
        guard case .task(let old) = read("edit.md", before, utc), !old.readOnly else { return }
        func refusal(_ what: String) -> TodoError {
            TodoError.invalidArgument("this edit would \(what), not only the fields set: the frontmatter has YAML the line editor cannot follow; edit the file by hand (todomd edit)")
        }
        guard case .task(let new) = read("edit.md", after, utc), !new.readOnly else { throw refusal("make the file unreadable") }
        let others = Set(TaskKey.all + old.extra.map(\.0) + new.extra.map(\.0)).subtracting(keys).subtracting([TaskKey.modified])
        for k in others.sorted() where old.value(forKey: k) != new.value(forKey: k) { throw refusal("change \(k)") }
    }

    /// Replacing or removing a value that defines a YAML anchor (`base: &a [1]`) which another
    /// key uses (`more: *a`) would leave that alias dangling and the whole file unreadable:
    /// refused, to be edited by hand.
    static func checkNoSharedAnchor(_ doc: FrontmatterDocument, keys: Set<String>) throws {
        let blocks = doc.keyBlocks()
        func bytes(_ b: FrontmatterDocument.KeyBlock) -> [UInt8] {
            Array(b.lineRange.map { Array(doc.bytes[doc.content($0)]) }.joined(separator: [0x0A]))
        }
        // Searched as bytes: Foundation's `contains` trapped on some invalid UTF-8 (a fuzz find).
        func has(_ hay: [UInt8], _ needle: [UInt8]) -> Bool {
            guard !needle.isEmpty, hay.count >= needle.count else { return false }
            return (0...(hay.count - needle.count)).contains { i in hay[i..<(i + needle.count)].elementsEqual(needle) }
        }
        for b in blocks where keys.contains(b.key) {
            let ownBytes = bytes(b)
            guard ownBytes.contains(0x26) else { continue }  // &
            for anchor in Self.anchors(in: String(decoding: ownBytes, as: UTF8.self)) {
                let users = blocks.filter { $0.key != b.key && has(bytes($0), Array(("*" + anchor).utf8)) }
                if let user = users.first {
                    throw TodoError.invalidArgument("\(b.key): its value defines the YAML anchor &\(anchor), which \(user.key) uses; edit the file by hand (todomd edit)")
                }
            }
        }
    }

    /// Whether any key's value opens a quote (`"`, `'`) its line does not close.
    static func hasMultiLineQuote(_ doc: FrontmatterDocument) -> Bool {
        let b = doc.bytes
        func close(_ from: Int, _ end: Int, _ q: UInt8) -> Int? {
            var i = from
            while i < end {
                if q == 0x22, b[i] == 0x5C { i += 2; continue }
                if b[i] == q {
                    if q == 0x27, i + 1 < end, b[i + 1] == 0x27 { i += 2; continue }
                    return i
                }
                i += 1
            }
            return nil
        }
        for block in doc.keyBlocks() {
            let r = doc.content(block.lineRange.lowerBound)
            var i = r.lowerBound
            if i < r.upperBound, b[i] == 0x22 || b[i] == 0x27 {  // a quoted key
                guard let end = close(i + 1, r.upperBound, b[i]) else { return true }
                i = end + 1
            }
            while i < r.upperBound, b[i] != 0x3A { i += 1 }
            i += 1
            while i < r.upperBound, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
            if i < r.upperBound, b[i] == 0x22 || b[i] == 0x27, close(i + 1, r.upperBound, b[i]) == nil { return true }
            if i < r.upperBound, b[i] == 0x5B || b[i] == 0x7B, !flowEndsOnItsLine(b, i, r.upperBound, close) { return true }
        }
        return false
    }

    /// Whether a flow list or map (`[a, 'b']`, `{k: v}`) starting at `start` closes on its line:
    /// one running on holds lines the line editor would take for keys (`tags: [a,\ntitle: T]`).
    /// A quote starts a quoted item only at an item's start, as in YAML (`[it's]` is plain).
    private static func flowEndsOnItsLine(_ b: [UInt8], _ start: Int, _ end: Int, _ close: (Int, Int, UInt8) -> Int?) -> Bool {
        var depth = 0
        var i = start
        var itemStart = true
        while i < end {
            let c = b[i]
            switch c {
            case 0x22, 0x27 where itemStart:
                guard let e = close(i + 1, end, c) else { return false }
                i = e + 1
                itemStart = false
                continue
            case 0x5B, 0x7B: depth += 1; itemStart = true
            case 0x5D, 0x7D:
                depth -= 1
                if depth == 0 { return true }
            case 0x2C, 0x3A: itemStart = true
            case 0x20, 0x09: break
            case 0x23 where i > start && (b[i - 1] == 0x20 || b[i - 1] == 0x09): return false  // a comment before it closed
            default: itemStart = false
            }
            i += 1
        }
        return false
    }

    static func hasLoneCR(_ doc: FrontmatterDocument) -> Bool {
        doc.lines.indices.contains { i in doc.bytes[doc.content(i)].contains(0x0D) }
    }

    /// Anchor names (`&name`) in a block of YAML text.
    static func anchors(in text: String) -> [String] {
        var out: [String] = []
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            let name = rest[rest.index(after: amp)...].prefix { !" \t\n,[]{}".contains($0) }
            if !name.isEmpty { out.append(String(name)) }
            rest = rest[rest.index(after: amp)...]
        }
        return out
    }

    /// The schema fields of `task` that a new file is written with, in canonical order.
    static func fields(of task: TodoTask) -> [FieldChange] {
        var out: [FieldChange] = [FieldChange(TaskKey.title, .string(task.title)),
                                  FieldChange(TaskKey.status, .string(task.status.rawValue))]
        func opt(_ key: String, _ v: String?) { if let v { out.append(FieldChange(key, .string(v))) } }
        opt(TaskKey.due, task.due?.description)
        opt(TaskKey.deferDate, task.deferDate?.description)
        opt(TaskKey.scheduled, task.scheduled?.description)
        if task.priority != .none { out.append(FieldChange(TaskKey.priority, .string(task.priority.rawValue))) }
        if task.flagged { out.append(FieldChange(TaskKey.flagged, .bool(true))) }
        opt(TaskKey.area, task.area)
        opt(TaskKey.project, task.project)
        if !task.tags.isEmpty { out.append(FieldChange(TaskKey.tags, .list(task.tags))) }
        opt(TaskKey.recurrence, task.recurrence)
        opt(TaskKey.recurrenceType, task.repeatMode?.rawValue)
        if let m = task.estimatedMinutes { out.append(FieldChange(TaskKey.estimatedMinutes, .int(m))) }
        opt(TaskKey.description, task.description)
        opt(TaskKey.created, task.created.map(Timestamp.format))
        opt(TaskKey.modified, task.modified.map(Timestamp.format))
        opt(TaskKey.completed, task.completed.map(Timestamp.format))
        opt(TaskKey.source, task.source)
        for (k, v) in task.extra { out.append(FieldChange(k, FieldReader.fieldValue(v))) }
        return out
    }

    /// A title for a file whose `title` is missing: the filename less its timestamp prefix.
    static func titleFromFilename(_ path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if name.lowercased().hasSuffix(".md") { name = String(name.dropLast(3)) }
        let u = Array(name.utf8)
        if u.count > 14, u[8] == 0x2D, u[13] == 0x2D,
           u[0..<8].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), u[9..<13].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            name = String(decoding: u[14...], as: UTF8.self)
        }
        let spaced = name.replacingOccurrences(of: "-", with: " ").trimmingCharacters(in: .whitespaces)
        return spaced.isEmpty ? name : spaced
    }

    /// A note's name: its file name without `.md`.
    static func noteName(_ path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if name.lowercased().hasSuffix(".md") { name = String(name.dropLast(3)) }
        return name
    }

    /// Whether a file whose frontmatter cannot be parsed was meant to be a task.
    static func looksLikeTask(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(64 * 1024), as: UTF8.self)
        for line in head.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            if line.hasPrefix("status:") || line.hasPrefix("title:") || line.hasPrefix("\"status\":") { return true }
        }
        return false
    }

    static func describe(_ error: Error) -> String {
        let text = "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }
}
