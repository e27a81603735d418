import Foundation
import MCP
import TodoMDAPI
import TodoMDCore

/// Between MCP's `Value` and the contract's JSON: tool results are the same documents the HTTP
/// API sends (encoded once by the contract's encoder, then read as `Value`s), and arguments
/// become the engine's `JSONValue`s that `JSONInput` reads for every front end.
enum MCPJSON {
    /// A contract value as an MCP value.
    static func value<T: JSONWritable>(_ x: T) -> Value {
        (try? JSONDecoder().decode(Value.self, from: Data(APIJSON.encode(x, pretty: false)))) ?? .null
    }

    /// An MCP value as the engine's JSON.
    static func json(_ v: Value) -> JSONValue {
        switch v {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .double(let d): return .double(d)
        case .string(let s): return .string(s)
        case .data(let mime, let data): return .string("data:\(mime ?? "application/octet-stream");base64," + data.base64EncodedString())
        case .array(let items): return .array(items.map(json))
        case .object(let members): return .object(members.sorted { $0.key < $1.key }.map { ($0.key, json($0.value)) })
        }
    }

    /// A JSON object's members as the engine reads them.
    static func members(_ object: [String: Value]) -> [(String, JSONValue)] {
        object.sorted { $0.key < $1.key }.map { ($0.key, json($0.value)) }
    }
}

/// The arguments of one tool call, read strictly: a wrong type is an error naming the key.
struct ToolArguments {
    let values: [String: Value]

    init(_ values: [String: Value]?) { self.values = values ?? [:] }

    func string(_ key: String) throws -> String? {
        guard let v = values[key], !v.isNull else { return nil }
        guard let s = v.stringValue else { throw TodoError.invalidArgument("\(key) must be a string") }
        return s
    }

    func requiredString(_ key: String) throws -> String {
        guard let s = try string(key), !s.isEmpty else { throw TodoError.invalidArgument("\(key) is required") }
        return s
    }

    func int(_ key: String, default d: Int, range: ClosedRange<Int>) throws -> Int {
        guard let v = values[key], !v.isNull else { return d }
        let n: Int
        if let i = v.intValue { n = i } else if let x = v.doubleValue, x == x.rounded(), abs(x) < 1e9 { n = Int(x) } else {
            throw TodoError.invalidArgument("\(key) must be a whole number")
        }
        guard range.contains(n) else { throw TodoError.invalidArgument("\(key) must be \(range.lowerBound) to \(range.upperBound)") }
        return n
    }

    func bool(_ key: String) throws -> Bool {
        guard let v = values[key], !v.isNull else { return false }
        guard let b = v.boolValue else { throw TodoError.invalidArgument("\(key) must be true or false") }
        return b
    }

    func strings(_ key: String) throws -> [String] {
        try Self.strings(values[key], key)
    }

    static func strings(_ v: Value?, _ key: String) throws -> [String] {
        guard let v, !v.isNull else { return [] }
        if let s = v.stringValue { return [s] }
        guard let items = v.arrayValue else { throw TodoError.invalidArgument("\(key) must be a list of strings") }
        return try items.map {
            guard let s = $0.stringValue else { throw TodoError.invalidArgument("\(key) must be a list of strings") }
            return s
        }
    }

    /// A required non-empty list (`tasks`, `updates`, `moves`) of at most `limit` items.
    func list(_ key: String, limit: Int = 500) throws -> [Value] {
        guard let v = values[key], let items = v.arrayValue else { throw TodoError.invalidArgument("\(key) must be a list") }
        guard !items.isEmpty else { throw TodoError.invalidArgument("\(key) is empty") }
        guard items.count <= limit else { throw TodoError.invalidArgument("\(key): at most \(limit) items per call") }
        return items
    }
}
