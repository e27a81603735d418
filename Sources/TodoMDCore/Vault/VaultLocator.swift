import Foundation

/// Finds the vault folder: `--vault`, else `TODOMD_VAULT`, else the config file
/// (`$XDG_CONFIG_HOME/todomd/config.json`, key `vault`), else `~/todo.md`.
public enum VaultLocator {
    /// Where the vault path came from: errors name it, and only the default is created by a write.
    public enum Origin: Sendable, Equatable, CustomStringConvertible {
        case flag, environment, config(String), defaultPath

        public var description: String {
            switch self {
            case .flag: return "--vault"
            case .environment: return "TODOMD_VAULT"
            case .config(let file): return "the config file \(file)"
            case .defaultPath: return "the default"
            }
        }
    }

    public static func locate(flag: String?, env: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        try locateWithOrigin(flag: flag, env: env).path
    }

    public static func locateWithOrigin(flag: String?, env: [String: String] = ProcessInfo.processInfo.environment) throws -> (path: String, origin: Origin) {
        if let f = flag, !f.isEmpty { return (absolute(f, env: env), .flag) }
        if let v = env["TODOMD_VAULT"], !v.isEmpty { return (absolute(v, env: env), .environment) }
        let config = configDir(env: env) + "/config.json"
        if let data = FileManager.default.contents(atPath: config) {
            guard let obj = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
                throw TodoError.malformed(path: config, reason: "not a JSON object")
            }
            if let v = obj["vault"] as? String, !v.isEmpty { return (absolute(v, env: env), .config(config)) }
        }
        return (defaultPath(env: env), .defaultPath)
    }

    /// `~/todo.md`.
    public static func defaultPath(env: [String: String] = ProcessInfo.processInfo.environment) -> String {
        absolute(home(env) + "/todo.md", env: env)
    }

    public static func configDir(env: [String: String]) -> String {
        if let x = env["XDG_CONFIG_HOME"], x.hasPrefix("/") { return x + "/todomd" }
        return home(env) + "/.config/todomd"
    }

    static func home(_ env: [String: String]) -> String {
        env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }

    static func absolute(_ p: String, env: [String: String]) -> String {
        var path = p
        if path == "~" { path = home(env) } else if path.hasPrefix("~/") { path = home(env) + path.dropFirst() }
        if !path.hasPrefix("/") { path = FileManager.default.currentDirectoryPath + "/" + path }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return (path as NSString).standardizingPath
    }
}
