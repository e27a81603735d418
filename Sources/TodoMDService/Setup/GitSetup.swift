import Foundation
import TodoMDCore

/// Makes a vault in a git repository merge field by field (README, "git"): `.gitattributes` at
/// the vault root sends `*.md` to the `todomd` merge driver and `.order.json` /
/// `.perspectives.json` to `todomd-order`, and the repository's config says how to run them
/// (`todomd merge-driver %O %A %B %P`, which is `FileMerge`). Idempotent: lines already there
/// are not added again.
public struct GitSetup: Sendable {
    /// The lines `.gitattributes` needs.
    public static let attributes = [
        "*.md merge=todomd",
        ".order.json merge=todomd-order",
        ".perspectives.json merge=todomd-order",
    ]

    /// What setting up did.
    public struct Outcome: Sendable {
        /// The repository's top folder.
        public var repository: String
        /// The `.gitattributes` written (vault-relative: at its root).
        public var attributesFile: String
        /// Lines added to it (empty: all were there).
        public var addedLines: [String]
        /// The driver command configured.
        public var driver: String
    }

    public let vaultRoot: String
    /// The `todomd` the driver runs (absolute path).
    public let executable: String

    public init(vaultRoot: String, executable: String) {
        self.vaultRoot = vaultRoot
        self.executable = executable
    }

    /// Writes `.gitattributes` and the repository config. Throws when the vault is not in a git
    /// repository or git cannot be run.
    public func run() throws -> Outcome {
        let top = try git(["rev-parse", "--show-toplevel"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !top.isEmpty else { throw TodoError.invalidArgument("\(vaultRoot) is not in a git repository (git init first)") }
        let path = vaultRoot + "/.gitattributes"
        let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let have = Set(existing.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
        let added = Self.attributes.filter { !have.contains($0) }
        if !added.isEmpty {
            var text = existing
            if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
            if text.isEmpty { text = "# todo.md: merge task files field by field (todomd git-setup)\n" }
            text += added.joined(separator: "\n") + "\n"
            try Vault.writeAtomically(path, bytes: Array(text.utf8))
            chmod(path, 0o644)  // a file to commit, like any other
        }
        let exe = Self.shellQuoted(executable)
        let driver = "\(exe) merge-driver %O %A %B %P"
        for (name, title) in [("todomd", "todo.md: task files field by field"), ("todomd-order", "todo.md: order and perspectives files")] {
            _ = try git(["config", "merge.\(name).name", title])
            _ = try git(["config", "merge.\(name).driver", driver])
        }
        return Outcome(repository: top, attributesFile: ".gitattributes", addedLines: added, driver: driver)
    }

    /// Runs git in the vault; its output, or a clear error.
    private func git(_ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git", "-C", vaultRoot] + args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        do { try p.run() } catch { throw TodoError.invalidArgument("git could not be run (\(error)); is it installed?") }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            if errText.contains("not a git repository") {
                throw TodoError.invalidArgument("\(vaultRoot) is not in a git repository (git init first)")
            }
            throw TodoError.invalidArgument("git \(args.joined(separator: " ")) failed: \(errText.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// `s` as one word for the shell git runs drivers with.
    static func shellQuoted(_ s: String) -> String {
        s.allSatisfy({ $0.isLetter || $0.isNumber || "/._-+".contains($0) }) ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
