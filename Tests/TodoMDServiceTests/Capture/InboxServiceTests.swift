import Foundation
import TodoMDCore
@testable import TodoMDService
import XCTest

/// The capture inbox through the service (issue 20): the Actions URI round trip (a nonce per
/// day, success marks synced, an error keeps the entries queued with the message) and turning
/// an entry into a task or a typed item.
final class InboxServiceTests: XCTestCase {
    func testActionsURIPushAndItsCallbacks() throws {
        let f = ServiceFixture(at: "2026-11-27T10:00")
        f.vault.write(".todomd.json", #"{"inbox_push": "uri", "obsidian_vault": "Second Brain"}"#)
        let s = f.service(longRunning: true)
        _ = try s.captureToInbox("today one", source: "web")
        _ = try s.captureToInbox("tomorrow one", targetDate: "tomorrow", source: "web")
        XCTAssertEqual(try s.inbox().pushMode, .uri)
        let uris = try s.inboxPushURIs(callback: "http://127.0.0.1:8080")
        XCTAssertEqual(uris.map(\.date.description), ["2026-11-27", "2026-11-28"])
        XCTAssertTrue(uris[0].uri.hasPrefix("obsidian://actions-uri/daily-note/append?vault=Second%20Brain&content=today%20one"), uris[0].uri)
        XCTAssertTrue(uris[1].uri.hasPrefix("obsidian://actions-uri/note/append?vault=Second%20Brain&file=2026-11-28&"), uris[1].uri)
        func nonce(_ uri: String) -> String {
            let callback = URLComponents(string: uri)!.queryItems!.first { $0.name == "x-success" }!.value!
            return URLComponents(string: callback)!.queryItems!.first { $0.name == "nonce" }!.value!
        }
        XCTAssertEqual(try s.inboxCallback(nonce: nonce(uris[0].uri), success: true, message: nil), uris[0].entries)
        XCTAssertEqual(try s.inboxCallback(nonce: nonce(uris[1].uri), success: false, message: "Vault not found"), uris[1].entries)
        let page = try s.inbox(all: true)
        XCTAssertEqual(page.unsynced, 1)
        XCTAssertEqual(page.entries.map(\.synced), [true, false])
        XCTAssertEqual(page.entries[1].error, "Vault not found")
        XCTAssertThrowsError(try s.inboxCallback(nonce: nonce(uris[0].uri), success: true, message: nil), "a nonce is used once")
        XCTAssertFalse(f.vault.exists("2026-11-27.md"), "a URI push writes nothing itself")
    }

    func testAnEntryBecomesATaskOrATypedItem() throws {
        let f = ServiceFixture(at: "2026-11-27T10:00")
        let s = f.service()
        let e = try s.captureToInbox("- [ ] Call Ana tomorrow #family\nabout the trip\n", source: "cli").entry
        guard case .task(let made) = try s.convertInboxEntry(e.id) else { return XCTFail("not a task") }
        XCTAssertEqual(made.task.task.title, "Call Ana")
        XCTAssertEqual(made.task.task.due, LocalDateTime("2026-11-28"))
        XCTAssertEqual(made.task.task.tags, ["family"])
        XCTAssertEqual(made.task.task.body.trimmingCharacters(in: .whitespacesAndNewlines), "about the trip")
        XCTAssertEqual(try s.inbox().entries.count, 0, "the entry left the queue")
        let book = try s.captureToInbox("The Martian by Andy Weir ISBN 978-0-8041-3902-1", source: "cli").entry
        guard case .item(let item) = try s.convertInboxEntry(book.id, asItem: true) else { return XCTFail("not an item") }
        XCTAssertEqual(item.type.key, "book")
        XCTAssertNotNil(item.saved)
    }

    func testPushWritesThroughTheServiceAndCountsWhatIsLeft() throws {
        let f = ServiceFixture(at: "2026-11-27T10:00")
        f.vault.write(".obsidian/daily-notes.json", #"{"folder": "Journal"}"#)
        let s = f.service()
        _ = try s.captureToInbox("- [ ] pick up parcel", source: "cli")
        XCTAssertEqual(s.inboxUnsyncedCount(), 1)
        let r = try s.pushInbox()
        XCTAssertEqual(r.outcome.pushed.map(\.note), ["Journal/2026-11-27.md"])
        XCTAssertEqual(r.unsynced, 0)
        // The daily note's checkbox line is now a task like any other.
        XCTAssertEqual(try s.view("all").tasks.map(\.title), ["pick up parcel"])
    }
}
