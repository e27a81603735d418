import Foundation
import XCTest

/// The index cache seen from the command line: processes at once, a cache that cannot be
/// written, and `--no-cache` all give the same answers as reading the files.
final class IndexCLITests: XCTestCase {
    func makeVault(files: Int) throws -> (root: String, env: [String: String]) {
        let tmp = NSTemporaryDirectory() + "todomd-index-cli-" + UUID().uuidString
        let vault = tmp + "/vault"
        try FileManager.default.createDirectory(atPath: vault + "/Work", withIntermediateDirectories: true)
        for i in 0..<files {
            let text = "---\ntitle: \"Task \(i)\"\nstatus: \"\(i % 5 == 0 ? "done" : "todo")\"\ndue: \"2026-11-\(10 + i % 20)\"\n"
                + "created: \"2026-11-01T10:00:00Z\"\nsource: \"user\"\n---\nBody \(i) mentions kiwi\(i % 7).\n"
            try text.write(toFile: vault + (i % 2 == 0 ? "/Work/" : "/") + "t\(i).md", atomically: true, encoding: .utf8)
        }
        let env = ["PATH": "/usr/bin:/bin", "HOME": tmp + "/home", "XDG_CACHE_HOME": tmp + "/cache",
                   "XDG_CONFIG_HOME": tmp + "/config", "TODOMD_VAULT": vault, "TZ": "UTC", "TODOMD_NOW": "2026-11-22T10:00:00"]
        addTeardownBlock { try? FileManager.default.removeItem(atPath: tmp) }
        return (vault, env)
    }

    func testProcessesAtOnceOnAColdCacheAgree() throws {
        let (vault, env) = try makeVault(files: 400)
        let direct = try runTodomd(["list", "all", "--json", "--no-cache"], env: env, cwd: vault)
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            let r = try? runTodomd(i % 2 == 0 ? ["list", "all", "--json"] : ["search", "kiwi3", "--json", "--limit", "100"], env: env, cwd: vault)
            results.set(i, r)
        }
        for i in 0..<4 {
            let r = try XCTUnwrap(results.get(i))
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stderr, "")
            if i % 2 == 0 { XCTAssertEqual(r.stdout, direct.stdout) } else { XCTAssertTrue(r.stdout.contains("\"count\": 57"), r.stdout.prefix(200).description) }
        }
    }

    func testUnwritableCacheFallsBackToTheFiles() throws {
        let (vault, baseEnv) = try makeVault(files: 20)
        var env = baseEnv
        let blocker = env["HOME"]! + "/not-a-folder"
        try FileManager.default.createDirectory(atPath: env["HOME"]!, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: blocker, contents: Data("file".utf8))
        env["XDG_CACHE_HOME"] = blocker  // a file: no cache folder can be made under it
        let r = try runTodomd(["list", "all"], env: env, cwd: vault)
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("index cache unavailable"), r.stderr)
        XCTAssertEqual(r.stdout, try runTodomd(["list", "all", "--no-cache"], env: baseEnv, cwd: vault).stdout)
    }

    func testNoCacheWritesNoCache() throws {
        let (vault, env) = try makeVault(files: 5)
        XCTAssertEqual(try runTodomd(["list", "--no-cache"], env: env, cwd: vault).status, 0)
        var env2 = env
        env2["TODOMD_NO_CACHE"] = "1"
        XCTAssertEqual(try runTodomd(["search", "kiwi1"], env: env2, cwd: vault).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: env["XDG_CACHE_HOME"]! + "/todomd/index"))
    }
}

final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: CommandOutput] = [:]
    func set(_ i: Int, _ v: CommandOutput?) { lock.lock(); values[i] = v; lock.unlock() }
    func get(_ i: Int) -> CommandOutput? { lock.lock(); defer { lock.unlock() }; return values[i] }
}
