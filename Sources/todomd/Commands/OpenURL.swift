import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `todomd open-url URL`: runs a `todomd://` URL (what the desktop handler calls).
struct OpenURL: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open-url",
        abstract: "Run a todomd:// URL: add, update, show, search, json, version, complete, get-tasks, get-overdue-tasks.",
        discussion: """
            todomd open-url 'todomd://add?title=Milk&when=tomorrow&tags=errands'. Writes are made as source "shortcut" \
            (.todomd.json source_permissions apply); update needs auth-token=$(todomd token). With x-success/x-error the \
            callback URL is printed, and opened with --follow-callback. --web opens show and search URLs in the web app \
            (TODOMD_WEB_URL, default http://127.0.0.1:7878) instead of printing them.
            """)
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The todomd:// URL.") var url: String
    @Flag(help: "Print JSON.") var json = false
    @Flag(name: .customLong("follow-callback"), help: "Open the x-success / x-error callback URL (xdg-open).") var followCallback = false
    @Flag(help: "Open show and search URLs in the web app (xdg-open).") var web = false
    @Option(name: .customLong("token-file"), help: "The token file update URLs are checked against.") var tokenFile: String?

    func run() throws {
        try CLI.run(vaultOptions) { service, printer in
            let token = try? TokenStore.read(tokenFile ?? TokenStore.defaultPath())
            let outcome: URLOutcome
            do {
                outcome = try service.open(url: url, token: token ?? nil)
            } catch let f as URLFailure {
                if let cb = f.callback {
                    Printer.note("x-error callback: \(cb)")
                    if followCallback { Self.xdgOpen(cb) }
                }
                throw f.error
            }
            if web, let target = outcome.target {
                let base = ProcessInfo.processInfo.environment["TODOMD_WEB_URL"] ?? "http://127.0.0.1:7878"
                Self.xdgOpen(base + target.webPath)
            }
            if json {
                printer.json(OpenURLDocument(outcome, today: service.clock.today))
            } else {
                print(outcome, printer, service)
            }
            if let cb = outcome.callback {
                if !json { printer.print("callback: \(cb)") }
                if followCallback { Self.xdgOpen(cb) }
            }
            if let a = outcome.rateAlert { Printer.warn("rate alert: \(a.total) writes within \(a.windowSeconds) s") }
        }
    }

    private func print(_ o: URLOutcome, _ printer: Printer, _ service: TodoService) {
        for t in o.created { printer.print("added: " + printer.row(t.task)) }
        for t in o.changed { printer.print("changed: " + printer.row(t.task)) }
        if let target = o.target { printer.print("\(target.kind): \(target.name)  (web app: \(target.webPath))") }
        if let page = o.page {
            let tasks = page.tasks
            let handles = service.handles(for: tasks)
            if tasks.isEmpty { printer.print(printer.paint("Nothing here.", .dim)) }
            for t in tasks { printer.print(printer.row(t, handle: handles[t.id])) }
        }
        for h in o.search?.hits ?? [] { printer.print(printer.row(h.task.task)) }
        for m in o.messages { printer.print(m) }
    }

    static func xdgOpen(_ url: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["xdg-open", url]
        do { try p.run() } catch { Printer.warn("cannot open \(url): \(error)") }
    }
}

/// `todomd install-url-handler`: makes todomd the handler of todomd:// URLs on Linux desktops.
struct InstallURLHandler: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install-url-handler",
        abstract: "Register todomd as the handler of todomd:// URLs (a .desktop file and xdg-mime).",
        discussion: """
            Writes $XDG_DATA_HOME/applications/todomd-url.desktop (default ~/.local/share) running \
            `todomd open-url --web --follow-callback %u`, then `xdg-mime default todomd-url.desktop x-scheme-handler/todomd`. \
            On macOS an app bundle declares the scheme in its Info.plist (CFBundleURLTypes); see the README.
            """)
    @Flag(help: "Print the .desktop file instead of installing it.") var print = false

    func run() throws {
        let me = Bundle.main.executableURL?.resolvingSymlinksInPath().path ?? CommandLine.arguments[0]
        let file = """
            [Desktop Entry]
            Type=Application
            Name=todo.md
            Comment=Open todomd:// links
            Exec="\(me)" open-url --web --follow-callback %u
            Terminal=false
            NoDisplay=true
            MimeType=x-scheme-handler/todomd;

            """
        if print {
            Swift.print(file, terminator: "")
            return
        }
        let env = ProcessInfo.processInfo.environment
        let data = env["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.local/share")
        let path = data + "/applications/todomd-url.desktop"
        do {
            try Vault.writeAtomically(path, bytes: Array(file.utf8))
        } catch {
            Printer.error("cannot write \(path): \(error)")
            throw ExitCode(1)
        }
        Swift.print("wrote \(path)")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["xdg-mime", "default", "todomd-url.desktop", "x-scheme-handler/todomd"]
        p.standardError = FileHandle.nullDevice
        if (try? p.run()) != nil, { p.waitUntilExit(); return p.terminationStatus == 0 }() {
            Swift.print("todomd:// URLs now open with todomd (xdg-mime)")
        } else {
            Printer.note("xdg-mime is not available: run `xdg-mime default todomd-url.desktop x-scheme-handler/todomd` on a desktop")
        }
    }
}
