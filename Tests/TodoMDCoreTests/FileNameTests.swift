import XCTest
@testable import TodoMDCore

final class FileNameTests: XCTestCase {
    func testSlugs() {
        let cases: [(String, String)] = [
            ("Buy groceries", "buy-groceries"),
            ("Review PR #42 for auth!", "review-pr-42-for-auth"),
            ("  --Leading and trailing--  ", "leading-and-trailing"),
            ("Crème brûlée à la française", "creme-brulee-a-la-francaise"),
            ("Straße & Ærø", "strasse-and-aero"),
            ("Łódź żółć", "lodz-zolc"),
            ("Новая задача", "novaya-zadacha"),
            ("Καλημέρα", "kalimera"),
            ("買い物", "task"),
            ("🎉🎉", "task"),
            ("", "task"),
            ("email bob@example.com", "email-bob-at-example-com"),
        ]
        for (title, slug) in cases { XCTAssertEqual(FileName.slug(title), slug, title) }
    }

    func testTruncationAtAWordBoundary() {
        let long = FileName.slug("The quick brown fox jumps over the lazy dog and keeps running far away")
        XCTAssertLessThanOrEqual(long.count, 60)
        XCTAssertEqual(long, "the-quick-brown-fox-jumps-over-the-lazy-dog-and-keeps")
        let oneWord = FileName.slug(String(repeating: "a", count: 100))
        XCTAssertEqual(oneWord.count, 60)
        XCTAssertFalse(FileName.slug(String(repeating: "ab ", count: 40)).hasSuffix("-"))
    }

    func testFileNameUsesUTCCreationTime() {
        let created = Timestamp.parse("2025-02-26T14:30:59Z")!
        XCTAssertEqual(FileName.make(title: "Buy groceries", created: created), "20250226-1430-buy-groceries.md")
        XCTAssertEqual(FileName.make(title: "Buy groceries", created: created, suffix: 3), "20250226-1430-buy-groceries-3.md")
    }

    func testCollisionsGetNumbered() throws {
        let dir = TempDir()
        let vault = Vault(root: dir.path, clock: clock("2025-02-26T14:30:00"))
        let paths = try (0..<3).map { _ in try vault.create(NewTask(title: "Same").make(clock: vault.clock, settings: vault.settings)).path }
        XCTAssertEqual(paths, ["20250226-1430-same.md", "20250226-1430-same-2.md", "20250226-1430-same-3.md"])
    }
}
