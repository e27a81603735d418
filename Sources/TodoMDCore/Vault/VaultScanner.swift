import Foundation

/// One Markdown file found in the vault.
public struct ScannedFile: Sendable, Hashable {
    /// Vault-relative path with `/` separators.
    public var path: String
    public var stamp: FileStamp
}

/// Walks the vault recursively. Hidden files and folders (so `.obsidian/`, `.trash/`, `.git/`)
/// are skipped; symlinks are followed only when they stay inside the vault, and a folder reached
/// twice (a link loop) is walked once.
public struct VaultScanner: Sendable {
    public let root: String
    /// Folders (vault-relative) to leave out, e.g. a templates folder.
    public var excluded: Set<String> = []

    public init(root: String) { self.root = root }

    public struct Result: Sendable {
        public var files: [ScannedFile] = []
        /// Links skipped because they leave the vault or dangle, with the reason.
        public var skipped: [(path: String, reason: String)] = []
    }

    public func scan() -> Result {
        var result = Result()
        guard let realRoot = FileSystem.realPath(root) else { return result }
        var seenDirs: Set<[UInt64]> = []
        if let (st, _) = FileSystem.statStamp(realRoot) { seenDirs.insert([st.device, st.inode]) }
        var stack: [(abs: String, rel: String)] = [(root, "")]
        while let (dir, rel) = stack.popLast() {
            guard let names = FileSystem.list(dir) else { continue }
            for name in names where !name.hasPrefix(".") {
                let abs = dir + "/" + name
                let relPath = rel.isEmpty ? name : rel + "/" + name
                guard var (stamp, mode) = FileSystem.lstatStamp(abs) else { continue }
                if FileSystem.isLink(mode) {
                    guard let target = FileSystem.realPath(abs) else {
                        result.skipped.append((relPath, "broken symlink"))
                        continue
                    }
                    guard target == realRoot || target.hasPrefix(realRoot + "/") else {
                        result.skipped.append((relPath, "symlink leaves the vault; not followed"))
                        continue
                    }
                    guard let resolved = FileSystem.statStamp(target) else { continue }
                    (stamp, mode) = resolved
                }
                if FileSystem.isDir(mode) {
                    if excluded.contains(relPath) { continue }
                    guard seenDirs.insert([stamp.device, stamp.inode]).inserted else { continue }
                    stack.append((abs, relPath))
                } else if FileSystem.isReg(mode), name.count > 3, name.lowercased().hasSuffix(".md") {
                    result.files.append(ScannedFile(path: relPath, stamp: stamp))
                }
            }
        }
        result.files.sort { $0.path < $1.path }
        return result
    }
}
