import Foundation

/// OPML 2.0 outline (export only), for outliners (OmniOutliner, Workflowy, Dynalist, Logseq…):
/// an outline per area holding an outline per project holding its tasks, subtasks nested
/// under their parent; tasks without an area or project sit higher up. A task's outline has
/// `text` (the title), `_note` (the description, then the body) and `_complete="true"` when
/// done. Everything is XML-escaped; newlines in attributes are `&#10;`.
public struct OPML: TaskExporter {
    public let format = "opml"
    public let title = "OPML"
    public let fileExtension = "opml"
    public let mediaType = "text/x-opml; charset=utf-8"

    public init() {}

    public func export(_ tasks: [TodoTask], context: ExportContext, write: (String) throws -> Void) throws {
        try write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n    <title>todo.md</title>\n")
        try write("    <dateCreated>" + Self.rfc822(context.clock.now) + "</dateCreated>\n  </head>\n  <body>\n")
        let tree = ExportTree(tasks, context: context)
        var area: String?, project: String?, started = false
        func close() throws {
            if project != nil { try write(Self.pad(area == nil ? 2 : 3) + "</outline>\n") }
            if area != nil { try write(Self.pad(2) + "</outline>\n") }
        }
        for i in tree.roots {
            let a = Self.name(tasks[i].area), p = Self.name(tasks[i].project)
            if !started || a != area || p != project {
                if started {
                    if a != area { try close() } else if project != nil { try write(Self.pad(area == nil ? 2 : 3) + "</outline>\n") }
                }
                if let a, !started || a != area { try write(Self.pad(2) + "<outline text=\"" + Self.attribute(a) + "\">\n") }
                if let p { try write(Self.pad(a == nil ? 2 : 3) + "<outline text=\"" + Self.attribute(p) + "\">\n") }
                area = a
                project = p
                started = true
            }
            let base = 2 + (a == nil ? 0 : 1) + (p == nil ? 0 : 1)
            try tree.walk(i, depth: base, enter: { t, depth, hasChildren in
                try write(Self.pad(depth) + Self.open(t) + (hasChildren ? ">\n" : "/>\n"))
            }, leave: { _, depth, hasChildren in
                if hasChildren { try write(Self.pad(depth) + "</outline>\n") }
            })
        }
        if started { try close() }
        try write("  </body>\n</opml>\n")
    }

    /// `<outline text="…" _note="…" _complete="true"` (left open for `>` or `/>`).
    static func open(_ t: TodoTask) -> String {
        var s = "<outline text=\"" + attribute(t.title) + "\""
        let body = t.body.trimmed
        let note = [t.description ?? "", body].filter { !$0.isEmpty }.joined(separator: "\n\n")
        if !note.isEmpty { s += " _note=\"" + attribute(note) + "\"" }
        if t.status == .done { s += " _complete=\"true\"" }
        return s
    }

    /// An attribute value: `& < > "` escaped, tab and line breaks as character references,
    /// characters XML 1.0 does not allow dropped.
    static func attribute(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                let v = u.value
                if v >= 0x20, v != 0xFFFE, v != 0xFFFF { out.unicodeScalars.append(u) }
            }
        }
        return out
    }

    static func pad(_ depth: Int) -> String { String(repeating: "  ", count: depth) }

    static func name(_ s: String?) -> String? {
        guard let s = s?.trimmed, !s.isEmpty else { return nil }
        return s
    }

    /// OPML's date form (RFC 822): `Fri, 27 Nov 2026 08:00:00 GMT`.
    static func rfc822(_ d: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "GMT")
        f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return f.string(from: d)
    }
}
