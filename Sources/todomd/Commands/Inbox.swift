import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `todomd capture`: text into the capture inbox (spec 002), from the arguments, stdin, or an
/// empty draft in the editor.
struct CaptureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Queue text in the capture inbox, exactly as typed; `todomd inbox push` puts it in the daily note.",
        discussion: """
        Text comes from the arguments, from stdin (`-`, or when stdin is not a terminal), or from $EDITOR on an \
        empty draft. `--date` files it under another day's note. To turn raw text into a typed item, see `todomd classify`.
        """)
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(parsing: .allUnrecognized, help: "The text (or - to read stdin; nothing opens $EDITOR).") var text: [String] = []
    @Option(help: "The day whose daily note it goes to (default today): 2026-12-01, tomorrow, friday…") var date: String?
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let input = try CaptureCommand.read(text)
        try CLI.run(vaultOptions, creating: true) { service, out in
            let (entry, _) = try service.captureToInbox(input, targetDate: date, source: "cli")
            if json { out.json(InboxEntryDTO(entry)); return }
            let waiting = service.inboxUnsyncedCount()
            out.print("captured \(entry.id) for \(entry.targetDate)  " + out.paint("(\(waiting) waiting; `todomd inbox push` sends them)", .dim))
        }
    }

    /// The entry's text: the arguments, stdin, or what the user wrote in the editor.
    static func read(_ words: [String]) throws -> String {
        if words == ["-"] || (words.isEmpty && isatty(STDIN_FILENO) == 0) {
            return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        if !words.isEmpty { return words.joined(separator: " ") }
        let path = NSTemporaryDirectory() + "todomd-capture-\(getpid()).md"
        FileManager.default.createFile(atPath: path, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Editor.open(path, line: nil, name: "capture draft")
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}

struct InboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox",
        abstract: "The capture inbox: list, show, edit, retarget, remove, push to the daily notes, convert.",
        subcommands: [InboxList.self, InboxShow.self, InboxEdit.self, InboxRetarget.self, InboxRemove.self, InboxPushCommand.self,
                      InboxCount.self, InboxConvert.self],
        defaultSubcommand: InboxList.self)
}

struct InboxList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Entries waiting to be pushed, oldest first.")
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Include pushed entries.") var all = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let page = try service.inbox(all: all)
            if json { out.json(InboxDocument(page)); return }
            out.print(out.header("Capture inbox") + out.paint("  \(page.unsynced) waiting · today's note: \(page.dailyNote)", .dim))
            if page.entries.isEmpty { out.print(out.paint("  Empty. `todomd capture TEXT` adds one.", .dim)) }
            for e in page.entries {
                let first = InboxList.preview(e.content)
                let mark = e.synced ? out.paint(" ✓ pushed", .dim) : e.error.map { out.paint(" ⚠ \($0)", .dim) } ?? ""
                out.print("  \(e.id)  \(e.targetDate)  \(first)" + mark)
            }
            for p in page.problems { Printer.warn(p) }
        }
    }

    /// The first line, shortened.
    static func preview(_ s: String) -> String {
        let line = s.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        let more = s.split(separator: "\n", omittingEmptySubsequences: true).count > 1 ? " …" : ""
        return (line.count > 60 ? String(line.prefix(59)) + "…" : line) + more
    }
}

struct InboxShow: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print an entry exactly as typed.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The entry's id.") var id: String
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let e = try service.inboxEntry(id)
            if json { out.json(InboxEntryDTO(e)); return }
            out.print(out.paint("\(e.id) · for \(e.targetDate) · from \(e.source)" + (e.synced ? " · pushed" : ""), .dim))
            FileHandle.standardOutput.write(Data(e.content.utf8))
            if !e.content.hasSuffix("\n") { out.print("") }
        }
    }
}

struct InboxEdit: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Replace an entry's text (or edit it in $EDITOR).")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The entry's id.") var id: String
    @Argument(help: "The new text (- reads stdin; nothing opens $EDITOR).") var text: [String] = []
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let before = try service.inboxEntry(id)
            let content: String
            if text.isEmpty, isatty(STDIN_FILENO) == 1 {
                let path = NSTemporaryDirectory() + "todomd-inbox-\(getpid())-\(id).md"
                FileManager.default.createFile(atPath: path, contents: Data(before.content.utf8))
                defer { try? FileManager.default.removeItem(atPath: path) }
                try Editor.open(path, line: nil, name: before.path)
                content = (try? String(contentsOfFile: path, encoding: .utf8)) ?? before.content
            } else {
                content = try CaptureCommand.read(text)
            }
            let e = try service.updateInboxEntry(id, content: content, expected: before.version)
            if json { out.json(InboxEntryDTO(e)); return }
            out.print("updated \(e.id)")
        }
    }
}

struct InboxRetarget: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "retarget", abstract: "File an entry under another day's note.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The entry's id.") var id: String
    @Argument(help: "The day: 2026-12-01, tomorrow, friday…") var date: String
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let e = try service.updateInboxEntry(id, targetDate: date)
            if json { out.json(InboxEntryDTO(e)); return }
            out.print("\(e.id) now goes to the note of \(e.targetDate)")
        }
    }
}

struct InboxRemove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Move entries to the trash.", aliases: ["delete"])
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "Entry ids.") var ids: [String]

    func run() throws {
        guard !ids.isEmpty else { throw ValidationError("name the entries to remove") }
        try CLI.run(vaultOptions) { service, out in
            for id in ids { out.print("moved to trash: \(try service.removeInboxEntry(id))") }
        }
    }
}

struct InboxPushCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Append the waiting entries to their days' daily notes, exactly as typed.",
        discussion: """
        The daily note's folder, name format and template come from Obsidian's settings (.obsidian/daily-notes.json, \
        or the Periodic Notes plugin), with .todomd.json "daily_notes" overrides ("heading", "separator"…). A note being \
        edited is never overwritten: the push re-reads it and retries, or leaves the entries queued. --uri prints \
        Obsidian Actions URIs instead, for a vault on another machine (--callback: this server's URL, for x-success).
        """)
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Print Obsidian Actions URIs instead of writing the notes.") var uri = false
    @Option(help: "With --uri: the todomd server's base URL that Obsidian calls back (http://127.0.0.1:8080).") var callback: String?
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            if uri {
                let uris = try service.inboxPushURIs(callback: callback)
                if json { out.json(InboxPushURIsDocument(uris)); return }
                if uris.isEmpty { out.print("nothing to push") }
                for u in uris { out.print(u.uri) }
                return
            }
            let r = try service.pushInbox()
            if json { out.json(InboxPushDocument(r)) } else {
                if r.outcome.pushed.isEmpty && r.outcome.failed.isEmpty { out.print("nothing to push") }
                for d in r.outcome.pushed {
                    out.print("\(d.entries.count) entr\(d.entries.count == 1 ? "y" : "ies") → \(d.note)" + (d.created ? out.paint(" (new note)", .dim) : ""))
                }
                for f in r.outcome.failed { Printer.error("\(f.note): \(f.entries.count) entries stay queued: \(f.error)") }
                for p in r.problems { Printer.warn(p) }
            }
            if !r.outcome.failed.isEmpty { throw ExitCode(4) }
        }
    }
}

struct InboxCount: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "count",
        abstract: "How many entries wait to be pushed (for a shell prompt: `--prompt` prints nothing at 0).")
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Print `📥 N`, or nothing when none wait.") var prompt = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let n = service.inboxUnsyncedCount()
            if json { out.json(InboxCountDocument(unsynced: n)) } else if prompt { if n > 0 { out.print("📥 \(n)") } } else { out.print(String(n)) }
        }
    }
}

struct InboxConvert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Turn an entry into a task (quick entry: dates, #tags, +project) or, with --item, a typed item.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The entry's id.") var id: String
    @Flag(help: "Make a typed item (type detection, as `todomd classify`).") var item = false
    @Option(help: "With --item: this type instead of the proposed one.") var type: String?
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let c = try service.convertInboxEntry(id, asItem: item || type != nil, type: type)
            if json { out.json(InboxConversionDocument(c, today: service.clock.today)); return }
            switch c {
            case .task(let o): out.print("task: \(o.task.task.title)  (\(o.task.task.path))")
            case .item(let o): out.print("\(o.type.key): \(o.title)  (\(o.saved ?? ""))")
            }
        }
    }
}

struct MarkersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "markers", abstract: "The task-type markers of the capture toolbar (- [!], - [?], - [b]…).")
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let out = Printer(clock: Clock(now: Date(), timeZone: .current))
        if json { out.json(MarkersDocument()); return }
        for g in CaptureMarkers.groups {
            out.print(out.header(g.name))
            for m in g.markers { out.print("  \(m.icon)  \(m.prefix.trimmingCharacters(in: .whitespaces))  \(m.name)") }
        }
    }
}
