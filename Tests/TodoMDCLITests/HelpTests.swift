import Foundation
import XCTest

/// Every command's help describes every argument and option; completion scripts ask
/// `todomd complete-words` for views, tags and tasks; the man page's source (the help dump) works.
final class HelpTests: XCTestCase {
    let env = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "UTC", "COLUMNS": "200"]

    func commands() throws -> [[String]] {
        let help = try runTodomd(["--help"], env: env, cwd: "/").stdout
        var out: [[String]] = []
        var inSubcommands = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("SUBCOMMANDS:") { inSubcommands = true; continue }
            guard inSubcommands, line.hasPrefix("  "), let name = line.split(separator: " ").first else { continue }
            let cmd = String(name)
            if cmd == "trash" || cmd == "token" {
                for sub in try subcommands(cmd) { out.append([cmd, sub]) }
            } else {
                out.append([cmd])
            }
        }
        return out
    }

    func subcommands(_ cmd: String) throws -> [String] {
        let help = try runTodomd([cmd, "--help"], env: env, cwd: "/").stdout
        guard let r = help.range(of: "SUBCOMMANDS:") else { return [] }
        return help[r.upperBound...].split(separator: "\n").compactMap { l in
            l.hasPrefix("  ") && !l.hasPrefix("   ") ? l.split(separator: " ").first.map(String.init) : nil
        }
    }

    func testEveryArgumentAndOptionHasADescription() throws {
        let all = try commands()
        XCTAssertGreaterThan(all.count, 25)
        for cmd in all where cmd != ["serve"] {
            let help = try runTodomd(cmd + ["--help"], env: env, cwd: "/").stdout
            var section = ""
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (i, line) in lines.enumerated() {
                if !line.hasPrefix(" "), line.hasSuffix(":") { section = line; continue }
                guard section == "ARGUMENTS:" || section == "OPTIONS:" || section.hasPrefix("FILTERS") else { continue }
                guard line.hasPrefix("  "), !line.hasPrefix("   "), line.count > 2 else { continue }
                // `  --name <v>   Description` or the description on the next, deeper-indented line.
                let words = line.split(separator: " ").drop { $0.hasPrefix("-") || $0.hasPrefix("<") || $0.hasSuffix(">") || $0 == "..." || $0.hasSuffix(",") }
                let described = !words.isEmpty || (i + 1 < lines.count && lines[i + 1].hasPrefix("      "))
                XCTAssertTrue(described, "todomd \(cmd.joined(separator: " ")): no description for \(line)")
            }
            XCTAssertLessThanOrEqual(help.components(separatedBy: "(default: today)").count - 1, 1, "\(cmd): default said twice")
        }
    }

    func testCompletionScriptsCompleteFromTheVault() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try runTodomd(["--generate-completion-script", shell], env: env, cwd: "/").stdout
            for kind in ["views", "tags", "tasks", "areas", "projects", "statuses"] {
                XCTAssertTrue(script.contains("todomd complete-words \(kind)"), "\(shell) script does not complete \(kind)")
            }
        }
        let tmp = NSTemporaryDirectory() + "todomd-complete-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        var e = env
        e["TODOMD_VAULT"] = tmp
        e["XDG_CACHE_HOME"] = tmp + "/.cache"
        _ = try runTodomd(["add", "Call Bob #work/calls +Launch"], env: e, cwd: tmp)
        XCTAssertEqual(try runTodomd(["complete-words", "tags"], env: e, cwd: tmp).stdout, "work\nwork/calls\n")
        XCTAssertEqual(try runTodomd(["complete-words", "tasks"], env: e, cwd: tmp).stdout, "Call Bob\n")
        XCTAssertEqual(try runTodomd(["complete-words", "projects"], env: e, cwd: tmp).stdout, "Launch\n")
        XCTAssertTrue(try runTodomd(["complete-words", "views"], env: e, cwd: tmp).stdout.hasPrefix("inbox\ntoday\n"))
        // A missing vault completes nothing, quietly.
        e["TODOMD_VAULT"] = tmp + "/missing"
        let none = try runTodomd(["complete-words", "tags"], env: e, cwd: tmp)
        XCTAssertEqual(none.stdout + none.stderr, "")
    }

    func testManualSourceDumpsEveryCommand() throws {
        let dump = try runTodomd(["--experimental-dump-help"], env: env, cwd: "/")
        XCTAssertEqual(dump.status, 0)
        let json = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any]
        let command = json?["command"] as? [String: Any]
        let subs = (command?["subcommands"] as? [[String: Any]])?.compactMap { $0["commandName"] as? String } ?? []
        XCTAssertTrue(subs.contains("done") && subs.contains("undo") && subs.contains("edit"), "\(subs)")
    }
}
