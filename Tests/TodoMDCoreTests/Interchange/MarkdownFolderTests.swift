import Foundation
import TodoMDCore
import TodoMDTestSupport
import XCTest

/// A folder of Markdown files (spec 000): frontmatter mapped with unknown keys kept, files
/// without one titled by their name, checkbox notes copied as notes, hidden folders skipped.
final class MarkdownFolderTests: XCTestCase {
    func testFolder() throws {
        let d = TempDir()
        d.write("Projects/launch plan.md", "---\ntitle: Launch plan\ndue: 2026-12-01\ntags: [work]\naliases: [LP]\nsource: obsidian-tasks\n---\nThe body\n")
        d.write("Ideas/Write a novel.md", "Chapter one starts in Lisbon.\n")
        d.write("Daily/2026-11-27.md", "# Today\n- [ ] Call Ana 📅 2026-11-28\n- [x] Water plants\n")
        d.write("Notes/meeting.md", "---\ntags: [meeting]\n---\nAgenda\n")
        d.write(".obsidian/workspace.md", "not a note")
        d.write("image.png", "x")
        let b = try MarkdownFolder().read(ImportInput(folder: d.path), options: ImportOptions(clock: Fixture.clock))
        XCTAssertEqual(b.tasks.map(\.id).sorted(), ["Ideas/Write a novel.md", "Notes/meeting.md", "Projects/launch plan.md"])
        let plan = try XCTUnwrap(Fixture.task(b, "Launch plan"))
        XCTAssertEqual(plan.task.due, LocalDateTime("2026-12-01"))
        XCTAssertEqual(plan.task.tags, ["work"])
        XCTAssertEqual(plan.task.extra.first { $0.0 == "aliases" }?.1, .array([.string("LP")]), "unknown keys kept as they are")
        XCTAssertEqual(plan.task.extra.first { $0.0 == "markdown_source" }?.1, .string("obsidian-tasks"))
        XCTAssertEqual(plan.task.body.trimmed, "The body")
        let novel = try XCTUnwrap(Fixture.task(b, "Write a novel"))
        XCTAssertEqual(novel.task.body, "Chapter one starts in Lisbon.")
        XCTAssertEqual(Fixture.task(b, "meeting")?.task.tags, ["meeting"])
        XCTAssertEqual(b.notes.map(\.path), ["Daily/2026-11-27.md"])
        XCTAssertEqual(b.notes.first?.bytes, d.bytes("Daily/2026-11-27.md"), "copied byte for byte")
        XCTAssertThrowsError(try MarkdownFolder().read(ImportInput(text: "x", name: "x.md"), options: ImportOptions(clock: Fixture.clock)))
    }
}
