/// The version of todo.md that `todomd --version` prints.
public enum ToolVersion {
    public static let string = "0.12.0"
}
