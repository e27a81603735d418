import Foundation

/// A typed item: a note whose frontmatter says `type: book` (spec 003 §2).
public struct ListItem: Sendable, Equatable {
    public var path: String
    /// The `type:` value as written.
    public var type: String
    public var title: String
    /// Every frontmatter key but `type`, in file order.
    public var fields: [(String, JSONValue)]
    public var tags: [String]
    public var body: String
    /// Why the item does not fit its type (read leniently: the item still shows).
    public var warnings: [String]

    public init(path: String, type: String, title: String) {
        self.path = path
        self.type = type
        self.title = title
        fields = []
        tags = []
        body = ""
        warnings = []
    }

    public func value(_ key: String) -> JSONValue? { fields.first { $0.0 == key }?.1 }

    public var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    public static func == (a: ListItem, b: ListItem) -> Bool {
        a.path == b.path && a.type == b.type && a.title == b.title && a.tags == b.tags && a.body == b.body
            && a.warnings == b.warnings && a.fields.count == b.fields.count
            && zip(a.fields, b.fields).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }
}
