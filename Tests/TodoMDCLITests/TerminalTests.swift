import Foundation
import TodoMDTestSupport
import XCTest

/// Commands at a real terminal (a pseudo-terminal driven by Python's `pty`).
final class TerminalTests: XCTestCase {
    /// Runs `todomd ARGS` in a terminal, answering `reply` once `prompt` shows.
    func inTerminal(_ args: [String], prompt: String, reply: String, env: [String: String]) throws -> (out: String, status: Int32) {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/pty_run.py").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", script, prompt, reply, Binary.todomd] + args
        p.environment = env
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (out, p.terminationStatus)
    }

    /// The editor must get the keyboard: it used to be started in another process group and
    /// stopped (SIGTTIN), leaving a blank screen until Ctrl-C.
    func testEditorRunsInTheTerminalsForegroundGroup() throws {
        let sandbox = CLISandbox()
        let vault = sandbox.vault
        let editor = sandbox.dir.path + "/editor.sh"
        // Reads a line from the terminal (stdin is the tty) and puts it in the title.
        try Data("""
            #!/bin/sh
            echo "EDITOR READY"
            IFS= read -r line
            sed -i "s/^title: .*/title: \\"$line\\"/" "$1"
            """.utf8).write(to: URL(fileURLWithPath: editor))
        chmod(editor, 0o755)
        var env = sandbox.env
        env["TERM"] = "xterm"
        XCTAssertEqual(try runTodomd(["add", "Old title"], env: env, cwd: vault).status, 0)
        env["VISUAL"] = editor
        env["EDITOR"] = "/bin/false"  // $VISUAL wins
        let (out, status) = try inTerminal(["edit", "old title"], prompt: "EDITOR READY", reply: "New title", env: env)
        XCTAssertEqual(status, 0, out)
        XCTAssertTrue(out.contains("edited: 20261124-1000-old-title.md"), out)
        XCTAssertTrue(out.contains("exit=0"), out)
        let file = try String(contentsOfFile: vault + "/20261124-1000-old-title.md", encoding: .utf8)
        XCTAssertTrue(file.contains("title: \"New title\""), file)
    }

    /// `trash empty` asks at a terminal; "no" keeps the trash. (Without a terminal it does not ask.)
    func testTrashEmptyAsksAtATerminal() throws {
        let sandbox = CLISandbox()
        var env = sandbox.env
        env["TERM"] = "xterm"
        XCTAssertEqual(try runTodomd(["add", "Old"], env: env, cwd: sandbox.vault).status, 0)
        XCTAssertEqual(try runTodomd(["rm", "old"], env: env, cwd: sandbox.vault).status, 0)
        var (out, status) = try inTerminal(["trash", "empty"], prompt: "for good? [y/N]", reply: "n", env: env)
        XCTAssertEqual(status, 0, out)
        XCTAssertTrue(out.contains("exit=1") && out.contains("the trash was left as it is"), out)
        XCTAssertTrue(sandbox.dir.exists("vault/.trash/20261124-1000-old.md"))
        (out, status) = try inTerminal(["trash", "empty"], prompt: "for good? [y/N]", reply: "y", env: env)
        XCTAssertTrue(out.contains("emptied the trash (1 file)") && out.contains("exit=0"), out)
        XCTAssertFalse(sandbox.dir.exists("vault/.trash/20261124-1000-old.md"))
    }

    /// A filter selecting more than 3 tasks is confirmed at a terminal.
    func testABatchOfMoreThanThreeAsksAtATerminal() throws {
        let sandbox = CLISandbox()
        var env = sandbox.env
        env["TERM"] = "xterm"
        for t in ["A", "B", "C", "D"] { XCTAssertEqual(try runTodomd(["add", "Errand \(t) #errands"], env: env, cwd: sandbox.vault).status, 0) }
        var (out, _) = try inTerminal(["done", "--tag", "errands"], prompt: "[y/N]", reply: "no", env: env)
        XCTAssertTrue(out.contains("Done 4 tasks? [y/N]") && out.contains("nothing changed") && out.contains("exit=1"), out)
        (out, _) = try inTerminal(["done", "--tag", "errands"], prompt: "[y/N]", reply: "y", env: env)
        XCTAssertTrue(out.contains("done: Errand D") && out.contains("exit=0"), out)
    }
}
