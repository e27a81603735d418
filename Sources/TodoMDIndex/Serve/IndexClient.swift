import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The command side of `IndexServer`: asks a running `todomd watch` to bring the index up to
/// date, so the command need not walk the vault.
public enum IndexClient {
    /// True when a watcher serving this index synced it; false at once when none runs (no
    /// socket, or nobody listening), or when it cannot vouch for the index.
    public static func sync(_ index: TaskIndex, timeoutSeconds: Int = 2) -> Bool {
        #if os(Linux)
        guard let name = IndexServer.socketName(for: index) else { return false }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var (addr, length) = IndexServer.address(name)
        let connected = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) } }
        guard connected == 0 else { return false }
        // Only a server running as this user may vouch for the index.
        var cred = PeerCredentials()
        var size = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &size) == 0, cred.uid == getuid() else { return false }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard write(fd, "sync \(index.identityKey)\n") else { return false }
        return readLine(fd) == "ok"
        #else
        return false
        #endif
    }

    /// `struct ucred` (pid, uid, gid), which Glibc's Swift module leaves out (it needs _GNU_SOURCE).
    struct PeerCredentials {
        var pid: Int32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
    }

    #if os(Linux)
    static func write(_ fd: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count
    }

    /// Reads up to a newline (at most 4 KB); nil on timeout or a closed connection.
    static func readLine(_ fd: Int32) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 4096 {
            let n = read(fd, &byte, 1)
            if n <= 0 { return nil }
            if byte == 0x0A { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }
    #endif
}
