import Foundation
import TodoMDTestSupport
import XCTest

/// `todomd remind` with a fake notifier (a script that records its calls) under a moving clock
/// (issue 18): each reminder is sent once across processes, a nag repeats, a gap sends one per
/// task, completing the task in an editor stops it, and snooze / nag off are written to the file.
final class RemindCLITests: XCTestCase {
    func testRemindersFireOnceNagAndStopWhenDoneElsewhere() throws {
        let box = CLISandbox()
        let calls = box.dir.path + "/calls.txt"
        box.dir.write("notifier.sh", "#!/bin/sh\nprintf '%s|%s|%s|%s\\n' \"$1\" \"$2\" \"$3\" \"$4\" >> \(calls)\n")
        chmod(box.dir.path + "/notifier.sh", 0o755)
        var env = box.env
        env["TODOMD_NOTIFIER"] = box.dir.path + "/notifier.sh"
        box.dir.write("vault/.todomd.json", #"{"nag": {"interval_minutes": 5}}"#)
        box.dir.write("vault/water.md", taskFile("Water the plants", extra: "due: \"2026-11-24\"\nnag: true\n"))
        box.dir.write("vault/rent.md", taskFile("Pay rent", extra: "due: \"2026-11-24\"\n"))
        box.dir.write("vault/agent.md", taskFile("Agent's idea", extra: "due: \"2026-11-24\"\nnag: true\n")
            .replacingOccurrences(of: "source: \"user\"", with: "source: \"mcp:bot\""))
        func remind(at time: String) throws -> [String] {
            env["TODOMD_NOW"] = "2026-11-24T" + time
            let r = try runTodomd(["remind", "--once"], env: env, cwd: box.vault)
            XCTAssertEqual(r.status, 0, r.stderr)
            let all = (try? String(contentsOfFile: calls, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: calls)
            return all.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try remind(at: "08:59"), [])
        XCTAssertEqual(try remind(at: "09:00:20"), ["Agent's idea|Due today|agent.md|due", "Pay rent|Due today|rent.md|due",
                                                    "Water the plants|Due today|water.md|due"])
        XCTAssertEqual(try remind(at: "09:01"), [], "each reminder once")
        XCTAssertEqual(try remind(at: "09:05:10"), ["Water the plants|Still to do: due 2026-11-24|water.md|nag"],
                       "the trusted task nags; the agent's cannot")
        // Two hours without a check: one nag, not 24.
        XCTAssertEqual(try remind(at: "11:07").count, 1)
        // Done in an editor: nothing more.
        box.dir.write("vault/water.md", taskFile("Water the plants", status: "done", extra: "due: \"2026-11-24\"\nnag: true\n"))
        XCTAssertEqual(try remind(at: "11:13"), [])
    }

    func testSnoozeAndNagOffWriteTheFile() throws {
        let box = CLISandbox(now: "2026-11-24T09:30:00")
        box.dir.write("vault/water.md", taskFile("Water the plants", extra: "due: \"2026-11-24\"\nnag: true\n"))
        box.dir.write("vault/daily.md", taskFile("Stretch", extra: "due: \"2026-11-24\"\nrecurrence: \"FREQ=DAILY\"\nnag: true\n"))
        let s = try runTodomd(["snooze", "water", "1h"], env: box.env, cwd: box.vault)
        XCTAssertEqual(s.stdout, "snoozed: Water the plants until Tue 24 Nov 10:30  (water.md)\n", s.stderr)
        XCTAssertTrue(box.dir.read("vault/water.md").contains("snoozed_until: \"2026-11-24T10:30\"\n"))
        let later = try runTodomd(["snooze", "water", "tomorrow"], env: box.env, cwd: box.vault)
        XCTAssertTrue(later.stdout.contains("until Wed 25 Nov 09:00"), later.stdout)
        XCTAssertEqual(try runTodomd(["snooze", "water", "2026-11-01"], env: box.env, cwd: box.vault).status, 64)
        XCTAssertEqual(try runTodomd(["nag", "off", "water"], env: box.env, cwd: box.vault).stdout, "not nagging: Water the plants  (water.md)\n")
        XCTAssertTrue(box.dir.read("vault/water.md").contains("nag: false\n"))
        let daily = try runTodomd(["nag", "off", "stretch"], env: box.env, cwd: box.vault)
        XCTAssertEqual(daily.stdout, "silenced until its next occurrence: Stretch  (daily.md)\n")
        XCTAssertTrue(box.dir.read("vault/daily.md").contains("nag_silenced: \"2026-11-24\"\n"))
        XCTAssertEqual(try runTodomd(["nag", "on", "stretch"], env: box.env, cwd: box.vault).status, 0)
        XCTAssertFalse(box.dir.read("vault/daily.md").contains("nag_silenced"))
        XCTAssertEqual(try runTodomd(["nag", "maybe", "stretch"], env: box.env, cwd: box.vault).status, 64)
    }

    /// What the user chooses on a notification (the notifier prints it, as notify-send does):
    /// Snooze 1 h, Tomorrow and Stop nagging write the file; a click opens the task in the web app.
    func testNotificationActionsWriteTheTaskAndAClickOpensIt() throws {
        let box = CLISandbox()
        box.dir.write("notifier.sh", "#!/bin/sh\necho \"$5\" >> \(box.dir.path)/offered.txt\ncat \(box.dir.path)/answer.txt\n")
        box.dir.write("opener.sh", "#!/bin/sh\necho \"$1\" >> \(box.dir.path)/opened.txt\n")
        chmod(box.dir.path + "/notifier.sh", 0o755)
        chmod(box.dir.path + "/opener.sh", 0o755)
        var env = box.env
        env["TODOMD_NOTIFIER"] = box.dir.path + "/notifier.sh"
        env["TODOMD_OPENER"] = box.dir.path + "/opener.sh"
        env["TODOMD_WEB_URL"] = "http://127.0.0.1:9999"
        box.dir.write("vault/.todomd.json", #"{"nag": {"interval_minutes": 5}}"#)
        box.dir.write("vault/water plants.md", taskFile("Water the plants", extra: "due: \"2026-11-24\"\nnag: true\n"))
        func remind(at time: String, answer: String) throws -> String {
            box.dir.write("answer.txt", answer + "\n")
            env["TODOMD_NOW"] = time
            let r = try runTodomd(["remind", "--once"], env: env, cwd: box.vault)
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdout
        }
        XCTAssertTrue(try remind(at: "2026-11-24T09:00:10", answer: "default").hasSuffix("Due today\n"))
        XCTAssertEqual(box.dir.read("opened.txt"), "http://127.0.0.1:9999/task/water%20plants.md\n")
        XCTAssertTrue(try remind(at: "2026-11-24T09:05:10", answer: "snooze").hasSuffix("Snooze 1 h: Water the plants\n"))
        XCTAssertTrue(box.dir.read("vault/water plants.md").contains("snoozed_until: \"2026-11-24T10:05\"\n"))
        XCTAssertEqual(box.dir.read("offered.txt"), "default,done,snooze,tomorrow,nag-off\ndefault,done,snooze,tomorrow,nag-off\n")
        _ = try remind(at: "2026-11-24T10:05:10", answer: "tomorrow")
        XCTAssertTrue(box.dir.read("vault/water plants.md").contains("snoozed_until: \"2026-11-25T09:00\"\n"))
        XCTAssertTrue(try remind(at: "2026-11-25T09:00:10", answer: "nag-off").contains("Stop nagging: Water the plants"))
        XCTAssertTrue(box.dir.read("vault/water plants.md").contains("nag: false\n"))
        XCTAssertEqual(box.dir.read("offered.txt").split(separator: "\n").count, 4)
    }
}
