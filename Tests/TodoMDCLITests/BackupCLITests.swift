import Foundation
import TodoMDTestSupport
import XCTest

/// `todomd backup now | list | restore` from the command line, in a sandbox whose cache folder
/// holds the backups.
final class BackupCLITests: XCTestCase {
    private func json(_ s: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(s.utf8)) as? [String: Any])
    }

    func testBackupNowListAndRestore() throws {
        let sandbox = CLISandbox()
        let (vault, env) = (sandbox.vault, sandbox.env)
        try taskFile("Pay rent").write(toFile: vault + "/rent.md", atomically: true, encoding: .utf8)

        let now = try runTodomd(["backup", "now"], env: env, cwd: vault)
        XCTAssertEqual(now.status, 0, now.stderr)
        XCTAssertTrue(now.stdout.hasPrefix("backup 20261124-100000: 1 file, "), now.stdout)
        let again = try json(try runTodomd(["backup", "now", "--json"], env: env, cwd: vault).stdout)
        XCTAssertEqual(again["unchanged"] as? Bool, true)
        XCTAssertEqual((again["backup"] as? [String: Any])?["id"] as? String, "20261124-100000-2")

        let list = try json(try runTodomd(["backup", "list", "--json"], env: env, cwd: vault).stdout)
        let backups = try XCTUnwrap(list["backups"] as? [[String: Any]])
        XCTAssertEqual(backups.map { $0["id"] as? String }, ["20261124-100000-2", "20261124-100000"])
        XCTAssertEqual(backups.first?["files"] as? Int, 1)
        XCTAssertEqual(backups.first?["new_bytes"] as? Int, 0)
        XCTAssertTrue((list["directory"] as? String)?.hasPrefix(sandbox.dir.path + "/cache/todomd/backups/") ?? false)
        let human = try runTodomd(["backup", "list"], env: env, cwd: vault)
        XCTAssertTrue(human.stdout.contains("  20261124-100000  2026-11-24 10:00  1 file, "), human.stdout)

        XCTAssertEqual(try runTodomd(["done", "rent"], env: env, cwd: vault).status, 0)
        let one = try runTodomd(["backup", "restore", "latest", "--task", "rent"], env: env, cwd: vault)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(one.stdout, "restored: Pay rent  (rent.md) from backup 20261124-100000-2 (2026-11-24 10:00)\n")
        XCTAssertEqual(try String(contentsOfFile: vault + "/rent.md", encoding: .utf8), taskFile("Pay rent"))
        XCTAssertTrue(try runTodomd(["undo", "--list"], env: env, cwd: vault).stdout.contains("backup restore: Pay rent"))

        let to = sandbox.dir.path + "/old"
        let whole = try runTodomd(["backup", "restore", "20261124", "--to", to], env: env, cwd: vault)
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertEqual(whole.stdout, "restored backup 20261124-100000-2 (2026-11-24 10:00) into \(to): 1 file\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: to + "/rent.md"))

        let missing = try runTodomd(["backup", "restore", "2026-11-01"], env: env, cwd: vault)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("todomd: error: no backup at or before 2026-11-01"), missing.stderr)
        let both = try runTodomd(["backup", "restore", "latest", "--in-place", "--to", to], env: env, cwd: vault)
        XCTAssertEqual(both.status, 64, both.stderr)
    }
}
