import ArgumentParser
import Foundation
import TodoMDCore

struct Types: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List types (built-in and defined by type: list_type_definition notes).")
    @OptionGroup var vaultOptions: VaultOptions
    @Flag var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            let snap = ctx.snapshot
            if json {
                ctx.out.json(.array(snap.types.map { t in
                    .object([("name", .string(t.name)), ("type", .string(t.key)), ("folder", .string(t.folder)),
                             ("defined_in", .opt(t.definedIn)),
                             ("items", .int(t.isTodo ? snap.tasks.count : snap.items.filter { ListType.key($0.type) == t.key }.count)),
                             ("fields", .array(t.fields.map { f in
                                 .object([("name", .string(f.name)), ("type", .string(f.kind.rawValue)), ("required", .bool(f.required)),
                                          ("min", f.min.map(JSON.double) ?? .null), ("max", f.max.map(JSON.double) ?? .null)])
                             }))])
                }))
                return
            }
            for t in snap.types {
                let count = t.isTodo ? snap.tasks.count : snap.items.filter { ListType.key($0.type) == t.key }.count
                ctx.out.print(ctx.out.paint(t.name, .bold) + "  " + ctx.out.paint("type: \(t.key) · \(count) item\(count == 1 ? "" : "s") · "
                    + (t.definedIn.map { "defined in \($0)" } ?? "built-in"), .dim))
                let fields = t.fields.map { f -> String in
                    var s = f.name + " (" + f.kind.rawValue
                    if let lo = f.min, let hi = f.max { s += " \(Int(lo))–\(Int(hi))" }
                    return s + (f.required ? ", required)" : ")")
                }
                ctx.out.print("  " + fields.joined(separator: ", "))
            }
        }
    }
}

struct Items: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the items of a type (book, movie…); items with warnings are marked.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The type: its name or type: key.") var type: String
    @Option(help: "Only items with this tag (repeatable; wildcards as in list).") var tag: [String] = []
    @Flag var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            let snap = ctx.snapshot
            guard let t = snap.type(named: type) else {
                throw TodoError.invalidArgument("no type \"\(type)\"; types: " + snap.types.map(\.key).joined(separator: ", "))
            }
            if t.isTodo {
                let tasks = ctx.engine.build(.all, tasks: snap.tasks, filter: TaskFilter(tags: tag)).tasks
                if json { ctx.out.json(.array(tasks.map { $0.json(today: ctx.clock.today) })) } else { for x in tasks { ctx.out.print(ctx.out.row(x)) } }
                return
            }
            let items = snap.items.filter { ListType.key($0.type) == t.key }
                .filter { i in tag.allSatisfy { w in i.tags.contains { TaskFilter.tag($0, matches: w) } } }
                .sorted { $0.title.localizedCaseInsensitiveCompare($1.title) == .orderedAscending }
            if json { ctx.out.json(.array(items.map(\.json))); return }
            ctx.out.print(ctx.out.header(t.name + "s"))
            if items.isEmpty { ctx.out.print(ctx.out.paint("  None yet: todomd add --type \(t.key) \"Title\" field=value…", .dim)) }
            for i in items { ctx.out.print("  " + ctx.out.itemRow(i, type: t)) }
        }
    }
}

struct Views: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List saved views (notes with type: view); show one with `todomd list NAME`.")
    @OptionGroup var vaultOptions: VaultOptions
    @Flag var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            let snap = ctx.snapshot
            let rows = snap.views.map { v -> (SavedView, Int) in
                let r = SavedViewRunner.run(v, snap, clock: ctx.clock)
                return (v, r.tasks.count + r.items.count)
            }
            if json {
                ctx.out.json(.array(rows.map { v, n in
                    .object([("name", .string(v.name)), ("path", .string(v.path)), ("display_style", .string(v.displayStyle)),
                             ("matches", .int(n)), ("problems", .array(v.problems.map(JSON.string)))])
                }))
                return
            }
            if rows.isEmpty { ctx.out.print(ctx.out.paint("No saved views: add a note with type: view (see README).", .dim)) }
            for (v, n) in rows {
                ctx.out.print(v.name + "  " + ctx.out.paint("\(n) · \(v.path)", .dim) + (v.problems.isEmpty ? "" : ctx.out.paint("  ⚠ " + v.problems.joined(separator: "; "), .red)))
            }
        }
    }
}

struct Archive: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Move the completed checkbox lines of a note into '<note> Archive.md'; incomplete ones stay.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The note: its path or name.") var note: String
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            let candidates = Set(ctx.snapshot.tasks.filter { $0.line != nil }.map(\.path))
            let q = note.hasSuffix(".md") ? note : note + ".md"
            let matches = candidates.filter { $0 == note || $0 == q || ($0 as NSString).lastPathComponent.caseInsensitiveCompare(q) == .orderedSame }
            guard matches.count == 1, let path = matches.first else {
                if matches.isEmpty { throw TodoError.notFound(note) }
                throw TodoError.ambiguous(query: note, candidates: matches.sorted())
            }
            let (archive, moved) = try ctx.vault.archiveCompleted(note: path)
            if json { ctx.out.json(.object([("note", .string(path)), ("archive", moved == 0 ? .null : .string(archive)), ("moved", .int(moved))])); return }
            ctx.out.print(moved == 0 ? "nothing to archive in \(path)" : "moved \(moved) completed line\(moved == 1 ? "" : "s") from \(path) to \(archive)")
        }
    }
}

struct CaptureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Propose a type for raw text (an ISBN means a book, a maps link a place…) and extract its fields.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The raw text (or - to read stdin).") var text: [String]
    @Option(help: "Use this type instead of the proposed one.") var type: String?
    @Flag(help: "Save it (as an item, or a task for todos).") var save = false
    @Flag var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            let input = text == ["-"] ? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) : text.joined(separator: " ")
            let snap = ctx.snapshot
            let c = TypeDetector.detect(input, types: snap.types, forcedType: type)
            guard let t = snap.type(named: c.type) else { throw TodoError.invalidArgument("no type \"\(c.type)\"") }
            var savedPath: String?
            if save {
                if t.isTodo {
                    var n = NewTask(title: c.title)
                    n.tags = c.tags
                    savedPath = try ctx.vault.create(n.make(clock: ctx.clock, settings: ctx.vault.settings)).path
                } else {
                    savedPath = try ctx.vault.createItem(type: t, title: c.title, values: c.fields, tags: c.tags).path
                }
            }
            if json {
                ctx.out.json(.object([("type", .string(t.key)), ("reason", .string(c.reason)), ("title", .string(c.title)),
                                      ("fields", .object(c.fields.map { ($0.0, .string($0.1)) })), ("tags", .array(c.tags.map(JSON.string))),
                                      ("saved", .opt(savedPath))]))
                return
            }
            ctx.out.print("type: \(t.key)  " + ctx.out.paint("(\(c.reason); other types: " + snap.types.map(\.key).filter { $0 != t.key }.joined(separator: ", ") + ")", .dim))
            ctx.out.print("title: \(c.title)")
            for (k, v) in c.fields { ctx.out.print("\(k): \(v)") }
            if !c.tags.isEmpty { ctx.out.print("tags: " + c.tags.joined(separator: ", ")) }
            if let savedPath { ctx.out.print("saved: \(savedPath)") } else { ctx.out.print(ctx.out.paint("(--save writes it; --type T overrides the type; `todomd prompt` gives an LLM prompt)", .dim)) }
        }
    }
}

struct Prompt: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the \"copy LLM prompt\" text for raw input, for your own model.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The raw text (or - to read stdin).") var text: [String]
    @Option(help: "The type to extract (default: the proposed one).") var type: String?
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            let input = text == ["-"] ? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) : text.joined(separator: " ")
            let snap = ctx.snapshot
            let key = type ?? TypeDetector.detect(input, types: snap.types).type
            guard let t = snap.type(named: key) else { throw TodoError.invalidArgument("no type \"\(key)\"") }
            let prompt = PromptBuilder.prompt(input: input, type: t, template: ctx.vault.settings.llmPromptTemplate)
            if json { ctx.out.json(.object([("type", .string(t.key)), ("prompt", .string(prompt))])) } else { ctx.out.print(prompt) }
        }
    }
}
