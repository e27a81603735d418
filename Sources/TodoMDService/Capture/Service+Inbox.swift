import Foundation
import TodoMDCore

/// The capture inbox (issue 20, spec 002): the queue, the push into the daily notes, and what
/// happens to an entry afterwards (spec 003 "Quick Capture Flow").
extension TodoService {
    var inboxQueue: InboxQueue { InboxQueue(vault: vault) }

    /// The queue: unsynced entries, oldest first (`all`: the pushed ones too), and how pushing works.
    public func inbox(all: Bool = false) throws -> InboxPage {
        try locked {
            try requireVault()
            let (entries, problems) = inboxQueue.entries()
            let (daily, settingsProblems) = DailyNoteSettings.load(root: root)
            return InboxPage(entries: all ? entries : entries.filter { !$0.synced }, unsynced: entries.filter { !$0.synced }.count,
                             pushMode: vault.settings.capture.pushMode, dailyNote: daily.notePath(for: clock.today),
                             problems: problems.map { "\($0.path): " + $0.reasons.joined(separator: "; ") } + settingsProblems)
        }
    }

    /// How many entries wait to be pushed (0 when there is no vault yet).
    public func inboxUnsyncedCount() -> Int {
        locked { inboxQueue.unsyncedCount() }
    }

    /// One entry.
    public func inboxEntry(_ id: String) throws -> InboxEntry {
        try locked { try inboxQueue.entry(id) }
    }

    /// Queues text exactly as typed (spec 002 §5); `id`: the client's, so a resend is safe.
    /// `writtenAt`: when the client wrote it (ISO-8601), for an offline capture sent later.
    public func captureToInbox(_ content: String, targetDate: String? = nil, source: String? = nil, id: String? = nil,
                               writtenAt: String? = nil) throws -> (entry: InboxEntry, created: Bool) {
        try locked {
            try requireVault()
            let day = try targetDate.map(parseDay)
            let written = try writtenAt.map { text -> Date in
                guard let d = Timestamp.parse(text) else { throw TodoError.invalidArgument("created must be an ISO-8601 instant") }
                return d
            }
            return try inboxQueue.add(content, targetDate: day, source: source ?? frontEnd, id: id, writtenAt: written)
        }
    }

    /// Changes an entry's text or day; `expected`: the version the caller read.
    public func updateInboxEntry(_ id: String, content: String? = nil, targetDate: String? = nil, expected: String? = nil) throws -> InboxEntry {
        try locked {
            guard content != nil || targetDate != nil else { throw TodoError.invalidArgument("give the new text or target date") }
            return try inboxQueue.update(id, content: content, targetDate: try targetDate.map(parseDay), expected: expected)
        }
    }

    /// Moves an entry to the trash; returns where it went.
    public func removeInboxEntry(_ id: String, expected: String? = nil) throws -> String {
        try locked { try inboxQueue.remove(id, expected: expected) }
    }

    /// Appends the unsynced entries (only `ids`, when given) to their days' daily notes.
    public func pushInbox(ids: [String]? = nil) throws -> InboxPushReport {
        try locked {
            try requireVault()
            let (daily, problems) = DailyNoteSettings.load(root: root)
            let outcome = InboxPush(queue: inboxQueue, daily: daily).push(ids: ids.map(Set.init))
            noteWritten(outcome.pushed.map(\.note))
            return InboxPushReport(outcome: outcome, unsynced: inboxQueue.unsyncedCount(), problems: problems)
        }
    }

    /// Obsidian Actions URIs for the unsynced entries, one per day (spec 002 §6), for a vault
    /// that lives elsewhere. `callback`: this server's base URL; each day's entries get a nonce
    /// that the `x-success`/`x-error` callback names (`inboxCallback`).
    public func inboxPushURIs(callback: String?) throws -> [InboxPushURI] {
        try locked {
            try requireVault()
            let (daily, _) = DailyNoteSettings.load(root: root)
            let settings = vault.settings.capture
            let name = settings.obsidianVault ?? (root as NSString).lastPathComponent
            let today = clock.today
            return try InboxPush.byDay(inboxQueue.entries().entries.filter { !$0.synced }).map { date, entries in
                let nonce = String(format: "%08x%08x", UInt32.random(in: 0...UInt32.max), UInt32.random(in: 0...UInt32.max))
                for e in entries { try inboxQueue.rewrite(e.id, expected: e.version) { $0.pushNonce = nonce } }
                let back = callback.map { $0 + "/api/inbox/callback?nonce=" + nonce + "&result=" }
                let uri = ActionsURI.append(vault: name, date: date, today: today, notePath: daily.notePath(for: date),
                                            content: entries.map { Self.trimmedEntry($0.content) }.joined(separator: daily.separator),
                                            heading: daily.heading, success: back.map { $0 + "success" }, failure: back.map { $0 + "error" })
                return InboxPushURI(date: date, uri: uri, entries: entries.map(\.id))
            }
        }
    }

    /// Obsidian's answer to a URI push: `success` marks the entries with `nonce` synced; an
    /// error keeps them queued with the message. Returns the entries it applied to.
    public func inboxCallback(nonce: String, success: Bool, message: String?) throws -> [String] {
        try locked {
            guard !nonce.isEmpty, nonce.count <= 64 else { throw TodoError.invalidArgument("nonce is missing") }
            let now = clock.now
            let matching = inboxQueue.entries().entries.filter { $0.pushNonce == nonce }
            guard !matching.isEmpty else { throw TodoError.missing("no pushed entries wait for this callback (already handled?)") }
            for e in matching {
                try inboxQueue.rewrite(e.id, expected: e.version) { x in
                    x.pushNonce = nil
                    if success { x.synced = true; x.syncedAt = now; x.error = nil } else {
                        x.error = String((message?.isEmpty == false ? message! : "Obsidian reported an error").prefix(Limits.fieldLength))
                    }
                }
            }
            return matching.map(\.id)
        }
    }

    /// Turns an entry into a task (its first line read as quick entry, the rest as notes) or,
    /// with `asItem`, a typed item (type detection, `type` forcing one); the entry leaves the queue.
    public func convertInboxEntry(_ id: String, asItem: Bool = false, type: String? = nil) throws -> InboxConversion {
        try locked {
            let e = try inboxQueue.entry(id)
            let text = Self.trimmedEntry(e.content)
            let result: InboxConversion
            if asItem {
                result = .item(try capture(text, type: type, save: true))
            } else {
                let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
                var first = String(lines.first ?? "").trimmingCharacters(in: .whitespaces)
                // `- [ ] call mum`, `- [!] …` as typed in the capture app: the marker is not the title.
                if let r = first.range(of: #"^[-*+] (\[.\] )?"#, options: .regularExpression) { first.removeSubrange(r) }
                var fields = NewTask(title: first)
                if lines.count > 1 { fields.body = String(lines[1]).trimmingCharacters(in: .newlines) }
                fields.source = "inbox"
                result = .task(try add(TaskDraft(fields, quickEntry: true)))
            }
            _ = try inboxQueue.remove(id, expected: e.version)
            return result
        }
    }

    /// The "copy LLM prompt" text for an entry (spec 003), as `todomd prompt` gives it.
    public func inboxPrompt(_ id: String, type: String? = nil) throws -> (type: ListType, prompt: String) {
        try locked { try prompt(Self.trimmedEntry(try inboxQueue.entry(id).content), type: type) }
    }

    func parseDay(_ text: String) throws -> LocalDate {
        if let d = LocalDate(text) { return d }
        let clock = self.clock
        if let d = DatePhraseParser(instant: clock.now, in: clock.timeZone).parse(text) { return d.date }
        throw TodoError.invalidArgument("\"\(text)\" is not a day (YYYY-MM-DD, today, tomorrow, friday…)")
    }

    /// An entry's text without its trailing line breaks.
    static func trimmedEntry(_ s: String) -> String {
        var s = s
        while s.hasSuffix("\n") || s.hasSuffix("\r") { s.removeLast() }
        return s
    }
}
