import Foundation
import TodoMDCore

/// A value of the JSON contract: `Encodable` (so any encoder can write it, and clients can
/// read the same types back), and written by `JSONOut` directly for speed.
public protocol JSONWritable: Encodable {
    func writeJSON(to out: inout JSONOut)
}

/// Visits the members of an object in order: once to write bytes, once to encode.
public protocol JSONFieldVisitor {
    mutating func field<T: JSONWritable>(_ key: StaticString, _ value: T)
}

/// An object of the contract: its members are listed once, in `visitFields`, and both the
/// fast writer and `Encodable` follow that list, so they cannot disagree on keys or order.
public protocol JSONObject: JSONWritable {
    func visitFields<V: JSONFieldVisitor>(_ v: inout V)
}

extension JSONOut: JSONFieldVisitor {
    public mutating func field<T: JSONWritable>(_ key: StaticString, _ value: T) {
        self.key(key)
        value.writeJSON(to: &self)
    }
}

extension JSONOut {
    /// Writes an object's members. Hot types call this from their own `writeJSON`: in a concrete
    /// context it is specialized, so each member is written without dynamic dispatch (the
    /// protocol's generic default is several times slower).
    @inline(__always)
    public mutating func object<T: JSONObject>(_ value: T) {
        beginObject()
        value.visitFields(&self)
        endObject()
    }
}

extension JSONObject {
    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func encode(to encoder: Encoder) throws {
        var v = EncodingVisitor(container: encoder.container(keyedBy: AnyCodingKey.self))
        visitFields(&v)
        if let e = v.error { throw e }
    }
}

/// Encodes the visited members into a keyed container (the first error is kept).
private struct EncodingVisitor: JSONFieldVisitor {
    var container: KeyedEncodingContainer<AnyCodingKey>
    var error: Error?

    mutating func field<T: JSONWritable>(_ key: StaticString, _ value: T) {
        guard error == nil else { return }
        do { try container.encode(value, forKey: AnyCodingKey(key.description)) } catch { self.error = error }
    }
}

// MARK: Scalars and containers

extension String: JSONWritable {
    public func writeJSON(to out: inout JSONOut) { out.string(self) }
}

extension Int: JSONWritable {
    public func writeJSON(to out: inout JSONOut) { out.int(self) }
}

extension Double: JSONWritable {
    public func writeJSON(to out: inout JSONOut) { out.double(self) }
}

extension Bool: JSONWritable {
    public func writeJSON(to out: inout JSONOut) { out.bool(self) }
}

extension Optional: JSONWritable where Wrapped: JSONWritable {
    public func writeJSON(to out: inout JSONOut) {
        if let v = self { v.writeJSON(to: &out) } else { out.null() }
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    public func writeJSON(to out: inout JSONOut) {
        out.beginArray()
        for e in self {
            out.element()
            e.writeJSON(to: &out)
        }
        out.endArray()
    }
}

extension JSONValue: JSONWritable {
    public func writeJSON(to out: inout JSONOut) {
        switch self {
        case .null: out.null()
        case .bool(let b): out.bool(b)
        case .int(let i): out.int(i)
        case .double(let d): out.double(d)
        case .string(let s): out.string(s)
        case .array(let a): a.writeJSON(to: &out)
        case .object(let o):
            out.beginObject()
            for (k, v) in o {
                out.key(k)
                v.writeJSON(to: &out)
            }
            out.endObject()
        }
    }
}

extension TaskStatus: JSONWritable {
    public func writeJSON(to out: inout JSONOut) { out.string(rawValue) }
}

extension Priority: JSONWritable {
    public func writeJSON(to out: inout JSONOut) { out.string(rawValue) }
}

extension RepeatMode: JSONWritable {
    public func writeJSON(to out: inout JSONOut) { out.string(rawValue) }
}

extension LocalDate: JSONWritable {
    public func writeJSON(to out: inout JSONOut) { out.quotedASCII { appendDigits(to: &$0) } }
}

extension LocalDateTime: JSONWritable {
    public func writeJSON(to out: inout JSONOut) { out.quotedASCII { appendDigits(to: &$0) } }
}

/// An instant as the contract writes it: UTC ISO-8601 with `Z`, whole seconds
/// (`2026-11-22T09:00:00Z`).
public struct UTCInstant: TextCodable, Hashable, Sendable, JSONWritable {
    public var date: Date

    public init(_ date: Date) { self.date = date }

    public init?(text: String) {
        guard let d = Timestamp.parse(text) else { return nil }
        date = d
    }

    public static let textForm = "an ISO-8601 instant"
    public var description: String { Timestamp.format(date) }

    public func writeJSON(to out: inout JSONOut) { out.quotedASCII { Timestamp.append(date, to: &$0) } }
}

/// Encodes contract values.
public enum APIJSON {
    /// The bytes of `value`: pretty (as `--json` prints it) or compact.
    public static func encode<T: JSONWritable>(_ value: T, pretty: Bool) -> [UInt8] {
        var out = JSONOut(pretty: pretty)
        value.writeJSON(to: &out)
        return out.bytes
    }

    /// `value` as a string (pretty or compact).
    public static func string<T: JSONWritable>(_ value: T, pretty: Bool) -> String {
        String(decoding: encode(value, pretty: pretty), as: UTF8.self)
    }
}
