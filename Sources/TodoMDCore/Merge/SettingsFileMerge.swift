import Foundation

/// Merges two versions of the vault's JSON files that a sync engine or git saw change on two
/// devices (`.order.json`, `.perspectives.json`), so that nothing either side added is lost:
/// each order list is the union of both, keeping each side's relative order; perspectives merge
/// by `id`, and one changed differently on both sides is kept twice (theirs under a new id).
/// Other keys: mine's, plus those only theirs has.
public enum SettingsFileMerge {
    public enum Kind: Sendable {
        case order, perspectives
    }

    /// The kind of a vault-relative path, if it is one of these files (at the vault root).
    public static func kind(of path: String) -> Kind? {
        switch path {
        case OrderFile.fileName: return .order
        case PerspectivesFile.fileName: return .perspectives
        default: return nil
        }
    }

    /// The merged file, or nil when a side is not JSON of the file's shape (then the copy is
    /// left for the user, and `doctor` names it).
    public static func merge(_ kind: Kind, mine: [UInt8], theirs: [UInt8]) -> [UInt8]? {
        guard mine.count <= PerspectivesFile.maxBytes, theirs.count <= PerspectivesFile.maxBytes,
              case .object(let a)? = try? JSONText.parse(mine), case .object(let b)? = try? JSONText.parse(theirs) else { return nil }
        var out = a
        switch kind {
        case .order:
            guard let views = mergeViews(member(a, "views"), member(b, "views")) else { return nil }
            set(&out, "views", views)
        case .perspectives:
            guard let list = mergePerspectives(member(a, "perspectives"), member(b, "perspectives")) else { return nil }
            set(&out, "perspectives", list)
        }
        for (k, v) in b where !out.contains(where: { $0.0 == k }) { out.append((k, v)) }
        let merged = Array((JSONText.pretty(.object(out)) + "\n").utf8)
        return merged == mine ? mine : merged
    }

    /// The union of two lists, keeping each side's relative order: an item only `theirs` has
    /// follows the item it follows there (or leads, if it leads there). O(n + m).
    public static func mergeLists(_ mine: [String], _ theirs: [String]) -> [String] {
        var present = Set(mine)
        var front: [String] = []
        var after: [String: [String]] = [:]
        var previous: String?
        for x in theirs {
            if present.insert(x).inserted {
                if let p = previous { after[p, default: []].append(x) } else { front.append(x) }
            }
            previous = x
        }
        var out: [String] = []
        var emitted = Set<String>()
        func emit(_ x: String) {
            guard emitted.insert(x).inserted else { return }
            out.append(x)
            for y in after[x] ?? [] { emit(y) }
        }
        for x in front { emit(x) }
        for x in mine { emit(x) }
        return out
    }

    // MARK: Pieces

    private static func member(_ o: [(String, JSONValue)], _ key: String) -> JSONValue? {
        o.first { $0.0 == key }?.1
    }

    private static func set(_ o: inout [(String, JSONValue)], _ key: String, _ value: JSONValue) {
        if let i = o.firstIndex(where: { $0.0 == key }) { o[i].1 = value } else { o.append((key, value)) }
    }

    /// `{"view": [entries]}` merged view by view; nil when either is not that shape.
    private static func mergeViews(_ a: JSONValue?, _ b: JSONValue?) -> JSONValue? {
        func lists(_ v: JSONValue?) -> [(String, [String])]? {
            switch v {
            case nil, .null?: return []
            case .object(let o)?:
                return o.compactMap { k, v in
                    guard case .array(let items) = v else { return nil }
                    return (k, items.compactMap { if case .string(let s) = $0 { return s } else { return nil } })
                }
            default: return nil
            }
        }
        guard let x = lists(a), let y = lists(b) else { return nil }
        var out: [(String, JSONValue)] = []
        for (k, list) in x {
            let merged = y.first(where: { $0.0 == k }).map { mergeLists(list, $0.1) } ?? list
            out.append((k, .array(merged.map(JSONValue.string))))
        }
        for (k, list) in y where !x.contains(where: { $0.0 == k }) { out.append((k, .array(list.map(JSONValue.string)))) }
        return .object(out)
    }

    /// Perspectives by id (case-insensitive), in the merged order of their ids; nil when
    /// either is not a list.
    private static func mergePerspectives(_ a: JSONValue?, _ b: JSONValue?) -> JSONValue? {
        func list(_ v: JSONValue?) -> [JSONValue]? {
            switch v {
            case nil, .null?: return []
            case .array(let l)?: return l
            default: return nil
            }
        }
        func id(_ e: JSONValue) -> String? {
            guard case .object(let o) = e, case .string(let s)? = member(o, "id") else { return nil }
            return s.lowercased()
        }
        guard let x = list(a), let y = list(b) else { return nil }
        var byID: [String: JSONValue] = [:]
        for e in x { if let i = id(e), byID[i] == nil { byID[i] = e } }
        var extra: [JSONValue] = []
        var theirsOrder: [String] = []
        for e in y {
            guard let i = id(e) else {
                if !x.contains(e) { extra.append(e) }
                continue
            }
            theirsOrder.append(i)
            guard let mine = byID[i] else { byID[i] = e; continue }
            if sameIgnoringIDCase(mine, e) == false { extra.append(renamed(e, taken: Set(x.compactMap(id) + y.compactMap(id)))) }
        }
        var out: [JSONValue] = []
        let order = mergeLists(x.map { id($0) ?? "" }, theirsOrder)
        var used = Set<String>()
        for i in order where !i.isEmpty && used.insert(i).inserted { if let e = byID[i] { out.append(e) } }
        out += x.filter { id($0) == nil }
        return .array(out + extra)
    }

    /// Equal but perhaps for the case of their ids (ids match case-insensitively).
    private static func sameIgnoringIDCase(_ a: JSONValue, _ b: JSONValue) -> Bool {
        guard case .object(var x) = a, case .object(var y) = b else { return a == b }
        for i in x.indices where x[i].0 == "id" { if case .string(let s) = x[i].1 { x[i].1 = .string(s.lowercased()) } }
        for i in y.indices where y[i].0 == "id" { if case .string(let s) = y[i].1 { y[i].1 = .string(s.lowercased()) } }
        return JSONValue.object(x) == .object(y)
    }

    /// A perspective both sides changed, kept under a new id and a name that says so.
    private static func renamed(_ e: JSONValue, taken: Set<String>) -> JSONValue {
        guard case .object(var o) = e, case .string(let base)? = member(o, "id") else { return e }
        var n = 2
        while taken.contains("\(base)-\(n)".lowercased()) { n += 1 }
        set(&o, "id", .string("\(base)-\(n)"))
        if case .string(let name)? = member(o, "name") { set(&o, "name", .string(name + " (other device)")) }
        return .object(o)
    }
}
