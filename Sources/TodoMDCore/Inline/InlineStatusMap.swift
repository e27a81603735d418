/// Maps the character inside a task's checkbox (`[ ]`, `[x]`, `[/]`…) to a `TaskStatus` and back.
///
/// Reading never fails: a character the map does not know reads as `.todo`, and the line keeps
/// its original character, so custom statuses (`[>]`, `[?]`, `[!]`…) round-trip untouched.
public struct InlineStatusMap: Sendable, Equatable {
    /// Checkbox character → status, for reading.
    public var statuses: [Character: TaskStatus]
    /// Status → checkbox character, for writing. A status without an entry cannot be written.
    public var characters: [TaskStatus: Character]

    public init(statuses: [Character: TaskStatus], characters: [TaskStatus: Character]) {
        self.statuses = statuses
        self.characters = characters
    }

    /// Obsidian Tasks' core statuses: `[ ]` todo, `[x]`/`[X]` done, `[/]` in progress,
    /// `[-]` cancelled. `someday` has no conventional character, so it is not writable by default.
    public static let `default` = InlineStatusMap(
        statuses: [" ": .todo, "x": .done, "X": .done, "/": .inProgress, "-": .cancelled],
        characters: [.todo: " ", .done: "x", .inProgress: "/", .cancelled: "-"])

    /// The status a checkbox character means; unknown characters are `.todo`.
    public func status(for character: Character) -> TaskStatus {
        statuses[character] ?? .todo
    }

    /// The character to write for `status`, or nil when the map has none.
    public func character(for status: TaskStatus) -> Character? {
        characters[status]
    }
}
