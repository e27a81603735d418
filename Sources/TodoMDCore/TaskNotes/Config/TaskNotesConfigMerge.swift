import Foundation

/// Combining configuration providers (tasknotes-spec §9.2.2, §9.5).
public enum TaskNotesConfigMerge {
    /// Per-top-level-key resolution: `providers` run from lowest to highest precedence; for
    /// each top-level key the highest provider that supplies it wins, and a winning object
    /// replaces lower ones whole (no deep merge, §9.2.2). Key order: first appearance.
    public static func mergeTopLevel(_ providers: [JSONValue]) -> JSONValue {
        var out: [(String, JSONValue)] = []
        for case .object(let members) in providers {
            for (key, value) in members {
                if let i = out.firstIndex(where: { $0.0 == key }) { out[i].1 = value } else { out.append((key, value)) }
            }
        }
        return .object(out)
    }

    /// The effective `spec_version` (§9.5): the provider's when it supplies a non-blank one,
    /// otherwise `target` (this implementation's spec version), marked as synthesized.
    public static func effectiveSpecVersion(provided: String?, target: String) -> (value: String, synthesized: Bool) {
        if let p = provided?.trimmingCharacters(in: .whitespaces), !p.isEmpty { return (p, false) }
        return (target, true)
    }

    /// Whether `version` is a semantic version with the same major version as `target`;
    /// strict mode rejects any other (§9.5).
    public static func isSupported(specVersion version: String, target: String) -> Bool {
        guard let a = semverMajor(version), let b = semverMajor(target) else { return false }
        return a == b
    }

    /// The major number of a `MAJOR.MINOR.PATCH[-pre][+build]` version; nil when malformed.
    public static func semverMajor(_ version: String) -> Int? {
        let core = version.split(separator: "+", maxSplits: 1).first.map(String.init) ?? ""
        let main = core.split(separator: "-", maxSplits: 1).first.map(String.init) ?? ""
        let parts = main.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        return Int(parts[0])
    }

    /// Provider availability policy (§9.2.3). In strict mode, unreadable providers or
    /// unresolved required keys (`spec_version`, `mapping`) are a configuration error; in
    /// permissive mode the built-in defaults are used and the returned warnings disclose that
    /// the effective configuration is partial or default-derived.
    public static func checkProviders(strict: Bool, providersReadable: Bool, hasRequiredKeys: Bool) throws -> [String] {
        var warnings: [String] = []
        if !providersReadable { warnings.append("no readable configuration provider; using built-in defaults") }
        if !hasRequiredKeys { warnings.append("required effective keys (spec_version, mapping) unresolved; using built-in defaults") }
        if strict, !warnings.isEmpty {
            throw TaskNotesConfigError(hasRequiredKeys ? "" : "spec_version",
                                       "configuration error in strict mode: " + warnings.joined(separator: "; "))
        }
        return warnings
    }
}
