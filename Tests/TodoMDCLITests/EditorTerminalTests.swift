import Foundation
import TodoMDTestSupport
import XCTest

/// `todomd edit` in a real terminal (a pseudo-terminal driven by Python's `pty`): the editor
/// must get the keyboard. It used to be started in another process group and stopped (SIGTTIN),
/// leaving a blank screen until Ctrl-C.
final class EditorTerminalTests: XCTestCase {
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
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/pty_edit.py").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", script, Binary.todomd, "old title", "New title"]
        p.environment = env
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, out)
        XCTAssertTrue(out.contains("edited: 20261124-1000-old-title.md"), out)
        XCTAssertTrue(out.contains("exit=0"), out)
        let file = try String(contentsOfFile: vault + "/20261124-1000-old-title.md", encoding: .utf8)
        XCTAssertTrue(file.contains("title: \"New title\""), file)
    }
}
