import Foundation
import Yams

/// A three-way merge of two versions of a Markdown task file against their common ancestor,
/// field by field: a key changed on one side only takes that side's lines; the same key
/// changed on both sides to different values is a conflict; `tags` merge as sets (additions
/// and removals of both sides); `modified` takes the later time; the body merges line by line
/// (`LineMerge`). The result is built from `mine`'s bytes: keys it keeps stay byte for byte.
///
/// Without an ancestor (`base` nil), a key whose values differ goes to the side whose
/// `modified` is later (the caller keeps the other in the version history) and the bodies
/// likewise; when `modified` cannot tell (missing or equal), each difference is a conflict.
public enum TaskMerge {
    /// One key (or `body`) both sides changed differently.
    public struct Conflict: Sendable, Equatable {
        public var key: String
        /// The key's lines in each version (nil: absent); for `body`, the whole body.
        public var base: [UInt8]?
        public var mine: [UInt8]?
        public var theirs: [UInt8]?

        /// A version's value as text, for people.
        public static func text(_ raw: [UInt8]?, key: String) -> String? {
            guard let raw else { return nil }
            let s = String(decoding: raw, as: UTF8.self)
            guard key != "body", let colon = s.firstIndex(of: ":") else { return s }
            let value = String(s[s.index(after: colon)...]).trimmingCharacters(in: .whitespacesAndNewlines)
            // One quoted scalar reads as its text (`"Plan B"` is Plan B); lists stay YAML.
            guard let q = value.first, q == "\"" || q == "'", !value.contains("\n"), value.utf8.count <= 4096,
                  let text = (try? Yams.compose(yaml: value))??.scalar?.string else { return value }
            return text
        }
    }

    /// What the merge gave.
    public struct Result: Sendable, Equatable {
        /// The merged file; conflicting keys keep `mine`'s lines, unless written with markers.
        public var bytes: [UInt8]
        public var conflicts: [Conflict]
        /// Keys (and `body`) whose result came from `theirs`, wholly or in part.
        public var fromTheirs: [String]
    }

    /// How a conflict is settled: one side, or a value written for the key.
    public enum Choice: Sendable, Equatable {
        case mine, theirs
        case value(FieldValue)
    }

    /// Merges `mine` and `theirs` against `base`. `resolve` settles conflicts (a key without a
    /// choice stays a conflict, `mine`'s lines kept); with `markers`, conflicts are written with
    /// git's markers instead (`<<<<<<< ours` … `>>>>>>> theirs`).
    public static func merge(base: [UInt8]?, mine: [UInt8], theirs: [UInt8], resolve: [String: Choice] = [:],
                             markers: Bool = false, labels: (mine: String, theirs: String) = ("ours", "theirs"),
                             disputed: Set<String> = []) -> Result {
        let a = FileFields(mine), b = FileFields(theirs)
        let o = base.map(FileFields.init)
        guard let doc = FrontmatterDocument(bytes: mine), b.hasFrontmatter else {
            return mergeBodiesOnly(base: base, mine: mine, theirs: theirs, resolve: resolve, markers: markers, labels: labels)
        }
        // No ancestor: the later `modified` decides; when it cannot, every difference is the
        // user's to settle (never silently one side's).
        let theirsWins = o == nil && isLater(b, than: a), mineWins = o == nil && isLater(a, than: b)
        var replace: [String: [UInt8]?] = [:]   // key -> new lines (nil: remove)
        var conflicts: [Conflict] = []
        var fromTheirs: [String] = []
        var keys: [String] = a.fields.map(\.key)
        for f in b.fields where !keys.contains(f.key) { keys.append(f.key) }
        for f in o?.fields ?? [] where !keys.contains(f.key) { keys.append(f.key) }
        for key in keys {
            let va = a.raw(key), vb = b.raw(key), vo = o.flatMap { $0.raw(key) }
            if same(va, vb) { continue }
            if key == TaskKey.modified {
                if isLater(b, than: a) { replace[key] = .some(vb); fromTheirs.append(key) }
                continue
            }
            if let o, key == TaskKey.tags, !same(va, vo), !same(vb, vo), let merged = mergeTags(vo, va, vb, base: o) {
                replace[key] = .some(merged.isEmpty ? nil : rendered(key, .list(merged), doc))
                fromTheirs.append(key)
                continue
            }
            // Both sides changed it: the caller's choice, else a conflict (marked, for git).
            func settle() {
                if let choice = resolve[key] {
                    if let lines = chosen(choice, key: key, mine: va, theirs: vb, doc: doc) { replace[key] = .some(lines) }
                    if choice != .mine { fromTheirs.append(key) }
                } else {
                    conflicts.append(Conflict(key: key, base: vo, mine: va, theirs: vb))
                    if markers { replace[key] = .some(marked(va, vb, doc: doc, labels: labels)) }
                }
            }
            if disputed.contains(key) {
                settle()
            } else if o != nil {
                if same(va, vo) {
                    replace[key] = .some(vb)
                    fromTheirs.append(key)
                } else if !same(vb, vo) {
                    settle()
                }
            } else if theirsWins {
                replace[key] = .some(vb)
                fromTheirs.append(key)
            } else if !mineWins {
                settle()
            }
        }
        // The body.
        var body = a.body
        let bodyChoice = resolve["body"]
        if !same(a.body, b.body) {
            if disputed.contains("body") {
                if bodyChoice == .theirs {
                    body = b.body
                    fromTheirs.append("body")
                } else if bodyChoice == nil {
                    conflicts.append(Conflict(key: "body", base: o?.body, mine: a.body, theirs: b.body))
                }
            } else if let ob = o?.body {
                var merged: [UInt8] = []
                var bodyConflict = false
                for chunk in LineMerge.merge(base: ob, mine: a.body, theirs: b.body) {
                    switch chunk {
                    case .lines(let ls): merged += ls.joined()
                    case .conflict(_, let m, let t):
                        bodyConflict = true
                        if markers && bodyChoice == nil {
                            merged += markerLines(m.joined().map { $0 }, t.joined().map { $0 }, doc: doc, labels: labels)
                        } else {
                            merged += (bodyChoice == .theirs ? t : m).joined()
                        }
                    }
                }
                if bodyConflict && bodyChoice == nil {
                    conflicts.append(Conflict(key: "body", base: ob, mine: a.body, theirs: b.body))
                    body = markers ? merged : a.body
                } else {
                    body = merged
                }
                if body != a.body { fromTheirs.append("body") }
            } else if theirsWins || bodyChoice == .theirs {
                body = b.body
                fromTheirs.append("body")
            } else if !mineWins && bodyChoice == nil {
                conflicts.append(Conflict(key: "body", base: nil, mine: a.body, theirs: b.body))
            }
        }
        var out: [UInt8] = Array(doc.bytes[0..<(doc.lines.first?.lowerBound ?? doc.closeStart)])
        let blocks = doc.keyBlocks()
        var i = 0
        while i < doc.lines.count {
            if let block = blocks.first(where: { $0.lineRange.lowerBound == i }), let change = replace[block.key] {
                if let lines = change { out += withTerminator(lines, doc) }
                i = block.lineRange.upperBound
                continue
            }
            out += doc.bytes[doc.lines[i]]
            i += 1
        }
        // Keys only `theirs` (or a resolution) has, in `theirs`' order.
        for key in keys where a.raw(key) == nil {
            if case .some(.some(let lines)) = replace[key] { out += withTerminator(lines, doc) }
        }
        out += doc.bytes[doc.closeStart..<doc.bodyStart]
        out += body
        return Result(bytes: out, conflicts: conflicts, fromTheirs: fromTheirs)
    }

    /// Merges against several candidate ancestors (newest first) when which one both sides
    /// share cannot be told: a key (or the body) merges by itself only when every candidate
    /// gives it the same result; otherwise it is a conflict. Never loses an edit to a wrong
    /// guess of the ancestor.
    public static func merge(bases: [[UInt8]], mine: [UInt8], theirs: [UInt8], resolve: [String: Choice] = [:]) -> Result {
        guard bases.count > 1 else { return merge(base: bases.first, mine: mine, theirs: theirs, resolve: resolve) }
        let outcomes = bases.map { merge(base: $0, mine: mine, theirs: theirs) }
        let fields = outcomes.map { FileFields($0.bytes) }
        var disputed = Set(outcomes.flatMap { $0.conflicts.map(\.key) })
        var keys = Set(fields.flatMap { $0.fields.map(\.key) })
        keys.remove(TaskKey.modified)
        for key in keys where fields.contains(where: { !same($0.raw(key), fields[0].raw(key)) }) { disputed.insert(key) }
        if fields.contains(where: { !same($0.body, fields[0].body) }) { disputed.insert("body") }
        return merge(base: bases.last, mine: mine, theirs: theirs, resolve: resolve, disputed: disputed)
    }

    // MARK: Pieces

    private static func mergeBodiesOnly(base: [UInt8]?, mine: [UInt8], theirs: [UInt8], resolve: [String: Choice], markers: Bool,
                                        labels: (mine: String, theirs: String)) -> Result {
        if same(mine, theirs) { return Result(bytes: mine, conflicts: [], fromTheirs: []) }
        guard let base else {
            return resolve["body"] == .theirs ? Result(bytes: theirs, conflicts: [], fromTheirs: ["body"])
                : Result(bytes: mine, conflicts: [Conflict(key: "body", base: nil, mine: mine, theirs: theirs)], fromTheirs: [])
        }
        var out: [UInt8] = []
        var conflict = false
        for chunk in LineMerge.merge(base: base, mine: mine, theirs: theirs) {
            switch chunk {
            case .lines(let ls): out += ls.joined()
            case .conflict(_, let m, let t):
                conflict = true
                if markers && resolve["body"] == nil {
                    out += markerLines(Array(m.joined()), Array(t.joined()), doc: nil, labels: labels)
                } else {
                    out += (resolve["body"] == .theirs ? t : m).joined()
                }
            }
        }
        let conflicts = conflict && resolve["body"] == nil ? [Conflict(key: "body", base: base, mine: mine, theirs: theirs)] : []
        return Result(bytes: out, conflicts: conflicts, fromTheirs: out == mine ? [] : ["body"])
    }

    /// Equal but for line endings and trailing blanks.
    public static func same(_ x: [UInt8]?, _ y: [UInt8]?) -> Bool {
        x.map(FileFields.normalized) == y.map(FileFields.normalized)
    }

    /// Whether `x`'s `modified` is later than `y`'s (a missing one is earliest).
    static func isLater(_ x: FileFields, than y: FileFields) -> Bool {
        let tx = x.valueText(TaskKey.modified).flatMap { Timestamp.parse(unquoted($0)) }
        let ty = y.valueText(TaskKey.modified).flatMap { Timestamp.parse(unquoted($0)) }
        switch (tx, ty) {
        case (let a?, let b?): return a > b
        case (.some, nil): return true
        default: return false
        }
    }

    public static func unquoted(_ s: String) -> String {
        s.count >= 2 && (s.hasPrefix("\"") && s.hasSuffix("\"") || s.hasPrefix("'") && s.hasSuffix("'")) ? String(s.dropFirst().dropLast()) : s
    }

    /// The tags after both sides' additions and removals; nil when a side's value is not a list.
    static func mergeTags(_ o: [UInt8]?, _ a: [UInt8]?, _ b: [UInt8]?, base: FileFields) -> [String]? {
        guard let to = tagList(o), let ta = tagList(a), let tb = tagList(b) else { return nil }
        let removed = Set(to).subtracting(ta).union(Set(to).subtracting(tb))
        var out: [String] = []
        for t in ta + tb where !removed.contains(t) && !out.contains(t) { out.append(t) }
        return out
    }

    private static func tagList(_ raw: [UInt8]?) -> [String]? {
        guard let raw else { return [] }
        guard raw.count <= 64 * 1024, let node = try? Yams.compose(yaml: String(decoding: raw, as: UTF8.self)),
              let value = node.mapping?.first?.value else { return nil }
        if let s = value.scalar?.string { return s.isEmpty || s == "null" || s == "~" ? [] : [s] }
        guard let seq = value.sequence else { return nil }
        var out: [String] = []
        for item in seq {
            guard let s = item.scalar?.string else { return nil }
            out.append(s)
        }
        return out
    }

    private static func chosen(_ c: Choice, key: String, mine: [UInt8]?, theirs: [UInt8]?, doc: FrontmatterDocument) -> [UInt8]?? {
        switch c {
        case .mine: return nil
        case .theirs: return .some(theirs)
        case .value(let v):
            if v == .null { return .some(nil) }
            return .some(rendered(key, v, doc))
        }
    }

    /// A key's lines as the engine writes them, with the file's line ending.
    private static func rendered(_ key: String, _ value: FieldValue, _ doc: FrontmatterDocument) -> [UInt8] {
        YAMLRender.lines(key: key, value: value).flatMap { Array($0.utf8) + doc.lineEnding }
    }

    private static func withTerminator(_ lines: [UInt8], _ doc: FrontmatterDocument) -> [UInt8] {
        lines.last == 0x0A ? lines : lines + doc.lineEnding
    }

    private static func marked(_ a: [UInt8]?, _ b: [UInt8]?, doc: FrontmatterDocument, labels: (mine: String, theirs: String)) -> [UInt8] {
        markerLines(a ?? [], b ?? [], doc: doc, labels: labels)
    }

    private static func markerLines(_ a: [UInt8], _ b: [UInt8], doc: FrontmatterDocument?, labels: (mine: String, theirs: String)) -> [UInt8] {
        let nl = doc?.lineEnding ?? [0x0A]
        func block(_ x: [UInt8]) -> [UInt8] { x.isEmpty || x.last == 0x0A ? x : x + nl }
        return Array("<<<<<<< \(labels.mine)".utf8) + nl + block(a) + Array("=======".utf8) + nl + block(b)
            + Array(">>>>>>> \(labels.theirs)".utf8) + nl
    }
}
