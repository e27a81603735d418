import MCP

/// JSON Schema pieces of the tools' inputs and outputs (draft 2020-12).
enum Schema {
    static func object(_ properties: [String: Value], required: [String] = [], additional: Bool = true) -> Value {
        var o: [String: Value] = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { o["required"] = .array(required.map { .string($0) }) }
        if !additional { o["additionalProperties"] = false }
        return .object(o)
    }

    static func string(_ description: String? = nil) -> Value {
        description.map { ["type": "string", "description": .string($0)] } ?? ["type": "string"]
    }

    static let nullableString: Value = ["type": ["string", "null"]]
    static let integer: Value = ["type": "integer"]
    static let boolean: Value = ["type": "boolean"]
    static let strings: Value = ["type": "array", "items": ["type": "string"]]

    static func array(_ items: Value, _ description: String? = nil) -> Value {
        var o: [String: Value] = ["type": "array", "items": items]
        if let description { o["description"] = .string(description) }
        return .object(o)
    }

    /// A task as every surface returns it (the HTTP API's task JSON).
    static let task: Value = object([
        "id": string("The task's id: its vault-relative path, or path#identity for a checkbox line. Pass it back to refer to the task."),
        "path": string(), "line": ["type": ["integer", "null"]],
        "version": ["type": ["string", "null"], "description": "Send back as `version` to write only if nobody changed the task since."],
        "title": string(), "status": string(),
        "due": nullableString, "defer": nullableString, "scheduled": nullableString,
        "priority": string(), "flagged": boolean, "area": nullableString, "project": nullableString, "tags": strings,
        "recurrence": nullableString, "recurrence_type": nullableString, "recurrence_text": nullableString,
        "estimated_minutes": ["type": ["integer", "null"]], "description": nullableString,
        "created": nullableString, "modified": nullableString, "completed": nullableString, "source": nullableString,
        "body": string("The notes below the frontmatter."), "problems": strings,
        "checklist": ["type": ["object", "null"], "description": "The checkbox lines of the notes: {done, total, items: [{index, text, done}]}."],
        "parent_id": string("In a list: the parent task's id when it is a subtask (children follow their parent)."),
        "parent_title": string(), "depth": ["type": "integer", "description": "How deep under a parent shown above it (0: top level)."],
        "blocked_by_tasks": array(string()), "waits_for": string("The first task of its sequential project it waits for."),
        "effective_due": nullableString, "effective_defer": nullableString,
    ], required: ["id", "path", "title", "status"])

    static let error: Value = object([
        "code": string("invalid_argument, not_found, ambiguous, edit_conflict, conflict, open_subtasks, malformed, unreadable, io"),
        "message": string(),
        "conflict": object(["path": string(), "current_version": string(), "fields": array(object([:]))]),
        "candidates": strings, "subtasks": strings,
    ], required: ["code", "message"])

    static let rateAlert: Value = ["type": ["object", "null"], "properties": [
        "total": integer, "window_seconds": integer,
        "sources": array(object(["source": string(), "count": integer], required: ["source", "count"])),
    ]]

    /// What every write tool returns.
    static let batchOutput: Value = object([
        "dry_run": boolean, "succeeded": integer, "failed": integer,
        "results": array(object([
            "index": integer, "ok": boolean, "task": task, "created": array(task), "understood": strings,
            "messages": strings, "trash_path": string(), "restored_path": string(), "error": error,
        ], required: ["index", "ok"])),
        "rate_alert": rateAlert,
    ], required: ["dry_run", "succeeded", "failed", "results", "rate_alert"])

    /// A list of tasks, as the read tools return them.
    static let taskList: Value = object([
        "kind": string(), "name": string(), "today": string(), "total": integer, "offset": integer,
        "tasks": array(task), "next_cursor": nullableString,
    ], required: ["kind", "name", "today", "total", "tasks", "next_cursor"])

    static let dryRun: Value = ["type": "boolean", "description": "Check and report what would happen; write nothing."]
    static let version: Value = ["type": "string", "description": "The version you read (from get_task/find_tasks): a task changed since in the same fields is not written (edit_conflict)."]
    static let reference = string("A task id (from find_tasks), a file name, or part of its title.")

    /// A list item naming a task: its reference, or `{task, version}`.
    static func taskItems(_ extra: [String: Value] = [:]) -> Value {
        var props: [String: Value] = ["task": reference, "version": version]
        props.merge(extra) { $1 }
        return array(["anyOf": [reference, object(props, required: ["task"])]])
    }
}
