import Foundation
import TodoMDCore
import TodoMDService
import XCTest

/// The audit log (issue 16): one JSON line per change, made by todomd (front end, source,
/// action) or seen from outside, in `.todomd/audit/<month>.<device>.jsonl`; read back filtered.
final class AuditLogTests: XCTestCase {
    private func lines(_ f: ServiceFixture) throws -> [[String: Any]] {
        let dir = f.vault.path + "/" + AuditLog.folder
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        return try names.flatMap { name in
            try String(contentsOfFile: dir + "/" + name, encoding: .utf8).split(separator: "\n").map {
                try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
        }
    }

    private func summary(_ l: [String: Any]) -> String {
        [l["by"], l["front_end"], l["source"], l["action"], l["kind"], l["path"]].map { ($0 as? String) ?? "-" }.joined(separator: " ")
    }

    func testEveryKindOfChangeIsOneLine() throws {
        let f = ServiceFixture()
        f.vault.write("seen.md", taskFile("Seen"))
        let s = f.service()
        _ = try s.view("all")                                                   // first sighting: not a change
        let added = try s.add(TaskDraft(NewTask(title: "Buy milk"), quickEntry: false)).task.task.path
        _ = try s.set("buy milk", assignments: ["priority=high"])
        _ = try f.service().delete("buy milk")
        f.vault.write("seen.md", taskFile("Seen, edited"))
        f.vault.write("new.md", "---\ntitle: \"From a script\"\nstatus: \"todo\"\nsource: \"script\"\n---\n")
        _ = try f.service().view("all")
        f.vault.remove("new.md")
        _ = try f.service().view("all")
        let session = AgentSession(service: f.service(), source: "mcp:claude")
        _ = try session.run("add_tasks", .create, [BatchOperation(reference: "", action: .add(TaskDraft(NewTask(title: "Agent task"), quickEntry: false)))])

        let got = try lines(f).map(summary)
        XCTAssertEqual(got, [
            "todomd cli cli add created \(added)",
            "todomd cli cli set changed \(added)",
            "todomd cli cli delete moved .trash/\(added)",
            "external - script - created new.md",           // one refresh: in path order
            "external - user - changed seen.md",
            "external - script - removed new.md",
            "todomd mcp mcp:claude mcp:claude add_tasks created \((try f.service().view("all").tasks.first { $0.title == "Agent task" }?.path) ?? "?")",
        ], got.joined(separator: "\n"))
        let all = try lines(f)
        XCTAssertEqual(all[1]["fields"] as? [String], ["priority"].filter { (all[1]["fields"] as? [String])?.contains($0) ?? false })
        XCTAssertEqual(all[2]["from"] as? String, added)
        XCTAssertEqual(all[4]["fields"] as? [String], ["title"])
        XCTAssertEqual(all[0]["task"] as? String, "Buy milk")
        XCTAssertNotNil(all[1]["before"] as? String)
        XCTAssertNotNil(all[1]["after"] as? String)
    }

    func testReadBackFilteredAcrossDevicesAndMonths() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("A"))
        _ = try f.service().view("all")
        let day = 86_400.0
        let t0 = f.clock.now.now
        // Another device's log, and last month's.
        let other = AuditLog(root: f.vault.path, device: "laptop")
        try other.append([
            VaultChangeEvent(at: t0.addingTimeInterval(-30 * day), path: "a.md", kind: .changed, by: "todomd", frontEnd: "web", source: "web",
                             action: "set", fields: ["due"], title: "A"),
            VaultChangeEvent(at: t0.addingTimeInterval(-1), path: "a.md", kind: .changed, by: "external", source: "user", fields: ["title"], title: "A"),
        ])
        _ = try f.service().set("a", assignments: ["flagged=true"])
        let files = try FileManager.default.contentsOfDirectory(atPath: f.vault.path + "/" + AuditLog.folder).sorted()
        XCTAssertEqual(files.count, 3, "\(files)")
        XCTAssertTrue(files.contains("2026-10.laptop.jsonl"), "\(files)")
        XCTAssertTrue(files.contains("2026-11.laptop.jsonl"), "\(files)")

        let s = f.service()
        let everything = try s.auditLog()
        XCTAssertEqual(everything.entries.map(\.action), ["set", nil, "set"], "oldest first, every device")
        XCTAssertEqual(try s.auditLog(since: t0.addingTimeInterval(-day)).entries.count, 2)
        XCTAssertEqual(try s.auditLog(source: "web").entries.map(\.device), ["laptop"])
        XCTAssertEqual(try s.auditLog(by: "external").entries.count, 1)
        XCTAssertEqual(try s.auditLog(task: "a").total, 3)
        XCTAssertEqual(try s.auditLog(limit: 1).entries.first?.action, "set")
        XCTAssertEqual(try s.auditLog(limit: 1).total, 3)
        XCTAssertThrowsError(try s.auditLog(by: "someone"))
        // A damaged line is reported, the others still read.
        let path = f.vault.path + "/" + AuditLog.folder + "/2026-10.laptop.jsonl"
        try (try String(contentsOfFile: path, encoding: .utf8) + "{not json\n").write(toFile: path, atomically: true, encoding: .utf8)
        let page = try s.auditLog()
        XCTAssertEqual(page.entries.count, 3)
        XCTAssertEqual(page.problems.count, 1)
    }

    func testTheLogCanBeTurnedOffAndTheFolderIsNotAVaultChange() throws {
        let f = ServiceFixture()
        f.vault.write(".todomd.json", "{\"audit_log\": false}")
        _ = try f.service().add(TaskDraft(NewTask(title: "Quiet"), quickEntry: false))
        XCTAssertFalse(f.vault.exists(AuditLog.folder))
        f.vault.write(".todomd.json", "{}")
        _ = try f.service().set("quiet", assignments: ["priority=low"])
        XCTAssertEqual(try lines(f).count, 1)
        XCTAssertEqual(try f.service().view("all").tasks.count, 1, "the log's folder is hidden: no task, no change")
        XCTAssertEqual(AuditLog.sanitize("Anna's Mac/Book"), "Anna-s-Mac-Book")
        XCTAssertEqual(AuditLog.sanitize("..."), "device")
    }
}
