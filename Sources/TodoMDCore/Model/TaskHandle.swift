/// A task's short handle: the shortest prefix (at least 3 characters) of a hash of its id that
/// no other task's hash shares, as git abbreviates commits. `todomd list` shows it on every row
/// and every command takes it as TASK (`todomd done 7fa`). A longer prefix keeps working after
/// the vault grows, so a handle once printed stays valid unless another task then shares it.
public enum TaskHandle {
    public static let minimumLength = 3

    /// 16 lowercase hex digits of FNV-1a (64 bit, finalised so prefixes spread evenly) of the id.
    public static func hash(_ id: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in id.utf8 {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01B3
        }
        // murmur3's fmix64: every input bit reaches the leading digits.
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        h = h &* 0xc4ce_b9fe_1a85_ec53
        h ^= h >> 33
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Whether `text` could be a handle: 3 to 16 hex digits.
    public static func isCandidate(_ text: String) -> Bool {
        (minimumLength...16).contains(text.utf8.count) && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) }
    }

    /// The handle of `hash` given its nearest neighbours in sorted order among every task's hash.
    public static func handle(_ hash: String, before: String?, after: String?) -> String {
        let shared = max(before.map { commonPrefix(hash, $0) } ?? 0, after.map { commonPrefix(hash, $0) } ?? 0)
        return String(hash.prefix(max(minimumLength, min(16, shared + 1))))
    }

    /// The handles of every task, by id, computed from all of them.
    public static func handles(ids: [String]) -> [String: String] {
        let sorted = Array(Set(ids.map(hash))).sorted()
        var byHash: [String: String] = [:]
        for (i, h) in sorted.enumerated() {
            byHash[h] = handle(h, before: i > 0 ? sorted[i - 1] : nil, after: i + 1 < sorted.count ? sorted[i + 1] : nil)
        }
        var out: [String: String] = [:]
        for id in ids { out[id] = byHash[hash(id)] }
        return out
    }

    static func commonPrefix(_ a: String, _ b: String) -> Int {
        zip(a.utf8, b.utf8).prefix { $0 == $1 }.count
    }
}
