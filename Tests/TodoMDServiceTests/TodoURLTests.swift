import Foundation
import XCTest
import TodoMDCore
@testable import TodoMDService

/// Parsing `todomd://` URLs: every action with its parameters, both authority forms, the path
/// form of show, decoding, the x-callback parameters; and the hostile or malformed URLs that
/// must be refused before anything runs.
final class TodoURLTests: XCTestCase {
    private struct Case {
        var url: String
        var action: TodoURL.Action
        var parameters: [String: String]
        var xSuccess: String? = nil
        var xError: String? = nil
        var xSource: String? = nil
    }

    private let cases: [Case] = [
        // add
        Case(url: "todomd://add?title=Milk", action: .add, parameters: ["title": "Milk"]),
        Case(url: "todomd:///add?title=Milk", action: .add, parameters: ["title": "Milk"]),
        Case(url: "todomd://add?title=Buy+milk&when=tomorrow&deadline=2026-12-01&tags=errands,food&list=Meal%20Prep&area=Home"
             + "&flagged=true&priority=high&estimate=1h30m&notes=Line%201%0ALine%202&defer=friday&completed=false&canceled=false&reveal=true",
             action: .add,
             parameters: ["title": "Buy milk", "when": "tomorrow", "deadline": "2026-12-01", "tags": "errands,food", "list": "Meal Prep",
                          "area": "Home", "flagged": "true", "priority": "high", "estimate": "1h30m", "notes": "Line 1\nLine 2",
                          "defer": "friday", "completed": "false", "canceled": "false", "reveal": "true"]),
        Case(url: "todomd://add?titles=One%0ATwo%0AThree&project=Trip&due=tomorrow&cancelled=no", action: .add,
             parameters: ["titles": "One\nTwo\nThree", "project": "Trip", "due": "tomorrow", "cancelled": "no"]),
        Case(url: "todomd://add?text=Call+Anna+tomorrow+%23phone", action: .add, parameters: ["text": "Call Anna tomorrow #phone"]),
        // a plus sign written as %2B stays a plus; a literal + is a space
        Case(url: "todomd://add?title=C%2B%2B+book", action: .add, parameters: ["title": "C++ book"]),
        // an encoded & and = stay inside the value
        Case(url: "todomd://add?title=a%26b%3Dc", action: .add, parameters: ["title": "a&b=c"]),
        // non-ASCII, tabs and newlines decode
        Case(url: "todomd://add?title=Caf%C3%A9%09%E2%82%AC", action: .add, parameters: ["title": "Café\t€"]),
        // empty values and value-less keys are ""
        Case(url: "todomd://add?title=&flagged", action: .add, parameters: ["title": "", "flagged": ""]),
        // parameter names and the action are case-insensitive; the scheme too
        Case(url: "TODOMD://ADD?Title=X", action: .add, parameters: ["title": "X"]),
        // empty pairs are skipped
        Case(url: "todomd://add?&title=X&&", action: .add, parameters: ["title": "X"]),
        // update
        Case(url: "todomd:///update?id=a.md&auth-token=tok&deadline=&append-notes=More&add-tags=x,y&remove-tags=z&title=New&when=someday",
             action: .update,
             parameters: ["id": "a.md", "auth-token": "tok", "deadline": "", "append-notes": "More", "add-tags": "x,y",
                          "remove-tags": "z", "title": "New", "when": "someday"]),
        Case(url: "todomd://update?id=Work%2Fplan.md&auth-token=t&prepend-notes=p&completed=true", action: .update,
             parameters: ["id": "Work/plan.md", "auth-token": "t", "prepend-notes": "p", "completed": "true"]),
        // show
        Case(url: "todomd://show/today", action: .show, parameters: ["id": "today"]),
        Case(url: "todomd:///show/today", action: .show, parameters: ["id": "today"]),
        Case(url: "todomd://show/Meal%20Prep", action: .show, parameters: ["id": "Meal Prep"]),
        Case(url: "todomd://show/Work/plan.md", action: .show, parameters: ["id": "Work/plan.md"]),
        Case(url: "todomd://show/today#ignored", action: .show, parameters: ["id": "today"]),
        Case(url: "todomd://show?id=upcoming", action: .show, parameters: ["id": "upcoming"]),
        Case(url: "todomd://show?query=%23errands", action: .show, parameters: ["query": "#errands"]),
        // search
        Case(url: "todomd://search?query=milk+bread", action: .search, parameters: ["query": "milk bread"]),
        Case(url: "todomd:///search?query=%22a+phrase%22", action: .search, parameters: ["query": "\"a phrase\""]),
        // json
        Case(url: "todomd://json?data=%5B%5D&auth-token=t&reveal=1", action: .json, parameters: ["data": "[]", "auth-token": "t", "reveal": "1"]),
        // version
        Case(url: "todomd://version", action: .version, parameters: [:]),
        Case(url: "todomd:///version", action: .version, parameters: [:]),
        // complete
        Case(url: "todomd://complete?task=buy+milk", action: .complete, parameters: ["task": "buy milk"]),
        Case(url: "todomd:///complete?id=a.md", action: .complete, parameters: ["id": "a.md"]),
        // get-tasks
        Case(url: "todomd://get-tasks?view=today&area=Work&project=Launch&tag=phone", action: .getTasks,
             parameters: ["view": "today", "area": "Work", "project": "Launch", "tag": "phone"]),
        Case(url: "todomd:///get-tasks", action: .getTasks, parameters: [:]),
        // get-overdue-tasks
        Case(url: "todomd://get-overdue-tasks", action: .getOverdueTasks, parameters: [:]),
        Case(url: "todomd:///get-overdue-tasks?x-success=app%3A%2F%2Fok", action: .getOverdueTasks, parameters: [:], xSuccess: "app://ok"),
        // x-callback parameters, captured apart from the action's, for any action
        Case(url: "todomd://add?title=X&x-success=shortcuts%3A%2F%2Fx-callback-url%2Fdone%3Fa%3D1&x-error=shortcuts%3A%2F%2Ffail"
             + "&x-source=Shortcuts&x-cancel=shortcuts%3A%2F%2Fcancel", action: .add,
             parameters: ["title": "X"], xSuccess: "shortcuts://x-callback-url/done?a=1", xError: "shortcuts://fail", xSource: "Shortcuts"),
        Case(url: "todomd://version?x-source=Raycast", action: .version, parameters: [:], xSource: "Raycast"),
    ]

    func testEveryActionAndItsParametersParse() throws {
        for c in cases {
            let u: TodoURL
            do { u = try TodoURL.parse(c.url) } catch {
                XCTFail("\(c.url): \(error)")
                continue
            }
            XCTAssertEqual(u.action, c.action, c.url)
            XCTAssertEqual(u.parameters, c.parameters, c.url)
            XCTAssertEqual(u.xSuccess, c.xSuccess, c.url)
            XCTAssertEqual(u.xError, c.xError, c.url)
            XCTAssertEqual(u.xSource, c.xSource, c.url)
        }
        // Every action is covered by the table.
        XCTAssertEqual(Set(cases.map(\.action)), Set(TodoURL.Action.allCases))
    }

    func testEveryActionTakesItsListedParameters() throws {
        for action in TodoURL.Action.allCases {
            for p in action.parameters {
                let u = try TodoURL.parse("todomd://\(action.rawValue)?\(p)=v")
                XCTAssertEqual(u.parameters, [p: "v"], "\(action.rawValue) \(p)")
            }
        }
    }

    func testBothAuthorityFormsParseTheSame() throws {
        for c in cases where c.url.hasPrefix("todomd://") && !c.url.hasPrefix("todomd:///") {
            let three = "todomd:///" + c.url.dropFirst("todomd://".count)
            XCTAssertEqual(try TodoURL.parse(three), try TodoURL.parse(c.url), three)
        }
    }

    // MARK: Refused

    private let bad: [(url: String, message: String)] = [
        ("todomd://frobnicate?x=1", "unknown action \"frobnicate\""),
        ("todomd:///delete?id=a.md", "unknown action \"delete\""),
        ("todomd://", "no action"),
        ("todomd:///?title=x", "no action"),
        ("todomd://add?bogus=1", "add takes no parameter \"bogus\""),
        ("todomd://add?id=a.md", "add takes no parameter \"id\""),
        ("todomd://show?title=x", "show takes no parameter \"title\""),
        ("todomd://version?title=x", "version takes no parameter \"title\""),
        ("todomd://get-overdue-tasks?view=today", "get-overdue-tasks takes no parameter \"view\""),
        ("todomd://search?id=a.md", "search takes no parameter \"id\""),
        ("todomd://complete?title=x", "complete takes no parameter \"title\""),
        ("todomd://add?title=a&title=b", "title is given twice"),
        ("todomd://add?title=a&TITLE=b", "title is given twice"),
        ("todomd://show/today?id=upcoming", "id is given twice"),
        ("todomd://add?title=%ZZ", "title: bad percent-encoding"),
        ("todomd://add?title=%E2%82", "title: bad percent-encoding"),
        ("todomd://add?title=50%", "title: bad percent-encoding"),
        ("todomd://add?ti%ZZtle=x", "a parameter name: bad percent-encoding"),
        ("todomd://show/%ZZ", "the path: bad percent-encoding"),
        ("todomd://add?title=a%00b", "title: control characters are not allowed"),
        ("todomd://add?title=bell%07", "title: control characters are not allowed"),
        ("todomd://add?title=esc%1B%5B31m", "title: control characters are not allowed"),
        ("todomd://add?title=del%7F", "title: control characters are not allowed"),
        ("todomd://add?notes=x&ti%00tle=y", "a parameter name: control characters are not allowed"),
        ("todomd://show/a%00b", "the path: control characters are not allowed"),
        ("http://add?title=x", "not a todomd:// URL"),
        ("https://example.com/todomd://add", "not a todomd:// URL"),
        ("todo://add", "not a todomd:// URL"),
        ("add?title=x", "not a todomd:// URL"),
        ("", "not a todomd:// URL"),
        ("todomd:add?title=x", "a todomd URL starts with todomd://"),
        ("todomd:/add?title=x", "a todomd URL starts with todomd://"),
        ("todomd://add/extra?title=x", "only show takes a path"),
        ("todomd://update/a.md?auth-token=t", "only show takes a path"),
        ("todomd:///complete/milk", "only show takes a path"),
    ]

    func testHostileAndMalformedURLsAreRefusedWithAClearMessage() {
        for (url, message) in bad {
            XCTAssertThrowsError(try TodoURL.parse(url), url) { e in
                guard case TodoError.invalidArgument(let m) = e else { return XCTFail("\(url): \(e)") }
                XCTAssertTrue(m.contains(message), "\(url): \"\(m)\" does not say \"\(message)\"")
            }
        }
    }

    func testUnknownActionAndParameterListWhatIsKnown() {
        XCTAssertThrowsError(try TodoURL.parse("todomd://nope")) { e in
            XCTAssertEqual("\(e)", "unknown action \"nope\"; actions: add, update, show, search, json, version, complete, get-tasks, get-overdue-tasks")
        }
        XCTAssertThrowsError(try TodoURL.parse("todomd://search?q=x")) { e in
            XCTAssertEqual("\(e)", "search takes no parameter \"q\"; it takes query")
        }
        XCTAssertThrowsError(try TodoURL.parse("todomd://version?x=1")) { e in
            XCTAssertEqual("\(e)", "version takes no parameter \"x\"", "no list when it takes none")
        }
        // A long unknown name is cut in the message.
        let long = String(repeating: "a", count: 500)
        XCTAssertThrowsError(try TodoURL.parse("todomd://\(long)")) { e in
            XCTAssertLessThan("\(e)".count, 250)
        }
        XCTAssertThrowsError(try TodoURL.parse("todomd://add?\(long)=1")) { e in
            XCTAssertLessThan("\(e)".count, 400)
        }
    }

    func testALongURLIsRefusedAndOneJustUnderTheLimitIsNot() throws {
        let prefix = "todomd://add?title="
        let fits = prefix + String(repeating: "a", count: TodoURL.maxLength - prefix.utf8.count)
        XCTAssertEqual(fits.utf8.count, TodoURL.maxLength)
        XCTAssertEqual(try TodoURL.parse(fits).parameters["title"]?.count, TodoURL.maxLength - prefix.utf8.count)
        XCTAssertThrowsError(try TodoURL.parse(fits + "a")) { e in
            guard case TodoError.invalidArgument(let m) = e else { return XCTFail("\(e)") }
            XCTAssertEqual(m, "the URL is longer than 256 KB")
        }
        // Measured in bytes, not characters.
        let wide = prefix + String(repeating: "é", count: TodoURL.maxLength / 2)
        XCTAssertThrowsError(try TodoURL.parse(wide))
        XCTAssertThrowsError(try TodoURL.parse("todomd://add?title=" + String(repeating: "%41", count: 100_000)))
    }

    // MARK: Helpers

    func testMinutes() throws {
        let good: [(String, Int)] = [("30", 30), ("0", 0), ("45m", 45), ("45M", 45), ("2h", 120), ("1h30m", 90), ("1h 30m", 90),
                                     ("90m", 90), ("1h0m", 60), ("10h", 600),
                                     ("1h30", 90), ("1.5h", 90), ("1d", 480), ("PT1H30M", 90)]
        for (text, n) in good { XCTAssertEqual(try TodoURL.minutes(text), n, text) }
        for text in ["", "abc", "m", "h", "1x", "30mm5", "h30", "999999999h", "½h", "-5", "99999999999999999h", "9223372036854775807:59"] {
            XCTAssertThrowsError(try TodoURL.minutes(text), text) { e in
                guard case TodoError.invalidArgument(let m) = e else { return XCTFail("\(text): \(e)") }
                XCTAssertEqual(m, "estimate takes minutes: 30, 45m, 1h30m")
            }
        }
    }

    func testFlag() throws {
        for t in ["true", "TRUE", "1", "yes"] { XCTAssertTrue(try TodoURL.flag(t, "flagged"), t) }
        for f in ["false", "0", "no", ""] { XCTAssertFalse(try TodoURL.flag(f, "flagged"), f) }
        XCTAssertThrowsError(try TodoURL.flag("maybe", "flagged")) { e in
            XCTAssertEqual("\(e)", "flagged takes true or false")
        }
    }

    func testAppending() {
        XCTAssertEqual(TodoURL.appending([("x-todomd-id", "a.md,Work/b.md")], to: "shortcuts://x-callback-url/done"),
                       "shortcuts://x-callback-url/done?x-todomd-id=a.md%2CWork%2Fb.md")
        XCTAssertEqual(TodoURL.appending([("k", "v")], to: "app://cb?a=1"), "app://cb?a=1&k=v")
        XCTAssertEqual(TodoURL.appending([], to: "app://cb"), "app://cb")
        XCTAssertEqual(TodoURL.appending([("titles", "One two\nThree & four")], to: "app://cb"),
                       "app://cb?titles=One%20two%0AThree%20%26%20four")
        XCTAssertEqual(TodoURL.appending([("errorMessage", "\"x\"=?#"), ("b", "~._-")], to: "app://e"),
                       "app://e?errorMessage=%22x%22%3D%3F%23&b=~._-")
        XCTAssertEqual(TodoURL.appending([("t", "Café")], to: "app://cb"), "app://cb?t=Caf%C3%A9")
        // What appending writes, parsing reads back.
        let back = TodoURL.appending([("title", "a+b & c=d\n%")], to: "todomd://add")
        XCTAssertEqual(try TodoURL.parse(back).parameters["title"], "a+b & c=d\n%")
    }
}
