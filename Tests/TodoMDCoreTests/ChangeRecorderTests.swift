import Foundation
import XCTest
@testable import TodoMDCore
import TodoMDTestSupport

/// The seam undo is built on: the write primitives report every change with its bytes before
/// and after, to the recorder of the vault on the writing thread only.
final class ChangeRecorderTests: XCTestCase {
    func testEveryPrimitiveReportsItsChangeWithTheBytesBefore() throws {
        let dir = TempDir()
        dir.write("a.md", taskFile("Alpha"))
        dir.write("gone.md", "bye\n")
        let vault = Vault(root: dir.path, clock: clock("2026-11-24T09:00"))
        let rec = ChangeRecorder(root: dir.path)
        let (task, _) = try vault.readTask("a.md")
        try rec.observe {
            _ = try vault.update(task, [FieldChange(TaskKey.priority, .string("high"))])
            _ = try vault.create(TodoTask(path: "", title: "Beta"))
            _ = try Trash(vault: vault).delete("gone.md")
        }
        let changes = rec.changes
        XCTAssertEqual(changes.map(\.path), ["a.md", "20261124-0900-beta.md", "gone.md", ".trash/gone.md"])
        XCTAssertEqual(changes[0].before, Array(taskFile("Alpha").utf8))
        XCTAssertEqual(changes[0].after, dir.bytes("a.md"))
        XCTAssertNil(changes[1].before)
        XCTAssertEqual(changes[2].before, Array("bye\n".utf8))
        XCTAssertNil(changes[2].after)
        XCTAssertNil(changes[3].before)
        XCTAssertEqual(changes[3].after, Array("bye\n".utf8))
    }

    func testWritesOnOtherThreadsAndOutsideTheVaultAreNotRecorded() throws {
        let dir = TempDir(), other = TempDir()
        dir.write("a.md", taskFile("Alpha"))
        let vault = Vault(root: dir.path, clock: clock("2026-11-24T09:00"))
        let outside = Vault(root: other.path, clock: clock("2026-11-24T09:00"))
        let rec = ChangeRecorder(root: dir.path)
        try rec.observe {
            _ = try outside.create(TodoTask(path: "", title: "Elsewhere"))
            let t = Thread { _ = try? vault.create(TodoTask(path: "", title: "Other thread")) }
            let done = DispatchSemaphore(value: 0)
            let waiter = Thread { while !t.isFinished { usleep(1000) }; done.signal() }
            t.start(); waiter.start()
            done.wait()
        }
        XCTAssertEqual(rec.changes, [])
        XCTAssertEqual(dir.files().count, 2, "the other thread did write")
    }

    func testAFileWrittenBackToItsBytesDropsOut() throws {
        let dir = TempDir()
        let vault = Vault(root: dir.path, clock: clock("2026-11-24T09:00"))
        let rec = ChangeRecorder(root: dir.path)
        try rec.observe {
            let t = try vault.create(TodoTask(path: "", title: "Temp"))
            XCTAssertTrue(FileSystem.removeFile(vault.absolute(t.path)))
        }
        XCTAssertEqual(rec.changes, [])
    }
}
