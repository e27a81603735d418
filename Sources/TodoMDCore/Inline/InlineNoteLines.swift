/// A note split into lines that join back byte for byte. Only `\n` ends a line; a `\r` before
/// it belongs to the ending (CRLF), so CRLF notes stay CRLF. (Swift's `Character` treats `\r\n`
/// as one character, which is why the split is done on UTF-8 bytes.)
struct InlineNoteLines {
    struct Line {
        var content: String
        /// `"\n"`, `"\r\n"`, or `""` for a last line without a line ending.
        var ending: String
    }

    var lines: [Line]

    init(_ text: String) {
        var out: [Line] = []
        let u = Array(text.utf8)
        var start = 0
        for i in u.indices where u[i] == 0x0A {
            let crlf = i > start && u[i - 1] == 0x0D
            out.append(Line(content: String(decoding: u[start..<(crlf ? i - 1 : i)], as: UTF8.self),
                            ending: crlf ? "\r\n" : "\n"))
            start = i + 1
        }
        if start < u.count { out.append(Line(content: String(decoding: u[start...], as: UTF8.self), ending: "")) }
        lines = out
    }

    var text: String { lines.map { $0.content + $0.ending }.joined() }

    /// The note's line ending: the first one found, else `\n`.
    var dominantEnding: String { lines.first { !$0.ending.isEmpty }?.ending ?? "\n" }
}
