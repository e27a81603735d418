// Fuzzes the perspectives query syntax (QueryText) and the `.perspectives.json` reader.
//
// The input is read both ways: as a text query, and as the bytes of a `.perspectives.json`.
//
// Invariants:
//  query-roundtrip        a query that parses prints to text that parses back to the same
//                         (normalized) tree, and printing that gives the same text
//  query-error-column     a parse error's column (in Unicode scalars) is within the query or just after it
//  perspective-roundtrip  each perspective the file reader accepts, written in the file format
//                         and read back, is the same perspective
//  perspective-write      adding a perspective to a readable file writes a file that reads
//                         back with it and with every perspective it had
import Foundation
import FuzzSupport
@testable import TodoMDCore

private let clock = Clock(now: Date(timeIntervalSince1970: 1_767_691_800), timeZone: TimeZone(identifier: "UTC")!)
/// A few tasks to evaluate trees on (made per input: a global's lazily made storage reads as a
/// leak to LeakSanitizer).
private func sampleTasks() -> [TodoTask] { (0..<8).map { i in
    var t = TodoTask(path: i % 2 == 0 ? "Work/t\(i).md" : "t\(i).md", title: "Task \(i) milk")
    t.due = LocalDateTime(date: clock.today.adding(days: i - 4), time: i == 3 ? LocalTime(hour: 9, minute: 0) : nil)
    t.tags = i % 3 == 0 ? ["work/backend"] : []
    t.area = i % 2 == 0 ? "Work" : nil
    t.extra = [("mood", .string(i % 2 == 0 ? "great" : "10"))]
    t.line = i == 5 ? 3 : nil
    return t
} }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput(data, size).bytes
    let text = String(decoding: bytes, as: UTF8.self)
    do {
        let tree = try QueryText.parse(text)
        let printed = QueryText.print(tree)
        let ctx = "query \(lit(text))\nprinted \(lit(printed))"
        do {
            let back = try QueryText.parse(printed)
            fuzzCheck("query-roundtrip", back == tree.normalized, "the printed query reads back as another tree\n\(back)\n\(tree.normalized)\n\(ctx)")
            fuzzCheck("query-roundtrip", QueryText.print(back) == printed, "printing again gives \(lit(QueryText.print(back)))\n\(ctx)")
        } catch {
            fuzzFail("query-roundtrip", "the printed query does not parse: \(error)\n\(ctx)")
        }
        if let test = try? QueryEvaluator.compile(tree, context: QueryContext(clock: clock), as: TodoTask.self) { _ = sampleTasks().map(test) }
    } catch let e as QueryTextError {
        fuzzCheck("query-error-column", e.column >= 1 && e.column <= text.unicodeScalars.count + 1, "column \(e.column) of \(text.unicodeScalars.count) scalars\nquery \(lit(text))")
    } catch {
        fuzzFail("query-error-column", "parse threw \(error)\nquery \(lit(text))")
    }

    let file = PerspectivesFile.read(bytes)
    for p in file.perspectives {
        let json = JSONText.pretty(PerspectiveJSON.json(p))
        do {
            // Known keys are written in their canonical form; unknown ones as they were.
            func canonical(_ x: Perspective) -> Perspective {
                var x = x
                x.raw = x.raw.filter { !PerspectiveJSON.knownKeys.contains($0.0) }
                return x
            }
            let back = try PerspectiveJSON.perspective(try JSONText.parse(Array(json.utf8)), path: "")
            fuzzCheck("perspective-roundtrip", canonical(back) == canonical(p), "\(p.id) reads back otherwise from \(lit(json))")
        } catch {
            fuzzFail("perspective-roundtrip", "\(p.id) written as \(lit(json)) does not read: \(error)")
        }
    }
    if (try? PerspectivesFile.entries(bytes)) != nil, bytes.count < 100_000 {
        do {
            let written = try PerspectivesFile.applied(.add(Perspective(id: "fuzz-new-\(UInt32.max)", name: "New")), to: bytes)
            let again = PerspectivesFile.read(written)
            fuzzCheck("perspective-write", again.find("fuzz-new-\(UInt32.max)") != nil
                        && file.perspectives.allSatisfy { p in again.perspectives.contains { $0 == p } },
                      "after an add: \(again.perspectives.map(\.id)) problems \(again.problems)\nfile \(lit(text))")
        } catch TodoError.conflict {
            // The id was there already.
        } catch {
            fuzzFail("perspective-write", "add threw \(error)\nfile \(lit(text))")
        }
    }
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzz) } }
