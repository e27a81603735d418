import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore

struct Types: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List types (built-in and defined by type: list_type_definition notes).")
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let types = service.types()
            if json { out.json(TypesDocument(types)); return }
            for s in types {
                let t = s.type
                out.print(out.paint(t.name, .bold) + "  " + out.paint("type: \(t.key) · \(s.count) item\(s.count == 1 ? "" : "s") · "
                    + (t.definedIn.map { "defined in \($0)" } ?? "built-in"), .dim))
                let fields = t.fields.map { f -> String in
                    var s = f.name + " (" + f.kind.rawValue
                    if let lo = f.min, let hi = f.max { s += " \(Int(lo))–\(Int(hi))" }
                    return s + (f.required ? ", required)" : ")")
                }
                out.print("  " + fields.joined(separator: ", "))
            }
        }
    }
}

struct Items: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the items of a type (book, movie…); items with warnings are marked.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The type: its name or type: key.") var type: String
    @Option(help: "Only items with this tag (repeatable; wildcards as in list).") var tag: [String] = []
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let list = try service.items(ofType: type, tags: tag)
            if json { out.json(ItemsDocument(list, today: service.clock.today)); return }
            let t = list.type
            if t.isTodo {
                let handles = service.handles(for: list.tasks)
                for x in list.tasks { out.print(out.row(x, handle: handles[x.id])) }
                return
            }
            out.print(out.header(t.name + "s"))
            if list.items.isEmpty { out.print(out.paint("  None yet: todomd add --type \(t.key) \"Title\" field=value…", .dim)) }
            for i in list.items { out.print("  " + out.itemRow(i, type: t)) }
        }
    }
}

struct Views: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List saved views (notes with type: view); show one with `todomd list NAME`.")
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let views = service.savedViews()
            if json { out.json(ViewsDocument(views)); return }
            if views.isEmpty { out.print(out.paint("No saved views: add a note with type: view (see README).", .dim)) }
            for v in views {
                out.print(v.name + "  " + out.paint("\(v.matches ?? 0) · \(v.path ?? "")", .dim)
                    + (v.problems.isEmpty ? "" : out.paint("  ⚠ " + v.problems.joined(separator: "; "), .red)))
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
        try CLI.run(vaultOptions) { service, out in
            let a = try service.archive(note: note)
            if json { out.json(ArchiveDocument(a)); return }
            out.print(a.moved == 0 ? "nothing to archive in \(a.note)"
                : "moved \(a.moved) completed line\(a.moved == 1 ? "" : "s") from \(a.note) to \(a.archive ?? "")")
        }
    }
}

struct ClassifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classify",
        abstract: "Propose a type for raw text (an ISBN means a book, a maps link a place…) and extract its fields.",
        discussion: "Was `capture` before 0.20; `capture` now queues text in the capture inbox.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The raw text (or - to read stdin).") var text: [String]
    @Option(help: "Use this type instead of the proposed one.") var type: String?
    @Flag(help: "Save it (as an item, or a task for todos).") var save = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions, creating: save) { service, out in
            let c = try service.capture(CLI.input(text), type: type, save: save)
            if json { out.json(CaptureDocument(c)); return }
            out.print("type: \(c.type.key)  " + out.paint("(\(c.reason); other types: " + c.otherTypes.joined(separator: ", ") + ")", .dim))
            out.print("title: \(c.title)")
            for (k, v) in c.fields { out.print("\(k): \(v)") }
            if !c.tags.isEmpty { out.print("tags: " + c.tags.joined(separator: ", ")) }
            if let saved = c.saved {
                out.print("saved: \(saved)")
            } else {
                out.print(out.paint("(--save writes it; --type T overrides the type; `todomd prompt` gives an LLM prompt)", .dim))
            }
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
        try CLI.run(vaultOptions) { service, out in
            let (t, prompt) = try service.prompt(CLI.input(text), type: type)
            if json { out.json(PromptDocument(type: t.key, prompt: prompt)) } else { out.print(prompt) }
        }
    }
}
