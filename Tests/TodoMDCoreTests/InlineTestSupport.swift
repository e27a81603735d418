import XCTest
@testable import TodoMDCore

/// A compact, readable description of a parsed line for golden tables:
/// `status «title» kind=value… tags=a,b ^block dv problems=n`, or `nil` when not a task.
func inlineSummary(_ t: InlineTaskLine?) -> String {
    guard let t else { return "nil" }
    var parts = [t.status.rawValue, "«\(t.title)»"]
    for k in InlineFieldKind.allCases { if let v = t.value(k) { parts.append("\(k.rawValue)=\(v)") } }
    if !t.tags.isEmpty { parts.append("tags=" + t.tags.joined(separator: ",")) }
    if let b = t.blockId { parts.append("^" + b) }
    if t.format == .dataview { parts.append("dv") }
    if !t.problems.isEmpty { parts.append("problems=\(t.problems.count)") }
    return parts.joined(separator: " ")
}

func inlineDay(_ s: String) -> LocalDate { LocalDate(s)! }

/// Parses a line that must be a task.
func inlineLine(_ s: String, file: StaticString = #filePath, line: UInt = #line) -> InlineTaskLine {
    guard let t = InlineTaskLine.parse(s) else {
        XCTFail("not a task line: \(s)", file: file, line: line)
        return InlineTaskLine.parse("- [ ] placeholder")!
    }
    return t
}
