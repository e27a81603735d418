import XCTest
@testable import TodoMDCore

/// Daily-note settings from Obsidian's core plugin, Periodic Notes and `.todomd.json`.
final class DailyNoteSettingsTests: XCTestCase {
    private var root = ""
    private let core = ".obsidian/daily-notes.json"
    private let periodic = ".obsidian/plugins/periodic-notes/data.json"

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "dailynote-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/.obsidian/plugins/periodic-notes", withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func write(_ relative: String, _ text: String) {
        FileManager.default.createFile(atPath: root + "/" + relative, contents: Data(text.utf8))
    }

    func testDefaultsWithoutFiles() {
        let (s, problems) = DailyNoteSettings.load(root: root)
        XCTAssertEqual(s, DailyNoteSettings())
        XCTAssertEqual(problems, [])
        XCTAssertEqual(s.notePath(for: date("2026-11-27")), "2026-11-27.md")
        XCTAssertNil(s.templatePath)
    }

    func testCoreSettings() {
        write(core, #"{"folder": "/Journal/", "format": "YYYY/MM/YYYY-MM-DD dddd", "template": "Templates/Daily", "autorun": false}"#)
        let (s, problems) = DailyNoteSettings.load(root: root)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(s.folder, "Journal")
        XCTAssertEqual(s.notePath(for: date("2026-11-27")), "Journal/2026/11/2026-11-27 Friday.md")
        XCTAssertEqual(s.templatePath, "Templates/Daily.md")
        XCTAssertEqual(s.sources, [core])
    }

    func testEmptyObsidianValuesMeanTheDefaults() {
        write(core, #"{"folder": "", "format": "", "template": ""}"#)
        let (s, problems) = DailyNoteSettings.load(root: root)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(s.format, "YYYY-MM-DD")
        XCTAssertNil(s.template)
        XCTAssertEqual(s.notePath(for: date("2026-01-02")), "2026-01-02.md")
    }

    func testEnabledPeriodicNotesReplaceTheCoreSettings() {
        write(core, #"{"folder": "Journal", "format": "DD-MM-YYYY", "template": "T/Core"}"#)
        write(periodic, #"{"daily": {"enabled": true, "folder": "Daily", "format": ""}, "weekly": {"enabled": true}}"#)
        let (s, problems) = DailyNoteSettings.load(root: root)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(s, DailyNoteSettings(folder: "Daily", sources: [periodic]))
        XCTAssertEqual(s.notePath(for: date("2026-11-27")), "Daily/2026-11-27.md")
    }

    func testDisabledOrMissingPeriodicDailyIsIgnored() {
        for plugin in [#"{"daily": {"enabled": false, "folder": "Daily"}}"#, #"{"weekly": {"enabled": true}}"#,
                       #"{"daily": {"folder": "Daily"}}"#] {
            write(core, #"{"folder": "Journal"}"#)
            write(periodic, plugin)
            let (s, problems) = DailyNoteSettings.load(root: root)
            XCTAssertEqual(problems, [], plugin)
            XCTAssertEqual(s.folder, "Journal", plugin)
            XCTAssertEqual(s.sources, [core], plugin)
        }
    }

    func testTodomdOverridesEachGivenKey() {
        write(core, #"{"folder": "Journal", "format": "YYYY-MM-DD dddd", "template": "Templates/Daily"}"#)
        write(".todomd.json", ###"{"trash_days": 30, "daily_notes": {"folder": "Notes/Days/", "template": "", "heading": "## Inbox ", "separator": "\n\n"}}"###)
        let (s, problems) = DailyNoteSettings.load(root: root)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(s, DailyNoteSettings(folder: "Notes/Days", format: "YYYY-MM-DD dddd", template: nil, heading: "## Inbox",
                                            separator: "\n\n", sources: [core, ".todomd.json"]))
        XCTAssertEqual(s.notePath(for: date("2026-11-27")), "Notes/Days/2026-11-27 Friday.md")
    }

    func testProblemsNameFileAndKeyAndTheRestApplies() {
        let big = String(repeating: " ", count: Limits.fileBytes + 1)
        let rows: [(files: [(String, String)], problem: String, check: (DailyNoteSettings) -> Bool)] = [
            ([(core, "{not json"), (".todomd.json", ###"{"daily_notes": {"heading": "## Inbox"}}"###)],
             ".obsidian/daily-notes.json: line 1", { $0.heading == "## Inbox" }),
            ([(core, #"{"folder": 3, "format": "YYYY"}"#)], ".obsidian/daily-notes.json: folder must be text", { $0.format == "YYYY" }),
            ([(core, #"{"folder": "../outside", "format": "YYYY"}"#)], ".obsidian/daily-notes.json: folder must be a folder inside the vault",
             { $0.folder == "" && $0.format == "YYYY" }),
            ([(core, #"{"folder": "a/../../b"}"#)], "folder must be a folder inside the vault", { $0.folder == "" }),
            ([(core, #"{"folder": "C:/Users/me"}"#)], "folder must be a folder inside the vault", { $0.folder == "" }),
            ([(core, #"{"template": "~/t"}"#)], "template must be a note inside the vault", { $0.template == nil }),
            ([(core, #"{"format": "[../]YYYY"}"#)], "format must not name a place outside", { $0.format == "YYYY-MM-DD" }),
            ([(periodic, #"{"daily": {"enabled": true, "template": ["x"]}}"#)],
             ".obsidian/plugins/periodic-notes/data.json: daily.template must be text", { $0.sources == [self.periodic] }),
            ([(".todomd.json", #"{"daily_notes": "Journal"}"#)], ".todomd.json: daily_notes must be an object", { $0 == DailyNoteSettings() }),
            ([(".todomd.json", ###"{"daily_notes": {"heading": "## A\n## B", "separator": "\n---\n"}}"###)],
             ".todomd.json: daily_notes.heading must be one line", { $0.heading == nil && $0.separator == "\n---\n" }),
            ([(".todomd.json", #"{"daily_notes": {"separator": false}}"#)], "daily_notes.separator must be text", { $0.separator == "\n" }),
            ([(".todomd.json", "[1]")], ".todomd.json: not a JSON object", { $0 == DailyNoteSettings() }),
            ([(core, big)], ".obsidian/daily-notes.json: larger than 1 MB", { $0 == DailyNoteSettings() }),
        ]
        for (n, row) in rows.enumerated() {
            for f in [core, periodic, ".todomd.json"] { try? FileManager.default.removeItem(atPath: root + "/" + f) }
            for (path, text) in row.files { write(path, text) }
            let (s, problems) = DailyNoteSettings.load(root: root)
            XCTAssertEqual(problems.count, 1, "row \(n): \(problems)")
            XCTAssertTrue(problems.first?.contains(row.problem) == true, "row \(n): \(problems)")
            XCTAssertTrue(row.check(s), "row \(n): \(s)")
        }
    }

    func testNullTemplateAndHeadingInTodomdMeanNone() {
        write(core, #"{"template": "Templates/Daily"}"#)
        write(".todomd.json", #"{"daily_notes": {"template": null, "heading": null}}"#)
        let (s, problems) = DailyNoteSettings.load(root: root)
        XCTAssertEqual(problems, [])
        XCTAssertNil(s.template)
        XCTAssertNil(s.heading)
    }

    func testPaths() {
        let rows: [(DailyNoteSettings, note: String, template: String?)] = [
            (DailyNoteSettings(format: "YYYY/MM/DD"), "2026/11/27.md", nil),
            (DailyNoteSettings(folder: "Journal", format: "[Day] D MMMM", template: "Templates/Daily.md"), "Journal/Day 27 November.md", "Templates/Daily.md"),
            (DailyNoteSettings(template: "/Templates/Daily v1.2/"), "2026-11-27.md", "Templates/Daily v1.2.md"),
            (DailyNoteSettings(template: "T/Mr. Smith"), "2026-11-27.md", "T/Mr. Smith.md"),
            (DailyNoteSettings(template: "T/board.canvas"), "2026-11-27.md", "T/board.canvas"),
            (DailyNoteSettings(template: "T/.hidden"), "2026-11-27.md", "T/.hidden.md"),
            (DailyNoteSettings(template: "../x"), "2026-11-27.md", nil),
            // Set by hand, bypassing `load`: a `..` still cannot leave the vault.
            (DailyNoteSettings(folder: "../up", format: "[../]YYYY"), "up/2026.md", nil),
        ]
        for (s, note, template) in rows {
            XCTAssertEqual(s.notePath(for: date("2026-11-27")), note)
            XCTAssertEqual(s.templatePath, template)
        }
    }
}
