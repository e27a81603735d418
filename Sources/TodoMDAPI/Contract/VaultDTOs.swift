import Foundation
import TodoMDCore
import TodoMDService

/// A file that could not be read fully, and why.
public struct ProblemDTO: Decodable, Equatable, Sendable, JSONObject {
    public var path: String
    public var reasons: [String]

    public init(_ p: FileProblem) {
        path = p.path
        reasons = p.reasons
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("path", path)
        v.field("reasons", reasons)
    }
}

/// `{"schema_version", "vault", "tasks", "problems", "notes"}`.
public struct DoctorDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var vault: String
    public var tasks: Int
    public var problems: [ProblemDTO]
    public var notes: [String]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", vault, tasks, problems, notes }

    public init(_ r: DoctorReport) {
        vault = r.vault
        tasks = r.taskCount
        problems = r.problems.map(ProblemDTO.init)
        notes = r.notes
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("vault", vault)
        v.field("tasks", tasks)
        v.field("problems", problems)
        v.field("notes", notes)
    }
}

/// One search hit: its BM25 rank (lower is better), a snippet with `**marked**` words, the task.
public struct SearchHitDTO: Decodable, Equatable, Sendable, JSONObject {
    public var rank: Double
    public var snippet: String
    public var task: TaskDTO

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("rank", rank)
        v.field("snippet", snippet)
        v.field("task", task)
    }
}

/// `{"schema_version", "query", "count", "hits"}`.
public struct SearchDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var query: String
    public var count: Int
    public var hits: [SearchHitDTO]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", query, count, hits }

    public init(_ r: SearchResults, today: LocalDate) {
        query = r.query
        hits = r.hits.map { SearchHitDTO(rank: $0.rank, snippet: $0.snippet, task: TaskDTO($0.task, today: today)) }
        count = hits.count
    }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("query", query)
        v.field("count", count)
        v.field("hits", hits)
    }
}

/// `{"schema_version", "type", "reason", "title", "fields", "tags", "saved"}`: what `capture`
/// made of raw text.
public struct CaptureDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var type: String
    public var reason: String
    public var title: String
    public var fields: JSONValue
    public var tags: [String]
    public var saved: String?

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", type, reason, title, fields, tags, saved }

    public init(_ c: CaptureOutcome) {
        type = c.type.key
        reason = c.reason
        title = c.title
        fields = .object(c.fields.map { ($0.0, .string($0.1)) })
        tags = c.tags
        saved = c.saved
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("type", type)
        v.field("reason", reason)
        v.field("title", title)
        v.field("fields", fields)
        v.field("tags", tags)
        v.field("saved", saved)
    }
}

/// `{"schema_version", "type", "prompt"}`: the "copy LLM prompt" text.
public struct PromptDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var type: String
    public var prompt: String

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", type, prompt }

    public init(type: String, prompt: String) {
        self.type = type
        self.prompt = prompt
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("type", type)
        v.field("prompt", prompt)
    }
}

/// `{"schema_version", "rule", "text", "start", "occurrences"}`: a rule's next dates.
public struct RecurDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var rule: String
    public var text: String
    public var start: String
    public var occurrences: [String]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", rule, text, start, occurrences }

    public init(_ p: RecurrencePreview) {
        rule = p.rule
        text = p.text
        start = p.start
        occurrences = p.occurrences
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("rule", rule)
        v.field("text", text)
        v.field("start", start)
        v.field("occurrences", occurrences)
    }
}
