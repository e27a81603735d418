import Foundation
import XCTest
import TodoMDCore
@testable import TodoMDIndex

final class SearchTests: XCTestCase {
    func fixture() throws -> (Fixture, TaskIndex) {
        let f = Fixture()
        f.dir.write("a.md", taskFile("Quarterly budget review", extra: "tags: [finance]\ndue: 2026-11-24\n"))
        f.dir.write("b.md", taskFile("Call the plumber", body: "\nAsk about the budget for the bathroom.\n"))
        f.dir.write("c.md", taskFile("Budgeting app research", extra: "description: \"compare apps\"\n"))
        f.dir.write("d.md", taskFile("Email bob@example.com about C# course", status: "done"))
        f.dir.write("Notes/home.md", "# Home\n- [ ] Fix the garden gate #home\n- [x] Buy budget paint\n")
        let index = try f.index()
        try index.refresh()
        return (f, index)
    }

    func titles(_ hits: [SearchHit]) -> [String] { hits.map(\.task.title) }

    func testWordsRankTitleFirstWithSnippets() throws {
        let (_, index) = try fixture()
        let hits = try index.search("budget")
        XCTAssertEqual(titles(hits), ["Quarterly budget review", "Call the plumber", "Buy budget paint"],
                       "a title match outranks a body match; done tasks come after open ones")
        XCTAssertEqual(Set(titles(hits)), ["Quarterly budget review", "Call the plumber", "Buy budget paint"])
        XCTAssertTrue(hits.first { $0.task.title == "Call the plumber" }!.snippet.contains("**budget**"))
    }

    func testPrefixPhraseAndOperators() throws {
        let (_, index) = try fixture()
        XCTAssertEqual(Set(titles(try index.search("budg*"))), ["Quarterly budget review", "Call the plumber", "Buy budget paint", "Budgeting app research"])
        XCTAssertEqual(titles(try index.search("\"budget review\"")), ["Quarterly budget review"])
        XCTAssertEqual(titles(try index.search("\"review budget\"")), [])
        XCTAssertEqual(Set(titles(try index.search("plumber OR gate"))), ["Call the plumber", "Fix the garden gate #home"])
        XCTAssertEqual(Set(titles(try index.search("budget NOT paint"))), ["Quarterly budget review", "Call the plumber"])
        XCTAssertEqual(titles(try index.search("finance")), ["Quarterly budget review"], "tags are searched")
        XCTAssertEqual(titles(try index.search("compare")), ["Budgeting app research"], "descriptions are searched")
    }

    func testOddInputIsTextNotSyntax() throws {
        let (_, index) = try fixture()
        XCTAssertEqual(titles(try index.search("bob@example.com")), ["Email bob@example.com about C# course"])
        XCTAssertEqual(titles(try index.search("C#")), ["Email bob@example.com about C# course"])
        for q in ["\"", "*", "OR", "NOT budget", "a AND", "(((", "title:x", "\"unterminated phrase", "-", "^"] {
            XCTAssertNoThrow(try index.search(q), q)
        }
    }

    func testViewsAndFiltersNarrowHits() throws {
        let (_, index) = try fixture()
        let engine = ViewEngine(clock: testClock)
        XCTAssertEqual(titles(try index.search("budget", view: .today, filter: TaskFilter(), engine: engine)), ["Quarterly budget review"])
        XCTAssertEqual(titles(try index.search("budget", view: .logbook, filter: TaskFilter(), engine: engine)), ["Buy budget paint"])
        XCTAssertEqual(titles(try index.search("budget", view: nil, filter: TaskFilter(tags: ["finance"]), engine: engine)), ["Quarterly budget review"])
    }

    func testEditsAreSearchableAfterRefresh() throws {
        let (f, index) = try fixture()
        XCTAssertEqual(try index.search("budget").count, 3)
        f.dir.write("b.md", taskFile("Call the plumber", body: "\nAsk about the tiles.\n"))
        f.dir.remove("a.md")
        f.dir.write("e.md", taskFile("Budget meeting"))
        try index.refresh()
        XCTAssertEqual(Set(titles(try index.search("budget"))), ["Budget meeting", "Buy budget paint"])
        XCTAssertEqual(titles(try index.search("tiles")), ["Call the plumber"])
    }
}
