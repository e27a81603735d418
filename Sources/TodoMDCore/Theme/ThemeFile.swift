import Foundation

/// `.theme.json` at the vault root: the app's look, `{"base": "ink", "overrides": {…}}` (spec
/// 000 "Custom App Theming"). The engine only checks the shape and keeps the document as
/// written: unknown keys, key order and values are the front end's (the web app resolves the
/// preset and applies the overrides).
public struct ThemeFile: Sendable {
    public static let fileName = ".theme.json"
    /// Larger files are refused (a theme is a few hundred bytes).
    public static let maxBytes = 64 * 1024
    /// The presets a `base` may name.
    public static let presets = ["classic", "focus", "minimal", "system", "ink", "dark_pro"]

    /// The document (an object), or nil when there is no file or it cannot be used.
    public var theme: JSONValue?
    /// The version of the file's bytes (send it back to save); nil when there is no file.
    public var version: String?
    /// Why the file cannot be used (the app falls back to Classic and says so).
    public var problem: String?

    /// Reads the vault's theme file.
    public static func load(root: String) -> ThemeFile {
        let path = root + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else { return ThemeFile() }
        do {
            let bytes = try FileSystem.readFile(path)
            let version = TaskVersion.of(fileBytes: bytes)
            do { return ThemeFile(theme: try parse(bytes), version: version) } catch let e as TodoError {
                return ThemeFile(theme: nil, version: version, problem: e.description)
            }
        } catch {
            return ThemeFile(problem: "\(fileName): \(error)")
        }
    }

    /// The document in `bytes`, checked.
    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        guard bytes.count <= maxBytes else { throw TodoError.malformed(path: fileName, reason: "larger than \(maxBytes / 1024) KB") }
        let value: JSONValue
        do { value = try JSONText.parse(bytes) } catch { throw TodoError.malformed(path: fileName, reason: "not valid JSON (\(error))") }
        try check(value)
        return value
    }

    /// Throws `.invalidArgument` unless `value` is a theme document: an object whose `base`, if
    /// any, names a preset and whose `overrides`, if any, is an object of objects.
    public static func check(_ value: JSONValue) throws {
        guard case .object(let members) = value else { throw TodoError.invalidArgument("a theme is a JSON object like {\"base\": \"classic\"}") }
        for (key, v) in members {
            switch (key, v) {
            case ("base", .string(let s)) where presets.contains(s): break
            case ("base", _): throw TodoError.invalidArgument("base must be one of " + presets.joined(separator: ", "))
            case ("overrides", .object(let groups)):
                for (name, g) in groups {
                    guard case .object = g else { throw TodoError.invalidArgument("overrides.\(name) must be an object") }
                }
            case ("overrides", _): throw TodoError.invalidArgument("overrides must be an object like {\"colors\": {\"accent\": \"#E85D3A\"}}")
            default: break
            }
        }
    }

    /// Writes `theme` (checked) as the vault's theme file; `expected` is the version the writer
    /// read (nil: whatever is there, or no file). Returns the file as written.
    @discardableResult
    public static func save(_ theme: JSONValue, expected: String?, root: String) throws -> ThemeFile {
        try check(theme)
        let bytes = Array((JSONText.pretty(theme) + "\n").utf8)
        guard bytes.count <= maxBytes else { throw TodoError.invalidArgument("a theme is at most \(maxBytes / 1024) KB") }
        let path = root + "/" + fileName
        if !FileManager.default.fileExists(atPath: path) {
            if expected != nil { throw TodoError.conflict(path: fileName, reason: "the theme file was removed since it was read") }
            if try FileSystem.atomicCreate(path, bytes: bytes) { return ThemeFile(theme: theme, version: TaskVersion.of(fileBytes: bytes)) }
        }
        let written = try FileSystem.replaceChecked(path, name: fileName, noun: "theme file") { current in
            if let expected, TaskVersion.of(fileBytes: current) != expected {
                throw TodoError.conflict(path: fileName, reason: "the theme changed since it was read; load it again")
            }
            return bytes
        }
        return ThemeFile(theme: theme, version: TaskVersion.of(fileBytes: written))
    }
}
