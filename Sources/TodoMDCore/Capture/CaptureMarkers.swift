import Foundation

/// The task-type markers of the capture toolbar (spec 002 §3): `- [c]` checkboxes that popular
/// Obsidian themes (Minimal, Things, ITS) render with icons, grouped so ~20 stay findable.
public enum CaptureMarkers {
    public struct Marker: Sendable, Equatable {
        /// The character between the brackets.
        public let char: Character
        public let name: String
        /// An emoji for the menu.
        public let icon: String
        /// `- [c] ` as inserted.
        public var prefix: String { "- [\(char)] " }
    }

    public struct Group: Sendable, Equatable {
        public let name: String
        public let markers: [Marker]
    }

    public static let groups: [Group] = [
        Group(name: "Priority", markers: [m("!", "Important", "❗"), m("*", "Star", "⭐"), m("f", "Fire", "🔥"), m("k", "Key", "🔑"), m("w", "Win", "🏆")]),
        Group(name: "Queries", markers: [m("?", "Question", "❓"), m("i", "Idea", "💡"), m("n", "Note", "📝"), m("\"", "Quote", "❝")]),
        Group(name: "References", markers: [m("b", "Bookmark", "🔖"), m("l", "Location", "📍"), m("<", "Scheduling", "📅"), m(">", "Forwarded", "➡️")]),
        Group(name: "Evaluation", markers: [m("p", "Pro", "👍"), m("c", "Con", "👎"), m("u", "Up", "⬆️"), m("d", "Down", "⬇️")]),
        Group(name: "Status", markers: [m(" ", "To do", "☐"), m("/", "In progress", "◐"), m("x", "Done", "☑"), m("-", "Cancelled", "✖")]),
    ]

    /// Every marker, in menu order.
    public static var all: [Marker] { groups.flatMap(\.markers) }

    private static func m(_ c: Character, _ name: String, _ icon: String) -> Marker { Marker(char: c, name: name, icon: icon) }
}
