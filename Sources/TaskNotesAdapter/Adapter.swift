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
    static let specVersion = "0.3.0-rc.3"

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
            return .object([("ok", .bool(true)), ("result", try op(input))])
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
}

extension JSONValue {
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    var string: String? { if case .string(let s) = self { return s } else { return nil } }
    var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    var int: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d) where d == d.rounded() && abs(d) < 1e15: return Int(d)
        default: return nil
        }
    }
    var array: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    var members: [(String, JSONValue)]? { if case .object(let o) = self { return o } else { return nil } }
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
