import Foundation

/// One `blocked_by` entry (tasknotes-spec §10.2.1): `{uid, reltype, gap?}`.
public struct TaskNotesDependency: Sendable {
    /// The relationship kinds of §10.2.1. In v0.1 they are kept and validated but do not change
    /// whether a dependency blocks (§10.2.5).
    public enum RelType: String, CaseIterable, Sendable {
        case finishToStart = "FINISHTOSTART"
        case startToStart = "STARTTOSTART"
        case finishToFinish = "FINISHTOFINISH"
        case startToFinish = "STARTTOFINISH"
    }

    /// The reference to the blocking task as written: a wikilink, markdown link, path, or a
    /// plain task name.
    public var uid: String
    /// The relationship kind (`reltype`).
    public var reltype: RelType
    /// An ISO 8601 duration (`PT4H`, `-PT15M`).
    public var gap: String?
    /// The entry's other keys, kept in order on write.
    public var other: [(String, JSONValue)]

    public init(uid: String, reltype: RelType, gap: String? = nil) {
        self.uid = uid
        self.reltype = reltype
        self.gap = gap
        other = []
    }

    /// Reads and validates an entry. With `defaultRelType` (compatibility mode, §10.2.1) a
    /// missing `reltype` takes it; in strict mode (nil) a missing one is an error.
    ///
    /// Errors: `invalid_dependency_entry` (not an object, no `uid`), `invalid_link_format`
    /// (a `uid` that is neither a link nor a plain name), `invalid_dependency_reltype`,
    /// `invalid_dependency_gap`.
    public init(json: JSONValue, defaultRelType: RelType? = nil) throws {
        guard case .object(let o) = json else {
            throw TaskNotesError.coded("invalid_dependency_entry", "a dependency must be an object with uid and reltype", field: "blockedBy")
        }
        let uid = ExtendedJSON.string(json, "uid")
        guard let u = uid.value, !u.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw TaskNotesError.coded("invalid_dependency_entry", "uid is required and must be a non-empty string", field: "blockedBy.uid")
        }
        _ = try Self.reference(u)

        let rel = ExtendedJSON.string(json, "reltype")
        if let r = rel.value {
            guard let t = RelType(rawValue: r.trimmingCharacters(in: .whitespaces)) else {
                throw TaskNotesError.coded("invalid_dependency_reltype", "reltype \"\(r)\" is not one of \(RelType.allCases.map(\.rawValue).joined(separator: ", "))", field: "blockedBy.reltype")
            }
            reltype = t
        } else if !rel.wrongType, let d = defaultRelType {
            reltype = d
        } else {
            throw TaskNotesError.coded("invalid_dependency_reltype", "reltype is required (one of \(RelType.allCases.map(\.rawValue).joined(separator: ", ")))", field: "blockedBy.reltype")
        }

        let g = ExtendedJSON.string(json, "gap")
        if g.wrongType || (g.value.map { !TaskNotesDuration.isValid($0) } ?? false) {
            throw TaskNotesError.coded("invalid_dependency_gap", "gap must be an ISO 8601 duration such as PT4H or -P1D", field: "blockedBy.gap")
        }
        self.uid = u.trimmingCharacters(in: .whitespaces)
        gap = g.value
        other = o.filter { !["uid", "reltype", "gap"].contains($0.0) }
    }

    /// The entry as written (§10.2.2 canonical form): a wikilink `uid` loses its alias and
    /// anchor (§11.6); other forms are kept as written (round-trip preservation, §11.6).
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("uid", .string(Self.canonicalUID(uid))), ("reltype", .string(reltype.rawValue))]
        if let gap { members.append(("gap", .string(gap))) }
        return .object(members + other)
    }

    /// The uniqueness key of §10.2.3.
    public var key: String { Self.key(uid) }

    /// The parsed link of a `uid`; nil for a plain task name (`task-a`), which the spec's
    /// "link or string" allows (§10.2.1). Throws `invalid_link_format` for a broken link.
    public static func reference(_ uid: String) throws -> TaskNotesLink? {
        let t = uid.trimmingCharacters(in: .whitespaces)
        if let link = try? TaskNotesLink.parse(t) { return link }
        // Not a link: a plain name, unless it has link punctuation (a broken link) or is a URL.
        guard !t.isEmpty, !t.contains(where: { "[]()|".contains($0) }), !TaskNotesLink.isURL(t) else {
            throw TaskNotesError.coded("invalid_link_format", "uid \"\(uid)\" is not a wikilink, markdown link, path or task name", field: "blockedBy.uid")
        }
        return nil
    }

    /// A `uid` normalized for comparison without resolving it: the link target (or plain
    /// name) without a leading `/` or `./` and without a `.md` extension, so `[[task-b]]`,
    /// `task-b` and `[B](task-b.md)` are one key. Relative `../` targets stay as written.
    public static func key(_ uid: String) -> String {
        var t = ((try? reference(uid)) ?? nil)?.target ?? uid.trimmingCharacters(in: .whitespaces)
        while t.hasPrefix("/") { t.removeFirst() }
        while t.hasPrefix("./") { t.removeFirst(2) }
        if t.lowercased().hasSuffix(".md") { t.removeLast(3) }
        return t
    }

    /// A wikilink without alias and anchor; anything else unchanged.
    public static func canonicalUID(_ uid: String) -> String {
        guard let link = try? TaskNotesLink.parse(uid), link.format == .wikilink else { return uid }
        return "[[\(link.target)]]"
    }
}
