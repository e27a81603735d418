import Foundation
import TodoMDCore
import TodoMDService
import XCTest

/// The two-device simulation (issue 16, spec 003 §9): two copies of a vault, each with its own
/// cache (index, version history), random edits on both (through todomd and by "an editor"),
/// then a simulated sync engine that copies what changed on one side and, for a file changed on
/// both, leaves the other device's version beside the original under an engine's conflict name.
/// After every sync: no field edit is lost (each is in the merged file or in an open conflict)
/// and no task shows twice.
final class TwoDeviceSyncTests: XCTestCase {
    /// A device: its vault and cache, and a fresh service per "command".
    struct Device {
        let fixture = ServiceFixture(at: "2026-11-25T09:00")
        var root: String { fixture.vault.path }
        func service() -> TodoService { fixture.service() }
    }

    static let fields: [(key: String, values: [String])] = [
        ("priority", ["low", "medium", "high"]),
        ("due", ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"]),
        ("area", ["Work", "Home", "Garden"]),
        ("project", ["Launch", "Move", "Taxes"]),
    ]

    func testRandomEditsOnTwoDevicesMergeWithoutLosingAnEdit() throws {
        var rng = SeededGenerator(seed: UInt64(ProcessInfo.processInfo.environment["TODOMD_SYNC_SEED"] ?? "") ?? 0x16)
        let a = Device(), b = Device()
        let names = (0..<10).map { String(format: "task-%02d.md", $0) }
        for (i, name) in names.enumerated() {
            let text = "---\ntitle: \"Task \(i)\"\nstatus: \"todo\"\ncreated: \"2026-11-20T09:00:00Z\"\nmodified: \"2026-11-20T09:00:00Z\"\n---\nNotes.\n"
            a.fixture.vault.write(name, text)
            b.fixture.vault.write(name, text)
        }
        _ = a.service().doctor()
        _ = b.service().doctor()
        var synced = Dictionary(uniqueKeysWithValues: names.map { ($0, a.fixture.vault.bytes($0)) })
        let engines = ["sync-conflict", "dropbox", "nextcloud", "icloud", "gdrive", "onedrive"]
        var conflictsSeen = 0, mergedClean = 0

        for round in 0..<8 {
            for d in [a, b] { d.fixture.clock.set(clock("2026-11-25T\(String(format: "%02d", 10 + round)):00")) }
            // Edits on both devices: through todomd, or by hand (an editor rewriting a line).
            var edits: [String: [String: [String]]] = [:]   // file -> field -> values set (by either device)
            for (n, d) in [a, b].enumerated() {
                for _ in 0..<4 {
                    let name = rng.pick(names)
                    let (key, values) = rng.pick(Self.fields)
                    let value = rng.pick(values)
                    if rng.chance(0.6) {
                        _ = try d.service().set(name, assignments: ["\(key)=\(value)"])
                    } else {
                        let doc = try XCTUnwrap(FrontmatterDocument(bytes: d.fixture.vault.bytes(name)))
                        d.fixture.vault.write(name, FrontmatterEditor.apply([(key, .string(value))], to: doc))
                    }
                    edits[name, default: [:]][key, default: []].append(value)
                }
                // A body line: device A appends, device B inserts at the top (both merge).
                let name = rng.pick(names)
                let line = "line from \(n == 0 ? "A" : "B") in round \(round)"
                let doc = try XCTUnwrap(FrontmatterDocument(bytes: d.fixture.vault.bytes(name)))
                var bytes = Array(doc.bytes[..<doc.bodyStart])
                bytes += n == 0 ? Array(doc.body) + Array("\(line)\n".utf8) : Array("\(line)\n".utf8) + Array(doc.body)
                d.fixture.vault.write(name, bytes)
                edits[name, default: [:]]["body", default: []].append(line)
                _ = d.service().doctor()   // the device's todomd sees its editor's changes
            }
            // The last value each device set per field is the edit that must survive.
            var lastA: [String: [String: String]] = [:], lastB: [String: [String: String]] = [:]
            for name in names {
                let fa = FileFields(a.fixture.vault.bytes(name)), fb = FileFields(b.fixture.vault.bytes(name)), fs = FileFields(synced[name]!)
                for (key, _) in Self.fields {
                    if fa.valueText(key) != fs.valueText(key), let v = fa.valueText(key) { lastA[name, default: [:]][key] = Self.unquoted(v) }
                    if fb.valueText(key) != fs.valueText(key), let v = fb.valueText(key) { lastB[name, default: [:]][key] = Self.unquoted(v) }
                }
            }
            // Sync: one side changed → copied over; both → the other device's version as a copy on A.
            for (i, name) in names.enumerated() {
                let va = a.fixture.vault.bytes(name), vb = b.fixture.vault.bytes(name), vs = synced[name]!
                if va == vb { continue }
                if vb == vs {
                    b.fixture.vault.write(name, va)
                } else if va == vs {
                    a.fixture.vault.write(name, vb)
                } else {
                    a.fixture.vault.write(Self.copyName(name, engine: engines[(round + i) % engines.count]), vb)
                }
            }
            // Device A's todomd settles the copies.
            let service = a.service()
            let tasks = try service.view("all").tasks
            XCTAssertEqual(tasks.count, names.count, "round \(round): a copy showed as a task: \(tasks.map(\.path))")
            XCTAssertEqual(Set(tasks.map(\.path)), Set(names))
            let open = service.conflicts()
            conflictsSeen += open.count
            mergedClean += open.isEmpty ? 1 : 0
            // The user settles what is open (either side); the copy's other changes merge then.
            var conflicting: [String: Set<String>] = [:]
            for (k, c) in open.enumerated() {
                conflicting[c.copy.original, default: []].formUnion(c.conflicts.map(\.key))
                _ = try a.service().resolveConflict(c.copy.original, take: k % 2 == 0 ? "mine" : "theirs", fields: [])
            }
            XCTAssertTrue(a.service().conflicts().isEmpty)
            // No edit lost: each field edit is in the merged file, unless both devices changed
            // that field differently (a conflict the user settled); every body line is kept
            // unless the bodies conflicted.
            for name in names {
                let merged = FileFields(a.fixture.vault.bytes(name))
                let settled = conflicting[name] ?? []
                for (key, value) in (lastA[name] ?? [:]).merging(lastB[name] ?? [:], uniquingKeysWith: { x, _ in x }) {
                    let fromA = lastA[name]?[key], fromB = lastB[name]?[key]
                    let now = merged.valueText(key).map(Self.unquoted)
                    // A field in conflict holds what the user chose. (Without knowing which
                    // versions the other device got, the merge errs towards asking.)
                    if settled.contains(key) { continue }
                    XCTAssertTrue(now == fromA || now == fromB, "round \(round) \(name) \(key): \(now ?? "nil"), edits A \(fromA ?? "-") B \(fromB ?? "-") (\(value))")
                    if let fromA, let fromB, fromA != fromB {
                        XCTAssertTrue(settled.contains(key), "round \(round) \(name) \(key): both edited differently, yet no conflict")
                    }
                }
                for line in edits[name]?["body"] ?? [] where !settled.contains("body") {
                    XCTAssertTrue(String(decoding: merged.body, as: UTF8.self).contains(line), "round \(round) \(name): body line lost: \(line)")
                }
            }
            for name in names {
                let bytes = a.fixture.vault.bytes(name)
                if b.fixture.vault.bytes(name) != bytes { b.fixture.vault.write(name, bytes) }
                synced[name] = bytes
            }
            _ = b.service().doctor()
            let leftovers = a.fixture.vault.files().filter { !$0.hasPrefix(".") && !names.contains($0) && $0.hasSuffix(".md") }
            XCTAssertEqual(leftovers, [], "round \(round): copies left in the vault")
        }
        XCTAssertGreaterThan(conflictsSeen, 0, "the simulation should produce real conflicts")
        XCTAssertGreaterThan(mergedClean, 0)
    }

    /// `name` as `engine` names a conflict copy.
    static func copyName(_ name: String, engine: String) -> String {
        let stem = String(name.dropLast(3))
        switch engine {
        case "sync-conflict": return stem + ".sync-conflict-20261125-101010-ABCDEFG.md"
        case "dropbox": return stem + " (Anna's conflicted copy 2026-11-25).md"
        case "nextcloud": return stem + " (conflicted copy 2026-11-25 101010).md"
        case "icloud": return stem + " 2.md"
        case "gdrive": return stem + " (1).md"
        default: return stem + "-LAPTOP.md"
        }
    }

    static func unquoted(_ s: String) -> String {
        s.count >= 2 && s.hasPrefix("\"") && s.hasSuffix("\"") ? String(s.dropFirst().dropLast()) : s
    }
}

/// A copy of a file the history never saw (both arrive together): nothing is dropped.
final class CopyWithoutHistoryTests: XCTestCase {
    func testEveryDifferenceWaitsForTheUser() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("Here", extra: "due: \"2026-12-01\"\n", body: "Mine.\n"))
        f.vault.write("a.sync-conflict-20261124-101010-ABCDEFG.md", taskFile("There", extra: "due: \"2026-12-02\"\n", body: "Theirs.\n"))
        let s = f.service()
        XCTAssertEqual(try s.view("all").tasks.map(\.title), ["Here"])
        let c = try XCTUnwrap(s.conflicts().first)
        XCTAssertFalse(c.hasBase)
        XCTAssertEqual(c.conflicts.map(\.key), ["title", "due", "body"])
        XCTAssertTrue(f.vault.exists("a.sync-conflict-20261124-101010-ABCDEFG.md"), "the copy stays until the user decides")
        _ = try s.resolveConflict("a.sync-conflict-20261124-101010-ABCDEFG.md", take: nil, fields: [("title", "theirs"), ("due", "mine"), ("body", "theirs")])
        XCTAssertEqual(f.vault.read("a.md"), taskFile("There", extra: "due: \"2026-12-01\"\n", body: "Theirs.\n"))
    }
}
