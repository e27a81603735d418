import Foundation
import TodoMDCore
import TodoMDService

/// `{"kind", "name", "web_path"}`: where a show URL leads.
public struct ShowTargetDTO: Decodable, Equatable, Sendable, JSONObject {
    public var kind: String
    public var name: String
    public var webPath: String

    enum CodingKeys: String, CodingKey { case kind, name, webPath = "web_path" }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("kind", kind)
        v.field("name", name)
        v.field("web_path", webPath)
    }
}

/// `{"name", "value"}`: one parameter the x-success callback gets.
public struct URLReturnDTO: Decodable, Equatable, Sendable, JSONObject {
    public var name: String
    public var value: String

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("name", name)
        v.field("value", value)
    }
}

/// What `todomd open-url --json` prints: `{"schema_version", "action", "created", "changed",
/// "tasks", "hits", "target", "messages", "returns", "callback"}`.
public struct OpenURLDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var action: String
    public var created: [TaskDTO]
    public var changed: [TaskDTO]
    public var tasks: [TaskDTO]
    public var hits: [SearchHitDTO]
    public var target: ShowTargetDTO?
    public var messages: [String]
    public var returns: [URLReturnDTO]
    public var callback: String?

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version", action, created, changed, tasks, hits, target, messages, returns, callback
    }

    public init(_ o: URLOutcome, today: LocalDate) {
        action = o.action.rawValue
        created = o.created.map { TaskDTO($0, today: today) }
        changed = o.changed.map { TaskDTO($0, today: today) }
        tasks = o.page.map { p in p.tasks.map { TaskDTO($0, version: p.versions.version(of: $0), today: today) } } ?? []
        hits = o.search.map { SearchDocument($0, today: today).hits } ?? []
        target = o.target.map { ShowTargetDTO(kind: $0.kind, name: $0.name, webPath: $0.webPath) }
        messages = o.messages
        returns = o.returns.map { URLReturnDTO(name: $0.0, value: $0.1) }
        callback = o.callback
    }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("action", action)
        v.field("created", created)
        v.field("changed", changed)
        v.field("tasks", tasks)
        v.field("hits", hits)
        v.field("target", target)
        v.field("messages", messages)
        v.field("returns", returns)
        v.field("callback", callback)
    }
}
