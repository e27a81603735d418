import Foundation

/// A field of a list type (spec 003 §2): text, number (with optional min/max) or date.
public struct ListField: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case text, number, date, list, boolean }
    public var name: String
    public var kind: Kind
    public var required: Bool
    public var min: Double?
    public var max: Double?

    public init(_ name: String, _ kind: Kind, required: Bool = false, min: Double? = nil, max: Double? = nil) {
        self.name = name
        self.kind = kind
        self.required = required
        self.min = min
        self.max = max
    }
}

/// A list type: Book, Movie… Items of a type are notes whose frontmatter says `type: book`.
public struct ListType: Sendable, Equatable {
    /// Display name (`Place to Visit`).
    public var name: String
    public var fields: [ListField]
    /// Folder new items of this type are written to (vault-relative; "" = the vault root).
    public var folder: String
    /// A per-type override of the "copy LLM prompt" template.
    public var llmPrompt: String?
    /// Where it was defined: nil for a built-in type, else the definition note's path.
    public var definedIn: String?

    public init(name: String, fields: [ListField], folder: String = "", llmPrompt: String? = nil, definedIn: String? = nil) {
        self.name = name
        self.fields = fields
        self.folder = folder
        self.llmPrompt = llmPrompt
        self.definedIn = definedIn
    }

    /// The value items use in `type:` (`place_to_visit` for "Place to Visit").
    public var key: String { Self.key(name) }

    public static func key(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "_")
    }

    public func field(_ name: String) -> ListField? { fields.first { $0.name == name } }

    /// True for the Todo type: its items are tasks (checkbox lines and task files).
    public var isTodo: Bool { key == "todo" }
}

extension ListType {
    /// The types that ship with todo.md; a definition note with the same name overrides one.
    public static let builtIn: [ListType] = [
        ListType(name: "Todo", fields: [
            ListField("title", .text, required: true), ListField("due", .date), ListField("priority", .text),
            ListField("tags", .list),
        ]),
        ListType(name: "Book", fields: [
            ListField("title", .text, required: true), ListField("author", .text), ListField("isbn", .text),
            ListField("rating", .number, min: 1, max: 5), ListField("date_read", .date), ListField("date_added", .date),
            ListField("tags", .list),
        ], folder: "Books"),
        ListType(name: "Movie", fields: [
            ListField("title", .text, required: true), ListField("director", .text), ListField("year", .number, min: 1870, max: 2200),
            ListField("rating", .number, min: 1, max: 5), ListField("date_watched", .date), ListField("date_added", .date),
            ListField("url", .text), ListField("tags", .list),
        ], folder: "Movies"),
        ListType(name: "Restaurant", fields: [
            ListField("title", .text, required: true), ListField("cuisine", .text), ListField("location", .text),
            ListField("address", .text), ListField("price", .number, min: 1, max: 4), ListField("rating", .number, min: 1, max: 5),
            ListField("url", .text), ListField("date_visited", .date), ListField("date_added", .date), ListField("tags", .list),
        ], folder: "Restaurants"),
        ListType(name: "Place to Visit", fields: [
            ListField("title", .text, required: true), ListField("location", .text), ListField("address", .text),
            ListField("url", .text), ListField("date_visited", .date), ListField("date_added", .date), ListField("tags", .list),
        ], folder: "Places"),
    ]
}
