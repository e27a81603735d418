// Fuzzes the index's binary task codec (TodoMDIndex.TaskCodec).
//
// Input: 1 choice byte. Even: the rest is a blob as the index would hold it (decoded as is, and
// again with a matching checksum appended so the field parser behind the check is reached). Odd:
// the rest is a task file, read by MarkdownTaskFormat, and its task goes through the codec.
//
// Invariants:
//  codec-decode      decoding arbitrary bytes throws or returns a task; it never traps
//  codec-reencode    a decoded task re-encodes to a blob that decodes again, to the same bytes
//  codec-usable      a decoded task can be shown: every schema value (`value(forKey:)`, which the
//                    JSON output and views use) is computed without trapping
//  codec-file-task   every task the file reader produces survives the codec: it encodes, decodes,
//                    and re-encodes to the same bytes ("a row the index cannot read back must
//                    never be written")
import Foundation
import FuzzSupport
@testable import TodoMDCore
@testable import TodoMDIndex

private let zone = TimeZone(identifier: "UTC")!

private func hex(_ b: [UInt8]) -> String { b.prefix(256).map { String(format: "%02x", $0) }.joined() }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let choice = input.byte()
    let rest = input.rest
    if choice & 1 == 0 {
        // Blobs end with a checksum of the rest, so random bytes stop at the check. The fuzzer
        // also gets the parser behind it: the input with a matching checksum appended (a foreign
        // or damaged row whose checksum happens to match, or one written by a buggy encoder).
        var sealed = rest
        var sum = rest.withUnsafeBytes { RowChecksum.of($0) }
        for _ in 0..<8 { sealed.append(UInt8(truncatingIfNeeded: sum)); sum >>= 8 }
        for blob in [rest, sealed] {
            _ = try? blob.withUnsafeBytes { try TaskCodec.version($0) }
            guard let (t, fp) = try? blob.withUnsafeBytes({ try TaskCodec.decodeWithFingerprint($0) }) else { continue }
            let encoded = TaskCodec.encode(t, fileFingerprint: fp)
            guard let (again, fp2) = try? encoded.withUnsafeBytes({ try TaskCodec.decodeWithFingerprint($0) }) else {
                fuzzFail("codec-reencode", "re-encoded blob does not decode\ninput:  \(hex(blob))\nblob:   \(hex(encoded))")
            }
            fuzzCheck("codec-reencode", TaskCodec.encode(again, fileFingerprint: fp2) == encoded, "re-encoding is not stable\ninput: \(hex(blob))")
            if !fuzzIgnored("codec-usable") {
                for key in TaskKey.all { _ = t.value(forKey: key) }
            }
        }
    } else {
        guard case .task(let t) = MarkdownTaskFormat().read(path: "20260101-0930-x.md", bytes: rest, zone: zone) else { return 0 }
        let blob = TaskCodec.encode(t)
        guard let back = try? TaskCodec.decode(blob) else {
            fuzzFail("codec-file-task", "a task read from a file does not survive the index codec\nfile: \(lit(String(decoding: rest, as: UTF8.self)))\ntask: \(dumped(t))")
        }
        fuzzCheck("codec-file-task", TaskCodec.encode(back) == blob, "codec changed a file's task\nfile: \(lit(String(decoding: rest, as: UTF8.self)))")
    }
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzz) } }
