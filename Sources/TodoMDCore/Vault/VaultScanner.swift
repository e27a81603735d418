import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One Markdown file found in the vault.
public struct ScannedFile: Sendable, Hashable {
    /// Vault-relative path with `/` separators.
    public var path: String
    public var stamp: FileStamp

    public init(path: String, stamp: FileStamp) {
        self.path = path
        self.stamp = stamp
    }
}

/// Walks the vault recursively. Hidden files and folders (so `.obsidian/`, `.trash/`, `.git/`)
/// are skipped; symlinks are followed only when they stay inside the vault, and a folder reached
/// twice (a link loop) is walked once.
///
/// The walk is the floor of every command on a large vault (it stats every file), so it runs
/// on every core, stats names relative to an open folder (`fstatat`), and skips the stat of
/// entries that are neither folders nor `.md` files.
public struct VaultScanner: Sendable {
    public let root: String
    /// Folders (vault-relative) to leave out, e.g. a templates folder.
    public var excluded: Set<String> = []
    /// Threads to walk with (default: the number of cores).
    public var threads = ProcessInfo.processInfo.activeProcessorCount

    public init(root: String) { self.root = root }

    public struct Result: Sendable {
        public var files: [ScannedFile] = []
        /// Links skipped because they leave the vault or dangle, with the reason.
        public var skipped: [(path: String, reason: String)] = []
    }

    /// Every Markdown file, sorted by path unless `sorted` is false.
    public func scan(sorted: Bool = true) -> Result {
        guard let realRoot = FileSystem.realPath(root) else { return Result() }
        let shared = WalkState(realRoot: realRoot, excluded: excluded)
        if let (st, _) = FileSystem.statStamp(realRoot) { shared.seenDirs.insert([st.device, st.inode]) }
        shared.queue.append((root, ""))
        let n = max(1, threads)
        var parts = [Result](repeating: Result(), count: n)
        parts.withUnsafeMutableBufferPointer { buf in
            let base = buf.baseAddress!
            DispatchQueue.concurrentPerform(iterations: n) { i in (base + i).pointee = shared.work() }
        }
        var result = Result()
        for p in parts {
            result.files += p.files
            result.skipped += p.skipped
        }
        if sorted {
            result.files.sort { $0.path < $1.path }
            result.skipped.sort { $0.path < $1.path }
        }
        return result
    }
}

/// The folders still to walk, shared by the walking threads.
private final class WalkState: @unchecked Sendable {
    let realRoot: String
    let excluded: Set<String>
    let lock = NSCondition()
    var queue: [(abs: String, rel: String)] = []
    var seenDirs: Set<[UInt64]> = []
    /// Threads listing a folder right now (more folders may still come from them).
    var busy = 0

    init(realRoot: String, excluded: Set<String>) {
        self.realRoot = realRoot
        self.excluded = excluded
    }

    /// Takes folders until none is left and no other thread can add one.
    func work() -> VaultScanner.Result {
        var out = VaultScanner.Result()
        while true {
            lock.lock()
            while queue.isEmpty && busy > 0 { lock.wait() }
            guard let (dir, rel) = queue.popLast() else {
                lock.broadcast()
                lock.unlock()
                return out
            }
            busy += 1
            lock.unlock()
            let subdirs = list(dir, rel, into: &out)
            lock.lock()
            for d in subdirs where seenDirs.insert(d.id).inserted { queue.append((d.abs, d.rel)) }
            busy -= 1
            lock.broadcast()
            lock.unlock()
        }
    }

    /// Lists one folder: its Markdown files into `out`, its subfolders returned.
    private func list(_ dir: String, _ rel: String, into out: inout VaultScanner.Result) -> [(abs: String, rel: String, id: [UInt64])] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        let fd = dirfd(d)
        var subdirs: [(abs: String, rel: String, id: [UInt64])] = []
        while let e = readdir(d) {
            let type = e.pointee.d_type
            // Hidden entries and (when the type says so) files that are not Markdown are skipped
            // before any string is made or any stat is done.
            let (name, isMarkdown) = withUnsafePointer(to: &e.pointee.d_name) { p -> (String?, Bool) in
                let c = UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self)
                let md = Self.isMarkdownName(c)
                if c[0] == 0x2E || (type == UInt8(DT_REG) && !md) { return (nil, md) }
                return (String(cString: c), md)
            }
            guard let name else { continue }
            var st = stat()
            guard fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            var stamp = FileSystem.stamp(st)
            var mode = st.st_mode
            let relPath = rel.isEmpty ? name : rel + "/" + name
            if FileSystem.isLink(mode) {
                let abs = dir + "/" + name
                guard let target = FileSystem.realPath(abs) else {
                    out.skipped.append((relPath, "broken symlink"))
                    continue
                }
                guard target == realRoot || target.hasPrefix(realRoot + "/") else {
                    out.skipped.append((relPath, "symlink leaves the vault; not followed"))
                    continue
                }
                guard let resolved = FileSystem.statStamp(target) else { continue }
                (stamp, mode) = resolved
            }
            if FileSystem.isDir(mode) {
                if excluded.contains(relPath) { continue }
                subdirs.append((dir + "/" + name, relPath, [stamp.device, stamp.inode]))
            } else if FileSystem.isReg(mode), isMarkdown {
                out.files.append(ScannedFile(path: relPath, stamp: stamp))
            }
        }
        return subdirs
    }

    /// A name longer than `.md` that ends in `.md`, any case.
    private static func isMarkdownName(_ c: UnsafePointer<CChar>) -> Bool {
        let n = strlen(c)
        guard n > 3 else { return false }
        return c[n - 3] == 0x2E && (c[n - 2] | 0x20) == 0x6D && (c[n - 1] | 0x20) == 0x64
    }
}
