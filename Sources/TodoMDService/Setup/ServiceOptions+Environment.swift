import Foundation
import TodoMDCore

extension ServiceOptions {
    /// The options of a service opened from a command line: the vault `--vault` names (else
    /// `TODOMD_VAULT`, the config file, `~/todo.md`), "now" from `TODOMD_NOW` and `TZ` (pinned
    /// when `TODOMD_NOW` is set, else read on every call), the cache unless `--no-cache` or
    /// `TODOMD_NO_CACHE=1`, the date order of the locale (`LC_ALL`, `LC_TIME`, `LANG`) and
    /// warnings on stderr.
    public static func commandLine(vault flag: String?, noCache: Bool, longRunning: Bool,
                                   env: [String: String] = ProcessInfo.processInfo.environment) throws -> ServiceOptions {
        let clock = try Clock.fromEnvironment(env)
        let zone = clock.timeZone
        var source: @Sendable () -> Clock = { Clock(now: Date(), timeZone: zone) }
        if let pinned = env["TODOMD_NOW"], !pinned.isEmpty { source = { clock } }
        let (root, origin) = try VaultLocator.locateWithOrigin(flag: flag, env: env)
        var o = ServiceOptions(vaultRoot: root, clock: source)
        o.vaultOrigin = origin
        o.mayCreateVault = origin == .defaultPath || root == VaultLocator.defaultPath(env: env)
        o.useIndex = !(noCache || ["1", "true", "yes"].contains(env["TODOMD_NO_CACHE"]?.lowercased() ?? ""))
        o.longRunning = longRunning
        o.dateOrder = DateOrder.fromEnvironment(env)
        o.warn = { FileHandle.standardError.write(Data(("todomd: warning: " + $0 + "\n").utf8)) }
        return o
    }
}
