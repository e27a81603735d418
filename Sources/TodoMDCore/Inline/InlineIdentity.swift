/// Keys that find a task line again after the note changed above it (line numbers shift).
///
/// Scheme, strongest first:
/// - `block:<id>` when the line ends with a block id (`^abc-123`) — unique in a note by design;
/// - `id:<id>` when it has a 🆔 / `id::` task id;
/// - `text:<fnv1a-64 hex>:<n>` otherwise: the hash of the description (fields, block id and
///   status removed, whitespace collapsed, lowercased; global filter kept) plus `n`, how many
///   earlier task lines in the note have the same description. Editing dates, priority or the
///   status of the line keeps its identity; editing its words does not.
enum InlineIdentity {
    static func make(text: String, blockId: String?, taskId: String?, occurrence: Int) -> String {
        if let blockId { return "block:\(blockId)" }
        if let taskId { return "id:\(taskId)" }
        return "text:\(InlineScalars.fnv1a(normalize(text))):\(occurrence)"
    }

    /// Lowercased, whitespace runs collapsed to one space, trimmed.
    static func normalize(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
