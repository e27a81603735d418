import XCTest
@testable import TodoMDCore
import TodoMDTestSupport

/// The Obsidian Tasks plugin's settings (`.obsidian/plugins/obsidian-tasks-plugin/data.json`):
/// read with the plugin's key names and defaults, combined with `.todomd.json`, and applied to
/// reading and writing checkbox lines. "Today" is Sunday 2026-11-22 throughout.
final class InlinePluginSettingsTests: XCTestCase {
    static let today = "2026-11-22"

    /// A vault holding `n.md`, the plugin's `data.json` (when given) and `.todomd.json` (when given).
    func vault(_ note: String, plugin: String? = nil, todomd: String? = nil) -> (TempDir, Vault) {
        let dir = TempDir()
        dir.write("n.md", note)
        if let plugin { dir.write(ObsidianTasksSettings.relativePath, plugin) }
        if let todomd { dir.write(".todomd.json", todomd) }
        return (dir, Vault(root: dir.path, clock: clock("\(Self.today)T10:00")))
    }

    /// Completes the task titled `title` and returns the note afterwards.
    @discardableResult
    func complete(_ title: String, _ dir: TempDir, _ vault: Vault) throws -> ActionResult {
        let t = try XCTUnwrap(vault.load().tasks.first { $0.title == title }, "no task \(title)")
        return try TaskLifecycle(vault: vault).complete(t)
    }

    // MARK: - Reading data.json

    func testDefaultsAreThePluginsDefaults() {
        let (s, problems) = ObsidianTasksSettings.parse(Data("{}".utf8))
        XCTAssertEqual(problems, [])
        XCTAssertEqual(s, ObsidianTasksSettings())
        XCTAssertNil(s.globalFilter)
        XCTAssertFalse(s.removeGlobalFilter)
        XCTAssertEqual(s.taskFormat, .emoji)
        XCTAssertFalse(s.setCreatedDate)
        XCTAssertTrue(s.setDoneDate)
        XCTAssertTrue(s.setCancelledDate)
        XCTAssertFalse(s.recurrenceOnNextLine)
        XCTAssertFalse(s.removeScheduledDateOnRecurrence)
        XCTAssertEqual(s.statuses.map(\.symbol), [" ", "x", "/", "-"])
        XCTAssertEqual(s.statusMap, InlineStatusMap.default, "the plugin's default statuses are todomd's default map")
    }

    func testEveryKeyIsRead() {
        let json = """
        {"globalFilter": "#task", "removeGlobalFilter": true, "taskFormat": "dataview", "setCreatedDate": true,
         "setDoneDate": false, "setCancelledDate": false, "recurrenceOnNextLine": true,
         "removeScheduledDateOnRecurrence": true, "autoSuggestInEditor": true, "features": {}}
        """
        let (s, problems) = ObsidianTasksSettings.parse(Data(json.utf8))
        XCTAssertEqual(problems, [])
        XCTAssertEqual(s.globalFilter, "#task")
        XCTAssertTrue(s.removeGlobalFilter)
        XCTAssertEqual(s.taskFormat, .dataview)
        XCTAssertTrue(s.setCreatedDate)
        XCTAssertFalse(s.setDoneDate)
        XCTAssertFalse(s.setCancelledDate)
        XCTAssertTrue(s.recurrenceOnNextLine)
        XCTAssertTrue(s.removeScheduledDateOnRecurrence)
        XCTAssertEqual(ObsidianTasksSettings.parse(Data(##"{"globalFilter": ""}"##.utf8)).0.globalFilter, nil, "empty: no filter")
    }

    func testBadValuesKeepDefaultsAndAreReported() {
        let (s, problems) = ObsidianTasksSettings.parse(Data(##"{"globalFilter": 3, "taskFormat": "org", "setDoneDate": "no", "statusSettings": []}"##.utf8))
        XCTAssertEqual(s, ObsidianTasksSettings())
        XCTAssertEqual(problems, ["globalFilter must be text", "taskFormat must be tasksPluginEmoji or dataview",
                                  "setDoneDate must be true or false", "statusSettings must be an object"])
        XCTAssertEqual(ObsidianTasksSettings.parse(Data("[1]".utf8)).problems, ["not a JSON object; the plugin's defaults are used"])
        // Through the vault: the problem names the plugin's file, the defaults apply.
        let (dir, v) = vault("- [ ] a\n", plugin: "{not json")
        XCTAssertTrue(v.settingsProblem?.contains(ObsidianTasksSettings.relativePath) ?? false, v.settingsProblem ?? "nil")
        XCTAssertEqual(withExtendedLifetime(dir) { v.load().tasks.map(\.title) }, ["a"])
    }

    func testStatusesAreNormalisedAsThePluginDoes() {
        // getSettings(): a missing symbol is a space, a missing next symbol "x", an unknown type TODO.
        let json = """
        {"statusSettings": {"customStatuses": [
          {"symbol": ">", "name": "Forwarded", "type": "WHATEVER"},
          {"symbol": "ab", "name": "two characters never match a checkbox", "nextStatusSymbol": "x", "type": "DONE"},
          {"symbol": "Q", "name": "Quote", "nextStatusSymbol": "Q", "type": "NON_TASK"},
          {"symbol": "x", "name": "Duplicate: the first one wins", "nextStatusSymbol": "Q", "type": "CANCELLED"}]}}
        """
        let s = ObsidianTasksSettings.parse(Data(json.utf8)).0
        XCTAssertEqual(s.statuses.map { "\($0.symbol)\($0.nextSymbol.map(String.init) ?? "∅")\($0.type.rawValue)" },
                       [" xTODO", "x DONE", ">xTODO", "QQNON_TASK", "xQCANCELLED"])
        let map = s.statusMap
        XCTAssertEqual(map.status(for: ">"), .todo)
        XCTAssertEqual(map.status(for: "x"), .done)
        XCTAssertEqual(map.nextCharacter(after: "x"), " ")
        XCTAssertEqual(map.nonTask, ["Q"])
        XCTAssertNil(map.character(for: .cancelled), "this vault has no cancelled status")
        XCTAssertEqual(map.status(for: "X"), .done, "an unclaimed X still reads as done")
    }

    // MARK: - Global filter

    func testGlobalFilterStaysInTheTitleUnlessRemoved() {
        let note = "- [ ] #task Buy milk #home\n- [ ] Not tracked\n- [ ] Call #task Bob\n"
        var (dir, v) = vault(note, plugin: ##"{"globalFilter": "#task"}"##)
        XCTAssertEqual(v.load().tasks.map(\.title), ["#task Buy milk #home", "Call #task Bob"])
        XCTAssertEqual(v.load().tasks.map(\.tags), [["home"], []], "the filter is never a tag")
        (dir, v) = vault(note, plugin: ##"{"globalFilter": "#task", "removeGlobalFilter": true}"##)
        XCTAssertEqual(v.load().tasks.map(\.title), ["Buy milk #home", "Call Bob"])
        withExtendedLifetime(dir) {}
    }

    func testTodomdJsonOverridesThePlugin() {
        let note = "- [ ] #task Buy milk\n- [ ] Not tracked\n- [>] Later #task\n"
        let plugin = """
        {"globalFilter": "#task", "statusSettings": {"customStatuses": [
          {"symbol": ">", "name": "Forwarded", "nextStatusSymbol": "x", "type": "TODO"}]}}
        """
        // Only the plugin: its filter and its status for ">".
        var (dir, v) = vault(note, plugin: plugin)
        XCTAssertEqual(v.load().tasks.map(\.title), ["#task Buy milk", "Later #task"])
        XCTAssertEqual(v.load().tasks.map(\.status), [.todo, .todo])
        // .todomd.json's explicit choices win: no filter at all, ">" is someday.
        (dir, v) = vault(note, plugin: plugin, todomd: ##"{"global_filter": "", "status_map": {">": "someday"}}"##)
        XCTAssertEqual(v.load().tasks.map(\.title), ["#task Buy milk", "Not tracked", "Later #task"])
        XCTAssertEqual(v.load().tasks.map(\.status), [.todo, .todo, .someday])
        XCTAssertEqual(v.settings.statusMap.nextCharacter(after: ">"), "x", "the plugin's next status stays")
        // remove_global_filter in .todomd.json, with or without the plugin.
        (dir, v) = vault(note, plugin: plugin, todomd: ##"{"remove_global_filter": true}"##)
        XCTAssertEqual(v.load().tasks.map(\.title), ["Buy milk", "Later"])
        (dir, v) = vault(note, todomd: ##"{"global_filter": "#task", "remove_global_filter": true}"##)
        XCTAssertEqual(v.load().tasks.map(\.title), ["Buy milk", "Later"])
        withExtendedLifetime(dir) {}
    }

    // MARK: - Created date, placement, scheduled date

    func testCreatedDateOnlyWithSetCreatedDate() throws {
        let note = "- [ ] Water 🔁 every week ➕ 2026-11-01 📅 2026-11-21\n- [ ] Feed 🔁 every week 📅 2026-11-21\n"
        // Off (the default): the new occurrence has no ➕, even when the completed one had.
        var (dir, v) = vault(note)
        try complete("Water", dir, v)
        try complete("Feed", dir, v)
        XCTAssertEqual(dir.read("n.md"), """
        - [ ] Water 🔁 every week 📅 2026-11-28
        - [x] Water 🔁 every week ➕ 2026-11-01 📅 2026-11-21 ✅ 2026-11-22
        - [ ] Feed 🔁 every week 📅 2026-11-28
        - [x] Feed 🔁 every week 📅 2026-11-21 ✅ 2026-11-22

        """)
        // On: ➕ today on every new occurrence, added in canonical order.
        (dir, v) = vault(note, plugin: ##"{"setCreatedDate": true}"##)
        try complete("Water", dir, v)
        try complete("Feed", dir, v)
        XCTAssertEqual(dir.read("n.md"), """
        - [ ] Water 🔁 every week ➕ 2026-11-22 📅 2026-11-28
        - [x] Water 🔁 every week ➕ 2026-11-01 📅 2026-11-21 ✅ 2026-11-22
        - [ ] Feed 🔁 every week ➕ 2026-11-22 📅 2026-11-28
        - [x] Feed 🔁 every week 📅 2026-11-21 ✅ 2026-11-22

        """)
    }

    func testRecurrenceOnNextLine() throws {
        let (dir, v) = vault("- [ ] Water 🔁 every week 📅 2026-11-21\n- [ ] other", plugin: ##"{"recurrenceOnNextLine": true}"##)
        let r = try complete("Water", dir, v)
        XCTAssertEqual(dir.read("n.md"), """
        - [x] Water 🔁 every week 📅 2026-11-21 ✅ 2026-11-22
        - [ ] Water 🔁 every week 📅 2026-11-28
        - [ ] other
        """)
        XCTAssertEqual(r.task.key, "n.md:1", "the completed line did not move")
        XCTAssertEqual(r.task.status, .done)
        XCTAssertEqual(r.messages, ["next: a new line below, due Sat 28 Nov"])
        // The last line without a line ending: the completed line gains one, the new line has none.
        let (dir2, v2) = vault("- [ ] Water 🔁 every week 📅 2026-11-21", plugin: ##"{"recurrenceOnNextLine": true}"##)
        try complete("Water", dir2, v2)
        XCTAssertEqual(dir2.read("n.md"), "- [x] Water 🔁 every week 📅 2026-11-21 ✅ 2026-11-22\n- [ ] Water 🔁 every week 📅 2026-11-28")
    }

    func testRemoveScheduledDateOnRecurrence() throws {
        let note = """
        - [ ] Water 🔁 every week ⏳ 2026-11-20 📅 2026-11-21
        - [ ] Read 🔁 every month on the 15th 🛫 2026-11-15 ⏳ 2026-11-20
        - [ ] Plan 🔁 every week ⏳ 2026-11-20

        """
        // Off: every date moves from the reference date (due, else scheduled, else start).
        var (dir, v) = vault(note)
        for t in ["Water", "Read", "Plan"] { try complete(t, dir, v) }
        XCTAssertEqual(dir.read("n.md"), """
        - [ ] Water 🔁 every week ⏳ 2026-11-27 📅 2026-11-28
        - [x] Water 🔁 every week ⏳ 2026-11-20 📅 2026-11-21 ✅ 2026-11-22
        - [ ] Read 🔁 every month on the 15th 🛫 2026-12-10 ⏳ 2026-12-15
        - [x] Read 🔁 every month on the 15th 🛫 2026-11-15 ⏳ 2026-11-20 ✅ 2026-11-22
        - [ ] Plan 🔁 every week ⏳ 2026-11-27
        - [x] Plan 🔁 every week ⏳ 2026-11-20 ✅ 2026-11-22

        """)
        // On: ⏳ goes when a start or due date stays, and the reference is due, else start.
        (dir, v) = vault(note, plugin: ##"{"removeScheduledDateOnRecurrence": true}"##)
        for t in ["Water", "Read", "Plan"] { try complete(t, dir, v) }
        XCTAssertEqual(dir.read("n.md"), """
        - [ ] Water 🔁 every week 📅 2026-11-28
        - [x] Water 🔁 every week ⏳ 2026-11-20 📅 2026-11-21 ✅ 2026-11-22
        - [ ] Read 🔁 every month on the 15th 🛫 2026-12-15
        - [x] Read 🔁 every month on the 15th 🛫 2026-11-15 ⏳ 2026-11-20 ✅ 2026-11-22
        - [ ] Plan 🔁 every week ⏳ 2026-11-27
        - [x] Plan 🔁 every week ⏳ 2026-11-20 ✅ 2026-11-22

        """)
    }

    // MARK: - Task format, done and cancelled dates

    func testDataviewFormatForLinesWithoutFields() throws {
        let note = "- [ ] Water plants\n- [ ] Pay 📅 2026-11-21\n- [ ] Call mum\n- [ ] Feed  [repeat:: every week]  [due:: 2026-11-21]\n"
        let (dir, v) = vault(note, plugin: ##"{"taskFormat": "dataview"}"##)
        try complete("Water plants", dir, v)
        try complete("Pay", dir, v)
        let call = try XCTUnwrap(v.load().tasks.first { $0.title == "Call mum" })
        _ = try v.update(call, [FieldChange(TaskKey.due, .string("2026-11-30"))])
        try complete("Feed", dir, v)
        XCTAssertEqual(dir.read("n.md"), """
        - [x] Water plants  [completion:: 2026-11-22]
        - [x] Pay 📅 2026-11-21 ✅ 2026-11-22
        - [ ] Call mum  [due:: 2026-11-30]
        - [ ] Feed  [repeat:: every week]  [due:: 2026-11-28]
        - [x] Feed  [repeat:: every week]  [due:: 2026-11-21]  [completion:: 2026-11-22]

        """, "a line with fields keeps its own spelling")
    }

    func testDoneAndCancelledDatesFollowTheirSettings() throws {
        let (dir, v) = vault("- [ ] Pay\n- [ ] Skip\n", plugin: ##"{"setDoneDate": false, "setCancelledDate": false}"##)
        try complete("Pay", dir, v)
        let skip = try XCTUnwrap(v.load().tasks.first { $0.title == "Skip" })
        _ = try TaskLifecycle(vault: v).cancel(skip)
        XCTAssertEqual(dir.read("n.md"), "- [x] Pay\n- [-] Skip\n")
    }

    // MARK: - Custom statuses

    /// `[D]` Doing → `[X]` Shipped (done) → `[!]` Urgent (todo) → `[D]`; `[Q]` is not a task;
    /// `/` is not registered, so it is an unknown todo that goes to `x`.
    static let customStatuses = """
    {"statusSettings": {
      "coreStatuses": [{"symbol": " ", "name": "Todo", "nextStatusSymbol": "x", "availableAsCommand": false, "type": "TODO"},
                       {"symbol": "x", "name": "Done", "nextStatusSymbol": " ", "availableAsCommand": false, "type": "DONE"}],
      "customStatuses": [{"symbol": "D", "name": "Doing", "nextStatusSymbol": "X", "availableAsCommand": false, "type": "IN_PROGRESS"},
                         {"symbol": "X", "name": "Shipped", "nextStatusSymbol": "!", "availableAsCommand": false, "type": "DONE"},
                         {"symbol": "!", "name": "Urgent", "nextStatusSymbol": "D", "availableAsCommand": false, "type": "TODO"},
                         {"symbol": "-", "name": "Cancelled", "nextStatusSymbol": " ", "availableAsCommand": false, "type": "CANCELLED"},
                         {"symbol": "Q", "name": "Quote", "nextStatusSymbol": "Q", "availableAsCommand": false, "type": "NON_TASK"}]}}
    """

    func testCustomStatusesInTheVault() throws {
        let note = """
        - [D] Deploy 🔁 every week 📅 2026-11-20
        > - [Q] A quote, not a task
        - [!] Fix the build
        - [/] Unknown slash

        """
        let (dir, v) = vault(note, plugin: Self.customStatuses)
        XCTAssertEqual(v.load().tasks.map(\.title), ["Deploy", "Fix the build", "Unknown slash"])
        XCTAssertEqual(v.load().tasks.map(\.status), [.inProgress, .todo, .todo])
        try complete("Deploy", dir, v)
        try complete("Fix the build", dir, v)
        try complete("Unknown slash", dir, v)
        XCTAssertEqual(dir.read("n.md"), """
        - [!] Deploy 🔁 every week 📅 2026-11-27
        - [X] Deploy 🔁 every week 📅 2026-11-20 ✅ 2026-11-22
        > - [Q] A quote, not a task
        - [X] Fix the build ✅ 2026-11-22
        - [x] Unknown slash ✅ 2026-11-22

        """)
        // Reopening walks the chain to the first todo: [X] → [!], the done date goes.
        let fix = try XCTUnwrap(v.load().tasks.first { $0.title == "Fix the build" })
        _ = try TaskLifecycle(vault: v).reopen(fix)
        XCTAssertTrue(dir.read("n.md").contains("\n- [!] Fix the build\n"))
    }

    func testToggleFollowsTheNextStatusSymbol() throws {
        let settings = ObsidianTasksSettings.parse(Data(Self.customStatuses.utf8)).0
        let map = settings.statusMap
        let today = inlineDay(Self.today)
        let table: [(String, [String])] = [
            ("- [D] Ship it", ["- [X] Ship it ✅ 2026-11-22"]),
            ("- [X] Ship it ✅ 2026-11-20", ["- [!] Ship it"]),
            ("- [!] Ship it", ["- [D] Ship it"]),
            ("- [ ] Ship it", ["- [x] Ship it ✅ 2026-11-22"]),
            ("- [x] Ship it ✅ 2026-11-20", ["- [ ] Ship it"]),
            ("- [-] Ship it ❌ 2026-11-20", ["- [ ] Ship it"]),
            ("- [?] Ship it", ["- [x] Ship it ✅ 2026-11-22"]),  // unknown: next is x
            // [D] → [X] done: the next occurrence is the first todo after X, [!].
            ("- [D] Ship it 🔁 every week 📅 2026-11-20", ["- [!] Ship it 🔁 every week 📅 2026-11-27",
                                                          "- [X] Ship it 🔁 every week 📅 2026-11-20 ✅ 2026-11-22"]),
        ]
        for (line, want) in table {
            let change = try inlineLine(line).toggled(on: today, statusMap: map, settings: settings) { line in
                line.occurrence.shifted(toReference: line.due!.adding(days: 7))
            }
            XCTAssertEqual(change.lines, want, line)
        }
    }

    func testNextOccurrenceStatusAsTheRegistryPicksIt() {
        func map(_ s: [(Character, Character, ObsidianTasksSettings.StatusType)]) -> InlineStatusMap {
            var o = ObsidianTasksSettings()
            o.statuses = s.map { ObsidianTasksSettings.Status(symbol: $0.0, name: "", nextSymbol: $0.1, type: $0.2) }
            return o.statusMap
        }
        // The next status when it is a todo.
        XCTAssertEqual(InlineStatusMap.default.recurrenceCharacter(after: "x"), " ")
        // Done → done → in progress, no todo on the chain: the in-progress one.
        XCTAssertEqual(map([(" ", "x", .todo), ("x", "y", .done), ("y", "/", .done), ("/", "x", .inProgress)])
            .recurrenceCharacter(after: "x"), "/")
        // Done → itself: a space.
        XCTAssertEqual(map([(" ", "x", .todo), ("x", "x", .done)]).recurrenceCharacter(after: "x"), " ")
        // A next symbol nobody registered is an unknown todo: it is used as it is.
        XCTAssertEqual(map([(" ", "x", .todo), ("x", "?", .done)]).recurrenceCharacter(after: "x"), "?")
    }

    func testNonTaskStatusFromStatusMap() {
        let (dir, v) = vault("- [Q] quoted\n- [ ] real\n", todomd: ##"{"status_map": {"Q": "non_task"}}"##)
        XCTAssertEqual(withExtendedLifetime(dir) { v.load().tasks.map(\.title) }, ["real"])
    }
}
