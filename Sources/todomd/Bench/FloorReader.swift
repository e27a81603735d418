import Foundation
import TodoMDCore
#if canImport(Glibc)
import Glibc
#endif

/// The physical floor a command on a vault cannot beat: list the folders and open and read every
/// Markdown file, doing nothing with the bytes.
enum FloorReader {
    /// Seconds to walk `root` and read every file on `threads` threads; returns bytes read too.
    static func measure(_ root: String, threads: Int) -> (seconds: Double, bytes: Int) {
        let start = ChildProcess.now()
        var scanner = VaultScanner(root: root)
        scanner.threads = threads
        let files = scanner.scan(sorted: false).files
        var totals = [Int](repeating: 0, count: threads)
        totals.withUnsafeMutableBufferPointer { buf in
            let base = buf.baseAddress!
            DispatchQueue.concurrentPerform(iterations: threads) { w in
                var buffer = [UInt8](repeating: 0, count: 64 * 1024)
                var total = 0
                var i = w
                while i < files.count {
                    let fd = open(root + "/" + files[i].path, O_RDONLY)
                    i += threads
                    guard fd >= 0 else { continue }
                    while true {
                        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                        if n <= 0 { break }
                        total += n
                    }
                    close(fd)
                }
                (base + w).pointee = total
            }
        }
        return (ChildProcess.now() - start, totals.reduce(0, +))
    }
}
