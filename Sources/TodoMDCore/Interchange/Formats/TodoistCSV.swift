import Foundation

/// Todoist's project CSV ("Export as template", and the per-project files of a backup): one
/// file per project, one row per `task`, `section`, `note` or `meta`.
///
/// Reading:
/// - the project is the file name without `.csv` (and without a backup's ` [1234]` id);
/// - a `section` row: the tasks below it get the section's name as a tag (todo.md has no sections);
/// - a `note` row (a comment): appended to the body of the task above;
/// - `meta` rows (`view_style=board`) describe the project's view and are left out;
/// - `@label`s in CONTENT: tags, taken out of the title (Markdown links stay);
/// - PRIORITY 1 (p1, the highest) … 4 (none): high, medium, low, none (the opposite of the API);
/// - INDENT 2, 3…: a subtask of the nearest task above with a smaller indent;
/// - DATE in Todoist's words (`tomorrow`, `Dec 24`, `every monday`, `every! 3 days` = after
///   completion) is read by quick entry; with a DEADLINE, the deadline is `due` and DATE (when you
///   plan to do it) is `scheduled`;
/// - DURATION + DURATION_UNIT (minute, day): `estimated_minutes`;
/// - AUTHOR, RESPONSIBLE, a DATE_LANG/DEADLINE_LANG other than `en` and a TIMEZONE other than
///   the vault's are kept as `todoist_*`, and so is a DATE that cannot be read.
///
/// Writing is the reverse (`TodoistCSV+Export.swift`): re-importing an export gives the same
/// fields back for everything Todoist can carry.
public struct TodoistCSV: TaskImporter, TaskExporter {
    public let format = "todoist"
    public let title = "Todoist CSV"
    public let fileExtension = "csv"
    public let mediaType = "text/csv; charset=utf-8"

    public init() {}

    /// The columns of Todoist's template, in its order.
    static let columns = ["TYPE", "CONTENT", "DESCRIPTION", "PRIORITY", "INDENT", "AUTHOR", "RESPONSIBLE", "DATE",
                          "DATE_LANG", "TIMEZONE", "DURATION", "DURATION_UNIT", "DEADLINE", "DEADLINE_LANG"]

    static let expectedHeader = "Todoist's header row (TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,…)"

    public func recognizes(_ input: ImportInput) -> Bool {
        guard input.folder == nil else { return false }
        let first = input.text.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" }
        let names = first.split(whereSeparator: { $0 == "," || $0 == ";" }).map { CSVHeader.key(String($0)) }
        return names.first == "type" && names.contains("content") && (names.contains("indent") || names.contains("priority"))
    }

    public func read(_ input: ImportInput, options: ImportOptions) throws -> ImportBatch {
        let table = try CSVTable(input.text, separator: CSVTable.separator(of: input.text))
        guard let head = table.rows.first else { throw ImportFormatError(location: "line 1", expected: Self.expectedHeader) }
        let header = CSVHeader(head.fields)
        guard header.has("TYPE"), header.has("CONTENT") else {
            throw ImportFormatError(location: "line \(head.line)", expected: Self.expectedHeader)
        }
        var reader = TodoistReader(format: format, header: header, project: Self.project(fromFileName: input.name), options: options)
        for row in table.rows.dropFirst() { reader.read(row) }
        return reader.finish()
    }

    /// The project a file stands for: its name without `.csv`, and without the ` [2203306141]`
    /// id a backup's file names carry.
    static func project(fromFileName name: String?) -> String? {
        guard var n = name.map({ ($0 as NSString).lastPathComponent }) else { return nil }
        if n.lowercased().hasSuffix(".csv") { n.removeLast(4) }
        if n.hasSuffix("]"), let open = n.lastIndex(of: "["), open > n.startIndex {
            let id = n[n.index(after: open)..<n.index(before: n.endIndex)]
            if !id.isEmpty, id.allSatisfy(\.isNumber) { n = String(n[..<open]) }
        }
        n = n.trimmingCharacters(in: .whitespaces)
        return n.isEmpty ? nil : n
    }
}
