import Foundation
import TodoMDCore

extension AuditLog {
    /// Every device's files of every month, merged oldest first, filtered. A line that cannot
    /// be read is reported (file, line number, why) and skipped; a line found in two files (a
    /// sync engine's conflict copy of a log) is read once.
    public func read(_ filter: AuditFilter = AuditFilter()) -> AuditLogPage {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix(".") }.sorted()
        // Files are named by month (UTC): those before `since`'s month cannot hold a match.
        let firstMonth = filter.since.map(Self.month)
        var entries: [AuditEntry] = []
        var problems: [AuditProblem] = []
        var seen: [Substring: String] = [:]
        for name in names {
            if let firstMonth, Self.isMonth(name.prefix(7)), name.prefix(7) < firstMonth { continue }
            let rel = Self.folder + "/" + name
            guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
                problems.append(AuditProblem(path: rel, line: 0, reason: "cannot be read"))
                continue
            }
            let text = String(decoding: data, as: UTF8.self)
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard !line.allSatisfy(\.isWhitespace) else { continue }
                if let other = seen[line], other != name { continue }
                seen[line] = name
                switch Self.parse(line, file: rel, line: i + 1, fileDevice: Self.device(ofFile: name)) {
                case .success(let e): entries.append(e)
                case .failure(let reason): problems.append(AuditProblem(path: rel, line: i + 1, reason: reason.text))
                }
            }
        }
        entries.sort { ($0.at, $0.file, $0.line) < ($1.at, $1.file, $1.line) }
        let matched = Self.filtered(entries, filter)
        let kept = filter.limit.map { Array(matched.suffix(max(0, $0))) } ?? matched
        return AuditLogPage(entries: kept, total: matched.count, problems: problems, folder: directory)
    }

    /// The entries (oldest first) that pass `filter`, before its limit.
    static func filtered(_ entries: [AuditEntry], _ filter: AuditFilter) -> [AuditEntry] {
        var out = entries.filter { e in
            (filter.since.map { e.at >= $0 } ?? true) && (filter.by.map { e.by == $0 } ?? true) && filter.matches(source: e.source)
        }
        guard let path = filter.path else { return out }
        // Newest first, so a move seen brings in where the file was before it.
        var paths: Set<String> = [path]
        var keep = [Bool](repeating: false, count: out.count)
        for i in out.indices.reversed() where paths.contains(out[i].path) || out[i].from.map(paths.contains) == true {
            keep[i] = true
            if paths.contains(out[i].path), let from = out[i].from { paths.insert(from) }
        }
        out = out.indices.filter { keep[$0] }.map { out[$0] }
        return out
    }

    struct LineProblem: Error {
        var text: String
    }

    /// One line read, or why it cannot be.
    static func parse(_ line: Substring, file: String, line number: Int, fileDevice: String) -> Result<AuditEntry, LineProblem> {
        guard let obj = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
            return .failure(LineProblem(text: "not a JSON object"))
        }
        func text(_ key: String) throws -> String? {
            guard let v = obj[key], !(v is NSNull) else { return nil }
            guard let s = v as? String else { throw LineProblem(text: "\"\(key)\" must be text") }
            return s
        }
        do {
            guard let atText = try text("at") else { throw LineProblem(text: "\"at\" is missing") }
            guard let at = Timestamp.parse(atText) else { throw LineProblem(text: "\"at\" is not an ISO-8601 time: \(atText)") }
            guard let by = try text("by"), !by.isEmpty else { throw LineProblem(text: "\"by\" is missing") }
            guard let kind = try text("kind"), !kind.isEmpty else { throw LineProblem(text: "\"kind\" is missing") }
            guard let path = try text("path"), !path.isEmpty else { throw LineProblem(text: "\"path\" is missing") }
            var fields: [String] = []
            if let v = obj["fields"], !(v is NSNull) {
                guard let list = v as? [Any], let strings = list as? [String], strings.count == list.count else {
                    throw LineProblem(text: "\"fields\" must be a list of keys")
                }
                fields = strings
            }
            return .success(AuditEntry(at: at, device: try text("device") ?? fileDevice, by: by, frontEnd: try text("front_end"),
                                       source: try text("source"), action: try text("action"), kind: kind, path: path,
                                       from: try text("from"), task: try text("task"), fields: fields,
                                       before: try text("before"), after: try text("after"), file: file, line: number))
        } catch let p as LineProblem {
            return .failure(p)
        } catch {
            return .failure(LineProblem(text: "\(error)"))
        }
    }

    /// `2026-11.laptop.jsonl` → `laptop` (for a line without its own `device`).
    static func device(ofFile name: String) -> String {
        let base = name.dropLast(".jsonl".count)
        guard let dot = base.firstIndex(of: ".") else { return String(base) }
        return String(base[base.index(after: dot)...])
    }

    static func isMonth(_ s: Substring) -> Bool {
        s.count == 7 && s.enumerated().allSatisfy { i, c in i == 4 ? c == "-" : (c.isASCII && c.isNumber) }
    }
}
