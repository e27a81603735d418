import Foundation
import TodoMDCore

/// A `todomd://` URL, parsed and checked before anything runs (spec 000 "URL Scheme", in the
/// spirit of Things' scheme): `todomd://add?title=Milk&when=tomorrow`, `todomd://show/today`,
/// `todomd:///update?id=…&auth-token=…&deadline=` (an empty value clears). x-callback-url
/// parameters (`x-success`, `x-error`, `x-cancel`, `x-source`) are taken by every action.
public struct TodoURL: Sendable, Equatable {
    public enum Action: String, Sendable, CaseIterable {
        case add, update, show, search, json, version
        /// The Shortcuts actions: Complete Task, Get Tasks, Get Overdue Tasks.
        case complete, getTasks = "get-tasks", getOverdueTasks = "get-overdue-tasks"

        /// The parameters it takes besides the x-callback ones.
        var parameters: Set<String> {
            let fields: Set<String> = ["title", "notes", "when", "deadline", "due", "defer", "tags", "list", "project", "area",
                                       "flagged", "priority", "estimate", "completed", "canceled", "cancelled", "reveal"]
            switch self {
            case .add: return fields.union(["titles", "text"])
            case .update: return fields.union(["id", "auth-token", "append-notes", "prepend-notes", "add-tags", "remove-tags"])
            case .show: return ["id", "query"]
            case .search: return ["query"]
            case .json: return ["data", "auth-token", "reveal"]
            case .version, .getOverdueTasks: return []
            case .complete: return ["id", "task"]
            case .getTasks: return ["view", "area", "project", "tag"]
            }
        }
    }

    public var action: Action
    /// Decoded parameters (`show/today` puts `today` in `id`). A key appears once.
    public var parameters: [String: String]
    public var xSuccess: String?
    public var xError: String?
    public var xSource: String?

    /// The longest URL taken (a whole task's notes fit; a megabyte of junk does not).
    public static let maxLength = 256 * 1024

    public static func parse(_ text: String) throws -> TodoURL {
        guard text.utf8.count <= maxLength else { throw TodoError.invalidArgument("the URL is longer than \(maxLength / 1024) KB") }
        guard let colon = text.firstIndex(of: ":"), text[..<colon].lowercased() == "todomd" else {
            throw TodoError.invalidArgument("not a todomd:// URL")
        }
        var rest = text[text.index(after: colon)...]
        guard rest.hasPrefix("//") else { throw TodoError.invalidArgument("a todomd URL starts with todomd://") }
        rest = rest.dropFirst(2)
        let query: Substring?
        if let q = rest.firstIndex(of: "?") { query = rest[rest.index(after: q)...]; rest = rest[..<q] } else { query = nil }
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        // `todomd://add`, `todomd:///add` (Things' form) and `todomd://show/today` all name the action first.
        let segments = rest.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let first = segments.first else {
            throw TodoError.invalidArgument("no action; actions: " + Action.allCases.map(\.rawValue).joined(separator: ", "))
        }
        guard let action = Action(rawValue: first.lowercased()) else {
            throw TodoError.invalidArgument("unknown action \"\(first.prefix(40))\"; actions: " + Action.allCases.map(\.rawValue).joined(separator: ", "))
        }
        var url = TodoURL(action: action, parameters: [:])
        if segments.count > 1 {
            guard action == .show else { throw TodoError.invalidArgument("only show takes a path (todomd://show/today)") }
            url.parameters["id"] = try decode(Substring(segments.dropFirst().joined(separator: "/")), "the path")
        }
        for pair in (query ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = try decode(kv[0], "a parameter name").lowercased()
            let value = kv.count > 1 ? try decode(kv[1], key) : ""
            switch key {
            case "x-success": url.xSuccess = value
            case "x-error": url.xError = value
            case "x-cancel": break
            case "x-source": url.xSource = value
            default:
                guard action.parameters.contains(key) else {
                    let known = action.parameters.sorted()
                    throw TodoError.invalidArgument("\(action.rawValue) takes no parameter \"\(key.prefix(40))\""
                        + (known.isEmpty ? "" : "; it takes " + known.joined(separator: ", ")))
                }
                guard url.parameters[key] == nil else { throw TodoError.invalidArgument("\(key) is given twice") }
                url.parameters[key] = value
            }
        }
        return url
    }

    /// A percent-decoded value (`+` is a space, as forms write it); bad escapes and control
    /// characters other than newlines and tabs are refused.
    static func decode(_ s: Substring, _ what: String) throws -> String {
        guard let v = s.replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
            throw TodoError.invalidArgument("\(what): bad percent-encoding")
        }
        if v.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r") || $0.value == 0x7F }) {
            throw TodoError.invalidArgument("\(what): control characters are not allowed")
        }
        return v
    }

    /// `value` as a boolean parameter (`true`/`false`, `1`/`0`, `yes`/`no`).
    static func flag(_ value: String, _ key: String) throws -> Bool {
        switch value.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no", "": return false
        default: throw TodoError.invalidArgument("\(key) takes true or false")
        }
    }

    /// Minutes from `30`, `30m`, `2h`, `1h30m` (and the other spellings imports read), at
    /// most `Limits.estimateMinutes`.
    static func minutes(_ value: String) throws -> Int {
        guard let m = FieldMapping.minutes(value) else { throw TodoError.invalidArgument("estimate takes minutes: 30, 45m, 1h30m") }
        return m
    }

    /// A URL with `params` added to its query (for x-success / x-error).
    public static func appending(_ params: [(String, String)], to base: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let q = params.map { "\($0.0)=" + ($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") }.joined(separator: "&")
        guard !q.isEmpty else { return base }
        return base + (base.contains("?") ? "&" : "?") + q
    }
}
