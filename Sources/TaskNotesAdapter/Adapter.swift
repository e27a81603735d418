import Foundation
import TodoMDCore

/// One operation: its input in, its result out; throws `AdapterError` (or any error) for an
/// error envelope.
typealias Operation = (JSONValue) throws -> JSONValue

/// An error envelope's content: `error` is the message, `error_details` the code and field.
struct AdapterError: Error {
    var code: String
    var message: String
    var field: String?
    /// More members of `error_details`.
    var details: [(String, JSONValue)] = []

    init(_ code: String, _ message: String, field: String? = nil, details: [(String, JSONValue)] = []) {
        self.code = code
        self.message = message
        self.field = field
        self.details = details
    }
}

enum Adapter {
    static let implementation = "todo.md"
    static let version = "0.1.0"
    static let specVersion = TaskNotesConfig.targetSpecVersion

    /// Every operation, by name. Each family of the spec adds its table in its own file.
    static let operations: [String: Operation] = {
        var all: [String: Operation] = [:]
        for family in [metaOperations, dateOperations, fieldOperations, configOperations, createOperations,
                       recurrenceOperations, validationOperations, extendedOperations] {
            all.merge(family) { a, _ in a }
        }
        return all
    }()

    static func execute(_ operation: String, _ input: JSONValue) -> JSONValue {
        guard let op = operations[operation] else {
            return failure(AdapterError("unsupported_operation", "unsupported operation: \(operation)"), operation: operation)
        }
        do {
            return .object([("ok", .bool(true)), ("result", try engine { try op(input) })])
        } catch let e as AdapterError {
            return failure(e, operation: operation)
        } catch {
            return failure(AdapterError("error", "\(error)"), operation: operation)
        }
    }

    static func failure(_ e: AdapterError, operation: String) -> JSONValue {
        var details: [(String, JSONValue)] = [("operation", .string(operation)), ("code", .string(e.code)), ("message", .string(e.message))]
        if let f = e.field { details.append(("field", .string(f))) }
        details += e.details
        return .object([("ok", .bool(false)), ("error", .string(e.message)), ("error_details", .object(details))])
    }

    /// Runs engine code, turning its errors into error envelopes: a `TaskNotesError` keeps its
    /// code, message and field (`field` when it names none); a `TaskNotesConfigError` is a
    /// `configuration_error` on its key path (§9.20). `execute` wraps every operation in it, so
    /// an operation calls it itself only to name the input field an error is about.
    static func engine<T>(field: String? = nil, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as TaskNotesError {
            throw AdapterError(e.code, e.message, field: e.field ?? field)
        } catch let e as TaskNotesConfigError {
            throw AdapterError("configuration_error", e.message, field: e.path.isEmpty ? nil : e.path)
        }
    }

    /// The process's clock: `TODOMD_NOW` pins the instant, `TZ` names the zone (else the
    /// system's). Every operation that needs "now" or a default zone reads it here.
    static func clock() throws -> Clock {
        do {
            return try Clock.fromEnvironment()
        } catch {
            throw AdapterError("invalid_environment", "\(error)")
        }
    }

    /// The operation's effective time zone (§3.6.1): the caller's `timezone` (an IANA name),
    /// else the process's (`TZ` or the system zone).
    static func runtimeZone(_ input: JSONValue) throws -> TimeZone {
        let name = input["timezone"]
        if let name, !name.isNull, name.stringPayload == nil {
            throw AdapterError("invalid_type", "timezone must be a string", field: "timezone")
        }
        let system = try clock().timeZone
        return try engine(field: "timezone") {
            try TaskNotesTimeZone.effective(caller: name?.stringPayload, collection: nil, system: system)
        }
    }
}

extension JSONValue {
    /// The last value of `key` (`member(_:)`), as a subscript for the operation tables.
    subscript(key: String) -> JSONValue? { member(key) }

    var int: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d) where d == d.rounded() && abs(d) < 1e15: return Int(d)
        default: return nil
        }
    }
    var isNull: Bool { if case .null = self { return true } else { return false } }
}

/// Compact JSON text (key order kept).
enum AdapterJSON {
    static func compact(_ v: JSONValue) -> String {
        var out = ""
        write(v, &out)
        return out
    }

    private static func write(_ v: JSONValue, _ out: inout String) {
        switch v {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)) : "null"
        case .string(let s): out += JSONText.quoted(s)
        case .array(let items):
            out += "["
            for (i, x) in items.enumerated() {
                if i > 0 { out += "," }
                write(x, &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (k, x)) in members.enumerated() {
                if i > 0 { out += "," }
                out += JSONText.quoted(k) + ":"
                write(x, &out)
            }
            out += "}"
        }
    }
}
