import Foundation
import TodoMDCore

/// Encoded tasks copied out of SQLite into one buffer, decoded on every core.
struct BlobBatch {
    private var bytes: [UInt8] = []
    private var ends: [Int] = []

    mutating func append(_ blob: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: blob)
        ends.append(bytes.count)
    }

    func decodeAll() throws -> [TodoTask] { try decodeAllWithFingerprints().map(\.task) }

    /// Every task with the fingerprint of its file, as stored in its checked blob.
    func decodeAllWithFingerprints() throws -> [(task: TodoTask, fileFingerprint: UInt64)] {
        let n = ends.count
        guard n > 0 else { return [] }
        var out = [(task: TodoTask, fileFingerprint: UInt64)?](repeating: nil, count: n)
        let workers = n < 512 ? 1 : max(1, ProcessInfo.processInfo.activeProcessorCount)
        var failed = false
        bytes.withUnsafeBytes { raw in
            out.withUnsafeMutableBufferPointer { buf in
                let base = buf.baseAddress!
                DispatchQueue.concurrentPerform(iterations: workers) { w in
                    // Contiguous ranges: each worker's tasks stay together in memory.
                    let lo = n * w / workers, hi = n * (w + 1) / workers
                    for i in lo..<hi {
                        let start = i == 0 ? 0 : ends[i - 1]
                        (base + i).pointee = try? TaskCodec.decodeWithFingerprint(UnsafeRawBufferPointer(rebasing: raw[start..<ends[i]]))
                    }
                }
            }
        }
        var tasks: [(task: TodoTask, fileFingerprint: UInt64)] = []
        tasks.reserveCapacity(n)
        for t in out {
            guard let t else { failed = true; break }
            tasks.append(t)
        }
        if failed { throw ByteReader.Corrupt() }
        return tasks
    }
}

/// FNV-1a of a path's UTF-8 bytes: the key the refresh compares identities by.
enum PathHash {
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        return h
    }

    static func of(_ path: String) -> UInt64 {
        var p = path
        return p.withUTF8 { of($0) }
    }
}
