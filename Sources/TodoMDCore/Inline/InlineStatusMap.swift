/// Maps the character inside a task's checkbox (`[ ]`, `[x]`, `[/]`…) to a `TaskStatus` and back,
/// and knows each character's next-status character (Obsidian Tasks' `nextStatusSymbol`).
///
/// Reading never fails: a character the map does not know reads as `.todo`, and the line keeps
/// its original character, so custom statuses (`[>]`, `[?]`, `[!]`…) round-trip untouched.
public struct InlineStatusMap: Sendable, Equatable {
    /// Checkbox character → status, for reading.
    public var statuses: [Character: TaskStatus]
    /// Status → checkbox character, for writing. A status without an entry cannot be written.
    public var characters: [TaskStatus: Character]
    /// Checkbox character → the character a toggle moves it to (Obsidian Tasks' `nextStatusSymbol`).
    /// A character without an entry goes to `x` when open and to a space when done or cancelled.
    public var next: [Character: Character]
    /// Characters of Obsidian Tasks' `NON_TASK` status type: such lines are not tasks at all.
    public var nonTask: Set<Character>

    public init(statuses: [Character: TaskStatus], characters: [TaskStatus: Character],
                next: [Character: Character] = [:], nonTask: Set<Character> = []) {
        self.statuses = statuses
        self.characters = characters
        self.next = next
        self.nonTask = nonTask
    }

    /// Obsidian Tasks' core statuses: `[ ]` todo, `[x]`/`[X]` done, `[/]` in progress,
    /// `[-]` cancelled; a toggle goes ` ` → `x` → ` `, `/` → `x`, `-` → ` `. `someday` has no
    /// conventional character, so it is not writable by default.
    public static let `default` = InlineStatusMap(
        statuses: [" ": .todo, "x": .done, "X": .done, "/": .inProgress, "-": .cancelled],
        characters: [.todo: " ", .done: "x", .inProgress: "/", .cancelled: "-"],
        next: [" ": "x", "x": " ", "X": " ", "/": "x", "-": " "])

    /// The status a checkbox character means; unknown characters are `.todo`.
    public func status(for character: Character) -> TaskStatus {
        statuses[character] ?? .todo
    }

    /// The character to write for `status`, or nil when the map has none.
    public func character(for status: TaskStatus) -> Character? {
        characters[status]
    }

    /// Where a toggle moves `c`. Unknown characters go to `x`, as Obsidian Tasks' unknown
    /// statuses do (`Status.createUnknownStatus`).
    public func nextCharacter(after c: Character) -> Character {
        if let n = next[c] { return n }
        return status(for: c).isClosed ? " " : "x"
    }

    /// How many steps a walk along the next-status chain may take before it must have looped
    /// (one more than the registered statuses).
    private var chainLimit: Int { statuses.count + nonTask.count + 1 }

    /// True when `c` means `status` (a non-task character means nothing).
    private func means(_ c: Character, _ status: TaskStatus) -> Bool {
        !nonTask.contains(c) && self.status(for: c) == status
    }

    /// The character to write when a line moves from `c` to `status`: `c` itself when it already
    /// means it, else the first character along `c`'s next-status chain that does (so a custom
    /// `[D]` whose next is `[X]` completes to `[X]`), else `character(for:)`.
    public func character(for status: TaskStatus, from c: Character) -> Character? {
        if means(c, status) { return c }
        var s = c
        for _ in 0..<chainLimit {
            s = nextCharacter(after: s)
            if means(s, status) { return s }
        }
        return character(for: status)
    }

    /// The status character of the next occurrence of a recurring task completed to `done`:
    /// Obsidian Tasks' `getNextRecurrenceStatusOrCreate` — the first todo along the chain after
    /// `done`, else the first in-progress one, else a space.
    public func recurrenceCharacter(after done: Character) -> Character {
        let first = nextCharacter(after: done)
        for wanted in [TaskStatus.todo, .inProgress] {
            var s = first
            if means(s, wanted) { return s }
            for _ in 0..<max(0, chainLimit - 2) {  // the plugin's "registered statuses - 1" steps
                s = nextCharacter(after: s)
                if means(s, wanted) { return s }
            }
        }
        return " "
    }
}
