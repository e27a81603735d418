import Foundation
import TodoMDCore
#if canImport(Glibc)
import Glibc
#endif

/// Starts the user's editor on a file and waits for it: `$VISUAL`, else `$EDITOR`, else `vi`,
/// run by `/bin/sh` (so `EDITOR="code --wait"` works) in todomd's own process group. That
/// group is the terminal's foreground group, so the editor can read the keyboard; Foundation's
/// `Process` starts children in a new session, where a terminal editor is stopped (SIGTTIN).
/// While it runs, todomd ignores Ctrl-C and Ctrl-\ (they are the editor's), as git does.
enum Editor {
    static func open(_ path: String, line: Int?, name: String,
                     env: [String: String] = ProcessInfo.processInfo.environment) throws {
        let editor = command(env)
        let script = editor + lineArgument(editor, line) + " \"$1\""
        let status = try run(["/bin/sh", "-c", script, "sh", path], editor: editor, name: name)
        guard status == 0 else {
            throw TodoError.io(path: name, reason: "editor \(editor) exited with status \(status); the file is as the editor left it")
        }
    }

    /// `$VISUAL`, else `$EDITOR`, else `vi` (empty values are unset, as git treats them).
    static func command(_ env: [String: String]) -> String {
        for key in ["VISUAL", "EDITOR"] {
            if let v = env[key], !v.trimmingCharacters(in: .whitespaces).isEmpty { return v }
        }
        return "vi"
    }

    /// `+LINE` for editors that take it, so a checkbox task's note opens at its line.
    static func lineArgument(_ editor: String, _ line: Int?) -> String {
        guard let line else { return "" }
        let program = (editor.split(separator: " ").first.map(String.init) ?? "").split(separator: "/").last.map(String.init) ?? ""
        return ["vi", "vim", "nvim", "nano", "emacs", "micro", "kak", "hx", "joe", "mg"].contains(program) ? " +\(line)" : ""
    }

    /// Spawns `argv` in this process group with SIGINT and SIGQUIT at their defaults, and waits.
    private static func run(_ argv: [String], editor: String, name: String) throws -> Int32 {
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGDEF))
        let oldInt = signal(SIGINT, SIG_IGN)
        let oldQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, oldInt)
            signal(SIGQUIT, oldQuit)
        }
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, argv[0], nil, &attr, &cArgs, environ)
        guard rc == 0 else {
            throw TodoError.io(path: name, reason: "cannot start editor \(editor): \(String(cString: strerror(rc)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw TodoError.io(path: name, reason: "lost the editor: \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }
}
