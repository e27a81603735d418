import Foundation
import XCTest
import TodoMDCore
@testable import TodoMDService

/// Running `todomd://` URLs on a real vault in a temp folder (the fixture's clock is
/// 2026-11-24 09:00 UTC): what each action writes or reads, the token `update` needs, the
/// x-callback URLs, and that a refused URL writes nothing.
final class OpenURLServiceTests: XCTestCase {
    static let token = "s3cret-token-0123456789"

    /// A value as a URL query carries it: everything but ASCII letters, digits and `-._~` escaped.
    private func enc(_ s: String) -> String {
        var allowed = CharacterSet()
        allowed.insert(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return s.addingPercentEncoding(withAllowedCharacters: allowed)!
    }

    private func open(_ s: TodoService, _ url: String, token: String? = OpenURLServiceTests.token) throws -> URLOutcome {
        try s.open(url: url, token: token)
    }

    /// Asserts `url` fails with an invalid-argument error whose message contains `message`.
    private func assertRefused(_ s: TodoService, _ url: String, _ message: String, token: String? = OpenURLServiceTests.token,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try s.open(url: url, token: token), url, file: file, line: line) { e in
            guard let f = e as? URLFailure else { return XCTFail("\(url): not a URLFailure: \(e)", file: file, line: line) }
            guard case .invalidArgument(let m) = f.error else { return XCTFail("\(url): \(f.error)", file: file, line: line) }
            XCTAssertTrue(m.contains(message), "\(url): \"\(m)\" does not say \"\(message)\"", file: file, line: line)
        }
    }

    /// The vault's task files (the trash and settings left out).
    private func taskFiles(_ f: ServiceFixture) -> [String] {
        f.vault.files().filter { $0.hasSuffix(".md") && !$0.hasPrefix(".trash/") }
    }

    /// A snapshot of every file's bytes.
    private func snapshot(_ f: ServiceFixture) -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: f.vault.files().map { ($0, f.vault.bytes($0)) })
    }

    // MARK: add

    func testAddWithEveryFieldWritesTheFrontmatter() throws {
        let f = ServiceFixture()
        let s = f.service()
        let url = "todomd://add?title=Buy+milk&when=tomorrow&deadline=2026-12-01&tags=errands,%20food&list=Meal%20Prep&area=Home"
            + "&flagged=true&priority=high&estimate=1h30m&notes=First%20line%0ASecond%20line"
        let o = try open(s, url)
        XCTAssertEqual(o.action, .add)
        XCTAssertEqual(o.created.count, 1)
        let path = try XCTUnwrap(o.created.first?.task.path)
        XCTAssertEqual(taskFiles(f), [path])
        XCTAssertEqual(o.returns.map(\.0), ["x-todomd-id"])
        XCTAssertEqual(o.returns.first?.1, path)
        XCTAssertNil(o.callback, "no x-success, no callback")

        let text = f.vault.read(path)
        for line in ["title: \"Buy milk\"\n", "status: \"todo\"\n", "due: \"2026-12-01\"\n", "scheduled: \"2026-11-25\"\n",
                     "priority: \"high\"\n", "flagged: true\n", "area: \"Home\"\n", "project: \"Meal Prep\"\n",
                     "tags:\n  - errands\n  - food\n", "estimated_minutes: 90\n", "source: \"shortcut\"\n"] {
            XCTAssertTrue(text.contains(line), "missing \(line.debugDescription) in\n\(text)")
        }
        XCTAssertTrue(text.hasSuffix("---\n\nFirst line\nSecond line\n"), text)

        // And a fresh service reads it back the same.
        let t = try f.service().task(path).task
        XCTAssertEqual(t.title, "Buy milk")
        XCTAssertEqual(t.scheduled?.description, "2026-11-25")
        XCTAssertEqual(t.due?.description, "2026-12-01")
        XCTAssertEqual(t.tags, ["errands", "food"])
        XCTAssertEqual(t.project, "Meal Prep")
        XCTAssertEqual(t.area, "Home")
        XCTAssertTrue(t.flagged)
        XCTAssertEqual(t.priority, .high)
        XCTAssertEqual(t.estimatedMinutes, 90)
        XCTAssertEqual(t.source, "shortcut")
        XCTAssertEqual(t.status, .todo)
    }

    func testAddTitlesMakesOneTaskPerLine() throws {
        let f = ServiceFixture()
        let s = f.service()
        let o = try open(s, "todomd://add?titles=" + enc("Eggs\nFlour\n\n  \nSugar\n") + "&tags=baking")
        XCTAssertEqual(o.created.map(\.task.title), ["Eggs", "Flour", "Sugar"])
        XCTAssertEqual(taskFiles(f), o.created.map(\.task.path).sorted())
        XCTAssertEqual(Set(o.created.map(\.task.path)).count, 3)
        for t in o.created { XCTAssertEqual(t.task.tags, ["baking"]) }
        XCTAssertEqual(o.returns.first?.1, o.created.map(\.task.id).joined(separator: ","))
    }

    func testAddSomedayCompletedAndCanceled() throws {
        let f = ServiceFixture()
        let s = f.service()
        let someday = try XCTUnwrap(try open(s, "todomd://add?title=Learn+piano&when=someday").created.first)
        XCTAssertEqual(someday.task.status, .someday)
        XCTAssertNil(someday.task.scheduled)
        XCTAssertTrue(f.vault.read(someday.task.path).contains("status: \"someday\"\n"))

        let done = try XCTUnwrap(try open(s, "todomd://add?title=Already+done&completed=true").created.first)
        XCTAssertEqual(done.task.status, .done)
        XCTAssertNotNil(done.task.completed)
        XCTAssertTrue(f.vault.read(done.task.path).contains("status: \"done\"\n"))

        let canceled = try XCTUnwrap(try open(s, "todomd://add?title=Never+mind&canceled=yes").created.first)
        XCTAssertEqual(canceled.task.status, .cancelled)

        let evening = try XCTUnwrap(try open(s, "todomd://add?title=Call+mum&when=evening").created.first)
        XCTAssertEqual(evening.task.scheduled?.description, "2026-11-24")

        let anytime = try XCTUnwrap(try open(s, "todomd://add?title=Whenever&when=anytime").created.first)
        XCTAssertNil(anytime.task.scheduled)
        XCTAssertEqual(anytime.task.status, .todo)
    }

    func testAddTextIsQuickEntryAndTitleIsLiteral() throws {
        let f = ServiceFixture()
        let s = f.service()
        let quick = try XCTUnwrap(try open(s, "todomd://add?text=" + enc("Call Anna tomorrow #phone !high")).created.first).task
        XCTAssertEqual(quick.title, "Call Anna")
        XCTAssertEqual(quick.tags, ["phone"])
        XCTAssertEqual(quick.priority, .high)
        let literal = try XCTUnwrap(try open(s, "todomd://add?title=" + enc("Call Anna tomorrow #phone")).created.first).task
        XCTAssertEqual(literal.title, "Call Anna tomorrow #phone")
        XCTAssertEqual(literal.tags, [])
        XCTAssertNil(literal.due)
        XCTAssertNil(literal.scheduled)
    }

    func testXSuccessGetsTheNewId() throws {
        let f = ServiceFixture()
        let s = f.service()
        let o = try open(s, "todomd://add?title=Milk&x-success=" + enc("shortcuts://x-callback-url/done") + "&x-source=Shortcuts")
        let id = try XCTUnwrap(o.created.first?.task.id)
        XCTAssertEqual(o.callback, "shortcuts://x-callback-url/done?x-todomd-id=" + enc(id))

        let two = try open(s, "todomd://add?titles=A%0AB&x-success=" + enc("app://cb?k=v"))
        XCTAssertEqual(two.callback, "app://cb?k=v&x-todomd-id=" + enc(two.created.map(\.task.id).joined(separator: ",")))
    }

    func testAnErrorWithXErrorGivesTheErrorCallback() throws {
        let f = ServiceFixture()
        let s = f.service()
        let url = "todomd://add?title=&x-error=" + enc("app://failed") + "&x-success=" + enc("app://ok")
        XCTAssertThrowsError(try open(s, url)) { e in
            guard let fail = e as? URLFailure else { return XCTFail("\(e)") }
            XCTAssertEqual(fail.error, .invalidArgument("add needs title (or titles, one per line)"))
            XCTAssertEqual(fail.callback, "app://failed?errorMessage=" + enc("add needs title (or titles, one per line)"))
            XCTAssertEqual(fail.description, "add needs title (or titles, one per line)")
        }
        // An error of the write (a bad date) reaches x-error too.
        XCTAssertThrowsError(try open(s, "todomd://add?title=X&deadline=notadate&x-error=" + enc("app://failed"))) { e in
            let callback = (e as? URLFailure)?.callback ?? ""
            XCTAssertTrue(callback.hasPrefix("app://failed?errorMessage="), callback)
            XCTAssertGreaterThan(callback.count, "app://failed?errorMessage=".count)
        }
        // Without x-error there is no callback.
        XCTAssertThrowsError(try open(s, "todomd://add?title=")) { e in XCTAssertNil((e as? URLFailure)?.callback) }
        XCTAssertEqual(taskFiles(f), [])
    }

    func testABadValueWritesNothing() throws {
        let f = ServiceFixture()
        let s = f.service()
        for url in ["todomd://add?title=X&deadline=notadate", "todomd://add?title=X&when=" + enc("the twelfth of never"),
                    "todomd://add?title=X&defer=32/13/2026", "todomd://add?title=X&priority=urgent", "todomd://add?title=X&estimate=lots",
                    "todomd://add?title=X&flagged=maybe", "todomd://add?title=X&estimate=-5", "todomd://add?title=X&completed=perhaps",
                    "todomd://add?titles=" + enc("Good\nAlso good") + "&deadline=notadate",
                    "todomd://add?title=" + enc("   "), "todomd://add", "todomd://add?titles=%0A%0A"] {
            XCTAssertThrowsError(try open(s, url), url) { e in
                guard let fail = e as? URLFailure, case .invalidArgument = fail.error else { return XCTFail("\(url): \(e)") }
            }
        }
        XCTAssertEqual(f.vault.files(), [], "no file created")
    }

    func testSourcePermissionsApplyToURLs() throws {
        let f = ServiceFixture()
        f.vault.write(".todomd.json", #"{"source_permissions": {"shortcut": {"create": false}}}"#)
        let s = f.service()
        assertRefused(s, "todomd://add?title=Milk", "source shortcut may not create tasks")
        XCTAssertEqual(taskFiles(f), [])
        // Another source given by the caller is not refused.
        let o = try s.open(url: "todomd://add?title=Milk", source: "raycast", token: nil)
        XCTAssertEqual(o.created.first?.task.source, "raycast")
    }

    // MARK: update

    private func fixtureWithTask() -> (ServiceFixture, TodoService) {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("Alpha", extra: "due: \"2026-12-01\"\ntags:\n  - home\n", body: "Body.\n"))
        return (f, f.service())
    }

    func testUpdateNeedsTheToken() throws {
        let (f, s) = fixtureWithTask()
        let before = f.vault.bytes("a.md")
        assertRefused(s, "todomd://update?id=a.md&title=Hacked", "update needs auth-token")
        assertRefused(s, "todomd://update?id=a.md&title=Hacked&auth-token=", "update needs auth-token")
        assertRefused(s, "todomd://update?id=a.md&title=Hacked&auth-token=wrong", "auth-token is not this vault's token")
        assertRefused(s, "todomd://update?id=a.md&title=Hacked&auth-token=" + Self.token + "x", "auth-token is not this vault's token")
        assertRefused(s, "todomd://update?id=a.md&title=Hacked&auth-token=" + String(Self.token.dropLast()), "auth-token is not this vault's token")
        // A vault without a token refuses every update.
        assertRefused(s, "todomd://update?id=a.md&title=Hacked&auth-token=" + Self.token, "auth-token is not this vault's token", token: nil)
        XCTAssertEqual(f.vault.bytes("a.md"), before, "the file is untouched")
        XCTAssertEqual(f.vault.files(), ["a.md"])
    }

    func testUpdateWithTheTokenChangesFields() throws {
        let (f, s) = fixtureWithTask()
        let o = try open(s, "todomd://update?id=a.md&auth-token=\(Self.token)&title=Renamed&deadline=&add-tags=urgent,%20later"
                         + "&append-notes=Added+later&priority=low&when=2026-11-30&estimate=45m&flagged=1")
        XCTAssertEqual(o.changed.count, 1)
        XCTAssertEqual(o.returns.first?.0, "x-todomd-id")
        XCTAssertEqual(o.returns.first?.1, "a.md")
        let t = try f.service().task("a.md").task
        XCTAssertEqual(t.title, "Renamed")
        XCTAssertNil(t.due, "deadline= clears the due date")
        XCTAssertEqual(t.tags, ["home", "urgent", "later"])
        XCTAssertEqual(t.priority, .low)
        XCTAssertEqual(t.scheduled?.description, "2026-11-30")
        XCTAssertEqual(t.estimatedMinutes, 45)
        XCTAssertTrue(t.flagged)
        XCTAssertEqual(t.source, "user", "an update keeps the task's source")
        XCTAssertTrue(t.body.contains("Body."), t.body)
        XCTAssertTrue(t.body.contains("Added later"), t.body)
        let text = f.vault.read("a.md")
        XCTAssertFalse(text.contains("due:"), text)
        XCTAssertTrue(text.range(of: "Body.")!.lowerBound < text.range(of: "Added later")!.lowerBound, "appended after the notes")

        // remove-tags, notes= replaces, completed=true completes.
        _ = try open(s, "todomd://update?id=a.md&auth-token=\(Self.token)&remove-tags=home&notes=New+notes")
        var now = try f.service().task("a.md").task
        XCTAssertEqual(now.tags, ["urgent", "later"])
        XCTAssertEqual(now.body.trimmingCharacters(in: .whitespacesAndNewlines), "New notes")
        let done = try open(s, "todomd://update?id=a.md&auth-token=\(Self.token)&completed=true")
        XCTAssertEqual(done.changed.first?.task.status, .done)
        _ = try open(s, "todomd://update?id=a.md&auth-token=\(Self.token)&completed=false")
        now = try f.service().task("a.md").task
        XCTAssertEqual(now.status, .todo)
        _ = try open(s, "todomd://update?id=a.md&auth-token=\(Self.token)&when=someday")
        XCTAssertEqual(try f.service().task("a.md").task.status, .someday)
    }

    func testUpdateRefusesBadInputAndWritesNothing() throws {
        let (f, s) = fixtureWithTask()
        let before = f.vault.bytes("a.md")
        let auth = "&auth-token=" + Self.token
        assertRefused(s, "todomd://update?title=x" + auth, "update needs id")
        assertRefused(s, "todomd://update?id=a.md" + auth, "update has nothing to change")
        assertRefused(s, "todomd://update?id=a.md&prepend-notes=x" + auth, "prepend-notes is not supported")
        assertRefused(s, "todomd://update?id=a.md&estimate=soon" + auth, "estimate takes minutes")
        assertRefused(s, "todomd://update?id=a.md&flagged=perhaps" + auth, "flagged takes true or false")
        assertRefused(s, "todomd://update?id=%2e%2e/%2e%2e/etc/passwd&title=x" + auth, "an id is a path inside the vault")
        assertRefused(s, "todomd://update?id=%2Fetc%2Fpasswd&title=x" + auth, "an id is a path inside the vault")
        assertRefused(s, "todomd://update?id=Work/../../a.md&title=x" + auth, "an id is a path inside the vault")
        XCTAssertThrowsError(try open(s, "todomd://update?id=a.md&deadline=notadate" + auth))
        XCTAssertThrowsError(try open(s, "todomd://update?id=a.md&estimate=-5" + auth), "a negative estimate is refused")
        XCTAssertThrowsError(try open(s, "todomd://update?id=a.md&priority=urgent" + auth))
        XCTAssertThrowsError(try open(s, "todomd://update?id=nothing-like-it&title=x" + auth)) { e in
            guard let fail = e as? URLFailure, case .notFound = fail.error else { return XCTFail("\(e)") }
        }
        XCTAssertEqual(f.vault.bytes("a.md"), before)
        XCTAssertEqual(f.vault.files(), ["a.md"])
    }

    // MARK: complete

    func testCompleteByFuzzyTitle() throws {
        let f = ServiceFixture()
        f.vault.write("milk.md", taskFile("Buy milk"))
        f.vault.write("bread.md", taskFile("Bake bread"))
        let s = f.service()
        let o = try open(s, "todomd://complete?task=milk", token: nil)
        XCTAssertEqual(o.changed.map(\.task.path), ["milk.md"])
        XCTAssertEqual(o.changed.first?.task.status, .done)
        XCTAssertEqual(o.returns.first?.1, "milk.md")
        XCTAssertTrue(f.vault.read("milk.md").contains("status: \"done\"\n"))
        XCTAssertTrue(f.vault.read("bread.md").contains("status: \"todo\"\n"))
        _ = try open(s, "todomd://complete?id=bread.md", token: nil)
        XCTAssertEqual(try f.service().task("bread.md", prefer: .closed).task.status, .done)
        assertRefused(s, "todomd://complete", "complete needs task")
        assertRefused(s, "todomd://complete?id=%2e%2e%2F%2e%2e%2Fetc%2Fpasswd", "an id is a path inside the vault")
    }

    func testCompletingARepeatingTaskReportsTheNextOne() throws {
        let f = ServiceFixture()
        f.vault.write("water.md", taskFile("Water plants", extra: "due: \"2026-11-24\"\nrecurrence: \"FREQ=DAILY\"\n"))
        let s = f.service()
        let o = try open(s, "todomd://complete?task=water", token: nil)
        XCTAssertEqual(o.changed.first?.task.status, .done)
        XCTAssertEqual(o.created.count, 1, "the next occurrence")
        XCTAssertEqual(o.created.first?.task.due?.description, "2026-11-25")
        XCTAssertEqual(taskFiles(f).count, 2)
    }

    // MARK: show

    private func showFixture() -> (ServiceFixture, TodoService) {
        let f = ServiceFixture()
        f.vault.write("milk.md", taskFile("Buy milk", extra: "due: \"2026-11-24\"\ntags:\n  - errands\n"))
        f.vault.write("Work/plan.md", taskFile("Plan the launch", extra: "area: \"Work\"\nproject: \"Meal Prep\"\n"))
        f.vault.write("report.md", taskFile("Write report", extra: "area: \"Office\"\ntags:\n  - work/reports\n"))
        return (f, f.service())
    }

    func testShowResolvesViewsProjectsAreasTagsAndTasks() throws {
        let (f, s) = showFixture()
        defer { withExtendedLifetime(f) {} }
        func target(_ url: String) throws -> ShowTarget { try XCTUnwrap(try open(s, url, token: nil).target, url) }

        let today = try open(s, "todomd://show/today", token: nil)
        XCTAssertEqual(today.target, ShowTarget(kind: "view", name: "today", webPath: "/today"))
        XCTAssertEqual(today.page?.tasks.map(\.path), ["milk.md"])
        XCTAssertEqual(try target("todomd:///show/Upcoming"), ShowTarget(kind: "view", name: "upcoming", webPath: "/upcoming"))
        XCTAssertEqual(try target("todomd://show?id=overdue"), ShowTarget(kind: "view", name: "overdue", webPath: "/overdue"))

        let project = try open(s, "todomd://show/meal%20prep", token: nil)
        XCTAssertEqual(project.target, ShowTarget(kind: "project", name: "Meal Prep", webPath: "/project/Meal%20Prep"))
        XCTAssertEqual(project.page?.tasks.map(\.path), ["Work/plan.md"])

        let area = try open(s, "todomd://show?id=Office", token: nil)
        XCTAssertEqual(area.target, ShowTarget(kind: "area", name: "Office", webPath: "/area/Office"))
        XCTAssertEqual(area.page?.tasks.map(\.path), ["report.md"])

        let tag = try open(s, "todomd://show?query=%23errands", token: nil)
        XCTAssertEqual(tag.target, ShowTarget(kind: "tag", name: "errands", webPath: "/tag/errands"))
        XCTAssertEqual(tag.page?.tasks.map(\.path), ["milk.md"])
        XCTAssertEqual(try target("todomd://show?id=work/reports"), ShowTarget(kind: "tag", name: "work/reports", webPath: "/tag/work/reports"))

        let task = try open(s, "todomd://show/Work/plan.md", token: nil)
        XCTAssertEqual(task.target, ShowTarget(kind: "task", name: "Plan the launch", webPath: "/task/Work/plan.md"))
        XCTAssertNil(task.page)
        XCTAssertEqual(try target("todomd://show?id=report"), ShowTarget(kind: "task", name: "Write report", webPath: "/task/report.md"))
    }

    func testShowRefusesPathsOutsideTheVaultAndUnknownNames() throws {
        let (f, s) = showFixture()
        for url in ["todomd://show/../etc/passwd", "todomd://show/%2e%2e/%2e%2e/etc/passwd", "todomd://show?id=" + enc("/etc/passwd"),
                    "todomd://show?id=" + enc("~/secrets.md"), "todomd://show/Work/../../x.md", "todomd://show?id=" + enc("a/../../b#x")] {
            assertRefused(s, url, "an id is a path inside the vault", token: nil)
            XCTAssertThrowsError(try s.webTarget(of: url), url)
        }
        assertRefused(s, "todomd://show", "show needs", token: nil)
        XCTAssertThrowsError(try open(s, "todomd://show/no-such-thing", token: nil)) { e in
            guard let fail = e as? URLFailure, case .notFound = fail.error else { return XCTFail("\(e)") }
        }
        XCTAssertEqual(f.vault.files(), ["Work/plan.md", "milk.md", "report.md"])
    }

    func testWebTargetOpensOnlyShowAndSearch() throws {
        let (f, s) = showFixture()
        XCTAssertEqual(try s.webTarget(of: "todomd://show/today"), ShowTarget(kind: "view", name: "today", webPath: "/today"))
        XCTAssertEqual(try s.webTarget(of: "todomd://search?query=a+b%26c"), ShowTarget(kind: "search", name: "a b&c", webPath: "/search?q=a%20b%26c"))
        for url in ["todomd://add?title=Evil", "todomd://complete?task=milk", "todomd://update?id=milk.md&title=x&auth-token=" + Self.token,
                    "todomd://json?data=" + enc(#"[{"type":"to-do","attributes":{"title":"Evil"}}]"#), "todomd://version"] {
            XCTAssertThrowsError(try s.webTarget(of: url), url) { e in
                guard case TodoError.invalidArgument(let m) = e else { return XCTFail("\(e)") }
                XCTAssertTrue(m.contains("the web app opens show and search URLs"), m)
            }
        }
        XCTAssertEqual(f.vault.files(), ["Work/plan.md", "milk.md", "report.md"], "following a link never writes")
    }

    // MARK: search, get-tasks, get-overdue-tasks, version

    func testSearch() throws {
        let (f, s) = showFixture()
        defer { withExtendedLifetime(f) {} }
        let o = try open(s, "todomd://search?query=report", token: nil)
        XCTAssertEqual(o.search?.hits.map(\.task.task.path), ["report.md"])
        XCTAssertEqual(o.target, ShowTarget(kind: "search", name: "report", webPath: "/search?q=report"))
        assertRefused(s, "todomd://search", "search needs query", token: nil)
    }

    private func listFixture() -> (ServiceFixture, TodoService) {
        let f = ServiceFixture()
        f.vault.write("milk.md", taskFile("Buy milk", extra: "due: \"2026-11-24\"\ntags:\n  - errands\n"))
        f.vault.write("bread.md", taskFile("Buy bread", extra: "tags:\n  - errands\n"))
        f.vault.write("report.md", taskFile("Write report", extra: "due: \"2026-11-23\"\narea: \"Work\"\nproject: \"Launch\"\n"))
        f.vault.write("later.md", taskFile("Later thing", extra: "due: \"2026-11-25\"\n"))
        f.vault.write("old.md", taskFile("Old and done", status: "done", extra: "due: \"2026-11-01\"\n"))
        return (f, f.service())
    }

    func testGetTasksWithViewAndFilters() throws {
        let (f, s) = listFixture()
        defer { withExtendedLifetime(f) {} }
        let errands = try open(s, "todomd://get-tasks?view=all&tag=errands", token: nil)
        XCTAssertEqual(errands.page?.tasks.map(\.path).sorted(), ["bread.md", "milk.md"])
        let todayErrands = try open(s, "todomd://get-tasks?tag=errands", token: nil)
        XCTAssertEqual(todayErrands.page?.tasks.map(\.path), ["milk.md"], "today is the default view")
        XCTAssertEqual(todayErrands.returns.first { $0.0 == "titles" }?.1, "Buy milk")
        XCTAssertEqual(todayErrands.returns.first { $0.0 == "x-todomd-id" }?.1, "milk.md")
        let work = try open(s, "todomd://get-tasks?view=all&area=Work&project=Launch", token: nil)
        XCTAssertEqual(work.page?.tasks.map(\.path), ["report.md"])
        let none = try open(s, "todomd://get-tasks?view=all&tag=nothing", token: nil)
        XCTAssertEqual(none.page?.tasks.count, 0)
        XCTAssertThrowsError(try open(s, "todomd://get-tasks?view=no-such-view", token: nil))
    }

    func testGetOverdueTasks() throws {
        let (f, s) = listFixture()
        defer { withExtendedLifetime(f) {} }
        let o = try open(s, "todomd://get-overdue-tasks?x-success=" + enc("app://cb"), token: nil)
        let paths = try XCTUnwrap(o.page?.tasks.map(\.path))
        XCTAssertTrue(paths.contains("report.md"), "\(paths)")
        XCTAssertFalse(paths.contains("later.md"), "due tomorrow is not overdue")
        XCTAssertFalse(paths.contains("bread.md"))
        XCTAssertFalse(paths.contains("old.md"), "a done task is not overdue")
        XCTAssertEqual(paths.first, "report.md", "earliest first")
        XCTAssertEqual(o.callback?.hasPrefix("app://cb?titles=Write%20report"), true, o.callback ?? "nil")
    }

    func testVersion() throws {
        let f = ServiceFixture()
        defer { withExtendedLifetime(f) {} }
        let s = f.service()
        let o = try open(s, "todomd://version?x-success=" + enc("app://v"), token: nil)
        XCTAssertEqual(o.action, .version)
        XCTAssertEqual(o.returns.map(\.0), ["x-todomd-scheme-version", "x-todomd-client-version"])
        XCTAssertEqual(o.returns.first?.1, "1")
        XCTAssertEqual(o.returns.last?.1, ToolVersion.string)
        XCTAssertEqual(o.messages, ["todomd \(ToolVersion.string), URL scheme version 1"])
        XCTAssertEqual(o.callback, "app://v?x-todomd-scheme-version=1&x-todomd-client-version=" + enc(ToolVersion.string))
    }

    // MARK: json

    func testJSONInThingsShape() throws {
        let f = ServiceFixture()
        let s = f.service()
        let data = """
            [{"type": "to-do", "attributes": {"title": "Milk", "tags": ["errands", "food"], "when": "tomorrow", "checklist-items": []}},
             {"type": "project", "attributes": {"title": "Trip", "area": "Personal", "items": [
                {"type": "to-do", "attributes": {"title": "Pack"}},
                {"type": "to-do", "attributes": {"title": "Book hotel", "deadline": "2026-12-01", "area": "Travel"}},
                {"type": "heading", "attributes": {"title": "Later"}}]}}]
            """
        let o = try open(s, "todomd://json?data=" + enc(data), token: nil)
        XCTAssertEqual(o.created.map(\.task.title), ["Milk", "Pack", "Book hotel"])
        let byTitle = Dictionary(uniqueKeysWithValues: o.created.map { ($0.task.title, $0.task) })
        XCTAssertEqual(byTitle["Milk"]?.tags, ["errands", "food"])
        XCTAssertEqual(byTitle["Milk"]?.scheduled?.description, "2026-11-25")
        XCTAssertNil(byTitle["Milk"]?.project)
        XCTAssertEqual(byTitle["Pack"]?.project, "Trip")
        XCTAssertEqual(byTitle["Pack"]?.area, "Personal", "a to-do gets its project's area")
        XCTAssertEqual(byTitle["Book hotel"]?.project, "Trip")
        XCTAssertEqual(byTitle["Book hotel"]?.area, "Travel", "its own area wins")
        XCTAssertEqual(byTitle["Book hotel"]?.due?.description, "2026-12-01")
        for t in o.created { XCTAssertEqual(t.task.source, "shortcut") }
        XCTAssertTrue(o.messages.contains("ignored: checklist-items"), "\(o.messages)")
        XCTAssertTrue(o.messages.contains("ignored: heading"), "\(o.messages)")
        XCTAssertTrue(o.messages.contains("project Trip: its to-dos get project: Trip"), "\(o.messages)")
        XCTAssertEqual(taskFiles(f).count, 3)
        XCTAssertEqual(o.returns.first?.1, o.created.map(\.task.id).joined(separator: ","))
    }

    func testJSONUpdateNeedsTheTokenAndNothingIsWrittenWithoutIt() throws {
        let (f, s) = fixtureWithTask()
        let before = f.vault.bytes("a.md")
        let data = #"[{"type": "to-do", "attributes": {"title": "New one"}}, {"type": "to-do", "operation": "update", "id": "a.md", "attributes": {"title": "Hacked"}}]"#
        assertRefused(s, "todomd://json?data=" + enc(data), "update needs auth-token")
        assertRefused(s, "todomd://json?data=" + enc(data) + "&auth-token=nope", "auth-token is not this vault's token")
        XCTAssertEqual(f.vault.bytes("a.md"), before)
        XCTAssertEqual(f.vault.files(), ["a.md"], "the to-do before the update was not created either")

        let o = try open(s, "todomd://json?data=" + enc(data) + "&auth-token=" + Self.token)
        XCTAssertEqual(o.created.map(\.task.title), ["New one"])
        XCTAssertEqual(o.changed.map(\.task.title), ["Hacked"])
        XCTAssertEqual(try f.service().task("a.md").task.title, "Hacked")
        let complete = #"[{"type": "to-do", "operation": "update", "id": "a.md", "attributes": {"completed": true}}]"#
        let done = try open(s, "todomd://json?data=" + enc(complete) + "&auth-token=" + Self.token)
        XCTAssertEqual(done.changed.first?.task.status, .done)
    }

    func testJSONRefusesMalformedData() throws {
        let f = ServiceFixture()
        let s = f.service()
        let cases: [(String, String)] = [
            ("", "json needs data"),
            ("not json", "data is not valid JSON"),
            ("{}", "data must be a JSON array of 1 to 500 items"),
            ("[]", "data must be a JSON array of 1 to 500 items"),
            ("[1]", "each item is an object"),
            (#"[{"type": "area", "attributes": {"title": "X"}}]"#, "unknown item type \"area\""),
            (#"[{"type": "to-do", "attributes": {}}]"#, "a to-do needs a title"),
            (#"[{"type": "project", "attributes": {}}]"#, "a project needs a title"),
            (#"[{"type": "to-do", "operation": "update", "attributes": {"title": "x"}}]"#, "an update needs id"),
            (#"[{"type": "to-do", "operation": "update", "id": "../../etc/passwd", "attributes": {"title": "x"}}]"#, "an id is a path inside the vault"),
            ("[" + Array(repeating: #"{"type": "to-do", "attributes": {"title": "x"}}"#, count: 501).joined(separator: ",") + "]",
             "data must be a JSON array of 1 to 500 items"),
        ]
        for (data, message) in cases {
            assertRefused(s, "todomd://json?data=" + enc(data) + "&auth-token=" + Self.token, message)
        }
        XCTAssertEqual(f.vault.files(), [])
    }

    // MARK: Hostile

    func testHostileURLsWriteNothing() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("Alpha"))
        let s = f.service()
        let before = snapshot(f)
        // 300 KB of title: over the URL limit.
        assertRefused(s, "todomd://add?title=" + String(repeating: "A", count: 300 * 1024), "the URL is longer than")
        // Under the URL limit but over the title limit.
        assertRefused(s, "todomd://add?title=" + String(repeating: "A", count: 10 * 1024), "title is longer than")
        // Over 500 titles.
        assertRefused(s, "todomd://add?titles=" + Array(repeating: "t", count: 501).joined(separator: "%0A"), "at most 500 titles")
        // Paths out of the vault.
        let auth = "&auth-token=" + Self.token
        assertRefused(s, "todomd://update?id=%2e%2e/%2e%2e/etc/passwd&title=x" + auth, "an id is a path inside the vault")
        assertRefused(s, "todomd://complete?id=%2e%2e/%2e%2e/etc/passwd", "an id is a path inside the vault")
        assertRefused(s, "todomd://show?id=%2e%2e/%2e%2e/etc/passwd", "an id is a path inside the vault")
        // Control characters and broken escapes.
        assertRefused(s, "todomd://add?title=a%00b", "control characters")
        assertRefused(s, "todomd://add?title=%E2%82", "bad percent-encoding")
        // Another scheme.
        assertRefused(s, "file:///etc/passwd", "not a todomd:// URL")
        XCTAssertEqual(snapshot(f), before)
    }

    /// A newline in a title cannot smuggle a key into the frontmatter.
    func testANewlineInAFieldCannotInjectFrontmatter() throws {
        let f = ServiceFixture()
        let s = f.service()
        let url = "todomd://add?title=" + enc("Evil\nstatus: done\nsource: user") + "&area=" + enc("Home\ndue: 2020-01-01")
        if let o = try? open(s, url) {
            let path = try XCTUnwrap(o.created.first?.task.path)
            let t = try f.service().task(path).task
            XCTAssertEqual(t.status, .todo)
            XCTAssertEqual(t.source, "shortcut")
            XCTAssertNil(t.due)
        }
        XCTAssertLessThanOrEqual(taskFiles(f).count, 1)
        for file in taskFiles(f) {
            XCTAssertEqual(try f.service().task(file).task.status, .todo)
        }
    }
}
