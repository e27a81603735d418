import Foundation

/// A proposed type and the fields read from raw captured text.
public struct Capture: Sendable {
    public var type: String
    /// Why this type was proposed (shown to the user).
    public var reason: String
    public var title: String
    /// Extracted fields, in the type's order.
    public var fields: [(String, String)]
    public var tags: [String]
}

/// The built-in heuristic type detector of spec 003 §5 on this platform: cheap, explainable
/// signals (an ISBN means a book, a maps link a place, an IMDb link a movie…), no model needed.
/// A user who wants better extraction pipes `todomd prompt` into their own LLM.
public enum TypeDetector {
    public static func detect(_ raw: String, types: [ListType], forcedType: String? = nil) -> Capture {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = text.lowercased()
        let urls = matches(#"https?://[^\s)>\]]+"#, text)
        let isbn = matches(#"(?:ISBN(?:-1[03])?:?\s*)?\b(97[89][- ]?)?\d{1,5}[- ]?\d{1,7}[- ]?\d{1,7}[- ]?[\dXx]\b"#, text)
            .first { isValidISBN($0) }
        let isMaps = urls.contains { u in ["maps.google", "google.com/maps", "goo.gl/maps", "maps.app.goo.gl", "maps.apple.com",
                                           "openstreetmap.org", "osm.org"].contains { u.lowercased().contains($0) } }
        let isIMDb = urls.contains { $0.lowercased().contains("imdb.com/title") || $0.lowercased().contains("letterboxd.com/film") }
        let isBookSite = urls.contains { u in ["goodreads.com/book", "openlibrary.org", "books.google"].contains { u.lowercased().contains($0) } }
        let food = ["restaurant", "café", "cafe", "bistro", "sushi", "pizza", "ramen", "trattoria", "brasserie", "tapas",
                    "bakery", "diner", "steakhouse", "izakaya", "taqueria", "reservation", "michelin", "brunch"]
        let movie = ["movie", "film", "watch ", "directed by", "director", "netflix", "cinema", "trailer"]
        let book = ["book", "novel", "read ", "author", "paperback", "kindle", "audiobook"]

        var type = "todo", reason = "no list signals: a todo"
        if let forcedType { type = ListType.key(forcedType); reason = "type given" } else if isbn != nil || isBookSite {
            type = "book"; reason = isbn != nil ? "an ISBN" : "a book site link"
        } else if isIMDb {
            type = "movie"; reason = "an IMDb/Letterboxd link"
        } else if isMaps && food.contains(where: lower.contains) {
            type = "restaurant"; reason = "a maps link and food words"
        } else if isMaps {
            type = "place_to_visit"; reason = "a maps link"
        } else if food.contains(where: lower.contains) {
            type = "restaurant"; reason = "food words"
        } else if movie.contains(where: lower.contains) {
            type = "movie"; reason = "film words"
        } else if book.contains(where: lower.contains) || matches(#"\bby [A-Z][a-z]+ [A-Z][a-z]+"#, text).first != nil {
            type = "book"; reason = "book words or \"by Firstname Lastname\""
        }
        let listType = types.first { $0.key == type }

        // Title: the first line without URLs, ISBNs and leading verbs people type.
        var title = text.split(separator: "\n").first.map(String.init) ?? ""
        for u in urls { title = title.replacingOccurrences(of: u, with: "") }
        if let isbn { title = title.replacingOccurrences(of: isbn, with: "") }
        var fields: [(String, String)] = []
        func add(_ k: String, _ v: String?) {
            guard let v, !v.isEmpty, listType?.field(k) != nil, !fields.contains(where: { $0.0 == k }) else { return }
            fields.append((k, v))
        }
        if let by = matches(#"\bby ([A-Z][\p{L}.'-]+(?: [A-Z][\p{L}.'-]+){0,3})"#, title, group: 1).first, type == "book" {
            add("author", by)
            title = title.replacingOccurrences(of: "by " + by, with: "")
        }
        if let d = matches(#"directed by ([A-Z][\p{L}.'-]+(?: [A-Z][\p{L}.'-]+){0,3})"#, text, group: 1).first { add("director", d) }
        if let y = matches(#"\((\d{4})\)"#, text, group: 1).first, type == "movie" {
            add("year", y)
            title = title.replacingOccurrences(of: "(\(y))", with: "")
        }
        if let isbn { add("isbn", isbn.replacingOccurrences(of: "ISBN", with: "").trimmingCharacters(in: CharacterSet(charactersIn: ": "))) }
        if let r = matches(#"(\d)\s*/\s*5\b"#, text, group: 1).first { add("rating", r) }
        add("url", urls.first)
        for prefix in ["read ", "watch ", "visit ", "try ", "go to ", "eat at "] where title.lowercased().hasPrefix(prefix) && type != "todo" {
            title = String(title.dropFirst(prefix.count))
        }
        title = title.trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "-–—:,;|")))
        let tags = matches(#"(?:^|\s)#([\p{L}][\p{L}\p{N}_/-]*)"#, text, group: 1)
        for t in tags { title = title.replacingOccurrences(of: "#" + t, with: "").trimmingCharacters(in: .whitespaces) }
        return Capture(type: type, reason: reason, title: title.isEmpty ? text : title, fields: fields, tags: tags)
    }

    static func matches(_ pattern: String, _ text: String, group: Int = 0) -> [String] {
        guard let re = try? NSRegularExpression(pattern: pattern) else { return [] }
        let ns = text as NSString
        return re.matches(in: text, range: NSRange(location: 0, length: ns.length)).compactMap { m in
            let r = m.range(at: group)
            return r.location == NSNotFound ? nil : ns.substring(with: r)
        }
    }

    /// ISBN-10 or ISBN-13 with a valid check digit.
    static func isValidISBN(_ raw: String) -> Bool {
        let s = raw.uppercased().replacingOccurrences(of: "ISBN-13", with: "").replacingOccurrences(of: "ISBN-10", with: "")
            .replacingOccurrences(of: "ISBN", with: "")
        let chars = s.filter { $0.isNumber || $0 == "X" }
        if chars.count == 13, chars.allSatisfy(\.isNumber) {
            let d = chars.compactMap(\.wholeNumberValue)
            let sum = d.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
            return sum % 10 == 0
        }
        if chars.count == 10 {
            var sum = 0
            for (i, c) in chars.enumerated() {
                let v = c == "X" ? (i == 9 ? 10 : -1000) : (c.wholeNumberValue ?? -1000)
                sum += v * (10 - i)
            }
            return sum >= 0 && sum % 11 == 0
        }
        return false
    }
}

/// The "copy LLM prompt" text of spec 003 §5: the raw input plus instructions to return the
/// type's fields as YAML. A type may override it (`llm_extraction_prompt`), and the vault setting
/// `llm_prompt_template` replaces the default; both may use `{{input}}`, `{{type}}`, `{{fields}}`.
public enum PromptBuilder {
    public static let defaultTemplate = """
    Extract structured data from the following input and return ONLY valid YAML:

    Input:
    {{input}}

    Return format:
    ---
    type: {{type}}
    {{fields}}
    tags: [array of relevant tags]
    ---
    """

    public static func prompt(input: String, type: ListType, template: String?) -> String {
        let fields = type.fields.filter { $0.name != "tags" }.map { f -> String in
            switch f.kind {
            case .number:
                let range = f.min.map { lo in f.max.map { hi in "\(ListValidation.format(lo))-\(ListValidation.format(hi))" } ?? ">= \(ListValidation.format(lo))" }
                return "\(f.name): [\(range ?? "number") or null]"
            case .date: return "\(f.name): [YYYY-MM-DD or null]"
            case .list: return "\(f.name): [array]"
            case .boolean: return "\(f.name): [true or false]"
            case .text: return "\(f.name): [extracted\(f.required ? "" : " or null")]"
            }
        }.joined(separator: "\n")
        let t = type.llmPrompt ?? template ?? defaultTemplate
        return t.replacingOccurrences(of: "{{input}}", with: input).replacingOccurrences(of: "{{type}}", with: type.key)
            .replacingOccurrences(of: "{{fields}}", with: fields)
    }
}
