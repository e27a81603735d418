import Foundation

/// A task's version: the fingerprint of the bytes it was read from, as 16 hex digits. A task
/// file's version is its file's; a checkbox task's is its line's, so edits elsewhere in the
/// note do not make it stale. Every front end passes back the version it read, and a write
/// checks it (see `EditConflict`).
public enum TaskVersion {
    /// `0123456789abcdef`: a fingerprint as its version string.
    public static func string(_ fingerprint: UInt64) -> String {
        let hex = String(fingerprint, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The version of a file's bytes.
    public static func of(fileBytes bytes: [UInt8]) -> String { string(Vault.fingerprint(bytes)) }

    /// The version of a checkbox line as read.
    public static func of(line: String) -> String { string(Vault.fingerprint(Array(line.utf8))) }

    /// The version of `task` read from a file whose bytes had `fileFingerprint`.
    public static func of(_ task: TodoTask, fileFingerprint: UInt64) -> String {
        if task.line != nil, let l = task.sourceLine { return of(line: l) }
        return string(fileFingerprint)
    }

    /// A version as a client sends it: bare, or as an HTTP entity tag (`"…"`, `W/"…"`).
    /// nil for anything that is not one (`*` means "any" and is nil too).
    public static func parse(_ text: String) -> String? {
        var s = text.trimmingCharacters(in: .whitespaces)
        if s.hasPrefix("W/") { s.removeFirst(2) }
        if s.count >= 2, s.hasPrefix("\""), s.hasSuffix("\"") { s = String(s.dropFirst().dropLast()) }
        let v = s.lowercased()
        guard v.count == 16, v.allSatisfy({ $0.isHexDigit }) else { return nil }
        return v
    }
}

/// An edit refused because another program changed the same field since the task was read:
/// which fields, their value on disk now, and the version on disk now (retry with it).
public struct EditConflict: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Field: Sendable, Equatable {
        public var key: String
        /// The value the editor read (nil when the version read is unknown).
        public var read: JSONValue?
        /// The value on disk now.
        public var onDisk: JSONValue

        public init(key: String, read: JSONValue?, onDisk: JSONValue) {
            self.key = key
            self.read = read
            self.onDisk = onDisk
        }
    }

    /// The task's key (`path`, or `path:line`).
    public var path: String
    public var fields: [Field]
    /// The version on disk now.
    public var currentVersion: String
    /// What happened, for a person.
    public var reason: String

    public init(path: String, fields: [Field], currentVersion: String, reason: String) {
        self.path = path
        self.fields = fields
        self.currentVersion = currentVersion
        self.reason = reason
    }

    public var description: String { "\(path): not written: \(reason)" }
}
