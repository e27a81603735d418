import Foundation

/// `delete` moves a file to `.trash/` in the vault, keeping its relative path, so it can be
/// restored to where it was.
public struct Trash: Sendable {
    public let vault: Vault
    public static let folder = ".trash"

    /// A reference to a trashed file as `delete` reported it (`.trash/a/b.md`) or as the trash
    /// lists it (`a/b.md`): the latter.
    public static func relative(_ reference: String) -> String {
        reference.hasPrefix(folder + "/") ? String(reference.dropFirst(folder.count + 1)) : reference
    }

    public init(vault: Vault) { self.vault = vault }

    /// Moves a task file into the trash; returns its path inside the trash folder.
    @discardableResult
    public func delete(_ relPath: String) throws -> String {
        let folder = Self.folder + ((relPath as NSString).deletingLastPathComponent.isEmpty
            ? "" : "/" + (relPath as NSString).deletingLastPathComponent)
        return try vault.move(relPath, toFolder: folder)
    }

    /// Files in the trash, as paths relative to the trash folder (= where they will be restored).
    public func list() -> [TodoTask] {
        let scan = VaultScanner(root: vault.absolute(Self.folder)).scan()
        return scan.files.compactMap { f in
            guard let bytes = try? FileSystem.readFile(vault.absolute(Self.folder + "/" + f.path)) else { return nil }
            if case .task(let t) = vault.format.read(path: f.path, bytes: bytes, zone: vault.clock.timeZone) { return t }
            var t = TodoTask(path: f.path, title: MarkdownTaskFormat.titleFromFilename(f.path))
            t.problems = ["not a task file"]
            return t
        }
    }

    /// Moves a trashed file back to its original place (a taken name gets `-2`…).
    public func restore(_ trashRelPath: String) throws -> String {
        let dir = (trashRelPath as NSString).deletingLastPathComponent
        let name = (trashRelPath as NSString).lastPathComponent
        try FileSystem.makeDirs(dir.isEmpty ? vault.root : vault.absolute(dir))
        return try FileSystem.firstFreeName(in: dir, { $0 == 1 ? name : Vault.suffixed(name, $0) }, for: name) {
            try FileSystem.moveNoClobber(vault.absolute(Self.folder + "/" + trashRelPath), vault.absolute($0))
        }
    }

    /// Deletes everything in the trash for good; returns how many files went.
    @discardableResult
    public func empty() throws -> Int {
        let count = VaultScanner(root: vault.absolute(Self.folder)).scan().files.count
        let path = vault.absolute(Self.folder)
        if FileManager.default.fileExists(atPath: path) {
            do { try FileManager.default.removeItem(atPath: path) } catch {
                throw TodoError.io(path: Self.folder, reason: "cannot empty the trash: \(error.localizedDescription)")
            }
        }
        return count
    }
}
