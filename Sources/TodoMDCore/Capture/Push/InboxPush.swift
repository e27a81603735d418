import Foundation

/// Pushes the queue into the daily notes (spec 002 §6, written directly: PRODUCT.md decision 9):
/// unsynced entries grouped by `target_date`, each group appended exactly as typed to that
/// day's note (created from the template when missing), under the heading when one is set.
/// The append is a checked write: if the note changed between reading and writing (Obsidian
/// saving it), it is read again and retried, never clobbered. Each entry is marked synced only
/// after its text is on disk (at least once: a crash between the two appends it again).
public struct InboxPush: Sendable {
    /// A day's note that got its entries.
    public struct Day: Sendable, Equatable {
        public var date: LocalDate
        public var note: String
        public var entries: [String]
        /// The note did not exist and was made (from the template, if any).
        public var created: Bool
    }

    /// A day whose entries stay queued.
    public struct Failure: Sendable, Equatable {
        public var date: LocalDate
        public var note: String
        public var entries: [String]
        public var error: String
    }

    public struct Outcome: Sendable {
        public var pushed: [Day] = []
        public var failed: [Failure] = []
    }

    public let queue: InboxQueue
    public let daily: DailyNoteSettings
    /// Runs between reading a note and writing it (tests: another program saving the note then).
    var beforeWrite: (@Sendable (String) -> Void)?

    public init(queue: InboxQueue, daily: DailyNoteSettings) {
        self.queue = queue
        self.daily = daily
    }

    /// Pushes the unsynced entries (only `ids`, when given).
    public func push(ids: Set<String>? = nil) -> Outcome {
        var outcome = Outcome()
        let pending = queue.entries().entries.filter { !$0.synced && (ids?.contains($0.id) ?? true) }
        for (date, entries) in Self.byDay(pending) {
            let note = daily.notePath(for: date)
            do {
                let created = try append(entries.map(\.content), to: note, date: date)
                let now = queue.vault.clock.now
                for e in entries {
                    // An entry edited meanwhile keeps its new text queued (its old text is in the note).
                    _ = try? queue.rewrite(e.id, expected: e.version) { $0.synced = true; $0.syncedAt = now; $0.error = nil; $0.pushNonce = nil }
                }
                outcome.pushed.append(Day(date: date, note: note, entries: entries.map(\.id), created: created))
            } catch {
                let reason = Self.message(error)
                for e in entries { _ = try? queue.rewrite(e.id, expected: e.version) { $0.error = reason } }
                outcome.failed.append(Failure(date: date, note: note, entries: entries.map(\.id), error: reason))
            }
        }
        queue.pruneSynced()
        return outcome
    }

    /// Unsynced entries by day, days ascending, each day's entries in capture order.
    public static func byDay(_ entries: [InboxEntry]) -> [(LocalDate, [InboxEntry])] {
        Dictionary(grouping: entries, by: \.targetDate).sorted { $0.key < $1.key }.map { ($0.key, $0.value.sorted { ($0.created, $0.id) < ($1.created, $1.id) }) }
    }

    /// Appends to the note at `path`; true when the note was created. Retries when the note
    /// changes under it; after three tries the entries stay queued.
    func append(_ contents: [String], to path: String, date: LocalDate) throws -> Bool {
        guard !path.hasPrefix("/"), !path.split(separator: "/").contains(where: { $0 == ".." || $0.hasPrefix(".") }) else {
            throw TodoError.invalidArgument("the daily note's path \(path) is outside the vault; check the daily note format")
        }
        let vault = queue.vault
        for _ in 0..<3 {
            if vault.regularFileStamp(path) != nil {
                let bytes = try vault.readBytes(path)
                let next = DailyNoteAppend.append(contents, to: bytes, heading: daily.heading, separator: daily.separator)
                beforeWrite?(path)
                do {
                    try vault.replaceFile(path, expected: Vault.fingerprint(bytes), with: next)
                    return false
                } catch TodoError.conflict { continue }
            } else {
                let next = DailyNoteAppend.append(contents, to: template(for: date, path: path), heading: daily.heading, separator: daily.separator)
                beforeWrite?(path)
                if try vault.createFile(path, bytes: next) { return true }
            }
        }
        throw TodoError.conflict(path: path, reason: "the note kept changing while being appended to (is it being edited?); the entries stay queued")
    }

    /// A new note's first bytes: the daily-note template with its variables filled, or nothing.
    func template(for date: LocalDate, path: String) -> [UInt8] {
        guard let t = daily.templatePath, let bytes = try? queue.vault.readBytes(t), bytes.count <= Limits.fileBytes,
              let text = UTF8Text.decode(bytes[...]) else { return [] }
        let now = queue.vault.clock
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = now.timeZone
        let c = cal.dateComponents([.hour, .minute], from: now.now)
        let title = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return Array(DailyNoteTemplate.render(text, date: date, title: title, hour: c.hour ?? 0, minute: c.minute ?? 0).utf8)
    }

    static func message(_ error: Error) -> String { "\(error)" }
}
