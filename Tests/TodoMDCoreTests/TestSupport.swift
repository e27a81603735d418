import Foundation
import XCTest
@testable import TodoMDCore
@_exported import TodoMDTestSupport

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
