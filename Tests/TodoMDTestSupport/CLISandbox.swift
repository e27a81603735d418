import Foundation

/// A fresh place to run the `todomd` executable: a temp folder with a vault in it, and an
/// environment that inherits nothing but PATH (home, cache, config inside the folder; UTC; a
/// fixed "now"). Keep the sandbox alive for the test: it deletes its folder when released.
public final class CLISandbox: @unchecked Sendable {
    public let dir = TempDir()
    public var vault: String { dir.path + "/vault" }
    public var env: [String: String]

    public init(now: String = "2026-11-24T10:00:00") {
        env = ["PATH": "/usr/bin:/bin", "HOME": dir.path + "/home", "XDG_CACHE_HOME": dir.path + "/cache",
               "XDG_CONFIG_HOME": dir.path + "/config", "TZ": "UTC", "TODOMD_NOW": now]
        try! FileManager.default.createDirectory(atPath: dir.path + "/vault", withIntermediateDirectories: true)
        env["TODOMD_VAULT"] = vault
    }
}
