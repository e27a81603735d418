/// A value to write into a frontmatter key.
public enum FieldValue: Equatable, Sendable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case null
    case list([String])
    /// YAML text written as is (already validated by the caller).
    case raw(String)
}
