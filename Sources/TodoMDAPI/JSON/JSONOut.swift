import Foundation

/// Writes JSON straight into bytes, pretty (two-space indent, `"key": value`, as `--json`
/// prints) or compact (one line, for NDJSON, SSE and HTTP). Hand-written because it must be
/// fast: a view of thousands of tasks is encoded on every request (the target is 5 µs a task,
/// body included), and it must be exact: key order is the contract's order.
public struct JSONOut {
    public private(set) var bytes: [UInt8] = []
    public let pretty: Bool
    private var depth = 0
    /// No member written yet in the innermost open container.
    private var empty = true

    public init(pretty: Bool, capacity: Int = 4096) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    // MARK: Containers

    public mutating func beginObject() { open(0x7B) }
    public mutating func endObject() { close(0x7D) }
    public mutating func beginArray() { open(0x5B) }
    public mutating func endArray() { close(0x5D) }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        depth += 1
        empty = true
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if !empty && pretty { newline() }
        bytes.append(bracket)
        empty = false
    }

    private mutating func newline() {
        bytes.append(0x0A)
        for _ in 0..<depth { bytes.append(0x20); bytes.append(0x20) }
    }

    /// Starts the next member of an object: `"key": `.
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(0x22)
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(0x22)
        bytes.append(0x3A)
        if pretty { bytes.append(0x20) }
    }

    /// Starts the next member of an object whose key is only known at run time.
    public mutating func key(_ key: String) {
        separate()
        string(key)
        bytes.append(0x3A)
        if pretty { bytes.append(0x20) }
    }

    /// Starts the next element of an array.
    public mutating func element() { separate() }

    private mutating func separate() {
        if !empty { bytes.append(0x2C) }
        if pretty { newline() }
        empty = false
    }

    // MARK: Scalars

    public mutating func null() { append("null") }
    public mutating func bool(_ b: Bool) { append(b ? "true" : "false") }

    public mutating func int(_ n: Int) {
        if n == 0 { bytes.append(0x30); return }
        var v = n.magnitude
        if n < 0 { bytes.append(0x2D) }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buf in
            while v > 0 {
                buf[count] = UInt8(0x30 + v % 10)
                v /= 10
                count += 1
            }
            for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(buf[i]) }
        }
    }

    /// A finite number as Swift prints it (shortest round-trip form); NaN and infinities are null.
    public mutating func double(_ d: Double) {
        guard d.isFinite else { return null() }
        bytes.append(contentsOf: String(d).utf8)
    }

    /// A string, escaped: `"` `\` and control characters, and U+2028/U+2029 (which end a line
    /// in JavaScript). Runs of plain bytes are copied at once.
    public mutating func string(_ s: String) {
        bytes.append(0x22)
        if s.utf8.withContiguousStorageIfAvailable({ escape($0) }) == nil {
            var copy = s
            copy.withUTF8 { escape($0) }
        }
        bytes.append(0x22)
    }

    private mutating func escape(_ u: UnsafeBufferPointer<UInt8>) {
        guard let base = u.baseAddress else { return }
        let n = u.count
        var start = 0
        var i = 0
        while i < n {
            // Eight bytes at a time while none of them may need escaping (most text).
            if i + 8 <= n, !Self.mayNeedEscape(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                i += 8
                continue
            }
            let b = base[i]
            if b >= 0x20 && b != 0x22 && b != 0x5C && !(b == 0xE2 && i + 2 < n && base[i + 1] == 0x80 && (base[i + 2] == 0xA8 || base[i + 2] == 0xA9)) {
                i += 1
                continue
            }
            if i > start { bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: i - start)) }
            switch b {
            case 0x22: append("\\\"")
            case 0x5C: append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0xE2:
                append(base[i + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                i += 2
            default:
                append("\\u00")
                bytes.append(Self.hex[Int(b >> 4)])
                bytes.append(Self.hex[Int(b & 0xF)])
            }
            i += 1
            start = i
        }
        if n > start { bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: n - start)) }
    }

    /// Whether any of eight bytes is below 0x20, `"`, `\` or 0xE2 (the lead byte of U+2028 and
    /// U+2029). Never a false "no"; a false "yes" only sends the bytes to the slow path.
    @inline(__always)
    private static func mayNeedEscape(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        let below20 = (w &- ones &* 0x20) & ~w & highs != 0
        return below20 || hasZero(w ^ (ones &* 0x22)) || hasZero(w ^ (ones &* 0x5C)) || hasZero(w ^ (ones &* 0xE2))
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Raw ASCII, already valid JSON.
    public mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Bytes that are already valid JSON (a value encoded before).
    public mutating func appendRaw(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }

    /// A value written by a closure that appends ASCII (dates, times) between quotes.
    public mutating func quotedASCII(_ write: (inout [UInt8]) -> Void) {
        bytes.append(0x22)
        write(&bytes)
        bytes.append(0x22)
    }
}
