import Foundation

/// A three-way merge of lines, like `git merge-file` (diff3): the changes each side made to the
/// base are applied together; where both changed the same lines differently, a conflict.
public enum LineMerge {
    /// One stretch of the result: lines everyone agrees on, or a conflict.
    public enum Chunk: Equatable, Sendable {
        case lines([[UInt8]])
        case conflict(base: [[UInt8]], mine: [[UInt8]], theirs: [[UInt8]])
    }

    /// The merge of `mine` and `theirs` against `base` (each split into lines, terminators kept).
    public static func merge(base: [UInt8], mine: [UInt8], theirs: [UInt8]) -> [Chunk] {
        merge(base: lines(base), mine: lines(mine), theirs: lines(theirs))
    }

    public static func merge(base o: [[UInt8]], mine a: [[UInt8]], theirs b: [[UInt8]]) -> [Chunk] {
        let ma = matches(o, a), mb = matches(o, b)
        var out: [Chunk] = []
        var stable: [[UInt8]] = []
        var io = 0, ia = 0, ib = 0
        func flush() {
            if !stable.isEmpty { out.append(.lines(stable)) }
            stable = []
        }
        while true {
            if io < o.count, ma[io] == ia, mb[io] == ib {
                stable.append(o[io])
                io += 1; ia += 1; ib += 1
                continue
            }
            // The next base line both sides kept: the end of this unstable stretch.
            var next = io
            while next < o.count, ma[next] == nil || mb[next] == nil { next += 1 }
            let (ea, eb) = next < o.count ? (ma[next]!, mb[next]!) : (a.count, b.count)
            let po = Array(o[io..<next]), pa = Array(a[ia..<ea]), pb = Array(b[ib..<eb])
            if po.isEmpty && pa.isEmpty && pb.isEmpty {
                if next >= o.count { break }
            } else if pa == po {
                stable += pb
            } else if pb == po || pa == pb {
                stable += pa
            } else {
                flush()
                out.append(.conflict(base: po, mine: pa, theirs: pb))
            }
            if next >= o.count { break }
            io = next; ia = ea; ib = eb
        }
        flush()
        return out
    }

    /// The lines of `bytes`, each with its terminator.
    public static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            out.append(Array(bytes[start...i]))
            start = i + 1
        }
        if start < bytes.count { out.append(Array(bytes[start...])) }
        return out
    }

    /// For each line of `o`, the line of `x` it is matched with in a longest common subsequence
    /// (nil: deleted). Common prefix and suffix are matched first; the middle by dynamic
    /// programming when it is small enough, else left unmatched (a conflict unless one side kept
    /// the base).
    static func matches(_ o: [[UInt8]], _ x: [[UInt8]]) -> [Int?] {
        var m = [Int?](repeating: nil, count: o.count)
        var pre = 0
        while pre < o.count, pre < x.count, o[pre] == x[pre] { m[pre] = pre; pre += 1 }
        var suf = 0
        while suf < o.count - pre, suf < x.count - pre, o[o.count - 1 - suf] == x[x.count - 1 - suf] {
            m[o.count - 1 - suf] = x.count - 1 - suf
            suf += 1
        }
        let n = o.count - pre - suf, k = x.count - pre - suf
        guard n > 0, k > 0, n * k <= 4_000_000 else { return m }
        // LCS lengths from the end: table[i][j] for o[pre+i...], x[pre+j...].
        var table = [Int32](repeating: 0, count: (n + 1) * (k + 1))
        let w = k + 1
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: k - 1, through: 0, by: -1) {
                table[i * w + j] = o[pre + i] == x[pre + j] ? table[(i + 1) * w + j + 1] + 1 : max(table[(i + 1) * w + j], table[i * w + j + 1])
            }
        }
        var i = 0, j = 0
        while i < n, j < k {
            if o[pre + i] == x[pre + j] {
                m[pre + i] = pre + j
                i += 1; j += 1
            } else if table[(i + 1) * w + j] >= table[i * w + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return m
    }
}
