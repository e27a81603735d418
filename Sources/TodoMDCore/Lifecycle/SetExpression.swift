/// One word of `todomd set`: `key=value` sets (`key=` clears), `key+=value` adds to a list
/// (`tags+=errands`) or appends to the notes, `key-=value` removes from a list. `body` is the
/// Markdown notes under the frontmatter, never a frontmatter key: `body=…` replaces them,
/// `body+=…` appends a paragraph.
public enum SetExpression: Sendable, Equatable {
    case assign(String)
    case add(key: String, value: String)
    case remove(key: String, value: String)
    case body(BodyEdit)

    /// Whether `word` is a set expression (as opposed to a TASK in `set a b tags+=x`).
    public static func looks(_ word: String) -> Bool {
        guard let eq = word.firstIndex(of: "=") else { return false }
        var key = Substring(word[..<eq])
        if key.hasSuffix("+") || key.hasSuffix("-") { key = key.dropLast() }
        return FieldAssignment.isValidKey(String(key))
    }

    public static func parse(_ word: String) throws -> SetExpression {
        guard let eq = word.firstIndex(of: "=") else { throw TodoError.invalidArgument("expected key=value, got \"\(word)\"") }
        let value = String(word[word.index(after: eq)...])
        var key = String(word[..<eq])
        let op = key.last
        if op == "+" || op == "-" { key.removeLast() }
        guard FieldAssignment.isValidKey(key) else { throw TodoError.invalidArgument("not a valid key: \"\(key)\"") }
        if key == "body" {
            switch op {
            case "+": return .body(.append(value))
            case "-": throw TodoError.invalidArgument("body-= is not a thing: use body= to replace the notes, or todomd edit")
            default: return .body(.replace(value))
            }
        }
        switch op {
        case "+": return .add(key: key, value: value)
        case "-": return .remove(key: key, value: value)
        default: return .assign(word)
        }
    }

    /// The changes several expressions make, each seeing the ones before it (`tags+=b tags-=a`
    /// on `[a]` is `[b]`); one change per key, the last.
    public static func changes(_ expressions: [SetExpression], for task: TodoTask, clock: Clock) throws -> [FieldChange] {
        var working = task
        var out: [FieldChange] = []
        for e in expressions {
            guard let c = try e.change(for: working, clock: clock) else { continue }
            out.removeAll { $0.key == c.key }
            out.append(c)
            if case .list(let items)? = c.value {
                if c.key == TaskKey.tags {
                    working.tags = items
                } else {
                    working.extra.removeAll { $0.0 == c.key }
                    working.extra.append((c.key, .array(items.map(JSONValue.string))))
                }
            }
        }
        return out
    }

    /// The field change this makes to `task` (nil for a body edit).
    public func change(for task: TodoTask, clock: Clock) throws -> FieldChange? {
        switch self {
        case .assign(let word): return try FieldAssignment.parse(word, clock: clock)
        case .body: return nil
        case let .add(key, value), let .remove(key, value):
            var adding = false
            if case .add = self { adding = true }
            let items = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if key == TaskKey.tags {
                let tags = items.compactMap(TodoTask.normalizedTag)
                var now = task.tags
                if adding {
                    for t in tags where !now.contains(where: { $0.lowercased() == t.lowercased() }) { now.append(t) }
                } else {
                    now.removeAll { t in tags.contains { $0.lowercased() == t.lowercased() } }
                }
                return FieldChange(key, .list(now))
            }
            guard TaskKey.all.contains(key) == false else {
                throw TodoError.invalidArgument("\(key) is not a list; use \(key)=value")
            }
            var list: [String] = []
            switch task.value(forKey: key) {
            case .array(let a): list = a.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
            case .null: list = []
            default: throw TodoError.invalidArgument("\(key) is not a list in this task; use \(key)=value")
            }
            if adding { list += items.filter { !list.contains($0) } } else { list.removeAll { items.contains($0) } }
            return FieldChange(key, .list(list))
        }
    }

    /// The key this changes ("body" for the notes).
    public var key: String {
        switch self {
        case .assign(let w): return String(w.prefix { $0 != "=" }).trimmingCharacters(in: .whitespaces)
        case let .add(k, _), let .remove(k, _): return k
        case .body: return "body"
        }
    }
}

/// A change to a task's notes (the Markdown body under the frontmatter).
public enum BodyEdit: Sendable, Equatable {
    case replace(String)
    /// Added as a new paragraph after the notes.
    case append(String)
    /// One edit, then another (`body=… --note …`).
    indirect case then(BodyEdit, BodyEdit)
    /// A checklist item checked or unchecked: only the character between its brackets changes
    /// (refused when the notes no longer have that item on that line).
    case check(ChecklistItem, done: Bool)

    /// The new body text; a `check` whose item moved is refused.
    public func applying(to body: String) throws -> String {
        switch self {
        case let .check(item, done): return try Checklist.setting(item, done: done, in: body)
        case let .then(first, second): return try second.applying(to: first.applying(to: body))
        default: return apply(to: body)
        }
    }

    /// The new body text.
    public func apply(to body: String) -> String {
        switch self {
        case .check: return (try? applying(to: body)) ?? body
        case .replace(let s): return s.isEmpty || s.hasSuffix("\n") ? s : s + "\n"
        case .append(let s):
            let trimmed = body.trimmingTrailingNewlines()
            let addition = s.hasSuffix("\n") ? s : s + "\n"
            return trimmed.isEmpty ? addition : trimmed + "\n\n" + addition
        case let .then(first, second): return second.apply(to: first.apply(to: body))
        }
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var s = Substring(self)
        while let last = s.last, last == "\n" || last == "\r" || last == "\r\n" { s = s.dropLast() }
        return String(s)
    }
}
