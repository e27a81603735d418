import Foundation

/// One merge of three versions of a vault file, as git's merge driver runs it (`todomd
/// merge-driver %O %A %B %P`): a Markdown task file field by field (`TaskMerge`), conflict
/// markers only around the keys (and body lines) both sides changed differently; `.order.json`
/// and `.perspectives.json` by `SettingsFileMerge` (nothing either side added is lost).
public enum FileMerge {
    /// The merged bytes and the keys that conflict (`body` for body lines; `file` when a JSON
    /// side could not be read and the whole file is marked).
    public struct Outcome: Sendable, Equatable {
        public var bytes: [UInt8]
        public var conflicts: [String]
    }

    /// Merges `mine` and `theirs` of the file `path` (its name decides how) against `base`;
    /// an empty `base` is a file both sides added: every key they set differently conflicts.
    public static func merge(path: String, base: [UInt8], mine: [UInt8], theirs: [UInt8],
                             labels: (mine: String, theirs: String) = ("ours", "theirs")) -> Outcome {
        let name = (path as NSString).lastPathComponent
        if let kind = SettingsFileMerge.kind(of: name) {
            if let merged = SettingsFileMerge.merge(kind, mine: mine, theirs: theirs) { return Outcome(bytes: merged, conflicts: []) }
            func block(_ x: [UInt8]) -> [UInt8] { x.isEmpty || x.last == 0x0A ? x : x + [0x0A] }
            let marked = Array("<<<<<<< \(labels.mine)\n".utf8) + block(mine) + Array("=======\n".utf8) + block(theirs)
                + Array(">>>>>>> \(labels.theirs)\n".utf8)
            return Outcome(bytes: marked, conflicts: ["file"])
        }
        let r = TaskMerge.merge(base: base, mine: mine, theirs: theirs, markers: true, labels: labels)
        return Outcome(bytes: r.bytes, conflicts: r.conflicts.map(\.key))
    }
}
