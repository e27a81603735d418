import Foundation
import TodoMDTestSupport
import XCTest

/// `todomd open-url` and `todomd install-url-handler` from the command line, in a sandbox
/// (TODOMD_NOW 2026-11-24 10:00 UTC).
final class OpenURLCLITests: XCTestCase {
    var sandbox: CLISandbox!

    override func setUp() {
        super.setUp()
        sandbox = CLISandbox()
    }

    private func markdownFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: sandbox.vault).filter { $0.hasSuffix(".md") }.sorted()
    }

    private func read(_ name: String) -> String {
        String(decoding: FileManager.default.contents(atPath: sandbox.vault + "/" + name) ?? Data(), as: UTF8.self)
    }

    func testOpenURLAddsATask() throws {
        let r = try runTodomd(["open-url", "todomd://add?title=Milk&when=tomorrow"], env: sandbox.env, cwd: sandbox.vault)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("added: "), r.stdout)
        XCTAssertTrue(r.stdout.contains("Milk"), r.stdout)
        let files = try markdownFiles()
        XCTAssertEqual(files.count, 1, "\(files)")
        let text = read(try XCTUnwrap(files.first))
        XCTAssertTrue(text.contains("title: \"Milk\"\n"), text)
        XCTAssertTrue(text.contains("scheduled: \"2026-11-25\"\n"), text)
        XCTAssertTrue(text.contains("source: \"shortcut\"\n"), text)
    }

    func testOpenURLPrintsJSON() throws {
        let url = "todomd://add?title=Milk&tags=errands&x-success=" + "app%3A%2F%2Fok"
        let r = try runTodomd(["open-url", url, "--json"], env: sandbox.env, cwd: sandbox.vault)
        XCTAssertEqual(r.status, 0, r.stderr)
        let doc = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], r.stdout)
        XCTAssertEqual(doc["action"] as? String, "add")
        let created = try XCTUnwrap(doc["created"] as? [[String: Any]])
        XCTAssertEqual(created.count, 1)
        XCTAssertEqual(created.first?["title"] as? String, "Milk")
        XCTAssertEqual(created.first?["source"] as? String, "shortcut")
        XCTAssertEqual(created.first?["tags"] as? [String], ["errands"])
        let id = try XCTUnwrap(created.first?["id"] as? String)
        XCTAssertEqual(try markdownFiles(), [id])
        XCTAssertEqual((doc["changed"] as? [Any])?.count, 0)
        let returns = try XCTUnwrap(doc["returns"] as? [[String: Any]])
        XCTAssertEqual(returns.first?["name"] as? String, "x-todomd-id")
        XCTAssertEqual(returns.first?["value"] as? String, id)
        XCTAssertEqual(doc["callback"] as? String, "app://ok?x-todomd-id=" + id)
        XCTAssertNotNil(doc["schema_version"])

        let version = try runTodomd(["open-url", "todomd://version", "--json"], env: sandbox.env, cwd: sandbox.vault)
        XCTAssertEqual(version.status, 0, version.stderr)
        let v = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(version.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(v["action"] as? String, "version")
    }

    func testABadURLFailsAndWritesNothing() throws {
        for url in ["todomd://bogus?title=Milk", "todomd://add?title=Milk&title=Again", "todomd://add?title=%ZZ",
                    "http://add?title=Milk", "todomd://add?title=Milk&deadline=notadate"] {
            let r = try runTodomd(["open-url", url], env: sandbox.env, cwd: sandbox.vault)
            XCTAssertNotEqual(r.status, 0, url)
            XCTAssertTrue(r.stderr.hasPrefix("todomd: error: "), "\(url): \(r.stderr)")
            XCTAssertEqual(r.stdout, "", url)
        }
        let unknown = try runTodomd(["open-url", "todomd://bogus"], env: sandbox.env, cwd: sandbox.vault)
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.contains("unknown action \"bogus\""), unknown.stderr)
        XCTAssertEqual(try markdownFiles(), [])
    }

    /// An id made only of `#` must be refused like any other bad id, not crash the process
    /// (`checkReference` indexes `[0]` of an empty split). Run in a child process so a trap
    /// fails this test only.
    func testAnIdOfOnlyHashSignsIsAnErrorNotACrash() throws {
        for url in ["todomd://show/%23", "todomd://show/%23%23", "todomd://complete?task=%23", "todomd://show?id=%23"] {
            let r = try runTodomd(["open-url", url], env: sandbox.env, cwd: sandbox.vault)
            XCTAssertTrue([2, 64].contains(r.status), "\(url): exit \(r.status) (a trap ends it by SIGILL: status 4)")
            XCTAssertTrue(r.stderr.hasPrefix("todomd: error: "), "\(url): \(r.stderr.prefix(200))")
        }
    }

    func testAnErrorNamesTheXErrorCallback() throws {
        let r = try runTodomd(["open-url", "todomd://add?title=&x-error=app%3A%2F%2Ffail"], env: sandbox.env, cwd: sandbox.vault)
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("x-error callback: app://fail?errorMessage="), r.stderr)
        XCTAssertTrue(r.stderr.contains("todomd: error: add needs title"), r.stderr)
        XCTAssertEqual(try markdownFiles(), [])
    }

    func testUpdateWithoutTheTokenFails() throws {
        let add = try runTodomd(["open-url", "todomd://add?title=Milk", "--json"], env: sandbox.env, cwd: sandbox.vault)
        XCTAssertEqual(add.status, 0, add.stderr)
        let file = try XCTUnwrap(try markdownFiles().first)
        let before = read(file)
        let r = try runTodomd(["open-url", "todomd://update?id=\(file)&title=Hacked&auth-token=guess"], env: sandbox.env, cwd: sandbox.vault)
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.hasPrefix("todomd: error: "), r.stderr)
        XCTAssertEqual(read(file), before)
    }

    func testInstallURLHandlerWritesTheDesktopFile() throws {
        let data = sandbox.dir.path + "/data"
        let emptyBin = sandbox.dir.path + "/bin"
        try FileManager.default.createDirectory(atPath: emptyBin, withIntermediateDirectories: true)
        var env = sandbox.env
        env["XDG_DATA_HOME"] = data
        env["PATH"] = emptyBin  // no xdg-mime
        let r = try runTodomd(["install-url-handler"], env: env, cwd: sandbox.vault)
        XCTAssertEqual(r.status, 0, r.stderr)
        let path = data + "/applications/todomd-url.desktop"
        XCTAssertEqual(r.stdout.split(separator: "\n").first.map(String.init), "wrote \(path)")
        XCTAssertTrue(r.stderr.contains("xdg-mime"), r.stderr)
        let text = String(decoding: try XCTUnwrap(FileManager.default.contents(atPath: path)), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("[Desktop Entry]\n"), text)
        XCTAssertTrue(text.contains("MimeType=x-scheme-handler/todomd;"), text)
        XCTAssertTrue(text.contains(" open-url --web --follow-callback %u\n"), text)
        XCTAssertTrue(text.contains("Type=Application\n"), text)
        let exec = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("Exec=") })
        XCTAssertTrue(exec.hasPrefix("Exec=\"/"), "an absolute path to todomd: \(exec)")
        XCTAssertTrue(exec.contains("todomd\" open-url"), String(exec))

        // Running it again replaces the file.
        let again = try runTodomd(["install-url-handler"], env: env, cwd: sandbox.vault)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self), text)
    }

    func testInstallURLHandlerPrintWritesNothing() throws {
        let data = sandbox.dir.path + "/data"
        var env = sandbox.env
        env["XDG_DATA_HOME"] = data
        let r = try runTodomd(["install-url-handler", "--print"], env: env, cwd: sandbox.vault)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("[Desktop Entry]\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("MimeType=x-scheme-handler/todomd;"), r.stdout)
        XCTAssertTrue(r.stdout.contains("open-url"), r.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: data), "nothing written")
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.dir.path + "/home/.local/share/applications/todomd-url.desktop"))
    }
}
