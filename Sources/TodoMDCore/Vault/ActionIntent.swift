import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A redo record for an action that writes more than one file (completing a repeating task
/// writes its successor and then the original; archiving a note's lines writes the archive and
/// then the note). It is written (and fsynced) to the cache before the first file, and removed
/// after the last; each step holds a file's state before and its bytes after. A process killed
/// in between leaves it behind, and the next todomd to take the vault lock rolls the action
/// forward: a file still in its "before" state gets its "after" bytes, one already "after" is
/// left, and one changed by someone else meanwhile is left too (and said). So a SIGKILL never
/// leaves a repeating series with two open occurrences or lines in both a note and its archive.
public struct ActionIntent: Codable, Sendable, Equatable {
    /// One file of the action (vault-relative).
    public struct Step: Codable, Sendable, Equatable {
        public var path: String
        /// Fingerprint (hex) of the file before; nil: it did not exist.
        public var before: String?
        /// The bytes after, base64; nil: the file is removed.
        public var after: String?

        public init(path: String, before: [UInt8]?, after: [UInt8]?) {
            self.path = path
            self.before = before.map { String(Vault.fingerprint($0), radix: 16) }
            self.after = after.map { Data($0).base64EncodedString() }
        }

        var afterBytes: [UInt8]? { after.flatMap { Data(base64Encoded: $0) }.map { Array($0) } }
    }

    public var action: String
    public var steps: [Step]

    public init(action: String, steps: [Step]) {
        self.action = action
        self.steps = steps
    }
}

extension Vault {
    /// The folder of this vault's pending intents (in the cache, never in the vault).
    var intentsDir: String { FileSystem.cacheDir() + "/intents/" + cacheKey }

    /// Runs `body` under the vault lock with `intent` recorded, so a crash inside it is rolled
    /// forward by the next todomd. When `body` throws, it has undone its own steps; the record
    /// goes either way.
    public func withIntent<T>(_ intent: ActionIntent, _ body: () throws -> T) throws -> T {
        try withLock {
            try FileSystem.makeDirs(intentsDir)
            let file = intentsDir + "/\(getpid())-\(UInt32.random(in: 0...UInt32.max)).json"
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let data = try encoder.encode(intent)
            try FileSystem.atomicReplace(file, bytes: Array(data))
            defer { unlink(file) }
            return try body()
        }
    }

    /// Runs `body` holding the vault lock (reentrant), first rolling forward any action a
    /// killed process left half done.
    public func withLock<T>(_ body: () throws -> T) throws -> T {
        try FileSystem.withLock(lockPath, first: { _ = self.rollForwardInterrupted() }, body)
    }

    /// Rolls forward actions that were interrupted (see `ActionIntent`) and returns what was
    /// done, one line each. Cheap when there are none (one failed directory open). Takes the
    /// lock itself when called outside it.
    @discardableResult
    public func recoverInterrupted() -> [String] {
        guard let names = FileSystem.list(intentsDir), !names.isEmpty else { return [] }
        return (try? FileSystem.withLock(lockPath) { rollForwardInterrupted() }) ?? []
    }

    /// Must run holding the lock: any intent present then belongs to a process that died.
    private func rollForwardInterrupted() -> [String] {
        guard let names = FileSystem.list(intentsDir), !names.isEmpty else { return [] }
        var messages: [String] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            let file = intentsDir + "/" + name
            guard let bytes = try? FileSystem.readFile(file),
                  let intent = try? JSONDecoder().decode(ActionIntent.self, from: Data(bytes)) else {
                unlink(file)  // torn before it was complete: nothing was written after it
                continue
            }
            for step in intent.steps { messages += rollForward(step, action: intent.action) }
            unlink(file)
        }
        return messages
    }

    private func rollForward(_ step: ActionIntent.Step, action: String) -> [String] {
        let abs = absolute(step.path)
        let now = try? FileSystem.readFile(abs)
        let after = step.afterBytes
        let nowFingerprint = now.map { String(Vault.fingerprint($0), radix: 16) }
        if let after, let now, now == after { return [] }
        if after == nil, now == nil { return [] }
        guard nowFingerprint == step.before else {
            return ["\(action) was interrupted; \(step.path) was changed since, so it was left as it is"]
        }
        do {
            if let after {
                if now == nil {
                    try FileSystem.makeDirs((abs as NSString).deletingLastPathComponent)
                    _ = try FileSystem.atomicCreate(abs, bytes: after)
                } else {
                    try FileSystem.atomicReplace(abs, bytes: after, mode: FileSystem.statStamp(abs).map { $0.mode & 0o7777 } ?? 0o644)
                }
            } else {
                FileSystem.removeFile(abs)
            }
            return ["\(action) was interrupted; finished it: \(step.path)"]
        } catch {
            return ["\(action) was interrupted; \(step.path) could not be finished: \(error)"]
        }
    }
}
