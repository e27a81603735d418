import Foundation
import TodoMDCore
import TodoMDTestSupport
import XCTest

/// git (issue 16): `todomd git-setup` and the merge driver with the real git: concurrent
/// edits merge field by field; only fields that really conflict get markers; two clones
/// editing at random lose no edit.
final class GitCLITests: XCTestCase {
    @discardableResult
    private func git(_ args: [String], in dir: String, env: [String: String], ok: Bool = true) throws -> CommandOutput {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git"] + args
        var e = env
        e["GIT_AUTHOR_NAME"] = "t"; e["GIT_AUTHOR_EMAIL"] = "t@example.com"
        e["GIT_COMMITTER_NAME"] = "t"; e["GIT_COMMITTER_EMAIL"] = "t@example.com"
        e["GIT_CONFIG_NOSYSTEM"] = "1"
        p.environment = e
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), r = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let result = CommandOutput(stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: r, as: UTF8.self), status: p.terminationStatus)
        if ok { XCTAssertEqual(result.status, 0, "git \(args.joined(separator: " ")): \(result.stderr)") }
        return result
    }

    private func write(_ path: String, _ text: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }
    private func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    private func plan(priority: String = "low", title: String = "Plan", body: String = "Line one\nLine two\n") -> String {
        "---\ntitle: \"\(title)\"\nstatus: \"todo\"\npriority: \"\(priority)\"\ncreated: \"2026-11-20T09:00:00Z\"\n---\n" + body
    }

    func testGitSetupThenFieldByFieldMerges() throws {
        let sandbox = CLISandbox()
        let (vault, env) = (sandbox.vault, sandbox.env)
        let notARepo = try runTodomd(["git-setup"], env: env, cwd: vault)
        XCTAssertNotEqual(notARepo.status, 0)
        XCTAssertTrue(notARepo.stderr.contains("not in a git repository"), notARepo.stderr)

        try git(["init", "-q", "-b", "main"], in: vault, env: env)
        try write(vault + "/plan.md", plan())
        try write(vault + "/.order.json", "{\"version\": 1, \"views\": {\"inbox\": [\"a.md\", \"b.md\"]}}\n")
        let setup = try runTodomd(["git-setup"], env: env, cwd: vault)
        XCTAssertEqual(setup.status, 0, setup.stderr)
        XCTAssertTrue(setup.stdout.hasPrefix("wrote .gitattributes: *.md merge=todomd"), setup.stdout)
        XCTAssertEqual(try runTodomd(["git-setup"], env: env, cwd: vault).stdout.components(separatedBy: "\n").first,
                       ".gitattributes already sends task files to todomd")
        XCTAssertEqual(try read(vault + "/.gitattributes").components(separatedBy: "merge=todomd\n").count, 2, "not added twice")
        XCTAssertTrue(try git(["config", "--get", "merge.todomd.driver"], in: vault, env: env).stdout.hasSuffix(" merge-driver %O %A %B %P\n"))
        try git(["add", "-A"], in: vault, env: env)
        try git(["commit", "-qm", "start"], in: vault, env: env)

        // Different fields, different body lines, different order entries: merged by themselves.
        try git(["checkout", "-qb", "laptop"], in: vault, env: env)
        try write(vault + "/plan.md", plan(priority: "high", body: "Line one\nLine two\nLine three\n"))
        try write(vault + "/.order.json", "{\"version\": 1, \"views\": {\"inbox\": [\"a.md\", \"x.md\", \"b.md\"]}}\n")
        try git(["commit", "-qam", "laptop"], in: vault, env: env)
        try git(["checkout", "-q", "main"], in: vault, env: env)
        try write(vault + "/plan.md", plan(title: "Plan it", body: "Line ONE\nLine two\n"))
        try write(vault + "/.order.json", "{\"version\": 1, \"views\": {\"inbox\": [\"b.md\", \"a.md\", \"y.md\"]}}\n")
        try git(["commit", "-qam", "main"], in: vault, env: env)
        let merge = try git(["merge", "-q", "laptop", "-m", "merge"], in: vault, env: env)
        XCTAssertEqual(merge.status, 0)
        XCTAssertEqual(try read(vault + "/plan.md"), plan(priority: "high", title: "Plan it", body: "Line ONE\nLine two\nLine three\n"))
        let order = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: vault + "/.order.json"))) as? [String: Any])
        XCTAssertEqual((order["views"] as? [String: [String]])?["inbox"], ["b.md", "a.md", "x.md", "y.md"])

        // The same field changed differently on both: markers around that field only.
        try git(["checkout", "-qb", "phone"], in: vault, env: env)
        try write(vault + "/plan.md", plan(priority: "medium", title: "Plan it", body: "Line ONE\nLine two\nLine three\n"))
        try git(["commit", "-qam", "phone"], in: vault, env: env)
        try git(["checkout", "-q", "main"], in: vault, env: env)
        try write(vault + "/plan.md", plan(priority: "low", title: "Plan it", body: "Line ONE\nLine two\nLine three\n").replacingOccurrences(of: "\"todo\"", with: "\"done\""))
        try git(["commit", "-qam", "main 2"], in: vault, env: env)
        let conflict = try git(["merge", "-q", "phone", "-m", "merge 2"], in: vault, env: env, ok: false)
        XCTAssertNotEqual(conflict.status, 0)
        XCTAssertEqual(try read(vault + "/plan.md"), """
            ---
            title: "Plan it"
            status: "done"
            <<<<<<< ours
            priority: "low"
            =======
            priority: "medium"
            >>>>>>> theirs
            created: "2026-11-20T09:00:00Z"
            ---
            Line ONE
            Line two
            Line three

            """)
        let doctor = try runTodomd(["doctor"], env: env, cwd: vault)
        XCTAssertTrue(doctor.stdout.contains("an unresolved merge conflict"), doctor.stdout + doctor.stderr)
    }

    /// Two clones edit the same tasks at random (through todomd and by hand), then exchange
    /// commits through a shared repository: every field edit is in the merged file or between
    /// markers, and no task is doubled.
    func testTwoClonesEditingAtRandomLoseNoEdit() throws {
        let sandbox = CLISandbox()
        let env = sandbox.env
        let root = sandbox.dir.path
        try git(["init", "-q", "--bare", "-b", "main", root + "/shared.git"], in: root, env: env)
        try git(["clone", "-q", root + "/shared.git", root + "/a"], in: root, env: env)
        let names = (0..<4).map { "task-\($0).md" }
        for (i, n) in names.enumerated() {
            try write(root + "/a/" + n, "---\ntitle: \"Task \(i)\"\nstatus: \"todo\"\ncreated: \"2026-11-20T09:00:00Z\"\n---\nNotes.\n")
        }
        XCTAssertEqual(try runTodomd(["--vault", root + "/a", "git-setup"], env: env, cwd: root).status, 0)
        try git(["add", "-A"], in: root + "/a", env: env)
        try git(["commit", "-qm", "start"], in: root + "/a", env: env)
        try git(["push", "-q", "origin", "main"], in: root + "/a", env: env)
        try git(["clone", "-q", root + "/shared.git", root + "/b"], in: root, env: env)
        XCTAssertEqual(try runTodomd(["--vault", root + "/b", "git-setup"], env: env, cwd: root).status, 0)

        var rng = SeededGenerator(seed: 0x61)
        let fields: [(String, [String])] = [("priority", ["low", "medium", "high"]), ("due", ["2026-12-01", "2026-12-02"]),
                                            ("area", ["Work", "Home"])]
        var conflicts = 0
        for round in 0..<3 {
            var last: [String: [String: [String]]] = [:]   // file -> key -> values set on a or b
            for device in ["a", "b"] {
                let dir = root + "/" + device
                for k in 0..<4 {
                    let name = rng.pick(names)
                    let (key, values) = rng.pick(fields)
                    let value = rng.pick(values)
                    if k == 0 {
                        let r = try runTodomd(["--vault", dir, "set", name, "\(key)=\(value)"], env: env, cwd: dir)
                        XCTAssertEqual(r.status, 0, r.stderr)
                    } else {
                        let doc = try XCTUnwrap(FrontmatterDocument(bytes: Array(try read(dir + "/" + name).utf8)))
                        try write(dir + "/" + name, String(decoding: FrontmatterEditor.apply([(key, .string(value))], to: doc), as: UTF8.self))
                    }
                    last[name, default: [:]][key, default: []].append(value)
                }
                try git(["add", "-A", "."], in: dir, env: env)
                try git(["commit", "-qm", "round \(round) \(device)", "--allow-empty"], in: dir, env: env)
            }
            try git(["push", "-q", "origin", "main"], in: root + "/a", env: env)
            let pull = try git(["pull", "-q", "--no-rebase", "origin", "main"], in: root + "/b", env: env, ok: false)
            for name in names {
                let text = try read(root + "/b/" + name)
                let marked = text.contains("<<<<<<< ")
                for (key, values) in last[name] ?? [:] {
                    // The value written last on each device is in the file (between markers when both differ).
                    let kept = values.suffix(2).contains { text.contains("\(key): \"\($0)\"") }
                    XCTAssertTrue(kept, "round \(round) \(name) \(key) \(values): \(text)")
                }
                if marked {
                    conflicts += 1
                    // Settle it the way a user would: keep ours.
                    var lines: [Substring] = []
                    var skipping = false
                    for l in text.split(separator: "\n", omittingEmptySubsequences: false) {
                        if l.hasPrefix("<<<<<<< ") { continue }
                        if l == "=======" { skipping = true; continue }
                        if l.hasPrefix(">>>>>>> ") { skipping = false; continue }
                        if !skipping { lines.append(l) }
                    }
                    try write(root + "/b/" + name, lines.joined(separator: "\n"))
                }
            }
            if pull.status != 0 {
                try git(["add", "-A", "."], in: root + "/b", env: env)
                try git(["commit", "-qm", "settled"], in: root + "/b", env: env)
            }
            try git(["push", "-q", "origin", "main"], in: root + "/b", env: env)
            try git(["pull", "-q", "--no-rebase", "origin", "main"], in: root + "/a", env: env)
            let list = try runTodomd(["--vault", root + "/b", "list", "all", "--json"], env: env, cwd: root)
            let count = (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["count"] as? Int
            XCTAssertEqual(count, names.count, "round \(round): one task per task")
        }
        for name in names { XCTAssertEqual(try read(root + "/a/" + name), try read(root + "/b/" + name)) }
        XCTAssertGreaterThan(conflicts, 0, "the seed should make both clones change one field differently")
    }
}
