import Foundation
import XCTest

/// Golden CLI tests: each file in `Transcripts/` is a session a person could type. Lines
/// starting with `$ ` are commands (`todomd …`, or the built-ins `cat FILE` and `ls`), the
/// lines after one are its expected output (stdout, then stderr lines prefixed `stderr: `, then
/// `[exit N]` when the exit code is not 0). `@env K=V` sets a variable, `@write FILE` … `@end`
/// writes a file into the vault, `@# …` is a comment. Every transcript runs in a fresh temp
/// vault. Run with `UPDATE_TRANSCRIPTS=1` to rewrite the expected output after a deliberate
/// change, then review the diff.
final class TranscriptTests: XCTestCase {
    func testTranscripts() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Transcripts")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".txt") }.sorted()
        XCTAssertFalse(files.isEmpty)
        for f in files {
            try Transcript(path: dir.appendingPathComponent(f).path).run()
        }
    }
}

/// Finds the built `todomd` executable next to the test bundle.
enum Binary {
    static var todomd: String {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("todomd").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/todomd").path
    }
}

/// The result of running one command.
struct CommandOutput {
    var stdout: String
    var stderr: String
    var status: Int32

    var transcript: [String] {
        var lines = stdout.isEmpty ? [] : stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var errLines = stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if errLines.last == "" { errLines.removeLast() }
        lines += errLines.map { "stderr: " + $0 }
        if status != 0 { lines.append("[exit \(status)]") }
        return lines
    }
}

/// Runs `todomd` with `args` and the given environment (nothing inherited but PATH).
/// Runs todomd (under `wrapper`, e.g. `setpriv …`, when given) and collects its output.
func runTodomd(_ args: [String], env: [String: String], cwd: String, stdin: String? = nil, wrapper: [String] = []) throws -> CommandOutput {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: wrapper.first ?? Binary.todomd)
    p.arguments = wrapper.isEmpty ? args : Array(wrapper.dropFirst()) + [Binary.todomd] + args
    p.environment = env
    p.currentDirectoryURL = URL(fileURLWithPath: cwd)
    let out = Pipe(), err = Pipe(), input = Pipe()
    p.standardOutput = out
    p.standardError = err
    p.standardInput = input
    try p.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try? input.fileHandleForWriting.close()
    // Read both pipes fully before waiting, so a large output cannot block the child.
    let box = DataBox()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async { box.data = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    let outData = box.data
    p.waitUntilExit()
    return CommandOutput(stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
                         status: p.terminationStatus)
}

/// Splits a command line like a POSIX shell would for simple quoting (`"…"`, `'…'`, `\`).
func shellWords(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    var escape = false
    for c in line {
        if escape { current.append(c); escape = false; inWord = true; continue }
        if let q = quote {
            if c == q { quote = nil } else if c == "\\" && q == "\"" { escape = true } else { current.append(c) }
            continue
        }
        switch c {
        case "\\": escape = true
        case "\"", "'": quote = c; inWord = true
        case " ", "\t":
            if inWord { words.append(current); current = ""; inWord = false }
        default: current.append(c); inWord = true
        }
    }
    if inWord { words.append(current) }
    return words
}

struct Transcript {
    let path: String

    func run() throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let tmp = NSTemporaryDirectory() + "todomd-transcript-" + UUID().uuidString
        let vault = tmp + "/vault"
        try FileManager.default.createDirectory(atPath: vault, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        var env = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": tmp + "/home",
                   "XDG_CACHE_HOME": tmp + "/cache", "XDG_CONFIG_HOME": tmp + "/config", "TODOMD_VAULT": vault,
                   "TZ": "UTC", "TODOMD_NOW": "2026-11-22T10:00:00"]
        var output: [String] = []  // the transcript as it actually ran
        var failures: [String] = []
        var i = 0
        let name = (path as NSString).lastPathComponent
        while i < lines.count {
            let line = lines[i]
            output.append(line)
            i += 1
            if line.hasPrefix("@# ") || line == "@#" || line.isEmpty { continue }
            if line.hasPrefix("@env ") {
                let kv = line.dropFirst(5)
                if let eq = kv.firstIndex(of: "=") {
                    let value = String(kv[kv.index(after: eq)...])
                    env[String(kv[..<eq])] = value.replacingOccurrences(of: "$VAULT", with: vault)
                }
                continue
            }
            if line.hasPrefix("@unset ") { env[String(line.dropFirst(7))] = nil; continue }
            if line.hasPrefix("@write ") {
                let rel = String(line.dropFirst(7))
                var body: [String] = []
                while i < lines.count, lines[i] != "@end" { body.append(lines[i]); output.append(lines[i]); i += 1 }
                output.append("@end")
                i += 1
                let full = vault + "/" + rel
                try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                var content = body.joined(separator: "\n")
                // `\r\n` and `\ufeff` in a written file stand for CRLF and a byte order mark.
                content = content.contains("\\r\\n") ? content.replacingOccurrences(of: "\\r\\n", with: "\r\n") : content + "\n"
                content = content.replacingOccurrences(of: "\\ufeff", with: "\u{FEFF}")
                try content.write(toFile: full, atomically: true, encoding: .utf8)
                continue
            }
            guard line.hasPrefix("$ ") else {
                failures.append("\(name):\(i): unexpected line \(line)")
                continue
            }
            // Expected output: until the next directive.
            var expected: [String] = []
            while i < lines.count, !lines[i].hasPrefix("$ "), !lines[i].hasPrefix("@") {
                expected.append(lines[i])
                i += 1
            }
            while expected.last == "" { expected.removeLast() }
            let actual = try execute(shellWords(String(line.dropFirst(2))), env: env, vault: vault)
            output += actual
            if i < lines.count { output.append("") }
            if actual != expected {
                failures.append("\(name): \(line)\n--- expected\n\(expected.joined(separator: "\n"))\n--- actual\n\(actual.joined(separator: "\n"))")
            }
        }
        if ProcessInfo.processInfo.environment["UPDATE_TRANSCRIPTS"] == "1" {
            try (output.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        for f in failures { XCTFail(f) }
    }

    func execute(_ words: [String], env: [String: String], vault: String) throws -> [String] {
        guard let cmd = words.first else { return [] }
        switch cmd {
        case "todomd":
            return try runTodomd(Array(words.dropFirst()), env: env, cwd: vault).transcript
                .map { $0.replacingOccurrences(of: vault, with: "$VAULT") }
        case "cat":
            let data = FileManager.default.contents(atPath: vault + "/" + words[1])
            guard let data else { return ["cat: \(words[1]): no such file"] }
            var lines = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\\r\\n\n")
                .replacingOccurrences(of: "\u{FEFF}", with: "\\ufeff")
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return lines
        case "ls":
            let root = words.count > 1 ? vault + "/" + words[1] : vault
            let e = FileManager.default.enumerator(atPath: root)
            var out: [String] = []
            while let p = e?.nextObject() as? String {
                // todomd's own state (the audit log, named after the device) is not the vault's content.
                if words.count == 1, p == ".todomd" || p.hasPrefix(".todomd/") { continue }
                var isDir: ObjCBool = false
                FileManager.default.fileExists(atPath: root + "/" + p, isDirectory: &isDir)
                if !isDir.boolValue { out.append(p) }
            }
            return out.sorted()
        case "corrupt-cache":
            // Garbage over every index database: the next command must rebuild, not fail.
            let dir = env["XDG_CACHE_HOME"]! + "/todomd/index"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            for n in names { FileManager.default.createFile(atPath: dir + "/" + n, contents: Data("not a database".utf8)) }
            return ["corrupted \(names.filter { $0.hasSuffix(".sqlite") }.count) index file(s)"]
        case "cache-files":
            let dir = env["XDG_CACHE_HOME"]! + "/todomd/index"
            return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".sqlite") }.map { _ in "index.sqlite" }
        default:
            return ["unknown command \(cmd)"]
        }
    }
}

final class DataBox: @unchecked Sendable { var data = Data() }
