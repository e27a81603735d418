import Foundation
import TodoMDTestSupport
import XCTest

/// `--vault` before or after the command; the default vault created by the first write (and
/// said once); JSON ids of checkbox tasks taken as TASK.
final class VaultChoiceTests: XCTestCase {
    func testVaultOptionBeforeTheCommand() throws {
        let box = CLISandbox()
        var env = box.env
        env["TODOMD_VAULT"] = nil
        let add = try runTodomd(["--vault", box.vault, "add", "Buy milk"], env: env, cwd: box.dir.path)
        XCTAssertEqual(add.status, 0, add.stderr)
        let list = try runTodomd(["--vault", box.vault, "--no-cache", "list", "inbox"], env: env, cwd: box.dir.path)
        XCTAssertTrue(list.stdout.contains("Buy milk"), list.stdout + list.stderr)
        let after = try runTodomd(["list", "inbox", "--vault=" + box.vault], env: env, cwd: box.dir.path)
        XCTAssertEqual(after.stdout, list.stdout)
    }

    func testTheDefaultVaultIsCreatedByTheFirstWriteAndSaysSoOnce() throws {
        let box = CLISandbox()
        var env = box.env
        env["TODOMD_VAULT"] = nil
        let home = env["HOME"]!
        let list = try runTodomd(["list"], env: env, cwd: box.dir.path)
        XCTAssertEqual(list.status, 1)
        XCTAssertTrue(list.stderr.contains(home + "/todo.md: no vault here (chosen by the default)"), list.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/todo.md"))
        let first = try runTodomd(["add", "First"], env: env, cwd: box.dir.path)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stderr.contains("created the vault folder " + home + "/todo.md"), first.stderr)
        let second = try runTodomd(["add", "Second"], env: env, cwd: box.dir.path)
        XCTAssertFalse(second.stderr.contains("created"), second.stderr)
        XCTAssertTrue(try runTodomd(["list", "inbox"], env: env, cwd: box.dir.path).stdout.contains("Second"))
    }

    func testACheckboxTasksJSONIdIsATask() throws {
        let box = CLISandbox()
        box.dir.write("vault/note.md", "# Note\n\n- [ ] Inline one\n- [ ] Inline two\n")
        let json = try runTodomd(["list", "all", "--json"], env: box.env, cwd: box.vault).stdout
        let ids = json.components(separatedBy: "\"id\": \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        XCTAssertEqual(ids.count, 2, json)
        let done = try runTodomd(["done", ids[1], "--json"], env: box.env, cwd: box.vault)
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertTrue(done.stdout.contains("\"title\": \"Inline two\""), done.stdout)
        XCTAssertEqual(box.dir.read("vault/note.md"), "# Note\n\n- [ ] Inline one\n- [x] Inline two ✅ 2026-11-24\n")
    }
}
