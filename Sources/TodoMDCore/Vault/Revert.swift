import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file to put back as it was before an action (undo).
public struct RevertStep: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The action changed the file: it gets these bytes back.
        case rewrite([UInt8])
        /// The action removed the file: it is created again with these bytes.
        case recreate([UInt8])
        /// The action moved the file from `path` to `from`: it is moved back (same inode, mode).
        case moveBack(from: String)
        /// The action created the file: a Markdown file goes to the trash, anything else is removed.
        case discard
    }

    /// The file (vault-relative) as it will be after the step.
    public var path: String
    public var kind: Kind
    /// The fingerprint of what the action left: at `path` (rewrite, discard) or at `from`
    /// (moveBack); unused for recreate (the file must not exist).
    public var written: UInt64?

    public init(path: String, kind: Kind, written: UInt64?) {
        self.path = path
        self.kind = kind
        self.written = written
    }
}

/// What reverting did.
public struct RevertReport: Sendable, Equatable {
    /// Files given back their bytes, created again or moved back (vault-relative).
    public var restored: [String] = []
    /// Files the action had created, now in the trash (their paths in the vault, then in the trash).
    public var trashed: [(path: String, trashPath: String)] = []
    /// Files the action had created that were not Markdown, removed.
    public var removed: [String] = []
    /// Every vault-relative path whose state changed (for the index).
    public var touched: [String] = []
    /// Every file was already as before the action (an undo a crash cut short, finished by the
    /// next todomd, or a change put back by hand): nothing was written.
    public var alreadyReverted = false

    public init() {}

    public static func == (a: RevertReport, b: RevertReport) -> Bool {
        a.alreadyReverted == b.alreadyReverted && a.restored == b.restored && a.removed == b.removed && a.touched == b.touched
            && a.trashed.map(\.path) == b.trashed.map(\.path) && a.trashed.map(\.trashPath) == b.trashed.map(\.trashPath)
    }
}

extension Vault {
    /// Puts files back as they were before an action, all or nothing as far as it can tell:
    /// under the vault lock, every file is first checked to be exactly as the action left it
    /// (its fingerprint; a removed file still absent); the first one that is not is named in a
    /// `conflict` and nothing is written. Then each step is written through the checked write
    /// routines (the same last-look swap as any edit), recorded as an `ActionIntent` so a crash
    /// halfway is finished by the next todomd. `action` names the action in messages.
    public func revert(_ steps: [RevertStep], action: String) throws -> RevertReport {
        try withLock {
            if !steps.isEmpty, steps.allSatisfy(isReverted) {
                var report = RevertReport()
                report.alreadyReverted = true
                return report
            }
            var intent: [ActionIntent.Step] = []
            for step in steps {
                intent += try checkRevertable(step, action: action)
            }
            return try withIntent(ActionIntent(action: "undo \(action)", steps: intent)) {
                var report = RevertReport()
                for step in steps { try apply(step, action: action, into: &report) }
                return report
            }
        }
    }

    private func exists(_ rel: String) -> Bool { FileSystem.lstatStamp(absolute(rel)) != nil }

    /// True when the file is already as the step would leave it.
    private func isReverted(_ step: RevertStep) -> Bool {
        let now = try? FileSystem.readFile(absolute(step.path))
        switch step.kind {
        case .rewrite(let bytes), .recreate(let bytes): return now == bytes
        case .moveBack(let from): return now.map(Self.fingerprint) == step.written && !exists(from)
        case .discard:
            // In the trash as undo puts it there; a file removed by hand is a change (refused).
            let trashed = try? FileSystem.readFile(absolute(Trash.folder + "/" + step.path))
            return !exists(step.path) && trashed.map(Self.fingerprint) == step.written
        }
    }

    /// Checks one step against the disk and returns its crash-recovery steps.
    private func checkRevertable(_ step: RevertStep, action: String) throws -> [ActionIntent.Step] {
        func mustHoldWritten(_ rel: String) throws -> [UInt8] {
            guard let now = try? FileSystem.readFile(absolute(rel)) else {
                throw TodoError.conflict(path: rel, reason: "it was removed or moved since \(action) wrote it; nothing was undone")
            }
            guard Self.fingerprint(now) == step.written else {
                throw TodoError.conflict(path: rel, reason: "it was changed since \(action) wrote it; nothing was undone")
            }
            return now
        }
        func mustBeAbsent(_ rel: String) throws {
            if exists(rel) {
                throw TodoError.conflict(path: rel, reason: "a file was put there since \(action) removed it; nothing was undone")
            }
        }
        switch step.kind {
        case .rewrite(let bytes):
            let now = try mustHoldWritten(step.path)
            return [ActionIntent.Step(path: step.path, before: now, after: bytes)]
        case .recreate(let bytes):
            try mustBeAbsent(step.path)
            return [ActionIntent.Step(path: step.path, before: nil, after: bytes)]
        case .moveBack(let from):
            let now = try mustHoldWritten(from)
            try mustBeAbsent(step.path)
            return [ActionIntent.Step(path: step.path, before: nil, after: now), ActionIntent.Step(path: from, before: now, after: nil)]
        case .discard:
            let now = try mustHoldWritten(step.path)
            return [ActionIntent.Step(path: step.path, before: now, after: nil)]
        }
    }

    private func apply(_ step: RevertStep, action: String, into report: inout RevertReport) throws {
        let abs = absolute(step.path)
        func makeFolder() throws {
            let dir = (step.path as NSString).deletingLastPathComponent
            try FileSystem.makeDirs(dir.isEmpty ? root : absolute(dir))
        }
        switch step.kind {
        case .rewrite(let bytes):
            let target = FileSystem.realPath(abs) ?? abs
            _ = try FileSystem.replaceChecked(target, name: step.path) { current in
                guard Self.fingerprint(current) == step.written else {
                    throw TodoError.conflict(path: step.path, reason: "it was changed since \(action) wrote it")
                }
                return bytes
            }
            report.restored.append(step.path)
            report.touched.append(step.path)
        case .recreate(let bytes):
            try makeFolder()
            guard try FileSystem.atomicCreate(abs, bytes: bytes) else {
                throw TodoError.conflict(path: step.path, reason: "another program just created this file")
            }
            report.restored.append(step.path)
            report.touched.append(step.path)
        case .moveBack(let from):
            try makeFolder()
            guard try FileSystem.moveNoClobber(absolute(from), abs) else {
                throw TodoError.conflict(path: step.path, reason: "another program just created this file")
            }
            report.restored.append(step.path)
            report.touched += [from, step.path]
        case .discard:
            if step.path.hasSuffix(".md"), !step.path.hasPrefix(Trash.folder + "/") {
                let trashed = try Trash(vault: self).delete(step.path)
                report.trashed.append((step.path, trashed))
                report.touched += [step.path, trashed]
            } else {
                guard FileSystem.removeFile(abs) else {
                    throw TodoError.io(path: step.path, reason: "cannot remove it: " + String(cString: strerror(errno)))
                }
                report.removed.append(step.path)
                report.touched.append(step.path)
            }
        }
    }
}
