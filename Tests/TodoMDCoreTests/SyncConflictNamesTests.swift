import Foundation
import TodoMDCore
import XCTest

/// Conflict copies are recognised by each sync engine's naming; ordinary names that look alike
/// (`Chapter 2.md`, `plan-b.md`) are not copies unless their original is beside them with the
/// same `created` (the service checks that: `TodoService.detectCopies`).
final class SyncConflictNamesTests: XCTestCase {
    func testEveryEnginesNamingTable() {
        let originals: Set<String> = ["plan.md", "Work/plan.md", "report.md", "notes.md", ".order.json", ".perspectives.json",
                                      ".theme.json", "Work/.order.json"]
        let cases: [(String, String?, SyncConflictCopy.Engine?)] = [
            ("plan.sync-conflict-20261124-101010-ABCDEFG.md", "plan.md", .syncthing),
            ("Work/plan.sync-conflict-20261124-101010-Z9Z9Z9Z.md", "Work/plan.md", .syncthing),
            ("gone.sync-conflict-20261124-101010-ABCDEFG.md", "gone.md", .syncthing),
            ("plan (Anna's conflicted copy 2026-11-24).md", "plan.md", .dropbox),
            ("plan (conflicted copy 2026-11-24).md", "plan.md", .dropbox),
            ("plan (Anna's conflicted copy 2026-11-24 (1)).md", "plan.md", .dropbox),
            ("plan (conflicted copy 2026-11-24 101010).md", "plan.md", .nextcloud),
            ("plan 2.md", "plan.md", .icloud),
            ("Work/plan 3.md", "Work/plan.md", .icloud),
            ("plan (1).md", "plan.md", .googleDrive),
            ("report-LAPTOP-7QX2.md", "report.md", .onedrive),
            // Not copies: no original beside, or an ordinary name.
            ("Chapter 2.md", nil, nil),
            ("notes-b.md", nil, nil),
            ("notes-2024.md", nil, nil),
            ("plan.md", nil, nil),
            ("plan.sync-conflict-2026-ABC.md", nil, nil),
            ("plan (conflicted copy).md", nil, nil),
            ("plan.sync-conflict-20261124-101010-ABCDEFG.txt", nil, nil),
            // The vault's JSON files at its root; no other JSON.
            (".order.sync-conflict-20261124-101010-ABCDEFG.json", ".order.json", .syncthing),
            (".perspectives (Anna's conflicted copy 2026-11-24).json", ".perspectives.json", .dropbox),
            (".order 2.json", ".order.json", .icloud),
            (".order (1).json", ".order.json", .googleDrive),
            (".perspectives-LAPTOP.json", ".perspectives.json", .onedrive),
            (".order.json", nil, nil),
            (".theme 2.json", nil, nil),
            ("data.sync-conflict-20261124-101010-ABCDEFG.json", nil, nil),
            ("Work/.order 2.json", nil, nil),
        ]
        for (path, original, engine) in cases {
            let c = SyncConflictNames.detect(path, exists: originals.contains)
            XCTAssertEqual(c?.original, original, path)
            XCTAssertEqual(c?.engine, engine, path)
        }
    }
}
