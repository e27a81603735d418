import Foundation
import TodoMDCore

/// Which tasks an export writes.
public struct ExportRequest: Sendable {
    public var format: String
    /// A built-in or saved view, or a perspective.
    public var view: String?
    /// A query in the perspectives syntax.
    public var query: String?
    public var area: String?
    public var project: String?
    /// Only tasks modified (or created) on or after this instant.
    public var since: Date?
    /// Where the web app is, for formats that link back to a task (the calendar feed).
    public var baseURL: String?

    public init(format: String, view: String? = nil, query: String? = nil, area: String? = nil, project: String? = nil, since: Date? = nil,
                baseURL: String? = nil) {
        self.baseURL = baseURL
        self.format = format
        self.view = view
        self.query = query
        self.area = area
        self.project = project
        self.since = since
    }
}

extension TodoService {
    /// The exporter of `request`, checked before anything is written (an HTTP response's
    /// headers, a file).
    public func exporter(for request: ExportRequest) throws -> any TaskExporter {
        guard request.view == nil || request.query == nil else { throw TodoError.invalidArgument("give a view or a query, not both") }
        let exporter = try Interchange.exporter(request.format)
        // The calendar feed alarms at this vault's reminder times and links to the web app.
        if var feed = exporter as? CalendarFeed {
            feed.settings = vault.settings.reminders
            feed.baseURL = request.baseURL
            return feed
        }
        return exporter
    }

    /// Writes the selected tasks in the request's format through `write`, piece by piece (the
    /// output is never held whole). Without a view or query: every task, open and closed.
    /// Returns how many tasks were written.
    @discardableResult
    public func export(_ request: ExportRequest, write: (String) throws -> Void) throws -> Int {
        try exportPlan(request).run(write: write)
    }

    /// The selected tasks and their exporter, to write later (the HTTP server writes them off
    /// the service's queue, at the pace of its client).
    public func exportPlan(_ request: ExportRequest) throws -> ExportPlan {
        try locked { try plan(request) }
    }

    private func plan(_ request: ExportRequest) throws -> ExportPlan {
        let exporter = try exporter(for: request)
        let filter = TaskFilter(area: request.area, project: request.project)
        var tasks: [TodoTask]
        if let q = request.query {
            tasks = try query(q, filter: filter).distinctTasks
        } else {
            tasks = try selection(view: request.view, filter: filter, prefer: .any).map(\.task)
        }
        if let since = request.since {
            tasks = tasks.filter { ($0.modified ?? $0.created ?? .distantPast) >= since }
        }
        // Grouped formats (TaskPaper, OPML, Things) want areas and projects together; the view's
        // order is kept within each.
        let position = Dictionary(tasks.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        tasks.sort {
            let a = ($0.area ?? "", $0.project ?? ""), b = ($1.area ?? "", $1.project ?? "")
            if a != b { return a < b }
            return position[$0.id]! < position[$1.id]!
        }
        var context = ExportContext(clock: clock, tasks: tasks)
        let settings = vault.settings
        if settings.hasSequentialProjects { context.isSequential = { settings.isSequential($0) } }
        return ExportPlan(exporter: exporter, tasks: tasks, context: context)
    }
}

/// An export ready to write.
public struct ExportPlan: Sendable {
    public let exporter: any TaskExporter
    public let tasks: [TodoTask]
    public let context: ExportContext

    /// Writes the export; returns the number of tasks.
    @discardableResult
    public func run(write: (String) throws -> Void) throws -> Int {
        try exporter.export(tasks, context: context, write: write)
        return tasks.count
    }
}
