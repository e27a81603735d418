import ArgumentParser
import Foundation
import TodoMDCore
import TodoMDIndex

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Follow the vault live: print each task added, modified or removed (not todomd's own writes).",
        discussion: """
            Runs until interrupted. Uses inotify on Linux, else polls every 500 ms (--poll or \
            TODOMD_WATCH_POLL=1 forces polling). More than 50 new files within 60 s raise one alert \
            naming each source and its count. With --json, one JSON object per line.
            """)
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Print one JSON object per line (NDJSON).") var json = false
    @Flag(help: "Poll the vault instead of using file system notifications.") var poll = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            guard ctx.vault.exists else { throw TodoError.invalidArgument("no vault at \(ctx.vault.root)") }
            let session = WatchSession(vault: ctx.vault)
            let excluded = Set(ctx.vault.settings.templateFolders)
            var source = WatchSources.make(root: ctx.vault.root, excluded: excluded, poll: poll)
            let printer = WatchPrinter(out: ctx.out, json: json)
            let emit: @Sendable ([WatchChange]) -> Void = { changes in
                for c in changes { printer.emit(c) }
            }
            do {
                try session.start(source: source, onChanges: emit)
            } catch {
                source = PollingEventSource(root: ctx.vault.root, excluded: excluded)
                Printer.warn("\(error); polling instead")
                try session.start(source: source, onChanges: emit)
            }
            let server = source is PollingEventSource ? nil : serveIndex(ctx)
            Printer.note("watching \(ctx.vault.root) (\(source is PollingEventSource ? "polling" : "notifications"))"
                + (server == nil ? "" : "; other commands use its index without walking the vault") + "; Ctrl-C stops")
            let done = DispatchSemaphore(value: 0)
            var signalSources: [DispatchSourceSignal] = []
            for sig in [SIGINT, SIGTERM] {
                signal(sig, SIG_IGN)
                let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
                s.setEventHandler { done.signal() }
                s.resume()
                signalSources.append(s)
            }
            done.wait()
            server?.stop()
            session.stop()
            signalSources.forEach { $0.cancel() }
        }
    }
}

#if os(Linux)
/// Keeps the index fresh while watching and serves it to other commands (see `IndexServer`);
/// nil with the cache off or when it cannot start (commands then walk, as without a watch).
private func serveIndex(_ ctx: Context) -> IndexServer? {
    guard !ctx.noCache else { return nil }
    do {
        let server = try IndexServer(index: try TaskIndex(vault: ctx.vault))
        try server.start()
        return server
    } catch {
        Printer.warn("not serving the index to other commands: \(error)")
        return nil
    }
}
#else
/// No index server off Linux yet (it needs a drainable event source; FSEvents would be one).
private final class NoIndexServer { func stop() {} }
private func serveIndex(_ ctx: Context) -> NoIndexServer? { nil }
#endif

/// Prints watch changes one line each, flushing every line (stdout is often a pipe).
struct WatchPrinter: Sendable {
    let clock: Clock
    let color: Bool
    let json: Bool

    init(out: Printer, json: Bool) {
        clock = out.clock
        color = out.color
        self.json = json
    }

    func emit(_ c: WatchChange) {
        let line = json ? c.json(today: clock.today).compact() : human(c)
        fputs(line + "\n", stdout)
        fflush(stdout)
    }

    private func title(_ t: TodoTask) -> String { t.title.replacingOccurrences(of: "\n", with: " ") }

    func human(_ c: WatchChange) -> String {
        switch c {
        case .added(let t):
            return "+ added  \(title(t))  (\(t.key))"
        case .modified(let old, let new):
            let fields = describe(old, new)
            return "~ modified \(title(new))" + (fields.isEmpty ? "" : ": " + fields) + "  (\(new.key))"
        case .removed(let t):
            return "- removed  \(title(t))  (\(t.key))"
        case .problem(let p):
            return "! problem: \(p.path): " + p.reasons.joined(separator: "; ").replacingOccurrences(of: "\n", with: " ")
        case .alert(let a):
            return "! alert: \(a.total) new files in \(a.windowSeconds) s: " + a.sources.map { "\($0.source) \($0.count)" }.joined(separator: ", ")
        }
    }

    /// `due 2026-11-27 → 2026-11-28, status todo → done, body`
    private func describe(_ old: TodoTask, _ new: TodoTask) -> String {
        let today = clock.today
        guard case .object(let a) = old.json(today: today), case .object(let b) = new.json(today: today) else { return "" }
        func value(_ j: JSON?) -> String? {
            switch j {
            case .null?, nil: return "none"
            case .string(let s)?: return s.count <= 40 && !s.contains("\n") ? s : nil
            case .bool(let v)?: return v ? "yes" : "no"
            case .int(let i)?: return String(i)
            case .array(let items)? where items.count <= 5:
                let strings = items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
                return strings.count == items.count ? (strings.isEmpty ? "none" : strings.joined(separator: " ")) : nil
            default: return nil
            }
        }
        let oldValues = Dictionary(a, uniquingKeysWith: { x, _ in x })
        let newValues = Dictionary(b, uniquingKeysWith: { x, _ in x })
        return WatchChange.changedFields(old, new, today: today).map { k in
            if let o = value(oldValues[k]), let n = value(newValues[k]) { return "\(k) \(o) → \(n)" }
            return k
        }.joined(separator: ", ")
    }
}
