import Foundation
import Yams

/// One captured entry of the inbox queue (spec 002 §5): a small file of its own in the queue
/// folder (`.inbox/<id>.md`), so two devices syncing the vault never edit the same file. The
/// frontmatter holds `created`, `target_date` (the day whose daily note it goes to), `synced`,
/// `source` (and, while a push is out, `push_nonce`; after a failed one, `error`); the body is
/// the text exactly as typed.
public struct InboxEntry: Equatable, Sendable {
    public var id: String
    public var content: String
    public var created: Date
    public var targetDate: LocalDate
    public var synced: Bool
    public var syncedAt: Date?
    public var source: String
    /// Set while an Actions URI push is out; its callback names it.
    public var pushNonce: String?
    /// Why the last push of this entry failed.
    public var error: String?
    /// Vault-relative path of the entry's file.
    public var path: String
    /// The fingerprint of the file as read (hex), for changed-since-read checks.
    public var version: String

    public init(id: String, content: String, created: Date, targetDate: LocalDate, source: String, path: String) {
        self.id = id
        self.content = content
        self.created = created
        self.targetDate = targetDate
        synced = false
        self.source = source
        self.path = path
        version = ""
    }

    /// A client-chosen id (for idempotent resends) or one we made: letters, digits, `-`, `_`.
    public static func isValidID(_ id: String) -> Bool {
        (8...64).contains(id.count) && id.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }
    }

    /// An entry's name as found in the folder: a valid id, or a sync tool's conflict copy of
    /// one (`….sync-conflict-….md`), whose dots are allowed but never `..` or a leading dot.
    public static func isEntryName(_ id: String) -> Bool {
        (8...160).contains(id.count) && !id.hasPrefix(".") && !id.contains("..")
            && id.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) }
    }

    /// The file's bytes.
    public func render() -> [UInt8] {
        var lines = ["---", "created: " + Self.instant(created), "target_date: " + targetDate.description,
                     "synced: " + String(synced)]
        if let syncedAt { lines.append("synced_at: " + Timestamp.format(syncedAt)) }
        lines.append("source: " + JSONText.quoted(source))
        if let pushNonce { lines.append("push_nonce: " + JSONText.quoted(pushNonce)) }
        if let error { lines.append("error: " + JSONText.quoted(error)) }
        lines.append("---")
        return Array((lines.joined(separator: "\n") + "\n" + content).utf8)
    }

    /// Reads an entry's file; a file that is not one (no frontmatter, no `created`…) is an error
    /// naming what is wrong.
    public static func parse(path: String, bytes: [UInt8]) throws -> InboxEntry {
        func bad(_ why: String) -> TodoError { TodoError.malformed(path: path, reason: why) }
        guard bytes.count <= Limits.fileBytes else { throw bad("larger than 1 MB") }
        guard let doc = FrontmatterDocument(bytes: bytes), let yaml = doc.yamlText else { throw bad("no frontmatter") }
        if let reason = YAMLSafety.check(yaml) { throw bad(reason) }
        guard case .mapping(let map)? = try? Yams.compose(yaml: yaml) else { throw bad("the frontmatter is not a mapping") }
        var fields: [String: String] = [:]
        for (k, v) in map { if let key = k.scalar?.string, let value = v.scalar?.string { fields[key] = value } }
        guard let created = fields["created"].flatMap({ Timestamp.parse($0) }) else { throw bad("no readable created") }
        guard let day = fields["target_date"].flatMap({ LocalDate($0) }) else { throw bad("no readable target_date") }
        let name = (path as NSString).lastPathComponent
        let content = UTF8Text.decode(bytes[doc.bodyStart...]) ?? String(decoding: bytes[doc.bodyStart...], as: UTF8.self)
        var e = InboxEntry(id: String(name.dropLast(3)), content: content, created: created, targetDate: day,
                           source: fields["source"] ?? "", path: path)
        e.synced = fields["synced"].map { ["true", "yes"].contains($0.lowercased()) } ?? false
        e.syncedAt = fields["synced_at"].flatMap { Timestamp.parse($0) }
        e.pushNonce = fields["push_nonce"].flatMap { $0.isEmpty ? nil : $0 }
        e.error = fields["error"]
        e.version = TaskVersion.of(fileBytes: bytes)
        return e
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ` when the instant has milliseconds (two captures in one second
    /// keep their order), else `YYYY-MM-DDTHH:MM:SSZ`.
    public static func instant(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down)
        let ms = Int(((date.timeIntervalSince1970 - whole) * 1000).rounded(.down))
        let text = Timestamp.format(date)
        return ms == 0 ? text : String(text.dropLast()) + String(format: ".%03dZ", ms)
    }
}
