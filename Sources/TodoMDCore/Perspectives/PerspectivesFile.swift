import Foundation

/// `.perspectives.json` at the vault root (spec 000): `{"perspectives": [ … ]}`. Read
/// leniently: a perspective that cannot be used is reported (with its place in the file) and
/// the others work. Written through one checked replace: each change is applied to the file as
/// it is at that instant, by id, so two writers who touch different perspectives both land,
/// unknown keys and entries that cannot be read are written back as they were, and a file
/// that is not JSON is never overwritten.
public struct PerspectivesFile: Sendable {
    public static let fileName = ".perspectives.json"
    /// The most a file may hold (spec 000's limits: settings files are small).
    public static let maxBytes = 1024 * 1024

    /// The perspectives that can be used, in file order.
    public var perspectives: [Perspective] = []
    /// The version of each perspective (by id): the fingerprint of its JSON as read.
    public var versions: [String: String] = [:]
    /// What could not be used: the whole file (empty path), or one perspective (its place in
    /// the file: `perspectives[2].filter.conditions[0].op`).
    public var problems: [QueryProblem] = []

    public init() {}

    /// Reads the file under `root`; a missing file is no perspectives.
    public static func load(root: String) -> PerspectivesFile {
        let path = root + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else { return PerspectivesFile() }
        do { return read(try FileSystem.readFile(path)) } catch {
            var f = PerspectivesFile()
            f.problems = [QueryProblem("", "cannot be read (\(error))")]
            return f
        }
    }

    static func read(_ bytes: [UInt8]) -> PerspectivesFile {
        var f = PerspectivesFile()
        let entries: [JSONValue]
        do { entries = try Self.entries(bytes).list } catch {
            f.problems = [QueryProblem("", "\(error); no perspective from it is used until it is fixed")]
            return f
        }
        var seen = Set<String>()
        for (i, e) in entries.enumerated() {
            let path = "perspectives[\(i)]"
            do {
                let p = try PerspectiveJSON.perspective(e, path: path)
                guard seen.insert(p.id.lowercased()).inserted else { throw QueryProblem(path + ".id", "\"\(p.id)\" is used by an earlier perspective") }
                f.perspectives.append(p)
                f.versions[p.id] = version(of: e)
            } catch let q as QueryProblem {
                f.problems.append(q)
            } catch {
                f.problems.append(QueryProblem(path, "\(error)"))
            }
        }
        return f
    }

    /// The top-level object and its `perspectives` list, or why the bytes are not that.
    static func entries(_ bytes: [UInt8]) throws -> (top: [(String, JSONValue)], list: [JSONValue]) {
        guard bytes.count <= maxBytes else { throw QueryProblem("", "larger than \(maxBytes / 1024) KB") }
        if bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return ([], []) }
        let v: JSONValue
        do { v = try JSONText.parse(bytes) } catch { throw QueryProblem("", "not valid JSON (\(error))") }
        guard case .object(let top) = v else { throw QueryProblem("", "expected an object {\"perspectives\": […]}") }
        switch top.first(where: { $0.0 == "perspectives" })?.1 {
        case nil, .null?: return (top, [])
        case .array(let list)?: return (top, list)
        default: throw QueryProblem("", "\"perspectives\" is not a list")
        }
    }

    /// A perspective's version: the fingerprint of its JSON as todomd writes it (so spacing
    /// in a hand-written file does not matter).
    public static func version(of entry: JSONValue) -> String {
        TaskVersion.string(Vault.fingerprint(Array(JSONText.pretty(entry).utf8)))
    }

    /// The perspective with this id or name (case-insensitive; an id first).
    public func find(_ name: String) -> Perspective? {
        perspectives.first { $0.id.caseInsensitiveCompare(name) == .orderedSame }
            ?? perspectives.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    // MARK: Writing

    /// A change to one perspective, applied to the file as it is when written.
    public enum Change: Sendable {
        case add(Perspective)
        /// Replaces the perspective `id`; `expected` is the version the writer read (nil: any).
        case update(id: String, Perspective, expected: String?)
        case remove(id: String, expected: String?)
    }

    /// Applies `change` to the file under `root`; returns the file as written. Throws
    /// `.conflict` when the file is not JSON, the id is taken (add) or the version moved on.
    @discardableResult
    public static func apply(_ change: Change, root: String) throws -> PerspectivesFile {
        let path = root + "/" + fileName
        var written: [UInt8] = []
        if !FileManager.default.fileExists(atPath: path) {
            written = try applied(change, to: [])
            if try FileSystem.atomicCreate(path, bytes: written) { return read(written) }
        }
        written = try FileSystem.replaceChecked(path, name: fileName, noun: "perspectives file") { try applied(change, to: $0) }
        return read(written)
    }

    /// The bytes after `change`.
    static func applied(_ change: Change, to bytes: [UInt8]) throws -> [UInt8] {
        let top: [(String, JSONValue)], list: [JSONValue]
        do { (top, list) = try entries(bytes) } catch let q as QueryProblem {
            throw TodoError.conflict(path: fileName, reason: q.message + "; fix it by hand first (`todomd doctor` shows where)")
        }
        var entries = list
        func index(_ id: String) -> Int? {
            entries.firstIndex { e in
                guard case .object(let o) = e, case .string(let s)? = o.first(where: { $0.0 == "id" })?.1 else { return false }
                return s.caseInsensitiveCompare(id) == .orderedSame
            }
        }
        func check(_ i: Int, _ expected: String?) throws {
            if let expected, version(of: entries[i]) != expected {
                throw TodoError.conflict(path: fileName, reason: "the perspective changed since it was read (version \(version(of: entries[i])), not \(expected)); read it again")
            }
        }
        switch change {
        case .add(let p):
            if index(p.id) != nil { throw TodoError.conflict(path: fileName, reason: "a perspective with id \"\(p.id)\" exists") }
            entries.append(PerspectiveJSON.json(p))
        case let .update(id, p, expected):
            guard let i = index(id) else { throw TodoError.missing("no perspective \"\(id)\" in \(fileName)") }
            try check(i, expected)
            if p.id.caseInsensitiveCompare(id) != .orderedSame, index(p.id) != nil {
                throw TodoError.conflict(path: fileName, reason: "a perspective with id \"\(p.id)\" exists")
            }
            entries[i] = PerspectiveJSON.json(p)
        case let .remove(id, expected):
            guard let i = index(id) else { throw TodoError.missing("no perspective \"\(id)\" in \(fileName)") }
            try check(i, expected)
            entries.remove(at: i)
        }
        var out = top
        if let k = out.firstIndex(where: { $0.0 == "perspectives" }) { out[k].1 = .array(entries) } else { out.append(("perspectives", .array(entries))) }
        return Array((JSONText.pretty(.object(out)) + "\n").utf8)
    }
}

extension PerspectivesFile {
    /// Keeps a perspective's JSON in the trash folder before it is removed
    /// (`.trash/perspectives/<id>-<time>.json`); returns that path, vault-relative.
    public static func keepInTrash(_ p: Perspective, root: String, clock: Clock) throws -> String {
        let stamp = Timestamp.format(clock.now).replacingOccurrences(of: ":", with: "")
        let folder = Trash.folder + "/perspectives"
        try FileSystem.makeDirs(root + "/" + folder)
        let bytes = Array((JSONText.pretty(PerspectiveJSON.json(p)) + "\n").utf8)
        // A file name holds at most 255 bytes: an id of long letters is cut (at a character).
        var base = ""
        for c in p.id where base.utf8.count + String(c).utf8.count <= 120 { base.append(c) }
        for n in 0..<100 {
            let rel = folder + "/\(base)-\(stamp)" + (n == 0 ? "" : "-\(n)") + ".json"
            if try FileSystem.atomicCreate(root + "/" + rel, bytes: bytes) { return rel }
        }
        throw TodoError.io(path: folder, reason: "cannot keep a copy of the perspective")
    }
}
