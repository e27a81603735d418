import Foundation
import MCP
import TodoMDCore
import TodoMDService
import TodoMDTestSupport
import XCTest
@testable import TodoMDMCP

/// A vault in a temp folder, its index in another, a service at 2026-11-24 09:00 UTC.
final class MCPFixture {
    let vault = TempDir()
    let cache = TempDir()
    let service: TodoService

    init(files: [String: String] = [:]) {
        for (path, text) in files { vault.write(path, text) }
        var o = ServiceOptions(vaultRoot: vault.path, clock: { clock("2026-11-24T09:00") })
        o.indexPath = cache.path + "/index.sqlite"
        service = TodoService(o)
    }
}

/// The MCP tools: their catalogue (schemas, hints), page cursors, per-item results of a write
/// plan, and a round trip through an in-process MCP client.
final class MCPToolTests: XCTestCase {
    // MARK: Catalogue

    func testEveryToolHasSchemasAndHints() throws {
        let tools = ToolCatalog.all
        XCTAssertEqual(tools.count, 14)
        XCTAssertEqual(Set(tools.map(\.name)).count, tools.count, "names are unique")
        XCTAssertEqual(ToolCatalog.reads.count, 5)
        XCTAssertEqual(ToolCatalog.writes.count, 9)
        XCTAssertEqual(Set(ToolCatalog.readTools), Set(ToolCatalog.reads.map(\.name)))
        XCTAssertEqual(Set(WriteTools.rights.keys), Set(ToolCatalog.writes.map(\.name)), "every write tool has a right")
        for tool in tools {
            let input = try XCTUnwrap(tool.inputSchema.objectValue, tool.name)
            XCTAssertEqual(input["type"]?.stringValue, "object", tool.name)
            XCTAssertNotNil(input["properties"]?.objectValue, tool.name)
            let output = try XCTUnwrap(tool.outputSchema?.objectValue, "\(tool.name) has an outputSchema")
            XCTAssertEqual(output["type"]?.stringValue, "object", tool.name)
            XCTAssertNotNil(output["properties"]?.objectValue, tool.name)
            XCTAssertFalse((tool.description ?? "").isEmpty, tool.name)
            XCTAssertFalse((tool.title ?? "").isEmpty, tool.name)
            XCTAssertEqual(tool.annotations.openWorldHint, false, tool.name)
            // Every required input is a declared property.
            let properties = input["properties"]?.objectValue ?? [:]
            for r in input["required"]?.arrayValue ?? [] {
                XCTAssertNotNil(properties[r.stringValue ?? ""], "\(tool.name) requires \(r) but does not declare it")
            }
            if ToolCatalog.readTools.contains(tool.name) {
                XCTAssertEqual(tool.annotations.readOnlyHint, true, tool.name)
                XCTAssertEqual(tool.annotations.destructiveHint, false, tool.name)
            } else {
                XCTAssertEqual(tool.annotations.readOnlyHint, false, tool.name)
                XCTAssertNotNil(properties["dry_run"], "\(tool.name) takes dry_run")
                XCTAssertEqual(output["required"]?.arrayValue?.compactMap(\.stringValue).sorted(),
                               ["dry_run", "failed", "rate_alert", "results", "succeeded"], tool.name)
            }
        }
        let byName = Dictionary(uniqueKeysWithValues: tools.map { ($0.name, $0) })
        XCTAssertEqual(byName["delete_tasks"]?.annotations.destructiveHint, true)
        for name in ToolCatalog.writes.map(\.name) where name != "delete_tasks" {
            XCTAssertEqual(byName[name]?.annotations.destructiveHint, false, name)
        }
        XCTAssertEqual(byName["complete_tasks"]?.annotations.idempotentHint, true)
        XCTAssertEqual(byName["add_tasks"]?.annotations.idempotentHint, false)
        XCTAssertEqual(Set(tools.map(\.name)), ["find_tasks", "get_task", "search", "get_overview", "get_overdue_tasks",
                                                "add_tasks", "update_tasks", "complete_tasks", "reopen_tasks", "defer_tasks",
                                                "reschedule_tasks", "move_tasks", "delete_tasks", "restore_tasks"])
    }

    // MARK: Cursors

    func testCursorRoundTripAndRefusesAnotherQuery() throws {
        for offset in [0, 1, 50, 12345] {
            let c = Cursor.make(offset: offset, key: "view\u{1}today")
            XCTAssertEqual(try Cursor.offset(c, key: "view\u{1}today"), offset)
        }
        XCTAssertEqual(try Cursor.offset(nil, key: "anything"), 0, "no cursor: the first page")
        let c = Cursor.make(offset: 50, key: "view\u{1}today")
        XCTAssertThrowsError(try Cursor.offset(c, key: "view\u{1}inbox")) { e in
            guard case TodoError.invalidArgument(let m) = e else { return XCTFail("\(e)") }
            XCTAssertTrue(m.contains("cursor is not a next_cursor of this query"), m)
        }
        let forged = Data("v1:-5:\(Cursor.hash("k"))".utf8).base64EncodedString()
        let other = Data("v2:5:\(Cursor.hash("k"))".utf8).base64EncodedString()
        let extra = Data("v1:5:\(Cursor.hash("k")):x".utf8).base64EncodedString()
        for bad in ["", "not base64!", Data("garbage".utf8).base64EncodedString(), forged, other, extra,
                    Data("v1:abc:\(Cursor.hash("k"))".utf8).base64EncodedString()] {
            XCTAssertThrowsError(try Cursor.offset(bad, key: "k"), bad)
        }
        XCTAssertEqual(Cursor.hash("k"), Cursor.hash("k"), "stable across calls")
        XCTAssertNotEqual(Cursor.hash("a"), Cursor.hash("b"))
        XCTAssertEqual(Cursor.hash(""), String(0xcbf29ce484222325 as UInt64, radix: 16), "FNV-1a's offset basis")
    }

    // MARK: Write plans

    /// Real results: two adds, a failure, a change and a deletion.
    private func results() throws -> (MCPFixture, [BatchResult]) {
        let f = MCPFixture(files: ["a.md": taskFile("Alpha"), "b.md": taskFile("Beta")])
        let r = f.service.batch([
            BatchOperation(reference: "", action: .add(TaskDraft(text: "One"))),
            BatchOperation(reference: "no such task", action: .complete),
            BatchOperation(reference: "a.md", action: .set([("priority", .text("high"))])),
            BatchOperation(reference: "b.md", action: .delete),
        ])
        XCTAssertEqual(r.map(\.succeeded), [true, false, true, true])
        return (f, r)
    }

    func testItemResultsCombinePerItem() throws {
        let (_, r) = try results()
        func kind(_ x: BatchResult) -> String {
            switch x {
            case .added: return "added"
            case .changed: return "changed"
            case .moved: return "moved"
            case .deleted: return "deleted"
            case .restored: return "restored"
            case .failed: return "failed"
            }
        }

        // A refused item fails; the others get their own result.
        var plan = WritePlan(right: .create)
        plan.count = 2
        plan.refused[0] = TodoError.invalidArgument("malformed")
        plan.operations = [BatchOperation(reference: "", action: .complete)]
        plan.owners = [1]
        var items = plan.itemResults([r[0]])
        XCTAssertEqual(items.map(kind), ["failed", "added"])
        if case .failed(let e) = items[0] { XCTAssertEqual(e as? TodoError, .invalidArgument("malformed")) }

        // Two operations of one item, one failed: the item failed.
        plan = WritePlan(right: .modify)
        plan.count = 2
        plan.owners = [0, 0, 1]
        items = plan.itemResults([r[2], r[1], r[3]])
        XCTAssertEqual(items.map(kind), ["failed", "deleted"])
        if case .failed(let e) = items[0] { guard case TodoError.notFound = e else { return XCTFail("\(e)") } }
        // The failure is reported whichever operation failed.
        items = plan.itemResults([r[1], r[2], r[3]])
        XCTAssertEqual(items.map(kind), ["failed", "deleted"])

        // Both succeeded: the changed task stands for the item (not the order placement).
        plan.count = 1
        plan.owners = [0, 0]
        XCTAssertEqual(plan.itemResults([r[3], r[2]]).map(kind), ["changed"])
        XCTAssertEqual(plan.itemResults([r[2], r[3]]).map(kind), ["changed"])
        XCTAssertEqual(plan.itemResults([r[0], r[3]]).map(kind), ["deleted"], "no change: the last result")

        // An item with no operation (nothing refused it) is a failure, not a crash.
        plan.count = 2
        plan.owners = [0]
        items = plan.itemResults([r[2]])
        XCTAssertEqual(items.map(kind), ["changed", "failed"])
    }

    func testPlansFromArguments() throws {
        let add = try WriteTools.plan("add_tasks", .create, ToolArguments(["tasks": ["not an object", ["title": "Fine"], ["text": "Milk tomorrow"]]]))
        XCTAssertEqual(add.count, 3)
        XCTAssertEqual(add.owners, [1, 2])
        XCTAssertEqual(Array(add.refused.keys), [0])

        let move = try WriteTools.plan("move_tasks", .modify, ToolArguments(["moves": [["task": "a.md", "project": "Launch", "after": "b.md"],
                                                                                     ["task": "a.md", "before": "b.md", "after": "c.md"],
                                                                                     ["task": "a.md"]]]))
        XCTAssertEqual(move.count, 3)
        XCTAssertEqual(move.owners, [0, 0], "a move into a project and a place in its order: two operations")
        XCTAssertEqual(Set(move.refused.keys), [1, 2])

        let update = try WriteTools.plan("update_tasks", .modify, ToolArguments(["updates": [["task": "a.md", "version": "nope"],
                                                                                           ["task": "a.md", "set": ["due": nil], "add_tags": ["x"]]]]))
        XCTAssertEqual(update.owners, [1])
        XCTAssertNotNil(update.refused[0], "a malformed version is refused")

        XCTAssertThrowsError(try WriteTools.plan("complete_tasks", .complete, ToolArguments(["tasks": []])))
        XCTAssertThrowsError(try WriteTools.plan("complete_tasks", .complete, ToolArguments([:])))
        let tooMany = ToolArguments(["tasks": .array(Array(repeating: "a.md", count: 501))])
        XCTAssertThrowsError(try WriteTools.plan("complete_tasks", .complete, tooMany))
    }

    // MARK: Round trip

    func testInProcessRoundTrip() async throws {
        let f = MCPFixture(files: ["a.md": taskFile("Alpha")])
        let (server, hook) = await TodoMCPServer.make(service: f.service, source: nil, rateWatch: AgentRateWatch())
        let (clientTransport, serverTransport) = await InMemoryTransport.createConnectedPair()
        try await server.start(transport: serverTransport, initializeHook: hook)
        let client = Client(name: "Test Agent!", version: "1.0")
        let initialized = try await client.connect(transport: clientTransport)
        XCTAssertEqual(initialized.serverInfo.name, "todomd")

        let (tools, _) = try await client.listTools()
        XCTAssertEqual(tools.count, 14)

        func call(_ name: String, _ arguments: [String: Value]) async throws -> CallTool.Result {
            try await client.send(CallTool.request(.init(name: name, arguments: arguments))).value
        }

        let added = try await call("add_tasks", ["tasks": [["text": "Buy milk tomorrow #errands"], ["title": "Claims", "source": "user"]]])
        XCTAssertEqual(added.isError, false)
        let addDoc = try XCTUnwrap(added.structuredContent?.objectValue)
        XCTAssertEqual(addDoc["succeeded"]?.intValue, 1)
        XCTAssertEqual(addDoc["failed"]?.intValue, 1, "a task may not claim another source")
        XCTAssertEqual(addDoc["dry_run"]?.boolValue, false)
        let first = try XCTUnwrap(addDoc["results"]?.arrayValue?.first?.objectValue)
        XCTAssertEqual(first["ok"]?.boolValue, true)
        let task = try XCTUnwrap(first["task"]?.objectValue)
        XCTAssertEqual(task["title"]?.stringValue, "Buy milk")
        XCTAssertEqual(task["source"]?.stringValue, "mcp:TestAgent")
        let id = try XCTUnwrap(task["id"]?.stringValue)
        XCTAssertTrue(f.vault.exists(id))

        let found = try await call("find_tasks", ["view": "all", "tags": ["errands"]])
        XCTAssertEqual(found.isError, false)
        let list = try XCTUnwrap(found.structuredContent?.objectValue)
        let tasks = try XCTUnwrap(list["tasks"]?.arrayValue?.compactMap(\.objectValue))
        XCTAssertEqual(tasks.map { $0["id"]?.stringValue }, [id])
        XCTAssertEqual(tasks.first?["source"]?.stringValue, "mcp:TestAgent")
        XCTAssertEqual(list["total"]?.intValue, 1)
        XCTAssertEqual(list["next_cursor"], .null)

        // A dry run writes nothing.
        let before = f.vault.files()
        let dry = try await call("complete_tasks", ["tasks": ["a.md"], "dry_run": true])
        XCTAssertEqual(dry.structuredContent?.objectValue?["dry_run"]?.boolValue, true)
        XCTAssertEqual(dry.structuredContent?.objectValue?["succeeded"]?.intValue, 1)
        XCTAssertEqual(f.vault.files(), before)
        XCTAssertEqual(try f.service.task("a.md").task.status, .todo)

        // One call, one undo step, named for the tool and the source.
        XCTAssertEqual(f.service.undoHistory().actions.first?.action, "mcp:TestAgent add_tasks")

        // Errors are tool errors, not protocol errors.
        let unknown = try await call("no_such_tool", [:])
        XCTAssertEqual(unknown.isError, true)
        let missing = try await call("get_task", ["task": "nothing like it"])
        XCTAssertEqual(missing.isError, true)
        if case .text(let text, _, _)? = missing.content.first {
            XCTAssertTrue(text.hasPrefix("not_found: "), text)
        } else {
            XCTFail("\(missing.content)")
        }

        await client.disconnect()
        await server.stop()
    }
}
