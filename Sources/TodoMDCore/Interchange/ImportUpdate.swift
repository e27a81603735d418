import Foundation

/// The field changes that turn `old` into `new` for a re-import: the schema fields an import
/// sets and the keys it added; `created`, `modified` and keys the user added stay as they are.
public enum ImportUpdate {
    public static func changes(from old: TodoTask, to new: TodoTask) -> [FieldChange] {
        let skip: Set<String> = [TaskKey.created, TaskKey.modified, TaskKey.source]
        let a = Dictionary(MarkdownTaskFormat.fields(of: old).map { ($0.key, $0.value) }, uniquingKeysWith: { x, _ in x })
        let b = MarkdownTaskFormat.fields(of: new)
        var out: [FieldChange] = []
        for change in b where !skip.contains(change.key) {
            if a[change.key] ?? nil != change.value { out.append(change) }
        }
        // Schema fields the source no longer has are removed (not keys the user added).
        let present = Set(b.map(\.key))
        for key in TaskKey.all where !skip.contains(key) && !TaskKey.required.contains(key) && a[key] != nil && !present.contains(key) {
            out.append(FieldChange(key, nil))
        }
        return out
    }
}
