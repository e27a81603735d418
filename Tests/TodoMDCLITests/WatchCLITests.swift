import Foundation
import XCTest

/// Lines a child process writes, collected as they arrive.
private final class LineReader: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = Data()
    private var lines: [(String, Date)] = []

    init(_ pipe: Pipe) {
        pipe.fileHandleForReading.readabilityHandler = { [weak self] h in
            let d = h.availableData
            guard let self, !d.isEmpty else { return }
            self.lock.lock()
            self.buffer.append(d)
            while let nl = self.buffer.firstIndex(of: 0x0A) {
                self.lines.append((String(decoding: self.buffer[self.buffer.startIndex..<nl], as: UTF8.self), Date()))
                self.buffer.removeSubrange(self.buffer.startIndex...nl)
            }
            self.lock.unlock()
        }
    }

    var all: [(String, Date)] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    /// The first line (after the first `after` lines) that satisfies `match`, waiting up to `timeout`.
    func wait(after: Int = 0, timeout: TimeInterval, _ match: (String) -> Bool) -> (String, Date)? {
        let end = Date().addingTimeInterval(timeout)
        repeat {
            if let hit = all.dropFirst(after).first(where: { match($0.0) }) { return hit }
            usleep(5_000)
        } while Date() < end
        return nil
    }
}

/// Starts `todomd ARGS` with `env`, collecting its output lines.
private func launch(_ args: [String], env: [String: String], cwd: String? = nil) throws -> (Process, LineReader, LineReader) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: Binary.todomd)
    p.arguments = args
    p.environment = env
    if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    let readers = (LineReader(out), LineReader(err))
    try p.run()
    return (p, readers.0, readers.1)
}

/// `todomd watch --json` end to end: a real process on a temp vault.
final class WatchCLITests: XCTestCase {
    func testWatchPrintsOutsideChangesButNotTodomdsOwnWrites() throws {
        let tmp = NSTemporaryDirectory() + "todomd-watch-" + UUID().uuidString
        let vault = tmp + "/vault"
        try FileManager.default.createDirectory(atPath: vault, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let env = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": tmp + "/home",
                   "XDG_CACHE_HOME": tmp + "/cache", "XDG_CONFIG_HOME": tmp + "/config", "TODOMD_VAULT": vault,
                   "TZ": "UTC", "TODOMD_NOW": "2026-11-22T10:00:00"]
        let (p, stdout, stderr) = try launch(["watch", "--json"], env: env, cwd: tmp)
        defer { if p.isRunning { p.terminate() } }
        XCTAssertNotNil(stderr.wait(timeout: 10) { $0.contains("watching") }, "watch did not start: \(stderr.all)")

        // An outside write: reported with the task.
        func write(_ name: String, _ title: String) -> Date {
            let text = "---\ntitle: \"\(title)\"\nstatus: \"todo\"\ndue: \"2026-11-27\"\ncreated: \"2026-11-20T09:00:00Z\"\nsource: \"user\"\n---\n"
            let start = Date()
            _ = FileManager.default.createFile(atPath: vault + "/" + name, contents: Data(text.utf8))
            return start
        }
        let start = write("20261120-0900-buy-milk.md", "Buy milk")
        let added = stdout.wait(timeout: 2) { $0.contains("\"event\":\"added\"") }
        XCTAssertNotNil(added, "no added event; stdout \(stdout.all), stderr \(stderr.all)")
        guard let (line, at) = added else { return }
        let latency = at.timeIntervalSince(start)
        print("watch latency (CLI, write → line read): \(Int(latency * 1000)) ms")
        XCTAssertLessThan(latency, 1.0)
        let obj = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        let task = obj?["task"] as? [String: Any]
        XCTAssertEqual(task?["title"] as? String, "Buy milk")
        XCTAssertEqual(task?["path"] as? String, "20261120-0900-buy-milk.md")
        XCTAssertEqual(task?["due"] as? String, "2026-11-27")

        // todomd's own write: not reported. A later outside write is, and nothing came between.
        let seenBefore = stdout.all.count
        let done = try runTodomd(["done", "Buy milk"], env: env, cwd: tmp)
        XCTAssertEqual(done.status, 0, done.stderr)
        usleep(400_000)
        _ = write("20261120-0900-call-bob.md", "Call Bob")
        XCTAssertNotNil(stdout.wait(after: seenBefore, timeout: 2) { $0.contains("Call Bob") })
        let between = stdout.all.dropFirst(seenBefore).map(\.0).filter { !$0.contains("Call Bob") }
        XCTAssertEqual(between, [], "todomd's own write was reported")

        // An outside edit of the completed task: reported as modified, listing the field.
        let path = vault + "/20261120-0900-buy-milk.md"
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "2026-11-27", with: "2026-11-28")
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let modified = stdout.wait(after: seenBefore, timeout: 2) { $0.contains("\"event\":\"modified\"") }
        XCTAssertNotNil(modified)
        XCTAssertTrue(modified?.0.contains("\"changed\":[\"due\"]") ?? false, modified?.0 ?? "")

        // Other commands use the watch's index: no walk, and a change made just before shows.
        XCTAssertTrue(stderr.all.contains { $0.0.contains("other commands use its index") }, "\(stderr.all)")
        var traced = env
        traced["TODOMD_TRACE"] = "1"
        _ = write("20261120-0900-just-now.md", "Written just now")
        let listed = try runTodomd(["list", "all", "--json"], env: traced, cwd: tmp)
        XCTAssertTrue(listed.stderr.contains("synced with the running watch"), listed.stderr)
        XCTAssertFalse(listed.stderr.contains("walk:"), "the command walked the vault: \(listed.stderr)")
        XCTAssertTrue(listed.stdout.contains("Written just now"))
        XCTAssertEqual(listed.stdout, try runTodomd(["list", "all", "--json", "--no-cache"], env: env, cwd: tmp).stdout)

        p.interrupt()
        let end = Date().addingTimeInterval(5)
        while p.isRunning && Date() < end { usleep(10_000) }
        XCTAssertFalse(p.isRunning, "watch did not stop on SIGINT")
        if !p.isRunning { XCTAssertEqual(p.terminationStatus, 0) }
        let afterwards = try runTodomd(["list", "all"], env: traced, cwd: tmp)
        XCTAssertTrue(afterwards.stderr.contains("walk:"), "without a watch, commands walk again")
    }

    func testWatchPollFallbackReportsInHumanForm() throws {
        let tmp = NSTemporaryDirectory() + "todomd-watch-" + UUID().uuidString
        let vault = tmp + "/vault"
        try FileManager.default.createDirectory(atPath: vault + "/inbox", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let (p, stdout, stderr) = try launch(["watch", "--vault", vault], env: [
            "PATH": "/usr/bin:/bin", "HOME": tmp + "/home", "XDG_CACHE_HOME": tmp + "/cache",
            "TZ": "UTC", "TODOMD_NOW": "2026-11-22T10:00:00", "TODOMD_WATCH_POLL": "1"])
        defer { if p.isRunning { p.terminate() } }
        XCTAssertNotNil(stderr.wait(timeout: 10) { $0.contains("(polling)") }, "\(stderr.all)")
        let text = "---\ntitle: \"Water plants\"\nstatus: \"todo\"\ncreated: \"2026-11-20T09:00:00Z\"\nsource: \"user\"\n---\n"
        _ = FileManager.default.createFile(atPath: vault + "/inbox/water.md", contents: Data(text.utf8))
        let line = stdout.wait(timeout: 3) { $0.hasPrefix("+ added") }
        XCTAssertEqual(line?.0, "+ added  Water plants  (inbox/water.md)")
        p.terminate()
        let end = Date().addingTimeInterval(5)
        while p.isRunning && Date() < end { usleep(10_000) }
        XCTAssertFalse(p.isRunning, "watch did not stop on SIGTERM")
        if !p.isRunning { XCTAssertEqual(p.terminationStatus, 0) }
    }

    /// `todomd watch` runs the reminder loop: the reminder is printed, sent to the notifier, and
    /// the notifier's answer (Done) completes the task (issue 18).
    func testWatchFiresRemindersAndAppliesTheNotificationsAction() throws {
        let tmp = NSTemporaryDirectory() + "todomd-watch-" + UUID().uuidString
        let vault = tmp + "/vault"
        try FileManager.default.createDirectory(atPath: vault, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let task = "---\ntitle: \"Water plants\"\nstatus: \"todo\"\ndue: \"2026-11-22\"\ncreated: \"2026-11-20T09:00:00Z\"\nsource: \"user\"\n---\n"
        _ = FileManager.default.createFile(atPath: vault + "/water.md", contents: Data(task.utf8))
        let script = tmp + "/notifier.sh"
        _ = FileManager.default.createFile(atPath: script, contents: Data("#!/bin/sh\necho \"$1|$5\" >> \(tmp)/calls.txt\necho done\n".utf8),
                                           attributes: [.posixPermissions: 0o755])
        let (p, stdout, stderr) = try launch(["watch", "--vault", vault], env: [
            "PATH": "/usr/bin:/bin", "HOME": tmp + "/home", "XDG_CACHE_HOME": tmp + "/cache", "XDG_CONFIG_HOME": tmp + "/config",
            "TZ": "Europe/Berlin", "TODOMD_NOW": "2026-11-22T09:00:30", "TODOMD_NOTIFIER": script])
        defer { if p.isRunning { p.terminate() } }
        let line = stdout.wait(timeout: 10) { $0.hasPrefix("⏰") }
        XCTAssertEqual(line?.0, "⏰ due Water plants: Due today  (water.md)", "\(stdout.all) \(stderr.all)")
        XCTAssertNotNil(stderr.wait(timeout: 10) { $0.contains("Done: Water plants") }, "\(stderr.all)")
        let text = (try? String(contentsOfFile: vault + "/water.md", encoding: .utf8)) ?? ""
        XCTAssertTrue(text.contains("status: \"done\""), text)
        XCTAssertEqual(try String(contentsOfFile: tmp + "/calls.txt", encoding: .utf8), "Water plants|default,done,snooze,tomorrow\n")
    }
}
