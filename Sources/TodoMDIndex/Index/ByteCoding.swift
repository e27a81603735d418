import Foundation

/// Appends values to a compact byte buffer: LEB128 varints and length-prefixed UTF-8.
struct ByteWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    mutating func byte(_ b: UInt8) { bytes.append(b) }

    mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// Zig-zag, so small negative numbers stay small.
    mutating func int(_ v: Int) { varint(UInt64(bitPattern: Int64((v << 1) ^ (v >> 63)))) }

    mutating func double(_ d: Double) {
        var bits = d.bitPattern
        for _ in 0..<8 {
            bytes.append(UInt8(bits & 0xFF))
            bits >>= 8
        }
    }

    mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { buf in
            varint(UInt64(buf.count))
            bytes.append(contentsOf: buf)
        }
    }

    /// A presence byte, then the value.
    mutating func optional<T>(_ v: T?, _ write: (inout ByteWriter, T) -> Void) {
        guard let v else { return byte(0) }
        byte(1)
        write(&self, v)
    }
}

/// Reads what `ByteWriter` wrote. Every read is bounds-checked: a truncated or foreign blob
/// throws instead of crashing, and the index then re-reads the file.
struct ByteReader {
    struct Corrupt: Error {}

    let base: UnsafeRawBufferPointer
    var offset = 0

    init(_ base: UnsafeRawBufferPointer) { self.base = base }

    mutating func byte() throws -> UInt8 {
        guard offset < base.count else { throw Corrupt() }
        defer { offset += 1 }
        return base[offset]
    }

    mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try byte()
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return result }
            shift += 7
            if shift > 63 { throw Corrupt() }
        }
    }

    mutating func int() throws -> Int {
        let z = try varint()
        return Int(Int64(bitPattern: (z >> 1) ^ (0 &- (z & 1))))
    }

    mutating func double() throws -> Double {
        guard offset + 8 <= base.count else { throw Corrupt() }
        var bits: UInt64 = 0
        for i in 0..<8 { bits |= UInt64(base[offset + i]) << (8 * UInt64(i)) }
        offset += 8
        return Double(bitPattern: bits)
    }

    mutating func string() throws -> String {
        let length = try varint()
        guard length <= UInt64(base.count - offset) else { throw Corrupt() }  // before Int(): no trap, no overflow
        let n = Int(length)
        defer { offset += n }
        return String(decoding: UnsafeRawBufferPointer(rebasing: base[offset..<(offset + n)]), as: UTF8.self)
    }

    mutating func optional<T>(_ read: (inout ByteReader) throws -> T) throws -> T? {
        try byte() == 0 ? nil : read(&self)
    }
}
