import Foundation
import XCTest
import TodoMDCore
@testable import TodoMDIndex

/// Round trip of every field, and corrupt blobs that throw instead of crashing.
final class TaskCodecTests: XCTestCase {
    func corpus() -> [TodoTask] {
        let f = Fixture()
        VaultFuzz.fill(f.dir, seed: 11, n: 120)
        f.dir.write("odd.md", taskFile("Ünïcödé ✓ 🚀 \"quoted\"", extra: "nested:\n  deep: {list: [1, -2, 3.25e10, \"s\", [true, null]]}\nneg: -42\n"))
        return f.vault.load().tasks
    }

    func testRoundTripsEveryField() throws {
        let tasks = corpus()
        XCTAssertGreaterThan(tasks.count, 100)
        XCTAssertTrue(tasks.contains { $0.line != nil }, "checkbox tasks in the corpus")
        XCTAssertTrue(tasks.contains { !$0.extra.isEmpty }, "unknown keys in the corpus")
        XCTAssertTrue(tasks.contains { $0.readOnly }, "unreadable files in the corpus")
        for t in tasks {
            let back = try TaskCodec.decode(TaskCodec.encode(t))
            XCTAssertEqual(back, t)
            XCTAssertEqual(back.sourceLine, t.sourceLine)
        }
    }

    func testEveryTruncationAndBitFlipThrowsOrDecodes() {
        var r = SplitMix(seed: 5)
        for t in corpus().prefix(40) {
            let bytes = TaskCodec.encode(t)
            for cut in 0..<bytes.count { XCTAssertThrowsError(try TaskCodec.decode(Array(bytes.prefix(cut)))) }
            for _ in 0..<50 {
                var b = bytes
                b[r.int(b.count)] ^= UInt8(1 << r.int(8))
                _ = try? TaskCodec.decode(b)  // must not crash or hang
            }
        }
    }

    /// A value deeper than the readers allow (from any source) is cut off when written, so the
    /// codec never stores a row it cannot read back.
    func testValuesDeeperThanTheLimitAreCutOffNotStoredUnreadable() throws {
        var deep = JSONValue.int(1)
        for _ in 0..<200 { deep = .array([deep]) }
        var t = TodoTask(path: "deep.md", title: "Deep")
        t.extra = [("p", deep), ("q", .string("kept"))]
        let back = try TaskCodec.decode(TaskCodec.encode(t))
        XCTAssertEqual(back.extra.count, 2)
        XCTAssertEqual(back.extra[1].1, .string("kept"))
        var depth = 0
        var v = back.extra[0].1
        while case .array(let a) = v, let first = a.first { depth += 1; v = first }
        XCTAssertEqual(depth, Limits.yamlDepth)
        XCTAssertEqual(v, .null)
    }
}

/// Lengths that do not fit the blob (above Int.max, or overflowing the offset) trapped.
final class TaskCodecLengthTests: XCTestCase {
    func testHugeLengthsThrowNotTrap() {
        for bytes: [UInt8] in [[0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01],
                               [0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]] {
            XCTAssertThrowsError(try Array(bytes.dropFirst()).withUnsafeBytes { raw in
                var r = ByteReader(raw)
                return try r.string()
            })
        }
    }
}
