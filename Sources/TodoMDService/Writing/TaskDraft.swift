import Foundation
import TodoMDCore

/// A task to create: explicit fields, and whether its title is quick-entry text to read
/// (`Buy milk tomorrow #errands !high`). Explicit fields win over what the text says.
public struct TaskDraft: Sendable {
    public var fields: NewTask
    /// Read the title as quick entry (dates, #tags, +project…); false takes it word for word.
    public var quickEntry: Bool

    public init(_ fields: NewTask, quickEntry: Bool) {
        self.fields = fields
        self.quickEntry = quickEntry
    }

    /// Quick entry of `text` alone.
    public init(text: String) { self.init(NewTask(title: text), quickEntry: true) }

    /// The validated task and what quick entry understood. Numeric dates in the text are read
    /// in the vault's `date_order`, else `dateOrder` (the service's default, from the locale),
    /// else month/day.
    func make(clock: Clock, settings: VaultSettings, dateOrder: DateOrder? = nil) throws -> (TodoTask, understood: [String]) {
        var n = fields
        if quickEntry {
            n.applyQuickEntry(n.title, clock: clock, bareDateField: settings.bareDateField,
                              dateOrder: settings.dateOrder ?? dateOrder ?? .mdy)
        }
        return (try n.make(clock: clock, settings: settings), n.understood)
    }
}
