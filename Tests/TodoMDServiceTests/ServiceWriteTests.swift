import Foundation
import XCTest
import TodoMDCore
import TodoMDService

/// Writes through the service: versions, merges, structured conflicts, own writes told to the
/// index, and many writers at once.
final class ServiceWriteTests: XCTestCase {
    func testAVersionIsTheFingerprintOfTheBytesAndChangesWithThem() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("Alpha"))
        let s = f.service()
        let read = try s.task("alpha")
        XCTAssertEqual(read.version, TaskVersion.of(fileBytes: f.vault.bytes("a.md")))
        let o = try s.set("a.md", assignments: ["priority=high"], expected: read.version)
        XCTAssertEqual(o.task.version, TaskVersion.of(fileBytes: f.vault.bytes("a.md")))
        XCTAssertNotEqual(o.task.version, read.version)
        XCTAssertEqual(o.task.task.priority, .high)
    }

    /// Another program changed one field; an edit of another field made against the old
    /// version merges, an edit of the same field is a structured conflict and writes nothing.
    func testStaleVersionMergesOtherFieldsAndRefusesTheSameField() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("Alpha", extra: "due: \"2026-12-01\"\n# a comment\nmood: calm\n", body: "Body.\n"))
        let s = f.service(longRunning: true)
        let v1 = try XCTUnwrap(try s.task("a.md").version)
        let theirs = f.vault.read("a.md").replacingOccurrences(of: "2026-12-01", with: "2026-12-24")
        f.vault.write("a.md", theirs)

        let merged = try s.set("a.md", fields: [("priority", .text("high"))], expected: v1)
        XCTAssertEqual(merged.task.task.due?.description, "2026-12-24", "their change stays")
        XCTAssertEqual(merged.task.task.priority, .high, "ours is applied")
        XCTAssertTrue(f.vault.read("a.md").contains("# a comment\nmood: calm\n"))
        XCTAssertTrue(f.vault.read("a.md").hasSuffix("---\nBody.\n"))

        let before = f.vault.bytes("a.md")
        XCTAssertThrowsError(try s.set("a.md", fields: [("due", .text("2026-12-02"))], expected: v1)) { e in
            guard case TodoError.editConflict(let c) = e else { return XCTFail("\(e)") }
            XCTAssertEqual(c.fields, [EditConflict.Field(key: "due", read: .string("2026-12-01"), onDisk: .string("2026-12-24"))])
            XCTAssertEqual(c.currentVersion, TaskVersion.of(fileBytes: before))
        }
        XCTAssertEqual(f.vault.bytes("a.md"), before, "a refused edit writes nothing")
    }

    func testAnUnknownVersionIsAConflictNotAGuess() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("Alpha"))
        let s = f.service()
        XCTAssertThrowsError(try s.flag("a.md", true, expected: "0123456789abcdef")) { e in
            guard case TodoError.editConflict(let c) = e else { return XCTFail("\(e)") }
            XCTAssertEqual(c.fields.map(\.key), ["flagged"])
            XCTAssertNil(c.fields[0].read)
        }
        XCTAssertFalse(f.vault.read("a.md").contains("flagged"))
    }

    /// A checkbox task's version is its line's: edits elsewhere in the note keep it current.
    func testACheckboxTaskVersionIgnoresOtherLines() throws {
        let f = ServiceFixture()
        f.vault.write("Notes/List.md", "# List\n\n- [ ] first 📅 2026-11-30\n- [ ] second\n")
        let s = f.service(longRunning: true)
        let t = try s.task("first")
        f.vault.write("Notes/List.md", "# List\n\nA paragraph added above.\n\n- [ ] first 📅 2026-11-30\n- [ ] second, edited\n")
        XCTAssertEqual(try s.task("first").version, t.version)
        let done = try s.complete(t.task.id, expected: t.version)
        XCTAssertEqual(done.task.task.status, .done)
        XCTAssertTrue(f.vault.read("Notes/List.md").contains("- [x] first 📅 2026-11-30 ✅ 2026-11-24\n"))
    }

    func testDeletingAChangedTaskOrACheckboxLineIsRefused() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("Alpha"))
        f.vault.write("n.md", "- [ ] a line\n")
        let s = f.service(longRunning: true)
        let v1 = try s.task("a.md").version
        f.vault.write("a.md", taskFile("Alpha renamed"))
        XCTAssertThrowsError(try s.delete("a.md", expected: v1)) { e in
            guard case TodoError.editConflict(let c) = e else { return XCTFail("\(e)") }
            XCTAssertEqual(c.fields.map(\.key), ["title"])
        }
        XCTAssertTrue(f.vault.exists("a.md"))
        XCTAssertThrowsError(try s.delete("a line")) { e in
            guard case TodoError.invalidArgument = e else { return XCTFail("\(e)") }
        }
        let d = try s.delete("a.md")
        XCTAssertEqual(d.trashPath, ".trash/a.md")
        XCTAssertEqual(try s.restore("a.md").path, "a.md")
    }

    /// A command refreshes the index once; its own writes reach the index at once, so a later
    /// read in the same command sees them without walking the vault again.
    func testOwnWritesReachTheIndexAtOnce() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("Alpha", extra: "due: \"2026-11-24\"\n"))
        let s = f.service()
        XCTAssertEqual(try s.view("today").taskKeys, ["a.md"])
        f.vault.write("b.md", taskFile("Written by another program", extra: "due: \"2026-11-24\"\n"))
        let added = try s.add(TaskDraft(text: "Ours today"))
        XCTAssertEqual(try s.view("today").taskKeys.sorted(), ["a.md", added.task.task.path].sorted(),
                       "ours is there without a walk; theirs waits for the next refresh")
    }

    /// Many threads editing one task, each its own key, and many adding tasks: nothing is lost.
    func testConcurrentWritersLoseNothing() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("Shared"))
        let s = f.service(longRunning: true)
        let errors = ErrorList()
        DispatchQueue.concurrentPerform(iterations: 24) { i in
            do {
                if i % 2 == 0 {
                    let v = try s.task("a.md").version
                    _ = try s.set("a.md", fields: [("key\(i)", .integer(i))], expected: v)
                } else {
                    _ = try s.add(TaskDraft(text: "Task \(i) tomorrow"))
                }
            } catch { errors.append("\(i): \(error)") }
        }
        XCTAssertEqual(errors.all, [])
        let text = f.vault.read("a.md")
        for i in stride(from: 0, to: 24, by: 2) { XCTAssertTrue(text.contains("key\(i): \(i)\n"), "key\(i) lost") }
        XCTAssertEqual(try s.view("all").taskKeys.count, 13)
    }
}

/// Errors collected from many threads.
final class ErrorList: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ s: String) { lock.withLock { items.append(s) } }
    var all: [String] { lock.withLock { items } }
}

extension ViewPage {
    /// The keys of the tasks a built-in view shows, in order.
    var taskKeys: [String] {
        if case .builtIn(let r) = content { return r.tasks.map(\.key) }
        return []
    }
}
