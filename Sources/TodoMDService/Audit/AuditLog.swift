import Foundation
import TodoMDCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The audit log (issue 16; spec 000, v2 roadmap): every change to the vault, made by todomd or
/// seen from outside, as one JSON object per line, in the vault so it syncs with it:
/// `<vault>/.todomd/audit/<YYYY-MM>.<device>.jsonl`. One file per device, so two devices never
/// write the same file (no sync conflicts), and one per month (UTC, of the change), so files stay
/// small and old months can be deleted by hand.
///
/// The folder is hidden: the scanner, the watch and the index never see it, so appending never
/// shows up as a change. Lines are appended with one `write` per file on an `O_APPEND`
/// descriptor (as `WriteJournal` does), so lines of concurrent processes never interleave, and
/// not through the vault's write primitives: the appends are not vault changes, so neither the
/// undo journal nor the version history record them, and undo never touches the log.
public struct AuditLog: Sendable {
    /// The folder, vault-relative.
    public static let folder = ".todomd/audit"

    /// The vault root.
    public let root: String
    /// This device's name, as it appears in file names and lines (sanitised).
    public let device: String

    /// The log of the vault at `root`, written as `device` (default: `AuditLog.currentDevice`).
    public init(root: String, device: String = AuditLog.currentDevice) {
        self.root = root
        self.device = Self.sanitize(device)
    }

    /// The folder, absolute.
    public var directory: String { root + "/" + Self.folder }

    /// `2026-11.laptop.jsonl`.
    public static func fileName(month: String, device: String) -> String { "\(month).\(device).jsonl" }

    // MARK: Writing

    /// Appends one line per event to the file of its month: one `write` per file. Throws
    /// `TodoError.io` when the folder or a file cannot be written.
    public func append(_ events: [VaultChangeEvent]) throws {
        guard !events.isEmpty else { return }
        var months: [String] = []
        var text: [String: String] = [:]
        for e in events {
            let month = Self.month(e.at)
            if text[month] == nil { months.append(month) }
            text[month, default: ""] += Self.line(e, device: device) + "\n"
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw TodoError.io(path: directory, reason: "cannot create the audit folder: \(error.localizedDescription)")
        }
        for month in months {
            try Self.appendBytes(Array(text[month]!.utf8), to: directory + "/" + Self.fileName(month: month, device: device))
        }
    }

    /// One `write` on an `O_APPEND` descriptor (continued only if the system wrote part of it).
    private static func appendBytes(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw TodoError.io(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw TodoError.io(path: path, reason: String(cString: strerror(errno)))
            }
            done += n
        }
    }

    /// The line for one event (no newline): keys in a fixed order, nil ones left out:
    /// `at device by front_end source action kind path from task fields before after`.
    public static func line(_ e: VaultChangeEvent, device: String) -> String {
        var out = "{"
        var first = true
        func add(_ key: String, _ value: String?) {
            guard let value else { return }
            if !first { out += "," }
            first = false
            out += "\"\(key)\":" + JSONText.quoted(value)
        }
        add("at", instant(e.at))
        add("device", device)
        add("by", e.by)
        add("front_end", e.frontEnd)
        add("source", e.source)
        add("action", e.action)
        add("kind", e.kind.rawValue)
        add("path", e.path)
        add("from", e.from)
        add("task", e.title)
        out += ",\"fields\":[" + e.fields.map(JSONText.quoted).joined(separator: ",") + "]"
        add("before", e.before)
        add("after", e.after)
        return out + "}"
    }

    /// `2026-11-24T09:00:00.123Z`: UTC, to the millisecond.
    public static func instant(_ date: Date) -> String {
        let ms = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var (secs, frac) = ms.quotientAndRemainder(dividingBy: 1000)
        if frac < 0 { secs -= 1; frac += 1000 }
        let whole = Timestamp.format(Date(timeIntervalSince1970: TimeInterval(secs)))
        let digits = String(frac)
        return whole.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    /// `2026-11`: the UTC month of an instant, which names its file.
    public static func month(_ date: Date) -> String { String(Timestamp.format(date).prefix(7)) }

    // MARK: Device

    /// This device's name: `$TODOMD_DEVICE`, else `device_name` in the per-device config file
    /// (`$XDG_CONFIG_HOME/todomd/config.json`; not `.todomd.json`, which syncs to every device),
    /// else the host name; sanitised. Read once per process.
    public static let currentDevice = deviceName(env: ProcessInfo.processInfo.environment)

    /// The device name `env` gives (see `currentDevice`).
    public static func deviceName(env: [String: String]) -> String {
        if let d = env["TODOMD_DEVICE"], !d.trimmingCharacters(in: .whitespaces).isEmpty { return sanitize(d) }
        let config = VaultLocator.configDir(env: env) + "/config.json"
        if let data = FileManager.default.contents(atPath: config),
           let obj = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
           let d = obj["device_name"] as? String, !d.trimmingCharacters(in: .whitespaces).isEmpty {
            return sanitize(d)
        }
        // `gethostname`, not `ProcessInfo.hostName`, which may ask DNS.
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "device" }
        return sanitize(String(cString: buffer))
    }

    /// Only `A-Za-z0-9._-` (others become `-`), no leading dot, at most 64 characters; empty
    /// is `device`.
    public static func sanitize(_ name: String) -> String {
        var out = String(String.UnicodeScalarView(name.unicodeScalars.map { u -> Unicode.Scalar in
            u.isASCII && (CharacterSet.alphanumerics.contains(u) || u == "." || u == "_" || u == "-") ? u : "-"
        }).prefix(64))
        while out.hasPrefix(".") { out.removeFirst() }
        return out.isEmpty ? "device" : out
    }
}
