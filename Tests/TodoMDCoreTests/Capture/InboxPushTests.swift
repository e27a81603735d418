import Foundation
@testable import TodoMDCore
import XCTest

/// Pushing the queue into the daily notes (issue 20 part 3): grouped by day, exactly as typed,
/// under the heading, in the note Obsidian's settings name (several formats), from the
/// template when missing, never clobbering a note saved meanwhile.
final class InboxPushTests: XCTestCase {
    private func vault(_ dir: TempDir, at local: String = "2026-11-27T10:00") -> Vault {
        Vault(root: dir.path, clock: clock(local, "America/New_York"))
    }

    private func push(_ dir: TempDir, _ beforeWrite: (@Sendable (String) -> Void)? = nil) -> InboxPush.Outcome {
        let v = vault(dir)
        var p = InboxPush(queue: InboxQueue(vault: v), daily: DailyNoteSettings.load(root: dir.path).0)
        p.beforeWrite = beforeWrite
        return p.push()
    }

    func testEntriesGoToTheirDaysNotesInTheVaultsFormat() throws {
        for (settings, today, tomorrow) in [
            (#"{}"#, "2026-11-27.md", "2026-11-28.md"),
            (#"{"folder": "Journal", "format": "YYYY/MM/YYYY-MM-DD dddd"}"#, "Journal/2026/11/2026-11-27 Friday.md", "Journal/2026/11/2026-11-28 Saturday.md"),
            (#"{"folder": "/Daily/", "format": "DD.MM.YYYY"}"#, "Daily/27.11.2026.md", "Daily/28.11.2026.md"),
            (#"{"format": "gggg-[W]ww-ddd"}"#, "2026-W48-Fri.md", "2026-W48-Sat.md"),
        ] {
            let dir = TempDir()
            dir.write(".obsidian/daily-notes.json", settings)
            let q = InboxQueue(vault: vault(dir))
            _ = try q.add("- [ ] buy milk", source: "cli")
            _ = try q.add("tomorrow's thought", targetDate: date("2026-11-28"), source: "cli")
            _ = try q.add("- [?] why", source: "cli")
            let out = push(dir)
            XCTAssertEqual(out.pushed.map(\.note), [today, tomorrow], settings)
            XCTAssertEqual(out.pushed.map(\.created), [true, true])
            XCTAssertEqual(dir.read(today), "- [ ] buy milk\n- [?] why\n", settings)
            XCTAssertEqual(dir.read(tomorrow), "tomorrow's thought\n")
            XCTAssertEqual(q.unsyncedCount(), 0)
            XCTAssertTrue(q.entries().entries.allSatisfy { $0.synced && $0.syncedAt != nil })
            XCTAssertTrue(push(dir).pushed.isEmpty, "nothing twice")
        }
    }

    func testTheHeadingTheTemplateAndTheSeparator() throws {
        let dir = TempDir()
        dir.write(".obsidian/daily-notes.json", #"{"folder": "Journal", "template": "Templates/Daily"}"#)
        dir.write("Templates/Daily.md", "# {{date:dddd, MMMM Do YYYY}}\n\n## Inbox\n\n## Log\n- {{time}} started\n")
        dir.write(".todomd.json", ###"{"daily_notes": {"heading": "## Inbox", "separator": "\n\n"}}"###)
        let q = InboxQueue(vault: vault(dir))
        _ = try q.add("first", source: "cli")
        _ = try q.add("second\nwith two lines", source: "cli")
        XCTAssertEqual(push(dir).pushed.first?.created, true)
        XCTAssertEqual(dir.read("Journal/2026-11-27.md"),
                       "# Friday, November 27th 2026\n\n## Inbox\nfirst\n\nsecond\nwith two lines\n\n## Log\n- 10:00 started\n")
        // A later push goes after what is there, in the same section, separated the same way.
        _ = try q.add("third", source: "cli")
        _ = push(dir)
        XCTAssertEqual(dir.read("Journal/2026-11-27.md"),
                       "# Friday, November 27th 2026\n\n## Inbox\nfirst\n\nsecond\nwith two lines\n\nthird\n\n## Log\n- 10:00 started\n")
    }

    func testANoteSavedDuringThePushIsReadAgainNotClobbered() throws {
        let dir = TempDir()
        dir.write("2026-11-27.md", "Morning pages\n")
        _ = try InboxQueue(vault: vault(dir)).add("captured", source: "cli")
        let saves = Counter()
        let out = push(dir) { path in
            // Obsidian saves the note once, between the push's read and its write.
            if saves.next() == 0 { dir.write(path, "Morning pages\nTyped in Obsidian just now\n") }
        }
        XCTAssertEqual(out.failed, [])
        XCTAssertEqual(dir.read("2026-11-27.md"), "Morning pages\nTyped in Obsidian just now\ncaptured\n")
    }

    func testANoteThatKeepsChangingKeepsTheEntriesQueued() throws {
        let dir = TempDir()
        dir.write("2026-11-27.md", "v0\n")
        let q = InboxQueue(vault: vault(dir))
        _ = try q.add("captured", source: "cli")
        let saves = Counter()
        let out = push(dir) { path in dir.write(path, "v\(saves.next() + 1)\n") }
        XCTAssertEqual(out.pushed, [])
        XCTAssertEqual(out.failed.first?.note, "2026-11-27.md")
        XCTAssertTrue(out.failed.first?.error.contains("kept changing") ?? false)
        XCTAssertEqual(dir.read("2026-11-27.md"), "v3\n", "Obsidian's last save stands")
        let e = q.entries().entries[0]
        XCTAssertFalse(e.synced)
        XCTAssertNotNil(e.error, "the reason is kept on the entry")
        // Once the note is quiet, the next push appends.
        XCTAssertEqual(push(dir).pushed.count, 1)
        XCTAssertEqual(dir.read("2026-11-27.md"), "v3\ncaptured\n")
        XCTAssertNil(q.entries().entries[0].error)
    }

    func testAMissingFolderIsMadeAndAFormatLeavingTheVaultRefused() throws {
        let dir = TempDir()
        dir.write(".obsidian/daily-notes.json", #"{"folder": "Notes/Daily/Deep"}"#)
        _ = try InboxQueue(vault: vault(dir)).add("x", source: "cli")
        XCTAssertEqual(push(dir).pushed.map(\.note), ["Notes/Daily/Deep/2026-11-27.md"])
        let bad = TempDir()
        bad.write(".todomd.json", #"{"daily_notes": {"format": "[../../etc/]YYYY"}}"#)
        let (settings, problems) = DailyNoteSettings.load(root: bad.path)
        XCTAssertEqual(settings.format, "YYYY-MM-DD", "the default instead")
        XCTAssertTrue(problems.joined().contains("daily_notes.format"), "\(problems)")
        // And the push itself never writes outside the vault, whatever the settings say.
        let weird = InboxPush(queue: InboxQueue(vault: vault(bad)), daily: DailyNoteSettings(folder: "..", format: "YYYY"))
        _ = try InboxQueue(vault: vault(bad)).add("x", source: "cli")
        XCTAssertEqual(weird.push().pushed.map(\.note), ["2026.md"], "a `..` in the folder is dropped")
    }

    func testActionsURIs() {
        let today = ActionsURI.append(vault: "My Vault", date: date("2026-11-27"), today: date("2026-11-27"), notePath: "Journal/2026-11-27.md",
                                      content: "- [b] [todo.md](https://x.y/?a=1&b=2)\nnext", heading: "## Inbox",
                                      success: "http://127.0.0.1:8080/api/inbox/callback?nonce=ab&result=success", failure: nil)
        XCTAssertEqual(today, "obsidian://actions-uri/daily-note/append?vault=My%20Vault"
            + "&content=-%20%5Bb%5D%20%5Btodo.md%5D%28https%3A%2F%2Fx.y%2F%3Fa%3D1%26b%3D2%29%0Anext"
            + "&below-headline=%23%23%20Inbox&ensure-newline=true&create-if-not-found=true&silent=true"
            + "&x-success=http%3A%2F%2F127.0.0.1%3A8080%2Fapi%2Finbox%2Fcallback%3Fnonce%3Dab%26result%3Dsuccess")
        let other = ActionsURI.append(vault: "v", date: date("2026-11-28"), today: date("2026-11-27"), notePath: "Journal/2026-11-28.md",
                                      content: "ü", heading: nil, success: nil, failure: "cb")
        XCTAssertEqual(other, "obsidian://actions-uri/note/append?vault=v&file=Journal%2F2026-11-28&content=%C3%BC"
            + "&ensure-newline=true&create-if-not-found=true&silent=true&x-error=cb")
    }
}

/// A thread-safe counter for hooks.
final class Counter: @unchecked Sendable {
    private var n = 0
    private let lock = NSLock()
    func next() -> Int { lock.lock(); defer { lock.unlock() }; n += 1; return n - 1 }
}
