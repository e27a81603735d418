import Foundation

extension Vault {
    /// Replaces a file's bytes (vault-relative `path`) through the engine's checked write: under
    /// the vault lock, refused with a conflict when the file is no longer what the caller read
    /// (`expected`: the fingerprint of the bytes it read), else swapped in atomically. Used where
    /// whole bytes are the edit: restoring a version, writing a merge.
    @discardableResult
    public func replaceFile(_ path: String, expected: UInt64, with bytes: [UInt8]) throws -> [UInt8] {
        try withLock {
            try FileSystem.replaceChecked(absolute(path), name: path) { current in
                guard Self.fingerprint(current) == expected else {
                    throw TodoError.conflict(path: path, reason: "the file changed since it was read; read it again")
                }
                return bytes
            }
        }
    }

    /// Runs `body` (a batch of writes, such as merging many sync-conflict copies) syncing each
    /// folder once at its end instead of after every rename.
    public func syncingFoldersOnce<T>(_ body: () throws -> T) rethrows -> T {
        try FileSystem.syncingFoldersOnce(body)
    }

    /// Creates a file that must not exist yet (vault-relative), atomically; false when it exists.
    public func createFile(_ path: String, bytes: [UInt8]) throws -> Bool {
        try withLock {
            try FileSystem.makeDirs((absolute(path) as NSString).deletingLastPathComponent)
            return try FileSystem.atomicCreate(absolute(path), bytes: bytes)
        }
    }
}
