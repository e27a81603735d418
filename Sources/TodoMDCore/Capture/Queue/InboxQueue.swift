import Foundation

/// The capture inbox's queue (spec 002 §5, PRODUCT.md decision 9): one small file per entry in
/// the queue folder (`.inbox/` by default, hidden, so entries are never tasks), written through
/// the vault's checked writes. An entry is edited only if its file is still what the caller
/// read; deleting moves it to the trash.
public struct InboxQueue: Sendable {
    public let vault: Vault

    public init(vault: Vault) { self.vault = vault }

    /// The queue folder, vault-relative.
    public var folder: String { vault.settings.capture.folder }

    /// Every entry, oldest first, and the files of the folder that are not entries (with why).
    public func entries() -> (entries: [InboxEntry], problems: [FileProblem]) {
        var entries: [InboxEntry] = [], problems: [FileProblem] = []
        for name in (FileSystem.list(vault.absolute(folder)) ?? []).sorted() where name.hasSuffix(".md") && !name.hasPrefix(".") {
            let path = folder + "/" + name
            do {
                entries.append(try InboxEntry.parse(path: path, bytes: try vault.readBytes(path)))
            } catch let e as TodoError {
                if case .malformed(_, let reason) = e { problems.append(FileProblem(path: path, reasons: [reason])) } else { problems.append(FileProblem(path: path, reasons: ["\(e)"])) }
            } catch {
                problems.append(FileProblem(path: path, reasons: ["\(error)"]))
            }
        }
        entries.sort { ($0.created, $0.id) < ($1.created, $1.id) }
        return (entries, problems)
    }

    /// How many entries have not been pushed yet.
    public func unsyncedCount() -> Int { entries().entries.filter { !$0.synced }.count }

    /// The entry with this id.
    public func entry(_ id: String) throws -> InboxEntry {
        guard InboxEntry.isEntryName(id) else { throw TodoError.invalidArgument("\"\(id)\" is not an inbox entry id") }
        let path = folder + "/" + id + ".md"
        guard vault.regularFileStamp(path) != nil else { throw TodoError.missing("no inbox entry \(id)") }
        return try InboxEntry.parse(path: path, bytes: try vault.readBytes(path))
    }

    /// Queues `content` exactly as typed. `id` (a client's, for safe resends): when an entry
    /// with it exists already, that entry is returned (`created` false) if it holds the same
    /// text, else it is a conflict. `targetDate` defaults to the capture day. `writtenAt`: when
    /// the client says the text was written (an offline capture sent later), used when it is
    /// within the last 30 days and not ahead of now; it keeps quick captures in order.
    public func add(_ content: String, targetDate: LocalDate? = nil, source: String, id: String? = nil,
                    writtenAt: Date? = nil) throws -> (entry: InboxEntry, created: Bool) {
        try Self.check(content)
        let clock = vault.clock
        var now = clock.now
        if let w = writtenAt, w <= now.addingTimeInterval(1), w >= now.addingTimeInterval(-30 * 86_400) { now = min(w, now) }
        if let id {
            guard InboxEntry.isValidID(id) else { throw TodoError.invalidArgument("id must be 8 to 64 letters, digits, - or _") }
            if let existing = try? entry(id) {
                guard existing.content == content else {
                    throw TodoError.conflict(path: existing.path, reason: "an entry with this id holds other text")
                }
                return (existing, false)
            }
        }
        let source = String(source.prefix(Limits.fieldLength))
        for _ in 0..<5 {
            let name = id ?? newID(now, zone: clock.timeZone)
            let path = folder + "/" + name + ".md"
            var e = InboxEntry(id: name, content: content, created: now, targetDate: targetDate ?? clock.today, source: source, path: path)
            let bytes = e.render()
            if try vault.createFile(path, bytes: bytes) {
                e.version = TaskVersion.of(fileBytes: bytes)
                return (e, true)
            }
            if id != nil { return (try entry(name), false) }
        }
        throw TodoError.conflict(path: folder, reason: "could not find a free entry name; try again")
    }

    /// Changes an entry's text or day; `expected` is the version the caller read (nil: any).
    public func update(_ id: String, content: String? = nil, targetDate: LocalDate? = nil, expected: String? = nil) throws -> InboxEntry {
        if let content { try Self.check(content) }
        return try rewrite(id, expected: expected) { e in
            if let content { e.content = content }
            if let targetDate { e.targetDate = targetDate }
            if content != nil || targetDate != nil { e.error = nil }
        }
    }

    /// Moves an entry's file to the trash; returns where it went.
    public func remove(_ id: String, expected: String? = nil) throws -> String {
        let e = try entry(id)
        if let expected, expected != e.version { throw Self.changed(e.path) }
        return try Trash(vault: vault).delete(e.path)
    }

    /// Rewrites entry `id` with `change` applied, if its file is still the one read (and, with
    /// `expected`, the version the caller read).
    @discardableResult
    public func rewrite(_ id: String, expected: String? = nil, _ change: (inout InboxEntry) -> Void) throws -> InboxEntry {
        let e = try entry(id)
        if let expected, expected != e.version { throw Self.changed(e.path) }
        var next = e
        change(&next)
        let bytes = next.render()
        try vault.replaceFile(e.path, expected: UInt64(e.version, radix: 16) ?? 0, with: bytes)
        next.version = TaskVersion.of(fileBytes: bytes)
        return next
    }

    /// Removes pushed entries older than the setting's days (their text is in the daily note).
    public func pruneSynced() {
        let days = vault.settings.capture.keepSyncedDays
        let today = vault.clock.today
        for e in entries().entries where e.synced {
            guard let at = e.syncedAt, LocalDate(at, in: vault.clock.timeZone).days(until: today) >= days else { continue }
            _ = FileSystem.removeFile(vault.absolute(e.path))
        }
    }

    static func check(_ content: String) throws {
        guard !content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw TodoError.invalidArgument("nothing to capture: the text is empty") }
        guard content.utf8.count <= Limits.bodyBytes else { throw TodoError.invalidArgument("an entry holds at most \(Limits.bodyBytes / 1024) KB") }
    }

    static func changed(_ path: String) -> TodoError {
        TodoError.conflict(path: path, reason: "the entry changed since it was read; read it again")
    }

    /// `YYYYMMDD-HHMMSS-xxxx`: sortable by capture time; within a second, after the entries
    /// already there (the tail counts up; a name taken meanwhile is retried). Two devices that
    /// capture in the same second make two files a sync tool keeps apart (a conflict copy is
    /// read as an entry too), so no text is lost.
    func newID(_ now: Date, zone: TimeZone) -> String {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = zone
        let c = cal.dateComponents([.year, .month, .day, .hour, .minute, .second], from: now)
        let stamp = String(format: "%04d%02d%02d-%02d%02d%02d-", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
        let taken = (FileSystem.list(vault.absolute(folder)) ?? []).filter { $0.hasPrefix(stamp) }
            .compactMap { Int($0.dropFirst(stamp.count).prefix(4), radix: 16) }.max() ?? -1
        return stamp + String(format: "%04x", min(0xFFFF, taken + 1))
    }
}
