import Foundation

/// A folder of Markdown files (spec 000): a file with frontmatter is a task, its known keys
/// mapped and unknown ones kept as they are; a file without one is a task titled by its file
/// name with its text as the body; a note with Obsidian Tasks checkbox lines stays a note and
/// is copied in unchanged (its checkboxes are tasks where they are).
public struct MarkdownFolder: TaskImporter {
    public let format = "markdown"
    public let title = "Markdown folder"

    public init() {}

    public func recognizes(_ input: ImportInput) -> Bool { input.folder != nil }

    public func read(_ input: ImportInput, options: ImportOptions) throws -> ImportBatch {
        guard let root = input.folder else {
            throw ImportFormatError(location: input.name ?? "input", expected: "a folder of Markdown files (todomd import markdown FOLDER)")
        }
        var batch = ImportBatch()
        let zone = options.clock.timeZone
        for rel in Self.markdownFiles(root) {
            let location = rel
            let bytes: [UInt8]
            do { bytes = try FileSystem.readFile(root + "/" + rel) } catch {
                batch.problems.append(ImportProblem(location, "cannot be read: \(error)"))
                continue
            }
            guard bytes.count <= Limits.fileBytes else {
                batch.problems.append(ImportProblem(location, "larger than 1 MB; not imported"))
                continue
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let hasFrontmatter = FrontmatterDocument.startsWithDelimiter(bytes)
            if !hasFrontmatter, Self.hasCheckboxes(text) {
                batch.notes.append(ImportedNote(path: rel, bytes: bytes))
                continue
            }
            var r = ImportRecord(format: format, location: location, title: "")
            r.plainUnknownKeys = true
            let name = (rel as NSString).lastPathComponent
            if hasFrontmatter {
                // A note's frontmatter without task keys reads as a task once it has a status.
                var outcome = MarkdownTaskFormat().read(path: name, bytes: bytes, zone: zone)
                if case .notATask = outcome, let withStatus = Self.insertingStatus(bytes) {
                    outcome = MarkdownTaskFormat().read(path: name, bytes: withStatus, zone: zone)
                }
                switch outcome {
                case .task(let t):
                    r.task = t
                    r.task.path = ""
                    r.task.readOnly = false
                    for p in t.problems { r.problem(p) }
                    r.task.problems = []
                    if let s = t.source, s != "user" { r.keep("source", .string(s)) }
                    r.task.source = nil
                    r.task.extra.removeAll { [ImportDigest.idKey, ImportDigest.digestKey].contains($0.0) }
                case .notATask, .unreadable:
                    r.task.title = MarkdownTaskFormat.titleFromFilename(name)
                    r.task.body = text
                    r.problem("the frontmatter could not be read; the whole file is the notes")
                }
            } else {
                r.task.title = MarkdownTaskFormat.titleFromFilename(name)
                r.task.body = text.trimmed
            }
            r.finish(id: rel, into: &batch)
        }
        return batch
    }

    static func hasCheckboxes(_ text: String) -> Bool {
        text.split(whereSeparator: \.isNewline).contains { line in
            let t = line.drop { $0 == " " || $0 == "\t" }
            return (t.hasPrefix("- [") || t.hasPrefix("* [") || t.hasPrefix("+ [")) && t.dropFirst(4).hasPrefix("]")
        }
    }

    static func insertingStatus(_ bytes: [UInt8]) -> [UInt8]? {
        guard let nl = bytes.firstIndex(of: 0x0A) else { return nil }
        return Array(bytes[...nl]) + Array("status: todo\n".utf8) + Array(bytes[(nl + 1)...])
    }

    /// The `.md` files under `root`, relative, sorted; hidden folders (`.obsidian`, `.todomd`,
    /// `.trash`) are left out.
    static func markdownFiles(_ root: String) -> [String] {
        var out: [String] = []
        var stack = [""]
        while let dir = stack.popLast() {
            for name in FileSystem.list(dir.isEmpty ? root : root + "/" + dir) ?? [] where !name.hasPrefix(".") {
                let rel = dir.isEmpty ? name : dir + "/" + name
                guard let (_, mode) = FileSystem.statStamp(root + "/" + rel) else { continue }
                if FileSystem.isDir(mode) { stack.append(rel) } else if FileSystem.isReg(mode), name.lowercased().hasSuffix(".md") { out.append(rel) }
            }
        }
        return out.sorted()
    }
}
