import Foundation
import TodoMDCore

/// The server's token: read from a file given with `--token-file`, or generated on first use and
/// kept (mode 0600) in `$XDG_CONFIG_HOME/todomd/token`.
public enum TokenStore {
    /// The default token file.
    public static func defaultPath(env: [String: String] = ProcessInfo.processInfo.environment) -> String {
        VaultLocator.configDir(env: env) + "/token"
    }

    /// The token in `path`, created with 32 random bytes (base64url) if the file does not exist.
    public static func loadOrCreate(path: String) throws -> String {
        if let existing = try read(path) { return existing }
        let dir = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var bytes = [UInt8](repeating: 0, count: 32)
        var rng = SystemRandomNumberGenerator()
        for i in bytes.indices { bytes[i] = UInt8.random(in: 0...255, using: &rng) }
        let token = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        // Created 0600 from the start: never readable by others, not even for a moment.
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else {
            if errno == EEXIST, let raced = try read(path) { return raced }
            throw TodoError.io(path: path, reason: "cannot create the token file: " + String(cString: strerror(errno)))
        }
        let line = Array((token + "\n").utf8)
        let written = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == line.count else { throw TodoError.io(path: path, reason: "cannot write the token file") }
        return token
    }

    /// The token in a file (first line, trimmed); nil when the file does not exist. A file
    /// others can read is refused: the token is a password.
    public static func read(_ path: String) throws -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        if let perms = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int, perms & 0o077 != 0 {
            throw TodoError.invalidArgument("\(path) can be read by other users (mode \(String(perms, radix: 8))); chmod 600 it")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TodoError.io(path: path, reason: "cannot read the token file")
        }
        let token = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map {
            $0.trimmingCharacters(in: .whitespaces)
        } ?? ""
        guard token.count >= 16 else { throw TodoError.invalidArgument("\(path): a token needs at least 16 characters") }
        return token
    }

    /// Whether a presented token is the token, in time that does not depend on where they differ.
    public static func matches(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var diff: UInt8 = 0
        for i in 0..<x.count { diff |= x[i] ^ y[i] }
        return diff == 0
    }
}

/// The calendar feed's key (issue 18): a secret of its own in the feed's URL
/// (`/calendar.ics?key=…`), because calendar apps cannot send the server's token; kept like the
/// token (mode 0600, `$XDG_CONFIG_HOME/todomd/feed-key`) and rotated by replacing it, which
/// turns every old subscription off.
public enum FeedKey {
    public static func defaultPath(env: [String: String] = ProcessInfo.processInfo.environment) -> String {
        VaultLocator.configDir(env: env) + "/feed-key"
    }

    public static func loadOrCreate(path: String = defaultPath()) throws -> String { try TokenStore.loadOrCreate(path: path) }

    /// A new key; the old one stops working at once.
    public static func rotate(path: String = defaultPath()) throws -> String {
        if FileManager.default.fileExists(atPath: path), unlink(path) != 0 {
            throw TodoError.io(path: path, reason: "cannot replace the feed key: " + String(cString: strerror(errno)))
        }
        return try TokenStore.loadOrCreate(path: path)
    }
}
