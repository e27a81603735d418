import Foundation
import MCP
import TodoMDCore
import TodoMDService

/// The resources: the task-file guide, each built-in view and each perspective (the tasks as
/// find_tasks returns them, first 200), and any task by id.
struct Resources {
    let service: TodoService

    static let guideURI = "todomd://schema/task-file"
    static let views = ["inbox", "today", "upcoming", "anytime", "someday", "logbook"]
    static let templates = [
        Resource.Template(uriTemplate: "todomd://task/{id}", name: "task", description: "One task by its id (its vault-relative path).",
                          mimeType: "application/json"),
        Resource.Template(uriTemplate: "todomd://view/{name}", name: "view", description: "A view or saved view by name.",
                          mimeType: "application/json"),
    ]

    func list() async throws -> [Resource] {
        let perspectives = try await service.perform { $0.perspectives().entries }
        return [Resource(name: "task-file", uri: Self.guideURI, title: "The task file format",
                         description: "How a task file looks: keys, dates, conventions for agents that write files.", mimeType: "text/markdown")]
            + Self.views.map { Resource(name: "view-\($0)", uri: "todomd://view/\($0)", title: $0.capitalized + " view", mimeType: "application/json") }
            + perspectives.map { e in
                Resource(name: "perspective-\(e.perspective.id)", uri: "todomd://perspective/" + Self.encode(e.perspective.id),
                         title: e.perspective.name + " (perspective)", mimeType: "application/json")
            }
    }

    func read(_ uri: String) async throws -> Resource.Content {
        if uri == Self.guideURI { return .text(Guides.taskFile, uri: uri, mimeType: "text/markdown") }
        let reads = ReadTools(service: service)
        let value: Value
        if let name = Self.suffix(uri, "todomd://view/") {
            value = try await reads.call("find_tasks", ToolArguments(["view": .string(name), "limit": 200])).0
        } else if let id = Self.suffix(uri, "todomd://perspective/") {
            value = try await reads.call("find_tasks", ToolArguments(["perspective": .string(id), "limit": 200])).0
        } else if let id = Self.suffix(uri, "todomd://task/") {
            value = try await reads.call("get_task", ToolArguments(["task": .string(id)])).0
        } else {
            throw MCPError.invalidParams("unknown resource \(uri); see resources/list")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return .text(String(decoding: try encoder.encode(value), as: UTF8.self), uri: uri, mimeType: "application/json")
    }

    private static func suffix(_ uri: String, _ prefix: String) -> String? {
        guard uri.hasPrefix(prefix), uri.count > prefix.count else { return nil }
        let rest = String(uri.dropFirst(prefix.count))
        return rest.removingPercentEncoding ?? rest
    }

    private static func encode(_ s: String) -> String {
        s.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? s
    }
}

/// The prompts: plan my day, weekly review, triage the inbox.
enum Prompts {
    static let all = [
        Prompt(name: "plan_my_day", title: "Plan my day", description: "Look at today, overdue and the inbox, and propose a realistic plan for today.",
               arguments: [.init(name: "hours", description: "Hours available today (default: ask).")]),
        Prompt(name: "weekly_review", title: "Weekly review", description: "GTD-style review: inbox to zero, projects with next actions, the week ahead."),
        Prompt(name: "triage_inbox", title: "Triage the inbox", description: "Give every inbox task a project or area, a date or someday, or delete it."),
    ]

    static func get(_ name: String, _ arguments: [String: String]?, today: LocalDate) throws -> GetPrompt.Result {
        let text: String
        switch name {
        case "plan_my_day":
            let hours = arguments?["hours"].map { "I have about \($0) hours for tasks today. " } ?? ""
            text = """
                Today is \(today). \(hours)Help me plan my day in todo.md. Call get_overview, then find_tasks with view "today" \
                and get_overdue_tasks, and look at the inbox (find_tasks view "inbox"). Propose a short, realistic plan: what to do \
                today in what order (deadlines first, then flagged and high priority), what to move (reschedule_tasks with when, \
                or defer_tasks), and what to drop. Show the plan and ask me before changing anything; then apply it with \
                dry_run first, sending the versions you read.
                """
        case "weekly_review":
            text = """
                Today is \(today). Walk me through a weekly review of todo.md. 1) Inbox: find_tasks view "inbox"; for each task \
                suggest a project or area, a date or someday. 2) Projects: get_overview lists areas and projects; for each project \
                check it has a next action (find_tasks with project). 3) Overdue: get_overdue_tasks; suggest new dates or dropping. \
                4) The week ahead: find_tasks view "upcoming". 5) Someday: anything to activate? Ask before each batch of changes \
                and apply them with the write tools (dry_run first).
                """
        case "triage_inbox":
            text = """
                Today is \(today). Triage my todo.md inbox: call find_tasks with view "inbox" (page with next_cursor). For each task \
                propose one of: a project or area (move_tasks), a day (reschedule_tasks when), a deadline (reschedule_tasks due), \
                someday (reschedule_tasks when "someday"), done (complete_tasks), or the trash (delete_tasks). Present the proposals \
                as a table, ask me to confirm, then apply them in batches with the versions you read.
                """
        default:
            throw MCPError.invalidParams("unknown prompt \(name); prompts: " + all.map(\.name).joined(separator: ", "))
        }
        return GetPrompt.Result(description: all.first { $0.name == name }?.description, messages: [.user(.text(text: text))])
    }
}
