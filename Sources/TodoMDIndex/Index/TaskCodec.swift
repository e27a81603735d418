import Foundation
import TodoMDCore

/// The index's binary form of a parsed task: every field of `TodoTask`, so a warm command
/// never parses YAML, followed by an 8-byte checksum of the rest: a byte changed inside the
/// database (a bit flip, a disk error, `Flip` edited to `Flap`) makes the row fail to decode,
/// and the index rebuilds instead of serving it. Bump `IndexSchema.version` whenever this
/// layout changes.
enum TaskCodec {
    /// `fileFingerprint` is the fingerprint of the file the task was read from; it is stored in
    /// the checked blob, so a version is never taken from an unchecked column.
    static func encode(_ t: TodoTask, fileFingerprint: UInt64 = 0) -> [UInt8] {
        var w = ByteWriter(capacity: 128 + t.body.utf8.count)
        w.string(t.path)
        w.optional(t.line) { $0.int($1) }
        w.optional(t.sourceLine) { $0.string($1) }
        w.string(t.title)
        w.string(t.status.rawValue)
        for d in [t.due, t.deferDate, t.scheduled] { w.optional(d, dateTime) }
        w.string(t.priority.rawValue)
        w.byte(t.flagged ? 1 : 0)
        w.optional(t.area) { $0.string($1) }
        w.optional(t.project) { $0.string($1) }
        w.varint(UInt64(t.tags.count))
        for tag in t.tags { w.string(tag) }
        w.optional(t.recurrence) { $0.string($1) }
        w.optional(t.repeatMode) { $0.string($1.rawValue) }
        w.optional(t.estimatedMinutes) { $0.int($1) }
        w.optional(t.description) { $0.string($1) }
        for d in [t.created, t.modified, t.completed] { w.optional(d) { $0.double($1.timeIntervalSinceReferenceDate) } }
        w.optional(t.source) { $0.string($1) }
        w.string(t.body)
        w.varint(UInt64(t.extra.count))
        for (k, v) in t.extra {
            w.string(k)
            value(&w, v)
        }
        w.varint(UInt64(t.problems.count))
        for p in t.problems { w.string(p) }
        w.byte(t.readOnly ? 1 : 0)
        var fp = fileFingerprint
        for _ in 0..<8 { w.byte(UInt8(truncatingIfNeeded: fp)); fp >>= 8 }
        var sum = w.bytes.withUnsafeBytes { RowChecksum.of($0) }
        for _ in 0..<8 { w.byte(UInt8(truncatingIfNeeded: sum)); sum >>= 8 }
        return w.bytes
    }

    /// The blob without its checksum, or Corrupt when they disagree.
    static func verified(_ bytes: UnsafeRawBufferPointer) throws -> UnsafeRawBufferPointer {
        guard bytes.count >= 8 else { throw ByteReader.Corrupt() }
        let body = UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count - 8)])
        var stored: UInt64 = 0
        for i in 0..<8 { stored |= UInt64(bytes[bytes.count - 8 + i]) << (8 * UInt64(i)) }
        guard stored == RowChecksum.of(body) else { throw ByteReader.Corrupt() }
        return body
    }

    static func decode(_ blob: UnsafeRawBufferPointer) throws -> TodoTask { try decodeWithFingerprint(blob).task }

    /// The task and the fingerprint of the file it was read from.
    static func decodeWithFingerprint(_ blob: UnsafeRawBufferPointer) throws -> (task: TodoTask, fileFingerprint: UInt64) {
        let bytes = try verified(blob)
        var r = ByteReader(bytes)
        let path = try r.string()
        let line = try r.optional { try $0.int() }
        let sourceLine = try r.optional { try $0.string() }
        var t = TodoTask(path: path, title: try r.string())
        t.line = line
        t.sourceLine = sourceLine
        guard let status = TaskStatus(rawValue: try r.string()) else { throw ByteReader.Corrupt() }
        t.status = status
        t.due = try r.optional(dateTime)
        t.deferDate = try r.optional(dateTime)
        t.scheduled = try r.optional(dateTime)
        guard let priority = Priority(rawValue: try r.string()) else { throw ByteReader.Corrupt() }
        t.priority = priority
        t.flagged = try r.byte() == 1
        t.area = try r.optional { try $0.string() }
        t.project = try r.optional { try $0.string() }
        let tagCount = try count(&r)
        t.tags.reserveCapacity(tagCount)
        for _ in 0..<tagCount { t.tags.append(try r.string()) }
        t.recurrence = try r.optional { try $0.string() }
        t.repeatMode = try r.optional { RepeatMode(rawValue: try $0.string()) } ?? nil
        t.estimatedMinutes = try r.optional { try $0.int() }
        t.description = try r.optional { try $0.string() }
        t.created = try r.optional(instant)
        t.modified = try r.optional(instant)
        t.completed = try r.optional(instant)
        t.source = try r.optional { try $0.string() }
        t.body = try r.string()
        for _ in 0..<(try count(&r)) { t.extra.append((try r.string(), try value(&r, depth: 0))) }
        for _ in 0..<(try count(&r)) { t.problems.append(try r.string()) }
        t.readOnly = try r.byte() == 1
        var fp: UInt64 = 0
        for i in 0..<8 { fp |= UInt64(try r.byte()) << (8 * UInt64(i)) }
        guard r.offset == bytes.count else { throw ByteReader.Corrupt() }
        return (t, fp)
    }

    /// The version of an encoded task, decoding only its leading fields and the file
    /// fingerprint it was stored with (a checkbox task's version is its line's, else the file's).
    static func version(_ blob: UnsafeRawBufferPointer) throws -> String {
        let body = try verified(blob)
        guard body.count >= 8 else { throw ByteReader.Corrupt() }
        var fp: UInt64 = 0
        for i in 0..<8 { fp |= UInt64(body[body.count - 8 + i]) << (8 * UInt64(i)) }
        var r = ByteReader(body)
        _ = try r.string()
        let line = try r.optional { try $0.int() }
        let sourceLine = try r.optional { try $0.string() }
        if line != nil, let sourceLine { return TaskVersion.of(line: sourceLine) }
        return TaskVersion.string(fp)
    }

    static func decode(_ data: [UInt8]) throws -> TodoTask {
        try data.withUnsafeBytes { try decode($0) }
    }

    /// A count that cannot exceed the bytes left (a corrupt blob must not allocate gigabytes).
    private static func count(_ r: inout ByteReader) throws -> Int {
        let n = try r.varint()
        guard n <= UInt64(r.base.count - r.offset) else { throw ByteReader.Corrupt() }
        return Int(n)
    }

    /// An instant the readers could have produced (years 1…9999), else damage.
    private static func instant(_ r: inout ByteReader) throws -> Date {
        let t = try r.double()
        guard t.isFinite, t > -63_300_000_000, t < 252_500_000_000 else { throw ByteReader.Corrupt() }
        return Date(timeIntervalSinceReferenceDate: t)
    }

    private static func dateTime(_ w: inout ByteWriter, _ d: LocalDateTime) {
        w.varint(UInt64(d.date.year))
        w.byte(UInt8(d.date.month))
        w.byte(UInt8(d.date.day))
        w.optional(d.time) { w, t in
            w.byte(UInt8(t.hour))
            w.byte(UInt8(t.minute))
        }
    }

    private static func dateTime(_ r: inout ByteReader) throws -> LocalDateTime {
        let year = try r.varint()
        guard year <= 9999, let date = LocalDate(year: Int(year), month: Int(try r.byte()), day: Int(try r.byte())) else {
            throw ByteReader.Corrupt()
        }
        let time = try r.optional { r -> LocalTime in
            guard let t = LocalTime(hour: Int(try r.byte()), minute: Int(try r.byte())) else { throw ByteReader.Corrupt() }
            return t
        }
        return LocalDateTime(date: date, time: time)
    }

    /// Writes a value, as null below `Limits.yamlDepth` levels: the reader refuses deeper ones
    /// (`maxDepth`), and a row the index cannot read back must never be written.
    private static func value(_ w: inout ByteWriter, _ v: JSONValue, depth: Int = 1) {
        if depth > Limits.yamlDepth { w.byte(0); return }
        switch v {
        case .null: w.byte(0)
        case .bool(let b): w.byte(b ? 2 : 1)
        case .int(let i): w.byte(3); w.int(i)
        case .double(let d): w.byte(4); w.double(d)
        case .string(let s): w.byte(5); w.string(s)
        case .array(let a):
            w.byte(6)
            w.varint(UInt64(a.count))
            for x in a { value(&w, x, depth: depth + 1) }
        case .object(let o):
            w.byte(7)
            w.varint(UInt64(o.count))
            for (k, x) in o {
                w.string(k)
                value(&w, x, depth: depth + 1)
            }
        }
    }

    /// Deeper values than the writer produces are damage, not data.
    static let maxDepth = Limits.yamlDepth + 1

    private static func value(_ r: inout ByteReader, depth: Int) throws -> JSONValue {
        guard depth < maxDepth else { throw ByteReader.Corrupt() }
        switch try r.byte() {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3: return .int(try r.int())
        case 4: return .double(try r.double())
        case 5: return .string(try r.string())
        case 6: return .array(try (0..<count(&r)).map { _ in try value(&r, depth: depth + 1) })
        case 7: return .object(try (0..<count(&r)).map { _ in (try r.string(), try value(&r, depth: depth + 1)) })
        default: throw ByteReader.Corrupt()
        }
    }
}

/// A fast 64-bit checksum (8 bytes per step) of a stored row: it detects damage, not attacks.
enum RowChecksum {
    static func of(_ b: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(b.count)
        var i = 0
        while i + 8 <= b.count {
            h = (h ^ b.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 29
            i += 8
        }
        while i < b.count {
            h = (h ^ UInt64(b[i])) &* 0x100_0000_01B3
            i += 1
        }
        h ^= h >> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        return h ^ (h >> 33)
    }
}
