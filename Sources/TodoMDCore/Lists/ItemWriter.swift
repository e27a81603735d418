import Foundation

/// Writes typed items (spec 003 §2).
public struct ItemWriter: Sendable {
    public let vault: Vault

    public init(vault: Vault) { self.vault = vault }

    /// Creates a typed item (`todomd add --type book "Project Hail Mary" author="Andy Weir"`):
    /// strict validation (every value must fit its field, unknown fields are refused with the
    /// list of known ones), then a note `<folder>/<slug>.md` with `type`, `title`, the fields in
    /// the type's order and `tags`. A `date_added` field is filled with today when left out.
    @discardableResult
    public func createItem(type: ListType, title: String, values: [(String, String)], tags: [String]) throws -> ListItem {
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw TodoError.invalidArgument("an item needs a title") }
        guard title.count <= Limits.titleLength else { throw TodoError.invalidArgument("title is longer than \(Limits.titleLength) characters") }
        let today = vault.clock.today
        var typed: [String: FieldValue] = [:]
        var errors: [String] = []
        for (key, raw) in values {
            guard let field = type.field(key), key != "title" else {
                errors.append("\(type.name) has no field \"\(key)\" (fields: " + type.fields.map(\.name).joined(separator: ", ") + ")")
                continue
            }
            do { typed[key] = try ListValidation.typedValue(raw, field: field, today: today) } catch {
                errors.append("\(error)")
            }
        }
        if type.field("date_added") != nil, typed["date_added"] == nil { typed["date_added"] = .string(today.description) }
        for f in type.fields where f.required && f.name != "title" && typed[f.name] == nil {
            errors.append("\(f.name) is required for \(type.name)")
        }
        guard errors.isEmpty else { throw TodoError.invalidArgument(errors.joined(separator: "\n")) }
        var lines = ["---", "type: " + YAMLRender.scalar(type.key, .plain), "title: " + YAMLRender.doubleQuoted(title)]
        for f in type.fields where f.name != "title" && f.name != "tags" {
            if let v = typed[f.name] { lines += YAMLRender.lines(key: f.name, value: v) }
        }
        let allTags = tags + (typed["tags"].flatMap { if case .list(let l) = $0 { return l } else { return nil } } ?? [])
        if !allTags.isEmpty { lines += YAMLRender.lines(key: "tags", value: .list(allTags), style: .init(flowList: true)) }
        lines.append("---")
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let folder = type.folder
        try FileSystem.makeDirs(folder.isEmpty ? vault.root : vault.absolute(folder))
        let slug = FileName.slug(title)
        let rel = try FileSystem.firstFreeName(in: folder, { slug + ($0 > 1 ? "-\($0)" : "") + ".md" }, for: title) {
            try FileSystem.atomicCreate(vault.absolute($0), bytes: bytes)
        }
        guard case .item(var item) = NoteReader.read(path: rel, bytes: bytes) else {
            throw TodoError.io(path: rel, reason: "written item could not be read back")
        }
        item.warnings = ListValidation.warnings(item, type: type)
        return item
    }
}
