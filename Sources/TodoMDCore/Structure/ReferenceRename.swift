import Foundation

/// The references to a task file that moves or is renamed (issue 21): its subtasks' `parent`
/// and its dependents' `blocked_by` / TaskNotes `blockedBy`, rewritten to the new path in the
/// style each was written in — a file name stays a file name, a path a path, a wiki link a wiki
/// link (alias and heading kept), `.md` kept or left out as it was.
public enum ReferenceRename {
    /// The keys that hold references to task files.
    static var keys: [String] { [TaskTree.key] + TaskDependencies.fileKeys }

    /// The changes that make `t` name `newPath` where it named `oldPath` (empty: it did not).
    /// Checkbox lines name other lines by id, which a rename does not touch.
    public static func changes(for t: TodoTask, oldPath: String, newPath: String) -> [FieldChange] {
        guard t.line == nil else { return [] }
        let names = Set(TaskDependencies.names(ofPath: oldPath))
        var out: [FieldChange] = []
        for key in keys {
            guard let value = t.extra.last(where: { $0.0 == key })?.1 else { continue }
            switch value {
            case .string(let s):
                if let n = rewrite(s, names: names, newPath: newPath) { out.append(FieldChange(key, .string(n))) }
            case .array(let items):
                var changed = false
                let mapped = items.map { item -> JSONValue in
                    switch item {
                    case .string(let s):
                        guard let n = rewrite(s, names: names, newPath: newPath) else { return item }
                        changed = true
                        return .string(n)
                    case .object(let members):
                        // TaskNotes' `{uid: "[[Task]]", reltype, gap}`.
                        guard case .string(let uid)? = members.last(where: { $0.0 == "uid" })?.1,
                              let n = rewrite(uid, names: names, newPath: newPath) else { return item }
                        changed = true
                        return .object(members.map { $0.0 == "uid" ? ($0.0, .string(n)) : $0 })
                    default: return item
                    }
                }
                guard changed else { continue }
                let strings = mapped.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
                out.append(FieldChange(key, strings.count == mapped.count ? .list(strings) : .raw(flow(.array(mapped)))))
            default: continue
            }
        }
        return out
    }

    /// `reference` naming `newPath` in its own style, or nil when it names none of `names`.
    static func rewrite(_ reference: String, names: Set<String>, newPath: String) -> String? {
        guard names.contains(TaskDependencies.normalize(reference)) else { return nil }
        let raw = reference.trimmed
        let newStem = newPath.lowercased().hasSuffix(".md") ? String(newPath.dropLast(3)) : newPath
        let newName = (newStem as NSString).lastPathComponent
        func target(_ old: String) -> String {
            let hasExt = old.lowercased().hasSuffix(".md")
            let pathLike = old.contains("/")
            return (pathLike ? (old.hasPrefix("./") ? "./" : old.hasPrefix("/") ? "/" : "") + newStem : newName) + (hasExt ? ".md" : "")
        }
        let out: String
        if raw.hasPrefix("[["), raw.hasSuffix("]]") {
            let inner = String(raw.dropFirst(2).dropLast(2))
            let cut = inner.firstIndex(where: { $0 == "|" || $0 == "#" }) ?? inner.endIndex
            out = "[[" + target(String(inner[..<cut])) + inner[cut...] + "]]"
        } else {
            out = target(raw)
        }
        // A file name still names a file moved to another folder: nothing to write.
        return out == raw ? nil : out
    }

    /// A value as YAML flow text (for a list of TaskNotes' dependency objects).
    static func flow(_ v: JSONValue) -> String {
        switch v {
        case .string(let s): return YAMLRender.doubleQuoted(s)
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(flow).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { (YAMLRender.isPlainKey($0.0) ? $0.0 : YAMLRender.doubleQuoted($0.0)) + ": " + flow($0.1) }.joined(separator: ", ") + "}"
        }
    }
}
