import Foundation
import TodoMDTestSupport
import XCTest

/// `todomd undo` and `todomd undo --list` from the command line: each command is one action,
/// undone newest first across processes, refused with the file named when it changed since.
final class UndoCLITests: XCTestCase {
    var sandbox: CLISandbox!

    func makeVault() throws -> (root: String, env: [String: String]) {
        sandbox = CLISandbox()
        return (sandbox.vault, sandbox.env)
    }

    private func json(_ s: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(s.utf8)) as? [String: Any])
    }

    func testUndoListAndUndoInOrder() throws {
        let (vault, env) = try makeVault()
        let add = try runTodomd(["add", "Buy milk", "--literal"], env: env, cwd: vault)
        XCTAssertEqual(add.status, 0, add.stderr)
        let path = add.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(try runTodomd(["done", "milk"], env: env, cwd: vault).status, 0)

        let list = try runTodomd(["undo", "--list", "--json"], env: env, cwd: vault)
        XCTAssertEqual(list.status, 0, list.stderr)
        let doc = try json(list.stdout)
        let actions = try XCTUnwrap(doc["actions"] as? [[String: Any]])
        XCTAssertEqual(actions.map { $0["action"] as? String }, ["done", "add"])
        XCTAssertEqual(actions.map { $0["summary"] as? String }, ["done: Buy milk", "add: Buy milk"])
        XCTAssertEqual(actions.map { $0["undoable"] as? Bool }, [true, true])
        XCTAssertEqual((actions[1]["files"] as? [[String: Any]])?.first?["change"] as? String, "created")
        XCTAssertEqual(doc["problems"] as? [String], [])

        let human = try runTodomd(["undo", "--list"], env: env, cwd: vault)
        XCTAssertTrue(human.stdout.contains("2026-11-24 10:00  done: Buy milk"), human.stdout)
        XCTAssertTrue(human.stdout.contains("\(path) (changed)"), human.stdout)

        let u1 = try runTodomd(["undo"], env: env, cwd: vault)
        XCTAssertEqual(u1.status, 0, u1.stderr)
        XCTAssertEqual(u1.stdout, "undone: done: Buy milk  (2026-11-24 10:00)\n  restored \(path)\n")
        let open = try runTodomd(["list", "all", "--json"], env: env, cwd: vault)
        XCTAssertTrue(open.stdout.contains("\"status\": \"todo\""), open.stdout)

        let u2 = try runTodomd(["undo", "--json"], env: env, cwd: vault)
        XCTAssertEqual(u2.status, 0, u2.stderr)
        let undone = try json(u2.stdout)
        XCTAssertEqual((undone["undone"] as? [String: Any])?["action"] as? String, "add")
        XCTAssertEqual((undone["trashed"] as? [[String: Any]])?.first?["trash_path"] as? String, ".trash/" + path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: vault + "/" + path))

        let after = try json(try runTodomd(["undo", "--list", "--json"], env: env, cwd: vault).stdout)
        XCTAssertEqual((after["actions"] as? [[String: Any]])?.map { $0["undone"] as? Bool }, [true, true], "undo records no action")
        let none = try runTodomd(["undo"], env: env, cwd: vault)
        XCTAssertEqual(none.stderr, "todomd: error: nothing to undo\n")
        XCTAssertNotEqual(none.status, 0)
    }

    func testUndoRefusesAFileChangedSinceAndNamesIt() throws {
        let (vault, env) = try makeVault()
        try "---\ntitle: \"Pay rent\"\nstatus: \"todo\"\ncreated: \"2026-11-01T10:00:00Z\"\nsource: \"user\"\n---\n"
            .write(toFile: vault + "/rent.md", atomically: true, encoding: .utf8)
        XCTAssertEqual(try runTodomd(["set", "rent", "priority=high"], env: env, cwd: vault).status, 0)
        let edited = try String(contentsOfFile: vault + "/rent.md", encoding: .utf8) + "Edited in vim.\n"
        try edited.write(toFile: vault + "/rent.md", atomically: true, encoding: .utf8)
        let r = try runTodomd(["undo"], env: env, cwd: vault)
        XCTAssertEqual(r.status, 4)
        XCTAssertTrue(r.stderr.hasPrefix("todomd: error: rent.md: "), r.stderr)
        XCTAssertTrue(r.stderr.contains("changed since"), r.stderr)
        XCTAssertEqual(try String(contentsOfFile: vault + "/rent.md", encoding: .utf8), edited)
    }
}
