import Foundation
import TodoMDTestSupport
import XCTest

/// Defects found by fault injection, reproduced from the command line.
final class HardeningCLITests: XCTestCase {
    var sandbox: CLISandbox!

    func makeVault() throws -> (root: String, env: [String: String]) {
        sandbox = CLISandbox()
        let vault = sandbox.vault
        addTeardownBlock { _ = chmod(vault + "/locked.md", 0o644) }
        return (vault, sandbox.env)
    }

    func write(_ path: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }

    func task(_ title: String, extra: String = "", body: String = "") -> String {
        "---\ntitle: \"\(title)\"\nstatus: todo\n\(extra)created: \"2026-11-01T10:00:00Z\"\nsource: user\n---\n\(body)"
    }

    /// ESC, BEL and NUL from a file never reach the terminal, on any path: show, list, search
    /// (and its snippets), tags, and the messages of set, done and reopen.
    func testControlCharactersNeverReachTheTerminal() throws {
        let (vault, env) = try makeVault()
        // YAML escapes put them in fields (raw control characters make the YAML invalid).
        try write(vault + "/evil.md", task("Evil \\e]0;pwned\\a title", extra: "description: \"desc \\e[2J \\a \\0 end\"\ntags: [\"ok\", \"t\\e[31mag\"]\ndue: 2026-11-24\n",
                                            body: "Body \u{1B}[2J clears \u{07} rings \u{00} nul kiwi\n"))
        let commands: [[String]] = [["show", "evil.md"], ["list", "today"], ["list", "all"], ["search", "kiwi"], ["search", "Evil"],
                                    ["tags"], ["list", "tags"], ["doctor"], ["set", "evil.md", "priority=high"], ["done", "evil.md"],
                                    ["reopen", "evil.md"], ["list", "logbook"]]
        for args in commands {
            let r = try runTodomd(args, env: env, cwd: vault)
            for (name, text) in [("stdout", r.stdout), ("stderr", r.stderr)] {
                for bad: UInt8 in [0x1B, 0x07, 0x00] {
                    XCTAssertFalse(text.utf8.contains(bad), "\(args) printed 0x\(String(bad, radix: 16)) on \(name): \(text.debugDescription)")
                }
            }
        }
        let show = try runTodomd(["show", "evil.md"], env: env, cwd: vault).stdout
        XCTAssertTrue(show.contains("^[]0;pwned^G"), show)
        let doctor = try runTodomd(["doctor"], env: env, cwd: vault)
        XCTAssertTrue(doctor.stdout.contains("NUL"), "doctor reports a NUL in a field: \(doctor.stdout)")
    }

    /// A file made unreadable after it was indexed is noticed (its change time moved), reported
    /// by doctor, left out of views, and `set` on it exits 4 naming why; the same for a file
    /// never indexed.
    func testAFileMadeUnreadableIsReportedAndSetExits4() throws {
        let (vault, env) = try makeVault()
        try write(vault + "/locked.md", task("Locked task"))
        try write(vault + "/open.md", task("Open task"))
        // Root reads any file: drop the capability that lets it, for the commands under test.
        let wrapper = getuid() == 0 ? ["/usr/bin/setpriv", "--inh-caps=-dac_override,-dac_read_search",
                                       "--bounding-set=-dac_override,-dac_read_search"] : []
        XCTAssertTrue(try runTodomd(["list", "all"], env: env, cwd: vault, wrapper: wrapper).stdout.contains("Locked task"))
        XCTAssertEqual(chmod(vault + "/locked.md", 0), 0)
        let list = try runTodomd(["list", "all"], env: env, cwd: vault, wrapper: wrapper)
        XCTAssertFalse(list.stdout.contains("Locked task"), list.stdout)
        XCTAssertTrue(list.stdout.contains("Open task"))
        let doctor = try runTodomd(["doctor"], env: env, cwd: vault, wrapper: wrapper)
        XCTAssertTrue(doctor.stdout.contains("locked.md"), doctor.stdout + doctor.stderr)
        XCTAssertTrue(doctor.stdout.contains("Permission denied"), doctor.stdout)
        let set = try runTodomd(["set", "locked.md", "priority=high"], env: env, cwd: vault, wrapper: wrapper)
        XCTAssertEqual(set.status, 4, set.stderr)
        XCTAssertTrue(set.stderr.contains("Permission denied"), set.stderr)
        // Never indexed: a fresh cache.
        var fresh = env
        fresh["XDG_CACHE_HOME"] = env["XDG_CACHE_HOME"]! + "-fresh"
        let setFresh = try runTodomd(["set", "locked", "priority=high"], env: fresh, cwd: vault, wrapper: wrapper)
        XCTAssertEqual(setFresh.status, 4, setFresh.stderr)
    }

    /// A file another program has just truncated (in place, mid-rewrite): `set` waits a moment
    /// and applies to the new content, or exits 4 "try again"; never 1 or 2.
    func testATruncatedFileIsChangingNotMissing() throws {
        let (vault, env) = try makeVault()
        try write(vault + "/t.md", task("Rewritten"))
        _ = try runTodomd(["list"], env: env, cwd: vault)
        try write(vault + "/t.md", "")
        let r = try runTodomd(["set", "t.md", "priority=high"], env: env, cwd: vault)
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertTrue(r.stderr.contains("try again"), r.stderr)
        // Rewritten while todomd waits: the edit lands on the new content.
        try write(vault + "/t.md", "")
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { try? self.write(vault + "/t.md", self.task("Rewritten again")) }
        let later = try runTodomd(["set", "t.md", "priority=high"], env: env, cwd: vault)
        XCTAssertEqual(later.status, 0, later.stderr)
        let text = try String(contentsOfFile: vault + "/t.md", encoding: .utf8)
        XCTAssertTrue(text.contains("Rewritten again") && text.contains("priority: \"high\""), text.debugDescription)
    }

    /// A field over its limit (a 600-character title) does not stop other edits, and stays
    /// byte for byte through them: edits rewrite only the lines of the fields they change.
    func testAnOverLimitFieldStaysByteForByteThroughEdits() throws {
        let (vault, env) = try makeVault()
        let long = String(repeating: "Long title ", count: 60)
        try write(vault + "/long.md", task(long))
        XCTAssertEqual(try runTodomd(["set", "long.md", "priority=high"], env: env, cwd: vault).status, 0)
        XCTAssertEqual(try runTodomd(["done", "long.md"], env: env, cwd: vault).status, 0)
        let text = try String(contentsOfFile: vault + "/long.md", encoding: .utf8)
        XCTAssertTrue(text.contains("title: \"\(long)\"\n"), "the long title was kept byte for byte")
        let doctor = try runTodomd(["doctor"], env: env, cwd: vault)
        XCTAssertTrue(doctor.stdout.contains("longer than 500"), doctor.stdout)
    }
}
