import XCTest
@testable import TodoMDCore

final class ListsAndViewsTests: XCTestCase {
    func testTagPatterns() {
        let cases: [(String, String, Bool)] = [
            ("work", "work", true), ("work/backend", "work", true), ("workshop", "work", false),
            ("work", "work/*", false), ("work/backend", "work/*", true), ("work/backend/api", "work/*", true),
            ("Work/Backend", "#work/backend", true), ("proj-alpha", "proj-*", true), ("a/urgent", "*/urgent", true),
            ("urgent", "*/urgent", false), ("anything", "*", true),
        ]
        for (tag, pattern, expected) in cases {
            XCTAssertEqual(TaskFilter.tag(tag, matches: pattern), expected, "\(tag) ~ \(pattern)")
        }
        XCTAssertTrue(TaskFilter.folder("Work/Linear", isIn: "work"))
        XCTAssertTrue(TaskFilter.folder("Work", isIn: "/Work/"))
        XCTAssertFalse(TaskFilter.folder("Workshop", isIn: "Work"))
        XCTAssertTrue(TaskFilter.folder("", isIn: "/"))
    }

    func testTagTreeCounts() {
        var a = TodoTask(path: "a.md", title: "a"); a.tags = ["work/backend", "work"]
        var b = TodoTask(path: "b.md", title: "b"); b.tags = ["work/backend/api"]
        var c = TodoTask(path: "c.md", title: "c"); c.tags = ["Home"]
        let tree = TagNode.tree([a, b, c])
        XCTAssertEqual(tree.map(\.path), ["Home", "work"])
        let work = tree[1]
        XCTAssertEqual(work.count, 1)
        XCTAssertEqual(work.total, 2)
        XCTAssertEqual(work.children.map(\.path), ["work/backend"])
        XCTAssertEqual(work.children[0].total, 2)
        XCTAssertEqual(work.children[0].children[0].path, "work/backend/api")
    }

    /// Saved-view filters over tasks and items: a table of filter → matching titles.
    func testSavedViewFilters() {
        let today = date("2026-11-22")
        func t(_ title: String, _ f: (inout TodoTask) -> Void) -> TodoTask {
            var x = TodoTask(path: "Work/\(title).md", title: title)
            x.created = Timestamp.parse("2026-11-01T10:00:00Z")
            f(&x)
            return x
        }
        let tasks = [
            t("due soon") { $0.due = ldt("2026-11-25"); $0.tags = ["work/linear", "urgent"]; $0.priority = .high },
            t("due later") { $0.due = ldt("2026-12-25"); $0.tags = ["work/docs"] },
            t("done") { $0.status = .done; $0.tags = ["work/linear"]; $0.completed = Timestamp.parse("2026-11-20T10:00:00Z") },
            t("home") { $0.path = "Home/home.md"; $0.tags = ["home"]; $0.extra = [("effort", .int(3))] },
        ]
        var book = ListItem(path: "Books/hm.md", type: "book", title: "Hail Mary")
        book.fields = [("author", .string("Andy Weir")), ("rating", .int(5)), ("date_read", .string("2026-11-01"))]
        book.tags = ["books/read"]
        var book2 = ListItem(path: "Books/dune.md", type: "book", title: "Dune")
        book2.fields = [("author", .string("Frank Herbert")), ("rating", .int(3))]
        let cases: [(String, [(String, JSONValue)], [String])] = [
            ("tags wildcard + completed", [("tags", .array([.string("work/*")])), ("completed", .bool(false))], ["due later", "due soon"]),
            ("exclude with -", [("tags", .array([.string("work"), .string("-urgent")]))], ["done", "due later"]),
            ("relative due", [("due_before", .string("+7d"))], ["due soon"]),
            ("absolute due after", [("due_after", .string("2026-12-01"))], ["due later"]),
            ("completed in the last 30 days", [("completed_after", .string("-30d"))], ["done"]),
            ("folders", [("folders", .array([.string("Home")]))], ["home"]),
            ("priority", [("priority", .string("high"))], ["due soon"]),
            ("item types", [("item_types", .array([.string("book")]))], ["Dune", "Hail Mary"]),
            ("custom field >=", [("fields", .object([("rating", .string(">= 4"))]))], ["Hail Mary"]),
            ("custom field text", [("fields", .object([("author", .string("frank herbert"))]))], ["Dune"]),
            ("custom field on a task", [("fields", .object([("effort", .string("< 5"))]))], ["home"]),
            ("item date", [("item_types", .string("book")), ("date_read_before", .string("-7d"))], ["Hail Mary"]),
        ]
        for (name, filters, expected) in cases {
            let (f, problems) = ViewFilter.parse(filters)
            XCTAssertEqual(problems, [], name)
            let got = tasks.filter { f.matches($0, today: today, zone: TimeZone(identifier: "UTC")!) }.map(\.title)
                + [book, book2].filter { f.matches($0, today: today) }.map(\.title)
            XCTAssertEqual(got.sorted(), expected, name)
        }
        let (_, problems) = ViewFilter.parse([("colour", .string("red")), ("due_before", .string("soonish"))])
        XCTAssertEqual(problems, ["unknown filter \"colour\"", "due_before: \"soonish\" is not a date (+7d, -30d, today, 2026-03-01)"])
    }

    func testTypeDefinitionViewAndItemNotes() throws {
        let def = "---\ntype: list_type_definition\nname: Wine\n---\n\nfields:\n  - name: title\n    type: text\n    required: true\n  - name: vintage\n    type: number\n    min: 1900\n    max: 2100\n"
        guard case .typeDefinition(let wine) = NoteReader.read(path: "Types/Wine.md", bytes: Array(def.utf8)) else { return XCTFail() }
        XCTAssertEqual(wine.key, "wine")
        XCTAssertEqual(wine.fields.map(\.name), ["title", "vintage"])
        XCTAssertEqual(wine.field("vintage")?.max, 2100)
        let fenced = "---\ntype: view\nname: Reds\n---\nSome prose.\n\n```yaml\nfilters:\n  item_types: [wine]\n```\n"
        guard case .view(let v) = NoteReader.read(path: "Views/Reds.md", bytes: Array(fenced.utf8)) else { return XCTFail() }
        XCTAssertEqual(v.filter.itemTypes, ["wine"])
        let bad = "---\ntype: list_type_definition\nname: Broken\n---\nfields: [\n"
        guard case .problem(let p) = NoteReader.read(path: "Types/Broken.md", bytes: Array(bad.utf8)) else { return XCTFail() }
        XCTAssertTrue(p.contains("cannot be read"), p)
        XCTAssertEqual({ if case .plain = NoteReader.read(path: "n.md", bytes: Array("# note\n".utf8)) { return true } else { return false } }(), true)
        var item = ListItem(path: "w.md", type: "wine", title: "")
        item.fields = [("vintage", .string("old"))]
        XCTAssertEqual(ListValidation.warnings(item, type: wine), ["title is required", "vintage: \"old\" is not a number"])
    }

    func testStrictItemWrites() throws {
        let dir = TempDir()
        let vault = Vault(root: dir.path, clock: clock("2026-11-22T10:00"))
        let book = ListType.builtIn.first { $0.key == "book" }!
        let item = try ItemWriter(vault: vault).createItem(type: book, title: "Dune", values: [("author", "Frank Herbert"), ("rating", "5")], tags: ["sci-fi"])
        XCTAssertEqual(item.path, "Books/dune.md")
        XCTAssertEqual(item.warnings, [])
        XCTAssertThrowsError(try ItemWriter(vault: vault).createItem(type: book, title: "X", values: [("rating", "five"), ("colour", "red")], tags: [])) { e in
            XCTAssertEqual("\(e)", "rating: \"five\" is not a number\nBook has no field \"colour\" (fields: title, author, isbn, rating, date_read, date_added, tags)")
        }
        XCTAssertThrowsError(try ItemWriter(vault: vault).createItem(type: book, title: "X", values: [("date_read", "someday")], tags: []))
        let again = try ItemWriter(vault: vault).createItem(type: book, title: "Dune", values: [], tags: [])
        XCTAssertEqual(again.path, "Books/dune-2.md")
        let snap = vault.load()
        XCTAssertEqual(snap.items.map(\.title).sorted(), ["Dune", "Dune"])
    }

    func testTypeDetector() {
        let types = ListType.builtIn
        let cases: [(String, String, String)] = [
            ("Project Hail Mary by Andy Weir ISBN 978-0-593-13520-4", "book", "Project Hail Mary"),
            ("Dune https://www.goodreads.com/book/show/44767458-dune", "book", "Dune"),
            ("Arrival (2016) https://www.imdb.com/title/tt2543164/", "movie", "Arrival"),
            ("Watch the new Villeneuve film", "movie", "the new Villeneuve film"),
            ("Sushi Zen https://maps.google.com/?q=sushi+zen", "restaurant", "Sushi Zen"),
            ("Louvre https://maps.apple.com/?q=louvre", "place_to_visit", "Louvre"),
            ("Call the dentist", "todo", "Call the dentist"),
            ("ISBN 1234567890 is not a valid isbn", "todo", "ISBN 1234567890 is not a valid isbn"),
        ]
        for (input, type, title) in cases {
            let c = TypeDetector.detect(input, types: types)
            XCTAssertEqual(c.type, type, input)
            XCTAssertEqual(c.title, title, input)
        }
        XCTAssertEqual(TypeDetector.detect("The Martian by Andy Weir", types: types).fields.first?.1, "Andy Weir")
        XCTAssertTrue(TypeDetector.isValidISBN("0-306-40615-2"))
        XCTAssertFalse(TypeDetector.isValidISBN("0-306-40615-3"))
    }

    func testArchiveMovesOnlyCompletedLines() throws {
        let dir = TempDir()
        dir.write("Todos.md", "# Todos\r\n\r\n- [ ] keep\r\n- [x] done one ✅ 2026-11-01\r\n- [-] dropped\r\n  - [ ] nested keep\r\n")
        let vault = Vault(root: dir.path, clock: clock("2026-11-22T10:00"))
        let (archive, moved) = try NoteArchiver(vault: vault).archiveCompleted(note: "Todos.md")
        XCTAssertEqual(archive, "Todos Archive.md")
        XCTAssertEqual(moved, 2)
        XCTAssertEqual(dir.read("Todos.md"), "# Todos\r\n\r\n- [ ] keep\r\n  - [ ] nested keep\r\n")
        XCTAssertEqual(dir.read("Todos Archive.md"), "# Todos Archive\r\n\r\n## Archived 2026-11-22\r\n\r\n- [x] done one ✅ 2026-11-01\r\n- [-] dropped\r\n")
    }
}
