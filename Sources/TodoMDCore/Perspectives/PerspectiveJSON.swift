import Foundation

/// A perspective as a JSON object, read leniently (the problem names the key) and written with
/// the keys it does not know kept.
public enum PerspectiveJSON {
    public static let knownKeys: Set<String> = ["id", "name", "icon", "color", "filter", "sort", "group_by", "sections"]

    /// The perspective an object holds, or the first problem; `path` prefixes problem paths.
    public static func perspective(_ v: JSONValue, path: String) throws -> Perspective {
        guard case .object(let obj) = v else { throw QueryProblem(path, "expected an object") }
        func get(_ k: String) -> JSONValue? { obj.first { $0.0 == k }?.1 }
        func text(_ k: String, required: Bool = false) throws -> String? {
            switch get(k) {
            case nil, .null?:
                if required { throw QueryProblem("\(path).\(k)", "missing") }
                return nil
            case .string(let s)?:
                if required, s.trimmingCharacters(in: .whitespaces).isEmpty { throw QueryProblem("\(path).\(k)", "empty") }
                guard s.count <= Limits.fieldLength else { throw QueryProblem("\(path).\(k)", "longer than \(Limits.fieldLength) characters") }
                return s
            default: throw QueryProblem("\(path).\(k)", "expected text")
            }
        }
        let id = try text("id", required: true)!
        guard PerspectiveID.isValid(id) else {
            throw QueryProblem("\(path).id", "\"\(id)\" is not an id (letters, digits, - and _; it names the perspective on the command line)")
        }
        var p = Perspective(id: id, name: try text("name") ?? id, icon: try text("icon"), color: try text("color"))
        if let f = get("filter"), f != .null { p.filter = try QueryJSON.node(f, path: "\(path).filter") }
        p.sort = try sortKeys(get("sort") ?? .null, path: "\(path).sort")
        switch get("group_by") {
        case nil, .null?: break
        case .string(let g)?:
            guard let group = Perspective.GroupBy(name: g) else {
                throw QueryProblem("\(path).group_by", "unknown grouping \"\(g)\"; groupings: " + Perspective.GroupBy.allCases.map(\.rawValue).joined(separator: ", "))
            }
            p.groupBy = group
        default: throw QueryProblem("\(path).group_by", "expected a grouping name")
        }
        if case .array(let sections)? = get("sections") {
            p.sections = try sections.enumerated().map { i, s in
                let sp = "\(path).sections[\(i)]"
                guard case .object(let so) = s, case .string(let name)? = so.first(where: { $0.0 == "name" })?.1,
                      let f = so.first(where: { $0.0 == "filter" })?.1 else { throw QueryProblem(sp, "expected {\"name\": …, \"filter\": {…}}") }
                return Perspective.Section(name, try QueryJSON.node(f, path: sp + ".filter"))
            }
        } else if let s = get("sections"), s != .null {
            throw QueryProblem("\(path).sections", "expected a list of {\"name\", \"filter\"}")
        }
        p.raw = obj
        return p
    }

    /// Sort keys as the command line writes them: `due,priority:desc` (or `-priority`).
    public static func sortKeys(text: String) throws -> [Perspective.SortKey] {
        let parts = text.split(separator: ",").map { part -> JSONValue in
            let words = part.split(whereSeparator: { $0 == ":" || $0 == " " }).map(String.init)
            if words.count == 2 { return .object([("field", .string(words[0])), ("direction", .string(words[1]))]) }
            return .string(part.trimmingCharacters(in: .whitespaces))
        }
        return try sortKeys(.array(parts), path: "sort")
    }

    /// `sort`: one key object, a list of them, or the shorthand `"priority"` / `"-priority"`.
    public static func sortKeys(_ v: JSONValue, path: String) throws -> [Perspective.SortKey] {
        switch v {
        case .null: return []
        case .array(let items): return try items.enumerated().flatMap { try sortKeys($0.element, path: "\(path)[\($0.offset)]") }
        case .string(let s):
            let desc = s.hasPrefix("-")
            let name = desc ? String(s.dropFirst()) : s
            return [Perspective.SortKey(try sortField(name, path), descending: desc)]
        case .object(let o):
            func get(_ k: String) -> JSONValue? { o.first { $0.0 == k }?.1 }
            guard case .string(let name)? = get("field") else { throw QueryProblem(path + ".field", "expected a field to sort by") }
            var key = Perspective.SortKey(try sortField(name, path + ".field"))
            switch get("direction") {
            case nil, .null?: break
            case .string(let d)? where ["asc", "ascending"].contains(d.lowercased()): break
            case .string(let d)? where ["desc", "descending"].contains(d.lowercased()): key.descending = true
            default: throw QueryProblem(path + ".direction", "expected asc or desc")
            }
            switch get("missing") {
            case nil, .null?: break
            case .string(let m)? where m.lowercased() == "last": break
            case .string(let m)? where m.lowercased() == "first": key.missingFirst = true
            default: throw QueryProblem(path + ".missing", "expected first or last")
            }
            return [key]
        default: throw QueryProblem(path, "expected {\"field\": …, \"direction\": \"asc\" | \"desc\"}")
        }
    }

    static func sortField(_ name: String, _ path: String) throws -> Perspective.SortField {
        guard let f = Perspective.SortField(name: name) else {
            let names = Perspective.SortField.named.map(\.0)
            throw QueryProblem(path, "cannot sort by \"\(name)\"" + Suggestion.hint(for: name, among: names, quote: "\"")
                + "; sort fields: " + names.joined(separator: ", ") + ", extra.<key>")
        }
        return f
    }

    /// The object to write: known keys in the spec's order, then the keys the object had that
    /// this version does not know.
    public static func json(_ p: Perspective) -> JSONValue {
        var o: [(String, JSONValue)] = [("id", .string(p.id)), ("name", .string(p.name))]
        if let i = p.icon { o.append(("icon", .string(i))) }
        if let c = p.color { o.append(("color", .string(c))) }
        if let f = p.filter { o.append(("filter", QueryJSON.json(f))) }
        if !p.sort.isEmpty {
            let keys = p.sort.map(sortJSON)
            o.append(("sort", keys.count == 1 ? keys[0] : .array(keys)))
        }
        if p.groupBy != .none { o.append(("group_by", .string(p.groupBy.rawValue))) }
        if !p.sections.isEmpty {
            o.append(("sections", .array(p.sections.map { .object([("name", .string($0.name)), ("filter", QueryJSON.json($0.filter))]) })))
        }
        o += p.raw.filter { !knownKeys.contains($0.0) }
        return .object(o)
    }

    static func sortJSON(_ k: Perspective.SortKey) -> JSONValue {
        var o: [(String, JSONValue)] = [("field", .string(k.field.name)), ("direction", .string(k.descending ? "desc" : "asc"))]
        if k.missingFirst { o.append(("missing", .string("first"))) }
        return .object(o)
    }
}

/// Perspective ids: what `todomd list ID` and `/api/perspectives/ID` name.
public enum PerspectiveID {
    public static func isValid(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 100 && id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// An id made from a name: `Work — Available Now` → `work-available-now`.
    public static func make(from name: String) -> String {
        var out = ""
        for c in name.lowercased() {
            if c.isLetter || c.isNumber { out.append(c) } else if !out.isEmpty, out.last != "-" { out.append("-") }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "perspective" : String(out.prefix(100))
    }
}
