import Foundation
import XCTest
@testable import TodoMDCore

/// A temp folder deleted when the test ends.
final class TempDir {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "todomd-test-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ rel: String, _ text: String) { write(rel, Array(text.utf8)) }

    func write(_ rel: String, _ bytes: [UInt8]) {
        let full = path + "/" + rel
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: full, contents: Data(bytes))
    }

    func read(_ rel: String) -> String { String(decoding: bytes(rel), as: UTF8.self) }
    func bytes(_ rel: String) -> [UInt8] { Array(FileManager.default.contents(atPath: path + "/" + rel) ?? Data()) }
    func exists(_ rel: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + rel) }
}

/// A clock at a local wall time in a zone: `clock("2026-11-22T10:00", "Europe/Berlin")`.
func clock(_ local: String, _ zone: String = "UTC") -> Clock {
    let tz = TimeZone(identifier: zone)!
    return Clock(now: Timestamp.parse(local, zone: tz)!, timeZone: tz)
}

func date(_ s: String) -> LocalDate { LocalDate(s)! }
func ldt(_ s: String) -> LocalDateTime { LocalDateTime(s)! }

/// Reads one file with the Markdown format.
func readTask(_ text: String, path: String = "t.md") -> ReadOutcome {
    MarkdownTaskFormat().read(path: path, bytes: Array(text.utf8), zone: TimeZone(identifier: "UTC")!)
}

func task(_ text: String, path: String = "t.md", file: StaticString = #filePath, line: UInt = #line) -> TodoTask {
    guard case .task(let t) = readTask(text, path: path) else {
        XCTFail("not read as a task", file: file, line: line)
        return TodoTask(path: path, title: "")
    }
    return t
}
