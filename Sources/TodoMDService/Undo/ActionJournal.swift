import Foundation
import TodoMDCore

/// One file an action changed, as the undo journal keeps it.
public struct UndoFile: Sendable, Equatable, Codable {
    public enum Change: String, Sendable, Codable {
        /// The action made the file (undo: it goes to the trash).
        case created
        /// The action rewrote it (undo: its bytes before come back).
        case changed
        /// The action removed it (undo: it is made again).
        case removed
        /// The action moved it to `movedTo` (a delete to the trash, a restore; undo: moved back).
        case moved
    }

    /// The file (vault-relative); for a move, where it was.
    public var path: String
    public var change: Change
    /// For a move: where it went.
    public var movedTo: String?
    /// The bytes before, base64: kept for `changed` and `removed` (what undo writes back).
    var before: String?
    /// The bytes before as a version history blob (its hash), when the history keeps them:
    /// then `before` is not inlined.
    var beforeBlob: String?
    /// Fingerprint (hex) of the bytes before (nil: the file did not exist).
    var beforeFingerprint: String?
    /// Fingerprint (hex) of the bytes the action left (nil: it left no file there).
    var afterFingerprint: String?

    enum CodingKeys: String, CodingKey {
        case path, change, movedTo = "moved_to", before, beforeBlob = "before_blob", beforeFingerprint = "before_fingerprint",
             afterFingerprint = "after_fingerprint"
    }
}

/// One action in the undo journal: a command (or a group of calls made with
/// `TodoService.recordingAction`) and every file it changed.
public struct UndoAction: Sendable, Equatable, Codable {
    /// Increases with every action recorded for this vault; the newest has the highest.
    public var id: Int
    /// When it was done (UTC, ISO 8601).
    public var at: String
    /// What was done: `add`, `done`, `set`, `delete`, … or the label given to `recordingAction`.
    public var action: String
    /// The action and the titles of what it touched: `done: Buy milk`.
    public var summary: String
    public var files: [UndoFile]
    /// When it was undone; an undone action is never undone again.
    public var undoneAt: String?
    /// Why it cannot be undone (its files were too large to keep), if it cannot.
    public var notUndoable: String?
    /// The journal format.
    var format = 1

    public var undone: Bool { undoneAt != nil }

    enum CodingKeys: String, CodingKey {
        case format, id, at, action, summary, files, undoneAt = "undone_at", notUndoable = "not_undoable"
    }
}

/// The undo journal of one vault: one JSON file per action (`000000000042.json`, the id), in a
/// folder of the cache, never in the vault. It is a cache: losing it loses only the ability to
/// undo. Bounded: the newest `keep` actions, at most `maxActionBytes` of file contents kept per
/// action (an action over it is listed but cannot be undone) and `maxTotalBytes` in all (the
/// oldest go first). Written atomically (temp file, fsync, rename). A file that cannot be read
/// is reported with its path and reason; it is never guessed around.
struct ActionJournal {
    let directory: String
    static let keep = 100
    static let maxActionBytes = 4 * Limits.fileBytes
    static let maxTotalBytes = 64 * Limits.fileBytes

    /// An entry as found in the folder.
    enum Stored {
        case action(UndoAction, file: String)
        case unreadable(id: Int, file: String, reason: String)

        var id: Int {
            switch self {
            case .action(let a, _): return a.id
            case .unreadable(let id, _, _): return id
            }
        }
    }

    static func fileName(_ id: Int) -> String {
        let digits = String(id)
        return String(repeating: "0", count: max(0, 12 - digits.count)) + digits + ".json"
    }

    /// The ids of the entries in the folder, newest first; throws when the folder cannot be read.
    func ids() throws -> [Int] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDir) else { return [] }
        guard isDir.boolValue else {
            throw TodoError.malformed(path: directory, reason: "the undo journal is not a folder")
        }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
            throw TodoError.io(path: directory, reason: "cannot read the undo journal: \(error.localizedDescription)")
        }
        return names.compactMap { name -> Int? in
            guard name.hasSuffix(".json"), !name.hasPrefix(".") else { return nil }
            let stem = name.dropLast(5)
            guard !stem.isEmpty, stem.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(stem)
        }.sorted(by: >)
    }

    func path(_ id: Int) -> String { directory + "/" + Self.fileName(id) }

    /// One entry, read and decoded.
    func read(_ id: Int) -> Stored {
        let file = path(id)
        let bytes: [UInt8]
        do { bytes = try Vault.readFile(file) } catch {
            return .unreadable(id: id, file: file, reason: "cannot read it (\(error))")
        }
        do {
            let action = try JSONDecoder().decode(UndoAction.self, from: Data(bytes))
            guard action.format == 1 else {
                return .unreadable(id: id, file: file, reason: "journal format \(action.format) is not one this todomd reads")
            }
            guard action.id == id else { return .unreadable(id: id, file: file, reason: "it says it is action \(action.id)") }
            return .action(action, file: file)
        } catch {
            return .unreadable(id: id, file: file, reason: "not a journal entry (\(Self.describe(error)))")
        }
    }

    /// Writes an entry (atomically).
    func write(_ action: UndoAction) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try Vault.writeAtomically(path(action.id), bytes: Array(try encoder.encode(action)))
    }

    /// Adds an action under the next id and drops the oldest beyond the bounds. The caller
    /// holds the vault lock.
    func append(_ make: (Int) -> UndoAction) throws -> UndoAction {
        let existing = try ids()
        let action = make((existing.first ?? 0) + 1)
        try write(action)
        prune()
        return action
    }

    /// Keeps the newest `keep` entries and at most `maxTotalBytes` (always the newest one).
    func prune() {
        guard let all = try? ids() else { return }
        var total = 0
        for (i, id) in all.enumerated() {
            let file = path(id)
            let size = Vault.stamp(ofPath: file).map { Int($0.size) } ?? 0
            total += size
            if i >= Self.keep || (i > 0 && total > Self.maxTotalBytes) { try? FileManager.default.removeItem(atPath: file) }
        }
    }

    /// A decoding error in a few words.
    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let c): return c.debugDescription
        case DecodingError.keyNotFound(let k, _): return "no \(k.stringValue)"
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
            return (c.codingPath.map(\.stringValue).joined(separator: ".")) + ": " + c.debugDescription
        default: return "\(error)"
        }
    }
}

extension ActionJournal {
    /// The journal entry for `changes`: moves (a file gone, another new with its bytes) paired
    /// up, and the bytes undo needs kept unless they exceed `maxActionBytes`.
    static func files(for changes: [FileChange], keep: (([UInt8]) -> String?)? = nil) -> (files: [UndoFile], tooLarge: Int?) {
        func hex(_ b: [UInt8]?) -> String? { b.map { String(Vault.fingerprint($0), radix: 16) } }
        var files: [UndoFile] = []
        var pairedCreations = Set<Int>()
        var partner: [Int: Int] = [:]
        for (i, c) in changes.enumerated() where c.before != nil && c.after == nil {
            if let j = changes.indices.first(where: { j in
                !pairedCreations.contains(j) && changes[j].before == nil && changes[j].after == c.before
            }) {
                pairedCreations.insert(j)
                partner[i] = j
            }
        }
        var kept = 0
        for (i, c) in changes.enumerated() where !pairedCreations.contains(i) {
            var f = UndoFile(path: c.path, change: .changed, beforeFingerprint: hex(c.before), afterFingerprint: hex(c.after))
            if let j = partner[i] {
                f.change = .moved
                f.movedTo = changes[j].path
            } else if c.before == nil {
                f.change = .created
            } else {
                f.change = c.after == nil ? .removed : .changed
                if let before = c.before, let hash = keep?(before) {
                    f.beforeBlob = hash
                } else {
                    f.before = c.before.map { Data($0).base64EncodedString() }
                    kept += c.before?.count ?? 0
                }
            }
            files.append(f)
        }
        if kept > maxActionBytes {
            for i in files.indices { files[i].before = nil }
            return (files, kept)
        }
        return (files, nil)
    }

    /// The steps that put the files of `action` back as they were before it.
    static func revertSteps(_ action: UndoAction, entry: String, blob: (String) -> [UInt8]? = { _ in nil }) throws -> [RevertStep] {
        func fingerprint(_ hex: String?, _ f: UndoFile) throws -> UInt64 {
            guard let hex, let v = UInt64(hex, radix: 16) else {
                throw TodoError.malformed(path: entry, reason: "\(f.path): no fingerprint of what the action wrote")
            }
            return v
        }
        func bytes(_ f: UndoFile) throws -> [UInt8] {
            if let hash = f.beforeBlob {
                guard let b = blob(hash) else {
                    throw TodoError.malformed(path: entry, reason: "\(f.path): the bytes before the action were in the version history, which no longer has them")
                }
                return b
            }
            guard let b64 = f.before, let data = Data(base64Encoded: b64) else {
                throw TodoError.malformed(path: entry, reason: "\(f.path): the bytes before the action are missing")
            }
            return Array(data)
        }
        return try action.files.reversed().map { f in
            switch f.change {
            case .created: return RevertStep(path: f.path, kind: .discard, written: try fingerprint(f.afterFingerprint, f))
            case .changed: return RevertStep(path: f.path, kind: .rewrite(try bytes(f)), written: try fingerprint(f.afterFingerprint, f))
            case .removed: return RevertStep(path: f.path, kind: .recreate(try bytes(f)), written: nil)
            case .moved:
                guard let to = f.movedTo else { throw TodoError.malformed(path: entry, reason: "\(f.path): a move without its destination") }
                return RevertStep(path: f.path, kind: .moveBack(from: to), written: try fingerprint(f.beforeFingerprint, f))
            }
        }
    }
}
