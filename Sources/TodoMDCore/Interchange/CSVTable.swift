import Foundation

/// RFC 4180 CSV as spreadsheets and task apps write it: quoted fields with `""` escapes and
/// line breaks inside, `,` or `;` separators, CRLF or LF, a ragged last column.
public struct CSVTable: Sendable {
    public struct Row: Sendable {
        /// The 1-based line the row starts on.
        public var line: Int
        public var fields: [String]
    }

    public var rows: [Row]

    /// Parses `text`. An unterminated quote is an `ImportFormatError` naming its line.
    public init(_ text: String, separator: Character = ",") throws {
        rows = []
        var field = "", fields: [String] = [], line = 1, rowLine = 1
        var quoted = false, wasQuoted = false
        var it = text.makeIterator()
        var pending: Character? = nil
        func next() -> Character? {
            if let p = pending { pending = nil; return p }
            return it.next()
        }
        var quoteLine = 1
        while let c = next() {
            if quoted {
                if c == "\"" {
                    if let n = next() {
                        if n == "\"" { field.append("\"") } else { quoted = false; pending = n }
                    } else { quoted = false }
                } else {
                    if c == "\n" || c == "\r\n" || c == "\r" { line += 1 }
                    field.append(c == "\r\n" ? "\n" : c)
                }
                continue
            }
            switch c {
            case "\"" where field.isEmpty && !wasQuoted:
                quoted = true
                wasQuoted = true
                quoteLine = line
            case separator:
                fields.append(field)
                field = ""
                wasQuoted = false
            case "\n", "\r\n", "\r":
                fields.append(field)
                rows.append(Row(line: rowLine, fields: fields))
                fields = []
                field = ""
                wasQuoted = false
                line += 1
                rowLine = line
            default:
                field.append(c)
            }
        }
        if quoted { throw ImportFormatError(location: "line \(quoteLine)", expected: "a closing quote (\") for the field opened here") }
        if !field.isEmpty || !fields.isEmpty || wasQuoted {
            fields.append(field)
            rows.append(Row(line: rowLine, fields: fields))
        }
        // Blank lines are not records.
        rows.removeAll { $0.fields.count == 1 && $0.fields[0].isEmpty }
    }

    /// The separator a header line uses: `;` when it has more of them than commas (European
    /// spreadsheets), `\t` for tab-separated files.
    public static func separator(of text: String) -> Character {
        let first = text.prefix { $0 != "\n" && $0 != "\r\n" }
        let counts: [(Character, Int)] = [(",", first.filter { $0 == "," }.count), (";", first.filter { $0 == ";" }.count),
                                          ("\t", first.filter { $0 == "\t" }.count)]
        return counts.max { $0.1 < $1.1 }.map { $0.1 > 0 ? $0.0 : "," } ?? ","
    }

    /// One field quoted when it must be.
    public static func field(_ s: String, separator: Character = ",") -> String {
        guard s.contains(where: { $0 == separator || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) || s.hasPrefix(" ") || s.hasSuffix(" ") else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One row, CRLF-terminated as RFC 4180 says.
    public static func row(_ fields: [String], separator: Character = ",") -> String {
        fields.map { field($0, separator: separator) }.joined(separator: String(separator)) + "\r\n"
    }
}

/// A header row's columns by name, case- and space-insensitive.
public struct CSVHeader: Sendable {
    public let names: [String]
    let index: [String: Int]

    public init(_ names: [String]) {
        self.names = names.map { $0.trimmedSpaces }
        var m: [String: Int] = [:]
        for (i, n) in self.names.enumerated() where m[Self.key(n)] == nil { m[Self.key(n)] = i }
        index = m
    }

    static func key(_ s: String) -> String { s.lowercased().filter { $0.isLetter || $0.isNumber } }

    public func has(_ name: String) -> Bool { index[Self.key(name)] != nil }

    /// The value of column `name` in `row` ("" when the row is short or there is no such column).
    public func value(_ name: String, in row: [String]) -> String {
        guard let i = index[Self.key(name)], i < row.count else { return "" }
        return row[i].trimmedSpaces
    }

    /// The raw (untrimmed) value, for multi-line text.
    public func raw(_ name: String, in row: [String]) -> String {
        guard let i = index[Self.key(name)], i < row.count else { return "" }
        return row[i]
    }
}
