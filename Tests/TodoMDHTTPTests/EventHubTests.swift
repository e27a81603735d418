import Foundation
import XCTest
import TodoMDCore
@testable import TodoMDHTTP

/// Live events: numbered, replayed from `Last-Event-ID`, `reload` when that cannot be done.
final class EventHubTests: XCTestCase {
    private func change(_ title: String) -> WatchChange { .added(TodoTask(path: "\(title).md", title: title), version: nil) }

    private func collect(_ stream: AsyncStream<[UInt8]>, _ n: Int) async -> [String] {
        var out: [String] = []
        for await chunk in stream {
            out.append(String(decoding: chunk, as: UTF8.self))
            if out.count == n { break }
        }
        return out
    }

    func testSubscribersGetEveryEventAndReconnectsGetWhatTheyMissed() async {
        let hub = EventHub(capacity: 3)
        let today = LocalDate(year: 2026, month: 11, day: 24)!
        let live = hub.subscribe(lastEventID: nil)
        hub.publish([change("a"), change("b")], today: today)
        let got = await collect(live.stream, 2)
        XCTAssertTrue(got[0].hasPrefix("id: \(hub.epoch)-1\nevent: added\ndata: {\"schema_version\":1,\"event\":\"added\",\"task\":{\"path\":\"a.md\""), got[0])
        XCTAssertTrue(got[1].hasSuffix("}\n\n"))

        hub.publish([change("c"), change("d")], today: today)
        let resumed = hub.subscribe(lastEventID: "\(hub.epoch)-2")
        let missed = await collect(resumed.stream, 2)
        XCTAssertTrue(missed[0].contains("\"path\":\"c.md\"") && missed[1].contains("\"path\":\"d.md\""), "\(missed)")

        // The ring (capacity 3) holds events 2–4: a client that saw 1 gets them all; one that saw
        // none of this run's events misses event 1, and must reload.
        let all = await collect(hub.subscribe(lastEventID: "\(hub.epoch)-1").stream, 3)
        XCTAssertEqual(all.count, 3)
        let tooOld = hub.subscribe(lastEventID: "\(hub.epoch)-0")
        let reload = await collect(tooOld.stream, 1)
        XCTAssertTrue(reload[0].contains("event: reload"))
        let otherRun = hub.subscribe(lastEventID: "zzz-4")
        let reloadToo = await collect(otherRun.stream, 1)
        XCTAssertTrue(reloadToo[0].contains("event: reload"))
        let current = hub.subscribe(lastEventID: "\(hub.epoch)-4")
        hub.publish([change("e")], today: today)
        let fresh = await collect(current.stream, 1)
        XCTAssertTrue(fresh[0].contains("\"path\":\"e.md\""), "nothing missed: only new events")

        hub.close()
        var ended = true
        for await _ in current.stream { ended = false }
        XCTAssertTrue(ended)
    }
}
